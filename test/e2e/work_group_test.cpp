//===- work_group_test.cpp - Work-group functions on the driver -----------===//
///
/// Every work-group function of kernels/work_group.cl, for several group
/// sizes, each output element checked against a model computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>

using namespace loom::e2e;

namespace {

class WorkGroupFunctionTest : public ::testing::TestWithParam<uint64_t> {};

TEST_P(WorkGroupFunctionTest, EveryFunctionMatchesTheModel) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("work_group.cl"), Binary,
                          "-cl-std=CL3.0", "csa", "work_group.cl"),
            "");
  const uint64_t Local = GetParam(), Groups = 6, N = Local * Groups;
  std::vector<int> In(N);
  for (uint64_t I = 0; I < N; ++I)
    In[I] = static_cast<int>((I * 7919) % 1999) - 999;
  std::vector<KernelArg> Args = {KernelArg::buffer(In)};
  for (int I = 0; I < 8; ++I)
    Args.push_back(KernelArg::buffer(std::vector<int>(N, 12345)));
  Args.push_back(KernelArg::buffer(std::vector<float>(N, 0.0f)));
  ASSERT_EQ(runKernel(Binary, "collectives", Args, {{N}, {Local}, {}}), "");

  for (uint64_t G = 0; G < Groups; ++G) {
    auto Begin = In.begin() + G * Local, End = Begin + Local;
    int All = std::all_of(Begin, End, [](int X) { return X > -900; });
    int Any = std::any_of(Begin, End, [](int X) { return X > 990; });
    int Sum = 0, Lo = INT_MAX, Hi = INT_MIN, Running = 0, RunningMax = INT_MIN;
    float FSum = 0;
    for (auto It = Begin; It != End; ++It) {
      Sum += *It;
      Lo = std::min(Lo, *It);
      Hi = std::max(Hi, *It);
      FSum += static_cast<float>(*It);
    }
    for (uint64_t L = 0; L < Local; ++L) {
      uint64_t I = G * Local + L;
      std::string Where = "group " + std::to_string(G) + ", item " + std::to_string(L);
      ASSERT_EQ(Args[1].as<int>()[I], All) << "all, " << Where;
      ASSERT_EQ(Args[2].as<int>()[I], Any) << "any, " << Where;
      ASSERT_EQ(Args[3].as<int>()[I], *(End - 1)) << "broadcast, " << Where;
      ASSERT_EQ(Args[4].as<int>()[I], Sum) << "reduce add, " << Where;
      ASSERT_EQ(Args[5].as<int>()[I], Lo) << "reduce min, " << Where;
      ASSERT_EQ(Args[6].as<int>()[I], Hi) << "reduce max, " << Where;
      ASSERT_EQ(Args[9].as<float>()[I], FSum) << "reduce add float, " << Where;
      // Exclusive max: of the items before this one (INT_MIN for the first).
      ASSERT_EQ(Args[8].as<int>()[I], RunningMax) << "exclusive max, " << Where;
      Running += In[I];
      RunningMax = std::max(RunningMax, In[I]);
      ASSERT_EQ(Args[7].as<int>()[I], Running) << "inclusive add, " << Where;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(WorkGroupSizes, WorkGroupFunctionTest,
                         ::testing::Values(1, 7, 64, 100),
                         [](const auto &Info) {
                           return "Local" + std::to_string(Info.param);
                         });

} // namespace
