// RUN: loomc -cl-fast-relaxed-math --print-after=relaxed-math %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RELAXED
// RUN: loomc -cl-unsafe-math-optimizations --print-after=relaxed-math %s \
// RUN:   -o %t.o 2>&1 | FileCheck %s --check-prefix=RELAXED
// RUN: loomc --print-after=relaxed-math %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FULL
// RUN: loomc -cl-fast-relaxed-math -cl-wfv=always --print-after=vecz %s \
// RUN:   -o %t.o 2>&1 | FileCheck %s --check-prefix=WIDENED
// RUN: loomc -cl-fast-relaxed-math -cl-wfv=always --emit=ir %s -o - \
// RUN:   | FileCheck %s --check-prefix=FLOAT
// RUN: loomc -cl-fast-relaxed-math -DEVERY --print-after=relaxed-math %s \
// RUN:   -o %t.o 2>&1 | FileCheck %s --check-prefix=EVERY

// Under relaxed math Clang marks the calls of math builtins afn, and the
// relaxed-math pass gives them the library's float-precision evaluations
// (doc/math.md); without it they keep the correctly rounded ones. Vecz
// widens a relaxed call as it does any other, and nothing is computed in
// double any more (the correctly rounded functions convert every lane).

// RELAXED: call {{.*}}afn float @_Z18__loom_relaxed_expf(
// RELAXED: call {{.*}}afn <4 x float> @_Z20__loom_relaxed_log10Dv4_f(
// RELAXED: call {{.*}}afn float @_Z20__loom_relaxed_sinpif(
// RELAXED: call {{.*}}afn <8 x float> @_Z20__loom_relaxed_tanpiDv8_f(
// Every function with a relaxed evaluation gets it (each one's accuracy
// under the option is math-accuracy-tests' relaxed_* rows, which would
// pass with the full-precision function too: this is what says the
// relaxed one ran). sin, cos and tan keep the full-precision function for
// lanes beyond 2^17, so this kernel is not in the FLOAT check.
// EVERY-DAG: @_Z18__loom_relaxed_sinf(
// EVERY-DAG: @_Z18__loom_relaxed_cosf(
// EVERY-DAG: @_Z18__loom_relaxed_tanf(
// EVERY-DAG: @_Z20__loom_relaxed_cospif(
// EVERY-DAG: @_Z20__loom_relaxed_log1pf(
// EVERY-DAG: @_Z20__loom_relaxed_asinhf(
// EVERY-DAG: @_Z20__loom_relaxed_acoshf(
// EVERY-DAG: @_Z20__loom_relaxed_atanhf(
// EVERY-DAG: @_Z19__loom_relaxed_tanhf(
// EVERY-DAG: @_Z19__loom_relaxed_asinf(
// EVERY-DAG: @_Z20__loom_relaxed_atan2ff(
// EVERY-DAG: @_Z19__loom_relaxed_cbrtf(
// EVERY-DAG: @_Z18__loom_relaxed_erff(
// EVERY-DAG: @_Z19__loom_relaxed_erfcf(
// The double exp2, exp10, logarithms, inverse trigonometric functions,
// lgamma and tgamma have relaxed evaluations too (plain double instead of
// pairs); the double exponential keeps its own.
// EVERY-DAG: @_Z19__loom_relaxed_asind(
// EVERY-DAG: @_Z19__loom_relaxed_acosd(
// EVERY-DAG: @_Z19__loom_relaxed_atand(
// EVERY-DAG: @_Z21__loom_relaxed_asinpid(
// EVERY-DAG: @_Z21__loom_relaxed_acospid(
// EVERY-DAG: @_Z21__loom_relaxed_atanpid(
// EVERY-DAG: @_Z20__loom_relaxed_atan2dd(
// EVERY-DAG: @_Z19__loom_relaxed_exp2d(
// EVERY-DAG: @_Z20__loom_relaxed_exp10d(
// EVERY-DAG: @_Z18__loom_relaxed_logd(
// EVERY-DAG: @_Z19__loom_relaxed_log2d(
// EVERY-DAG: @_Z20__loom_relaxed_log10d(
// EVERY-DAG: @_Z19__loom_relaxed_tanhd(
// EVERY-DAG: @_Z20__loom_relaxed_sinpid(
// EVERY-DAG: @_Z20__loom_relaxed_cospid(
// EVERY-DAG: @_Z20__loom_relaxed_tanpid(
// EVERY-DAG: @_Z21__loom_relaxed_lgammad(
// EVERY-DAG: @_Z21__loom_relaxed_tgammad(
// EVERY-DAG: call {{.*}}afn double @_Z3expd(
// FULL: call float @_Z3expf(
// FULL: call <4 x float> @_Z5log10Dv4_f(
// FULL: call float @_Z5sinpif(
// FULL: call <8 x float> @_Z5tanpiDv8_f(
// WIDENED: call <{{[0-9]+}} x float> @_Z18__loom_relaxed_expDv{{[0-9]+}}_f(
// FLOAT-NOT: fpext
// FLOAT-NOT: x double>
// FLOAT: define void @relaxed.mux-entry-hook(
// FLOAT-NOT: fpext
// FLOAT-NOT: x double>

__kernel void relaxed(__global float *x, __global float4 *y,
                      __global float8 *z) {
  size_t i = get_global_id(0);
  x[i] = exp(x[i]);
  y[i] = log10(y[i]);
  x[i] = sinpi(x[i]);
  z[i] = tanpi(z[i]);
}

#ifdef EVERY
__kernel void every(__global float *x) {
  size_t i = get_global_id(0);
  float v = x[i];
  x[i] = sin(v) + cos(v) + tan(v) + cospi(v) + log1p(v) + asinh(v) +
         acosh(v) + atanh(v) + tanh(v) + asin(v) + atan2(v, v) + cbrt(v) +
         erf(v) + erfc(v);
}

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void every_double(__global double *x) {
  size_t i = get_global_id(0);
  double v = x[i];
  x[i] = asin(v) + acos(v) + atan(v) + asinpi(v) + acospi(v) + atanpi(v) +
         atan2(v, v) +
         sinpi(v) + cospi(v) + tanpi(v) + tanh(v) + lgamma(v) + tgamma(v) + exp2(v) + exp10(v) + log(v) + log2(v) +
         log10(v) + exp(v);
}
#endif
