//===- work_sharing_test.cpp - Launches and writes shared among workers ---===//
///
/// The driver cuts an ND-range's work-groups, and the bytes of a large
/// buffer write, into one share per worker; each worker takes chunks of its
/// own share first, then of the others' (executor.cpp, SharedRange). For
/// worker counts that do and do not divide the work (LOOM_NUM_THREADS 1, 2,
/// 3 and 5), every work-group must run exactly once and every byte written
/// must arrive: a kernel counts its group's visits with an atomic and
/// copies an input written by a shared write, and each element of both is
/// checked.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

using namespace loom::e2e;

namespace {

const char *Source = R"(
kernel void visit(global const uint *in, global uint *out,
                  global uint *visits) {
  size_t i = get_global_id(0);
  out[i] = in[i] * 3u + 1u;
  if (get_local_id(0) == 0)
    atomic_inc(&visits[get_group_id(0)]);
}
)";

/// Sets LOOM_NUM_THREADS for the devices made while it lives.
class WorkerCount {
public:
  explicit WorkerCount(unsigned Count) {
    setenv("LOOM_NUM_THREADS", std::to_string(Count).c_str(), 1);
  }
  ~WorkerCount() { unsetenv("LOOM_NUM_THREADS"); }
};

class WorkSharing : public testing::TestWithParam<unsigned> {};

TEST_P(WorkSharing, EveryGroupRunsOnceAndEveryWrittenByteArrives) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(Source, Binary, "", "reference"), "");

  // 1 MiB and more is written by the workers together; 100003 groups (a
  // prime) of 3 split evenly for no worker count but one.
  const uint64_t Groups = 100003, Local = 3, Items = Groups * Local;
  std::vector<uint32_t> In(Items);
  for (uint64_t I = 0; I < Items; ++I)
    In[I] = uint32_t(I * 2654435761u);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::buffer(std::vector<uint32_t>(Items)),
      KernelArg::buffer(std::vector<uint32_t>(Groups))};

  WorkerCount Workers(GetParam());
  ASSERT_EQ(runKernel(Binary, "visit", Args, {{Items}, {Local}, {}}), "");

  std::vector<uint32_t> Out = Args[1].as<uint32_t>();
  for (uint64_t I = 0; I < Items; ++I)
    ASSERT_EQ(Out[I], In[I] * 3u + 1u) << "element " << I;
  std::vector<uint32_t> Visits = Args[2].as<uint32_t>();
  for (uint64_t G = 0; G < Groups; ++G)
    ASSERT_EQ(Visits[G], 1u) << "group " << G;
}

INSTANTIATE_TEST_SUITE_P(WorkerCounts, WorkSharing,
                         testing::Values(1u, 2u, 3u, 5u),
                         [](const testing::TestParamInfo<unsigned> &Info) {
                           return std::to_string(Info.param) + "_workers";
                         });

} // namespace
