//===- conversions_test.cpp - convert_* on the driver ---------------------===//
///
/// Explicit conversions between representative pairs of types (every kind:
/// integer narrowing and widening, floating to integer, integer to floating
/// where rounding happens, double to float), in all five rounding forms and
/// saturated, scalar and 4-lane vector, on edge values and random inputs.
/// The model rounds with the host's floating-point environment (fesetround
/// and long double, which holds every 64-bit integer exactly) and saturates
/// by comparison.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"
#include "OpenCLTypeNames.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>

using namespace loom::e2e;

namespace {

constexpr int Forms = 10;
const int Modes[5] = {FE_TONEAREST, FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD,
                      FE_DOWNWARD};

/// X rounded to D in rounding mode Mode, through long double.
template <class D> D roundTo(long double X, int Mode) {
  std::fesetround(Mode);
  volatile long double In = X;
  volatile D Out = static_cast<D>(In);
  std::fesetround(FE_TONEAREST);
  return Out;
}

template <class D, class S> D model(S X, int Form) {
  int Mode = Modes[Form % 5];
  bool Sat = Form >= 5;
  if constexpr (std::is_floating_point_v<D>) {
    return roundTo<D>((long double)X, Form % 5 == 0 ? FE_TONEAREST : Mode);
  } else if constexpr (std::is_floating_point_v<S>) {
    // Floating to integer: rtz by default, then saturation (NaN gives 0).
    if (std::isnan(X))
      return 0;
    long double V = X;
    V = Form % 5 == 0 || Mode == FE_TOWARDZERO ? std::trunc(V)
        : Mode == FE_UPWARD                    ? std::ceil(V)
        : Mode == FE_DOWNWARD                  ? std::floor(V)
                                               : std::nearbyint(V);
    if (V <= (long double)std::numeric_limits<D>::min())
      return std::numeric_limits<D>::min();
    if (V >= (long double)std::numeric_limits<D>::max())
      return std::numeric_limits<D>::max();
    return D(V);
  } else {
    if (!Sat)
      return D(X); // modular, as C++ (and OpenCL) convert integers
    long double V = X;
    if (V < (long double)std::numeric_limits<D>::min())
      return std::numeric_limits<D>::min();
    if (V > (long double)std::numeric_limits<D>::max())
      return std::numeric_limits<D>::max();
    return D(X);
  }
}

template <class S> std::vector<S> inputs(size_t N) {
  std::vector<S> V;
  if constexpr (std::is_floating_point_v<S>) {
    const S Edges[] = {0,
                       -S(0),
                       S(0.5),
                       S(-0.5),
                       S(1.5),
                       S(-2.5),
                       S(2.5),
                       S(127.5),
                       S(-128.5),
                       S(255.5),
                       S(2147483647.0),
                       S(-2147483648.0),
                       S(4294967296.0),
                       S(9.3e18),
                       S(-9.3e18),
                       S(1.9e19),
                       std::numeric_limits<S>::infinity(),
                       -std::numeric_limits<S>::infinity(),
                       std::numeric_limits<S>::quiet_NaN(),
                       std::numeric_limits<S>::denorm_min(),
                       -std::numeric_limits<S>::denorm_min(),
                       std::numeric_limits<S>::max(),
                       S(3.4e38),
                       S(1e-40),
                       S(-1e-40)};
    for (S E : Edges)
      V.push_back(E);
    std::mt19937_64 Rng(3);
    while (V.size() < N) {
      // Random bit patterns (every magnitude) and values near integers.
      if (V.size() % 2) {
        uint64_t Bits = Rng();
        S X;
        std::memcpy(&X, &Bits, sizeof(S));
        V.push_back(X);
      } else {
        V.push_back(S(std::uniform_real_distribution<double>(-300, 300)(Rng)));
      }
    }
  } else {
    const S Edges[] = {0,
                       1,
                       S(-1),
                       std::numeric_limits<S>::min(),
                       std::numeric_limits<S>::max(),
                       S(std::numeric_limits<S>::max() - 1),
                       S(16777217),
                       S(-16777217),
                       S((1LL << 53) + 1),
                       S(-(1LL << 53) - 1),
                       S(0x7fffffbfffffffffLL),
                       S(0x7fffff7fffffffffLL)};
    for (S E : Edges)
      V.push_back(E);
    std::mt19937_64 Rng(5);
    while (V.size() < N)
      V.push_back(S(Rng() >> (Rng() % 64)));
  }
  V.resize(N);
  return V;
}

template <class D> bool same(D A, D B) {
  if constexpr (std::is_floating_point_v<D>)
    return std::memcmp(&A, &B, sizeof(D)) == 0 ||
           (std::isnan(A) && std::isnan(B));
  else
    return A == B;
}

template <class S, class D> void checkPair() {
  std::string Options = std::string("-DSRC=") + openCLTypeName<S>() +
                        " -DDST=" + openCLTypeName<D>() +
                        (std::is_integral_v<D> ? " -DINTEGER_DST" : "");
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("conversions.cl"), Binary, Options,
                          "csa", "conversions.cl"),
            "");
  const size_t N = 4096;
  std::vector<S> In = inputs<S>(N);
  for (const char *Kernel : {"scalar", "vector"}) {
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(std::vector<D>(N * Forms))};
    size_t Items = std::string(Kernel) == "scalar" ? N : N / 4;
    ASSERT_EQ(runKernel(Binary, Kernel, Args, {{Items}, {}, {}}), "");
    std::vector<D> Out = Args[1].as<D>();
    int Failures = 0;
    for (size_t I = 0; I < N; ++I)
      for (int F = 0; F < Forms; ++F) {
        D Expected = model<D, S>(In[I], F);
        if (!same(Out[I * Forms + F], Expected) && ++Failures <= 5)
          ADD_FAILURE() << Kernel << " " << openCLTypeName<S>() << " -> "
                        << openCLTypeName<D>() << " form " << F << " of "
                        << std::hexfloat << (long double)In[I] << ": got "
                        << (long double)Out[I * Forms + F] << ", expected "
                        << (long double)Expected;
      }
    EXPECT_EQ(Failures, 0);
  }
}

