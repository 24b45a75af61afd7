; RUN: loom-opt --target=csa -passes=csa-loop-spmdization -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: loom-opt --target=csa -passes=csa-loop-spmdization -csa-spmd-granule=1 -S %s 2>/dev/null | FileCheck %s --check-prefix=EXACT
; CSA-15: a loop between spmdization.entry(workers, chunk) and its exit
; becomes a worker function that runs its worker's chunks of the iteration
; space 0..trip count, and a call of the driver's __loom_parallel_map in the
; loop's place; values from outside, the worker count and the chunk travel
; in a context struct. The pass gives the loop Loom's parallel-loop form and
; lowers it with the SDK's parallelization-cleanup and lower-parallel-loops.
; The spmdization intrinsics stay for the cleaner.

declare i32 @llvm.csa.spmdization.entry(i32, i32)
declare void @llvm.csa.spmdization.exit(i32)

; Blocking (chunk 0): each worker one block of ceil(trip count / 2).
; CHECK-LABEL: define void @blocking(ptr %a, i64 %n, i32 %v)
; CHECK: %parallel.ctx = alloca { ptr, i32, i64, i64, i64, i64, i32, i64 }
; CHECK: %w = call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
; CHECK: store ptr %a, ptr
; CHECK: store i32 %v, ptr
; CHECK: call void @__loom_parallel_map(i32 2, ptr @blocking.parallel.0, ptr %parallel.ctx)
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: call void @llvm.csa.spmdization.exit(i32 %w)
; CHECK-NOT: loop:
; CHECK: ret void
define void @blocking(ptr %a, i64 %n, i32 %v) {
entry:
  %w = call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 %v, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.spmdization.exit(i32 %w)
  ret void
}

; Cyclic (chunk 1) on an induction starting at 10 with step 3.
; CHECK-LABEL: define void @cyclic_step_3(
; CHECK: call void @__loom_parallel_map(i32 4, ptr @cyclic_step_3.parallel.1, ptr %parallel.ctx)
define void @cyclic_step_3(ptr %a, i64 %n) {
entry:
  %w = call i32 @llvm.csa.spmdization.entry(i32 4, i32 1)
  br label %loop
loop:
  %i = phi i64 [ 10, %entry ], [ %i.next, %loop ]
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr i64, ptr %a, i64 %k
  store i64 %i, ptr %p
  %i.next = add i64 %i, 3
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.spmdization.exit(i32 %w)
  ret void
}

; A value computed in the loop is used after it: the loop stays.
; WARN: warning: parallel loop runs serially (in function 'live_out'): a value it computes is used after it
; CHECK-LABEL: define i64 @live_out(
; CHECK-NOT: __loom_parallel_map
; CHECK: ret i64
define i64 @live_out(ptr %a, i64 %n) {
entry:
  %w = call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %i, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %last = phi i64 [ %i, %loop ]
  call void @llvm.csa.spmdization.exit(i32 %w)
  ret i64 %last
}

; The blocking worker: block = (trip count + 1) / 2, first = worker * block,
; stride 2 * block; each chunk runs [start, min(start + block, trip count))
; with the induction restarted at start + chunk start * step.
; CHECK-LABEL: define internal void @blocking.parallel.0(ptr %ctx, i32 %worker)
; CHECK: %trip.count = load i64
; CHECK: %[[ROUND:.+]] = add i64 %trip.count, 1
; CHECK: %block = udiv i64 %[[ROUND]], 2
; CHECK: %first = mul i64 %{{.+}}, %block
; CHECK: %stride = mul i64 2, %block
; CHECK: chunk.cond:
; CHECK: %chunk.start = phi i64 [ %first, %entry ], [ %{{.+}}, %chunk.latch ]
; CHECK: icmp ult i64 %chunk.start, %trip.count
; CHECK: chunk.body:
; CHECK: %chunk.end = call i64 @llvm.umin.i64(i64 %{{.+}}, i64 %trip.count)
; CHECK: loop:
; CHECK: %iteration = phi i64 [ %chunk.start, %chunk.body ], [ %iteration.next, %loop ]
; CHECK: store i32 %v, ptr
; CHECK: %iteration.next = add i64 %iteration, 1
; CHECK: %[[LAST:.+]] = icmp eq i64 %iteration.next, %chunk.end
; CHECK: br i1 %[[LAST]], label %chunk.latch, label %loop

; The cyclic worker: on the host, chunks of 1 rounded up to the granule
; of 64 iterations, dealt round-robin to 4 workers (stride 256); with a
; granule of 1, chunks of exactly 1 iteration (stride 4).
; CHECK-LABEL: define internal void @cyclic_step_3.parallel.1(ptr %ctx, i32 %worker)
; CHECK: %first = mul i64 %{{.+}}, 64
; EXACT-LABEL: define internal void @cyclic_step_3.parallel.1(ptr %ctx, i32 %worker)
; EXACT: %first = mul i64 %{{.+}}, 1
; EXACT: chunk.latch:
; EXACT-NEXT: add i64 %chunk.start, 4
; CHECK: chunk.body:
; CHECK: %[[OFF:.+]] = mul i64 %chunk.start, %i.step
; CHECK: %[[START:.+]] = add i64 %i.start, %[[OFF]]
; CHECK: chunk.latch:
; CHECK-NEXT: add i64 %chunk.start, 256
; CHECK: %i = phi i64 [ %[[START]], %chunk.body ]
