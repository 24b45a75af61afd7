//===- half_test.cpp - vload_half / vstore_half on the driver -------------===//
///
/// Every rounding form of vstore_half and vstorea_half4 from float and double,
/// and vload_half / vloada_half4 of the stored halves, against a model that
/// finds the two halves around each value from an exact table of all of them.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace loom::e2e;

namespace {

/// The value of half bits H, exactly.
double decode(uint16_t H) {
  int Exponent = (H >> 10) & 0x1f, Mantissa = H & 0x3ff;
  double Sign = H & 0x8000 ? -1 : 1;
  if (Exponent == 0x1f)
    return Mantissa ? NAN : Sign * INFINITY;
  if (Exponent == 0)
    return Sign * std::ldexp(Mantissa, -24);
  return Sign * std::ldexp(1024 + Mantissa, Exponent - 25);
}

enum Mode { Nearest, TowardZero, Up, Down };

/// X rounded to half bits in mode M.
uint16_t encode(double X, Mode M) {
  if (std::isnan(X))
    return 0x7e00;
  uint16_t Sign = std::signbit(X) ? 0x8000 : 0;
  if (std::isinf(X))
    return Sign | 0x7c00; // exact in every mode
  double A = std::fabs(X);
  // Largest finite magnitude at or below A; 0x7bff is 65504.
  static const std::vector<double> Finite = [] {
    std::vector<double> V;
    for (uint16_t H = 0; H <= 0x7bff; ++H)
      V.push_back(decode(H));
    return V;
  }();
  uint16_t Lo = uint16_t(std::upper_bound(Finite.begin(), Finite.end(), A) -
                         Finite.begin() - 1);
  if (decode(Lo) == A)
    return Sign | Lo;
  uint16_t Hi = Lo + 1; // 0x7c00, infinity, past the largest
  double HiValue = Hi == 0x7c00 ? 65536.0 : decode(Hi);
  bool Negative = Sign != 0;
  // Directed modes on the magnitude: up for positive X is away from zero.
  bool Away;
  switch (M) {
  case Nearest: {
    double Mid = (decode(Lo) + HiValue) / 2;
    Away = A > Mid || (A == Mid && (Lo & 1));
    break;
  }
  case TowardZero:
    Away = false;
    break;
  case Up:
    Away = !Negative;
    break;
  case Down:
    Away = Negative;
    break;
  }
  return Sign | (Away ? Hi : Lo);
}

template <class T> std::vector<T> inputs(size_t N) {
  std::vector<T> V = {T(0),         -T(0),        T(1),          T(-1),
                      T(65504),     T(65519.99),  T(65520),      T(-65520),
                      T(1e6),       T(-1e6),      T(0x1p-24),    T(0x1p-25),
                      T(0x1.8p-25), T(-0x1p-26),  T(0x1.0018p0), T(0x1.002p0),
                      T(INFINITY),  T(-INFINITY), T(NAN),        T(1e-30)};
  std::mt19937_64 Rng(9);
  while (V.size() < N) {
    double E = std::uniform_real_distribution<double>(-28, 17)(Rng);
    double M = std::uniform_real_distribution<double>(1, 2)(Rng);
    V.push_back(T((Rng() & 1 ? -1 : 1) * M * std::exp2(E)));
  }
  V.resize(N);
  return V;
}

template <class T> void check(const char *Type) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("half.cl"), Binary,
                          std::string("-DT=") + Type, "csa", "half.cl"),
            "");
  const size_t N = 4096;
  std::vector<T> X = inputs<T>(N);
  const Mode Modes[5] = {Nearest, Nearest, TowardZero, Up, Down};
  for (bool Vector : {false, true}) {
    std::vector<KernelArg> Args = {
        KernelArg::buffer(X), KernelArg::buffer(std::vector<uint16_t>(N * 5)),
        KernelArg::buffer(std::vector<float>(N * 5))};
    if (Vector)
      Args.push_back(KernelArg::scalar(uint32_t(N)));
    ASSERT_EQ(runKernel(Binary, Vector ? "vector" : "scalar", Args,
                        {{Vector ? N / 4 : N}, {}, {}}),
              "");
    std::vector<uint16_t> Halves = Args[1].as<uint16_t>();
    std::vector<float> Back = Args[2].as<float>();
    int Failures = 0;
    for (size_t I = 0; I < N; ++I)
      for (int K = 0; K < 5; ++K) {
        size_t At = Vector ? K * N + I : I * 5 + K;
        uint16_t Want = encode(double(X[I]), Modes[K]);
        bool Same = std::isnan(X[I]) ? (Halves[At] & 0x7fff) > 0x7c00
                                     : Halves[At] == Want;
        double Loaded = decode(Halves[At]);
        bool LoadedSame = std::isnan(Loaded) ? std::isnan(Back[At])
                                             : Back[At] == float(Loaded);
        if ((!Same || !LoadedSame) && ++Failures <= 5)
          ADD_FAILURE() << Type << (Vector ? " vector" : " scalar") << " form "
                        << K << " of " << std::hexfloat << double(X[I])
                        << ": stored 0x" << std::hex << Halves[At]
                        << ", expected 0x" << Want << std::hexfloat
                        << ", loaded " << Back[At];
      }
    EXPECT_EQ(Failures, 0);
  }
}

TEST(Half, FromFloat) { check<float>("float"); }
TEST(Half, FromDouble) { check<double>("double"); }

} // namespace
