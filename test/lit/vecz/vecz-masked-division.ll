; RUN: loom-opt -passes='vecz<width=4>,verify' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz-packetize<width=4>,verify' -S %s | FileCheck %s

; No lane divides by zero that the scalar kernel would not: a division in
; linearized code that may trap, guarded by a branch that became its mask (LLVM dropped
; the safe-divisor select that the guard dominates), divides by 1 in the
; lanes the mask leaves off; a uniform division there, done once for the
; vector, divides by 1 when no lane is active.

; q[i] = d != 0 ? (i % 1000) / d : 12345
; A divisor known bits prove safe (a constant) stays as it is, so LLVM
; still multiplies in place of dividing.
; CHECK-LABEL: define void @__vecz_v4_guarded_division(
; CHECK: %num.v = urem <4 x i32> %{{.+}}, <i32 1000, i32 1000, i32 1000, i32 1000>
; CHECK: %[[SAFE:safe.divisor.*]] = select <4 x i1> %nonzero.v, <4 x i32> %d.v, <4 x i32> <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT: %q.v = sdiv <4 x i32> %num.v, %[[SAFE]]
; CHECK: %[[SAFE_REM:safe.divisor.*]] = select <4 x i1> %nonzero.v, <4 x i32> %d.v, <4 x i32> <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT: %r.v = urem <4 x i32> %q.v, %[[SAFE_REM]]
define void @guarded_division(ptr addrspace(1) %div, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pd = getelementptr inbounds i32, ptr addrspace(1) %div, i64 %gid
  %d = load i32, ptr addrspace(1) %pd, align 4
  %nonzero = icmp ne i32 %d, 0
  br i1 %nonzero, label %divide, label %join
divide:
  %i = trunc i64 %gid to i32
  %num = urem i32 %i, 1000
  %q = sdiv i32 %num, %d
  %r = urem i32 %q, %d
  br label %join
join:
  %v = phi i32 [ %r, %divide ], [ 12345, %entry ]
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %pout, align 4
  ret void
}

; A uniform division under a uniform guard, inside a divergent region:
; linearized, it runs whether or not a lane is there.
; CHECK-LABEL: define void @__vecz_v4_uniform_division_in_region(
; CHECK: %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %{{.+}})
; CHECK-NEXT: %[[SAFE:safe.divisor.*]] = select i1 %[[ANY]], i32 %n, i32 1
; CHECK-NEXT: %share = udiv i32 %total, %[[SAFE]]
define void @uniform_division_in_region(ptr addrspace(1) %out, i32 %total, i32 %n) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %gid = call i64 @__mux_get_global_id(i32 0)
  %few = icmp ult i64 %lid, 2
  br i1 %few, label %check, label %exit
check:
  %some = icmp ne i32 %n, 0
  br i1 %some, label %divide, label %exit
divide:
  %share = udiv i32 %total, %n
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %share, ptr addrspace(1) %pout, align 4
  br label %exit
exit:
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
