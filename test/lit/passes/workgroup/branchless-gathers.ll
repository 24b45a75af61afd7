; RUN: loom-opt -mcpu=znver3 -passes='function(branchless-gathers)' -S %s | FileCheck %s
; RUN: loom-opt -mcpu=skylake-avx512 -passes='function(branchless-gathers)' -S %s | FileCheck %s --check-prefix=GATHERS

; On a CPU without gathers (Zen 3), a masked gather or scatter whose mask is
; not a constant is done lane by lane without branches: each lane loads
; from its address where it is on and from the function's scratch slot
; where it is off, the pass-through value selected for lanes that are off;
; a scatter stores in lane order to each lane's address or to the slot.
; With AVX-512 gathers are instructions and stay; so do constant masks,
; which the backend scalarizes without branches.

; CHECK-LABEL: define <4 x float> @gather(
; CHECK-NEXT: %gather.scratch = alloca i64, align 8
; CHECK-NEXT: [[ON0:%.+]] = extractelement <4 x i1> %mask, i64 0
; CHECK-NEXT: [[AT0:%.+]] = extractelement <4 x ptr addrspace(1)> %ptrs, i64 0
; CHECK-NEXT: [[SLOT0:%.+]] = addrspacecast ptr %gather.scratch to ptr addrspace(1)
; CHECK-NEXT: [[FROM0:%.+]] = select i1 [[ON0]], ptr addrspace(1) [[AT0]], ptr addrspace(1) [[SLOT0]]
; CHECK-NEXT: [[LOADED0:%.+]] = load float, ptr addrspace(1) [[FROM0]], align 4
; CHECK-NEXT: [[KEPT0:%.+]] = extractelement <4 x float> %passthru, i64 0
; CHECK-NEXT: [[PICK0:%.+]] = select i1 [[ON0]], float [[LOADED0]], float [[KEPT0]]
; CHECK-NEXT: [[V0:%.+]] = insertelement <4 x float> %passthru, float [[PICK0]], i64 0
; CHECK: [[ON3:%.+]] = extractelement <4 x i1> %mask, i64 3
; CHECK: %v = insertelement <4 x float> {{%.+}}, float {{%.+}}, i64 3
; CHECK-NEXT: ret <4 x float> %v
; CHECK-NOT: br
; GATHERS-LABEL: define <4 x float> @gather(
; GATHERS: %v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(
define <4 x float> @gather(<4 x ptr addrspace(1)> %ptrs, <4 x i1> %mask, <4 x float> %passthru) {
  %v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(<4 x ptr addrspace(1)> %ptrs, i32 4, <4 x i1> %mask, <4 x float> %passthru)
  ret <4 x float> %v
}

; CHECK-LABEL: define void @scatter(
; CHECK-NEXT: %gather.scratch = alloca i64, align 8
; CHECK-NEXT: [[X0:%.+]] = extractelement <4 x i32> %values, i64 0
; CHECK-NEXT: [[ON0:%.+]] = extractelement <4 x i1> %mask, i64 0
; CHECK-NEXT: [[AT0:%.+]] = extractelement <4 x ptr addrspace(3)> %ptrs, i64 0
; CHECK-NEXT: [[SLOT0:%.+]] = addrspacecast ptr %gather.scratch to ptr addrspace(3)
; CHECK-NEXT: [[TO0:%.+]] = select i1 [[ON0]], ptr addrspace(3) [[AT0]], ptr addrspace(3) [[SLOT0]]
; CHECK-NEXT: store i32 [[X0]], ptr addrspace(3) [[TO0]], align 4
; CHECK-NEXT: [[X1:%.+]] = extractelement <4 x i32> %values, i64 1
; CHECK: store i32 [[X1]],
; CHECK: [[X3:%.+]] = extractelement <4 x i32> %values, i64 3
; CHECK: store i32 [[X3]],
; CHECK-NEXT: ret void
; GATHERS-LABEL: define void @scatter(
; GATHERS: call void @llvm.masked.scatter.v4i32.v4p3(
define void @scatter(<4 x i32> %values, <4 x ptr addrspace(3)> %ptrs, <4 x i1> %mask) {
  call void @llvm.masked.scatter.v4i32.v4p3(<4 x i32> %values, <4 x ptr addrspace(3)> %ptrs, i32 4, <4 x i1> %mask)
  ret void
}

; CHECK-LABEL: define <4 x float> @all_lanes(
; CHECK-NEXT: %v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(
define <4 x float> @all_lanes(<4 x ptr addrspace(1)> %ptrs) {
  %v = call <4 x float> @llvm.masked.gather.v4f32.v4p1(<4 x ptr addrspace(1)> %ptrs, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x float> zeroinitializer)
  ret <4 x float> %v
}

declare <4 x float> @llvm.masked.gather.v4f32.v4p1(<4 x ptr addrspace(1)>, i32, <4 x i1>, <4 x float>)
declare void @llvm.masked.scatter.v4i32.v4p3(<4 x i32>, <4 x ptr addrspace(3)>, i32, <4 x i1>)
