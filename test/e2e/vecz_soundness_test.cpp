//===- vecz_soundness_test.cpp - Kernels that once broke Vecz -------------===//
///
/// The shapes of kernel that crashed the compiler or the host once Vecz was
/// on by default (issue 34), rewritten for Loom: local atomics under
/// divergence inside loops (a radix sort's digit count), a segmented scan of
/// doubles whose flags reconverge (reduce-by-key), a barrier inside a loop
/// over a local tile with work-items that drop out (a pathfinder step), and
/// division guarded by its divisor; and the random differential tool's
/// findings: private arrays copied whole in every lane, a work-item
/// that waits for another without a barrier, and private arrays live across
/// a barrier that fill most of a work-group's stack; and the CTS's finding:
/// scalar calls of builtins whose vector forms are not lane-wise (dot, isnan,
/// select); and accesses at strided addresses, which Vecz does lane by lane
/// where the CPU has no gathers (rows of a length given at run time, a step
/// of zero, a store every third element, float2s); and every kind of atomic
/// on local memory, which a work-group running on one thread does without
/// the lock; and neighbours on a ring (remainders by the group's size), loaded
/// consecutively where no lane wraps around; and volatile accesses, done
/// lane by lane, to a private struct under divergence and to a global
/// buffer where a lane that is off would be 4 GiB away; and the slow paths
/// of vector builtins, which a vector of work-items takes when one lane of
/// one of them needs it. Each runs scalar, with the default options, and
/// with Vecz forced at 4, 8 and 16, on both targets, with local sizes that
/// are and are not multiples of the widths; every output element is checked
/// against a model computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <random>
#include <tuple>

using namespace loom::e2e;

namespace {

/// (target, build options)
using Configuration = std::tuple<const char *, const char *>;

class VeczSoundness : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options] = GetParam();
    ASSERT_EQ(compileKernel(readKernelSource("vecz_soundness.cl"), Binary,
                            Options, Target, "vecz_soundness.cl"),
              "");
  }
  std::vector<char> Binary;
};

TEST_P(VeczSoundness, RadixDigitCountWithLocalAtomicsInDivergentLoops) {
  const uint32_t N = 5000, Shift = 8, Skip = 0x1234u, Weight = 2;
  const size_t Groups = 7;
  for (size_t Local : {64, 40}) {
    std::mt19937 Random(11);
    std::vector<uint32_t> Keys(N);
    for (uint32_t &K : Keys)
      K = Random();
    Keys[3] = Keys[77] = Skip;
    std::vector<uint32_t> Counts(256 * Groups, 7), Prefix(256 * Groups, 7);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Keys),   KernelArg::buffer(Counts),
        KernelArg::buffer(Prefix), KernelArg::scalar(N),
        KernelArg::scalar(Shift),  KernelArg::scalar(Skip),
        KernelArg::scalar(Weight), KernelArg::local(256 * 4)};
    ASSERT_EQ(
        runKernel(Binary, "radix_count", Args, {{Groups * Local}, {Local}, {}}),
        "");
    std::vector<uint32_t> GotCounts = Args[1].as<uint32_t>();
    std::vector<uint32_t> GotPrefix = Args[2].as<uint32_t>();
    const uint32_t PerGroup = (N + Groups - 1) / Groups;
    for (size_t G = 0; G < Groups; ++G) {
      std::vector<uint32_t> Hist(256, 0);
      for (uint32_t I = uint32_t(G) * PerGroup;
           I < std::min<uint32_t>(N, uint32_t(G + 1) * PerGroup); ++I)
        if (Keys[I] != Skip && !(Keys[I] & 0x80000000u))
          Hist[(Keys[I] >> Shift) & 0xFF] += Weight;
      uint32_t Sum = 0;
      for (size_t B = 0; B < 256; ++B) {
        ASSERT_EQ(GotCounts[B * Groups + G], Hist[B])
            << "counts of digit " << B << ", group " << G << ", local "
            << Local;
        ASSERT_EQ(GotPrefix[G * 256 + B], Sum)
            << "prefix of digit " << B << ", group " << G << ", local "
            << Local;
        Sum += Hist[B];
      }
    }
  }
}

