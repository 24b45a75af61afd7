; RUN: loom-opt -passes=vecz-clamped-versions -S %s | FileCheck %s

; Clamped-access versioning alone, on gathers written by hand with the
; marker packetization leaves (transform/StageMarkers.h): each gather runs
; only when its lanes are not all within the clamps, a load of consecutive
; elements from the first lane's address when they are, masked as the
; gather was.

; CHECK-LABEL: define <8 x float> @unmasked(
; CHECK: br i1 %within, label %clamped.consecutive, label %clamped.gather
; CHECK: clamped.consecutive:
; CHECK-NEXT: %[[LOAD:.+]] = load <8 x float>, ptr addrspace(1) %first, align 16
; CHECK: clamped.gather:
; CHECK-NEXT: %g = call <8 x float> @llvm.masked.gather.v8f32.v8p1(<8 x ptr addrspace(1)> %ptrs, i32 4, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x float> zeroinitializer)
; CHECK: %g.merged = phi <8 x float> [ %[[LOAD]], %clamped.consecutive ], [ %g, %clamped.gather ]
; CHECK-NEXT: ret <8 x float> %g.merged

; CHECK-LABEL: define <8 x float> @masked(
; CHECK: clamped.consecutive:
; CHECK-NEXT: %[[MASKED:.+]] = call <8 x float> @llvm.masked.load.v8f32.p1(ptr addrspace(1) %first, i32 4, <8 x i1> %m, <8 x float> zeroinitializer)
; CHECK: %g.merged = phi <8 x float> [ %[[MASKED]], %clamped.consecutive ], [ %g, %clamped.gather ]
; CHECK-NOT: __vecz_clamped_gather

define <8 x float> @unmasked(ptr addrspace(1) %first, <8 x ptr addrspace(1)> %ptrs, i1 %within) {
entry:
  %g = call <8 x float> @llvm.masked.gather.v8f32.v8p1(<8 x ptr addrspace(1)> %ptrs, i32 4, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x float> zeroinitializer)
  call void (...) @__vecz_clamped_gather(<8 x float> %g, i1 %within, ptr addrspace(1) %first, i64 16)
  ret <8 x float> %g
}

define <8 x float> @masked(ptr addrspace(1) %first, <8 x ptr addrspace(1)> %ptrs, i1 %within, <8 x i1> %m) {
entry:
  %g = call <8 x float> @llvm.masked.gather.v8f32.v8p1(<8 x ptr addrspace(1)> %ptrs, i32 4, <8 x i1> %m, <8 x float> zeroinitializer)
  call void (...) @__vecz_clamped_gather(<8 x float> %g, i1 %within, ptr addrspace(1) %first, i64 4, <8 x i1> %m)
  ret <8 x float> %g
}

declare void @__vecz_clamped_gather(...)
declare <8 x float> @llvm.masked.gather.v8f32.v8p1(<8 x ptr addrspace(1)>, i32 immarg, <8 x i1>, <8 x float>)

; Markers that are not as StageMarkers.h says: vecz-clamped-versions-stage-errors.test.
