; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

declare i64 @__mux_get_global_id(i32) #1
declare i64 @__mux_get_local_id(i32) #1
declare void @__mux_work_group_barrier(i32, i32, i32) #2

; %x crosses both barriers and %y only the first: each gets its own slot,
; stored once in region 0 and loaded where it is used; %z, used before any
; barrier, gets none.
define void @two_barriers(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %k) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %pin
  %y = mul i32 %x, 3
  %z = add i32 %x, 1
  store i32 %z, ptr addrspace(1) %pin
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %k
  store i32 %y, ptr addrspace(1) %p1
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %x, ptr addrspace(1) %p2
  ret void
}

; A barrier in a loop whose phis swap two values every iteration (as a
; double-buffered scan does): the copies on the back edge read both slots
; before writing either.
define void @swap_in_loop(ptr addrspace(1) %out, i32 %n) #3 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %src = phi i32 [ 0, %entry ], [ %dst, %loop ]
  %dst = phi i32 [ 64, %entry ], [ %src, %loop ]
  call void @__mux_work_group_barrier(i32 2, i32 1, i32 1)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %sum = add i32 %src, %dst
  store i32 %sum, ptr addrspace(1) %out
  ret void
}

; A private array used on both sides of a barrier lives in the work-item's
; live variables, at its own alignment.
define void @private_array(ptr addrspace(1) %out) #4 {
entry:
  %arr = alloca [4 x i32], align 16
  %lid = call i64 @__mux_get_local_id(i32 0)
  %slot = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %lid
  store i32 7, ptr %slot
  call void @__mux_work_group_barrier(i32 3, i32 1, i32 1)
  %again = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %lid
  %v = load i32, ptr %again
  store i32 %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="two_barriers" }
attributes #1 = { nounwind readnone willreturn }
attributes #2 = { convergent noduplicate nounwind willreturn }
attributes #3 = { "mux-kernel"="entry-point" "mux-orig-fn"="swap_in_loop" }
attributes #4 = { "mux-kernel"="entry-point" "mux-orig-fn"="private_array" }

