; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4;no-boscc>' -S %s | FileCheck %s --check-prefix=NOBOSCC
; RUN: loom-opt -passes='vecz-packetize<width=4;defer-stages>,vecz-lane-calls,vecz-linearize,vecz-clamped-versions,vecz-boscc' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4;defer-stages>' -S %s | FileCheck %s --check-prefix=MARKED

; Branches on superword condition codes: a run of linearized blocks that
; its first block dominates is branched around when no lane is active in
; that block, if it costs more than the test; the values it leaves are
; phis after it, zero where it was skipped.

; An early return: the rest of the kernel is skipped when every lane
; returned.
; CHECK-LABEL: define void @__vecz_v4_early_return(
; CHECK: %[[STAYING:entry.to.work]] = xor <4 x i1> %done.v, <i1 true, i1 true, i1 true, i1 true>
; CHECK-NEXT: br label %work
; CHECK: work:
; CHECK-NEXT: %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[STAYING]])
; CHECK-NEXT: br i1 %[[ANY]], label %work.active, label %work.after
; CHECK: work.active:
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) %pb, i32 4, <4 x i1> %[[STAYING]], <4 x float> zeroinitializer)
; CHECK: call void @llvm.masked.store.v4f32.p1(<4 x float> %{{.+}}, ptr addrspace(1) %pout, i32 4, <4 x i1> %[[STAYING]])
; CHECK-NEXT: br label %work.after
; CHECK: work.after:
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: ret void
; Deferred, the run is two markers with the mask for the stage's pass
; (vecz-boscc-stage.ll runs it alone).
; Before linearization, the vector kernel keeps the scalar kernel's branches,
; the divergent one marked, and the block under a mask reads it from a marker.
; MARKED-LABEL: define void @__vecz_v4_early_return(
; MARKED: %[[DIV:.+]] = call i1 (...) @__vecz_divergent_branch(<4 x i1> %done.v)
; MARKED-NEXT: br i1 %[[DIV]], label %exit, label %work
; MARKED: work:
; MARKED-NEXT: %[[MASK:work.active]] = call <4 x i1> (...) @__vecz_active_lanes.v4i1()
; MARKED-NEXT: call void (...) @__vecz_run_begin(i32 0, <4 x i1> %[[MASK]])
; MARKED: call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) %pb, i32 4, <4 x i1> %[[MASK]], <4 x float> zeroinitializer)
; MARKED: exit:
; MARKED-NEXT: call void (...) @__vecz_run_end(i32 0)
; MARKED-NEXT: ret void
define void @early_return(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %gid
  %x = load float, ptr addrspace(1) %pa, align 4
  %done = fcmp olt float %x, 0.0
  br i1 %done, label %exit, label %work
work:
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %gid
  %y = load float, ptr addrspace(1) %pb, align 4
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  %z = load float, ptr addrspace(1) %pout, align 4
  %xy = fmul float %x, %y
  %r = fadd float %xy, %z
  store float %r, ptr addrspace(1) %pout, align 4
  br label %exit
exit:
  ret void
}

