; RUN: loom-opt -passes=vecz-boscc -S %s | FileCheck %s

; The BOSCC stage alone, on a linearized vector function written by hand
; with the markers packetization leaves (transform/StageMarkers.h): run 0
; holds run 1; each is branched around when no lane of its mask is set,
; the inner one first, and the values a run leaves are zero after a skip.

; CHECK-LABEL: define void @nested_runs(
; CHECK: entry:
; CHECK-NEXT: %[[OUTER_ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %outer)
; CHECK-NEXT: br i1 %[[OUTER_ANY]], label %entry.active, label %entry.after
; CHECK: entry.active:
; CHECK-NEXT: %x = call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) %p, i32 4, <4 x i1> %outer, <4 x float> zeroinitializer)
; CHECK-NEXT: %inner = and <4 x i1> %outer, %cond
; CHECK-NEXT: br label %inner.first
; CHECK: inner.first:
; CHECK-NEXT: %[[INNER_ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %inner)
; CHECK-NEXT: br i1 %[[INNER_ANY]], label %inner.first.active, label %inner.first.after
; CHECK: inner.first.active:
; CHECK-NEXT: %y = fmul <4 x float> %x, %x
; CHECK-NEXT: call void @llvm.masked.store.v4f32.p1(<4 x float> %y, ptr addrspace(1) %p, i32 4, <4 x i1> %inner)
; CHECK-NEXT: br label %inner.first.after
; CHECK: inner.first.after:
; CHECK-NEXT: %y.run = phi <4 x float> [ %y, %inner.first.active ], [ zeroinitializer, %inner.first ]
; CHECK-NEXT: br label %outer.last
; CHECK: outer.last:
; CHECK-NEXT: %z = select <4 x i1> %inner, <4 x float> %y.run, <4 x float> %x
; CHECK-NEXT: br label %entry.after
; CHECK: entry.after:
; CHECK-NEXT: %z.run = phi <4 x float> [ %z, %outer.last ], [ zeroinitializer, %entry ]
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: call void @llvm.masked.store.v4f32.p1(<4 x float> %z.run, ptr addrspace(1) %q, i32 4, <4 x i1> %outer)
; CHECK-NEXT: ret void
; CHECK-NOT: __vecz_run

define void @nested_runs(ptr addrspace(1) %p, ptr addrspace(1) %q, <4 x i1> %outer, <4 x i1> %cond) {
entry:
  call void (...) @__vecz_run_begin(i32 0, <4 x i1> %outer)
  %x = call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) %p, i32 4, <4 x i1> %outer, <4 x float> zeroinitializer)
  %inner = and <4 x i1> %outer, %cond
  br label %inner.first
inner.first:
  call void (...) @__vecz_run_begin(i32 1, <4 x i1> %inner)
  %y = fmul <4 x float> %x, %x
  call void @llvm.masked.store.v4f32.p1(<4 x float> %y, ptr addrspace(1) %p, i32 4, <4 x i1> %inner)
  br label %outer.last
outer.last:
  call void (...) @__vecz_run_end(i32 1)
  %z = select <4 x i1> %inner, <4 x float> %y, <4 x float> %x
  br label %exit
exit:
  call void (...) @__vecz_run_end(i32 0)
  call void @llvm.masked.store.v4f32.p1(<4 x float> %z, ptr addrspace(1) %q, i32 4, <4 x i1> %outer)
  ret void
}

declare void @__vecz_run_begin(...)
declare void @__vecz_run_end(...)
declare <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1), i32 immarg, <4 x i1>, <4 x float>)
declare void @llvm.masked.store.v4f32.p1(<4 x float>, ptr addrspace(1), i32 immarg, <4 x i1>)

; Markers that do not describe runs: vecz-boscc-stage-errors.test.