/// The Hillis-Steele segmented scan of one group, step by step as the
/// kernel does it: each sum in the same order.
void scanGroup(const std::vector<int> &Keys, const std::vector<double> &Vals,
               size_t First, size_t N, size_t Last, std::vector<double> &V,
               std::vector<int> &F, std::vector<int> &C) {
  V.assign(N, 0);
  F.assign(N, 0);
  C.assign(N, 0);
  for (size_t L = 0; L < N; ++L) {
    size_t G = First + L;
    V[L] = Vals[G];
    F[L] = L == 0 || Keys[G - 1] != Keys[G];
    C[L] = L == N - 1 || G == Last || Keys[G + 1] != Keys[G];
  }
  for (size_t Offset = 1; Offset < N; Offset <<= 1) {
    std::vector<double> NV = V;
    std::vector<int> NF = F, NC = C;
    for (size_t L = Offset; L < N; ++L) {
      if (!F[L])
        NV[L] = V[L - Offset] + V[L];
      NF[L] = F[L] | F[L - Offset];
      NC[L] = C[L] + C[L - Offset];
    }
    V.swap(NV);
    F.swap(NF);
    C.swap(NC);
  }
}

TEST_P(VeczSoundness, ReduceByKeyOfDoublesWithReconvergingFlags) {
  for (size_t Local : {64, 48}) {
    const size_t Groups = 6, N = Groups * Local;
    std::mt19937 Random(5);
    std::vector<int> Keys(N);
    std::vector<double> Vals(N);
    for (size_t I = 0; I < N; ++I) {
      Keys[I] = int(Random() % 3);
      Vals[I] = double(int(Random() % 2001) - 1000) / 7.0;
    }
    const double Sentinel = -1e300;
    std::vector<double> Scanned(N, Sentinel), SegVals(N, Sentinel);
    std::vector<int> SegKeys(N, -7), SegCounts(Groups, -7);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Keys),     KernelArg::buffer(Vals),
        KernelArg::buffer(Scanned),  KernelArg::buffer(SegVals),
        KernelArg::buffer(SegKeys),  KernelArg::buffer(SegCounts),
        KernelArg::local(Local * 8), KernelArg::local(Local * 4),
        KernelArg::local(Local * 4)};
    ASSERT_EQ(runKernel(Binary, "reduce_by_key", Args, {{N}, {Local}, {}}), "");
    std::vector<double> GotScanned = Args[2].as<double>();
    std::vector<double> GotSegVals = Args[3].as<double>();
    std::vector<int> GotSegKeys = Args[4].as<int>();
    std::vector<int> GotCounts = Args[5].as<int>();
    for (size_t G = 0; G < Groups; ++G) {
      std::vector<double> V;
      std::vector<int> F, C;
      scanGroup(Keys, Vals, G * Local, Local, N - 1, V, F, C);
      ASSERT_EQ(GotCounts[G], C[Local - 1]) << "group " << G;
      for (size_t L = 0; L < Local; ++L) {
        size_t I = G * Local + L;
        ASSERT_EQ(GotScanned[I], V[L]) << "scanned[" << I << "]";
        bool Tail = L == Local - 1 || I == N - 1 || Keys[I + 1] != Keys[I];
        if (!Tail)
          continue;
        size_t Slot = G * Local + C[L] - 1;
        ASSERT_EQ(GotSegVals[Slot], V[L]) << "seg_vals[" << Slot << "]";
        ASSERT_EQ(GotSegKeys[Slot], Keys[I]) << "seg_keys[" << Slot << "]";
      }
      // The slots past the group's segments keep their sentinels.
      for (size_t S = G * Local + C[Local - 1]; S < (G + 1) * Local; ++S) {
        ASSERT_EQ(GotSegVals[S], Sentinel) << "seg_vals[" << S << "]";
        ASSERT_EQ(GotSegKeys[S], -7) << "seg_keys[" << S << "]";
      }
    }
  }
}

