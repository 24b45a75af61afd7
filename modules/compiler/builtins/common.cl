// Floating-point functions that are exact or correctly rounded, so need no
// accuracy work: fabs, fmin, fmax, clamp, mix, step, mad (which OpenCL lets
// be a fused or unfused multiply-add), sqrt (IEEE-754 requires it correctly
// rounded; llvm.sqrt is).
#include "builtins.h"
#include "math.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define EXACT(T)                                                               \
  LOOM_CONST T fabs(T x) { return __builtin_elementwise_abs(x); }              \
  LOOM_CONST T fmin(T x, T y) { return __builtin_elementwise_min(x, y); }      \
  LOOM_CONST T fmax(T x, T y) { return __builtin_elementwise_max(x, y); }      \
  LOOM_CONST T clamp(T x, T lo, T hi) { return fmin(fmax(x, lo), hi); }        \
  LOOM_CONST T mix(T x, T y, T a) { return x + (y - x) * a; }                  \
  /* Contractable, so an fma where the kernel's a * b + c would be one. */     \
  LOOM_CONST T mad(T a, T b, T c) { return a * b + c; }                        \
  LOOM_CONST T step(T edge, T x) { return x < edge ? (T)0 : (T)1; }
#define EXACT_SCALAR(V, S)                                                     \
  LOOM_CONST V fmin(V x, S y) { return fmin(x, (V)y); }                        \
  LOOM_CONST V fmax(V x, S y) { return fmax(x, (V)y); }                        \
  LOOM_CONST V clamp(V x, S lo, S hi) { return clamp(x, (V)lo, (V)hi); }       \
  LOOM_CONST V mix(V x, V y, S a) { return mix(x, y, (V)a); }                  \
  LOOM_CONST V step(S edge, V x) { return step((V)edge, x); }
LOOM_FOR_FLOATS(EXACT, LOOM_FOR_WIDTHS)
LOOM_FOR_FLOATS(EXACT_SCALAR, LOOM_FOR_VECTORS)

// llvm.sqrt at every width: one vector square root instruction where the
// target has one.
#define SQRT(T, S)                                                             \
  LOOM_CONST T sqrt(T x) { return LOOM_INTRINSIC(sqrt, S)(x); }
SQRT(float, f)
SQRT(float2, f2)
SQRT(float3, f3)
SQRT(float4, f4)
SQRT(float8, f8)
SQRT(float16, f16)
SQRT(double, d)
SQRT(double2, d2)
SQRT(double3, d3)
SQRT(double4, d4)
SQRT(double8, d8)
SQRT(double16, d16)

// dot: the sum of products, in element order (OpenCL allows contraction).
LOOM_CONST float dot(float x, float y) { return x * y; }
LOOM_CONST float dot(float2 x, float2 y) { return x.x * y.x + x.y * y.y; }
LOOM_CONST float dot(float3 x, float3 y) { return x.x * y.x + x.y * y.y + x.z * y.z; }
LOOM_CONST float dot(float4 x, float4 y) {
  return x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
}
LOOM_CONST double dot(double x, double y) { return x * y; }
LOOM_CONST double dot(double2 x, double2 y) { return x.x * y.x + x.y * y.y; }
LOOM_CONST double dot(double3 x, double3 y) { return x.x * y.x + x.y * y.y + x.z * y.z; }
LOOM_CONST double dot(double4 x, double4 y) {
  return x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
}

// max / min on floats (OpenCL leaves NaN and infinite arguments undefined):
// fmax / fmin.
#define FLOAT_MIN_MAX(T)                                                       \
  LOOM_CONST T max(T x, T y) { return fmax(x, y); }                            \
  LOOM_CONST T min(T x, T y) { return fmin(x, y); }
#define FLOAT_MIN_MAX_SCALAR(V, S)                                             \
  LOOM_CONST V max(V x, S y) { return fmax(x, (V)y); }                         \
  LOOM_CONST V min(V x, S y) { return fmin(x, (V)y); }
LOOM_FOR_FLOATS(FLOAT_MIN_MAX, LOOM_FOR_WIDTHS)
LOOM_FOR_FLOATS(FLOAT_MIN_MAX_SCALAR, LOOM_FOR_VECTORS)

// smoothstep, sign, radians, degrees (section 6.12.4).
#define COMMON_MORE(T)                                                         \
  LOOM_CONST T smoothstep(T e0, T e1, T x) {                                   \
    T t = clamp((x - e0) / (e1 - e0), (T)0, (T)1);                             \
    return t * t * ((T)3 - (T)2 * t);                                          \
  }                                                                            \
  /* 1 or -1, zeros kept with their sign, 0 for NaN. */                        \
  LOOM_CONST T sign(T x) {                                                     \
    T r = x > (T)0 ? (T)1 : x;                                                 \
    r = x < (T)0 ? (T)-1 : r;                                                  \
    return x != x ? (T)0 : r;                                                  \
  }                                                                            \
  LOOM_CONST T radians(T d) { return d * (T)(M_PI / 180); }                    \
  LOOM_CONST T degrees(T r) { return r * (T)(180 / M_PI); }
#define SMOOTHSTEP_SCALAR(V, S)                                                \
  LOOM_CONST V smoothstep(S e0, S e1, V x) {                                   \
    return smoothstep((V)e0, (V)e1, x);                                        \
  }
LOOM_FOR_FLOATS(COMMON_MORE, LOOM_FOR_WIDTHS)
LOOM_FOR_FLOATS(SMOOTHSTEP_SCALAR, LOOM_FOR_VECTORS)