; Slot k of work-item i of n is at byte n * offset(k) + i * stride(k): %x's
; array starts at 0, %y's at 4 * n.
; CHECK-LABEL: define internal i32 @two_barriers.mux-barrier-region.0(
; CHECK-SAME: ptr %live, i64 %wi.index, i64 %wi.count)
; CHECK: %x = load i32
; CHECK-NEXT: %[[XA:.+]] = mul i64 %wi.count, 0
; CHECK-NEXT: %[[XI:.+]] = mul i64 %wi.index, 4
; CHECK-NEXT: %[[XO:.+]] = add i64 %[[XA]], %[[XI]]
; CHECK-NEXT: %[[XSLOT:.+]] = getelementptr inbounds i8, ptr %live, i64 %[[XO]]
; CHECK-NEXT: store i32 %x, ptr %[[XSLOT]]
; CHECK-NEXT: %y = mul i32 %x, 3
; CHECK-NEXT: %[[YA:.+]] = mul i64 %wi.count, 4
; CHECK-NEXT: %[[YI:.+]] = mul i64 %wi.index, 4
; CHECK-NEXT: %[[YO:.+]] = add i64 %[[YA]], %[[YI]]
; CHECK-NEXT: %[[YSLOT:.+]] = getelementptr inbounds i8, ptr %live, i64 %[[YO]]
; CHECK-NEXT: store i32 %y, ptr %[[YSLOT]]
; CHECK-NEXT: %z = add i32 %x, 1
; CHECK-NEXT: store i32 %z, ptr addrspace(1) %pin
; CHECK-NEXT: br label %barrier
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @two_barriers.mux-barrier-region.1(
; CHECK: mul i64 %wi.count, 4
; CHECK: %y.live = load i32
; CHECK-NEXT: store i32 %y.live, ptr addrspace(1) %p1
; CHECK: ret i32 2
; CHECK-LABEL: define internal i32 @two_barriers.mux-barrier-region.2(
; CHECK: mul i64 %wi.count, 0
; CHECK: %x.live = load i32
; CHECK-NEXT: store i32 %x.live, ptr addrspace(1) %p2
; CHECK: ret i32 -1

; The loop's phis live in arrays 0 (%i), 4 (%src) and 8 (%dst); the back
; edge loads %dst and %src before storing %i.next, %dst into %src's array
; and %src into %dst's.
; CHECK-LABEL: define internal i32 @swap_in_loop.mux-barrier-region.0(
; CHECK: store i32 0, ptr %{{.+}}
; CHECK: store i32 0, ptr %{{.+}}
; CHECK: store i32 64, ptr %{{.+}}
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @swap_in_loop.mux-barrier-region.1(
; CHECK: barrier:
; CHECK-NEXT: ret i32 1
; CHECK: barrier.cont:
; CHECK: %i.next = add i32 %i.live, 1
; CHECK: %[[DSTA:.+]] = mul i64 %wi.count, 8
; CHECK: %[[DST:.+]] = load i32, ptr
; CHECK: %[[SRCA:.+]] = mul i64 %wi.count, 4
; CHECK: %[[SRC:.+]] = load i32, ptr
; CHECK: store i32 %i.next, ptr
; CHECK: mul i64 %wi.count, 4
; CHECK: store i32 %[[DST]], ptr
; CHECK: mul i64 %wi.count, 8
; CHECK: store i32 %[[SRC]], ptr
; CHECK-NEXT: br i1 %more, label %loop, label %exit
; CHECK: exit:
; CHECK: %src.live = load i32
; CHECK: %dst.live = load i32
; CHECK: %sum = add i32 %src.live, %dst.live

; A private array gets an array of 16-byte entries.
; CHECK-LABEL: define internal i32 @private_array.mux-barrier-region.0(
; CHECK-NOT: alloca
; CHECK: %[[ITEM0:.+]] = mul i64 %wi.index, 16
; CHECK: %[[ARR0:.+]] = getelementptr inbounds i8, ptr %live, i64
; CHECK-NEXT: %slot = getelementptr inbounds [4 x i32], ptr %[[ARR0]], i64 0, i64 %lid
; CHECK-LABEL: define internal i32 @private_array.mux-barrier-region.1(
; CHECK: %[[LID:.+]] = call i64 @__mux_get_local_id(i32 0)
; CHECK: %[[ARR1:.+]] = getelementptr inbounds i8, ptr %live, i64
; CHECK-NEXT: %again = getelementptr inbounds [4 x i32], ptr %[[ARR1]], i64 0, i64 %[[LID]]

; The wrapper gives the regions the base of the live variables, the
; work-item's index and the count; private_array needs 16 bytes per
; work-item, 16-aligned.
; CHECK-LABEL: define void @private_array.mux-barrier-wrapper(
; CHECK: %[[BYTES:.+]] = mul i64 %work.items, 16
; CHECK-NEXT: %live.variables = alloca i8, i64 %[[BYTES]], align 16
; CHECK: call i32 @private_array.mux-barrier-region.0(ptr addrspace(1) %out, ptr %live.variables, i64 %local.linear, i64 %work.items)

; A loop whose trip count differs per work-item (its local id), with a
; barrier in it: the region after the barrier either goes round again (and
; stops at the same barrier, region 1 of this kernel) or leaves the loop and
; finishes (-1); the scheduler runs the work-items still looping first (the
; meaning doc/passes.md gives what OpenCL leaves undefined).
define void @per_item_trip_count(ptr addrspace(1) %out) #5 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @__mux_work_group_barrier(i32 4, i32 1, i32 1)
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %lid
  br i1 %more, label %loop, label %exit

exit:
  store i64 %i.next, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define internal i32 @per_item_trip_count.mux-barrier-region.1(
; CHECK: loop:
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: ret i32 1
; CHECK: barrier.cont:
; CHECK: %i.live = load i64
; CHECK-NEXT: %i.next = add i64 %i.live, 1
; CHECK-NEXT: %[[LID:.+]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: %more = icmp ult i64 %i.next, %[[LID]]
; CHECK: br i1 %more, label %loop, label %exit
; CHECK: exit:
; CHECK: ret i32 -1

attributes #5 = { "mux-kernel"="entry-point" "mux-orig-fn"="per_item_trip_count" }
