// builtins.h: macros shared by the sources of Loom's OpenCL C builtins
// library. Each source defines a family for every type and vector width by
// expanding a per-type macro through these lists.
#ifndef LOOM_BUILTINS_H
#define LOOM_BUILTINS_H

#define LOOM_OVERLOAD __attribute__((overloadable))
#define LOOM_CONST __attribute__((overloadable, const))

// The lists stay as written: clang-format packs a macro's expansion of
// macro calls as if it were an expression.
// clang-format off

// F(type) for each scalar and vector width of a scalar type.
#define LOOM_FOR_WIDTHS(F, T)                                                  \
  F(T) F(T##2) F(T##3) F(T##4) F(T##8) F(T##16)

// F(vector, scalar) for each vector width (no scalar).
#define LOOM_FOR_VECTORS(F, T)                                                 \
  F(T##2, T) F(T##3, T) F(T##4, T) F(T##8, T) F(T##16, T)

#define LOOM_FOR_INTEGERS(F, X)                                                \
  X(F, char) X(F, uchar) X(F, short) X(F, ushort) X(F, int) X(F, uint)         \
  X(F, long) X(F, ulong)

#define LOOM_FOR_FLOATS(F, X) X(F, float) X(F, double)

// clang-format on

#endif
