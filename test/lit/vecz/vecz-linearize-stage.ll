; RUN: loom-opt -passes=vecz-linearize -S %s | FileCheck %s

; vecz-linearize alone, on vector kernels written by hand as packetization
; leaves them (transform/StageMarkers.h): the scalar kernel's branches, the
; divergent ones on __vecz_divergent_branch, masks read from
; __vecz_active_lanes, per-lane phis tagged !vecz.per_lane.

; An if/else on the lanes' conditions: both sides run, each under its mask;
; the per-lane phi where they join becomes a select on the edge mask, the
; uniform phi beside it the value of an edge some lane took.
; CHECK-LABEL: define void @if_else(
; CHECK:      entry:
; CHECK-NEXT:   br label %then
; CHECK:      then:
; CHECK-NEXT:   %a = add <4 x i32> %x, <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT:   call void @llvm.masked.store.v4i32.p1(<4 x i32> %a, ptr addrspace(1) %out, i32 4, <4 x i1> %c)
; CHECK-NEXT:   br label %else
; CHECK:      else:
; CHECK-NEXT:   %b = mul <4 x i32> %x, <i32 2, i32 2, i32 2, i32 2>
; CHECK-NEXT:   br label %join
; CHECK:      join:
; CHECK-NEXT:   %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %c)
; CHECK-NEXT:   %[[S:.+]] = select i1 %[[ANY]], i32 1, i32 2
; CHECK-NEXT:   %[[R:.+]] = select <4 x i1> %c, <4 x i32> %a, <4 x i32> %b
; CHECK-NEXT:   store <4 x i32> %[[R]], ptr addrspace(1) %out, align 4
; CHECK-NEXT:   store i32 %[[S]], ptr addrspace(1) %flag, align 4
; CHECK-NOT:  __vecz_
; CHECK-NOT:  !vecz.per_lane
; CHECK:      }
define void @if_else(ptr addrspace(1) %out, ptr addrspace(1) %flag, <4 x i32> %x, <4 x i1> %c) {
entry:
  %d = call i1 (...) @__vecz_divergent_branch(<4 x i1> %c)
  br i1 %d, label %then, label %else

then:
  %then.active = call <4 x i1> (...) @__vecz_active_lanes.v4i1()
  %a = add <4 x i32> %x, <i32 1, i32 1, i32 1, i32 1>
  call void @llvm.masked.store.v4i32.p1(<4 x i32> %a, ptr addrspace(1) %out, i32 4, <4 x i1> %then.active)
  br label %join

else:
  %else.active = call <4 x i1> (...) @__vecz_active_lanes.v4i1()
  %b = mul <4 x i32> %x, <i32 2, i32 2, i32 2, i32 2>
  br label %join

join:
  %r = phi <4 x i32> [ %a, %then ], [ %b, %else ], !vecz.per_lane !0
  %s = phi i32 [ 1, %then ], [ 2, %else ]
  store <4 x i32> %r, ptr addrspace(1) %out, align 4
  store i32 %s, ptr addrspace(1) %flag, align 4
  ret void
}

; A loop the lanes leave at different iterations: it goes round while any
; lane is live, and the value leaving it is each lane's from the iteration
; the lane left in.
; CHECK-LABEL: define void @counted(
; CHECK:      loop:
; CHECK-NEXT:   %loop.live = phi <4 x i1> [ <i1 true, i1 true, i1 true, i1 true>, %entry ], [ %loop.to.loop, %loop ]
; CHECK-NEXT:   %last.kept = phi <4 x i32> [ zeroinitializer, %entry ], [ %last.out, %loop ]
; CHECK-NEXT:   %i = phi <4 x i32> [ zeroinitializer, %entry ], [ %i.next, %loop ]
; CHECK-NEXT:   %i.next = add <4 x i32> %i, <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT:   %more = icmp slt <4 x i32> %i.next, %n
; CHECK-NEXT:   %[[LEAVING:.+]] = xor <4 x i1> %more, <i1 true, i1 true, i1 true, i1 true>
; CHECK-NEXT:   %loop.to.exit = and <4 x i1> %loop.live, %[[LEAVING]]
; CHECK-NEXT:   %last.out = select <4 x i1> %loop.to.exit, <4 x i32> %i.next, <4 x i32> %last.kept
; CHECK-NEXT:   %loop.to.loop = and <4 x i1> %loop.live, %more
; CHECK-NEXT:   %[[AGAIN:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %loop.to.loop)
; CHECK-NEXT:   br i1 %[[AGAIN]], label %loop, label %exit
; CHECK:      exit:
; CHECK-NEXT:   store <4 x i32> %last.out, ptr addrspace(1) %out, align 4
define void @counted(ptr addrspace(1) %out, <4 x i32> %n) {
entry:
  br label %loop

loop:
  %i = phi <4 x i32> [ zeroinitializer, %entry ], [ %i.next, %loop ]
  %i.next = add <4 x i32> %i, <i32 1, i32 1, i32 1, i32 1>
  %more = icmp slt <4 x i32> %i.next, %n
  %d = call i1 (...) @__vecz_divergent_branch(<4 x i1> %more)
  br i1 %d, label %loop, label %exit

exit:
  %last = phi <4 x i32> [ %i.next, %loop ], !vecz.per_lane !0
  store <4 x i32> %last, ptr addrspace(1) %out, align 4
  ret void
}

; The declarations of the markers go with their calls.
; CHECK-NOT: declare {{.*}}@__vecz_

declare i1 @__vecz_divergent_branch(...)
declare <4 x i1> @__vecz_active_lanes.v4i1(...)
declare void @llvm.masked.store.v4i32.p1(<4 x i32>, ptr addrspace(1), i32, <4 x i1>)

!0 = !{}