TEST_P(VeczSoundness, PathfinderBarrierInLoopOverLocalTile) {
  const int Cols = 1000, Iteration = 5, StartStep = 1;
  for (int Block : {64, 48}) {
    int SmallCols = Block - 2 * Iteration;
    size_t Groups = size_t((Cols + SmallCols - 1) / SmallCols);
    std::mt19937 Random(9);
    std::vector<int> Wall(size_t(Cols) * (StartStep + Iteration)), Src(Cols);
    for (int &W : Wall)
      W = int(Random() % 10);
    for (int &S : Src)
      S = int(Random() % 10);
    std::vector<int> Dst(Cols, -1);
    std::vector<KernelArg> Args = {KernelArg::scalar(Iteration),
                                   KernelArg::buffer(Wall),
                                   KernelArg::buffer(Src),
                                   KernelArg::buffer(Dst),
                                   KernelArg::scalar(Cols),
                                   KernelArg::scalar(StartStep),
                                   KernelArg::scalar(Iteration),
                                   KernelArg::local(size_t(Block) * 4),
                                   KernelArg::local(size_t(Block) * 4)};
    ASSERT_EQ(runKernel(Binary, "pathfinder", Args,
                        {{Groups * size_t(Block)}, {size_t(Block)}, {}}),
              "");
    // The dynamic programme itself, row by row, neighbours clamped to the
    // grid.
    std::vector<int> Row = Src;
    for (int I = 0; I < Iteration; ++I) {
      std::vector<int> Next(Cols);
      for (int X = 0; X < Cols; ++X) {
        int Shortest = std::min(
            {Row[std::max(X - 1, 0)], Row[X], Row[std::min(X + 1, Cols - 1)]});
        Next[X] = Shortest + Wall[size_t(Cols) * (StartStep + I) + X];
      }
      Row.swap(Next);
    }
    std::vector<int> Got = Args[3].as<int>();
    for (int X = 0; X < Cols; ++X)
      ASSERT_EQ(Got[X], Row[X]) << "dst[" << X << "], block " << Block;
  }
}

TEST_P(VeczSoundness, GuardedDivisionNeverTrapsInInactiveLanes) {
  const size_t N = 1000; // Groups of 40: not a multiple of 16.
  std::mt19937 Random(2);
  std::vector<int> Divisors(N);
  for (int &D : Divisors)
    D = int(Random() % 7) - 3;
  for (uint32_t Parts : {0u, 7u}) {
    std::vector<int> Q(N, -9), R(N, -9);
    std::vector<uint32_t> Shares(N, 99);
    const uint32_t Total = 1000;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Divisors), KernelArg::buffer(Q),
        KernelArg::buffer(R),        KernelArg::buffer(Shares),
        KernelArg::scalar(Total),    KernelArg::scalar(Parts)};
    ASSERT_EQ(runKernel(Binary, "guarded_division", Args, {{N}, {40}, {}}), "");
    std::vector<int> GotQ = Args[1].as<int>(), GotR = Args[2].as<int>();
    std::vector<uint32_t> GotShares = Args[3].as<uint32_t>();
    for (size_t I = 0; I < N; ++I) {
      int D = Divisors[I], X = int(I % 1000);
      ASSERT_EQ(GotQ[I], D ? X / D : 12345) << "q[" << I << "], d = " << D;
      ASSERT_EQ(GotR[I], D ? X % D : -1) << "r[" << I << "], d = " << D;
      uint32_t Share = (I % 40 < 3 && Parts) ? Total / Parts : 99;
      ASSERT_EQ(GotShares[I], Share) << "shares[" << I << "]";
    }
  }
}

