//===- printf_test.cpp - printf from kernels on the driver ----------------===//
///
/// The lines kernels print through Loom's printf (lower-printf and the
/// driver's formatter), captured from stdout and compared with the text
/// expected for each work-item: every argument kind, vectors, strings, and
/// the order (work-groups in turn, each work-item's lines together, even
/// across a barrier); a full buffer drops whole records and says so, to
/// the device's printf callback only: the driver prints nothing of its own.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <regex>

using namespace loom::e2e;

namespace {

std::vector<char> compile() {
  std::vector<char> Binary;
  EXPECT_EQ(compileKernel(readKernelSource("printf.cl"), Binary,
                          "-cl-std=CL3.0", "csa", "printf.cl"),
            "");
  return Binary;
}

std::string format(const char *Spec, ...) {
  char Text[512];
  va_list Args;
  va_start(Args, Spec);
  std::vsnprintf(Text, sizeof(Text), Spec, Args);
  va_end(Args);
  return Text;
}

TEST(Printf, EveryKindOfArgument) {
  std::vector<char> Binary = compile();
  std::vector<float> X = {1.5f, -2.25f, 3.0f, 0.125f};
  std::vector<KernelArg> Args = {KernelArg::buffer(X)};
  testing::internal::CaptureStdout();
  ASSERT_EQ(runKernel(Binary, "kinds", Args, {{4}, {2}, {}}), "");
  std::string Got = testing::internal::GetCapturedStdout();
  std::string Want;
  for (int I = 0; I < 4; ++I)
    Want +=
        format("%d|%u|%ld|%x|%c|%s|%5.2f|%e|%f,%f,%f,%f|%d,%d|%hhd,%hhd,%hhd|"
               "%%|%#o\n",
               I - 2, unsigned(I), long(I) << 40, unsigned(I * 255), 'a' + I,
               "str", X[I], double(X[I]) * 1e10, X[0], X[1], X[2], X[3], I, -I,
               1, -2, 3, 8 + I);
  EXPECT_EQ(Got, Want);
}

TEST(Printf, WorkItemOrderAcrossBarriers) {
  std::vector<char> Binary = compile();
  const uint64_t Local = 8, Groups = 6;
  std::vector<KernelArg> Args = {
      KernelArg::buffer(std::vector<int>(Local * Groups))};
  testing::internal::CaptureStdout();
  ASSERT_EQ(runKernel(Binary, "ordered", Args, {{Local * Groups}, {Local}, {}}),
            "");
  std::string Got = testing::internal::GetCapturedStdout();
  std::string Want;
  for (uint64_t G = 0; G < Groups; ++G)
    for (uint64_t L = 0; L < Local; ++L)
      Want += format("g%lu l%lu a\ng%lu l%lu b\n", G, L, G, L);
  EXPECT_EQ(Got, Want);
  // printf returned 0 for each kept record.
  for (int V : Args[0].as<int>())
    EXPECT_EQ(V, 1);
}

TEST(Printf, OnlyActiveWorkItemsPrintUnderVecz) {
  for (const char *Options : {"-cl-std=CL3.0 -cl-wfv=never",
                              "-cl-std=CL3.0 -cl-wfv=always -vecz-width=4",
                              "-cl-std=CL3.0 -cl-wfv=always -vecz-width=8"}) {
    std::vector<char> Binary;
    ASSERT_EQ(compileKernel(readKernelSource("printf.cl"), Binary, Options,
                            "reference", "printf.cl"),
              "");
    const uint64_t Local = 6, Groups = 4; // At width 4, a peel of 2.
    std::vector<int> X(Local * Groups);
    for (size_t I = 0; I < X.size(); ++I)
      X[I] = int(I * 7 % 11);
    std::vector<KernelArg> Args = {KernelArg::buffer(X)};
    testing::internal::CaptureStdout();
    ASSERT_EQ(runKernel(Binary, "some", Args, {{Local * Groups}, {Local}, {}}),
              "");
    std::string Got = testing::internal::GetCapturedStdout();
    std::string Want;
    for (size_t I = 0; I < X.size(); ++I) {
      if (X[I] & 1)
        Want += format("%zu:%d\n", I, X[I]);
      for (int K = 0; K < X[I] % 3; ++K)
        Want += format("%zu.%d\n", I, K);
    }
    EXPECT_EQ(Got, Want) << Options;
  }
}

TEST(Printf, StringOutsideTheBinaryIsNotRead) {
  std::vector<char> Binary = compile();
  std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(4))};
  testing::internal::CaptureStdout();
  ASSERT_EQ(runKernel(Binary, "bad_string", Args, {{4}, {1}, {}}), "");
  std::string Want;
  for (int I = 0; I < 4; ++I)
    Want += "<(invalid string)>\n";
  EXPECT_EQ(testing::internal::GetCapturedStdout(), Want);
}

