; RUN: loom-opt-testing --target=test-reversed-work-item-info -passes='link-builtins<early>' -S %s | FileCheck %s --check-prefix=EARLY
; RUN: loom-opt-testing --target=test-reversed-work-item-info -passes='link-builtins<early>,link-builtins<late>' -S %s | FileCheck %s --check-prefix=LATE
; RUN: not loom-opt -passes='link-builtins<soon>' -S %s 2>&1 | FileCheck %s --check-prefix=ERR

; The test-only target's BuiltinInfo wants dot(float4, float4) linked after
; vectorization: the early stage links clamp and leaves dot declared; the
; late stage links dot.
declare i32 @_Z5clampiii(i32, i32, i32)
declare float @_Z3dotDv4_fS_(<4 x float>, <4 x float>)

define float @user(i32 %x, <4 x float> %v) {
  %c = call i32 @_Z5clampiii(i32 %x, i32 0, i32 9)
  %d = call float @_Z3dotDv4_fS_(<4 x float> %v, <4 x float> %v)
  ret float %d
}

; EARLY: declare float @_Z3dotDv4_fS_(<4 x float>, <4 x float>)
; EARLY: define internal i32 @_Z5clampiii(
; LATE-DAG: define internal i32 @_Z5clampiii(
; LATE-DAG: define internal float @_Z3dotDv4_fS_(
; ERR: link-builtins: the stage is 'early' or 'late', not 'soon'
