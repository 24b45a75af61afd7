; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; CSA-11 for sections: C joins the section opened in the entry block with
; the one opened in B, closes it and opens %s3; D closes %s3; E is in a
; section on the path through C alone and not on the path through D: an
; error.

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; CHECK-LABEL: CSA memory ordering for function 'section_on_one_path':
; CHECK-NEXT: error: block 'E' is inside region 0 (or one of its sections) on one path and not on another
; CHECK: full ordering kept
define void @section_on_one_path(i1 %c1, i1 %c2, ptr %x) {
entry:
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  %s1 = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  br i1 %c1, label %B, label %C
B:
  call void @llvm.csa.parallel.section.exit(i32 %s1)
  %s2 = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  br label %C
C:
  %s = phi i32 [ %s1, %entry ], [ %s2, %B ]
  call void @llvm.csa.parallel.section.exit(i32 %s)
  %s3 = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  br i1 %c2, label %D, label %E
D:
  call void @llvm.csa.parallel.section.exit(i32 %s3)
  br label %E
E:
  store i32 1, ptr %x
  ret void
}
