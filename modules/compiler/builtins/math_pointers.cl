// The math functions that store a second result through a pointer: sincos,
// fract, frexp, modf, remquo and lgamma_r. Built twice, like vload_store.cl:
// for OpenCL C 1.2 with one overload per writable address space, and for
// OpenCL C 3.0 with the generic address space. Each stores what the
// private-pointer implementation in math_float.cl gives.
#include "math.h"

#define DECLARE(F, I)                                                          \
  LOOM_OVERLOAD F __loom_sincos(F, __private F *);                             \
  LOOM_OVERLOAD F __loom_fract(F, __private F *);                              \
  LOOM_OVERLOAD F __loom_modf(F, __private F *);                               \
  LOOM_OVERLOAD F __loom_frexp(F, __private I *);                              \
  LOOM_OVERLOAD F __loom_lgamma_r(F, __private I *);                           \
  LOOM_OVERLOAD F __loom_remquo(F, F, __private I *);

// NAME(x[, y], AS SECOND *p): the private-pointer form into a local, then
// one store through p.
#define ONE(NAME, F, SECOND, AS)                                               \
  LOOM_OVERLOAD F NAME(F x, AS SECOND *p) {                                    \
    SECOND second;                                                             \
    F r = __loom_##NAME(x, &second);                                           \
    *p = second;                                                               \
    return r;                                                                  \
  }
#define POINTERS(F, I, AS)                                                     \
  ONE(sincos, F, F, AS)                                                        \
  ONE(fract, F, F, AS) ONE(modf, F, F, AS) ONE(frexp, F, I, AS)                \
      ONE(lgamma_r, F, I, AS) LOOM_OVERLOAD F                                  \
      remquo(F x, F y, AS I *p) {                                              \
    I second;                                                                  \
    F r = __loom_remquo(x, y, &second);                                        \
    *p = second;                                                               \
    return r;                                                                  \
  }

#define FOR_WIDTHS(M, AS)                                                      \
  M(float, int, AS)                                                            \
  M(float2, int2, AS)                                                          \
  M(float3, int3, AS)                                                          \
  M(float4, int4, AS) M(float8, int8, AS) M(float16, int16, AS)

#define DOUBLE_WIDTHS(M, AS)                                                   \
  M(double, int, AS)                                                           \
  M(double2, int2, AS) M(double3, int3, AS) M(double4, int4, AS)               \
      M(double8, int8, AS) M(double16, int16, AS)

#define DECLARE_AS(F, I, AS) DECLARE(F, I)
FOR_WIDTHS(DECLARE_AS, )
DOUBLE_WIDTHS(DECLARE_AS, )

#if defined(__opencl_c_generic_address_space)
FOR_WIDTHS(POINTERS, )
DOUBLE_WIDTHS(POINTERS, )
#else
FOR_WIDTHS(POINTERS, __global)
FOR_WIDTHS(POINTERS, __local)
FOR_WIDTHS(POINTERS, __private)
DOUBLE_WIDTHS(POINTERS, __global)
DOUBLE_WIDTHS(POINTERS, __local)
DOUBLE_WIDTHS(POINTERS, __private)
#endif
