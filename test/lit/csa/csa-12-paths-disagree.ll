; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; CSA-12: st2 after st1 is kept on the path entry->C (no section boundary)
; and dropped on entry->B->C (B closes the section and opens another), with
; the same (empty) set of backedges: an error, and full ordering.

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; CHECK-LABEL: CSA memory ordering for function 'paths_disagree':
; CHECK-NEXT: error: the ordering of 'store i32 2, ptr %st2, align 4' after 'store i32 1, ptr %st1, align 4' around {} is dropped on one path and kept on another
; CHECK-NEXT: full ordering kept
; CHECK-NEXT: 'store i32 2, ptr %st2, align 4' after 'store i32 1, ptr %st1, align 4' around {}: kept
define void @paths_disagree(i1 %c, ptr %st1, ptr %st2) {
entry:
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  %s = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  store i32 1, ptr %st1
  br i1 %c, label %B, label %C
B:
  call void @llvm.csa.parallel.section.exit(i32 %s)
  %s2 = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  br label %C
C:
  %sp = phi i32 [ %s, %entry ], [ %s2, %B ]
  store i32 2, ptr %st2
  call void @llvm.csa.parallel.section.exit(i32 %sp)
  call void @llvm.csa.parallel.region.exit(i32 %r)
  ret void
}
