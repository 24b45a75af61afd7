; RUN: loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s | FileCheck %s
; CSA-7: every user loop marker in a function is removed, used or not: one
; before a loop, one with no loop after it.

declare void @llvm.csa.parallel.loop()
declare void @llvm.csa.pipeline.loop(i32)

; CHECK-LABEL: define void @used_and_unused(
; CHECK-NOT: call void @llvm.csa.parallel.loop()
; CHECK-NOT: call void @llvm.csa.pipeline.loop(
; CHECK: call i32 @llvm.csa.parallel.region.entry
; CHECK-NOT: call void @llvm.csa.parallel.loop()
; CHECK-NOT: call void @llvm.csa.pipeline.loop(
; CHECK: ret void
define void @used_and_unused(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.parallel.loop()
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.pipeline.loop(i32 0)
  ret void
}