; A tree reduction's step: once the stride is below a vector's first lane,
; no lane of it adds. Both sides of an if/else are runs; the values each
; leaves to the join are phis, zero where it was skipped, blended there.
; CHECK-LABEL: define void @__vecz_v4_both_sides(
; CHECK: then:
; CHECK-NEXT: %[[ANY_THEN:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %below.v)
; CHECK-NEXT: br i1 %[[ANY_THEN]], label %then.active, label %then.after
; CHECK: then.after:
; CHECK-NEXT: %sum.v.run = phi <4 x float> [ %sum.v, %then.active ], [ zeroinitializer, %then ]
; CHECK-NEXT: br label %else
; CHECK: else:
; CHECK-NEXT: %[[ANY_ELSE:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %entry.to.else)
; CHECK-NEXT: br i1 %[[ANY_ELSE]], label %else.active, label %else.after
; CHECK: else.after:
; CHECK-NEXT: %diff.v.run = phi <4 x float> [ %diff.v, %else.active ], [ zeroinitializer, %else ]
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %r.v{{[0-9]*}} = select <4 x i1> %below.v, <4 x float> %sum.v.run, <4 x float> %diff.v.run
define void @both_sides(ptr addrspace(1) %scratch, i64 %stride) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %below = icmp ult i64 %lid, %stride
  %p = getelementptr inbounds float, ptr addrspace(1) %scratch, i64 %lid
  br i1 %below, label %then, label %else
then:
  %far = add i64 %lid, %stride
  %pfar = getelementptr inbounds float, ptr addrspace(1) %scratch, i64 %far
  %a = load float, ptr addrspace(1) %p, align 4
  %b = load float, ptr addrspace(1) %pfar, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(1) %p, align 4
  br label %join
else:
  %near = sub i64 %lid, %stride
  %pnear = getelementptr inbounds float, ptr addrspace(1) %scratch, i64 %near
  %c = load float, ptr addrspace(1) %p, align 4
  %d = load float, ptr addrspace(1) %pnear, align 4
  %diff = fsub float %c, %d
  store float %diff, ptr addrspace(1) %pnear, align 4
  br label %join
join:
  %r = phi float [ %sum, %then ], [ %diff, %else ]
  store float %r, ptr addrspace(1) %p, align 4
  ret void
}

; Runs nest: the inner one is made first, and its phis are among what the
; outer one leaves. A run too cheap for the test is not branched around.
; CHECK-LABEL: define void @__vecz_v4_nested(
; CHECK: outer:
; CHECK-NEXT: %[[ANY_OUTER:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %big.v)
; CHECK-NEXT: br i1 %[[ANY_OUTER]], label %outer.active, label %outer.after
; CHECK: inner:
; CHECK-NEXT: %[[ANY_INNER:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %outer.to.inner)
; CHECK-NEXT: br i1 %[[ANY_INNER]], label %inner.active, label %inner.after
; CHECK: inner.after:
; CHECK-NEXT: %w.v.run = phi <4 x i32> [ %w.v, %inner.active ], [ zeroinitializer, %inner ]
; CHECK: outer.end:
; CHECK: %u.v{{[0-9]*}} = select <4 x i1> %outer.to.inner, <4 x i32> %w.v.run, <4 x i32> %v.v
; CHECK: outer.after:
; CHECK-NEXT: %outer.end.mask.run = phi <4 x i1> [ %outer.end.mask, %outer.end ], [ zeroinitializer, %outer ]
; CHECK-NEXT: %u.v{{[0-9]*}}.run = phi <4 x i32> [ %u.v{{[0-9]*}}, %outer.end ], [ zeroinitializer, %outer ]
; CHECK: cheap:
; CHECK-NOT: reduce.or
; CHECK: join:
define void @nested(ptr addrspace(1) %data, ptr addrspace(1) %more) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %x = load i32, ptr addrspace(1) %p, align 4
  %big = icmp sgt i32 %x, 100
  br i1 %big, label %outer, label %cheap
outer:
  %q = getelementptr inbounds i32, ptr addrspace(1) %more, i64 %gid
  %y = load i32, ptr addrspace(1) %q, align 4
  %v = mul i32 %x, %y
  store i32 %v, ptr addrspace(1) %q, align 4
  %huge = icmp sgt i32 %y, 1000
  br i1 %huge, label %inner, label %outer.end
inner:
  %far = add i64 %gid, 64
  %pfar = getelementptr inbounds i32, ptr addrspace(1) %more, i64 %far
  %z = load i32, ptr addrspace(1) %pfar, align 4
  %z2 = load i32, ptr addrspace(1) %p, align 4
  %zz = mul i32 %z, %z2
  %w = sub i32 %zz, %v
  store i32 %w, ptr addrspace(1) %pfar, align 4
  br label %outer.end
outer.end:
  %u = phi i32 [ %w, %inner ], [ %v, %outer ]
  br label %join
cheap:
  %c = add i32 %x, 1
  br label %join
join:
  %r = phi i32 [ %u, %outer.end ], [ %c, %cheap ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

; The region's reconvergence block is also reached around the region: its
; merged values are made at the end of the region's last block, so the run
; ending there is not branched around; the one before it is.
; CHECK-LABEL: define void @__vecz_v4_joined_from_outside(
; CHECK: left:
; CHECK-NEXT: %[[ANY_LEFT:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %odd.v)
; CHECK-NEXT: br i1 %[[ANY_LEFT]], label %left.active, label %left.after
; CHECK: right:
; CHECK-NOT: right.active
; CHECK: exit:
define void @joined_from_outside(ptr addrspace(1) %data, i1 %enabled) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  br i1 %enabled, label %split, label %exit
split:
  %x = load i32, ptr addrspace(1) %p, align 4
  %odd = trunc i32 %x to i1
  br i1 %odd, label %left, label %right
left:
  %far = add i64 %gid, 32
  %pl = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %far
  %l1 = load i32, ptr addrspace(1) %pl, align 4
  %l0 = load i32, ptr addrspace(1) %data, align 4
  %l01 = add i32 %l1, %l0
  %l2 = mul i32 %l01, %x
  store i32 %l2, ptr addrspace(1) %pl, align 4
  br label %exit
right:
  %near = add i64 %gid, 64
  %pr = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %near
  %r1 = load i32, ptr addrspace(1) %pr, align 4
  %r0 = load i32, ptr addrspace(1) %data, align 4
  %r01 = add i32 %r1, %r0
  %r2 = add i32 %r01, %x
  store i32 %r2, ptr addrspace(1) %pr, align 4
  br label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %l2, %left ], [ %r2, %right ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }

; Without BOSCC (vecz-packetize<no-boscc>) the linearized kernel runs every
; block, its accesses under the same masks, with no test of any lane.
; NOBOSCC-LABEL: define void @__vecz_v4_early_return(
; NOBOSCC-NOT: .active:
; NOBOSCC-NOT: @llvm.vector.reduce.or
; NOBOSCC: call void @llvm.masked.store.v4f32.p1(<4 x float> %{{.+}}, ptr addrspace(1) %pout, i32 4, <4 x i1> %entry.to.work)
; NOBOSCC-NOT: .active:
