//===- accumulators_test.cpp - Private copies of add-only buffers ---------===//
///
/// When a launch gives its workers private copies of the buffers its kernel
/// only adds to (planPrivateAccumulators), and that adding the copies in
/// gives the sums, at each width and wrapping as the kernel's additions would.
///
//===----------------------------------------------------------------------===//

#include "accumulators.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace mux;
namespace md = loom::metadata;

namespace {

/// histogram(const uint *data, uint *bins, uint nbins): bins accumulates
/// 4-byte additions.
md::KernelDescriptor histogramKernel() {
  md::KernelDescriptor K;
  K.Name = "histogram";
  K.EntrySymbol = "histogram.mux-entry-hook";
  K.Args = {{md::ArgKind::GlobalBuffer, 1, 8, 8, 0, "uint*"},
            {md::ArgKind::GlobalBuffer, 1, 8, 8, 8, "uint*", 4},
            {md::ArgKind::Scalar, 0, 4, 4, 16, "uint"}};
  K.PackedArgsSize = 24;
  return K;
}

class PrivateAccumulators : public testing::Test {
protected:
  void SetUp() override {
    unsetenv("LOOM_PRIVATE_ACCUMULATORS");
    Data.assign(1 << 16, 0);
    Bins.fill(0);
    DataBuffer.Size = Data.size();
    DataBuffer.Data = Data.data();
    BinsBuffer.Size = sizeof(Bins);
    BinsBuffer.Data = reinterpret_cast<uint8_t *>(Bins.data());
    Descriptors[0].type = mux_descriptor_info_type_buffer;
    Descriptors[0].buffer = &DataBuffer;
    Descriptors[1].type = mux_descriptor_info_type_buffer;
    Descriptors[1].buffer = &BinsBuffer;
    Descriptors[2].type = mux_descriptor_info_type_plain_old_data;
  }
  void TearDown() override { unsetenv("LOOM_PRIVATE_ACCUMULATORS"); }

  NDRangeCommand plan(uint64_t WorkItems, unsigned Workers) {
    NDRangeCommand Launch;
    planPrivateAccumulators(histogramKernel(), Descriptors, WorkItems, Workers,
                            Launch);
    return Launch;
  }

