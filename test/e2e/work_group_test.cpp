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

/// kernels/work_group_more.cl, compiled (fails the test otherwise).
std::vector<char> compileMore() {
  std::vector<char> Binary;
  EXPECT_EQ(compileKernel(readKernelSource("work_group_more.cl"), Binary,
                          "-cl-std=CL3.0", "csa", "work_group_more.cl"),
            "");
  return Binary;
}

/// Values in [-999, 999], spread over the range.
std::vector<int> spread(uint64_t N) {
  std::vector<int> In(N);
  for (uint64_t I = 0; I < N; ++I)
    In[I] = static_cast<int>((I * 7919) % 1999) - 999;
  return In;
}

TEST_P(WorkGroupFunctionTest, EveryFunctionMatchesTheModel) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("work_group.cl"), Binary,
                          "-cl-std=CL3.0", "csa", "work_group.cl"),
            "");
  const uint64_t Local = GetParam(), Groups = 6, N = Local * Groups;
  std::vector<int> In = spread(N);
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

TEST_P(WorkGroupFunctionTest, EveryScan) {
  std::vector<char> Binary = compileMore();
  ASSERT_FALSE(Binary.empty());
  const uint64_t Local = GetParam(), Groups = 4, N = Local * Groups;
  std::vector<int> In = spread(N);
  std::vector<KernelArg> Args = {KernelArg::buffer(In)};
  for (int I = 0; I < 6; ++I)
    Args.push_back(KernelArg::buffer(std::vector<int>(N, 12345)));
  ASSERT_EQ(runKernel(Binary, "scans", Args, {{N}, {Local}, {}}), "");
  for (uint64_t G = 0; G < Groups; ++G) {
    int Add = 0, Min = INT_MAX, Max = INT_MIN;
    for (uint64_t L = 0; L < Local; ++L) {
      uint64_t I = G * Local + L;
      ASSERT_EQ(Args[4].as<int>()[I], Add) << "exclusive add, item " << I;
      ASSERT_EQ(Args[5].as<int>()[I], Min) << "exclusive min, item " << I;
      ASSERT_EQ(Args[6].as<int>()[I], Max) << "exclusive max, item " << I;
      Add += In[I];
      Min = std::min(Min, In[I]);
      Max = std::max(Max, In[I]);
      ASSERT_EQ(Args[1].as<int>()[I], Add) << "inclusive add, item " << I;
      ASSERT_EQ(Args[2].as<int>()[I], Min) << "inclusive min, item " << I;
      ASSERT_EQ(Args[3].as<int>()[I], Max) << "inclusive max, item " << I;
    }
  }
}

TEST_P(WorkGroupFunctionTest, ReductionsOfOtherTypes) {
  std::vector<char> Binary = compileMore();
  ASSERT_FALSE(Binary.empty());
  const uint64_t Local = GetParam(), Groups = 4, N = Local * Groups;
  std::vector<int> In = spread(N);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::buffer(std::vector<uint32_t>(N)),
      KernelArg::buffer(std::vector<int64_t>(N)),
      KernelArg::buffer(std::vector<uint64_t>(N)),
      KernelArg::buffer(std::vector<double>(N))};
  ASSERT_EQ(runKernel(Binary, "reduce_types", Args, {{N}, {Local}, {}}), "");
  for (uint64_t G = 0; G < Groups; ++G) {
    uint32_t UMax = 0;
    int64_t LSum = 0;
    uint64_t ULMin = UINT64_MAX;
    double DSum = 0;
    for (uint64_t L = 0; L < Local; ++L) {
      int X = In[G * Local + L];
      UMax = std::max<uint32_t>(UMax, X + 1000);
      LSum += int64_t(X) * 1000000000LL;
      ULMin = std::min<uint64_t>(ULMin, X + 1000);
      DSum += X * 0.5;
    }
    for (uint64_t L = 0; L < Local; ++L) {
      uint64_t I = G * Local + L;
      ASSERT_EQ(Args[1].as<uint32_t>()[I], UMax) << "uint max, item " << I;
      ASSERT_EQ(Args[2].as<int64_t>()[I], LSum) << "long add, item " << I;
      ASSERT_EQ(Args[3].as<uint64_t>()[I], ULMin) << "ulong min, item " << I;
      ASSERT_EQ(Args[4].as<double>()[I], DSum) << "double add, item " << I;
    }
  }
}

TEST(WorkGroupBroadcastTest, TwoAndThreeDimensionalForms) {
  std::vector<char> Binary = compileMore();
  ASSERT_FALSE(Binary.empty());
  const uint64_t Global[3] = {8, 6, 4}, Local[3] = {2, 3, 2};
  const uint64_t N = Global[0] * Global[1] * Global[2];
  std::vector<int> In(N);
  for (uint64_t I = 0; I < N; ++I)
    In[I] = static_cast<int>(I * 3 + 1);
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(std::vector<int>(N)),
                                 KernelArg::buffer(std::vector<int>(N))};
  ASSERT_EQ(runKernel(Binary, "broadcasts", Args,
                      {{Global[0], Global[1], Global[2]},
                       {Local[0], Local[1], Local[2]},
                       {}}),
            "");
  for (uint64_t Z = 0; Z < Global[2]; ++Z)
    for (uint64_t Y = 0; Y < Global[1]; ++Y)
      for (uint64_t X = 0; X < Global[0]; ++X) {
        uint64_t I = (Z * Global[1] + Y) * Global[0] + X;
        auto Source = [&](uint64_t LX, uint64_t LY, uint64_t LZ) {
          uint64_t SX = X / Local[0] * Local[0] + LX;
          uint64_t SY = Y / Local[1] * Local[1] + LY;
          uint64_t SZ = Z / Local[2] * Local[2] + LZ;
          return In[(SZ * Global[1] + SY) * Global[0] + SX];
        };
        // The 2-D form names (x, y) = (1, 2) with z = 0.
        ASSERT_EQ(Args[1].as<int>()[I], Source(1, 2, 0)) << "2-D, item " << I;
        ASSERT_EQ(Args[2].as<int>()[I], Source(1, 2, 1)) << "3-D, item " << I;
      }
}

INSTANTIATE_TEST_SUITE_P(WorkGroupSizes, WorkGroupFunctionTest,
                         ::testing::Values(1, 7, 64, 100),
                         [](const auto &Info) {
                           return "Local" + std::to_string(Info.param);
                         });

} // namespace
