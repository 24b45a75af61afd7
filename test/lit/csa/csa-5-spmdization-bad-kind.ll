; RUN: not loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s 2>&1 | FileCheck %s
; CSA-5: an spmdization kind other than blocking, cyclic or hybrid is an
; error that names it.

; CHECK: error: unknown spmdization kind 'dynamic': expected "blocking", "cyclic" or "hybrid"

@dynamic = private unnamed_addr constant [8 x i8] c"dynamic\00"

declare void @llvm.csa.spmdization(i32, ptr)

define void @unknown_kind(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.spmdization(i32 2, ptr @dynamic)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
