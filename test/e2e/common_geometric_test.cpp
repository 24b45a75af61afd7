//===- common_geometric_test.cpp - Common and geometric builtins ----------===//
///
/// smoothstep, sign, radians, degrees, float max/min, length, distance,
/// normalize, cross, fast_length, dot and upsample on the driver, each result
/// checked against a model computed here in long double (within a few ulps
/// where the function rounds, exactly where it does not).
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace loom::e2e;

namespace {

constexpr int Results = 16;

/// |Got - Want| in units of Got's precision near Want.
template <class T> double ulps(T Got, long double Want) {
  if (std::isnan(Want))
    return std::isnan(Got) ? 0 : INFINITY;
  long double Ulp =
      std::nextafter(T(std::fabs(Want)), T(INFINITY)) - T(std::fabs(Want));
  if (Ulp == 0)
    Ulp = std::numeric_limits<T>::denorm_min();
  return double(std::fabs(Got - Want) / Ulp);
}

std::vector<char> compile() {
  std::vector<char> Binary;
  EXPECT_EQ(compileKernel(readKernelSource("common_geometric.cl"), Binary, "",
                          "csa", "common_geometric.cl"),
            "");
  return Binary;
}

long double lengthOf(const long double *P, int N) {
  long double S = 0;
  for (int I = 0; I < N; ++I)
    S += P[I] * P[I];
  return std::sqrt(S);
}

TEST(CommonGeometric, Floats) {
  std::vector<char> Binary = compile();
  const size_t N = 2048;
  std::mt19937 Rng(7);
  std::uniform_real_distribution<float> Dist(-100, 100);
  std::vector<float> A(N * 4), B(N * 4), C(N * 4);
  for (size_t I = 0; I < N * 4; ++I) {
    A[I] = Dist(Rng);
    B[I] = Dist(Rng);
    C[I] = Dist(Rng);
  }
  A[0] = -0.0f; // sign keeps the zero's sign
  std::vector<KernelArg> Args = {
      KernelArg::buffer(A), KernelArg::buffer(B), KernelArg::buffer(C),
      KernelArg::buffer(std::vector<float>(N * Results))};
  ASSERT_EQ(runKernel(Binary, "floats", Args, {{N}, {}, {}}), "");
  std::vector<float> Out = Args[3].as<float>();
  for (size_t I = 0; I < N; ++I) {
    const float *O = &Out[I * Results];
    long double X = A[I], Y = B[I], Z = C[I];
    long double P[4], Q[4];
    for (int K = 0; K < 4; ++K) {
      P[K] = A[I * 4 + K];
      Q[K] = B[I * 4 + K];
    }
    long double T = std::clamp((Z - X) / (Y - X), 0.0L, 1.0L);
    EXPECT_LE(ulps(O[0], T * T * (3 - 2 * T)), 64) << "smoothstep " << I;
    float Sign = A[I] > 0 ? 1.0f : (A[I] < 0 ? -1.0f : A[I]);
    EXPECT_EQ(std::signbit(O[1]), std::signbit(Sign)) << I;
    EXPECT_EQ(O[1], Sign) << I;
    EXPECT_LE(ulps(O[2], X * 3.14159265358979323846L / 180), 2) << I;
    EXPECT_LE(ulps(O[3], X * 180 / 3.14159265358979323846L), 2) << I;
    EXPECT_EQ(O[4], std::max(A[I], B[I])) << I;
    EXPECT_EQ(O[5], std::min(A[I], B[I])) << I;
    long double Len = lengthOf(P, 4);
    EXPECT_LE(ulps(O[6], Len), 1) << "length " << I;
    long double D[4];
    for (int K = 0; K < 4; ++K)
      D[K] = (long double)(float(P[K] - Q[K]));
    EXPECT_LE(ulps(O[7], lengthOf(D, 4)), 1) << "distance " << I;
    EXPECT_LE(ulps(O[8], P[0] / Len), 2) << "normalize " << I;
    EXPECT_LE(ulps(O[9], P[3] / Len), 2) << "normalize " << I;
    // cross: each component a difference of two float products.
    long double Cross[3] = {P[1] * Q[2] - P[2] * Q[1],
                            P[2] * Q[0] - P[0] * Q[2],
                            P[0] * Q[1] - P[1] * Q[0]};
    for (int K = 0; K < 3; ++K)
      EXPECT_LE(std::fabs(O[10 + K] - Cross[K]), 1e-6L * 2e4L) << "cross " << I;
    EXPECT_LE(ulps(O[13], lengthOf(P, 2)), 1) << "length2 " << I;
    EXPECT_LE(ulps(O[14], lengthOf(P, 3)), 8192) << "fast_length " << I;
    long double Dot = 0;
    for (int K = 0; K < 4; ++K)
      Dot += P[K] * Q[K];
    EXPECT_LE(std::fabs(O[15] - Dot), 4e-3L) << "dot " << I;
  }
}

TEST(CommonGeometric, Doubles) {
  std::vector<char> Binary = compile();
  const size_t N = 1024;
  std::mt19937_64 Rng(11);
  std::uniform_real_distribution<double> Dist(-1e3, 1e3);
  std::vector<double> A(N * 4), B(N * 4);
  for (size_t I = 0; I < N * 4; ++I) {
    A[I] = Dist(Rng);
    B[I] = Dist(Rng);
  }
  // Components whose squares leave double's range.
  for (int K = 0; K < 4; ++K) {
    A[4 + K] = 1e300 * (K + 1);
    A[8 + K] = 1e-300 * (K + 1);
  }
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(std::vector<double>(N * 4))};
  ASSERT_EQ(runKernel(Binary, "doubles", Args, {{N}, {}, {}}), "");
  std::vector<double> Out = Args[2].as<double>();
  for (size_t I = 0; I < N; ++I) {
    long double P[4], Q[4], D[3];
    for (int K = 0; K < 4; ++K) {
      P[K] = A[I * 4 + K];
      Q[K] = B[I * 4 + K];
    }
    for (int K = 0; K < 3; ++K)
      D[K] = (long double)(double(P[K] - Q[K]));
    long double Len = lengthOf(P, 4);
    EXPECT_LE(ulps(Out[I * 4], Len), 2) << "length " << I;
    EXPECT_LE(ulps(Out[I * 4 + 1], lengthOf(D, 3)), 2) << "distance " << I;
    EXPECT_LE(ulps(Out[I * 4 + 2], P[1] / Len), 3) << "normalize " << I;
    long double Cz = P[0] * Q[1] - P[1] * Q[0];
    EXPECT_LE(std::fabs(Out[I * 4 + 3] - Cz), std::fabs(Cz) * 1e-12L + 1e-9L)
        << "cross " << I;
  }
}

