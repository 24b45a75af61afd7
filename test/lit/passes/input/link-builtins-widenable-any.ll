; RUN: loom-opt -passes='link-builtins<early>' -S %s | FileCheck %s --check-prefix=EARLY
; RUN: loom-opt -passes='link-builtins<early>,link-builtins<late>' -S %s | FileCheck %s --check-prefix=LATE

; ldexp(float16, int16) is linked early, and its body calls the widenable
; any (builtins.h) to guard its slow path: that call stays a call, its
; definition kept from the linker round after round, for the vectorizer to
; answer for several work-items; the late stage links it.
declare <16 x float> @_Z5ldexpDv16_fDv16_i(<16 x float>, <16 x i32>)

define <16 x float> @user(<16 x float> %x, <16 x i32> %n) {
  %r = call <16 x float> @_Z5ldexpDv16_fDv16_i(<16 x float> %x, <16 x i32> %n)
  ret <16 x float> %r
}

; EARLY: define internal <16 x float> @_Z5ldexpDv16_fDv16_i(
; EARLY: call i32 @_Z20__loom_any_widenableDv16_i(<16 x i32>
; EARLY: declare i32 @_Z20__loom_any_widenableDv16_i(<16 x i32>
; EARLY-NOT: loom-deferred
; LATE-DAG: define internal <16 x float> @_Z5ldexpDv16_fDv16_i(
; LATE-DAG: define internal i32 @_Z20__loom_any_widenableDv16_i(
