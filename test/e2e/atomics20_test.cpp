//===- atomics20_test.cpp - OpenCL C 2.0 and 64-bit atomics ---------------===//
///
/// Work-items race on counters with the C11-style atomic functions (global,
/// local and generic objects, every fetch operation, compare-exchange, float
/// atomics) and the 64-bit atom_* functions; the final values, independent
/// of the order, are checked against sums computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>

using namespace loom::e2e;

namespace {

TEST(Atomics20, CountersAgree) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("atomics20.cl"), Binary,
                          "-cl-std=CL3.0", "csa", "atomics20.cl"),
            "");
  const uint64_t Local = 16, Groups = 64, N = Local * Groups;
  std::vector<int32_t> Ints = {0, 0, INT_MAX, INT_MIN, -1, 0};
  std::vector<uint32_t> UInts = {0, 0xffffffffu, 0, 0};
  std::vector<int64_t> Longs = {0, 0};
  std::vector<float> Floats = {0, 0};
  std::vector<int64_t> Atoms = {0, LLONG_MIN, 0};
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Ints),
      KernelArg::buffer(UInts),
      KernelArg::buffer(Longs),
      KernelArg::buffer(Floats),
      KernelArg::buffer(Atoms),
      KernelArg::buffer(std::vector<int32_t>(Groups)),
      KernelArg::local(sizeof(int32_t))};
  ASSERT_EQ(runKernel(Binary, "counters", Args, {{N}, {Local}, {}}), "");

  int64_t Sub = 0, Min = INT_MAX, Max = INT_MIN, LongSum = 0, LongMin = 0,
          AtomSum = 0, AtomMax = LLONG_MIN, IdSum = 0;
  uint32_t Or = 0, And = 0xffffffffu, Xor = 0, UMax = 0;
  float FloatSum = 0;
  for (uint64_t I = 0; I < N; ++I) {
    int32_t V = int32_t(I * 37 % 1001) - 500;
    Sub -= V;
    Min = std::min<int64_t>(Min, V);
    Max = std::max<int64_t>(Max, V);
    Or |= 1u << (I % 32);
    And &= ~(1u << (I % 29));
    Xor ^= uint32_t(I);
    UMax = std::max(UMax, uint32_t(V));
    LongSum += int64_t(I) << 33;
    LongMin = std::min(LongMin, -(int64_t(I) << 31));
    FloatSum += float(I % 5);
    AtomSum += int64_t(I) * 3;
    AtomMax = std::max(AtomMax, int64_t(I) - 100);
    IdSum += int64_t(I);
  }
  std::vector<int32_t> OutInts = Args[0].as<int32_t>();
  std::vector<uint32_t> OutUInts = Args[1].as<uint32_t>();
  std::vector<int64_t> OutLongs = Args[2].as<int64_t>();
  std::vector<float> OutFloats = Args[3].as<float>();
  std::vector<int64_t> OutAtoms = Args[4].as<int64_t>();
  std::vector<int32_t> Seen = Args[5].as<int32_t>();
  EXPECT_EQ(OutInts[0], int32_t(N));
  EXPECT_EQ(OutInts[1], int32_t(Sub));
  EXPECT_EQ(OutInts[2], Min);
  EXPECT_EQ(OutInts[3], Max);
  // The olds of the exchanges are the initial -1 and every id but the last
  // one stored, which stays in the object.
  EXPECT_EQ(int64_t(OutInts[5]) + OutInts[4] + 1, IdSum);
  EXPECT_EQ(OutUInts[0], Or);
  EXPECT_EQ(OutUInts[1], And);
  EXPECT_EQ(OutUInts[2], Xor);
  EXPECT_EQ(OutUInts[3], UMax);
  EXPECT_EQ(OutLongs[0], LongSum);
  EXPECT_EQ(OutLongs[1], LongMin);
  EXPECT_EQ(OutFloats[0], FloatSum);
  EXPECT_EQ(OutFloats[1], 0.5f * float(N));
  EXPECT_EQ(OutAtoms[0], AtomSum);
  EXPECT_EQ(OutAtoms[1], AtomMax);
  EXPECT_EQ(OutAtoms[2], int64_t(N));
  for (uint64_t G = 0; G < Groups; ++G)
    EXPECT_EQ(Seen[G], int32_t(Local)) << G;
}

} // namespace