TEST_P(VeczSoundness, PrivateArrayCopiesKeepTheirAlignmentInEveryLane) {
  const size_t N = 999; // Groups of 37: every lane count at the end.
  std::mt19937 Random(3);
  std::vector<int> In(N), Out(N, -1);
  for (int &X : In)
    X = int(Random() % 1000);
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out)};
  ASSERT_EQ(runKernel(Binary, "private_copies", Args, {{N}, {37}, {}}), "");
  std::vector<int> Got = Args[1].as<int>();
  for (size_t I = 0; I < N; ++I) {
    int X = In[I], A[6], Sum = 0;
    for (int K = 0; K < 6; ++K)
      A[(X + K) % 6] = X * (K + 1);
    for (int K = 0; K <= X % 6; ++K)
      Sum += A[(X + 2 * K) % 6];
    ASSERT_EQ(Got[I], Sum) << "out[" << I << "], in = " << X;
  }
}

TEST_P(VeczSoundness, AWorkItemWaitingForAnotherSeesItAsTheScalarKernelDoes) {
  const size_t N = 64, Local = 16;
  std::vector<int> Seen(N, -1);
  std::vector<KernelArg> Args = {KernelArg::buffer(Seen)};
  ASSERT_EQ(runKernel(Binary, "waits_for_another", Args, {{N}, {Local}, {}}),
            "");
  std::vector<int> Got = Args[0].as<int>();
  // The flag raised, and work-item 3 of each group saw it at once.
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[I], 10000) << "seen[" << I << "]";
}

TEST_P(VeczSoundness, ScalarCallsOfBuiltinsWhoseVectorFormsAreNotLanewise) {
  const size_t N = 999; // Groups of 37: every lane count at the end.
  std::vector<float> A(N), B(N);
  for (size_t I = 0; I < N; ++I) {
    A[I] = float(int(I % 13) - 6) * 0.75f;
    B[I] = float(int(I % 5) - 2) * 1.5f; // 0 for every fifth: x / 0
  }
  std::vector<KernelArg> Args = {
      KernelArg::buffer(A), KernelArg::buffer(B),
      KernelArg::buffer(std::vector<float>(4 * N, -1.0f)),
      KernelArg::buffer(std::vector<int>(6 * N, -7))};
  ASSERT_EQ(
      runKernel(Binary, "scalar_horizontal_builtins", Args, {{N}, {37}, {}}),
      "");
  std::vector<float> Geometric = Args[2].as<float>();
  std::vector<int> Relational = Args[3].as<int>();
  for (size_t I = 0; I < N; ++I) {
    float X = A[I], Y = B[I];
    float Normal = X == 0.0f ? X : std::copysign(1.0f, X);
    float Want[4] = {X * Y, std::fabs(X), std::fabs(X - Y), Normal};
    for (int K = 0; K < 4; ++K)
      ASSERT_EQ(Geometric[4 * I + K], Want[K])
          << "geometric " << K << " of " << I << ": x = " << X << ", y = " << Y;
    int WantInt[6] = {X > Y,
                      std::isnan(X / Y) ? 1 : 0,
                      std::signbit(X) ? 1 : 0,
                      int(X) < 0,
                      int(Y) < 0,
                      (I & 1) ? 20 : 10};
    for (int K = 0; K < 6; ++K)
      ASSERT_EQ(Relational[6 * I + K], WantInt[K])
          << "relational " << K << " of " << I << ": x = " << X
          << ", y = " << Y;
  }
}

TEST_P(VeczSoundness, VectorKernelWithLargeLiveArraysLaunchesLikeTheScalarOne) {
  const int LiveWords = 40000; // LIVE_WORDS in the kernel: 160,000 bytes.
  // 256 and 250 work-items need 41 and 40 MB of the 64 MiB stack for the
  // array alone: room for one copy per work-item, not for two.
  for (size_t Local : {256, 250}) {
    const size_t N = 2 * Local;
    std::mt19937 Random(13);
    std::vector<int> In(N), Out(N, -1);
    for (int &X : In)
      X = int(Random() % 100000);
    std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                   KernelArg::buffer(Out),
                                   KernelArg::local(Local * 4)};
    ASSERT_EQ(runKernel(Binary, "live_private_array", Args, {{N}, {Local}, {}}),
              "")
        << "local size " << Local;
    std::vector<int> Got = Args[1].as<int>();
    for (size_t I = 0; I < N; ++I) {
      size_t Group = I / Local * Local;
      int X = In[I], Y = In[Group + (I - Group + 1) % Local];
      int Want = (X ^ ((X + Y) % LiveWords)) + (X ^ (Y % LiveWords));
      ASSERT_EQ(Got[I], Want) << "out[" << I << "], local size " << Local;
    }
  }
}

