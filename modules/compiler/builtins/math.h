// math.h: what the sources of the math library share.
//
// The math functions are written once, as width-generic code in a template
// file (math_float.inc), and included once per vector width with the macros
// below naming that width's types. Vector overloads are therefore real
// vector code: every branch is a select on a lane mask, every intrinsic the
// vector intrinsic (gen_math_intrinsics.py). The template uses OpenCL C's
// vector ternary, which needs the condition's element size to match the
// result's: conditions on doubles select doubles, conditions on floats select
// floats.
#ifndef LOOM_MATH_H
#define LOOM_MATH_H

#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Internal helpers: inlined into each builtin, never visible to kernels.
#define LOOM_HELPER static inline __attribute__((overloadable, always_inline))

// The intrinsic wrappers of gen_math_intrinsics.py for one type.
#define LOOM_DECLARE_INTRINSICS(T, S)                                          \
  __attribute__((const)) T __loom_fma_##S(T, T, T);                            \
  __attribute__((const)) T __loom_copysign_##S(T, T);                          \
  __attribute__((const)) T __loom_rint_##S(T);                                 \
  __attribute__((const)) T __loom_round_##S(T);                                \
  __attribute__((const)) T __loom_floor_##S(T);                                \
  __attribute__((const)) T __loom_ceil_##S(T);                                 \
  __attribute__((const)) T __loom_trunc_##S(T);                                \
  __attribute__((const)) T __loom_fabs_##S(T);                                 \
  __attribute__((const)) T __loom_sqrt_##S(T);
LOOM_DECLARE_INTRINSICS(float, f)
LOOM_DECLARE_INTRINSICS(float2, f2)
LOOM_DECLARE_INTRINSICS(float3, f3)
LOOM_DECLARE_INTRINSICS(float4, f4)
LOOM_DECLARE_INTRINSICS(float8, f8)
LOOM_DECLARE_INTRINSICS(float16, f16)
LOOM_DECLARE_INTRINSICS(double, d)
LOOM_DECLARE_INTRINSICS(double2, d2)
LOOM_DECLARE_INTRINSICS(double3, d3)
LOOM_DECLARE_INTRINSICS(double4, d4)
LOOM_DECLARE_INTRINSICS(double8, d8)
LOOM_DECLARE_INTRINSICS(double16, d16)

// Conversions that are a C cast on scalars and element-wise on vectors.
#define LOOM_CONVERT_SCALAR(T, X) ((T)(X))
#define LOOM_CONVERT_VECTOR(T, X) __builtin_convertvector((X), T)

// The intrinsic wrapper of OP for suffix S, with S a macro of the template.
#define LOOM_INTRINSIC(OP, S) LOOM_INTRINSIC_(OP, S)
#define LOOM_INTRINSIC_(OP, S) __loom_##OP##_##S

// The relaxed-math evaluation of builtin NAME, which RelaxedMathPass calls
// in place of NAME under relaxed math (BuiltinInfo::getRelaxedBuiltin knows
// the prefix too).
#define LOOM_RELAXED(NAME) __loom_relaxed_##NAME

// Reinterprets the bits of X as type T.
#define LOOM_AS(T, X) __builtin_astype((X), T)

// The bits of K + 1.5 2^52 for an integral double K of magnitude below
// 2^51: K, exactly, in two's complement in the low bits (that sum's ulp is
// 1), so `& 3` is K mod 4 and subtracting 0x4338000000000000 gives K as a
// long. x86 before AVX-512 has no vector conversion of doubles to 64-bit
// integers and converts them one element at a time (three instructions
// each), where this is one addition. L is the width's long type.
#define LOOM_SMALL_INTEGRAL_BITS(K) LOOM_AS(L, (K) + 0x1.8p52)

#endif
