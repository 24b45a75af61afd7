; RUN: loom-opt -passes='vecz<width=8>' -S %s | FileCheck %s
; RUN: loom-opt -passes='print<vecz-uniformity>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNIFORMITY

; The builtins library's widenable any (builtins.h) guards a slow path whose
; results each lane selects for itself: Vecz answers it for the 8 lanes at
; once, the or of every element of every lane (frozen: a lane's poison must
; not decide), so the branch stays one branch, uniform, and the slow block
; is not linearized.
; UNIFORMITY-LABEL: Uniformity of 'slow_path':
; UNIFORMITY: uniform: %some = call i32 @_Z20__loom_any_widenableDv4_i(<4 x i32> %need)
; UNIFORMITY-NEXT: uniform: %take = icmp ne i32 %some, 0
; UNIFORMITY-NEXT: varying: %scaled
; CHECK-LABEL: define void @__vecz_v8_slow_path(
; CHECK: %[[FROZEN:.+]] = freeze <32 x i32> %need{{.*}}
; CHECK: %[[HOLDS:.+]] = icmp slt <32 x i32> %[[FROZEN]], zeroinitializer
; CHECK: %[[SOME:.+]] = call i1 @llvm.vector.reduce.or.v32i1(<32 x i1> %[[HOLDS]])
; CHECK: %[[ANSWER:.+]] = zext i1 %[[SOME]] to i32
; CHECK: %take = icmp ne i32 %[[ANSWER]], 0
; CHECK-NEXT: br i1 %take, label %slow, label %join
; CHECK: slow:
; CHECK: fmul <32 x float>
define void @slow_path(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %gid
  %x = load <4 x float>, ptr addrspace(1) %p, align 16
  %big = fcmp ogt <4 x float> %x, <float 1.0e6, float 1.0e6, float 1.0e6, float 1.0e6>
  %need = sext <4 x i1> %big to <4 x i32>
  %some = call i32 @_Z20__loom_any_widenableDv4_i(<4 x i32> %need)
  %take = icmp ne i32 %some, 0
  br i1 %take, label %slow, label %join

slow:
  %scaled = fmul <4 x float> %x, <float 0.5, float 0.5, float 0.5, float 0.5>
  %picked = select <4 x i1> %big, <4 x float> %scaled, <4 x float> %x
  br label %join

join:
  %r = phi <4 x float> [ %x, %entry ], [ %picked, %slow ]
  %q = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %gid
  store <4 x float> %r, ptr addrspace(1) %q, align 16
  ret void
}

; A scalar condition holds where it is not zero. Under a divergent branch
; the lanes that are off count too (a slow path run for nothing); the
; region is linearized, so the slow block runs under the active lanes'
; mask and the uniform answer.
; CHECK-LABEL: define void @__vecz_v8_divergent(
; CHECK: %[[FROZEN2:.+]] = freeze <8 x i32>
; CHECK: icmp ne <8 x i32> %[[FROZEN2]], zeroinitializer
; CHECK: call i1 @llvm.vector.reduce.or.v8i1(
; CHECK-NOT: @_Z20__loom_any_widenable
; CHECK: store <8 x float>
define void @divergent(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %work, label %done

work:
  %big = fcmp ogt float %x, 1.0e6
  %need = zext i1 %big to i32
  %some = call i32 @_Z20__loom_any_widenablei(i32 %need)
  %take = icmp ne i32 %some, 0
  br i1 %take, label %slow, label %join

slow:
  %scaled = fmul float %x, 0.5
  %picked = select i1 %big, float %scaled, float %x
  br label %join

join:
  %r = phi float [ %x, %work ], [ %picked, %slow ]
  br label %done

done:
  %v = phi float [ 0.0, %entry ], [ %r, %join ]
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i32 @_Z20__loom_any_widenableDv4_i(<4 x i32>) #1
declare i32 @_Z20__loom_any_widenablei(i32) #1
attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { nounwind readnone willreturn }
