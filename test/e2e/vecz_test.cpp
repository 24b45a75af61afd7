//===- vecz_test.cpp - Vecz's control-flow conversion on the driver -------===//
///
/// Kernels whose control flow diverges between work-items, compiled with
/// Vecz forced on at widths 4, 8 and 16 (and without, for reference) on both
/// targets, with local sizes that are and are not multiples of the width;
/// every output element is checked against a model computed here, and the
/// elements no work-item may write keep their sentinels.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <random>
#include <tuple>

using namespace loom::e2e;

namespace {

/// (target, Vecz options)
using Configuration = std::tuple<const char *, const char *>;

class VeczDivergence : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options] = GetParam();
    ASSERT_EQ(compileKernel(readKernelSource("vecz_divergence.cl"), Binary,
                            Options, Target, "vecz_divergence.cl"),
              "");
  }
  std::vector<char> Binary;
};

int classify(int X, size_t I, int T, int &Old) {
  int Y = X > T ? 2 * X : X < -T ? -X : 0;
  if ((I & 3) == 1 && Y != 0) {
    if (Y > 1000)
      Old = Y - 1000;
    Y += 1;
  }
  return Y;
}

TEST_P(VeczDivergence, IfElseChainsAndNestedBranches) {
  const size_t N = 1000; // Groups of 40: not a multiple of 16 or 8.
  const int T = 300;
  std::mt19937 Random(7);
  std::vector<int> In(N), Out(N);
  for (size_t I = 0; I < N; ++I) {
    In[I] = int(Random() % 3001) - 1500;
    Out[I] = int(I) * 3;
  }
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::scalar(T)};
  ASSERT_EQ(runKernel(Binary, "classify", Args, {{N}, {40}, {}}), "");
  std::vector<int> Got = Args[1].as<int>();
  for (size_t I = 0; I < N; ++I) {
    int Old = int(I) * 3;
    int Y = classify(In[I], I, T, Old);
    ASSERT_EQ(Got[I], Old + Y) << "out[" << I << "], in = " << In[I];
  }
}

TEST_P(VeczDivergence, BoundsCheckLeavesTheRestUntouched) {
  const size_t Global = 512, N = 437;
  const float Sentinel = -12345.0f;
  std::vector<float> In(Global, Sentinel), Out(Global, Sentinel),
      Scale = {1.5f};
  for (size_t I = 0; I < N; ++I)
    In[I] = float(I) * 0.25f;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::buffer(Scale),
                                 KernelArg::scalar(uint32_t(N))};
  ASSERT_EQ(runKernel(Binary, "guarded_scale", Args, {{Global}, {64}, {}}), "");
  std::vector<float> Got = Args[1].as<float>();
  for (size_t I = 0; I < Global; ++I) {
    float Expected = I < N ? In[I] * 1.5f + float(I) : Sentinel;
    ASSERT_EQ(Got[I], Expected) << "out[" << I << "]";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Widths, VeczDivergence,
    testing::Combine(testing::Values("reference", "csa"),
                     testing::Values("", "-cl-wfv=always -vecz-width=4",
                                     "-cl-wfv=always -vecz-width=8",
                                     "-cl-wfv=always -vecz-width=16")),
    [](const testing::TestParamInfo<Configuration> &Info) {
      std::string Options = std::get<1>(Info.param);
      std::string Width = Options.empty()
                              ? "scalar"
                              : "w" + Options.substr(Options.rfind('=') + 1);
      return std::string(std::get<0>(Info.param)) + "_" + Width;
    });

} // namespace