TEST(Conversions, IntToFloat) { checkPair<int32_t, float>(); }
TEST(Conversions, UIntToFloat) { checkPair<uint32_t, float>(); }
TEST(Conversions, LongToFloat) { checkPair<int64_t, float>(); }
TEST(Conversions, ULongToFloat) { checkPair<uint64_t, float>(); }
TEST(Conversions, LongToDouble) { checkPair<int64_t, double>(); }
TEST(Conversions, ULongToDouble) { checkPair<uint64_t, double>(); }
TEST(Conversions, DoubleToFloat) { checkPair<double, float>(); }
TEST(Conversions, FloatToDouble) { checkPair<float, double>(); }
TEST(Conversions, FloatToInt) { checkPair<float, int32_t>(); }
TEST(Conversions, FloatToUChar) { checkPair<float, uint8_t>(); }
TEST(Conversions, FloatToULong) { checkPair<float, uint64_t>(); }
TEST(Conversions, DoubleToLong) { checkPair<double, int64_t>(); }
TEST(Conversions, DoubleToChar) { checkPair<double, int8_t>(); }
TEST(Conversions, IntToChar) { checkPair<int32_t, int8_t>(); }
TEST(Conversions, UIntToInt) { checkPair<uint32_t, int32_t>(); }
TEST(Conversions, LongToUInt) { checkPair<int64_t, uint32_t>(); }
TEST(Conversions, CharToULong) { checkPair<int8_t, uint64_t>(); }
TEST(Conversions, ULongToLong) { checkPair<uint64_t, int64_t>(); }

} // namespace
