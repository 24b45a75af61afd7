; RUN: loom-opt -passes=parallelization-cleanup -S %s 2>%t.warnings | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.warnings

; parallelization-cleanup keeps a region whose loop is still what its marks
; say, and makes every other one serial, saying why: the entry, exits and
; loop marks go, worker queries become 0 and 1, and LLVM's own access
; groups stay.

declare void @barrier() convergent
declare void @opaque(ptr)

; A loop whose every access is in its access group: kept.
; CHECK-LABEL: define void @valid(
; CHECK: %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region ![[R0:[0-9]+]]
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop ![[L0:[0-9]+]]
; CHECK: call void @llvm.loom.parallel.region.exit(token %r)
define void @valid(ptr %out, ptr %in, i64 %n) {
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

; A declared sum, used after the loop, and a stack slot used only inside
; it (private to an iteration, outside any access group): kept.
; CHECK-LABEL: define i32 @declared_sum(
; CHECK: call token @llvm.loom.parallel.region.entry(i32 0, i64 1)
; CHECK: !llvm.loop ![[L1:[0-9]+]]
; CHECK: call void @llvm.loom.parallel.region.exit
define i32 @declared_sum(ptr %in, i64 %n) {
entry:
  %t = alloca i32, align 4
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 1), !loom.parallel.region !5
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !6
  store i32 %x, ptr %t, align 4
  %x2 = load i32, ptr %t, align 4
  %s.next = add i32 %s, %x2
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !7
exit:
  %sum = phi i32 [ %s.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret i32 %sum
}

; The same sum without the declaration: a dependence between iterations.
; CHECK-LABEL: define i32 @undeclared_sum(
; CHECK-NOT: llvm.loom.parallel
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop ![[L2:[0-9]+]]
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret i32
; WARN: warning: parallel loop runs serially (in function 'undeclared_sum'): 's' carries an undeclared 'add' reduction from one iteration to the next
define i32 @undeclared_sum(ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !10
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !11
  %s.next = add i32 %s, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !12
exit:
  %sum = phi i32 [ %s.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret i32 %sum
}

; A value carried from one iteration to the next that is no reduction
; (what LICM leaves when it promotes a variable every iteration writes).
; CHECK-LABEL: define float @recurrence(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret float
; WARN: warning: parallel loop runs serially (in function 'recurrence'): 'v' carries a value from one iteration to the next that is neither an induction nor a reduction with one update
define float @recurrence(ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !15
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi float [ 1.0, %entry ], [ %v.next, %loop ]
  %p = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4, !llvm.access.group !16
  %sq = fmul float %v, %v
  %v.next = fadd float %sq, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !17
exit:
  %last = phi float [ %v.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret float %last
}

; A store that a transformation added outside the access group.
; CHECK-LABEL: define void @ungrouped_store(
; CHECK-NOT: llvm.loom.parallel
; CHECK: store float %y, ptr %q, align 4, !llvm.access.group
; CHECK: store float %y, ptr %out, align 4
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'ungrouped_store'): a store to 'out' may touch memory shared between iterations, and the loop does not declare its iterations independent of it
define void @ungrouped_store(ptr %out, ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !20
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4, !llvm.access.group !21
  %y = fmul float %x, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float %y, ptr %q, align 4, !llvm.access.group !21
  store float %y, ptr %out, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !22
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A call that may touch any memory, outside the access group.
; CHECK-LABEL: define void @opaque_call(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'opaque_call'): a call of 'opaque' may touch memory shared between iterations, and the loop does not declare its iterations independent of it
define void @opaque_call(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !25
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds float, ptr %out, i64 %i
  call void @opaque(ptr %q)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !26
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A barrier in the loop, even in the access group.
; CHECK-LABEL: define void @convergent_call(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'convergent_call'): the loop makes a call of 'barrier', which every worker must reach together
define void @convergent_call(i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !30
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @barrier(), !llvm.access.group !31
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !32
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A way out of the region that skips its end (jump threading or a
; transformation of the guard can make one).
; CHECK-LABEL: define void @open_region(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'open_region'): a path from the start of its region returns without passing its end
define void @open_region(ptr %out, i64 %n, i1 %c) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !35
  br i1 %c, label %loop, label %early
early:
  ret void
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float 1.0, ptr %q, align 4, !llvm.access.group !36
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !37
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; Full unrolling left the region around straight-line code.
; CHECK-LABEL: define void @unrolled(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'unrolled'): its region holds no loop any more
define void @unrolled(ptr %out) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !40
  store float 1.0, ptr %out, align 4, !llvm.access.group !41
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; Unswitching made two copies of the loop and one lost its mark; its store
; kept the access group, which says whose copy it is: it takes the marked
; loop's marks back, and the region is kept.
; CHECK-LABEL: define void @copies(
; CHECK: call token @llvm.loom.parallel.region.entry
; CHECK: br i1 %done, label %exit.loopexit{{[0-9]*}}, label %loop.a, !llvm.loop ![[COPY_A:[0-9]+]]
; CHECK: br i1 %done.b, label %exit.loopexit{{[0-9]*}}, label %loop.b, !llvm.loop ![[COPY_B:[0-9]+]]
; CHECK: call void @llvm.loom.parallel.region.exit
define void @copies(ptr %out, i64 %n, i1 %c) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !45
  br i1 %c, label %ph.a, label %ph.b
ph.a:
  br label %loop.a
ph.b:
  br label %loop.b
loop.a:
  %i = phi i64 [ 0, %ph.a ], [ %i.next, %loop.a ]
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float 1.0, ptr %q, align 4, !llvm.access.group !46
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop.a, !llvm.loop !47
loop.b:
  %j = phi i64 [ 0, %ph.b ], [ %j.next, %loop.b ]
  %qb = getelementptr inbounds float, ptr %out, i64 %j
  store float 2.0, ptr %qb, align 4, !llvm.access.group !46
  %j.next = add nuw i64 %j, 1
  %done.b = icmp eq i64 %j.next, %n
  br i1 %done.b, label %exit, label %loop.b
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; An unmarked loop in the region with no access in a marked loop's group
; is no copy of it: the region runs serially.
; CHECK-LABEL: define void @stranger(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'stranger'): a loop in its region is not marked as the region's work, and none of its accesses to memory is in an access group of a loop that is
define void @stranger(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !120
  br label %loop.a
loop.a:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop.a ]
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float 1.0, ptr %q, align 4, !llvm.access.group !121
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %ph.b, label %loop.a, !llvm.loop !122
ph.b:
  br label %loop.b
loop.b:
  %j = phi i64 [ 0, %ph.b ], [ %j.next, %loop.b ]
  %qb = getelementptr inbounds float, ptr %out, i64 %j
  store float 2.0, ptr %qb, align 4
  %j.next = add nuw i64 %j, 1
  %done.b = icmp eq i64 %j.next, %n
  br i1 %done.b, label %exit, label %loop.b
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; Both copies marked: kept, each a parallel loop of the region.
; CHECK-LABEL: define void @marked_copies(
; CHECK: call token @llvm.loom.parallel.region.entry
; CHECK: call void @llvm.loom.parallel.region.exit
define void @marked_copies(ptr %out, i64 %n, i1 %c) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !50
  br i1 %c, label %ph.a, label %ph.b
ph.a:
  br label %loop.a
ph.b:
  br label %loop.b
loop.a:
  %i = phi i64 [ 0, %ph.a ], [ %i.next, %loop.a ]
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float 1.0, ptr %q, align 4, !llvm.access.group !51
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop.a, !llvm.loop !52
loop.b:
  %j = phi i64 [ 0, %ph.b ], [ %j.next, %loop.b ]
  %qb = getelementptr inbounds float, ptr %out, i64 %j
  store float 2.0, ptr %qb, align 4, !llvm.access.group !51
  %j.next = add nuw i64 %j, 1
  %done.b = icmp eq i64 %j.next, %n
  br i1 %done.b, label %exit, label %loop.b, !llvm.loop !52
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A loop that runs until the data says so: no trip count to share out.
; CHECK-LABEL: define void @data_bound(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'data_bound'): the trip count of a loop cannot be computed
define void @data_bound(ptr %out, ptr %in) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !55
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !56
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %x, ptr %q, align 4, !llvm.access.group !56
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i32 %x, 0
  br i1 %done, label %exit, label %loop, !llvm.loop !57
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A value of the last iteration used after the loop.
; CHECK-LABEL: define float @live_out(
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret float
; WARN: warning: parallel loop runs serially (in function 'live_out'): 'y', computed in the loop, is used after it and is not a reduction's result
define float @live_out(ptr %out, ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !60
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4, !llvm.access.group !61
  %y = fmul float %x, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float %y, ptr %q, align 4, !llvm.access.group !61
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !62
exit:
  %last = phi float [ %y, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret float %last
}

; Worker queries: inside the loop they stay in a valid region; asked outside
; it, they make the region serial and become 0 and 1.
; CHECK-LABEL: define void @queries(
; CHECK: call i32 @llvm.loom.parallel.worker(token %r)
; CHECK: call i32 @llvm.loom.parallel.workers(token %r)
; CHECK-LABEL: define void @query_outside(
; CHECK-NOT: llvm.loom.parallel
; CHECK: store i32 1, ptr %count
; CHECK: store i32 0, ptr %q
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'query_outside'): the worker index or count is asked outside its loop
define void @queries(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 4, i64 0), !loom.parallel.region !65
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %w = call i32 @llvm.loom.parallel.worker(token %r)
  %ws = call i32 @llvm.loom.parallel.workers(token %r)
  %v = add i32 %w, %ws
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %q, align 4, !llvm.access.group !66
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !67
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

define void @query_outside(ptr %out, ptr %count, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 4, i64 0), !loom.parallel.region !70
  %ws = call i32 @llvm.loom.parallel.workers(token %r)
  store i32 %ws, ptr %count, align 4
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %w = call i32 @llvm.loom.parallel.worker(token %r)
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %w, ptr %q, align 4, !llvm.access.group !71
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !72
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A region inside another region's loop: the inner one runs serially, the
; outer one stays.
; CHECK-LABEL: define void @nested(
; CHECK: %outer = call token @llvm.loom.parallel.region.entry
; CHECK-NOT: %inner = call token
; CHECK: call void @llvm.loom.parallel.region.exit(token %outer)
; WARN: warning: parallel loop runs serially (in function 'nested'): it is inside the parallel loop of another region: nested regions run serially
define void @nested(ptr %out, i64 %n) {
entry:
  %outer = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !75
  br label %rows
rows:
  %i = phi i64 [ 0, %entry ], [ %i.next, %rows.end ]
  %row = mul i64 %i, %n
  %inner = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !78
  br label %cols
cols:
  %j = phi i64 [ 0, %rows ], [ %j.next, %cols ]
  %k = add i64 %row, %j
  %q = getelementptr inbounds float, ptr %out, i64 %k
  store float 1.0, ptr %q, align 4, !llvm.access.group !76
  %j.next = add nuw i64 %j, 1
  %cols.done = icmp eq i64 %j.next, %n
  br i1 %cols.done, label %rows.end, label %cols, !llvm.loop !79
rows.end:
  call void @llvm.loom.parallel.region.exit(token %inner)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %rows, !llvm.loop !77
exit:
  call void @llvm.loom.parallel.region.exit(token %outer)
  ret void
}

; The entry lost the node that names its region; the loop's mark names a
; region that is gone.
; CHECK-LABEL: define void @lost_identity(
; CHECK-NOT: llvm.loom.parallel
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop ![[L3:[0-9]+]]
; CHECK: ret void
; WARN: warning: parallel loop runs serially (in function 'lost_identity'): its region lost its identity (!loom.parallel.region)
define void @lost_identity(ptr %out, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float 1.0, ptr %q, align 4, !llvm.access.group !81
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !82
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; '&&' and '||' reductions on ints as C writes them after SROA, declared
; 'and' and 'or': made the bitwise reductions they amount to on 0 and 1,
; the start values made 0 or 1, and kept. The same loop with a '||' it does
; not declare stays serial.
; CHECK-LABEL: define i32 @logical(
; CHECK: call token @llvm.loom.parallel.region.entry(i32 2, i64 0)
; CHECK: %[[BOTH0:.+]] = icmp ne i32 %start, 0
; CHECK: %logical.start = zext i1 %[[BOTH0]] to i32
; CHECK: loop:
; CHECK: %both.bits = phi i32 [ %logical.start, %entry ], [ %[[BOTH:.+]], %loop ]
; CHECK: %either.bits = phi i32 [ 0, %entry ], [ %[[EITHER:.+]], %loop ]
; CHECK: %[[C:.+]] = zext i1 %keep to i32
; CHECK: %[[BOTH]] = and i32 %both.bits, %[[C]]
; CHECK: %[[F:.+]] = zext i1 %found to i32
; CHECK: %[[EITHER]] = or i32 %either.bits, %[[F]]
; CHECK: exit:
; CHECK: add i32 %[[BOTH]], %[[EITHER]]
; CHECK-LABEL: define i32 @undeclared_logical(
; CHECK-NOT: llvm.loom.parallel.region
; CHECK: ret i32
; WARN: warning: parallel loop runs serially (in function 'undeclared_logical'): 'either' carries a value from one iteration to the next that is neither an induction nor a reduction with one update
define i32 @logical(ptr %in, i64 %n, i32 %start) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !130
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %both = phi i32 [ %start, %entry ], [ %both.next, %loop ]
  %either = phi i32 [ 0, %entry ], [ %either.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !131
  %both.set = icmp ne i32 %both, 0
  %keep = icmp ne i32 %v, 12345
  %both.bool = select i1 %both.set, i1 %keep, i1 false
  %both.next = zext i1 %both.bool to i32
  %either.set = icmp ne i32 %either, 0
  %found = icmp eq i32 %v, 777
  %either.bool = select i1 %either.set, i1 true, i1 %found
  %either.next = zext i1 %either.bool to i32
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !132
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  %sum = add i32 %both.next, %either.next
  ret i32 %sum
}

define i32 @undeclared_logical(ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !136
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %either = phi i32 [ 0, %entry ], [ %either.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !137
  %either.set = icmp ne i32 %either, 0
  %found = icmp eq i32 %v, 777
  %either.bool = select i1 %either.set, i1 true, i1 %found
  %either.next = zext i1 %either.bool to i32
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !138
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret i32 %either.next
}

declare token @llvm.loom.parallel.region.entry(i32, i64)
declare void @llvm.loom.parallel.region.exit(token)
declare i32 @llvm.loom.parallel.worker(token)
declare i32 @llvm.loom.parallel.workers(token)

; The valid loops keep every property; the others keep LLVM's only.
; CHECK-DAG: ![[L0]] = distinct !{![[L0]], ![[PA0:[0-9]+]], ![[PL0:[0-9]+]]}
; CHECK-DAG: ![[PL0]] = !{!"loom.parallel.loop", ![[R0]]}
; CHECK-DAG: ![[R0]] = distinct !{!"loom.parallel.region"}
; CHECK-DAG: ![[PA0]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: ![[L1]] = distinct !{![[L1]], !{{[0-9]+}}, !{{[0-9]+}}, ![[SUM:[0-9]+]]}
; CHECK-DAG: ![[SUM]] = !{!"loom.parallel.reductions", !"add"}
; CHECK-DAG: ![[L2]] = distinct !{![[L2]], !{{[0-9]+}}}
; CHECK-DAG: ![[L3]] = distinct !{![[L3]], !{{[0-9]+}}}

!0 = distinct !{!"loom.parallel.region"}
!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"loom.parallel.loop", !0}

!5 = distinct !{!"loom.parallel.region"}
!6 = distinct !{}
!7 = distinct !{!7, !8, !9, !90}
!8 = !{!"llvm.loop.parallel_accesses", !6}
!9 = !{!"loom.parallel.loop", !5}
!90 = !{!"loom.parallel.reductions", !"add"}

!10 = distinct !{!"loom.parallel.region"}
!11 = distinct !{}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = !{!"loom.parallel.loop", !10}

!15 = distinct !{!"loom.parallel.region"}
!16 = distinct !{}
!17 = distinct !{!17, !18, !19, !91}
!18 = !{!"llvm.loop.parallel_accesses", !16}
!19 = !{!"loom.parallel.loop", !15}
!91 = !{!"loom.parallel.reductions", !"fadd", !"fmul"}

!20 = distinct !{!"loom.parallel.region"}
!21 = distinct !{}
!22 = distinct !{!22, !23, !24}
!23 = !{!"llvm.loop.parallel_accesses", !21}
!24 = !{!"loom.parallel.loop", !20}

!25 = distinct !{!"loom.parallel.region"}
!26 = distinct !{!26, !27, !28}
!27 = !{!"llvm.loop.parallel_accesses", !29}
!28 = !{!"loom.parallel.loop", !25}
!29 = distinct !{}

!30 = distinct !{!"loom.parallel.region"}
!31 = distinct !{}
!32 = distinct !{!32, !33, !34}
!33 = !{!"llvm.loop.parallel_accesses", !31}
!34 = !{!"loom.parallel.loop", !30}

!35 = distinct !{!"loom.parallel.region"}
!36 = distinct !{}
!37 = distinct !{!37, !38, !39}
!38 = !{!"llvm.loop.parallel_accesses", !36}
!39 = !{!"loom.parallel.loop", !35}

!40 = distinct !{!"loom.parallel.region"}
!41 = distinct !{}

!45 = distinct !{!"loom.parallel.region"}
!46 = distinct !{}
!47 = distinct !{!47, !48, !49}
!48 = !{!"llvm.loop.parallel_accesses", !46}
!49 = !{!"loom.parallel.loop", !45}

; CHECK-DAG: ![[COPY_A]] = distinct !{![[COPY_A]], ![[COPY_PA:[0-9]+]], ![[COPY_PL:[0-9]+]]}
; CHECK-DAG: ![[COPY_B]] = distinct !{![[COPY_B]], ![[COPY_PA]], ![[COPY_PL]]}
; CHECK-DAG: ![[COPY_PA]] = !{!"llvm.loop.parallel_accesses", ![[COPY_G:[0-9]+]]}
; CHECK-DAG: ![[COPY_PL]] = !{!"loom.parallel.loop", ![[COPY_R:[0-9]+]]}
; CHECK-DAG: ![[COPY_R]] = distinct !{!"loom.parallel.region"}
!50 = distinct !{!"loom.parallel.region"}
!51 = distinct !{}
!52 = distinct !{!52, !53, !54}
!53 = !{!"llvm.loop.parallel_accesses", !51}
!54 = !{!"loom.parallel.loop", !50}

!55 = distinct !{!"loom.parallel.region"}
!56 = distinct !{}
!57 = distinct !{!57, !58, !59}
!58 = !{!"llvm.loop.parallel_accesses", !56}
!59 = !{!"loom.parallel.loop", !55}

!60 = distinct !{!"loom.parallel.region"}
!61 = distinct !{}
!62 = distinct !{!62, !63, !64}
!63 = !{!"llvm.loop.parallel_accesses", !61}
!64 = !{!"loom.parallel.loop", !60}

!65 = distinct !{!"loom.parallel.region"}
!66 = distinct !{}
!67 = distinct !{!67, !68, !69}
!68 = !{!"llvm.loop.parallel_accesses", !66}
!69 = !{!"loom.parallel.loop", !65}

!70 = distinct !{!"loom.parallel.region"}
!71 = distinct !{}
!72 = distinct !{!72, !73, !74}
!73 = !{!"llvm.loop.parallel_accesses", !71}
!74 = !{!"loom.parallel.loop", !70}

!75 = distinct !{!"loom.parallel.region"}
!76 = distinct !{}
!77 = distinct !{!77, !85, !86}
!85 = !{!"llvm.loop.parallel_accesses", !76}
!86 = !{!"loom.parallel.loop", !75}
!78 = distinct !{!"loom.parallel.region"}
!79 = distinct !{!79, !87, !88}
!87 = !{!"llvm.loop.parallel_accesses", !76}
!88 = !{!"loom.parallel.loop", !78}

!80 = distinct !{!"loom.parallel.region"}
!81 = distinct !{}
!82 = distinct !{!82, !83, !84}
!83 = !{!"llvm.loop.parallel_accesses", !81}
!84 = !{!"loom.parallel.loop", !80}
!120 = distinct !{!"loom.parallel.region"}
!121 = distinct !{}
!122 = distinct !{!122, !123, !124}
!123 = !{!"llvm.loop.parallel_accesses", !121}
!124 = !{!"loom.parallel.loop", !120}
!130 = distinct !{!"loom.parallel.region"}
!131 = distinct !{}
!132 = distinct !{!132, !133, !134, !135}
!133 = !{!"llvm.loop.parallel_accesses", !131}
!134 = !{!"loom.parallel.loop", !130}
!135 = !{!"loom.parallel.reductions", !"and", !"or"}
!136 = distinct !{!"loom.parallel.region"}
!137 = distinct !{}
!138 = distinct !{!138, !139, !140}
!139 = !{!"llvm.loop.parallel_accesses", !137}
!140 = !{!"loom.parallel.loop", !136}
