//===- sub_group_test.cpp - Sub-group functions on the driver -------------===//
///
/// kernels/sub_group.cl on both targets: each work-item a sub-group of its
/// own, so each query and collective has one right answer per work-item,
/// which the model here computes. The whole-suite runs (test/e2e/
/// CMakeLists.txt) run it again scalar, with Vecz at each width and
/// outlined; the groups, 6 x 5 and 7 x 3 in ranges of 12 x 10 and 14 x 7,
/// are not multiples of a vector's width, and the last row of groups of
/// the first range is 2 rows high.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <string>

using namespace loom::e2e;

namespace {

class SubGroupTest : public ::testing::TestWithParam<const char *> {};

TEST_P(SubGroupTest, EachWorkItemIsASubGroupOfItsOwn) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("sub_group.cl"), Binary,
                          "-cl-std=CL3.0", GetParam(), "sub_group.cl"),
            "");
  struct Shape {
    uint64_t Global[2], Local[2];
  };
  for (Shape S : {Shape{{12, 10}, {6, 5}}, Shape{{14, 7}, {7, 3}}}) {
    const uint64_t N = S.Global[0] * S.Global[1];
    std::vector<int> In(N);
    for (uint64_t I = 0; I < N; ++I)
      In[I] = static_cast<int>((I * 7919) % 199) - 99;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In),
        KernelArg::buffer(std::vector<int>(N * 12, 12345))};
    ASSERT_EQ(
        runKernel(Binary, "sub_groups", Args,
                  {{S.Global[0], S.Global[1]}, {S.Local[0], S.Local[1]}, {}}),
        "");
    std::vector<int> Out = Args[1].as<int>();
    for (uint64_t Y = 0; Y < S.Global[1]; ++Y)
      for (uint64_t X = 0; X < S.Global[0]; ++X) {
        uint64_t W = X + Y * S.Global[0];
        const int *O = Out.data() + W * 12;
        int V = In[W];
        uint64_t GroupY =
            std::min(S.Local[1], S.Global[1] - Y / S.Local[1] * S.Local[1]);
        uint64_t LocalId = X % S.Local[0] + Y % S.Local[1] * S.Local[0];
        int Positive = V > 0;
        SCOPED_TRACE("work-item (" + std::to_string(X) + ", " +
                     std::to_string(Y) + ")");
        EXPECT_EQ(O[0], 1);
        EXPECT_EQ(O[1], static_cast<int>(S.Local[0] * GroupY));
        EXPECT_EQ(O[2], static_cast<int>(LocalId));
        EXPECT_EQ(O[3], 0);
        EXPECT_EQ(O[4], V);
        EXPECT_EQ(O[5], 1);
        EXPECT_EQ(O[6], V * 2 + Positive);
        EXPECT_EQ(O[7], Positive * 11);
        EXPECT_EQ(O[8], 0);
        EXPECT_EQ(O[9], V % 3 == 0 ? V + 1000 + 100 : 0);
        EXPECT_EQ(O[10], V);
        EXPECT_EQ(O[11], 1 + Positive);
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, SubGroupTest,
                         ::testing::Values("reference", "csa"));

} // namespace
