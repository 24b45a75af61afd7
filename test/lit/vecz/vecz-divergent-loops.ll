; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4;defer-stages>,vecz-lane-calls,vecz-linearize,vecz-clamped-versions,vecz-boscc' -S %s | FileCheck %s

; Control-flow conversion of loops and of the rest of divergent control
; flow: a divergent loop iterates while any lane is live, with a live mask
; and each lane's live-out kept when it leaves; a loop inside a divergent
; branch runs under the mask of the lanes that enter it; switches on
; varying values and uniform branches inside divergent regions become
; masks too; loops inside a divergent loop are run under its mask.

; A divergent loop on its own: each lane counts the steps its value takes
; to reach 1.
; CHECK-LABEL: define void @__vecz_v4_halving(
; CHECK: loop:
; CHECK-NEXT: %loop.live = phi <4 x i1> [ <i1 true, i1 true, i1 true, i1 true>, %entry ], [ %loop.to.loop, %loop ]
; CHECK-NEXT: %steps.next.lcssa.v.kept = phi <4 x i32> [ zeroinitializer, %entry ], [ %steps.next.lcssa.v.out, %loop ]
; CHECK-NEXT: %n.v = phi <4 x i32> [ %n0.v, %entry ], [ %half.v, %loop ]
; CHECK-NEXT: %steps = phi i32 [ 0, %entry ], [ %steps.next, %loop ]
; CHECK: %more.v = icmp ugt <4 x i32> %half.v, <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT: %[[LEAVING:.+]] = xor <4 x i1> %more.v, <i1 true, i1 true, i1 true, i1 true>
; CHECK-NEXT: %loop.to.done = and <4 x i1> %loop.live, %[[LEAVING]]
; CHECK-NEXT: %steps.next.lcssa.v.out = select <4 x i1> %loop.to.done, <4 x i32> %steps.next.splat{{.*}}, <4 x i32> %steps.next.lcssa.v.kept
; CHECK-NEXT: %loop.to.loop = and <4 x i1> %loop.live, %more.v
; CHECK-NEXT: %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %loop.to.loop)
; CHECK-NEXT: br i1 %[[ANY]], label %loop, label %done
; CHECK: done:
; CHECK-NEXT: store <4 x i32> %steps.next.lcssa.v.out, ptr addrspace(1) %p, align 4
define void @halving(ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %n0 = load i32, ptr addrspace(1) %p, align 4
  br label %loop
loop:
  %n = phi i32 [ %n0, %entry ], [ %half, %loop ]
  %steps = phi i32 [ 0, %entry ], [ %steps.next, %loop ]
  %half = lshr i32 %n, 1
  %steps.next = add i32 %steps, 1
  %more = icmp ugt i32 %half, 1
  br i1 %more, label %loop, label %done
done:
  store i32 %steps.next, ptr addrspace(1) %p, align 4
  ret void
}

