//===- shuffle_async_test.cpp - shuffle and async copies on the driver ----===//
///
/// shuffle / shuffle2 with run-time masks (every bit pattern, so the
/// modulo is exercised) and a constant mask; async_work_group_copy and the
/// strided copies in both directions, with wait_group_events between them,
/// for several group sizes. Every output element checked against a model.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <random>

using namespace loom::e2e;

namespace {

std::vector<char> compile() {
  std::vector<char> Binary;
  EXPECT_EQ(compileKernel(readKernelSource("shuffle_async.cl"), Binary, "",
                          "csa", "shuffle_async.cl"),
            "");
  return Binary;
}

TEST(Shuffle, EveryForm) {
  std::vector<char> Binary = compile();
  const size_t N = 512;
  std::mt19937 Rng(4);
  std::vector<int> X(N * 16);
  for (int &V : X)
    V = int(Rng());
  std::vector<uint32_t> Mask(N * 16);
  for (uint32_t &M : Mask)
    M = Rng();
  std::vector<KernelArg> Args = {KernelArg::buffer(X), KernelArg::buffer(Mask),
                                 KernelArg::buffer(std::vector<int>(N * 44))};
  ASSERT_EQ(runKernel(Binary, "shuffles", Args, {{N}, {}, {}}), "");
  std::vector<int> Out = Args[2].as<int>();
  for (size_t I = 0; I < N; ++I) {
    const int *V = &X[I * 8], *W = &X[(I + N) * 8];
    const uint32_t *M = &Mask[I * 4], *M16 = &Mask[I * 16];
    const int *O = &Out[I * 44];
    const uint32_t Constant[4] = {7, 0, 5, 2};
    for (int L = 0; L < 4; ++L) {
      ASSERT_EQ(O[L], V[M[L] % 8]) << I;
      ASSERT_EQ(O[4 + L], V[Constant[L]]) << I;
      uint32_t K = M[L] % 8;
      ASSERT_EQ(O[8 + L], K < 4 ? V[K] : W[K - 4]) << I;
    }
    for (int L = 0; L < 16; ++L) {
      ASSERT_EQ(O[12 + L], V[M16[L] % 4]) << I;
      uint32_t K = M16[L] % 8;
      ASSERT_EQ(O[28 + L], K < 4 ? V[K] : W[4 + K - 4]) << I;
    }
  }
}

class AsyncCopy : public ::testing::TestWithParam<uint64_t> {};

TEST_P(AsyncCopy, StridedBothWays) {
  std::vector<char> Binary = compile();
  const uint64_t Local = GetParam(), Groups = 5, Global = Local * Groups;
  const uint64_t BlockElems = Local * 2;
  std::vector<float> In(Groups * BlockElems * 2);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = float(I) * 0.5f + 1.0f;
  const float Sentinel = -7.0f;
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In),
      KernelArg::buffer(std::vector<float>(Global * 7, Sentinel)),
      KernelArg::local(BlockElems * sizeof(float))};
  ASSERT_EQ(runKernel(Binary, "async_copies", Args, {{Global}, {Local}, {}}),
            "");
  std::vector<float> Out = Args[1].as<float>();
  for (uint64_t G = 0; G < Groups; ++G) {
    uint64_t Base = G * BlockElems * 2;
    for (uint64_t E = 0; E < BlockElems; ++E) {
      // block[e] = in[base + 2e], reversed, then out[g * 3n + 3e].
      float Want = In[Base + 2 * (BlockElems - 1 - E)];
      uint64_t At = G * BlockElems * 3 + 3 * E;
      ASSERT_EQ(Out[At], Want) << "group " << G << " element " << E;
      ASSERT_EQ(Out[At + 1], Sentinel);
      ASSERT_EQ(Out[At + 2], Sentinel);
    }
    for (uint64_t L = 0; L < Local; ++L)
      ASSERT_EQ(Out[Global * 6 + G * Local + L], In[Base + BlockElems - 1 - L]);
  }
}

INSTANTIATE_TEST_SUITE_P(GroupSizes, AsyncCopy,
                         ::testing::Values(1, 3, 16, 64));

} // namespace