TEST_P(VeczSoundness, StridedAccessesSeeEveryLanesOwnAddress) {
  const int Rows = 300, Length = 1024; // Rows of 4 KiB: one cache set.
  std::mt19937 Random(5);
  std::vector<int> Matrix(size_t(Rows) * Length);
  for (int &X : Matrix)
    X = int(Random() % 2001) - 1000;
  std::vector<float> Pairs(4 * Rows);
  for (float &X : Pairs)
    X = float(int(Random() % 512)) / 4.0f;
  for (int Step : {0, 1}) {
    std::vector<int> Sums(Rows, -1), Thirds(3 * Rows, -7);
    std::vector<float> Halves(2 * Rows, -1.0f);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Matrix), KernelArg::buffer(Pairs),
        KernelArg::buffer(Sums),   KernelArg::buffer(Thirds),
        KernelArg::buffer(Halves), KernelArg::scalar(Length),
        KernelArg::scalar(Step)};
    ASSERT_EQ(runKernel(Binary, "strided_rows", Args, {{Rows}, {60}, {}}), "");
    std::vector<int> GotSums = Args[2].as<int>();
    std::vector<int> GotThirds = Args[3].as<int>();
    std::vector<float> GotHalves = Args[4].as<float>();
    for (int I = 0; I < Rows; ++I) {
      int T = 0;
      for (int J = 0; J < Length; ++J)
        T += Matrix[size_t(I) * Length + J] * (J + 1);
      ASSERT_EQ(GotSums[I], T + Matrix[size_t(I) * Step])
          << "sums[" << I << "], step " << Step;
      ASSERT_EQ(GotThirds[3 * I], T) << "thirds[" << 3 * I << "]";
      ASSERT_EQ(GotThirds[3 * I + 1], -7) << "thirds[" << 3 * I + 1 << "]";
      ASSERT_EQ(GotThirds[3 * I + 2], I) << "thirds[" << 3 * I + 2 << "]";
      ASSERT_EQ(GotHalves[2 * I], Pairs[4 * I] + Pairs[4 * I + 3])
          << "halves[" << I << "].x";
      ASSERT_EQ(GotHalves[2 * I + 1], Pairs[4 * I + 1] + Pairs[4 * I + 2])
          << "halves[" << I << "].y";
    }
  }
}

TEST_P(VeczSoundness, LocalAtomicsOfEveryKindCountEveryWorkItem) {
  for (size_t Local : {64, 37}) {
    const size_t Groups = 5, N = Groups * Local;
    std::mt19937 Random(9);
    std::vector<int> In(N), Out(11 * Groups, -1), Seen(N, -1);
    for (int &X : In)
      X = int(Random() % 2000001) - 1000000;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Out), KernelArg::buffer(Seen)};
    ASSERT_EQ(runKernel(Binary, "local_atomics", Args, {{N}, {Local}, {}}), "");
    std::vector<int> Got = Args[1].as<int>();
    std::vector<int> GotSeen = Args[2].as<int>();
    for (size_t G = 0; G < Groups; ++G) {
      std::vector<int64_t> Want = {100, 100, INT_MAX, INT_MIN, 100, 100,
                                   100, -1,  100,     100,     0};
      std::vector<int> Counts;
      bool Exchanged = false;
      for (size_t L = 0; L < Local; ++L) {
        int V = In[G * Local + L];
        Want[0] += 1;
        Want[1] = int32_t(uint32_t(Want[1]) - uint32_t(V));
        Want[2] = std::min<int64_t>(Want[2], V);
        Want[3] = std::max<int64_t>(Want[3], V);
        Want[4] -= 1;
        Want[5] |= int64_t(1) << (V & 31);
        Want[6] ^= V;
        Want[7] &= ~(int64_t(1) << (V & 31));
        Want[8] = int32_t(uint32_t(Want[8]) + uint32_t(V));
        Want[9] += V & 7;
        Exchanged |= Got[G * 11 + 10] == V;
        Counts.push_back(GotSeen[G * Local + L]);
      }
      for (size_t K = 0; K < 10; ++K)
        ASSERT_EQ(Got[G * 11 + K], int32_t(uint32_t(uint64_t(Want[K]))))
            << "counter " << K << ", group " << G << ", local " << Local;
      ASSERT_TRUE(Exchanged) << "atomic_xchg left " << Got[G * 11 + 10]
                             << ", no work-item's value, group " << G;
      // atomic_inc returned 100, 101, ... once each, in some order.
      std::sort(Counts.begin(), Counts.end());
      for (size_t L = 0; L < Local; ++L)
        ASSERT_EQ(Counts[L], int(100 + L))
            << "atomic_inc's results, group " << G << ", local " << Local;
    }
  }
}

