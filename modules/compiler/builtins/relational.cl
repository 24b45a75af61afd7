// Relational functions (OpenCL C 1.2 section 6.12.6): comparisons and
// classification, any/all, bitselect and select. Scalar forms return 1 for
// true; vector forms return -1 (all bits set) in each true lane, which is
// what OpenCL C's vector comparisons already produce.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// F: a float type, I: the integer type of the result, B: the integer type
// of F's bits, MIN: the smallest normal number.
#define CLASSIFY(F, I, B, MIN)                                                 \
  LOOM_CONST I isequal(F x, F y) { return x == y; }                            \
  LOOM_CONST I isnotequal(F x, F y) { return x != y; }                         \
  LOOM_CONST I isgreater(F x, F y) { return x > y; }                           \
  LOOM_CONST I isgreaterequal(F x, F y) { return x >= y; }                     \
  LOOM_CONST I isless(F x, F y) { return x < y; }                              \
  LOOM_CONST I islessequal(F x, F y) { return x <= y; }                        \
  LOOM_CONST I islessgreater(F x, F y) { return (x < y) | (x > y); }           \
  LOOM_CONST I isordered(F x, F y) { return (x == x) & (y == y); }             \
  LOOM_CONST I isunordered(F x, F y) { return (x != x) | (y != y); }           \
  LOOM_CONST I isnan(F x) { return x != x; }                                   \
  LOOM_CONST I isfinite(F x) {                                                 \
    return __builtin_elementwise_abs(x) < INFINITY;                            \
  }                                                                            \
  LOOM_CONST I isinf(F x) { return __builtin_elementwise_abs(x) == INFINITY; } \
  LOOM_CONST I isnormal(F x) {                                                 \
    F a = __builtin_elementwise_abs(x);                                        \
    return (a >= MIN) & (a < INFINITY);                                        \
  }                                                                            \
  LOOM_CONST I signbit(F x) { return __builtin_astype(x, B) < 0; }

#define CLASSIFY_WIDTHS(T, I, B, MIN)                                          \
  CLASSIFY(T, int, B, MIN)                                                     \
  CLASSIFY(T##2, I##2, B##2, MIN)                                              \
  CLASSIFY(T##3, I##3, B##3, MIN) CLASSIFY(T##4, I##4, B##4, MIN)              \
      CLASSIFY(T##8, I##8, B##8, MIN) CLASSIFY(T##16, I##16, B##16, MIN)
CLASSIFY_WIDTHS(float, int, int, FLT_MIN)
CLASSIFY_WIDTHS(double, long, long, DBL_MIN)

// any / all look at the most significant bit of each lane: that of the
// lanes' or (and). As a reduction, a vector of comparisons becomes one test
// of the comparisons' mask (kortest on AVX-512, movmsk on AVX2), where a
// tree of ors would move the mask into a vector and back.
#define ANY_ALL_VECTOR(T)                                                      \
  LOOM_CONST int any(T x) { return __builtin_reduce_or(x) < 0; }               \
  LOOM_CONST int all(T x) { return __builtin_reduce_and(x) < 0; }
#define ANY_ALL(T)                                                             \
  LOOM_CONST int any(T x) { return x < 0; }                                    \
  LOOM_CONST int all(T x) { return x < 0; }                                    \
  ANY_ALL_VECTOR(T##2)                                                         \
  ANY_ALL_VECTOR(T##3)                                                         \
  ANY_ALL_VECTOR(T##4)                                                         \
  ANY_ALL_VECTOR(T##8)                                                         \
  ANY_ALL_VECTOR(T##16)
ANY_ALL(char)
ANY_ALL(short)
ANY_ALL(int)
ANY_ALL(long)

// The widenable any (builtins.h): what any() answers, or a scalar's c != 0.
// A call of it stays a call until after vectorization, which may answer it
// for more lanes; the late link-builtins brings this definition.
#define ANY_WIDENABLE(T)                                                       \
  LOOM_CONST int LOOM_ANY_WIDENABLE(T c) { return c != 0; }                    \
  LOOM_CONST int LOOM_ANY_WIDENABLE(T##2 c) { return any(c); }                 \
  LOOM_CONST int LOOM_ANY_WIDENABLE(T##3 c) { return any(c); }                 \
  LOOM_CONST int LOOM_ANY_WIDENABLE(T##4 c) { return any(c); }                 \
  LOOM_CONST int LOOM_ANY_WIDENABLE(T##8 c) { return any(c); }                 \
  LOOM_CONST int LOOM_ANY_WIDENABLE(T##16 c) { return any(c); }
ANY_WIDENABLE(int)
ANY_WIDENABLE(long)

// bitselect: each bit from b where c has a one, else from a. S is the
// signed integer type of T's size, U the unsigned one.
#define BITSELECT(T, S)                                                        \
  LOOM_CONST T bitselect(T a, T b, T c) {                                      \
    S as = __builtin_astype(a, S), bs = __builtin_astype(b, S);                \
    S cs = __builtin_astype(c, S);                                             \
    return __builtin_astype((S)((as & ~cs) | (bs & cs)), T);                   \
  }
// select: b where c is true, else a; true is non-zero for scalars and the
// most significant bit set for vectors.
#define SELECT_SCALAR(T, S, U)                                                 \
  LOOM_CONST T select(T a, T b, S c) { return c ? b : a; }                     \
  LOOM_CONST T select(T a, T b, U c) { return c ? b : a; }
#define SELECT_VECTOR(T, S, U)                                                 \
  LOOM_CONST T select(T a, T b, S c) { return c < (S)0 ? b : a; }              \
  LOOM_CONST T select(T a, T b, U c) {                                         \
    return __builtin_astype(c, S) < (S)0 ? b : a;                              \
  }
#define SELECT_ALL(T, S, U)                                                    \
  BITSELECT(T, S)                                                              \
  SELECT_SCALAR(T, S, U) BITSELECT(T##2, S##2) SELECT_VECTOR(T##2, S##2, U##2) \
      BITSELECT(T##3, S##3) SELECT_VECTOR(T##3, S##3, U##3)                    \
          BITSELECT(T##4, S##4) SELECT_VECTOR(T##4, S##4, U##4)                \
              BITSELECT(T##8, S##8) SELECT_VECTOR(T##8, S##8, U##8)            \
                  BITSELECT(T##16, S##16) SELECT_VECTOR(T##16, S##16, U##16)
SELECT_ALL(char, char, uchar)
SELECT_ALL(uchar, char, uchar)
SELECT_ALL(short, short, ushort)
SELECT_ALL(ushort, short, ushort)
SELECT_ALL(int, int, uint)
SELECT_ALL(uint, int, uint)
SELECT_ALL(long, long, ulong)
SELECT_ALL(ulong, long, ulong)
SELECT_ALL(float, int, uint)
SELECT_ALL(double, long, ulong)
