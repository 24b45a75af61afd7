; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4>' -S %s | FileCheck %s

; Control-flow conversion of acyclic divergent regions: the branch on a
; varying condition becomes straight code; each block runs under the mask
; of the lanes that reach it (the branch condition, its negation, their
; conjunctions for nested branches); varying memory accesses are masked;
; the phis where the paths join become selects on the edge masks.

; An if/else: the store on one side is masked with that side's lanes, the
; join phi a select on the edge from the other.
; CHECK-LABEL: define void @__vecz_v4_if_else(
; CHECK: %v.v = load <4 x i32>, ptr addrspace(1) %p, align 4
; CHECK-NEXT: %big.v = icmp sgt <4 x i32> %v.v, <i32 100, i32 100, i32 100, i32 100>
; CHECK-NEXT: %entry.to.else = xor <4 x i1> %big.v, <i1 true, i1 true, i1 true, i1 true>
; CHECK-NEXT: br label %then
; CHECK: then:
; CHECK-NEXT: br label %else
; CHECK: else:
; CHECK-NEXT: %w.v = add <4 x i32> %v.v, <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT: call void @llvm.masked.store.v4i32.p1(<4 x i32> %w.v, ptr addrspace(1) %p, i32 4, <4 x i1> %entry.to.else)
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %r.v{{[0-9]*}} = select <4 x i1> %big.v, <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32> %w.v
; CHECK-NEXT: store <4 x i32> %r.v{{[0-9]*}}, ptr addrspace(1) %p, align 4
define void @if_else(ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %v = load i32, ptr addrspace(1) %p, align 4
  %big = icmp sgt i32 %v, 100
  br i1 %big, label %then, label %else
then:
  br label %join
else:
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p, align 4
  br label %join
join:
  %r = phi i32 [ 7, %then ], [ %w, %else ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

; A bounds check: the load of an element that may be past the end is a
; masked load, so an inactive lane never touches it; a uniform load inside
; happens once, and only if some lane is active.
; CHECK-LABEL: define void @__vecz_v4_guarded(
; CHECK: %in.range.v = icmp ult <4 x i64> %gid.v, %n.splat
; CHECK: in:
; CHECK: %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %in.range.v)
; CHECK: call <1 x float> @llvm.masked.load.v1f32.p1(ptr addrspace(1) %scale, i32 4, <1 x i1> %any.lane{{.*}}, <1 x float> zeroinitializer)
; CHECK: %x.v = call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) %px, i32 4, <4 x i1> %in.range.v, <4 x float> zeroinitializer)
; CHECK: call void @llvm.masked.store.v4f32.p1(<4 x float> %y.v, ptr addrspace(1) %px, i32 4, <4 x i1> %in.range.v)
define void @guarded(ptr addrspace(1) %a, ptr addrspace(1) %scale, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %in.range = icmp ult i64 %gid, %n
  br i1 %in.range, label %in, label %out
in:
  %s = load float, ptr addrspace(1) %scale, align 4
  %px = getelementptr inbounds float, ptr addrspace(1) %a, i64 %gid
  %x = load float, ptr addrspace(1) %px, align 4
  %y = fmul float %x, %s
  store float %y, ptr addrspace(1) %px, align 4
  br label %out
out:
  ret void
}

; Nested divergent branches: the inner blocks' masks are the conjunction of
; both conditions; the whole nest is one region.
; CHECK-LABEL: define void @__vecz_v4_nested(
; CHECK: %odd.v = trunc <4 x i64> %gid.v to <4 x i1>
; CHECK: %v.v = call <4 x i32> @llvm.masked.load.v4i32.p1(ptr addrspace(1) %p, i32 4, <4 x i1> %odd.v, <4 x i32> zeroinitializer)
; CHECK: %outer.to.inner = and <4 x i1> %odd.v, %neg.v
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> <i32 2, i32 2, i32 2, i32 2>, ptr addrspace(1) %p, i32 4, <4 x i1> %outer.to.inner)
define void @nested(ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %outer, label %end
outer:
  %v = load i32, ptr addrspace(1) %p, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %inner, label %end
inner:
  store i32 2, ptr addrspace(1) %p, align 4
  br label %end
end:
  ret void
}

; A join's blend that feeds the next region's join: the second blend takes
; the first blend itself, not lane 0 of it.
; CHECK-LABEL: define void @__vecz_v4_chained_joins(
; CHECK: [[Y:%y.v[0-9]*]] = select <4 x i1> %c1.v, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> <i32 2, i32 2, i32 2, i32 2>
; CHECK: %y2.v = add <4 x i32> [[Y]], <i32 10, i32 10, i32 10, i32 10>
; CHECK: %z.v{{[0-9]*}} = select <4 x i1> %c2.v, <4 x i32> %y2.v, <4 x i32> [[Y]]
define void @chained_joins(ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %v = load i32, ptr addrspace(1) %p, align 4
  %c1 = icmp sgt i32 %v, 0
  br i1 %c1, label %a, label %b
a:
  br label %j1
b:
  br label %j1
j1:
  %y = phi i32 [ 1, %a ], [ 2, %b ]
  %c2 = trunc i64 %gid to i1
  br i1 %c2, label %c, label %j2
c:
  %y2 = add i32 %y, 10
  br label %j2
j2:
  %z = phi i32 [ %y2, %c ], [ %y, %j1 ]
  store i32 %z, ptr addrspace(1) %p, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
