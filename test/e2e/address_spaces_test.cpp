//===- address_spaces_test.cpp - to_global/to_local/to_private/get_fence --===//
///
/// The OpenCL C 2.0 address-space queries on generic pointers into global,
/// __local (an argument and a kernel-scope array) and private memory, on
/// both work-group info layouts: every answer checked.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

using namespace loom::e2e;

namespace {

class AddressSpaceQueries : public testing::TestWithParam<const char *> {};

TEST_P(AddressSpaceQueries, AnswerForEachSpace) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("address_spaces.cl"), Binary,
                          "-cl-std=CL3.0", GetParam(), "address_spaces.cl"),
            "");
  const int Items = 32, Answers = 14;
  std::vector<int> Out(Items * Answers, -1), G(Items, 0);
  std::vector<KernelArg> Args = {KernelArg::buffer(Out), KernelArg::buffer(G),
                                 KernelArg::local(4 * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "spaces", Args, {{Items}, {8}, {}}), "");
  std::vector<int> Got = Args[0].as<int>();
  const char *What[Answers] = {
      "to_global(global)",     "to_global(local)",
      "to_global(private)",    "to_local(global)",
      "to_local(local)",       "to_local(private)",
      "to_private(global)",    "to_private(local)",
      "to_private(private)",   "get_fence(global)",
      "get_fence(local)",      "get_fence(local array)",
      "to_local(local array)", "values through the pointers"};
  for (int I = 0; I < Items; ++I)
    for (int A = 0; A < Answers; ++A)
      ASSERT_EQ(Got[I * Answers + A], 1)
          << What[A] << ", work-item " << I << ", target " << GetParam();
}

// Another group's __local pointer is local memory too: every group checks
// its own tile's address and those the groups before it published, with
// work-groups of one work-item, so that many run on each worker.
TEST_P(AddressSpaceQueries, AnotherGroupsLocalPointerIsLocal) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("address_spaces.cl"), Binary,
                          "-cl-std=CL3.0", GetParam(), "address_spaces.cl"),
            "");
  const int Groups = 512;
  std::vector<KernelArg> Args = {
      KernelArg::buffer(std::vector<int64_t>(Groups, 0)),
      KernelArg::buffer(std::vector<int>(3 * Groups, -1))};
  ASSERT_EQ(runKernel(Binary, "other_groups_local", Args, {{Groups}, {1}, {}}),
            "");
  std::vector<int64_t> Published = Args[0].as<int64_t>();
  std::vector<int> Got = Args[1].as<int>();
  int64_t OthersChecked = 0;
  for (int G = 0; G < Groups; ++G) {
    ASSERT_NE(Published[G], 0) << "group " << G;
    ASSERT_GE(Got[3 * G], 1) << "group " << G << " checked no address";
    ASSERT_EQ(Got[3 * G + 1], 0) << "wrong answers in group " << G;
    ASSERT_EQ(Got[3 * G + 2], G) << "group " << G << "'s tile";
    OthersChecked += Got[3 * G] - 1;
  }
  // The groups after the first on each worker saw others' addresses.
  EXPECT_GT(OthersChecked, 0);
}

INSTANTIATE_TEST_SUITE_P(Targets, AddressSpaceQueries,
                         testing::Values("csa", "reference"));

} // namespace
