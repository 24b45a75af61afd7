; RUN: loom-opt --target=csa -passes=csa-loop-spmdization -S %s | FileCheck %s
; CSA-19: full unrolling removed the middle loop but left its
; spmdization.entry/exit, in the block that is also the last loop's
; preheader. Each loop is paired with its own entry through the exit's
; operand, not by position: the last loop gets 3 workers (its own entry),
; not the 5 of the entry that stands first in its preheader; the orphaned
; pair is left for the cleaner.

declare i32 @llvm.csa.spmdization.entry(i32, i32)
declare void @llvm.csa.spmdization.exit(i32)

; CHECK-LABEL: define void @three_markers_two_loops(
; CHECK: call void @__loom_parallel_map(i32 2, ptr @three_markers_two_loops.parallel.0
; CHECK: %unrolled = call i32 @llvm.csa.spmdization.entry(i32 5, i32 0)
; CHECK: call void @llvm.csa.spmdization.exit(i32 %unrolled)
; CHECK: %last = call i32 @llvm.csa.spmdization.entry(i32 3, i32 0)
; CHECK: call void @__loom_parallel_map(i32 3, ptr @three_markers_two_loops.parallel.1
; CHECK: call void @llvm.csa.spmdization.exit(i32 %last)
define void @three_markers_two_loops(ptr %a, ptr %b, i64 %n) {
entry:
  %first = call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
  br label %loop1
loop1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop1 ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %d1 = icmp eq i64 %i.next, %n
  br i1 %d1, label %between, label %loop1
between:
  call void @llvm.csa.spmdization.exit(i32 %first)
  %unrolled = call i32 @llvm.csa.spmdization.entry(i32 5, i32 0)
  store i32 7, ptr %b
  call void @llvm.csa.spmdization.exit(i32 %unrolled)
  %last = call i32 @llvm.csa.spmdization.entry(i32 3, i32 0)
  br label %loop2
loop2:
  %j = phi i64 [ 0, %between ], [ %j.next, %loop2 ]
  %q = getelementptr i32, ptr %b, i64 %j
  store i32 2, ptr %q
  %j.next = add i64 %j, 1
  %d2 = icmp eq i64 %j.next, %n
  br i1 %d2, label %exit, label %loop2
exit:
  call void @llvm.csa.spmdization.exit(i32 %last)
  ret void
}
