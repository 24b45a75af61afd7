//===- integer_builtins_test.cpp - Integer builtins on the driver ---------===//
///
/// Every function of the builtins library's integer_bits.cl, for signed and
/// unsigned 8-, 32- and 64-bit types, scalar and 4-lane vector forms, on
/// random inputs and edge values; each result checked against a model
/// computed here in 128-bit arithmetic.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"
#include "OpenCLTypeNames.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <type_traits>

using namespace loom::e2e;

namespace {

constexpr int Functions = 12;
using Wide = __int128;

template <class T> constexpr int Bits = sizeof(T) * 8;

template <class T> T saturate(Wide V) {
  Wide Lo = std::numeric_limits<T>::min(), Hi = std::numeric_limits<T>::max();
  return T(V < Lo ? Lo : (V > Hi ? Hi : V));
}

/// The high half of the full product; unsigned 64-bit products need the
/// unsigned 128-bit type (they overflow the signed one).
template <class T> Wide highProduct(T X, T Y) {
  if constexpr (std::is_unsigned_v<T>)
    return Wide(((unsigned __int128)X * Y) >> Bits<T>);
  else
    return (Wide(X) * Wide(Y)) >> Bits<T>;
}

/// Function F of kernels/integer_bits.cl, computed independently.
template <class T> T model(int F, T X, T Y, T Z) {
  using U = std::make_unsigned_t<T>;
  U UX = U(X);
  switch (F) {
  case 0: { // clz
    int N = 0;
    for (int B = Bits<T> - 1; B >= 0 && !((UX >> B) & 1); --B)
      ++N;
    return T(N);
  }
  case 1: { // ctz
    int N = 0;
    for (int B = 0; B < Bits<T> && !((UX >> B) & 1); ++B)
      ++N;
    return T(N);
  }
  case 2: { // popcount
    int N = 0;
    for (int B = 0; B < Bits<T>; ++B)
      N += (UX >> B) & 1;
    return T(N);
  }
  case 3: { // rotate left by Y mod bits
    int S = int(U(Y) % Bits<T>);
    return S == 0 ? X : T(U(UX << S) | U(UX >> (Bits<T> - S)));
  }
  case 4: // mul_hi
    return T(highProduct(X, Y));
  case 5: // mad_hi
    return T(U(highProduct(X, Y)) + U(Z));
  case 6: { // mad_sat, exact in 128 bits but for unsigned 64-bit products
    if constexpr (std::is_unsigned_v<T> && sizeof(T) == 8) {
      unsigned __int128 P = (unsigned __int128)X * Y + Z;
      bool Over =
          Y != 0 && (unsigned __int128)X > (~(unsigned __int128)0 - Z) / Y;
      return Over || P > std::numeric_limits<T>::max()
                 ? std::numeric_limits<T>::max()
                 : T(P);
    } else {
      return saturate<T>(Wide(X) * Wide(Y) + Wide(Z));
    }
  }
  case 7:
    return saturate<T>(Wide(X) + Wide(Y));
  case 8:
    return saturate<T>(Wide(X) - Wide(Y));
  case 9: { // hadd: floor((x + y) / 2)
    Wide S = Wide(X) + Wide(Y);
    return T(S >= 0 ? S / 2 : -((-S + 1) / 2));
  }
  case 10: { // rhadd: floor((x + y + 1) / 2)
    Wide S = Wide(X) + Wide(Y) + 1;
    return T(S >= 0 ? S / 2 : -((-S + 1) / 2));
  }
  case 11: { // abs_diff, as the unsigned type's bits
    Wide D = Wide(X) - Wide(Y);
    return T(U(D < 0 ? -D : D));
  }
  }
  return 0;
}

template <class T> std::vector<T> inputs(unsigned Seed, size_t N) {
  std::mt19937_64 Rng(Seed);
  const T Edges[] = {0,
                     1,
                     T(-1),
                     2,
                     std::numeric_limits<T>::min(),
                     std::numeric_limits<T>::max(),
                     T(std::numeric_limits<T>::max() / 2),
                     T(std::numeric_limits<T>::min() / 2 + 1),
                     T(Bits<T>),
                     T(Bits<T> + 3)};
  std::vector<T> V;
  for (size_t I = 0; I < N; ++I)
    V.push_back(I % 3 == 0 ? Edges[(I / 3 + Seed) % 10] : T(Rng()));
  return V;
}

template <class T> void checkType() {
  const char *Name = openCLTypeName<T>();
  // ctz is OpenCL C 2.0 on.
  std::string Options =
      std::string("-cl-std=CL3.0 -DT=") + Name + " -DT4=" + Name + "4";
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("integer_bits.cl"), Binary, Options,
                          "csa", "integer_bits.cl"),
            "");
  const size_t N = 4096;
  std::vector<T> A = inputs<T>(1, N), B = inputs<T>(2, N), C = inputs<T>(3, N);
  for (const char *Kernel : {"scalar_ops", "vector_ops"}) {
    std::vector<KernelArg> Args = {
        KernelArg::buffer(A), KernelArg::buffer(B), KernelArg::buffer(C),
        KernelArg::buffer(std::vector<T>(N * Functions))};
    size_t Items = std::string(Kernel) == "scalar_ops" ? N : N / 4;
    ASSERT_EQ(runKernel(Binary, Kernel, Args, {{Items}, {}, {}}), "");
    std::vector<T> Out = Args[3].as<T>();
    int Failures = 0;
    for (size_t I = 0; I < N; ++I)
      for (int F = 0; F < Functions; ++F) {
        T Expected = model<T>(F, A[I], B[I], C[I]);
        if (Out[I * Functions + F] != Expected && ++Failures <= 5)
          ADD_FAILURE() << Kernel << " " << Name << " function " << F
                        << " x=" << int64_t(A[I]) << " y=" << int64_t(B[I])
                        << " z=" << int64_t(C[I]) << ": got "
                        << int64_t(Out[I * Functions + F]) << ", expected "
                        << int64_t(Expected);
      }
    EXPECT_EQ(Failures, 0) << Kernel << " " << Name;
  }
}

TEST(IntegerBuiltins, Char) { checkType<int8_t>(); }
TEST(IntegerBuiltins, UChar) { checkType<uint8_t>(); }
TEST(IntegerBuiltins, Int) { checkType<int32_t>(); }
TEST(IntegerBuiltins, UInt) { checkType<uint32_t>(); }
TEST(IntegerBuiltins, Long) { checkType<int64_t>(); }
TEST(IntegerBuiltins, ULong) { checkType<uint64_t>(); }

} // namespace
