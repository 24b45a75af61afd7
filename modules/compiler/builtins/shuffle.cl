// shuffle and shuffle2 (OpenCL C 1.2 section 6.12.12) for every element type
// and every pair of widths 2, 4, 8, 16. Lane i of the result is lane
// mask[i] mod m of x (of x then y for shuffle2). Written lane by lane: with
// a constant mask, the usual case, LLVM folds the lanes into one
// shufflevector once the call is inlined.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// T: element type, U: the unsigned mask type of its size, M: x's width,
// N: the result's width.
#define SHUFFLE(T, U, M, N)                                                    \
  LOOM_CONST T##N shuffle(T##M x, U##N mask) {                                 \
    T##N r;                                                                    \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = x[mask[i] & (M - 1)];                                             \
    return r;                                                                  \
  }                                                                            \
  LOOM_CONST T##N shuffle2(T##M x, T##M y, U##N mask) {                        \
    T##N r;                                                                    \
    for (int i = 0; i < N; ++i) {                                              \
      uint k = mask[i] & (2 * M - 1);                                          \
      r[i] = k < M ? x[k] : y[k - M];                                          \
    }                                                                          \
    return r;                                                                  \
  }
#define SHUFFLE_N(T, U, M)                                                     \
  SHUFFLE(T, U, M, 2)                                                          \
  SHUFFLE(T, U, M, 4) SHUFFLE(T, U, M, 8) SHUFFLE(T, U, M, 16)
#define SHUFFLE_ALL(T, U)                                                      \
  SHUFFLE_N(T, U, 2) SHUFFLE_N(T, U, 4) SHUFFLE_N(T, U, 8) SHUFFLE_N(T, U, 16)
SHUFFLE_ALL(char, uchar)
SHUFFLE_ALL(uchar, uchar)
SHUFFLE_ALL(short, ushort)
SHUFFLE_ALL(ushort, ushort)
SHUFFLE_ALL(int, uint)
SHUFFLE_ALL(uint, uint)
SHUFFLE_ALL(long, ulong)
SHUFFLE_ALL(ulong, ulong)
SHUFFLE_ALL(float, uint)
SHUFFLE_ALL(double, ulong)