TEST_P(VeczSoundness, RingNeighboursWrapAroundInTheirOwnLanes) {
  for (size_t Local : {64, 37, 200}) {
    const size_t N = 3 * Local;
    std::vector<float> In(N);
    for (size_t I = 0; I < N; ++I)
      In[I] = float(I % 251) * 0.5f;
    for (int K : {0, 5, int(N) + 7}) {
      std::vector<float> Out(2 * N, -1.0f), Backwards(N, -1.0f);
      std::vector<KernelArg> Args = {
          KernelArg::buffer(In), KernelArg::buffer(Out),
          KernelArg::buffer(Backwards), KernelArg::local(Local * sizeof(float)),
          KernelArg::scalar(K)};
      ASSERT_EQ(runKernel(Binary, "ring_neighbours", Args, {{N}, {Local}, {}}),
                "");
      std::vector<float> Got = Args[1].as<float>();
      std::vector<float> GotBackwards = Args[2].as<float>();
      for (size_t I = 0; I < N; ++I) {
        size_t Group = I - I % Local, L = I % Local;
        float Want = In[Group + (L + 1) % Local] -
                     2.0f * In[Group + (L + Local - 3) % Local] +
                     0.25f * In[Group + Local - 1 - L];
        ASSERT_EQ(Got[2 * I], Want)
            << "ring of out[" << 2 * I << "], local " << Local;
        ASSERT_EQ(Got[2 * I + 1], In[(I + size_t(K)) % N])
            << "out[" << 2 * I + 1 << "], k " << K << ", local " << Local;
        ASSERT_EQ(GotBackwards[N - 1 - I], In[I])
            << "backwards[" << N - 1 - I << "], local " << Local;
      }
    }
  }
}

TEST_P(VeczSoundness, VolatileAccessesUseEachLanesOwnAddress) {
  for (size_t Local : {64, 37}) {
    const size_t N = 5 * Local;
    std::vector<int> In(N), Cells(N);
    for (size_t I = 0; I < N; ++I) {
      In[I] = int((I * 7919) % 1000) - 500;
      Cells[I] = int(I * 3) + 1;
    }
    std::vector<long> Out(N, -1);
    std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                   KernelArg::buffer(Cells),
                                   KernelArg::buffer(Out)};
    ASSERT_EQ(runKernel(Binary, "volatile_private", Args, {{N}, {Local}, {}}),
              "");
    std::vector<long> Got = Args[2].as<long>();
    for (size_t I = 0; I < N; ++I) {
      long A = long(I), B = long(I) * 3, C0 = 1, C1 = 2, C2 = 3, Before = 0;
      int X = In[I];
      if (X % 3 == 0) {
        A += X;
        C1 = short(X & 0xff);
      }
      if (X % 2 == 0)
        B -= A;
      if (I & 1)
        Before = Cells[I - 1];
      ASSERT_EQ(Got[I], A + B + C0 + C1 * 10 + C2 * 100 + Before * 1000)
          << "out[" << I << "], local " << Local;
    }
  }
}

