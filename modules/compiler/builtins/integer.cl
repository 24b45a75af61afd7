// Integer functions of OpenCL C 1.2 section 6.12.3 that are exact by
// definition: abs, min, max, clamp, mul24, mad24.
#include "builtins.h"

// In unsigned arithmetic, so abs(INT_MIN) is 2^31 without overflow.
#define ABS(T, U)                                                              \
  LOOM_CONST U abs(T x) {                                                      \
    U u = as_##U(x);                                                           \
    return x < (T)0 ? (U)0 - u : u;                                            \
  }
#define ABS_UNSIGNED(T) LOOM_CONST T abs(T x) { return x; }
#define ABS_ALL(S, U)                                                          \
  ABS(S, U) ABS(S##2, U##2) ABS(S##3, U##3) ABS(S##4, U##4) ABS(S##8, U##8)    \
  ABS(S##16, U##16) LOOM_FOR_WIDTHS(ABS_UNSIGNED, U)
ABS_ALL(char, uchar)
ABS_ALL(short, ushort)
ABS_ALL(int, uint)
ABS_ALL(long, ulong)

#define MIN_MAX_CLAMP(T)                                                       \
  LOOM_CONST T min(T x, T y) { return y < x ? y : x; }                         \
  LOOM_CONST T max(T x, T y) { return x < y ? y : x; }                         \
  LOOM_CONST T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
#define MIN_MAX_CLAMP_SCALAR(V, S)                                             \
  LOOM_CONST V min(V x, S y) { return min(x, (V)y); }                          \
  LOOM_CONST V max(V x, S y) { return max(x, (V)y); }                          \
  LOOM_CONST V clamp(V x, S lo, S hi) { return clamp(x, (V)lo, (V)hi); }
LOOM_FOR_INTEGERS(MIN_MAX_CLAMP, LOOM_FOR_WIDTHS)
LOOM_FOR_INTEGERS(MIN_MAX_CLAMP_SCALAR, LOOM_FOR_VECTORS)

// mul24/mad24: the operands are 24-bit values in 32-bit integers, so the
// full 32-bit product is a valid result.
#define MUL24(T)                                                               \
  LOOM_CONST T mul24(T x, T y) { return x * y; }                               \
  LOOM_CONST T mad24(T x, T y, T z) { return x * y + z; }
LOOM_FOR_WIDTHS(MUL24, int)
LOOM_FOR_WIDTHS(MUL24, uint)
