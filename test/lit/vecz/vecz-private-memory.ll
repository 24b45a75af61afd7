; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=8>' -S %s | FileCheck %s
; RUN: loom-opt -passes='print<vecz-stride>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STRIDE
; (-mcpu: a CPU with gathers of its own, whose strided accesses stay gathers;
; without one they are done lane by lane: vecz-strided-accesses.ll.)

; Private memory: each lane gets its own copy, in one alloca of W copies,
; lane l's right after lane l - 1's; each lane's pointer is the base plus
; l copies. A constant index into the array moves by the array's size from
; lane to lane (a strided scatter or gather), a data-dependent one is a
; gather; lifetime markers go.
; STRIDE-LABEL: Strides of 'lookup':
; STRIDE-NEXT: strided 4: store i32 %v, ptr %first
; STRIDE-NEXT: unknown: %r = load i32, ptr %picked
; CHECK-LABEL: define void @__vecz_v8_lookup(
; CHECK: %table.lanes = alloca [8 x [4 x i32]], align 16
; CHECK: %table.v = getelementptr [4 x i32], ptr %table.lanes, <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
; CHECK-NOT: llvm.lifetime
; CHECK: %first.v = getelementptr inbounds [4 x i32], <8 x ptr> %table.v, i64 0, i64 0
; CHECK: call void @llvm.masked.scatter.v8i32.v8p0(<8 x i32> %v.v, <8 x ptr> %first.v, i32 4, <8 x i1> <i1 true,
; CHECK: %picked.v = getelementptr inbounds [4 x i32], <8 x ptr> %table.v, i64 0, <8 x i64> %k.v
; CHECK: %r.v = call <8 x i32> @llvm.masked.gather.v8i32.v8p0(<8 x ptr> %picked.v, i32 4,
define void @lookup(ptr addrspace(1) %out) #0 {
  %table = alloca [4 x i32], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr %table)
  %gid = call i64 @__mux_get_global_id(i32 0)
  %v = trunc i64 %gid to i32
  %first = getelementptr inbounds [4 x i32], ptr %table, i64 0, i64 0
  store i32 %v, ptr %first, align 4
  %k = and i64 %gid, 1
  %picked = getelementptr inbounds [4 x i32], ptr %table, i64 0, i64 %k
  %r = load i32, ptr %picked, align 4
  call void @llvm.lifetime.end.p0(i64 16, ptr %table)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

; A private scalar whose address a call writes through (lgamma_r's sign):
; each lane's call gets its own lane's pointer, and the lanes' scalars,
; consecutive, are read back with one vector load.
; STRIDE-LABEL: Strides of 'sign_out':
; STRIDE: consecutive: %s = load i32, ptr %sign
; CHECK-LABEL: define void @__vecz_v8_sign_out(
; CHECK: %sign.lanes = alloca [8 x i32], align 4
; CHECK: %[[P0:.+]] = extractelement <8 x ptr> %sign.v, i64 0
; CHECK: call float @_Z8lgamma_rfPi(float %{{.+}}, ptr %[[P0]])
; CHECK: %[[P7:.+]] = extractelement <8 x ptr> %sign.v, i64 7
; CHECK: call float @_Z8lgamma_rfPi(float %{{.+}}, ptr %[[P7]])
; CHECK: %s.v = load <8 x i32>, ptr %sign.lanes, align 4
define void @sign_out(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %sign = alloca i32, align 4
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %lg = call float @_Z8lgamma_rfPi(float %x, ptr %sign)
  %s = load i32, ptr %sign, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %s, ptr addrspace(1) %q, align 4
  ret void
}

; Copies are padded to the scalar copy's alignment, which the accesses
; through them keep assuming: 24 bytes kept 16-aligned (as x86-64 keeps
; arrays of 16 bytes or more) are 32 bytes apart, not 24, or lane 1's copy
; would be only 8-aligned and the 16-aligned copy out of it (vmovaps) would
; fault (CLsmith, --vectors --barriers seed 2, at width 4).
; STRIDE-LABEL: Strides of 'padded':
; STRIDE-NEXT: strided 8: store i32 %v, ptr %six
; CHECK-LABEL: define void @__vecz_v8_padded(
; CHECK: %six.lanes = alloca [8 x { [6 x i32], [8 x i8] }], align 16
; CHECK: %six.v = getelementptr { [6 x i32], [8 x i8] }, ptr %six.lanes, <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
define void @padded(ptr addrspace(1) %out) #0 {
  %six = alloca [6 x i32], align 16
  %copy = alloca [6 x i32], align 16
  %gid = call i64 @__mux_get_global_id(i32 0)
  %v = trunc i64 %gid to i32
  store i32 %v, ptr %six, align 16
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %copy, ptr align 16 %six, i64 24, i1 false)
  %k = urem i64 %gid, 6
  %picked = getelementptr inbounds [6 x i32], ptr %copy, i64 0, i64 %k
  %r = load i32, ptr %picked, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare float @_Z8lgamma_rfPi(float, ptr)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

attributes #0 = { "mux-kernel"="entry-point" }
