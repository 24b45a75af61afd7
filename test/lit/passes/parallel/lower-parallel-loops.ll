; RUN: loom-opt -passes=lower-parallel-loops -S %s 2>%t.warnings | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.warnings
; RUN: loom-opt -passes='lower-parallel-loops<granule=1>' -S %s 2>/dev/null | FileCheck %s --check-prefix=EXACT
; RUN: not loom-opt -passes='lower-parallel-loops<granule=some>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; lower-parallel-loops moves each parallel loop into a worker function that
; runs its worker's chunks of the iteration space, and calls the driver's
; __loom_parallel_map in the loop's place; the region and the loop's mark
; go. What it cannot split yet runs serially, with a warning.

declare token @llvm.loom.parallel.region.entry(i32, i64)
declare void @llvm.loom.parallel.region.exit(token)
declare i32 @llvm.loom.parallel.worker(token)
declare i32 @llvm.loom.parallel.workers(token)

; Two workers, one block each.
; CHECK-LABEL: define void @blocks(ptr %out, ptr %in, i64 %n)
; CHECK: %parallel.ctx = alloca { ptr, ptr, i64, i64, i64, i64, i32, i64 }
; CHECK-NOT: llvm.loom.parallel
; CHECK: store i32 2, ptr
; CHECK: store i64 0, ptr
; CHECK: call void @__loom_parallel_map(i32 2, ptr @blocks.parallel.0, ptr %parallel.ctx)
; CHECK-NEXT: br label %exit
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
define void @blocks(ptr %out, ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !0
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4, !llvm.access.group !1
  %y = fmul float %x, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float %y, ptr %q, align 4, !llvm.access.group !1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; Cyclic on 4 workers: chunks of 1 rounded up to the granule.
; CHECK-LABEL: define void @cyclic(
; CHECK: call void @__loom_parallel_map(i32 4, ptr @cyclic.parallel.1, ptr %parallel.ctx)
define void @cyclic(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 4, i64 1), !loom.parallel.region !5
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %i, ptr %q, align 8, !llvm.access.group !6
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !7
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; Worker count and chunk known only at run time, 0 workers meaning as many
; as the driver has: both travel in the context.
; CHECK-LABEL: define void @runtime(ptr %out, i64 %n, i32 %workers, i64 %chunk)
; CHECK: %driver.workers = call i32 @__loom_parallel_workers()
; CHECK: %[[NONE:.+]] = icmp eq i32 %workers, 0
; CHECK: %[[COUNT:.+]] = select i1 %[[NONE]], i32 %driver.workers, i32 %workers
; CHECK: store i32 %[[COUNT]], ptr
; CHECK: store i64 %chunk, ptr
; CHECK: call void @__loom_parallel_map(i32 %[[COUNT]], ptr @runtime.parallel.2, ptr %parallel.ctx)
define void @runtime(ptr %out, i64 %n, i32 %workers, i64 %chunk) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 %workers, i64 %chunk), !loom.parallel.region !10
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %i, ptr %q, align 8, !llvm.access.group !11
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !12
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; 0 workers: the driver's count.
; CHECK-LABEL: define void @all_workers(
; CHECK: %driver.workers = call i32 @__loom_parallel_workers()
; CHECK: call void @__loom_parallel_map(i32 %driver.workers, ptr @all_workers.parallel.3, ptr %parallel.ctx)
define void @all_workers(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !15
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %i, ptr %q, align 8, !llvm.access.group !16
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !17
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A loop that writes which worker ran each iteration: the schedule is
; visible, so chunks of 1 stay 1 whatever the granule.
; CHECK-LABEL: define void @who_ran(
; CHECK: call void @__loom_parallel_map(i32 3, ptr @who_ran.parallel.4, ptr %parallel.ctx)
define void @who_ran(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 3, i64 1), !loom.parallel.region !20
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %w = call i32 @llvm.loom.parallel.worker(token %r)
  %ws = call i32 @llvm.loom.parallel.workers(token %r)
  %both = mul i32 %w, %ws
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %both, ptr %q, align 4, !llvm.access.group !21
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !22
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A declared sum and maximum: each worker keeps its own from the identity
; over all its chunks and leaves it at its index of an array on the
; caller's stack; the caller combines them, in worker order, into the start
; values, and the exit's phis take the results.
; CHECK-LABEL: define i32 @sum_and_max(
; CHECK: %[[TOP:.+]] = call ptr @llvm.stacksave()
; CHECK: %s.partials = alloca i32, i32 2
; CHECK: %m.partials = alloca i32, i32 2
; CHECK: store ptr %s.partials, ptr
; CHECK: store ptr %m.partials, ptr
; CHECK: call void @__loom_parallel_map(i32 2, ptr @sum_and_max.parallel.5, ptr %parallel.ctx)
; CHECK: exit:
; CHECK-NEXT: %total = phi i32 [ 0, %guard ], [ %[[SUM:.+]], %combined ]
; CHECK-NEXT: %largest = phi i32 [ -7, %guard ], [ %[[MAX:.+]], %combined ]
; CHECK: combine:
; CHECK-NEXT: %partial = phi i32 [ 0, %entry ], [ %[[NEXT:.+]], %combine ]
; CHECK-NEXT: %s.combined = phi i32 [ 10, %entry ], [ %[[ADD:.+]], %combine ]
; CHECK-NEXT: %m.combined = phi i32 [ -7, %entry ], [ %[[BIGGER:.+]], %combine ]
; CHECK: %[[ADD]] = add i32 %s.combined, %partial.value
; CHECK: %[[GREATER:.+]] = icmp sgt i32 %m.combined, %partial.value1
; CHECK-NEXT: %[[BIGGER]] = select i1 %[[GREATER]], i32 %m.combined, i32 %partial.value1
; CHECK: %[[NEXT]] = add i32 %partial, 1
; CHECK: icmp ult i32 %[[NEXT]], 2
; CHECK: combined:
; CHECK-NEXT: %[[SUM]] = phi i32 [ %[[ADD]], %combine ]
; CHECK-NEXT: %[[MAX]] = phi i32 [ %[[BIGGER]], %combine ]
; CHECK-NEXT: call void @llvm.stackrestore(ptr %[[TOP]])
; CHECK-NEXT: br label %exit
define i32 @sum_and_max(ptr %in, i64 %n, i1 %skip) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !25
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 10, %entry ], [ %s.next, %loop ]
  %m = phi i32 [ -7, %entry ], [ %m.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !26
  %s.next = add i32 %s, %x
  %m.next = call i32 @llvm.smax.i32(i32 %m, i32 %x)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !27
guard:
  br label %exit
exit:
  %total = phi i32 [ 0, %guard ], [ %s.next, %loop ]
  %largest = phi i32 [ -7, %guard ], [ %m.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret i32 %total
}

declare i32 @llvm.smax.i32(i32, i32)

; An undeclared reduction: serial.
; CHECK-LABEL: define i32 @undeclared(
; CHECK-NOT: __loom_parallel_map
; CHECK: ret i32
; WARN: warning: parallel loop runs serially (in function 'undeclared'): header phi 's' is neither an affine recurrence nor a declared reduction
define i32 @undeclared(ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !35
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !36
  %s.next = add i32 %s, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !37
exit:
  %sum = phi i32 [ %s.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret i32 %sum
}

; A stack slot used only in the loop is private to each iteration: each
; worker gets its own, instead of sharing the caller's.
; CHECK-LABEL: define void @private_slot(
; CHECK: %parallel.ctx = alloca { ptr, i64, i64, i64, i64, i32, i64 }
; CHECK: call void @__loom_parallel_map(i32 2, ptr @private_slot.parallel.6, ptr %parallel.ctx)
define void @private_slot(ptr %out, i64 %n) {
entry:
  %tmp = alloca [4 x i32], align 4
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !45
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %t = trunc i64 %i to i32
  %e = getelementptr inbounds [4 x i32], ptr %tmp, i64 0, i64 1
  store i32 %t, ptr %e, align 4
  %v = load i32, ptr %e, align 4
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %q, align 4, !llvm.access.group !46
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !47
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A stack slot the region shares (llvm.loom.parallel.shared), updated under
; a lock: every worker reaches the caller's slot through the context, and
; the mark goes with the region.
; CHECK-LABEL: define i32 @shared_slot(
; CHECK: %largest = alloca i32, align 4
; CHECK-NOT: llvm.loom.parallel
; CHECK: store ptr %largest, ptr
; CHECK: call void @__loom_parallel_map(i32 2, ptr @shared_slot.parallel.{{[0-9]+}}, ptr %parallel.ctx)
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret i32
declare void @lock()
declare void @unlock()
declare void @llvm.loom.parallel.shared(token, ptr)
define i32 @shared_slot(ptr %in, i64 %n) {
entry:
  %largest = alloca i32, align 4
  store i32 -1, ptr %largest, align 4
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !50
  call void @llvm.loom.parallel.shared(token %r, ptr %largest)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !51
  call void @lock(), !llvm.access.group !51
  %old = load i32, ptr %largest, align 4, !llvm.access.group !51
  %new = call i32 @llvm.smax.i32(i32 %old, i32 %x)
  store i32 %new, ptr %largest, align 4, !llvm.access.group !51
  call void @unlock(), !llvm.access.group !51
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !52
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  %result = load i32, ptr %largest, align 4
  ret i32 %result
}

; A dynamic schedule (loom.parallel.schedule): the context holds a counter
; of the iterations taken, from 0, and each worker adds its chunk to it
; (chunk 3 rounded up to the granule, as far as a quarter of a worker's
; share) and runs the iterations before, until none is left. Guided: the
; chunk is a share of those left, at least the region's.
; CHECK-LABEL: define void @dynamic(
; CHECK: %parallel.ctx = alloca { ptr, i64, i64, i64, i64, i32, i64, i64 }
; CHECK: store i64 0, ptr
; CHECK: call void @__loom_parallel_map(i32 2, ptr @dynamic.parallel.{{[0-9]+}}, ptr %parallel.ctx)
; CHECK-LABEL: define void @guided(
; CHECK: call void @__loom_parallel_map(i32 4, ptr @guided.parallel.{{[0-9]+}}, ptr %parallel.ctx)
define void @dynamic(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 3), !loom.parallel.region !55
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %i, ptr %q, align 8, !llvm.access.group !56
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !57
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

define void @guided(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 4, i64 1), !loom.parallel.region !61
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %i, ptr %q, align 8, !llvm.access.group !62
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !63
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A loop the form keeps rolled (loom.parallel.rolled): its workers' copy
; may unroll again, its other properties kept.
; CHECK-LABEL: define void @rolled(
; CHECK: call void @__loom_parallel_map(i32 2, ptr @rolled.parallel.{{[0-9]+}}, ptr %parallel.ctx)
define void @rolled(ptr %out) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !67
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %i, ptr %q, align 8, !llvm.access.group !68
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, 4
  br i1 %done, label %exit, label %loop, !llvm.loop !69
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A call of a function the module defines, which may use the work-item
; state a worker thread does not have.
; CHECK-LABEL: define void @calls_helper(
; CHECK-NOT: __loom_parallel_map
; CHECK: call void @helper(
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'calls_helper'): it calls a function that may need work-item state
define void @helper(ptr %q) {
  store i32 1, ptr %q, align 4
  ret void
}

define void @calls_helper(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !30
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  call void @helper(ptr %q), !llvm.access.group !31
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !32
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; The workers, after the functions. The blocking one: block = (trip count +
; 1) / 2, first = worker * block, stride 2 * block; each chunk runs [start,
; min(start + block, trip count)) with the induction restarted at its value
; for the chunk's start.
; CHECK-LABEL: define internal void @blocks.parallel.0(ptr %ctx, i32 %worker)
; CHECK: %trip.count = load i64
; CHECK: %[[ROUND:.+]] = add i64 %trip.count, 1
; CHECK: %block = udiv i64 %[[ROUND]], 2
; CHECK: %first = mul i64 %{{.+}}, %block
; CHECK: %stride = mul i64 2, %block
; CHECK: chunk.cond:
; CHECK: %chunk.start = phi i64 [ %first, %entry ], [ %{{.+}}, %chunk.latch ]
; CHECK: chunk.body:
; CHECK: %chunk.end = call i64 @llvm.umin.i64(i64 %{{.+}}, i64 %trip.count)
; CHECK: %[[OFF:.+]] = mul i64 %chunk.start, %i.step
; CHECK: %[[START:.+]] = add i64 %i.start, %[[OFF]]
; CHECK: loop:
; CHECK-NEXT: %i = phi i64 [ %[[START]], %chunk.body ], [ %i.next, %loop ]
; CHECK-NEXT: %iteration = phi i64 [ %chunk.start, %chunk.body ], [ %iteration.next, %loop ]
; CHECK: store float %y, ptr %q, align 4, !llvm.access.group
; CHECK: %iteration.next = add i64 %iteration, 1
; CHECK: %[[LAST:.+]] = icmp eq i64 %iteration.next, %chunk.end
; CHECK: br i1 %[[LAST]], label %chunk.latch, label %loop

; Cyclic: chunks of 64 on the host by default, of 1 with granule=1.
; CHECK-LABEL: define internal void @cyclic.parallel.1(ptr %ctx, i32 %worker)
; CHECK: %first = mul i64 %{{.+}}, 64
; CHECK: chunk.latch:
; CHECK-NEXT: add i64 %chunk.start, 256
; EXACT-LABEL: define internal void @cyclic.parallel.1(ptr %ctx, i32 %worker)
; EXACT: %first = mul i64 %{{.+}}, 1
; EXACT: chunk.latch:
; EXACT-NEXT: add i64 %chunk.start, 4

; A chunk known at run time: 0 means blocks, anything else is rounded up.
; CHECK-LABEL: define internal void @runtime.parallel.2(ptr %ctx, i32 %worker)
; CHECK: %workers = load i32
; CHECK: %chunk = load i64
; CHECK: %[[ISZERO:.+]] = icmp eq i64 %chunk, 0
; CHECK: %chunk.size = select i1 %[[ISZERO]], i64 %block, i64 %{{.+}}

; Queries become the worker's index and the count; chunks stay 1.
; CHECK-LABEL: define internal void @who_ran.parallel.4(ptr %ctx, i32 %worker)
; CHECK: %first = mul i64 %{{.+}}, 1
; CHECK: %both = mul i32 %worker, 3
; CHECK-NOT: llvm.loom.parallel

; The reductions' worker: accumulators from the identities (0 for the sum,
; INT_MIN for the maximum) across the chunks, stored at the worker's index.
; CHECK-LABEL: define internal void @sum_and_max.parallel.5(ptr %ctx, i32 %worker)
; CHECK: chunk.cond:
; CHECK: %s.worker = phi i32 [ 0, %entry ], [ %s.next, %chunk.latch ]
; CHECK-NEXT: %m.worker = phi i32 [ -2147483648, %entry ], [ %m.next, %chunk.latch ]
; CHECK: done:
; CHECK-NEXT: %[[SLOT:.+]] = getelementptr i32, ptr %partials, i32 %worker
; CHECK-NEXT: store i32 %s.worker, ptr %[[SLOT]]
; CHECK-NEXT: %[[SLOT2:.+]] = getelementptr i32, ptr %partials{{[0-9]+}}, i32 %worker
; CHECK-NEXT: store i32 %m.worker, ptr %[[SLOT2]]
; CHECK: loop:
; CHECK: %s = phi i32 [ %s.worker, %chunk.body ], [ %s.next, %loop ]
; CHECK-NEXT: %m = phi i32 [ %m.worker, %chunk.body ], [ %m.next, %loop ]

; CHECK-LABEL: define internal void @private_slot.parallel.6(ptr %ctx, i32 %worker)
; CHECK-NEXT: entry:
; CHECK-NEXT: %tmp = alloca [4 x i32], align 4
; CHECK: getelementptr inbounds [4 x i32], ptr %tmp, i64 0, i64 1

; BAD: lower-parallel-loops: granule must be a number of iterations (0: never), not 'some'

!0 = distinct !{!"loom.parallel.region"}
!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"loom.parallel.loop", !0}
!5 = distinct !{!"loom.parallel.region"}
!6 = distinct !{}
!7 = distinct !{!7, !8, !9}
!8 = !{!"llvm.loop.parallel_accesses", !6}
!9 = !{!"loom.parallel.loop", !5}
!10 = distinct !{!"loom.parallel.region"}
!11 = distinct !{}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = !{!"loom.parallel.loop", !10}
!15 = distinct !{!"loom.parallel.region"}
!16 = distinct !{}
!17 = distinct !{!17, !18, !19}
!18 = !{!"llvm.loop.parallel_accesses", !16}
!19 = !{!"loom.parallel.loop", !15}
!20 = distinct !{!"loom.parallel.region"}
!21 = distinct !{}
!22 = distinct !{!22, !23, !24}
!23 = !{!"llvm.loop.parallel_accesses", !21}
!24 = !{!"loom.parallel.loop", !20}
!25 = distinct !{!"loom.parallel.region"}
!26 = distinct !{}
!27 = distinct !{!27, !28, !29, !40}
!28 = !{!"llvm.loop.parallel_accesses", !26}
!29 = !{!"loom.parallel.loop", !25}
!40 = !{!"loom.parallel.reductions", !"add", !"smax"}
!35 = distinct !{!"loom.parallel.region"}
!36 = distinct !{}
!37 = distinct !{!37, !38, !39}
!38 = !{!"llvm.loop.parallel_accesses", !36}
!39 = !{!"loom.parallel.loop", !35}
!30 = distinct !{!"loom.parallel.region"}
!31 = distinct !{}
!32 = distinct !{!32, !33, !34}
!33 = !{!"llvm.loop.parallel_accesses", !31}
!34 = !{!"loom.parallel.loop", !30}
!45 = distinct !{!"loom.parallel.region"}
!46 = distinct !{}
!47 = distinct !{!47, !48, !49}
!48 = !{!"llvm.loop.parallel_accesses", !46}
!49 = !{!"loom.parallel.loop", !45}
!50 = distinct !{!"loom.parallel.region"}
!51 = distinct !{}
!52 = distinct !{!52, !53, !54}
!53 = !{!"llvm.loop.parallel_accesses", !51}
!54 = !{!"loom.parallel.loop", !50}
!55 = distinct !{!"loom.parallel.region"}
!56 = distinct !{}
!57 = distinct !{!57, !58, !59, !60}
!58 = !{!"llvm.loop.parallel_accesses", !56}
!59 = !{!"loom.parallel.loop", !55}
!60 = !{!"loom.parallel.schedule", !"dynamic"}
!61 = distinct !{!"loom.parallel.region"}
!62 = distinct !{}
!63 = distinct !{!63, !64, !65, !66}
!64 = !{!"llvm.loop.parallel_accesses", !62}
!65 = !{!"loom.parallel.loop", !61}
!66 = !{!"loom.parallel.schedule", !"guided"}

; The worker functions of @dynamic and @guided, after every caller.
; CHECK-LABEL: define internal void @dynamic.parallel.{{[0-9]+}}(
; CHECK: %[[QUARTER:.+]] = udiv i64 %trip.count, 8
; CHECK: %[[ROUNDED:.+]] = call i64 @llvm.umin.i64(i64 64, i64 %[[QUARTER]])
; CHECK: %chunk.size = call i64 @llvm.umax.i64(i64 3, i64 %[[ROUNDED]])
; CHECK: %taken = getelementptr inbounds { ptr, i64, i64, i64, i64, i32, i64, i64 }, ptr %ctx, i32 0, i32 7
; CHECK: chunk.cond:
; CHECK: %chunk.start = atomicrmw add ptr %taken, i64 %chunk.size monotonic, align 8
; CHECK: icmp ult i64 %chunk.start, %trip.count
; CHECK: chunk.body:
; CHECK: add i64 %chunk.start, %chunk.size
; CHECK-LABEL: define internal void @guided.parallel.{{[0-9]+}}(
; CHECK: chunk.cond:
; CHECK: %taken.before = load atomic i64, ptr %taken monotonic, align 8
; CHECK: %[[USED:.+]] = call i64 @llvm.umin.i64(i64 %taken.before, i64 %trip.count)
; CHECK: %[[LEFT:.+]] = sub i64 %trip.count, %[[USED]]
; CHECK: %guided.share = udiv i64 %[[LEFT]], 8
; CHECK: %[[SIZE:.+]] = call i64 @llvm.umax.i64(i64 %guided.share, i64 %chunk.size)
; CHECK: %chunk.start = atomicrmw add ptr %taken, i64 %[[SIZE]] monotonic, align 8
; With a granule of 1, the chunk stays as written.
; EXACT-LABEL: define internal void @dynamic.parallel.{{[0-9]+}}(
; EXACT: %chunk.size = call i64 @llvm.umax.i64(i64 3, i64 %{{.+}})
!67 = distinct !{!"loom.parallel.region"}
!68 = distinct !{}
!69 = distinct !{!69, !70, !71, !72, !73, !74}
!70 = !{!"llvm.loop.parallel_accesses", !68}
!71 = !{!"loom.parallel.loop", !67}
!72 = !{!"llvm.loop.unroll.disable"}
!73 = !{!"loom.parallel.rolled"}
!74 = !{!"llvm.loop.vectorize.enable", i1 true}

; The worker function of @rolled: its loop without the form's unroll
; property.
; CHECK-LABEL: define internal void @rolled.parallel.{{[0-9]+}}(
; CHECK: br i1 %{{.+}}, label %chunk.latch, label %loop, !llvm.loop ![[ROLLED_WORKER:[0-9]+]]
; CHECK-DAG: ![[ROLLED_WORKER]] = distinct !{![[ROLLED_WORKER]], ![[ROLLED_ACCESSES:[0-9]+]], ![[ROLLED_MARK:[0-9]+]], ![[VECTORIZE:[0-9]+]]}
; CHECK-DAG: ![[VECTORIZE]] = !{!"llvm.loop.vectorize.enable", i1 true}
