; RUN: loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s | FileCheck %s
; CSA-6: pipeline_loop gives only pipeline.loop.entry(depth) / exit around
; the loop: no region, no section.

declare void @llvm.csa.pipeline.loop(i32)

; CHECK-LABEL: define i32 @reduction(
; CHECK: entry:
; CHECK-NEXT: %[[P:.+]] = call i32 @llvm.csa.pipeline.loop.entry(i32 4)
; CHECK-NEXT: br label %loop
; CHECK-NOT: llvm.csa.parallel
; CHECK: exit:
; CHECK-NEXT: call void @llvm.csa.pipeline.loop.exit(i32 %[[P]])
define i32 @reduction(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.pipeline.loop(i32 4)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %sum.next = add i32 %sum, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %sum.next
}
