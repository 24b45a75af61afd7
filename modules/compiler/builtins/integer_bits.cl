// The integer functions of OpenCL C 1.2 section 6.12.3 beyond integer.cl:
// abs_diff, add_sat, sub_sat, hadd, rhadd, clz, ctz, popcount, rotate,
// mul_hi, mad_hi, mad_sat, upsample. Each is exact. The bit counts, rotate,
// mul_hi and mad_sat call the intrinsic wrappers of gen_math_intrinsics.py,
// so vector overloads are vector intrinsics.
#include "builtins.h"

#define INTRINSIC(OP, SFX) __loom_##OP##_##SFX

// The wrappers take the signed type of each width; unsigned types reach
// them through a bit cast (the bit operations do not care for the sign).
// T: the signed type, S: the suffix of its width and lanes.
#define DECLARE(T, S)                                                          \
  __attribute__((const)) T INTRINSIC(clz, i##S)(T);                            \
  __attribute__((const)) T INTRINSIC(ctz, i##S)(T);                            \
  __attribute__((const)) T INTRINSIC(popcount, i##S)(T);                       \
  __attribute__((const)) T INTRINSIC(rotate, i##S)(T, T);                      \
  __attribute__((const)) T INTRINSIC(mul_hi, s##S)(T, T);                      \
  __attribute__((const)) T INTRINSIC(mul_hi, u##S)(T, T);                      \
  __attribute__((const)) T INTRINSIC(mad_sat, s##S)(T, T, T);                  \
  __attribute__((const)) T INTRINSIC(mad_sat, u##S)(T, T, T);

#define AS(T, X) __builtin_astype((X), T)

// T: the type, I: the signed type of its width, U: the unsigned one, S: the
// wrapper suffix of width and lanes, SG: s or u for mul_hi / mad_sat.
#define BITS(T, I, U, S, SG)                                                   \
  LOOM_CONST T clz(T x) { return AS(T, INTRINSIC(clz, i##S)(AS(I, x))); }      \
  LOOM_CONST T ctz(T x) { return AS(T, INTRINSIC(ctz, i##S)(AS(I, x))); }      \
  LOOM_CONST T popcount(T x) {                                                 \
    return AS(T, INTRINSIC(popcount, i##S)(AS(I, x)));                         \
  }                                                                            \
  LOOM_CONST T rotate(T x, T n) {                                              \
    return AS(T, INTRINSIC(rotate, i##S)(AS(I, x), AS(I, n)));                 \
  }                                                                            \
  LOOM_CONST T mul_hi(T x, T y) {                                              \
    return AS(T, INTRINSIC(mul_hi, SG##S)(AS(I, x), AS(I, y)));                \
  }                                                                            \
  LOOM_CONST T mad_hi(T x, T y, T z) { return mul_hi(x, y) + z; }              \
  LOOM_CONST T mad_sat(T x, T y, T z) {                                        \
    return AS(T, INTRINSIC(mad_sat, SG##S)(AS(I, x), AS(I, y), AS(I, z)));     \
  }                                                                            \
  /* Halves first, then the carry of the low bits: no overflow. */             \
  LOOM_CONST T hadd(T x, T y) { return (x >> 1) + (y >> 1) + (x & y & (T)1); } \
  LOOM_CONST T rhadd(T x, T y) {                                               \
    return (x >> 1) + (y >> 1) + ((x | y) & (T)1);                             \
  }                                                                            \
  /* |x - y| in the unsigned type, where it always fits. */                    \
  LOOM_CONST U abs_diff(T x, T y) {                                            \
    U ux = AS(U, x), uy = AS(U, y);                                            \
    return x > y ? ux - uy : uy - ux;                                          \
  }

#define DECLARE_WIDTHS(I, B)                                                   \
  DECLARE(I, B)                                                                \
  DECLARE(I##2, B##x2) DECLARE(I##3, B##x3) DECLARE(I##4, B##x4)               \
      DECLARE(I##8, B##x8) DECLARE(I##16, B##x16)
DECLARE_WIDTHS(char, 8)
DECLARE_WIDTHS(short, 16)
DECLARE_WIDTHS(int, 32)
DECLARE_WIDTHS(long, 64)

#define BITS_WIDTHS(T, I, U, B, SG)                                            \
  BITS(T, I, U, B, SG)                                                         \
  BITS(T##2, I##2, U##2, B##x2, SG)                                            \
  BITS(T##3, I##3, U##3, B##x3, SG)                                            \
  BITS(T##4, I##4, U##4, B##x4, SG)                                            \
  BITS(T##8, I##8, U##8, B##x8, SG)                                            \
  BITS(T##16, I##16, U##16, B##x16, SG)
BITS_WIDTHS(char, char, uchar, 8, s)
BITS_WIDTHS(uchar, char, uchar, 8, u)
BITS_WIDTHS(short, short, ushort, 16, s)
BITS_WIDTHS(ushort, short, ushort, 16, u)
BITS_WIDTHS(int, int, uint, 32, s)
BITS_WIDTHS(uint, int, uint, 32, u)
BITS_WIDTHS(long, long, ulong, 64, s)
BITS_WIDTHS(ulong, long, ulong, 64, u)

// add_sat / sub_sat. Clang's element-wise builtins promote char and short
// scalars to int, where nothing saturates: those sum in int and clamp.
#define SAT(T)                                                                 \
  LOOM_CONST T add_sat(T x, T y) {                                             \
    return __builtin_elementwise_add_sat(x, y);                                \
  }                                                                            \
  LOOM_CONST T sub_sat(T x, T y) { return __builtin_elementwise_sub_sat(x, y); }
#define SAT_NARROW(T, MIN, MAX)                                                \
  LOOM_CONST T add_sat(T x, T y) { return (T)clamp((int)x + y, MIN, MAX); }    \
  LOOM_CONST T sub_sat(T x, T y) { return (T)clamp((int)x - y, MIN, MAX); }
#define SAT_VECTORS(T) SAT(T##2) SAT(T##3) SAT(T##4) SAT(T##8) SAT(T##16)
SAT_NARROW(char, CHAR_MIN, CHAR_MAX)
SAT_NARROW(uchar, 0, UCHAR_MAX)
SAT_NARROW(short, SHRT_MIN, SHRT_MAX)
SAT_NARROW(ushort, 0, USHRT_MAX)
SAT(int)
SAT(uint)
SAT(long)
SAT(ulong)
SAT_VECTORS(char)
SAT_VECTORS(uchar)
SAT_VECTORS(short)
SAT_VECTORS(ushort)
SAT_VECTORS(int)
SAT_VECTORS(uint)
SAT_VECTORS(long)
SAT_VECTORS(ulong)

// upsample(hi, lo) = hi << bits(lo) | lo, into the type twice as wide.
#define UPSAMPLE(H, L, W, UW, BITS)                                            \
  LOOM_CONST W upsample(H hi, L lo) { return (W)hi << BITS | (W)(UW)lo; }
#define UPSAMPLE_VECTOR(H, L, W, UW, BITS, N)                                  \
  LOOM_CONST W##N upsample(H##N hi, L##N lo) {                                 \
    return __builtin_convertvector(hi, W##N) << BITS |                         \
           __builtin_astype(__builtin_convertvector(lo, UW##N), W##N);         \
  }
#define UPSAMPLE_ALL(H, L, W, UW, BITS)                                        \
  UPSAMPLE(H, L, W, UW, BITS)                                                  \
  UPSAMPLE_VECTOR(H, L, W, UW, BITS, 2)                                        \
  UPSAMPLE_VECTOR(H, L, W, UW, BITS, 3) UPSAMPLE_VECTOR(H, L, W, UW, BITS, 4)  \
      UPSAMPLE_VECTOR(H, L, W, UW, BITS, 8)                                    \
          UPSAMPLE_VECTOR(H, L, W, UW, BITS, 16)
UPSAMPLE_ALL(char, uchar, short, ushort, 8)
UPSAMPLE_ALL(uchar, uchar, ushort, ushort, 8)
UPSAMPLE_ALL(short, ushort, int, uint, 16)
UPSAMPLE_ALL(ushort, ushort, uint, uint, 16)
UPSAMPLE_ALL(int, uint, long, ulong, 32)
UPSAMPLE_ALL(uint, uint, ulong, ulong, 32)