  std::vector<uint8_t> Data;
  alignas(64) std::array<uint32_t, 1024> Bins{};
  mux_buffer_s DataBuffer, BinsBuffer;
  mux_descriptor_info_s Descriptors[3] = {};
};

TEST_F(PrivateAccumulators, HistogramOnTwoWorkers) {
  NDRangeCommand Launch = plan(1 << 20, 2);
  ASSERT_EQ(Launch.Accumulators.size(), 1u);
  const PrivateAccumulator &A = Launch.Accumulators[0];
  EXPECT_EQ(A.PackedOffset, 8u);
  EXPECT_EQ(A.Buffer, BinsBuffer.Data);
  EXPECT_EQ(A.Elements, 1024u);
  EXPECT_EQ(A.ElementBytes, 4u);
  EXPECT_EQ(A.CopyOffset, 0u);
  EXPECT_EQ(Launch.AccumulatorCopyBytes, 4096u);
}

TEST_F(PrivateAccumulators, ANullBufferHasNothingToAccumulate) {
  Descriptors[1].buffer = nullptr;
  EXPECT_TRUE(plan(1 << 20, 2).Accumulators.empty());
}

TEST_F(PrivateAccumulators, FromTheArgumentsOffsetToItsBufferEnd) {
  Descriptors[1].buffer_offset = 1000; // 250 elements in.
  NDRangeCommand Launch = plan(1 << 20, 2);
  ASSERT_EQ(Launch.Accumulators.size(), 1u);
  EXPECT_EQ(Launch.Accumulators[0].Buffer, BinsBuffer.Data + 1000);
  EXPECT_EQ(Launch.Accumulators[0].Elements, 774u);
  EXPECT_EQ(Launch.AccumulatorCopyBytes, 3136u); // 3096 in 64-byte lines
}

TEST_F(PrivateAccumulators, OneWorkerHasNothingToShare) {
  EXPECT_TRUE(plan(1 << 20, 1).Accumulators.empty());
}

TEST_F(PrivateAccumulators, OffWithTheSetting) {
  setenv("LOOM_PRIVATE_ACCUMULATORS", "0", 1);
  EXPECT_TRUE(plan(1 << 20, 2).Accumulators.empty());
  setenv("LOOM_PRIVATE_ACCUMULATORS", "1", 1);
  EXPECT_FALSE(plan(1 << 20, 2).Accumulators.empty());
}

TEST_F(PrivateAccumulators, OnlyWhenEachElementGetsEnoughAdditions) {
  const uint64_t Least = 1024 * MinWorkItemsPerAccumulatorElement;
  EXPECT_TRUE(plan(Least - 1, 2).Accumulators.empty());
  EXPECT_FALSE(plan(Least, 2).Accumulators.empty());
}

TEST_F(PrivateAccumulators, NotWhenTheCopiesOutgrowTheCaches) {
  std::vector<uint32_t> Large(MaxAccumulatorCopyBytes / 4 + 16);
  BinsBuffer.Size = Large.size() * 4;
  BinsBuffer.Data = reinterpret_cast<uint8_t *>(Large.data());
  EXPECT_TRUE(plan(uint64_t(1) << 40, 2).Accumulators.empty());
  BinsBuffer.Size = MaxAccumulatorCopyBytes;
  EXPECT_FALSE(plan(uint64_t(1) << 40, 2).Accumulators.empty());
}

TEST_F(PrivateAccumulators, NotWhenMisalignedForItsAdditions) {
  Descriptors[1].buffer_offset = 2;
  EXPECT_TRUE(plan(1 << 20, 2).Accumulators.empty());
}

TEST_F(PrivateAccumulators, NotWhenAnotherArgumentOverlapsIt) {
  // data is the bins' last 64 bytes and what follows: the kernel may read
  // what the additions change.
  DataBuffer.Data = BinsBuffer.Data + sizeof(Bins) - 64;
  DataBuffer.Size = 256;
  EXPECT_TRUE(plan(1 << 20, 2).Accumulators.empty());
  // Adjacent is fine.
  DataBuffer.Data = BinsBuffer.Data + sizeof(Bins);
  EXPECT_FALSE(plan(1 << 20, 2).Accumulators.empty());
  // The same buffer twice.
  Descriptors[0].buffer = &BinsBuffer;
  EXPECT_TRUE(plan(1 << 20, 2).Accumulators.empty());
}

/// Adds \p Copy into \p Buffer as an accumulator of T-sized elements.
template <class T>
void addOneCopy(std::vector<T> &Buffer, const std::vector<T> &Copy) {
  NDRangeCommand Launch;
  Launch.Accumulators.push_back({0, reinterpret_cast<uint8_t *>(Buffer.data()),
                                 Buffer.size(),
                                 static_cast<uint32_t>(sizeof(T)), 0});
  addAccumulatorCopies(reinterpret_cast<const uint8_t *>(Copy.data()), Launch);
}

template <class T> void checkAddsCopy() {
  SCOPED_TRACE(sizeof(T));
  std::vector<T> Buffer = {5, 0, static_cast<T>(-1), 7, 100};
  // A subtraction's copy holds the wrapped difference.
  std::vector<T> Copy = {static_cast<T>(-1), 3, 2, 0, 28};
  addOneCopy(Buffer, Copy);
  EXPECT_EQ(Buffer, (std::vector<T>{4, 3, 1, 7, 128}));
}

TEST(AddAccumulatorCopies, AddsEachWidthWrapping) {
  checkAddsCopy<uint8_t>();
  checkAddsCopy<uint16_t>();
  checkAddsCopy<uint32_t>();
  checkAddsCopy<uint64_t>();
}

} // namespace
