//===- defined_results_test.cpp - Casts and shifts OpenCL leaves open -----===//
///
/// Float-to-integer casts of values out of the destination's range, of
/// infinities and of NaN, and shifts by counts at or above the width, on
/// both targets, optimized, at -cl-opt-disable and through Vecz. Loom
/// saturates such casts and gives 0 for NaN (doc/compiler-spec.md), and
/// takes shift counts modulo the width as OpenCL C says; every element is
/// checked against those rules computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

using namespace loom::e2e;

namespace {

/// (target, build options)
using Configuration = std::tuple<const char *, const char *>;

class DefinedResults : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options] = GetParam();
    ASSERT_EQ(compileKernel(readKernelSource("defined_results.cl"), Binary,
                            Options, Target, "defined_results.cl"),
              "");
  }
  std::vector<char> Binary;
};

/// \p X converted to T as Loom defines it: truncated, saturated, NaN 0.
template <class T> T saturate(double X) {
  if (std::isnan(X))
    return 0;
  if (X <= static_cast<double>(std::numeric_limits<T>::min()))
    return std::numeric_limits<T>::min();
  // The maximum as a double may round up (2^63 for INT64_MAX): compare
  // against what it rounds to, which no in-range value reaches.
  if (X >= static_cast<double>(std::numeric_limits<T>::max()))
    return std::numeric_limits<T>::max();
  return static_cast<T>(std::trunc(X));
}

const std::vector<double> &specialValues() {
  static const std::vector<double> Values = {
      0.0,
      -0.0,
      3.7,
      -3.7,
      127.9,
      128.0,
      -129.0,
      255.5,
      256.0,
      -1.0,
      32767.5,
      32768.0,
      -32769.0,
      65535.9,
      2147483520.0,
      2147483648.0,
      -2147483648.0,
      -2147483904.0,
      4294967040.0,
      4294967296.0,
      1e10,
      -1e10,
      9.2233715e18,
      9.2233720e18,
      -9.2233720e18,
      1.8446743e19,
      1.8446744e19,
      1e30,
      -1e30,
      std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(),
      std::numeric_limits<double>::quiet_NaN()};
  return Values;
}

TEST_P(DefinedResults, FloatCastsSaturate) {
  std::vector<float> F;
  for (double V : specialValues())
    F.push_back(static_cast<float>(V));
  size_t N = F.size();
  std::vector<KernelArg> Args = {KernelArg::buffer(F),
                                 KernelArg::buffer(std::vector<int32_t>(N)),
                                 KernelArg::buffer(std::vector<uint32_t>(N)),
                                 KernelArg::buffer(std::vector<int16_t>(N)),
                                 KernelArg::buffer(std::vector<uint8_t>(N)),
                                 KernelArg::buffer(std::vector<int64_t>(N)),
                                 KernelArg::buffer(std::vector<uint64_t>(N))};
  ASSERT_EQ(runKernel(Binary, "float_casts", Args, {{N}, {1}, {}}), "");
  for (size_t I = 0; I < N; ++I) {
    double X = F[I];
    SCOPED_TRACE("x = " + std::to_string(X));
    EXPECT_EQ(Args[1].as<int32_t>()[I], saturate<int32_t>(X));
    EXPECT_EQ(Args[2].as<uint32_t>()[I], saturate<uint32_t>(X));
    EXPECT_EQ(Args[3].as<int16_t>()[I], saturate<int16_t>(X));
    EXPECT_EQ(Args[4].as<uint8_t>()[I], saturate<uint8_t>(X));
    EXPECT_EQ(Args[5].as<int64_t>()[I], saturate<int64_t>(X));
    EXPECT_EQ(Args[6].as<uint64_t>()[I], saturate<uint64_t>(X));
  }
}

TEST_P(DefinedResults, DoubleCastsSaturate) {
  const std::vector<double> &D = specialValues();
  size_t N = D.size();
  std::vector<KernelArg> Args = {KernelArg::buffer(D),
                                 KernelArg::buffer(std::vector<int32_t>(N)),
                                 KernelArg::buffer(std::vector<uint64_t>(N))};
  ASSERT_EQ(runKernel(Binary, "double_casts", Args, {{N}, {N}, {}}), "");
  for (size_t I = 0; I < N; ++I) {
    SCOPED_TRACE("x = " + std::to_string(D[I]));
    EXPECT_EQ(Args[1].as<int32_t>()[I], saturate<int32_t>(D[I]));
    EXPECT_EQ(Args[2].as<uint64_t>()[I], saturate<uint64_t>(D[I]));
  }
}

TEST_P(DefinedResults, ShiftCountsWrap) {
  std::vector<int32_t> A, S;
  for (int32_t Count = -70; Count <= 70; ++Count) {
    A.push_back(
        static_cast<int32_t>(0x87654321u ^ static_cast<uint32_t>(Count)));
    S.push_back(Count);
  }
  size_t N = A.size();
  std::vector<KernelArg> Args = {KernelArg::buffer(A),
                                 KernelArg::buffer(S),
                                 KernelArg::buffer(std::vector<int32_t>(N)),
                                 KernelArg::buffer(std::vector<int32_t>(N)),
                                 KernelArg::buffer(std::vector<uint32_t>(N)),
                                 KernelArg::buffer(std::vector<int64_t>(N)),
                                 KernelArg::buffer(std::vector<int8_t>(4 * N))};
  ASSERT_EQ(runKernel(Binary, "shifts", Args, {{N}, {N}, {}}), "");
  for (size_t I = 0; I < N; ++I) {
    uint32_t U = static_cast<uint32_t>(A[I]);
    unsigned C32 = static_cast<unsigned>(S[I]) & 31, C64 = S[I] & 63;
    SCOPED_TRACE("a = " + std::to_string(A[I]) +
                 ", s = " + std::to_string(S[I]));
    EXPECT_EQ(Args[2].as<int32_t>()[I], static_cast<int32_t>(U << C32));
    EXPECT_EQ(Args[3].as<int32_t>()[I], A[I] >> C32);
    EXPECT_EQ(Args[4].as<uint32_t>()[I], U >> C32);
    EXPECT_EQ(
        Args[5].as<int64_t>()[I],
        static_cast<int64_t>(static_cast<uint64_t>(int64_t(A[I])) << C64));
    int8_t Lanes[4] = {static_cast<int8_t>(A[I]),
                       static_cast<int8_t>(A[I] >> 8),
                       static_cast<int8_t>(A[I] >> 16), 5};
    int8_t Counts[4] = {static_cast<int8_t>(S[I]),
                        static_cast<int8_t>(S[I] + 3),
                        static_cast<int8_t>(S[I] * 2), 9};
    for (unsigned L = 0; L < 4; ++L)
      EXPECT_EQ(Args[6].as<int8_t>()[4 * I + L],
                static_cast<int8_t>(static_cast<uint8_t>(Lanes[L])
                                    << (static_cast<uint8_t>(Counts[L]) & 7)))
          << "lane " << L;
  }
}

INSTANTIATE_TEST_SUITE_P(
    TargetsAndOptions, DefinedResults,
    testing::Combine(testing::Values("reference", "csa"),
                     testing::Values("", "-cl-opt-disable",
                                     "-cl-wfv=always -vecz-width=8")),
    [](const testing::TestParamInfo<Configuration> &Info) {
      std::string Options = std::get<1>(Info.param);
      return std::string(std::get<0>(Info.param)) +
             (Options.empty()                ? "_default"
              : Options == "-cl-opt-disable" ? "_opt_disable"
                                             : "_vecz_w8");
    });

} // namespace