// The CTS's test_geometrics: normalize(double2) of (1.33e308, -1.28e308)
// gave (0, -0), its length overflowing to infinity; and a small component
// beside a large one keeps its precision.
TEST(CommonGeometric, NormalizeOfDoublesWhoseLengthOverflows) {
  std::vector<char> Binary = compile();
  const size_t N = 64;
  std::mt19937_64 Rng(12);
  // -1.7e308 to 1.7e308 (a distribution over that range overflows).
  std::uniform_real_distribution<double> Unit(-1.0, 1.0);
  std::vector<double> A(N * 4);
  for (double &X : A)
    X = Unit(Rng) * 1.7e308;
  A[0] = 0x1.7a8a95dca630cp+1023; // the CTS's sample
  A[1] = -0x1.6de2669ea47d3p+1023;
  // A large component and a small one whose result is a normal number
  // near DBL_MIN: scaling the vector down first would make the small one
  // subnormal and lose its low bits.
  A[4] = 0x1.8p+591;
  A[5] = 0x1.3496a4f9d2c7bp-430;
  A[6] = A[7] = 0;
  std::vector<KernelArg> Args = {KernelArg::buffer(A),
                                 KernelArg::buffer(std::vector<double>(N * 9))};
  ASSERT_EQ(runKernel(Binary, "normalize_huge_doubles", Args, {{N}, {}, {}}),
            "");
  std::vector<double> Out = Args[1].as<double>();
  for (size_t I = 0; I < N; ++I) {
    long double P[4];
    for (int K = 0; K < 4; ++K)
      P[K] = A[I * 4 + K];
    size_t At = I * 9;
    for (int Width : {2, 3, 4}) {
      long double Len = lengthOf(P, Width);
      for (int K = 0; K < Width; ++K, ++At)
        ASSERT_LE(ulps(Out[At], P[K] / Len), 3)
            << "normalize(double" << Width << ") of vector " << I
            << ", component " << K << ": " << Out[At] << " for ("
            << double(P[0]) << ", " << double(P[1]) << ", " << double(P[2])
            << ", " << double(P[3]) << ")";
    }
  }
}

TEST(CommonGeometric, Upsample) {
  std::vector<char> Binary = compile();
  std::vector<int8_t> Hi;
  std::vector<uint8_t> Lo;
  for (int H = -128; H < 128; H += 5)
    for (int L = 0; L < 256; L += 7) {
      Hi.push_back(int8_t(H));
      Lo.push_back(uint8_t(L));
    }
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Hi), KernelArg::buffer(Lo),
      KernelArg::buffer(std::vector<int16_t>(Hi.size()))};
  ASSERT_EQ(runKernel(Binary, "upsamples", Args, {{Hi.size()}, {}, {}}), "");
  std::vector<int16_t> Out = Args[2].as<int16_t>();
  for (size_t I = 0; I < Hi.size(); ++I)
    ASSERT_EQ(Out[I], int16_t(Hi[I] * 256 + Lo[I])) << I;
}

} // namespace
