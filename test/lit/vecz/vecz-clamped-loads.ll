; RUN: loom-opt -passes='vecz<width=8>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=8>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=8;no-clamped-versions>' -S %s | FileCheck %s --check-prefix=NOVERSION
; RUN: loom-opt -passes='vecz-packetize<width=8;defer-stages>,vecz-lane-calls,vecz-linearize,vecz-clamped-versions,vecz-boscc' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=8;defer-stages>' -S %s | FileCheck %s --check-prefix=MARKED

; A load at a clamped consecutive index, in[clamp(i + k, 0, n - 1)] as
; Clang leaves OpenCL's clamp (smax, then smin, of a truncated id, sign
; extended): a gather, as edge lanes read the same element, versioned on
; whether every lane is within the clamps. Each step tests its own operand,
; lane 0's value being the scalar twin: the extension's and the smin's
; (lane 0's smax result, its unclamped index when the smax changes nothing)
; for lane 7 not wrapped around, the smin's for lane 7 below the upper
; bound, the smax's for lane 0 above the lower one. Then one vector load at
; lane 0's address; the two meet in a phi.
; CHECK-LABEL: define void @__vecz_v8_clamped(
; CHECK-DAG: icmp sle i32 %clamped, 2147483640
; CHECK-DAG: icmp sle i32 %lo.clamped, 2147483640
; CHECK-DAG: %last.lane = add i32 %lo.clamped, 7
; CHECK-DAG: icmp sle i32 %last.lane, %hi
; CHECK-DAG: icmp sle i32 %idx, 2147483640
; CHECK-DAG: icmp sge i32 %idx, 0
; CHECK: br i1 %within.clamps, label %clamped.consecutive, label %clamped.gather
; CHECK: clamped.consecutive:
; CHECK-NEXT: %[[FAST:.+]] = load <8 x float>, ptr addrspace(1) %p, align 4
; CHECK: clamped.gather:
; CHECK-NEXT: %v.v = call <8 x float> @llvm.masked.gather.v8f32.v8p1(<8 x ptr addrspace(1)> %p.v,
; CHECK: %v.v.merged = phi <8 x float> [ %[[FAST]], %clamped.consecutive ], [ %v.v, %clamped.gather ]
; CHECK: store <8 x float> %v.v.merged
; Deferred, the stage's pass finds the gather, the test and lane 0's
; address in a marker (vecz-clamped-versions-stage.ll runs it alone).
; MARKED-LABEL: define void @__vecz_v8_clamped(
; MARKED: %v.v = call <8 x float> @llvm.masked.gather.v8f32.v8p1(
; MARKED-NEXT: call void (...) @__vecz_clamped_gather(<8 x float> %v.v, i1 %within.clamps, ptr addrspace(1) %p, i64 4)
; MARKED-LABEL: define void @__vecz_v8_unsigned_masked(
; MARKED: %[[MASK:then.active]] = call <8 x i1> (...) @__vecz_active_lanes.v8i1()
; MARKED: call void (...) @__vecz_clamped_gather(<8 x float> %v.v, i1 %within.clamps, ptr addrspace(1) %p, i64 4, <8 x i1> %[[MASK]])
define void @clamped(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %hi, i64 %k) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %x = add i64 %gid, %k
  %idx = trunc i64 %x to i32
  %lo.clamped = call i32 @llvm.smax.i32(i32 %idx, i32 0)
  %clamped = call i32 @llvm.smin.i32(i32 %hi, i32 %lo.clamped)
  %ext = sext i32 %clamped to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ext
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; An unsigned clamp, min(i + 1, n - 1) on a uint, tests unsigned; under a
; divergent branch both versions are masked.
; CHECK-LABEL: define void @__vecz_v8_unsigned_masked(
; CHECK: %[[UNOWRAP:.+]] = icmp ule i64 %next, -8
; CHECK-NEXT: %last.lane = add i64 %next, 7
; CHECK-NEXT: %[[UBELOW:.+]] = icmp ule i64 %last.lane, %last
; CHECK: clamped.consecutive:
; CHECK-NEXT: call <8 x float> @llvm.masked.load.v8f32.p1(ptr addrspace(1) %p, i32 4, <8 x i1> %odd.v, <8 x float> zeroinitializer)
; CHECK: clamped.gather:
; CHECK-NEXT: call <8 x float> @llvm.masked.gather.v8f32.v8p1(<8 x ptr addrspace(1)> %p.v, i32 4, <8 x i1> %odd.v,
define void @unsigned_masked(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %last) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %then, label %end
then:
  %next = add i64 %gid, 1
  %clamped = call i64 @llvm.umin.i64(i64 %next, i64 %last)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %clamped
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %q, align 4
  br label %end
end:
  ret void
}

; InstCombine's max(i - 1, 0): max(i, 1) - 1, zero extended. An offset
; outside the clamps keeps the lanes consecutive; the zero extension needs
; them not to wrap around as unsigned values.
; CHECK-LABEL: define void @__vecz_v8_offset_outside(
; CHECK: icmp ule i32 %left, -8
; CHECK: icmp sge i32 %i, 1
; CHECK: br i1 %within.clamps, label %clamped.consecutive, label %clamped.gather
; CHECK: clamped.consecutive:
; CHECK-NEXT: load <8 x float>, ptr addrspace(1) %p, align 4
define void @offset_outside(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %i = trunc i64 %gid to i32
  %at.least.1 = call i32 @llvm.smax.i32(i32 %i, i32 1)
  %left = add nsw i32 %at.least.1, -1
  %ext = zext i32 %left to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ext
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; A clamp of an index that moves by 2 per lane is no consecutive access:
; a gather alone.
; CHECK-LABEL: define void @__vecz_v8_strided(
; CHECK-NOT: within.clamps
; CHECK: call <8 x float> @llvm.masked.gather
; CHECK-NOT: within.clamps
; CHECK: ret void
define void @strided(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %last) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %twice = shl i64 %gid, 1
  %clamped = call i64 @llvm.umin.i64(i64 %twice, i64 %last)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %clamped
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; A ring's neighbour, tile[(l + 1) % n] with the remainder by a uniform
; n: within while lane 7's dividend is below n (and, for srem, lane 0's at
; or above 0), when the remainder changes nothing.
; CHECK-LABEL: define void @__vecz_v8_ring(
; CHECK: %[[RNOWRAP:.+]] = icmp ule i64 %next, -8
; CHECK-NEXT: %last.lane = add i64 %next, 7
; CHECK-NEXT: %[[RBELOW:.+]] = icmp ult i64 %last.lane, %n
; CHECK-NEXT: %within.clamps = and i1 %[[RNOWRAP]], %[[RBELOW]]
; CHECK: clamped.consecutive:
; CHECK-NEXT: load <8 x float>, ptr addrspace(3) %p, align 4
; CHECK: clamped.gather:
; CHECK-NEXT: call <8 x float> @llvm.masked.gather.v8f32.v8p3(
define void @ring(ptr addrspace(3) %tile, ptr addrspace(1) %out, i64 %n) #0 {
  %lid = call i64 @__mux_get_local_id(i32 0)
  %next = add i64 %lid, 1
  %at = urem i64 %next, %n
  %p = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %at
  %v = load float, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %lid
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: define void @__vecz_v8_ring_signed(
; CHECK-DAG: icmp sle i32 %shifted, 2147483640
; CHECK-DAG: icmp sge i32 %shifted, 0
; CHECK-DAG: %last.lane = add i32 %shifted, 7
; CHECK-DAG: icmp slt i32 %last.lane, %n
; CHECK: clamped.consecutive:
; CHECK-NEXT: load <8 x float>, ptr addrspace(1) %p, align 4
define void @ring_signed(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %k, i32 %n) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %i = trunc i64 %gid to i32
  %shifted = add i32 %i, %k
  %at = srem i32 %shifted, %n
  %wide = sext i32 %at to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %wide
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i64 @llvm.umin.i64(i64, i64)

attributes #0 = { "mux-kernel"="entry-point" }

; Without the versions (vecz-packetize<no-clamped-versions>) a load at
; clamped indices stays a gather, with no branch to a consecutive load.
; NOVERSION-LABEL: define void @__vecz_v8_clamped(
; NOVERSION: %v.v = call <8 x float> @llvm.masked.gather.v8f32.v8p1(
; NOVERSION-NOT: clamped.consecutive
