//===- bounds_check_test.cpp - Buffers that stop a kernel overrunning them ===//
///
/// Bounds-checked buffers (LOOM_CHECK_BOUNDS=1, doc/overview.md): a kernel
/// that reads or writes outside its buffers is stopped at the first such
/// access, the host is told which kernel, argument and byte, and goes on;
/// a kernel that stays inside them runs as usual, whatever the sizes of its
/// buffers. The mode is read once per process, so these tests run in the
/// ctest entries that set it (the end-to-end runs scalar and at each Vecz
/// width) and are skipped elsewhere.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <numeric>

using namespace loom::e2e;

namespace {

const char *const ShiftedSource = R"(
kernel void shifted_store(global const int *in, global int *out, int shift) {
  size_t i = get_global_id(0);
  out[(long)i + shift] = in[i];
}
kernel void shifted_load(global const int *in, global int *out, int shift) {
  size_t i = get_global_id(0);
  out[i] = in[(long)i + shift];
}
kernel void guarded_bytes(global const uchar *in, global uchar *out, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    out[i] = in[i] + 1;
}
)";

const char *const Targets[] = {"reference", "csa"};

class BoundsCheck : public ::testing::Test {
protected:
  void SetUp() override {
    const char *Mode = std::getenv("LOOM_CHECK_BOUNDS");
    if (!Mode || std::strcmp(Mode, "1") != 0)
      GTEST_SKIP() << "runs with LOOM_CHECK_BOUNDS=1 (the e2e-scalar and "
                      "e2e-vecz-w* entries)";
  }

  /// Runs \p Kernel over \p Items work-items in groups of 100 on
  /// \p Target, with \p In and \p Out ints and \p Shift; what runKernel
  /// says.
  static std::string runShifted(const char *Target, const char *Kernel,
                                size_t Items, int Shift,
                                std::vector<int> &Out) {
    std::vector<char> Binary;
    std::string Error = compileKernel(ShiftedSource, Binary, "", Target);
    if (!Error.empty())
      return "compile: " + Error;
    std::vector<int> In(Items);
    std::iota(In.begin(), In.end(), 1);
    std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                   KernelArg::buffer(Out),
                                   KernelArg::scalar(Shift)};
    std::string Result = runKernel(Binary, Kernel, Args, {{Items}, {100}, {}});
    Out = Args[1].as<int>();
    return Result;
  }
};

TEST_F(BoundsCheck, AWritePastTheEndIsStoppedAndNamed) {
  for (const char *Target : Targets) {
    std::vector<int> Out(1000, 0);
    std::string Result = runShifted(Target, "shifted_store", 1000, 3, Out);
    EXPECT_NE(Result.find("kernel 'shifted_store' wrote past the end of "
                          "argument 1 (a buffer of 4000 bytes): byte 4000"),
              std::string::npos)
        << Target << ": " << Result;
  }
}

TEST_F(BoundsCheck, AReadPastTheEndIsStoppedAndNamed) {
  for (const char *Target : Targets) {
    std::vector<int> Out(1000, 0);
    std::string Result = runShifted(Target, "shifted_load", 1000, 1, Out);
    EXPECT_NE(Result.find("kernel 'shifted_load' read past the end of "
                          "argument 0 (a buffer of 4000 bytes): byte 4000"),
              std::string::npos)
        << Target << ": " << Result;
  }
}

TEST_F(BoundsCheck, AWriteBeforeTheStartOfAWholePageIsStopped) {
  // 1024 ints fill their page, so the byte below the buffer is a guard's.
  for (const char *Target : Targets) {
    std::vector<int> Out(1024, 0);
    std::string Result = runShifted(Target, "shifted_store", 1000, -2, Out);
    EXPECT_NE(Result.find("kernel 'shifted_store' wrote before the start of "
                          "argument 1 (a buffer of 4096 bytes)"),
              std::string::npos)
        << Target << ": " << Result;
  }
}

TEST_F(BoundsCheck, TheHostGoesOnAfterAFault) {
  for (const char *Target : Targets) {
    std::vector<int> Out(1000, 0);
    ASSERT_NE(runShifted(Target, "shifted_store", 1000, 3, Out), "");
    Out.assign(1000, 0);
    ASSERT_EQ(runShifted(Target, "shifted_store", 1000, 0, Out), "") << Target;
    for (int I = 0; I < 1000; ++I)
      ASSERT_EQ(Out[I], I + 1) << Target << " element " << I;
  }
}

TEST_F(BoundsCheck, AKernelInsideItsBuffersRunsAsUsual) {
  // Buffers of an odd number of bytes end at the guard; the launch covers
  // more work-items than there are bytes, and those past the end only
  // test their index (at any Vecz width: inactive lanes touch nothing).
  for (const char *Target : Targets)
    for (uint32_t N : {1u, 13u, 999u, 4097u}) {
      std::vector<char> Binary;
      ASSERT_EQ(compileKernel(ShiftedSource, Binary, "", Target), "");
      std::vector<uint8_t> In(N), Out(N, 0);
      for (uint32_t I = 0; I < N; ++I)
        In[I] = uint8_t(I * 7);
      std::vector<KernelArg> Args = {
          KernelArg::buffer(In), KernelArg::buffer(Out), KernelArg::scalar(N)};
      uint64_t Items = (N + 99) / 100 * 100;
      ASSERT_EQ(runKernel(Binary, "guarded_bytes", Args, {{Items}, {100}, {}}),
                "")
          << Target << " n=" << N;
      std::vector<uint8_t> Got = Args[1].as<uint8_t>();
      for (uint32_t I = 0; I < N; ++I)
        ASSERT_EQ(Got[I], uint8_t(I * 7 + 1))
            << Target << " n=" << N << " element " << I;
    }
}

} // namespace