/// Whether \p Output is one or more lines `g<group> l<item> a|b` of the
/// kernel `ordered` run as 3 groups of 8, nothing cut short.
bool isWholeRecordsOfOrdered(const std::string &Output) {
  static const std::regex Line("(g[0-2] l[0-7] [ab]\n)+");
  return std::regex_match(Output, Line);
}

TEST(Printf, FullBufferDropsWholeRecords) {
  std::vector<char> Binary = compile();
  // Room for a few of the 72 records (48 lines of 40 bytes, 24 empty ones of
  // 24 bytes); which ones depends on the order groups run in.
  setenv("LOOM_PRINTF_BUFFER_SIZE", "400", 1);
  const uint64_t N = 8;
  std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(N * 3))};
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  std::string Error = runKernel(Binary, "ordered", Args, {{N * 3}, {N}, {}});
  std::string Got = testing::internal::GetCapturedStdout();
  std::string Warning = testing::internal::GetCapturedStderr();
  unsetenv("LOOM_PRINTF_BUFFER_SIZE");
  ASSERT_EQ(Error, "");
  // Every line printed is whole and one the kernel meant to print.
  EXPECT_TRUE(isWholeRecordsOfOrdered(Got)) << Got;
  size_t Lines = std::count(Got.begin(), Got.end(), '\n');
  EXPECT_GE(Lines, 1u);
  EXPECT_LE(Lines, 10u); // 400 / 40
  EXPECT_LT(Lines, 48u);
  EXPECT_NE(Warning.find("printf buffer full"), std::string::npos) << Warning;
  // printf returned -1 for the dropped records.
  int Dropped = 0;
  for (int V : Args[0].as<int>())
    Dropped += V == 0;
  EXPECT_GT(Dropped, 0);
}

/// What a printf callback was given.
struct Received {
  std::string Output;
  std::string Dropped;
};

void receive(mux_printf_kind_e Kind, const char *Text, size_t Size,
             void *Into) {
  Received &R = *static_cast<Received *>(Into);
  (Kind == mux_printf_output ? R.Output : R.Dropped).append(Text, Size);
}

/// Runs `ordered` (3 groups of 8 work-items printing 3 records each) with a
/// 400-byte printf buffer, so that records are dropped.
std::string runWithFullBuffer(PrintfSink Printf) {
  std::vector<char> Binary = compile();
  setenv("LOOM_PRINTF_BUFFER_SIZE", "400", 1);
  const uint64_t N = 8;
  std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(N * 3))};
  std::string Error =
      runKernel(Binary, "ordered", Args, {{N * 3}, {N}, {}}, Printf);
  unsetenv("LOOM_PRINTF_BUFFER_SIZE");
  return Error;
}

TEST(Printf, CallbackReceivesTheOutputAndTheWarning) {
  Received R;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  ASSERT_EQ(runWithFullBuffer({receive, &R}), "");
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  // Which groups' records fit depends on which thread ran first; what came
  // through must be whole records of the kernel.
  EXPECT_TRUE(isWholeRecordsOfOrdered(R.Output)) << R.Output;
  EXPECT_EQ(R.Dropped, "printf buffer full (400 bytes): later output of the "
                       "kernel was dropped\n");
}

TEST(Printf, WithoutCallbackTheDriverPrintsOnlyTheKernelsOutput) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  ASSERT_EQ(runWithFullBuffer({nullptr, nullptr}), "");
  std::string Out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_NE(Out.find(" l"), std::string::npos) << Out;
}

} // namespace
