; RUN: loom-opt -passes=link-builtins -S %s | FileCheck %s \
; RUN:   --implicit-check-not="define internal i32 @_Z3absi" \
; RUN:   --implicit-check-not=@_Z3cosf

; The library is embedded as the parts the build compiles, and a compile
; reads only those that define what it needs, round after round: sin(float)
; is in math_float, which calls isfinite (relational), fmin(double) (common)
; and the fma wrapper (math_intrinsics). Every function linked, called or
; only needed, becomes internal, so what is inlined everywhere goes.
declare float @_Z3sinf(float)
declare i32 @_Z3absi(i32)

define float @user(float %x) {
  %s = call float @_Z3sinf(float %x)
  ret float %s
}

; CHECK-LABEL: define float @user(
; CHECK-DAG: define internal float @_Z3sinf(
; CHECK-DAG: define internal i32 @_Z8isfinitef(
; CHECK-DAG: define internal double @_Z4fmindd(
; CHECK-DAG: define internal double @__loom_fma_d(
; A declaration nothing calls brings nothing in, nor does a function of a
; part read that nothing needs (cos).
