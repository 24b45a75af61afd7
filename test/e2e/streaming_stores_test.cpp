//===- streaming_stores_test.cpp - Outputs written past the caches --------===//
///
/// streaming-stores gives vector stores to output-only buffers non-temporal
/// twins, taken in large launches at aligned addresses. With the threshold
/// at 1 byte every launch takes them where the address allows, at the
/// default only the large launch here does, and without the pass none;
/// in each, on both targets, at Vecz's widths and without Vecz, every
/// element must be what the host computes, including the elements before
/// and after a misaligned output and the scalar peel of local sizes that
/// are not multiples of the width, and with the large buffers on huge pages.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <tuple>
#include <vector>

using namespace loom::e2e;

namespace {

/// (target, build options)
using Configuration = std::tuple<const char *, const char *>;

class StreamingStores : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options] = GetParam();
    ASSERT_EQ(compileKernel(readKernelSource("streaming_stores.cl"), Binary,
                            Options, Target, "streaming_stores.cl"),
              "");
  }
  std::vector<char> Binary;
};

std::vector<float> ramp(size_t N, float Scale) {
  std::vector<float> Values(N);
  for (size_t I = 0; I < N; ++I)
    Values[I] = static_cast<float>(I % 1000) * Scale - 3.0f;
  return Values;
}

void checkVadd(const std::vector<char> &Binary, size_t N, uint64_t Local) {
  std::vector<float> A = ramp(N, 0.5f), B = ramp(N, -0.25f);
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(std::vector<float>(N, -1))};
  ASSERT_EQ(runKernel(Binary, "vadd", Args, {{N}, {Local}, {}}), "");
  std::vector<float> C = Args[2].as<float>();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(C[I], A[I] + B[I]) << "element " << I << " of " << N;
}

TEST_P(StreamingStores, SmallLaunches) {
  for (uint64_t Local : {64u, 37u, 16u})
    checkVadd(Binary, Local * 67, Local);
}

TEST_P(StreamingStores, LaunchAboveTheDefaultThreshold) {
  // 8 MiB and 32 bytes of output, in groups of 37 (vectors and a peel):
  // the default threshold streams it.
  checkVadd(Binary, 37 * 56680, 37);
}

TEST_P(StreamingStores, LargeBuffersOnHugePages) {
  // The same launch with its 8 MiB buffers on 2 MiB pages (LOOM_HUGE_PAGES).
  setenv("LOOM_HUGE_PAGES", "1", 1);
  checkVadd(Binary, 37 * 56680, 37);
  unsetenv("LOOM_HUGE_PAGES");
}

TEST_P(StreamingStores, MisalignedOutputs) {
  const size_t N = 1000;
  std::vector<float> A = ramp(N, 1.5f);
  for (uint32_t K : {0u, 1u, 3u, 8u, 15u, 16u}) {
    SCOPED_TRACE("offset " + std::to_string(K));
    const size_t Size = N + 32;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(A), KernelArg::buffer(std::vector<float>(Size, 7)),
        KernelArg::scalar(K)};
    ASSERT_EQ(runKernel(Binary, "scale_at", Args, {{N}, {40}, {}}), "");
    std::vector<float> C = Args[1].as<float>();
    for (size_t I = 0; I < Size; ++I) {
      float Expected = I >= K && I < K + N ? A[I - K] * 2.0f : 7.0f;
      ASSERT_EQ(C[I], Expected) << "element " << I;
    }
  }
}

TEST_P(StreamingStores, VectorTypesAndTwoOutputs) {
  const size_t N = 555;
  std::vector<float> In = ramp(4 * N, 0.75f);
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(std::vector<float>(4 * N)),
                                 KernelArg::buffer(std::vector<int32_t>(N))};
  ASSERT_EQ(runKernel(Binary, "split", Args, {{N}, {37}, {}}), "");
  std::vector<float> Scaled = Args[1].as<float>();
  std::vector<int32_t> Ids = Args[2].as<int32_t>();
  for (size_t I = 0; I < 4 * N; ++I)
    ASSERT_EQ(Scaled[I], In[I] * 3.0f) << "element " << I;
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Ids[I], static_cast<int32_t>(I) - 7) << "id " << I;
}

INSTANTIATE_TEST_SUITE_P(
    Configurations, StreamingStores,
    testing::Values(
        Configuration{"reference", ""}, Configuration{"csa", ""},
        Configuration{"reference", "-streaming-store-bytes=1"},
        Configuration{"csa", "-streaming-store-bytes=1"},
        Configuration{"reference", "-streaming-store-bytes=1 -vecz-width=8"},
        Configuration{"reference", "-streaming-store-bytes=1 -vecz-width=4"},
        Configuration{"reference", "-streaming-store-bytes=1 -cl-wfv=never"},
        Configuration{"reference", "-streaming-store-bytes=0"}));

} // namespace
