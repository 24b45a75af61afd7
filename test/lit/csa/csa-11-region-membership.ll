; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; CSA-11: every point before D is inside region 0 (C only until its exit);
; D is inside on the path through B and outside on the path through C: an
; error, and full ordering.

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)

; CHECK-LABEL: CSA memory ordering for function 'exit_on_one_path':
; CHECK-NEXT: error: block 'D' is inside region 0 (or one of its sections) on one path and not on another
; CHECK-NEXT: full ordering kept
define void @exit_on_one_path(i1 %c, ptr %x) {
entry:
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  br i1 %c, label %B, label %C
B:
  store i32 1, ptr %x
  br label %D
C:
  call void @llvm.csa.parallel.region.exit(i32 %r)
  br label %D
D:
  store i32 2, ptr %x
  ret void
}
