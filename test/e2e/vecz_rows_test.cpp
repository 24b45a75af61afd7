//===- vecz_rows_test.cpp - Vecz's jammed variants on the driver ----------===//
///
/// Two-dimensional kernels compiled with Vecz running 2, 4 and 8 rows of
/// work-items per vector call, with and without a wide jammed variant
/// beside them (and without Vecz, and with its own choice)
/// on both targets, with local sizes whose rows and columns are and are not
/// multiples of the rows and the width; every output element is checked
/// against a model computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <tuple>

using namespace loom::e2e;

namespace {

/// (target, Vecz options, local size in x and y)
using Configuration =
    std::tuple<const char *, const char *, std::array<size_t, 2>>;

class VeczRows : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options, Local] = GetParam();
    ASSERT_EQ(compileKernel(readKernelSource("vecz_rows.cl"), Binary, Options,
                            Target, "vecz_rows.cl"),
              "");
    LocalX = Local[0];
    LocalY = Local[1];
  }
  std::vector<char> Binary;
  size_t LocalX = 0, LocalY = 0;
};

TEST_P(VeczRows, MatrixProduct) {
  const size_t M = 7 * LocalY, N = 3 * LocalX;
  const int K = 33;
  std::vector<int> A(M * K), B(K * N), C(M * N, -1);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = int(I * 7 % 23) - 11;
  for (size_t I = 0; I < B.size(); ++I)
    B[I] = int(I * 5 % 19) - 9;
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(C), KernelArg::scalar(K),
                                 KernelArg::scalar(int(N))};
  ASSERT_EQ(runKernel(Binary, "matmul", Args, {{N, M}, {LocalX, LocalY}, {}}),
            "");
  std::vector<int> Got = Args[2].as<int>();
  for (size_t Row = 0; Row < M; ++Row)
    for (size_t Col = 0; Col < N; ++Col) {
      int Expected = 0;
      for (int Kk = 0; Kk < K; ++Kk)
        Expected += A[Row * K + Kk] * B[Kk * N + Col];
      ASSERT_EQ(Got[Row * N + Col], Expected)
          << "C[" << Row << "][" << Col << "]";
    }
}

TEST_P(VeczRows, PrivateArraysOfEachRow) {
  const size_t M = 3 * LocalY, N = 2 * LocalX;
  const int W = int(N), Size = W * 8;
  std::vector<int> In(static_cast<size_t>(Size)), Out(M * N, -1);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I * 29 % 201) - 100;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::scalar(W)};
  ASSERT_EQ(
      runKernel(Binary, "private_rows", Args, {{N, M}, {LocalX, LocalY}, {}}),
      "");
  std::vector<int> Got = Args[1].as<int>();
  for (int Y = 0; Y < int(M); ++Y)
    for (int X = 0; X < W; ++X) {
      int T[4];
      for (int K = 0; K < 4; ++K)
        T[K] = In[size_t((Y * W + X + K) % Size)] * (Y + 1);
      int Expected = 0;
      for (int K = 0; K < 4; ++K)
        Expected += T[(X + K) & 3] * (K + 1);
      ASSERT_EQ(Got[size_t(Y * W + X)], Expected)
          << "out[" << Y << "][" << X << "]";
    }
}

TEST_P(VeczRows, RowLoadsUnderColumnMasks) {
  const size_t M = 5 * LocalY, N = 2 * LocalX;
  const int K = 20;
  std::vector<int> A(M * K), Out(M * N, -1);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = int(I * 13 % 101);
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(Out),
                                 KernelArg::scalar(K)};
  ASSERT_EQ(
      runKernel(Binary, "masked_sums", Args, {{N, M}, {LocalX, LocalY}, {}}),
      "");
  std::vector<int> Got = Args[1].as<int>();
  for (size_t Row = 0; Row < M; ++Row)
    for (size_t Col = 0; Col < N; ++Col) {
      int Expected = int(Col);
      for (int Kk = 0; Kk < K; ++Kk)
        if (size_t(Kk) % 3 == Col % 3)
          Expected += A[Row * K + Kk];
      ASSERT_EQ(Got[Row * N + Col], Expected)
          << "out[" << Row << "][" << Col << "]";
    }
}

