//===- stack_test.cpp - Private memory and live state on the stack --------===//
///
/// A work-group runs on the stack of the driver thread that runs it: its
/// private memory, and for a kernel with barriers each work-item's values
/// live across them (doc/kernel-abi.md: the descriptor's stack fields).
/// A launch whose work-group needs more than the device's
/// work_group_stack_size is refused by muxCommandNDRange with a message
/// saying how much it needed; one that fits runs. Both sides of the
/// boundary are tried, found by searching the work-group size, and every
/// output element is checked.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

using namespace loom::e2e;

namespace {

constexpr const char *StackRefusal = "bytes of stack for a work-group of";

class StackTest : public testing::TestWithParam<const char *> {
protected:
  /// Compiles test/e2e/kernels/stack.cl with arrays of \p Elements uints.
  void compile(uint32_t Elements) {
    ASSERT_EQ(compileKernel(readKernelSource("stack.cl"), Binary,
                            "-DPRIVATE=" + std::to_string(Elements), GetParam(),
                            "stack.cl"),
              "");
  }

  /// Runs \p Kernel over one work-group of \p Items work-items with n =
  /// \p N; "" and \p Out filled, or what went wrong.
  std::string run(const std::string &Kernel, uint32_t Items, uint32_t N,
                  std::vector<uint32_t> &In, std::vector<uint32_t> &Out) {
    In.resize(Items);
    std::iota(In.begin(), In.end(), 1000u);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In),
        KernelArg::buffer(std::vector<uint32_t>(Items, 0xdeadbeefu)),
        KernelArg::scalar(N)};
    std::string Error = runKernel(Binary, Kernel, Args, {{Items}, {Items}, {}});
    if (Error.empty())
      Out = Args[1].as<uint32_t>();
    return Error;
  }

  std::vector<char> Binary;
};

uint32_t expectedLiveSum(uint32_t In, uint32_t N) {
  return N * In + N * (N - 1) / 2; // Modulo 2^32, as the kernel computes.
}

uint32_t expectedXorSum(uint32_t In, uint32_t N) {
  uint32_t S = 0;
  for (uint32_t K = 0; K < N; ++K)
    S += In ^ K;
  return S;
}

// The case: 2048 floats' worth live across a barrier in a work-group
// of 1024 (8 MiB), which overflowed the 8 MiB stack of a default thread.
TEST_P(StackTest, EightMiBOfLiveStateRuns) {
  compile(2048);
  std::vector<uint32_t> In, Out;
  ASSERT_EQ(run("live_across_barrier", 1024, 2048, In, Out), "");
  for (size_t I = 0; I < In.size(); ++I)
    ASSERT_EQ(Out[I], expectedLiveSum(In[I], 2048)) << "out[" << I << "]";
}

// 64 KiB per work-item live across a barrier: the largest work-group that
// fits runs, every element right; one work-item more is refused, saying how
// much it needed; the device works on afterwards.
TEST_P(StackTest, LiveStateAtTheBoundary) {
  const uint32_t Elements = 16384;
  compile(Elements);
  std::vector<uint32_t> In, Out;
  auto Refused = [&](uint32_t Items) {
    std::string Error = run("live_across_barrier", Items, Elements, In, Out);
    EXPECT_TRUE(Error.empty() || Error.find(StackRefusal) != std::string::npos)
        << Error;
    return !Error.empty();
  };
  ASSERT_TRUE(Refused(1024)) << "64 MiB of live state was accepted";
  ASSERT_FALSE(Refused(1));
  uint32_t Fits = 1, Over = 1024; // Fits runs, Over is refused.
  while (Over - Fits > 1) {
    uint32_t Mid = Fits + (Over - Fits) / 2;
    (Refused(Mid) ? Over : Fits) = Mid;
  }
  ASSERT_EQ(run("live_across_barrier", Fits, Elements, In, Out), "");
  for (size_t I = 0; I < In.size(); ++I)
    ASSERT_EQ(Out[I], expectedLiveSum(In[I], Elements)) << "out[" << I << "]";
  std::string Error = run("live_across_barrier", Over, Elements, In, Out);
  EXPECT_NE(Error.find("kernel 'live_across_barrier' needs"), std::string::npos)
      << Error;
  EXPECT_NE(Error.find("work-group of " + std::to_string(Over) + " work-items"),
            std::string::npos)
      << Error;
  ASSERT_EQ(run("live_across_barrier", 64, Elements, In, Out), "");
  for (size_t I = 0; I < In.size(); ++I)
    ASSERT_EQ(Out[I], expectedLiveSum(In[I], Elements)) << "out[" << I << "]";
}

// Without barriers, private memory is the entry point's frame: 32 MiB of it
// runs; 128 MiB is refused even for one work-item.
TEST_P(StackTest, PrivateMemoryRunsOrIsRefused) {
  compile(8 * 1024 * 1024);
  std::vector<uint32_t> In, Out;
  ASSERT_EQ(run("private_array", 2, 1 << 20, In, Out), "");
  for (size_t I = 0; I < In.size(); ++I)
    ASSERT_EQ(Out[I], expectedXorSum(In[I], 1 << 20)) << "out[" << I << "]";
  compile(32 * 1024 * 1024);
  std::string Error = run("private_array", 1, 1, In, Out);
  EXPECT_NE(Error.find(StackRefusal), std::string::npos) << Error;
}

INSTANTIATE_TEST_SUITE_P(Targets, StackTest,
                         testing::Values("reference", "csa"));

} // namespace
