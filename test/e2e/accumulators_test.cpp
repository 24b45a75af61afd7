//===- accumulators_test.cpp - Buffers only added to ----------------------===//
///
/// Buffers a kernel only adds to with atomics whose results it drops are
/// accumulators (mark-accumulators): with two workers the driver gives each a
/// zeroed copy and adds the copies into the buffer at the end. On both
/// targets, with Vecz and without, with the copies and without
/// (LOOM_PRIVATE_ACCUMULATORS=0), every element must be its first contents
/// plus what the host adds up, 32-bit sums wrapping as the device's do; a
/// buffer whose additions' results are used must come out right as well.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

using namespace loom::e2e;

namespace {

/// (target, build options, LOOM_PRIVATE_ACCUMULATORS)
using Configuration = std::tuple<const char *, const char *, const char *>;

class Accumulators : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options, Private] = GetParam();
    // Two workers, so that the launch is shared and contended.
    setenv("LOOM_NUM_THREADS", "2", 1);
    setenv("LOOM_PRIVATE_ACCUMULATORS", Private, 1);
    ASSERT_EQ(compileKernel(readKernelSource("accumulators.cl"), Binary,
                            Options, Target, "accumulators.cl"),
              "");
  }
  void TearDown() override {
    unsetenv("LOOM_NUM_THREADS");
    unsetenv("LOOM_PRIVATE_ACCUMULATORS");
  }
  std::vector<char> Binary;
};

TEST_P(Accumulators, Histogram) {
  const size_t N = 1 << 18;
  const uint32_t Bins = 256;
  std::vector<uint32_t> Data = xorshiftSequence(N);
  std::vector<uint32_t> Expected(Bins);
  for (uint32_t I = 0; I < Bins; ++I)
    Expected[I] = I * 1000; // the additions go on top of what is there
  std::vector<KernelArg> Args = {KernelArg::buffer(Data),
                                 KernelArg::buffer(Expected),
                                 KernelArg::scalar(Bins)};
  for (uint32_t V : Data)
    ++Expected[V % Bins];
  ASSERT_EQ(runKernel(Binary, "histogram", Args, {{N}, {64}, {}}), "");
  std::vector<uint32_t> Got = Args[1].as<uint32_t>();
  for (uint32_t I = 0; I < Bins; ++I)
    ASSERT_EQ(Got[I], Expected[I]) << "bin " << I;
}

TEST_P(Accumulators, AdditionsAndSubtractionsOfTwoWidths) {
  const size_t N = 1 << 16;
  std::vector<uint32_t> Data = xorshiftSequence(N);
  std::vector<uint32_t> Sums(64, 7);
  std::vector<uint64_t> Wide(8, uint64_t(1) << 40);
  std::vector<KernelArg> Args = {KernelArg::buffer(Data),
                                 KernelArg::buffer(Sums),
                                 KernelArg::buffer(Wide)};
  for (uint32_t V : Data) {
    Sums[V % 64] += V & 0xff;
    Sums[(V >> 8) % 64] -= 3;
    Sums[(V >> 16) % 64] -= 1;
    Wide[V % 8] += uint64_t(V) << 20;
  }
  ASSERT_EQ(runKernel(Binary, "weighted", Args, {{N}, {128}, {}}), "");
  std::vector<uint32_t> GotSums = Args[1].as<uint32_t>();
  std::vector<uint64_t> GotWide = Args[2].as<uint64_t>();
  for (size_t I = 0; I < Sums.size(); ++I)
    ASSERT_EQ(GotSums[I], Sums[I]) << "sum " << I;
  for (size_t I = 0; I < Wide.size(); ++I)
    ASSERT_EQ(GotWide[I], Wide[I]) << "wide sum " << I;
}

TEST_P(Accumulators, AdditionsWhoseResultsAreUsed) {
  const size_t N = 1 << 16;
  std::vector<uint32_t> Data = xorshiftSequence(N);
  std::vector<KernelArg> Args = {KernelArg::buffer(Data),
                                 KernelArg::buffer(std::vector<uint32_t>(32)),
                                 KernelArg::buffer(std::vector<uint32_t>(1))};
  std::vector<uint32_t> Expected(32);
  for (uint32_t V : Data)
    ++Expected[V % 32];
  uint32_t Firsts = 0;
  for (uint32_t Count : Expected)
    Firsts += Count != 0;
  ASSERT_EQ(runKernel(Binary, "first_seen", Args, {{N}, {64}, {}}), "");
  EXPECT_EQ(Args[1].as<uint32_t>(), Expected);
  EXPECT_EQ(Args[2].as<uint32_t>()[0], Firsts);
}

INSTANTIATE_TEST_SUITE_P(Targets, Accumulators,
                         testing::Combine(testing::Values("reference", "csa"),
                                          testing::Values("", "-cl-wfv=never"),
                                          testing::Values("1", "0")),
                         [](const testing::TestParamInfo<Configuration> &Info) {
                           std::string Name = std::get<0>(Info.param);
                           Name +=
                               *std::get<1>(Info.param) ? "_scalar" : "_vecz";
                           Name += *std::get<2>(Info.param) == '1' ? "_private"
                                                                   : "_shared";
                           return Name;
                         });

} // namespace