TEST_P(VeczRows, AtomicsOncePerWorkItem) {
  const size_t M = 3 * LocalY, N = 2 * LocalX, Items = M * N;
  std::vector<uint32_t> Counter = {0}, Bins(3, 0), Tickets(Items, ~0u),
                        Marks(N, 0);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Counter), KernelArg::buffer(Bins),
      KernelArg::buffer(Tickets), KernelArg::buffer(Marks)};
  ASSERT_EQ(runKernel(Binary, "tickets", Args, {{N, M}, {LocalX, LocalY}, {}}),
            "");
  ASSERT_EQ(Args[0].as<uint32_t>()[0], Items);
  std::vector<uint32_t> GotBins = Args[1].as<uint32_t>();
  for (size_t Bin = 0; Bin < 3; ++Bin) {
    size_t Rows = (M + 2 - Bin) / 3; // Rows r < M with r % 3 == Bin.
    ASSERT_EQ(GotBins[Bin], Rows * N) << "bins[" << Bin << "]";
  }
  std::vector<uint32_t> Drawn = Args[2].as<uint32_t>();
  std::sort(Drawn.begin(), Drawn.end());
  for (size_t I = 0; I < Items; ++I)
    ASSERT_EQ(Drawn[I], I) << "the tickets are not 0 to " << Items - 1;
  std::vector<uint32_t> GotMarks = Args[3].as<uint32_t>();
  for (size_t Col = 0; Col < N; ++Col) {
    uint32_t Last = uint32_t(Col % 4);
    ASSERT_EQ(GotMarks[Col], Last * (Last + 1) / 2 + 1)
        << "marks[" << Col << "]";
  }
}

/// The Vecz settings tried, each with its name in the test names.
struct Setting {
  const char *Name;
  const char *Options;
};
const Setting Settings[] = {
    {"scalar", "-cl-wfv=never"},
    {"default", ""},
    {"w4_r2", "-cl-wfv=always -vecz-width=4 -vecz-rows=2"},
    {"w8_r4", "-cl-wfv=always -vecz-width=8 -vecz-rows=4"},
    {"w16_r8", "-cl-wfv=always -vecz-width=16 -vecz-rows=8"},
    // A wide variant of two vectors and its jammed variant of half the rows.
    {"w4_r4_wide2",
     "-cl-wfv=always -vecz-width=4 -vecz-rows=4 -vecz-interleave=2"},
    {"w8_r8_wide2",
     "-cl-wfv=always -vecz-width=8 -vecz-rows=8 -vecz-interleave=2"},
};

std::string
configurationName(const testing::TestParamInfo<Configuration> &Info) {
  auto [Target, Options, Local] = Info.param;
  // A named copy: C++17 lambdas cannot capture a structured binding.
  const char *WantedOptions = Options;
  const Setting *S = std::find_if(
      std::begin(Settings), std::end(Settings),
      [&](const Setting &S) { return S.Options == WantedOptions; });
  return std::string(Target) + "_" + S->Name + "_local" +
         std::to_string(Local[0]) + "x" + std::to_string(Local[1]);
}

INSTANTIATE_TEST_SUITE_P(
    RowsAndWidths, VeczRows,
    testing::Combine(
        testing::Values("reference", "csa"),
        testing::Values(Settings[0].Options, Settings[1].Options,
                        Settings[2].Options, Settings[3].Options,
                        Settings[4].Options, Settings[5].Options,
                        Settings[6].Options),
        // Rows and columns both multiples of every R and W; neither; and
        // (for the wide jammed variants) columns that leave runs of W after
        // the runs of 2 W, in rows that leave one row of the wide jammed
        // variant's and three of the jammed variant's.
        testing::Values(std::array<size_t, 2>{16, 8},
                        std::array<size_t, 2>{24, 5},
                        std::array<size_t, 2>{20, 7})),
    configurationName);

} // namespace
