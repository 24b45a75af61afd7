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

// The widenable any (relational.cl): any(c) of a vector, c != 0 of a
// scalar, for the condition of a slow path that only some inputs need and
// whose results each lane selects for itself, so that running it where no
// lane needs it only costs time. A vectorizer that runs several work-items'
// calls as one may answer for all their lanes at once (the compiler knows
// the name too: compiler::isWidenableAny), one branch for the vector where
// each work-item's own answer would be a branch per work-item. Never the
// condition of a loop: a lane that is not active may keep it true.
#define LOOM_ANY_WIDENABLE __loom_any_widenable
#define LOOM_DECLARE_ANY_WIDENABLE(T)                                          \
  __attribute__((overloadable, const)) int LOOM_ANY_WIDENABLE(T);
LOOM_FOR_WIDTHS(LOOM_DECLARE_ANY_WIDENABLE, int)
LOOM_FOR_WIDTHS(LOOM_DECLARE_ANY_WIDENABLE, long)

#endif
