; RUN: loom-opt -passes=link-builtins -S %s | FileCheck %s

; Only the builtins the module calls are linked, as internal C-convention
; definitions; what they need comes along; nothing else does.
declare i32 @_Z5clampiii(i32, i32, i32)
declare i32 @_Z10atomic_incPU3AS1Vj(ptr addrspace(1))
declare float @_Z3dotDv4_fS_(<4 x float>, <4 x float>)

define i32 @user(i32 %x, ptr addrspace(1) %counter, <4 x float> %v) {
  %c = call i32 @_Z5clampiii(i32 %x, i32 0, i32 9)
  %old = call i32 @_Z10atomic_incPU3AS1Vj(ptr addrspace(1) %counter)
  %d = call float @_Z3dotDv4_fS_(<4 x float> %v, <4 x float> %v)
  %sum = add i32 %c, %old
  ret i32 %sum
}

; clamp(int) is min(max(x, lo), hi), which the library's -O2 folded.
; CHECK-LABEL: define internal i32 @_Z5clampiii(
; CHECK: call i32 @llvm.smax.i32
; CHECK: call i32 @llvm.smin.i32
; CHECK-LABEL: define internal float @_Z3dotDv4_fS_(
; CHECK: call float @llvm.fmuladd.f32
; An atomic increment is a sequentially consistent atomicrmw, so it is
; atomic across the threads running work-groups.
; CHECK-LABEL: define internal i32 @_Z10atomic_incPU3AS1Vj(
; CHECK: atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst
; CHECK-NOT: spir_func
; CHECK-NOT: define {{.*}}@_Z3minii
; CHECK-NOT: define {{.*}}@_Z6vload4
