// Geometric functions (OpenCL C 1.2 section 6.12.5) for float and double,
// scalars and 2-, 3- and 4-vectors; dot is in common.cl. Float lengths are
// summed in double, where squares neither overflow nor underflow and the
// sum rounds once; double lengths are scaled by a power of two when a
// square would leave double's range.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

LOOM_CONST float3 cross(float3 a, float3 b) {
  return (float3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
                  a.x * b.y - a.y * b.x);
}
LOOM_CONST float4 cross(float4 a, float4 b) {
  return (float4)(cross(a.xyz, b.xyz), 0.0f);
}
LOOM_CONST double3 cross(double3 a, double3 b) {
  return (double3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
                   a.x * b.y - a.y * b.x);
}
LOOM_CONST double4 cross(double4 a, double4 b) {
  return (double4)(cross(a.xyz, b.xyz), 0.0);
}

// The float forms: F is the float type, D the double type of its width.
#define FLOAT_GEOMETRIC(F, D)                                                  \
  LOOM_CONST float length(F p) {                                               \
    D d = __builtin_convertvector((p), D);                                     \
    return (float)sqrt(dot(d, d));                                             \
  }                                                                            \
  LOOM_CONST float distance(F a, F b) { return length(a - b); }                \
  LOOM_CONST F normalize(F p) {                                                \
    /* Infinite components count as +-1 and the others as 0 (OpenCL C). */     \
    F q = isinf(p) ? copysign((F)1.0f, p) : copysign((F)0.0f, p);              \
    p = any(isinf(p)) ? q : p;                                                 \
    D d = __builtin_convertvector(p, D);                                       \
    F r = __builtin_convertvector(d * (1.0 / sqrt(dot(d, d))), F);             \
    return all(p == (F)0.0f) ? p : r;                                          \
  }                                                                            \
  LOOM_CONST float fast_length(F p) { return length(p); }                      \
  LOOM_CONST float fast_distance(F a, F b) { return distance(a, b); }          \
  LOOM_CONST F fast_normalize(F p) { return normalize(p); }
FLOAT_GEOMETRIC(float2, double2)
FLOAT_GEOMETRIC(float3, double3)
FLOAT_GEOMETRIC(float4, double4)

LOOM_CONST float length(float p) { return fabs(p); }
LOOM_CONST float distance(float a, float b) { return fabs(a - b); }
LOOM_CONST float normalize(float p) {
  return p == 0.0f || isnan(p) ? p : copysign(1.0f, p);
}
LOOM_CONST float fast_length(float p) { return fabs(p); }
LOOM_CONST float fast_distance(float a, float b) { return fabs(a - b); }
LOOM_CONST float fast_normalize(float p) { return normalize(p); }

// The double forms: squares of components above 2^500 or below 2^-500
// would overflow or lose bits, so such vectors are scaled by 2^-600 or 2^600
// first (exactly) and the length scaled back. normalize divides by that
// length, or, where it overflows (components near DBL_MAX), divides the
// scaled vector by its own length: scaling down then loses only bits of
// components whose results underflow anyway, where dividing the scaled
// vector always would lose the low bits of small components.
#define DOUBLE_GEOMETRIC(D)                                                    \
  static LOOM_CONST double largest_magnitude(D p) {                            \
    D a = fabs(p);                                                             \
    double m = a.x;                                                            \
    for (int i = 1; i < (int)(sizeof(D) / sizeof(double)); ++i)                \
      m = fmax(m, a[i]);                                                       \
    return m;                                                                  \
  }                                                                            \
  static LOOM_CONST double square_safe_scale(D p) {                            \
    double m = largest_magnitude(p);                                           \
    return m > 0x1p500 ? 0x1p-600 : (m < 0x1p-500 ? 0x1p600 : 1.0);            \
  }                                                                            \
  LOOM_CONST double length(D p) {                                              \
    double scale = square_safe_scale(p);                                       \
    D s = p * scale;                                                           \
    double r = sqrt(dot(s, s)) / scale;                                        \
    return isinf(largest_magnitude(p)) ? INFINITY : r;                         \
  }                                                                            \
  LOOM_CONST double distance(D a, D b) { return length(a - b); }               \
  LOOM_CONST D normalize(D p) {                                                \
    D q = isinf(p) ? copysign((D)1.0, p) : copysign((D)0.0, p);                \
    p = any(isinf(p)) ? q : p;                                                 \
    double scale = square_safe_scale(p);                                       \
    D s = p * scale;                                                           \
    double scaled_length = sqrt(dot(s, s));                                    \
    double length = scaled_length / scale;                                     \
    D r = isinf(length) ? s / scaled_length : p / length;                      \
    return all(p == (D)0.0) ? p : r;                                           \
  }
DOUBLE_GEOMETRIC(double2)
DOUBLE_GEOMETRIC(double4)
// double3's storage is four doubles; sizeof would count the padding.
LOOM_CONST double length(double3 p) { return length((double4)(p, 0.0)); }
LOOM_CONST double distance(double3 a, double3 b) { return length(a - b); }
LOOM_CONST double3 normalize(double3 p) {
  return normalize((double4)(p, 0.0)).xyz;
}

LOOM_CONST double length(double p) { return fabs(p); }
LOOM_CONST double distance(double a, double b) { return fabs(a - b); }
LOOM_CONST double normalize(double p) {
  return p == 0.0 || isnan(p) ? p : copysign(1.0, p);
}
