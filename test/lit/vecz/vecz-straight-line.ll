; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4>' -S %s | FileCheck %s --check-prefixes=CHECK,W4
; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=8>' -S %s | FileCheck %s --check-prefixes=CHECK,W8
; (-mcpu: a CPU with gathers of its own, whose strided accesses stay gathers;
; without one they are done lane by lane: vecz-strided-accesses.ll.)

; A straight-line kernel widened to W work-items: consecutive loads and
; stores become vector ones at lane 0's address (the scalar id and GEPs
; compute it), the uniform argument is splatted where varying values use
; it, and the intrinsic is called at width W. The scalar kernel names its
; variant.
; CHECK-LABEL: define void @saxpy(
; W4-SAME: !mux_vector_variant ![[V4:[0-9]+]]
; W8-SAME: !mux_vector_variant ![[V8:[0-9]+]]
; W4-LABEL: define void @__vecz_v4_saxpy(float %a, ptr addrspace(1) %x, ptr addrspace(1) %y)
; W4: %gid = call i64 @__mux_get_global_id(i32 0)
; W4-NEXT: %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %gid
; W4-NEXT: %vx.v = load <4 x float>, ptr addrspace(1) %px, align 4
; W4: %vy.v = load <4 x float>, ptr addrspace(1) %py, align 4
; W4: %r.v = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %a.splat{{.*}}, <4 x float> %vx.v, <4 x float> %vy.v)
; W4-NEXT: store <4 x float> %r.v, ptr addrspace(1) %py, align 4
; W4-NOT: store float
; W4: ret void
; W8-LABEL: define void @__vecz_v8_saxpy(
; W8: call <8 x float> @llvm.fmuladd.v8f32(
; W8: store <8 x float>
define void @saxpy(float %a, ptr addrspace(1) %x, ptr addrspace(1) %y) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %gid
  %vx = load float, ptr addrspace(1) %px, align 4
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %gid
  %vy = load float, ptr addrspace(1) %py, align 4
  %r = call float @llvm.fmuladd.f32(float %a, float %vx, float %vy)
  store float %r, ptr addrspace(1) %py, align 4
  ret void
}

; Strided and unknown addresses become gathers and scatters with every lane
; on, from the ids of every lane, lane 0's plus <0..W-1>; a uniform load
; stays one scalar load.
; CHECK-LABEL: define void @__vecz_v{{[48]}}_memory(
; CHECK: %scale = load i32, ptr addrspace(1) %in, align 4
; W4: %gid.v = add <4 x i64> %gid.splat{{.*}}, <i64 0, i64 1, i64 2, i64 3>
; W8: %gid.v = add <8 x i64> %gid.splat{{.*}}, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
; W4: %even.v = call <4 x i32> @llvm.masked.gather.v4i32.v4p1(<4 x ptr addrspace(1)> %pe.v, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i32> zeroinitializer)
; W4: %idx.v = load <4 x i32>, ptr addrspace(1) %pi, align 4
; W4: call void @llvm.masked.scatter.v4i32.v4p1(<4 x i32> %sum.v, <4 x ptr addrspace(1)> %po.v, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
define void @memory(ptr addrspace(1) %in, ptr addrspace(1) %index, ptr addrspace(1) %out) #0 {
  %scale = load i32, ptr addrspace(1) %in, align 4
  %gid = call i64 @__mux_get_global_id(i32 0)
  %twice = shl i64 %gid, 1
  %pe = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %twice
  %even = load i32, ptr addrspace(1) %pe, align 4
  %pi = getelementptr inbounds i32, ptr addrspace(1) %index, i64 %gid
  %idx = load i32, ptr addrspace(1) %pi, align 4
  %scaled = mul i32 %even, %scale
  %sum = add i32 %scaled, %idx
  %wide = sext i32 %idx to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %wide
  store i32 %sum, ptr addrspace(1) %po, align 4
  ret void
}

; A loop with a uniform trip count stays a loop: its counter stays scalar,
; the varying accumulator becomes a vector phi.
; CHECK-LABEL: define void @__vecz_v{{[48]}}_row_sums(
; CHECK: loop:
; CHECK-NEXT: %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
; W4-NEXT: %acc.v = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.next.v, %loop ]
; W4: %acc.next.v = fadd <4 x float> %acc.v, %bv.v
; CHECK: %k.next = add nuw i64 %k, 1
; CHECK: br i1 %done, label %exit, label %loop
define void @row_sums(ptr addrspace(1) %b, ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %row = mul i64 %k, %n
  %at = add i64 %row, %gid
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %at
  %bv = load float, ptr addrspace(1) %pb, align 4
  %acc.next = fadd float %acc, %bv
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %acc.next, ptr addrspace(1) %po, align 4
  ret void
}

; W4-DAG: ![[V4]] = !{ptr @__vecz_v4_saxpy, i32 4}
; W8-DAG: ![[V8]] = !{ptr @__vecz_v8_saxpy, i32 8}

declare i64 @__mux_get_global_id(i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