TEST_P(VeczSoundness, SlowPathsOfVectorBuiltinsTakenForTheWholeVector) {
  for (size_t Local : {64, 37}) {
    const size_t N = 6 * Local;
    std::mt19937 Random(5);
    std::uniform_real_distribution<float> Mantissa(1.0f, 2.0f);
    std::vector<float> X(4 * N), Y(4 * N);
    std::vector<int> Exponents(4 * N);
    std::vector<double> XD(2 * N);
    for (size_t E = 0; E < 4 * N; ++E) {
      // Most elements stay normal; every 23rd ends up subnormal, zero or
      // infinite, and every 29th is subnormal to start with.
      float Sign = Random() % 2 ? 1.0f : -1.0f;
      X[E] = std::ldexp(Sign * Mantissa(Random), int(Random() % 40) - 20);
      if (E % 29 == 0)
        X[E] = std::ldexp(X[E], -140);
      Exponents[E] = int(Random() % 21) - 10;
      if (E % 23 == 0)
        Exponents[E] = Random() % 2 ? 140 + int(Random() % 200)
                                    : -140 - int(Random() % 200);
      // fmod's rounds: one where x / y is small, several where it is huge.
      Y[E] = std::ldexp(Mantissa(Random), E % 11 == 0 ? -100 : 0);
    }
    for (size_t E = 0; E < 2 * N; ++E)
      XD[E] = std::ldexp(double(Mantissa(Random)), int(Random() % 200) - 100);
    std::vector<float> Scaled(4 * N, -1.0f), Rem(4 * N, -1.0f);
    std::vector<double> ScaledD(2 * N, -1.0);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(X),      KernelArg::buffer(Exponents),
        KernelArg::buffer(Y),      KernelArg::buffer(Scaled),
        KernelArg::buffer(Rem),    KernelArg::buffer(XD),
        KernelArg::buffer(ScaledD)};
    ASSERT_EQ(
        runKernel(Binary, "widenable_slow_paths", Args, {{N}, {Local}, {}}),
        "");
    std::vector<float> GotScaled = Args[3].as<float>(),
                       GotRem = Args[4].as<float>();
    std::vector<double> GotScaledD = Args[6].as<double>();
    for (size_t E = 0; E < 4 * N; ++E) {
      bool Taken = (E / 4) % 3 != 0;
      float Want = std::ldexp(X[E], Taken ? Exponents[E] : 1);
      float WantRem = Taken ? std::fmod(X[E], Y[E]) : 0.0f;
      ASSERT_EQ(GotScaled[E], Want) << "scaled[" << E << "], local " << Local;
      ASSERT_EQ(GotRem[E], WantRem) << "rem[" << E << "], local " << Local;
    }
    for (size_t E = 0; E < 2 * N; ++E) {
      size_t Item = E / 2;
      bool Taken = Item % 3 != 0;
      double Want =
          Taken ? std::ldexp(XD[E], Exponents[4 * Item + E % 2] * 8) : XD[E];
      ASSERT_EQ(GotScaledD[E], Want)
          << "scaled_d[" << E << "], local " << Local;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Widths, VeczSoundness,
    testing::Combine(testing::Values("reference", "csa"),
                     testing::Values("-cl-wfv=never", "-cl-wfv=auto",
                                     "-cl-wfv=always -vecz-width=4",
                                     "-cl-wfv=always -vecz-width=8",
                                     "-cl-wfv=always -vecz-width=16")),
    [](const testing::TestParamInfo<Configuration> &Info) {
      std::string Options = std::get<1>(Info.param);
      std::string Name = std::get<0>(Info.param);
      if (Options == "-cl-wfv=never")
        return Name + "_scalar";
      if (Options == "-cl-wfv=auto")
        return Name + "_default";
      return Name + "_w" + Options.substr(Options.find("-vecz-width=") + 12);
    });

} // namespace
