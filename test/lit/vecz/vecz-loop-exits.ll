; RUN: loom-opt -passes='vecz<width=4;interleave=1>' -pass-remarks=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll

; Divergent control flow whose paths meet only once restructured: a goto
; out of two loops, and returns from inside a loop. Vecz first gives each
; loop one exit block and the kernel one return block (the scalar kernel
; too: the guard blocks branch on where the work-item was going), then
; linearizes as usual; the guard's condition is each lane's own.
; REMARK: remark: {{.*}}kernel 'leaves_two_loops' vectorized at width 4
; REMARK: remark: {{.*}}kernel 'returns_in_loop' vectorized at width 4

; CHECK-LABEL: define void @leaves_two_loops(
; CHECK:       inner:
; CHECK:         br i1 %hit, label %[[INNER_GUARD:loop.exit.guard[0-9]*]], label %inner.latch
; CHECK:       [[INNER_GUARD]]:
; CHECK-NEXT:    %Guard.{{loop.exit.guard[0-9]*}} = phi i1 [ true, %inner ], [ false, %inner.latch ]

; The lanes that found their match leave both loops; the others go on
; with the next row. Which is which is per lane, kept across the inner
; loop's iterations and tested in its exit block as a vector.
; CHECK-LABEL: define void @__vecz_v4_leaves_two_loops(
; CHECK:       outer:
; CHECK-NEXT:    %outer.live = phi <4 x i1> [ <i1 true, i1 true, i1 true, i1 true>, %entry ], [ %outer.latch.to.outer, %outer.latch ]
; CHECK:       inner:
; CHECK-NEXT:    %inner.live = phi <4 x i1> [ %outer.live, %outer ]
; CHECK:         %[[KEPT:.*]] = phi <4 x i1> [ zeroinitializer, %outer ], [ %[[OUT:.*]], %inner.latch ]
; CHECK:         %inner.to.[[INNER_GUARD]] = and <4 x i1> %inner.live, %hit.v
; CHECK:       inner.latch:
; CHECK:         %[[SEEN:.*]] = select <4 x i1> %inner.to.[[INNER_GUARD]], <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i1> %[[KEPT]]
; CHECK:         %[[OUT]] = select <4 x i1> %inner.latch.to.[[INNER_GUARD]], <4 x i1> zeroinitializer, <4 x i1> %[[SEEN]]
; CHECK:       outer.latch:
; CHECK:         %outer.latch.to.outer = and <4 x i1> %[[INNER_GUARD]].to.outer.latch, %more.v
; CHECK:       [[INNER_GUARD]]:
; CHECK-NEXT:    %[[STAYING:.*]] = xor <4 x i1> %[[OUT]], <i1 true, i1 true, i1 true, i1 true>
; CHECK-NEXT:    %[[INNER_GUARD]].to.outer.latch = and <4 x i1> %outer.live, %[[STAYING]]
; CHECK-NOT:     extractelement
; CHECK:       }

; Each lane stores where it matched, or -1 when it did not: the lanes that
; left to either return are told apart in the one exit block, per lane.
; CHECK-LABEL: define void @__vecz_v4_returns_in_loop(
; CHECK:       loop:
; CHECK:         %Guard.hit.v.kept = phi <4 x i1> [ zeroinitializer, %entry ], [ %[[HIT:Guard.hit.v.out[0-9]+]], %latch ]
; CHECK:         %loop.to.loop.exit.guard = and <4 x i1> %loop.live, %found.v
; CHECK:       latch:
; CHECK:         %Guard.hit.v.out = select <4 x i1> %loop.to.loop.exit.guard, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i1> %Guard.hit.v.kept
; CHECK:         %[[HIT]] = select <4 x i1> %latch.to.loop.exit.guard, <4 x i1> zeroinitializer, <4 x i1> %Guard.hit.v.out
; CHECK:         %{{.*}} = select <4 x i1> %loop.to.loop.exit.guard, <4 x i64> %i.splat.splat,
; CHECK:       hit:
; CHECK-NEXT:    call void @llvm.masked.store.v4i64.p1(<4 x i64> %{{.*}}, ptr addrspace(1) %slot, i32 {{[0-9]+}}, <4 x i1> %[[HIT]])
; CHECK:       missed:
; CHECK-NEXT:    call void @llvm.masked.store.v4i64.p1(<4 x i64> <i64 -1, i64 -1, i64 -1, i64 -1>, ptr addrspace(1) %slot, i32 {{[0-9]+}}, <4 x i1> %loop.exit.guard.to.missed)
; CHECK:       UnifiedReturnBlock:
; CHECK-NEXT:    ret void
; CHECK:       loop.exit.guard:
; CHECK-NEXT:    %loop.exit.guard.to.missed = xor <4 x i1> %[[HIT]], <i1 true, i1 true, i1 true, i1 true>

define void @leaves_two_loops(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner.latch ]
  %hit = icmp eq i64 %j, %gid
  br i1 %hit, label %found, label %inner.latch
inner.latch:
  %j.next = add i64 %j, 1
  %inner.more = icmp ult i64 %j.next, 4
  br i1 %inner.more, label %inner, label %outer.latch
outer.latch:
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %gid
  br i1 %more, label %outer, label %end
found:
  br label %end
end:
  ret void
}

; A search that returns where it finds the work-item's id, storing the
; index, or stores -1 and returns after the loop.
define void @returns_in_loop(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %found = icmp eq i64 %i, %gid
  br i1 %found, label %hit, label %latch
latch:
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 100
  br i1 %more, label %loop, label %missed
hit:
  store i64 %i, ptr addrspace(1) %slot
  ret void
missed:
  store i64 -1, ptr addrspace(1) %slot
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
