; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4;layout=interleaved>' -S %s | FileCheck %s
; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4;layout=scalarized>' -S %s | FileCheck %s --check-prefix=SOA
; RUN: not loom-opt -mcpu=skylake-avx512 -passes='vecz<layout=rows>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD
; (-mcpu: a CPU with gathers of its own, whose strided accesses stay gathers;
; without one they are done lane by lane: vecz-strided-accesses.ll.)

; Values of OpenCL vector types (float4, int2) are widened interleaved: a
; varying <N x T> becomes <4 * N x T>, lane l's vector at elements
; l * N .. l * N + N - 1. Element-wise operations widen as they are;
; consecutive float4s are one wide load or store; an element pick, an
; element insert and a swizzle repeat their pattern at each lane's offset
; (at a variable index, they select by it);
; a uniform vector is repeated for every lane; masks and scalar conditions
; are spread over each lane's elements.

; Scalarized then widened, each element of a float4 is its own <4 x float>:
; the load is one wide load taken apart by element, the arithmetic is per
; element (the element the swizzle drops is never computed), and the store
; puts the elements back together.
; SOA-LABEL: define void @__vecz_v4_swizzle(
; SOA: %x.v = load <16 x float>, ptr addrspace(1) %p, align 16
; SOA-NEXT: %x.i0.v = shufflevector <16 x float> %x.v, <16 x float> poison, <4 x i32> <i32 0, i32 4, i32 8, i32 12>
; SOA-NEXT: %y.i0.v = fmul <4 x float> %x.i0.v, %k4.i0.splat.splat
; SOA-NEXT: %x.i1.v = shufflevector <16 x float> %x.v, <16 x float> poison, <4 x i32> <i32 1, i32 5, i32 9, i32 13>
; SOA-NEXT: %y.i1.v = fmul <4 x float> %x.i1.v, %k4.i1.splat.splat
; SOA-NEXT: %x.i3.v = shufflevector <16 x float> %x.v, <16 x float> poison, <4 x i32> <i32 3, i32 7, i32 11, i32 15>
; SOA-NEXT: %y.i3.v = fmul <4 x float> %x.i3.v, %k4.i3.splat.splat
; SOA-NOT: fmul
; SOA: %s.v = shufflevector <16 x float> %s.upto2.v, <16 x float> %{{.+}}, <16 x i32> <i32 0, i32 1, i32 2, i32 19, i32 4, i32 5, i32 6, i32 23, i32 8, i32 9, i32 10, i32 27, i32 12, i32 13, i32 14, i32 31>
; SOA: store <16 x float> %s.v, ptr addrspace(1) %q, align 16
; BAD: vecz: layout must be 'auto', 'interleaved' or 'scalarized', not 'rows'

; CHECK-LABEL: define void @__vecz_v4_swizzle(
; CHECK: %k4.splat = shufflevector <4 x float> %k4, <4 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
; CHECK: %x.v = load <16 x float>, ptr addrspace(1) %p, align 16
; CHECK: %y.v = fmul <16 x float> %x.v, %k4.splat
; CHECK: %w.v = shufflevector <16 x float> %y.v, <16 x float> poison, <4 x i32> <i32 3, i32 7, i32 11, i32 15>
; CHECK: %r.v = shufflevector <16 x float> %y.v, <16 x float> poison, <16 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4, i32 11, i32 10, i32 9, i32 8, i32 15, i32 14, i32 13, i32 12>
; CHECK: %[[W:.+]] = shufflevector <4 x float> %w.v, <4 x float> poison, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 1, i32 1, i32 1, i32 1, i32 2, i32 2, i32 2, i32 2, i32 3, i32 3, i32 3, i32 3>
; CHECK-NEXT: %s.v = shufflevector <16 x float> %r.v, <16 x float> %[[W]], <16 x i32> <i32 0, i32 17, i32 2, i32 3, i32 4, i32 21, i32 6, i32 7, i32 8, i32 25, i32 10, i32 11, i32 12, i32 29, i32 14, i32 15>
; CHECK: store <16 x float> %s.v, ptr addrspace(1) %q, align 16
define void @swizzle(ptr addrspace(1) %in, ptr addrspace(1) %out, <4 x float> %k4) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr <4 x float>, ptr addrspace(1) %in, i64 %gid
  %x = load <4 x float>, ptr addrspace(1) %p, align 16
  %y = fmul <4 x float> %x, %k4
  %w = extractelement <4 x float> %y, i64 3
  %r = shufflevector <4 x float> %y, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %s = insertelement <4 x float> %r, float %w, i64 1
  %q = getelementptr <4 x float>, ptr addrspace(1) %out, i64 %gid
  store <4 x float> %s, ptr addrspace(1) %q, align 16
  ret void
}

; in[2 * gid]: every other int2, a gather of each lane's two elements; a
; scalar varying condition chooses whole int2s; an int2 seen as a long is
; one bitcast of the wide vector.
; CHECK-LABEL: define void @__vecz_v4_strided(
; CHECK: %[[PTRS:.+]] = shufflevector <4 x ptr addrspace(1)> %p.v, <4 x ptr addrspace(1)> poison, <8 x i32> <i32 0, i32 0, i32 1, i32 1, i32 2, i32 2, i32 3, i32 3>
; CHECK-NEXT: %[[ELEMS:.+]] = getelementptr i32, <8 x ptr addrspace(1)> %[[PTRS]], <8 x i64> <i64 0, i64 1, i64 0, i64 1, i64 0, i64 1, i64 0, i64 1>
; CHECK-NEXT: %x.v = call <8 x i32> @llvm.masked.gather.v8i32.v8p1(<8 x ptr addrspace(1)> %[[ELEMS]], i32 4, <8 x i1> <i1 true, {{.*}}>, <8 x i32> zeroinitializer)
; CHECK: %[[COND:.+]] = shufflevector <4 x i1> %odd.v, <4 x i1> poison, <8 x i32> <i32 0, i32 0, i32 1, i32 1, i32 2, i32 2, i32 3, i32 3>
; CHECK-NEXT: %y.v = select <8 x i1> %[[COND]], <8 x i32> %x.v, <8 x i32> <i32 7, i32 8, i32 7, i32 8, i32 7, i32 8, i32 7, i32 8>
; CHECK: %l.v = bitcast <8 x i32> %y.v to <4 x i64>
; CHECK: store <4 x i64> %l.v, ptr addrspace(1) %q, align 8
define void @strided(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %twice = mul i64 %gid, 2
  %p = getelementptr <2 x i32>, ptr addrspace(1) %in, i64 %twice
  %x = load <2 x i32>, ptr addrspace(1) %p, align 8
  %bit = and i64 %gid, 1
  %odd = icmp ne i64 %bit, 0
  %y = select i1 %odd, <2 x i32> %x, <2 x i32> <i32 7, i32 8>
  %l = bitcast <2 x i32> %y to i64
  %q = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  store i64 %l, ptr addrspace(1) %q, align 8
  ret void
}

; Under a bounds check: the float4 store is masked, each lane's bit spread
; over its four elements.
; CHECK-LABEL: define void @__vecz_v4_guarded(
; CHECK: %[[M:.+]] = shufflevector <4 x i1> %in.range.v, <4 x i1> poison, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 1, i32 1, i32 1, i32 1, i32 2, i32 2, i32 2, i32 2, i32 3, i32 3, i32 3, i32 3>
; CHECK-NEXT: call void @llvm.masked.store.v16f32.p1(<16 x float> %{{.+}}, ptr addrspace(1) %p, i32 16, <16 x i1> %[[M]])
define void @guarded(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %in.range = icmp ult i64 %gid, %n
  br i1 %in.range, label %then, label %done
then:
  %f = uitofp i64 %gid to float
  %v = insertelement <4 x float> zeroinitializer, float %f, i64 2
  %p = getelementptr <4 x float>, ptr addrspace(1) %out, i64 %gid
  store <4 x float> %v, ptr addrspace(1) %p, align 16
  br label %done
done:
  ret void
}

; Elements at variable indices. Picking one by a varying index takes out
; each element of every lane and keeps, by a chain of selects, the one the
; lane's index names; setting one compares each element's position with its
; lane's index; a uniform index compares once, as a scalar.
; CHECK-LABEL: define void @__vecz_v4_variable_elements(
; CHECK: %v.v = load <16 x float>, ptr addrspace(1) %p, align 16
; CHECK: %e.v.last = shufflevector <16 x float> %v.v, <16 x float> poison, <4 x i32> <i32 3, i32 7, i32 11, i32 15>
; CHECK-NEXT: %[[E2:.+]] = shufflevector <16 x float> %v.v, <16 x float> poison, <4 x i32> <i32 2, i32 6, i32 10, i32 14>
; CHECK-NEXT: %[[IS2:.+]] = icmp eq <4 x i64> %i.v, <i64 2, i64 2, i64 2, i64 2>
; CHECK-NEXT: %[[UPTO2:.+]] = select <4 x i1> %[[IS2]], <4 x float> %[[E2]], <4 x float> %e.v.last
; CHECK-NEXT: %[[E1:.+]] = shufflevector <16 x float> %v.v, <16 x float> poison, <4 x i32> <i32 1, i32 5, i32 9, i32 13>
; CHECK-NEXT: %[[IS1:.+]] = icmp eq <4 x i64> %i.v, <i64 1, i64 1, i64 1, i64 1>
; CHECK-NEXT: %[[UPTO1:.+]] = select <4 x i1> %[[IS1]], <4 x float> %[[E1]], <4 x float> %[[UPTO2]]
; CHECK-NEXT: %[[E0:.+]] = shufflevector <16 x float> %v.v, <16 x float> poison, <4 x i32> <i32 0, i32 4, i32 8, i32 12>
; CHECK-NEXT: %[[IS0:.+]] = icmp eq <4 x i64> %i.v, zeroinitializer
; CHECK-NEXT: %e.v = select <4 x i1> %[[IS0]], <4 x float> %[[E0]], <4 x float> %[[UPTO1]]
; CHECK: %[[AT:.+]] = shufflevector <4 x i64> %i.v, <4 x i64> poison, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 1, i32 1, i32 1, i32 1, i32 2, i32 2, i32 2, i32 2, i32 3, i32 3, i32 3, i32 3>
; CHECK-NEXT: %[[HERE:.+]] = icmp eq <16 x i64> %[[AT]], <i64 0, i64 1, i64 2, i64 3, i64 0, i64 1, i64 2, i64 3, i64 0, i64 1, i64 2, i64 3, i64 0, i64 1, i64 2, i64 3>
; CHECK: %w.v = select <16 x i1> %[[HERE]], <16 x float> %{{.+}}, <16 x float> %v.v
; CHECK: %[[ISK:.+]] = icmp eq i32 %k, 0
; CHECK-NEXT: %u.v = select i1 %[[ISK]], <4 x float> %{{.+}}, <4 x float> %{{.+}}
; CHECK: store <16 x float> %w.v, ptr addrspace(1) %p, align 16
define void @variable_elements(ptr addrspace(1) %out, ptr addrspace(1) %picked, i32 %k) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr <4 x float>, ptr addrspace(1) %out, i64 %gid
  %v = load <4 x float>, ptr addrspace(1) %p, align 16
  %i = and i64 %gid, 3
  %e = extractelement <4 x float> %v, i64 %i
  %w = insertelement <4 x float> %v, float %e, i64 %i
  %u = extractelement <4 x float> %v, i32 %k
  %sum = fadd float %e, %u
  %q = getelementptr float, ptr addrspace(1) %picked, i64 %gid
  store float %sum, ptr addrspace(1) %q, align 4
  store <4 x float> %w, ptr addrspace(1) %p, align 16
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
