; RUN: loom-opt -mcpu=znver3 -passes='vecz<width=4>' -S %s | FileCheck %s --check-prefix=LANES
; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4>' -S %s | FileCheck %s --check-prefix=GATHER
; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4;no-strided-gathers>' -S %s | FileCheck %s --check-prefix=LANES
; RUN: loom-opt -mcpu=znver3 -passes='vecz<width=auto>' -pass-remarks=vecz -disable-output %s 2>&1 | FileCheck %s --check-prefix=WIDTH
; RUN: loom-opt -passes='print<vecz-stride>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STRIDE

; A load or store of every lane whose address moves from lane to lane by a
; step other than its size. Where the CPU has no gather of its own (Zen 3),
; the backend would take each lane's address out of a vector register; Vecz
; does it lane by lane itself, from lane 0's address plus l steps, the step
; computed from the uniform values the stride came through (here the row
; length %n: 4 * sext(n) bytes), which LICM then hoists. Where gathers are
; instructions (AVX-512), they stay gathers, unless the target says its
; gathers are slow (no-strided-gathers: AMD's AVX-512).
; LANES-LABEL: define void @__vecz_v4_rows(
; LANES: loop:
; LANES: %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %at
; LANES-NEXT: [[N:%.+]] = sext i32 %n to i64
; LANES-NEXT: %pa.step = mul i64 [[N]], 4
; LANES-NEXT: %av.lane0 = load float, ptr addrspace(1) %pa, align 4
; LANES-NEXT: %pa.lane1 = getelementptr i8, ptr addrspace(1) %pa, i64 %pa.step
; LANES-NEXT: %av.lane1 = load float, ptr addrspace(1) %pa.lane1, align 4
; LANES-NEXT: [[TWO:%.+]] = mul i64 %pa.step, 2
; LANES-NEXT: %pa.lane2 = getelementptr i8, ptr addrspace(1) %pa, i64 [[TWO]]
; LANES-NEXT: %av.lane2 = load float, ptr addrspace(1) %pa.lane2, align 4
; LANES-NEXT: [[THREE:%.+]] = mul i64 %pa.step, 3
; LANES-NEXT: %pa.lane3 = getelementptr i8, ptr addrspace(1) %pa, i64 [[THREE]]
; LANES-NEXT: %av.lane3 = load float, ptr addrspace(1) %pa.lane3, align 4
; LANES-NEXT: [[E0:%.+]] = insertelement <4 x float> poison, float %av.lane0, i64 0
; LANES-NEXT: [[E1:%.+]] = insertelement <4 x float> [[E0]], float %av.lane1, i64 1
; LANES-NEXT: [[E2:%.+]] = insertelement <4 x float> [[E1]], float %av.lane2, i64 2
; LANES-NEXT: %av.v = insertelement <4 x float> [[E2]], float %av.lane3, i64 3
; LANES: %t.next.v = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %av.v,
; LANES: %pb.step = mul i64 %{{.*}}, 4
; LANES: %bv.v = insertelement <4 x float> %{{.*}}, float %bv.lane3, i64 3
; LANES-NOT: @llvm.masked.gather
; LANES: ret void
; GATHER-LABEL: define void @__vecz_v4_rows(
; GATHER: %av.v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(<4 x ptr addrspace(1)> %pa.v,
; GATHER: %bv.v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(<4 x ptr addrspace(1)> %pb.v,

; Two rows per lane, a power of two apart at worst (the row length is an
; argument): at width 8 the 16 lines an iteration reads could all fall in
; one set of the 8-way L1 data cache, evicting each other before the next
; iteration reads on in them; at width 4, 8 lines fit.
; WIDTH-DAG: remark: {{.*}}kernel 'rows' vectorized at width 4
define void @rows(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %i = trunc i64 %gid to i32
  %row = mul nsw i32 %i, %n
  %row.wide = sext i32 %row to i64
  %count = zext i32 %n to i64
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %t = phi float [ 0.0, %entry ], [ %t.next, %loop ]
  %u = phi float [ 0.0, %entry ], [ %u.next, %loop ]
  %at = add nsw i64 %j, %row.wide
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %at
  %av = load float, ptr addrspace(1) %pa, align 4
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %j
  %xv = load float, ptr addrspace(1) %px, align 4
  %t.next = call float @llvm.fmuladd.f32(float %av, float %xv, float %t)
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %at
  %bv = load float, ptr addrspace(1) %pb, align 4
  %u.next = call float @llvm.fmuladd.f32(float %bv, float %xv, float %u)
  %j.next = add nuw nsw i64 %j, 1
  %done = icmp eq i64 %j.next, %count
  br i1 %done, label %exit, label %loop
exit:
  %sum = fadd float %t.next, %u.next
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %gid
  store float %sum, ptr addrspace(1) %py, align 4
  ret void
}

; Rows of 33 floats, a constant: 8 lanes' lines fall in 8 different sets, so
; the width stays the registers' 8.
; WIDTH-DAG: remark: {{.*}}kernel 'rows_of_33' vectorized at width 8
define void @rows_of_33(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %x, ptr addrspace(1) %y) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %row = mul nsw i64 %gid, 33
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %t = phi float [ 0.0, %entry ], [ %t.next, %loop ]
  %u = phi float [ 0.0, %entry ], [ %u.next, %loop ]
  %at = add nsw i64 %j, %row
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %at
  %av = load float, ptr addrspace(1) %pa, align 4
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %j
  %xv = load float, ptr addrspace(1) %px, align 4
  %t.next = call float @llvm.fmuladd.f32(float %av, float %xv, float %t)
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %at
  %bv = load float, ptr addrspace(1) %pb, align 4
  %u.next = call float @llvm.fmuladd.f32(float %bv, float %xv, float %u)
  %j.next = add nuw nsw i64 %j, 1
  %done = icmp eq i64 %j.next, 33
  br i1 %done, label %exit, label %loop
exit:
  %sum = fadd float %t.next, %u.next
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %gid
  store float %sum, ptr addrspace(1) %py, align 4
  ret void
}

; Constant steps, and a store: lane by lane in lane order, each lane's value
; taken out of the vector.
; LANES-LABEL: define void @__vecz_v4_pairs(
; LANES: %pe.lane1 = getelementptr i8, ptr addrspace(1) %pe, i64 8
; LANES: %pe.lane3 = getelementptr i8, ptr addrspace(1) %pe, i64 24
; LANES: %v.v = insertelement <4 x float> %{{.*}}, float %v.lane3, i64 3
; LANES: %w.v = fadd <4 x float> %v.v,
; LANES: [[W0:%.+]] = extractelement <4 x float> %w.v, i64 0
; LANES-NEXT: store float [[W0]], ptr addrspace(1) %po, align 4
; LANES-NEXT: [[W1:%.+]] = extractelement <4 x float> %w.v, i64 1
; LANES-NEXT: %po.lane1 = getelementptr i8, ptr addrspace(1) %po, i64 12
; LANES-NEXT: store float [[W1]], ptr addrspace(1) %po.lane1, align 4
; LANES: [[W3:%.+]] = extractelement <4 x float> %w.v, i64 3
; LANES-NEXT: %po.lane3 = getelementptr i8, ptr addrspace(1) %po, i64 36
; LANES-NEXT: store float [[W3]], ptr addrspace(1) %po.lane3, align 4
; LANES-NOT: @llvm.masked.scatter
; LANES: ret void
; GATHER-LABEL: define void @__vecz_v4_pairs(
; GATHER: @llvm.masked.gather.v4f32.v4p1(
; GATHER: @llvm.masked.scatter.v4f32.v4p1(
define void @pairs(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %even = shl i64 %gid, 1
  %pe = getelementptr inbounds float, ptr addrspace(1) %in, i64 %even
  %v = load float, ptr addrspace(1) %pe, align 4
  %w = fadd float %v, 1.0
  %third = mul i64 %gid, 3
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %third
  store float %w, ptr addrspace(1) %po, align 4
  ret void
}

; A step through a shift by a uniform amount: 1 << k elements of 4 bytes.
; LANES-LABEL: define void @__vecz_v4_shifted(
; LANES: [[ONE:%.+]] = shl i64 1, %k
; LANES-NEXT: %p.step = mul i64 [[ONE]], 4
; LANES: %p.lane1 = getelementptr i8, ptr addrspace(1) %p, i64 %p.step
define void @shifted(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %k) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %at = shl i64 %gid, %k
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %at
  %v = load float, ptr addrspace(1) %p, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

; Under a mask the access stays a gather, which touches no inactive lane's
; address.
; LANES-LABEL: define void @__vecz_v4_masked(
; LANES: %v.v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(<4 x ptr addrspace(1)> %pe.v, i32 4, <4 x i1> %inside.v,
define void @masked(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %limit) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %inside = icmp ult i64 %gid, %limit
  br i1 %inside, label %then, label %exit
then:
  %even = shl i64 %gid, 1
  %pe = getelementptr inbounds float, ptr addrspace(1) %in, i64 %even
  %v = load float, ptr addrspace(1) %pe, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %po, align 4
  br label %exit
exit:
  ret void
}

; A vector per lane (float2 at every other float2): each lane's loaded whole,
; the lanes concatenated.
; LANES-LABEL: define void @__vecz_v4_pairs2(
; LANES: %v.lane0 = load <2 x float>, ptr addrspace(1) %pe, align 8
; LANES-NEXT: %pe.lane1 = getelementptr i8, ptr addrspace(1) %pe, i64 16
; LANES-NEXT: %v.lane1 = load <2 x float>, ptr addrspace(1) %pe.lane1, align 8
; LANES: %v.lane3 = load <2 x float>, ptr addrspace(1) %pe.lane3, align 8
; LANES-NEXT: [[L01:%.+]] = shufflevector <2 x float> %v.lane0, <2 x float> %v.lane1, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; LANES-NEXT: [[L23:%.+]] = shufflevector <2 x float> %v.lane2, <2 x float> %v.lane3, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; LANES-NEXT: %v.v = shufflevector <4 x float> [[L01]], <4 x float> [[L23]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; LANES-NEXT: %po = getelementptr inbounds <2 x float>, ptr addrspace(1) %out, i64 %gid
; LANES-NEXT: store <8 x float> %v.v, ptr addrspace(1) %po, align 8
define void @pairs2(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %even = shl i64 %gid, 1
  %pe = getelementptr inbounds <2 x float>, ptr addrspace(1) %in, i64 %even
  %v = load <2 x float>, ptr addrspace(1) %pe, align 8
  %po = getelementptr inbounds <2 x float>, ptr addrspace(1) %out, i64 %gid
  store <2 x float> %v, ptr addrspace(1) %po, align 8
  ret void
}

; An index that moves back by one, n - 1 - i (InstCombine's -1 - i + n:
; `xor i, -1`): one vector load at lane W-1's address, its lanes reversed,
; on any CPU; the store likewise.
; STRIDE-LABEL: Strides of 'reversed':
; STRIDE: strided -1:  %v = load float
; STRIDE: strided -1:  store float
; LANES-LABEL: define void @__vecz_v4_reversed(
; LANES: %p.last.lane = getelementptr float, ptr addrspace(1) %p, i64 -3
; LANES-NEXT: [[LOADED:%.+]] = load <4 x float>, ptr addrspace(1) %p.last.lane, align 4
; LANES-NEXT: %v.v = shufflevector <4 x float> [[LOADED]], <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
; LANES: %w.v = fmul <4 x float> %v.v,
; LANES: [[BACK:%.+]] = shufflevector <4 x float> %w.v, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
; LANES-NEXT: %q.last.lane = getelementptr float, ptr addrspace(1) %q, i64 -3
; LANES-NEXT: store <4 x float> [[BACK]], ptr addrspace(1) %q.last.lane, align 4
; GATHER-LABEL: define void @__vecz_v4_reversed(
; GATHER-NOT: @llvm.masked.gather
; GATHER: ret void
define void @reversed(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %n) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %back = xor i64 %gid, -1
  %at = add i64 %back, %n
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %at
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fmul float %v, 2.0
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %at
  store float %w, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
