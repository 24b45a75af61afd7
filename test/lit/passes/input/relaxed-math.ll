; RUN: loom-opt -passes=relaxed-math -S %s | FileCheck %s
; RUN: loom-opt -passes='relaxed-math,link-builtins<early>,link-builtins<late>' -S %s \
; RUN:   | FileCheck %s --check-prefix=LINKED
; RUN: loom-opt -passes='relaxed-math<all>' -S %s | FileCheck %s --check-prefix=ALL
; RUN: not loom-opt -passes='relaxed-math<some>' -S %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD

; A call that allows approximate functions (afn: -cl-fast-relaxed-math,
; -cl-unsafe-math-optimizations) calls the library's relaxed evaluation,
; of the same parameters, scalar or vector, double ones where the library
; has them (atan); a call without afn and a builtin with no relaxed
; evaluation (sinh, double exp) keep theirs.
declare float @_Z3expf(float)
declare <8 x double> @_Z4atanDv8_d(<8 x double>)
declare <16 x float> @_Z4log2Dv16_f(<16 x float>)
declare double @_Z3expd(double)
declare float @_Z4sinhf(float)

define float @user(float %x, <16 x float> %v, double %d, <8 x double> %w,
                   ptr %out) {
  %fast = call fast float @_Z3expf(float %x)
  %afn = call afn <16 x float> @_Z4log2Dv16_f(<16 x float> %v)
  %exact = call float @_Z3expf(float %x)
  %reassoc = call reassoc nsz arcp float @_Z3expf(float %x)
  %double = call afn double @_Z3expd(double %d)
  %sinh = call afn float @_Z4sinhf(float %x)
  %atan = call afn <8 x double> @_Z4atanDv8_d(<8 x double> %w)
  store <8 x double> %atan, ptr %out
  store <16 x float> %afn, ptr %out
  store double %double, ptr %out
  %s1 = fadd float %fast, %exact
  %s2 = fadd float %s1, %reassoc
  %s3 = fadd float %s2, %sinh
  ret float %s3
}

; CHECK-LABEL: define float @user(
; CHECK: %fast = call fast float @_Z18__loom_relaxed_expf(float %x)
; CHECK: %afn = call afn <16 x float> @_Z19__loom_relaxed_log2Dv16_f(<16 x float> %v)
; CHECK: %exact = call float @_Z3expf(float %x)
; CHECK: %reassoc = call reassoc nsz arcp float @_Z3expf(float %x)
; CHECK: %double = call afn double @_Z3expd(double %d)
; CHECK: %sinh = call afn float @_Z4sinhf(float %x)
; CHECK: %atan = call afn <8 x double> @_Z19__loom_relaxed_atanDv8_d(<8 x double> %w)

; With <all> (-cl-fast-relaxed-math and -cl-unsafe-math-optimizations on
; SPIR-V or LLVM IR, whose calls carry no afn), calls without afn are
; relaxed too, and the full-precision declaration, left without calls, is
; gone; a double call and sinh still keep theirs.
; ALL-NOT: declare float @_Z3expf(
; ALL-LABEL: define float @user(
; ALL: %exact = call float @_Z18__loom_relaxed_expf(float %x)
; ALL: %reassoc = call reassoc nsz arcp float @_Z18__loom_relaxed_expf(float %x)
; ALL: %double = call afn double @_Z3expd(double %d)
; ALL: %sinh = call afn float @_Z4sinhf(float %x)
; ALL-NOT: declare float @_Z3expf(
; BAD: relaxed-math{{.*}}some

; Both evaluations are linked where both are called (after vectorization,
; as math builtins are).
; LINKED-DAG: define internal float @_Z18__loom_relaxed_expf(
; LINKED-DAG: define internal float @_Z3expf(
; LINKED-DAG: define internal <16 x float> @_Z19__loom_relaxed_log2Dv16_f(