; A divergent loop inside a divergent branch, with a store in it.
; CHECK-LABEL: define void @__vecz_v4_guarded_loop(
; The loop is branched around when no lane enters it (vecz-boscc.ll).
; CHECK: %odd.v = trunc <4 x i64> %gid.v to <4 x i1>
; CHECK: loop.preheader:
; CHECK-NEXT: %[[ENTERING:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %odd.v)
; CHECK-NEXT: br i1 %[[ENTERING]], label %loop.preheader.active, label %loop.preheader.after
; CHECK: loop:
; CHECK: %loop.live = phi <4 x i1> [ %odd.v, %loop.preheader.active ], [ %loop.to.loop, %loop ]
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %next.v, ptr addrspace(1) %p, i32 4, <4 x i1> %loop.live)
; CHECK: %next.lcssa.v.out = select <4 x i1> %loop.to.join.loopexit, <4 x i32> %next.v, <4 x i32> %next.lcssa.v.kept
; CHECK: br i1 %{{.+}}, label %loop, label %join.loopexit
; CHECK: loop.preheader.after:
; CHECK-NEXT: %next.lcssa.v.out.run = phi <4 x i32> [ %next.lcssa.v.out, %join.loopexit ], [ zeroinitializer, %loop.preheader ]
; CHECK: join:
; CHECK-NEXT: %r.v{{[0-9]*}} = select <4 x i1> %entry.to.join, <4 x i32> zeroinitializer, <4 x i32> %next.lcssa.v.out.run
define void @guarded_loop(ptr addrspace(1) %data, i32 %limit) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %n0 = load i32, ptr addrspace(1) %p, align 4
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %loop, label %join
loop:
  %n = phi i32 [ %n0, %entry ], [ %next, %loop ]
  %next = add i32 %n, 3
  store i32 %next, ptr addrspace(1) %p, align 4
  %more = icmp ult i32 %next, %limit
  br i1 %more, label %loop, label %join
join:
  %r = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

; A uniform loop inside a divergent branch keeps its branches, runs under
; the mask of the lanes that enter it, and is skipped when none does.
; CHECK-LABEL: define void @__vecz_v4_uniform_loop_in_branch(
; CHECK: loop.preheader:
; CHECK-NEXT: %[[ENTERED:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %in.range.v)
; CHECK-NEXT: br i1 %[[ENTERED]], label %loop, label %store
; CHECK: loop:
; CHECK-NEXT: %k = phi i64 [ %k.next, %loop ], [ 0, %loop.preheader ]
; CHECK: %wk = load float, ptr addrspace(1) %pw, align 4
; CHECK: %x.v = call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) %px, i32 4, <4 x i1> %in.range.v, <4 x float> zeroinitializer)
; CHECK: br i1 %more, label %loop, label %store
; CHECK: store:
; CHECK-NEXT: %acc.next.lcssa.v = phi <4 x float> [ %acc.next.v, %loop ], [ zeroinitializer, %loop.preheader ]
; CHECK: call void @llvm.masked.store.v4f32.p1(<4 x float> %acc.next.lcssa.v, ptr addrspace(1) %pout, i32 4, <4 x i1> %in.range.v)
define void @uniform_loop_in_branch(ptr addrspace(1) %data, ptr addrspace(1) %w, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %in.range = icmp ult i64 %gid, %n
  br i1 %in.range, label %loop, label %out
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %pw = getelementptr inbounds float, ptr addrspace(1) %w, i64 %k
  %wk = load float, ptr addrspace(1) %pw, align 4
  %row = mul i64 %k, %n
  %idx = add i64 %row, %gid
  %px = getelementptr inbounds float, ptr addrspace(1) %data, i64 %idx
  %x = load float, ptr addrspace(1) %px, align 4
  %acc.next = call float @llvm.fmuladd.f32(float %wk, float %x, float %acc)
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, 4
  br i1 %more, label %loop, label %store
store:
  %pout = getelementptr inbounds float, ptr addrspace(1) %data, i64 %gid
  store float %acc.next, ptr addrspace(1) %pout, align 4
  br label %out
out:
  ret void
}

; A switch on a varying value is lowered to branches, then to masks.
; CHECK-LABEL: define void @__vecz_v4_varying_switch(
; CHECK-NOT: switch
; CHECK: %Pivot.v = icmp slt <4 x i64> %sel.v, <i64 1, i64 1, i64 1, i64 1>
; CHECK: %SwitchLeaf.v = icmp eq <4 x i64> %sel.v, <i64 1, i64 1, i64 1, i64 1>
; CHECK: join:
; CHECK-NEXT: %[[R:r.v[0-9]+]] = select <4 x i1> %LeafBlock.to.one, <4 x i32> <i32 20, i32 20, i32 20, i32 20>, <4 x i32> <i32 30, i32 30, i32 30, i32 30>
; CHECK-NEXT: %{{r.v[0-9]+}} = select <4 x i1> %Pivot.v, <4 x i32> <i32 10, i32 10, i32 10, i32 10>, <4 x i32> %[[R]]
define void @varying_switch(ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %sel = urem i64 %gid, 3
  switch i64 %sel, label %two [ i64 0, label %zero
                                i64 1, label %one ]
zero:
  br label %join
one:
  br label %join
two:
  br label %join
join:
  %r = phi i32 [ 10, %zero ], [ 20, %one ], [ 30, %two ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

; A uniform branch inside a divergent one: linearized too, its edge masks
; a select on the uniform condition (all the block's lanes or none); its
; join's uniform phi takes the value of the edge some lane came along.
; CHECK-LABEL: define void @__vecz_v4_uniform_inside_divergent(
; CHECK: %check.to.yes = select i1 %set, <4 x i1> %odd.v, <4 x i1> zeroinitializer
; CHECK: inner.join:
; CHECK-NEXT: %[[TOOK:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %check.to.yes)
; CHECK-NEXT: %u{{[0-9]*}} = select i1 %[[TOOK]], i32 5, i32 7
; CHECK: %inner.join.mask = or <4 x i1> %check.to.yes, %check.to.inner.join
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %u.splat{{.*}}, ptr addrspace(1) %p, i32 4, <4 x i1> %inner.join.mask)
define void @uniform_inside_divergent(ptr addrspace(1) %data, i32 %flag) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %check, label %join
check:
  %set = icmp ne i32 %flag, 0
  br i1 %set, label %yes, label %inner.join
yes:
  br label %inner.join
inner.join:
  %u = phi i32 [ 5, %yes ], [ 7, %check ]
  store i32 %u, ptr addrspace(1) %p, align 4
  br label %join
join:
  ret void
}

; A divergent loop capped by a uniform count, `while (n > 1 && r < 100)`:
; the logical and of a varying and a uniform condition (its select form)
; is a select on the uniform one, frozen (the select form lets no poison
; through where the first operand decides), not an and with its splat.
; CHECK-LABEL: define void @__vecz_v4_capped(
; CHECK: %[[CAP:.+]] = freeze i1 %below.cap
; CHECK-NEXT: %go.v = select i1 %[[CAP]], <4 x i1> %more.v, <4 x i1> zeroinitializer
; CHECK-NOT: %below.cap.splat
define void @capped(ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %n0 = load i32, ptr addrspace(1) %p, align 4
  br label %loop
loop:
  %n = phi i32 [ %n0, %entry ], [ %half, %loop ]
  %r = phi i32 [ 0, %entry ], [ %r.next, %loop ]
  %half = lshr i32 %n, 1
  %r.next = add i32 %r, 1
  %more = icmp ugt i32 %half, 1
  %below.cap = icmp ult i32 %r.next, 100
  %go = select i1 %more, i1 %below.cap, i1 false
  br i1 %go, label %loop, label %done
done:
  %steps = phi i32 [ %r.next, %loop ]
  store i32 %steps, ptr addrspace(1) %p, align 4
  ret void
}

; Loops inside a divergent loop: each lane runs rows of its own count. A
; row is a divergent loop, whose live mask starts from the lanes live in the
; row and whose live-out is kept per lane, then a uniform loop, entered when
; a lane is live and run under the row's mask with its own branch.
; CHECK-LABEL: define void @__vecz_v4_rows(
; CHECK: row:
; CHECK: %row.live = phi <4 x i1> [ <i1 true, i1 true, i1 true, i1 true>, %entry ], [ %row.latch.to.row, %row.latch ]
; CHECK: col:
; CHECK-NEXT: %col.live = phi <4 x i1> [ %row.live, %row ], [ %col.to.col, %col ]
; CHECK-NEXT: %width.v.kept = phi <4 x i32> [ zeroinitializer, %row ], [ %width.v.out, %col ]
; CHECK: %col.to.cols.done = and <4 x i1> %col.live, %{{.+}}
; CHECK-NEXT: %width.v.out = select <4 x i1> %col.to.cols.done, <4 x i32> %c.next.splat.splat, <4 x i32> %width.v.kept
; CHECK-NEXT: %col.to.col = and <4 x i1> %col.live, %col.more.v
; CHECK-NEXT: %[[MORE_COLS:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %col.to.col)
; CHECK-NEXT: br i1 %[[MORE_COLS]], label %col, label %cols.done
; CHECK: cols.done:
; CHECK-NEXT: %[[ENTERING:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %row.live)
; CHECK-NEXT: br i1 %[[ENTERING]], label %scale, label %row.latch
; CHECK: scale:
; CHECK: %w.v = phi <4 x i32> [ %width.v.out, %cols.done ], [ %w.twice.v, %scale ]
; CHECK: br i1 %scale.more, label %scale, label %row.latch
; CHECK: row.latch:
; CHECK-NEXT: %scaled.v = phi <4 x i32> [ %w.twice.v, %scale ], [ zeroinitializer, %cols.done ]
; CHECK: %row.latch.to.row = and <4 x i1> %row.live, %row.more.v
; CHECK-NEXT: %[[MORE_ROWS:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %row.latch.to.row)
; CHECK-NEXT: br i1 %[[MORE_ROWS]], label %row, label %done
; CHECK: done:
; CHECK-NEXT: store <4 x i32> %sum.v.out, ptr addrspace(1) %p, align 4
define void @rows(ptr addrspace(1) %data, i32 %m) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %rows = load i32, ptr addrspace(1) %p, align 4
  br label %row
row:
  %r = phi i32 [ 0, %entry ], [ %r.next, %row.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %row.latch ]
  %limit = add i32 %rows, %r
  br label %col
col:
  %c = phi i32 [ 0, %row ], [ %c.next, %col ]
  %c.next = add i32 %c, 1
  %col.more = icmp ult i32 %c.next, %limit
  br i1 %col.more, label %col, label %cols.done
cols.done:
  %width = phi i32 [ %c.next, %col ]
  br label %scale
scale:
  %k = phi i32 [ 0, %cols.done ], [ %k.next, %scale ]
  %w = phi i32 [ %width, %cols.done ], [ %w.twice, %scale ]
  %w.twice = shl i32 %w, 1
  %k.next = add i32 %k, 1
  %scale.more = icmp ult i32 %k.next, %m
  br i1 %scale.more, label %scale, label %row.latch
row.latch:
  %scaled = phi i32 [ %w.twice, %scale ]
  %acc.next = add i32 %acc, %scaled
  %r.next = add i32 %r, 1
  %row.more = icmp ult i32 %r.next, %rows
  br i1 %row.more, label %row, label %done
done:
  %sum = phi i32 [ %acc.next, %row.latch ]
  store i32 %sum, ptr addrspace(1) %p, align 4
  ret void
}

; A uniform loop holding a divergent branch inside a bounds check: its
; blocks run under masks as a divergent loop's do (the store masked by the
; lanes taking the branch), and it goes round while a lane is live, the
; lanes leaving together on the uniform condition.
; CHECK-LABEL: define void @__vecz_v4_guarded_uniform_loop(
; CHECK: loop:
; CHECK-NEXT: %loop.live = phi <4 x i1> [ %in.range.v, %loop.preheader.active ], [ %latch.to.loop, %latch ]
; CHECK: %v.v = call <4 x i32> @llvm.masked.load.v4i32.p1(ptr addrspace(1) %p, i32 4, <4 x i1> %loop.live, <4 x i32> zeroinitializer)
; CHECK: %loop.to.bump = and <4 x i1> %loop.live, %positive.v
; CHECK: bump:
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %v.next.v, ptr addrspace(1) %p, i32 4, <4 x i1> %loop.to.bump)
; CHECK: latch:
; CHECK: %more = icmp ult i32 %k.next, %m
; CHECK-NEXT: %latch.to.loop = select i1 %more, <4 x i1> %latch.mask, <4 x i1> zeroinitializer
; CHECK-NEXT: %[[AGAIN:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %latch.to.loop)
; CHECK-NEXT: br i1 %[[AGAIN]], label %loop, label %exit
define void @guarded_uniform_loop(ptr addrspace(1) %data, i64 %n, i32 %m) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %in.range = icmp ult i64 %gid, %n
  br i1 %in.range, label %loop, label %done
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %v = load i32, ptr addrspace(1) %p, align 4
  %positive = icmp sgt i32 %v, 0
  br i1 %positive, label %bump, label %latch
bump:
  %v.next = add i32 %v, %k
  store i32 %v.next, ptr addrspace(1) %p, align 4
  br label %latch
latch:
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %m
  br i1 %more, label %loop, label %exit
exit:
  %count = phi i32 [ %k.next, %latch ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %n
  store i32 %count, ptr addrspace(1) %q, align 4
  br label %done
done:
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
