//===- vecz_test.cpp - Vecz's control-flow conversion on the driver -------===//
///
/// Kernels whose control flow diverges between work-items, compiled with
/// Vecz forced on at widths 4, 8 and 16, with and without wide variants
/// (and without Vecz, for reference) on both targets, with local sizes that
/// are and are not multiples of the widths;
/// every output element is checked against a model computed here, and the
/// elements no work-item may write keep their sentinels.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <tuple>

using namespace loom::e2e;

namespace {

/// (target, Vecz options)
using Configuration = std::tuple<const char *, const char *>;

class VeczDivergence : public testing::TestWithParam<Configuration> {
protected:
  void SetUp() override {
    auto [Target, Options] = GetParam();
    ASSERT_EQ(compileKernel(readKernelSource("vecz_divergence.cl"), Binary,
                            Options, Target, "vecz_divergence.cl"),
              "");
  }
  std::vector<char> Binary;
};

int classify(int X, size_t I, int T, int &Old) {
  int Y = X > T ? 2 * X : X < -T ? -X : 0;
  if ((I & 3) == 1 && Y != 0) {
    if (Y > 1000)
      Old = Y - 1000;
    Y += 1;
  }
  return Y;
}

TEST_P(VeczDivergence, IfElseChainsAndNestedBranches) {
  const size_t N = 1000; // Groups of 40: not a multiple of 16 or 8.
  const int T = 300;
  std::mt19937 Random(7);
  std::vector<int> In(N), Out(N);
  for (size_t I = 0; I < N; ++I) {
    In[I] = int(Random() % 3001) - 1500;
    Out[I] = int(I) * 3;
  }
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::scalar(T)};
  ASSERT_EQ(runKernel(Binary, "classify", Args, {{N}, {40}, {}}), "");
  std::vector<int> Got = Args[1].as<int>();
  for (size_t I = 0; I < N; ++I) {
    int Old = int(I) * 3;
    int Y = classify(In[I], I, T, Old);
    ASSERT_EQ(Got[I], Old + Y) << "out[" << I << "], in = " << In[I];
  }
}

TEST_P(VeczDivergence, BoundsCheckLeavesTheRestUntouched) {
  const size_t Global = 512, N = 437;
  const float Sentinel = -12345.0f;
  std::vector<float> In(Global, Sentinel), Out(Global, Sentinel),
      Scale = {1.5f};
  for (size_t I = 0; I < N; ++I)
    In[I] = float(I) * 0.25f;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::buffer(Scale),
                                 KernelArg::scalar(uint32_t(N))};
  ASSERT_EQ(runKernel(Binary, "guarded_scale", Args, {{Global}, {64}, {}}), "");
  std::vector<float> Got = Args[1].as<float>();
  for (size_t I = 0; I < Global; ++I) {
    float Expected = I < N ? In[I] * 1.5f + float(I) : Sentinel;
    ASSERT_EQ(Got[I], Expected) << "out[" << I << "]";
  }
}

/// The model of kernel `steps`.
uint32_t steps(uint32_t N, uint32_t I) {
  uint32_t R = 0;
  if (I % 3 == 0) {
    while (N > 1 && R < 500) {
      N = (N & 1) ? 3 * N + 1 : N / 2;
      ++R;
    }
  } else if (I % 3 == 1) {
    for (; N != 0; N /= 10)
      R += N % 10;
  } else {
    R = N ^ (N >> 3);
  }
  return R;
}

TEST_P(VeczDivergence, LoopsWithVaryingTripCountsBehindASwitch) {
  const size_t N = 999; // Groups of 37.
  std::mt19937 Random(11);
  std::vector<uint32_t> In(N), Out(N, 0xdeadbeef);
  for (size_t I = 0; I < N; ++I)
    In[I] = I % 7 == 0 ? uint32_t(I) : Random() % 100000;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out)};
  ASSERT_EQ(runKernel(Binary, "steps", Args, {{N}, {37}, {}}), "");
  std::vector<uint32_t> Got = Args[1].as<uint32_t>();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[I], steps(In[I], uint32_t(I)))
        << "out[" << I << "], in = " << In[I];
}

TEST_P(VeczDivergence, SearchLoopWithAnEarlyExit) {
  const size_t N = 600; // Groups of 24: 16 + a peel of 8 at width 16.
  const int M = 50;
  std::vector<int> Table(M), Keys(N), Out(N, -1);
  for (int K = 0; K < M; ++K)
    Table[K] = 10 * K + (K % 3);
  for (size_t I = 0; I < N; ++I)
    Keys[I] = int(I * 37 % 530) - 10;
  for (int Count : {M, 0}) { // Also a table of no entries: no lane loops.
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Keys), KernelArg::buffer(Table),
        KernelArg::scalar(Count), KernelArg::buffer(Out)};
    ASSERT_EQ(runKernel(Binary, "first_above", Args, {{N}, {24}, {}}), "");
    std::vector<int> Got = Args[3].as<int>();
    for (size_t I = 0; I < N; ++I) {
      int K = 0;
      while (K < Count && Table[K] <= Keys[I])
        ++K;
      ASSERT_EQ(Got[I], K) << "out[" << I << "], key = " << Keys[I]
                           << ", entries = " << Count;
    }
  }
}

TEST_P(VeczDivergence, UniformLoopInsideABoundsCheck) {
  const size_t Global = 256, N = 203; // The last group is partly past n.
  const int M = 5;
  const float Sentinel = -777.0f;
  std::vector<float> In(M * N), W(M), Out(Global, Sentinel);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = float(I % 97) * 0.5f;
  for (int K = 0; K < M; ++K)
    W[K] = float(K + 1);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::buffer(W), KernelArg::buffer(Out),
      KernelArg::scalar(uint32_t(N)), KernelArg::scalar(M)};
  ASSERT_EQ(runKernel(Binary, "guarded_dot", Args, {{Global}, {32}, {}}), "");
  std::vector<float> Got = Args[2].as<float>();
  for (size_t I = 0; I < Global; ++I) {
    float Expected = Sentinel;
    if (I < N) {
      Expected = 0.0f; // Small integers and halves: exact in any order.
      for (int K = 0; K < M; ++K)
        Expected += W[K] * In[K * N + I];
    }
    ASSERT_EQ(Got[I], Expected) << "out[" << I << "]";
  }
}

TEST_P(VeczDivergence, StoresInsideADivergentLoop) {
  const size_t N = 100; // Groups of 20.
  const int Sentinel = -1;
  std::vector<int> Count(N), Rows(N * 8, Sentinel);
  for (size_t I = 0; I < N; ++I)
    Count[I] = int(I * 5 % 9); // 0 to 8 slots.
  std::vector<KernelArg> Args = {KernelArg::buffer(Count),
                                 KernelArg::buffer(Rows)};
  ASSERT_EQ(runKernel(Binary, "fill_rows", Args, {{N}, {20}, {}}), "");
  std::vector<int> Got = Args[1].as<int>();
  for (size_t I = 0; I < N; ++I)
    for (int J = 0; J < 8; ++J)
      ASSERT_EQ(Got[I * 8 + J], J < Count[I] ? int(I) * 100 + J : Sentinel)
          << "rows[" << I << "][" << J << "]";
}

TEST_P(VeczDivergence, AtomicsOncePerWorkItem) {
  const size_t N = 1000; // Groups of 40.
  const uint32_t Bins = 7;
  std::vector<uint32_t> Data(N), Counts(Bins + 1, 0), Tickets(N, ~0u);
  for (size_t I = 0; I < N; ++I)
    Data[I] = uint32_t(I * I % 1009);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Data), KernelArg::buffer(Counts),
      KernelArg::scalar(Bins), KernelArg::buffer(Tickets)};
  ASSERT_EQ(runKernel(Binary, "count_bins", Args, {{N}, {40}, {}}), "");
  std::vector<uint32_t> Got = Args[1].as<uint32_t>();
  std::vector<uint32_t> Expected(Bins + 1, 0);
  for (uint32_t V : Data)
    ++Expected[V % Bins];
  Expected[Bins] = N;
  for (uint32_t B = 0; B <= Bins; ++B)
    ASSERT_EQ(Got[B], Expected[B]) << "bins[" << B << "]";
  std::vector<uint32_t> Drawn = Args[3].as<uint32_t>();
  std::sort(Drawn.begin(), Drawn.end());
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Drawn[I], I) << "the tickets are not 0 to " << N - 1;
}

TEST_P(VeczDivergence, AtomicsUnderMasks) {
  const size_t Global = 480, N = 457; // Groups of 40; the last ones past n.
  std::vector<uint32_t> Data(Global), Counts(6, 0), Tickets(Global, ~0u);
  for (size_t I = 0; I < Global; ++I)
    Data[I] = uint32_t(I * 7919 % 1000);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Data), KernelArg::buffer(Counts),
      KernelArg::buffer(Tickets), KernelArg::scalar(uint32_t(N))};
  ASSERT_EQ(runKernel(Binary, "masked_atomics", Args, {{Global}, {40}, {}}),
            "");
  std::vector<uint32_t> Expected(6, 0), Drawn;
  for (size_t I = 0; I < N; ++I) {
    uint32_t V = Data[I];
    if (V % 3 == 0)
      ++Expected[0];
    else if (V % 3 == 1)
      Expected[1] += V;
    for (uint32_t K = 0; K < V % 5; ++K)
      ++Expected[2 + K];
  }
  std::vector<uint32_t> Got = Args[1].as<uint32_t>();
  for (size_t C = 0; C < 6; ++C)
    ASSERT_EQ(Got[C], Expected[C]) << "counts[" << C << "]";
  // Each work-item with v % 3 == 0 drew one ticket, 0 to counts[0] - 1;
  // the others' slots keep the sentinel.
  std::vector<uint32_t> Tickets2 = Args[2].as<uint32_t>();
  for (size_t I = 0; I < Global; ++I) {
    bool Draws = I < N && Data[I] % 3 == 0;
    if (Draws)
      Drawn.push_back(Tickets2[I]);
    else
      ASSERT_EQ(Tickets2[I], ~0u) << "tickets[" << I << "]";
  }
  std::sort(Drawn.begin(), Drawn.end());
  for (size_t T = 0; T < Drawn.size(); ++T)
    ASSERT_EQ(Drawn[T], T) << "the tickets are not 0 to " << Drawn.size() - 1;
}

TEST_P(VeczDivergence, CompareAndSwapLoopsAndClaims) {
  const size_t N = 440; // Groups of 40.
  const uint32_t Slots = 37;
  std::vector<uint32_t> Data(N), Sum = {0};
  std::vector<int> SlotsBuf(Slots, 0), Won(N, -1);
  uint32_t Expected = 0;
  for (size_t I = 0; I < N; ++I) {
    Data[I] = uint32_t(I * 104729 % 1009);
    Expected += Data[I];
  }
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Data), KernelArg::buffer(Sum),
      KernelArg::buffer(SlotsBuf), KernelArg::buffer(Won),
      KernelArg::scalar(Slots)};
  ASSERT_EQ(runKernel(Binary, "compare_and_swap", Args, {{N}, {40}, {}}), "");
  ASSERT_EQ(Args[1].as<uint32_t>()[0], Expected);
  // Every slot an odd work-item aimed at holds one of them, the one that
  // says it won; nobody else won, and even work-items did not try.
  std::vector<int> GotSlots = Args[2].as<int>(), GotWon = Args[3].as<int>();
  std::vector<int> Winners(Slots, 0);
  for (size_t I = 0; I < N; ++I) {
    if (!(I & 1)) {
      ASSERT_EQ(GotWon[I], -1) << "won[" << I << "]";
      continue;
    }
    uint32_t Slot = Data[I] % Slots;
    ASSERT_NE(GotSlots[Slot], 0) << "slot " << Slot;
    bool Holds = GotSlots[Slot] == int(I) + 1;
    ASSERT_EQ(GotWon[I], Holds ? 1 : 0) << "won[" << I << "]";
    Winners[Slot] += Holds;
  }
  for (uint32_t Slot = 0; Slot < Slots; ++Slot)
    ASSERT_LE(Winners[Slot], 1) << "slot " << Slot;
}

TEST_P(VeczDivergence, AtomicsFedByAtomics) {
  const size_t N = 600; // Groups of 24: 16 + a peel of 8 at width 16.
  std::vector<int> Ints = {-1, 0, 0}, Slots(N, -1);
  std::vector<KernelArg> Args = {KernelArg::buffer(Ints),
                                 KernelArg::buffer(Slots)};
  ASSERT_EQ(runKernel(Binary, "chained_atomics", Args, {{N}, {24}, {}}), "");
  std::vector<int> Got = Args[0].as<int>();
  // The olds are the initial -1 and every id but the one left in ints[0].
  ASSERT_EQ(int64_t(Got[0]) + Got[1] + 1, int64_t(N * (N - 1) / 2));
  ASSERT_EQ(Got[2], int(N));
  std::vector<int> Placed = Args[1].as<int>();
  std::sort(Placed.begin(), Placed.end());
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Placed[I], int(I)) << "the slots are not a permutation of ids";
}

TEST_P(VeczDivergence, VectorTypesUnderMasks) {
  const size_t Global = 320, N = 301; // Groups of 40.
  std::mt19937 Random(5);
  std::vector<float> In(4 * Global), Out(4 * Global, -7.0f);
  std::vector<int> Pairs(4 * Global);
  for (float &F : In)
    F = float(int(Random() % 200) - 100) * 0.5f;
  for (int &P : Pairs)
    P = int(Random() % 21) - 10;
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::buffer(Pairs), KernelArg::buffer(Out),
      KernelArg::scalar(uint32_t(N))};
  ASSERT_EQ(runKernel(Binary, "vector_types", Args, {{Global}, {40}, {}}), "");
  std::vector<float> Got = Args[2].as<float>();
  for (size_t I = 0; I < Global; ++I) {
    float R[4] = {-7.0f, -7.0f, -7.0f, -7.0f};
    if (I < N) {
      const float *V = &In[4 * I];
      int X = Pairs[2 * (2 * I + 1)], Y = Pairs[2 * (2 * I + 1) + 1];
      if (X > Y) {
        for (int E = 0; E < 4; ++E)
          R[E] = V[3 - E] * float(X);
      } else {
        R[0] = V[1];
        R[1] = float(Y);
        R[2] = V[0] + V[3];
        R[3] = 1.5f;
      }
      R[2] += float(I & 7);
    }
    for (int E = 0; E < 4; ++E)
      ASSERT_EQ(Got[4 * I + E], R[E]) << "out[" << I << "]."
                                      << "xyzw"[E];
  }
}

TEST_P(VeczDivergence, UniformLoopWithDivergentBranchesUnderABoundsCheck) {
  const size_t Global = 360, N = 347; // Groups of 40.
  const int M = 9, Sentinel = -777;
  std::mt19937 Random(29);
  std::vector<int> In(M * N);
  for (int &X : In)
    X = int(Random() % 201) - 100;
  for (int Stop : {4, 100}) {
    std::vector<int> Out((M + 1) * Global, Sentinel);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Out),
        KernelArg::scalar(uint32_t(N)), KernelArg::scalar(M),
        KernelArg::scalar(Stop)};
    ASSERT_EQ(runKernel(Binary, "guarded_rows", Args, {{Global}, {40}, {}}),
              "");
    std::vector<int> Want((M + 1) * Global, Sentinel);
    for (size_t I = 0; I < N; ++I) {
      int S = 0, K;
      for (K = 0; K < M; ++K) {
        int V = In[K * N + I];
        if (V > 0) {
          Want[K * N + I] = V + K;
          S += V;
        } else {
          S -= 1;
        }
        if (K == Stop)
          break;
      }
      Want[M * N + I] = S * 100 + K;
    }
    std::vector<int> Got = Args[1].as<int>();
    for (size_t E = 0; E < Want.size(); ++E)
      ASSERT_EQ(Got[E], Want[E]) << "out[" << E << "], stop = " << Stop;
  }
}

TEST_P(VeczDivergence, VolatileAccessesUnderMasks) {
  const size_t N = 360; // Groups of 40.
  const int Sentinel = -5555;
  std::mt19937 Random(23);
  std::vector<int> In(N), Cells(N);
  for (size_t I = 0; I < N; ++I) {
    In[I] = int(Random() % 2001) - 1000;
    Cells[I] = int(I) * 10;
  }
  for (bool Big : {false, true}) {
    std::vector<int> InHere = In;
    if (Big)
      InHere[N - 5] = 1001;
    std::vector<int> CellsHere = Cells, Shared = {42, Sentinel},
                     Out(N, Sentinel);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(InHere), KernelArg::buffer(CellsHere),
        KernelArg::buffer(Shared), KernelArg::buffer(Out)};
    ASSERT_EQ(runKernel(Binary, "volatile_accesses", Args, {{N}, {40}, {}}),
              "");
    std::vector<int> GotCells = Args[1].as<int>(),
                     GotShared = Args[2].as<int>(), GotOut = Args[3].as<int>();
    for (size_t I = 0; I < N; ++I) {
      int X = InHere[I];
      bool Taken = X % 3 == 0;
      ASSERT_EQ(GotOut[I], Taken ? Cells[I] + 42 : -1)
          << "out[" << I << "], in = " << X;
      ASSERT_EQ(GotCells[I], Taken ? X * 2 : Cells[I])
          << "cells[" << I << "], in = " << X;
    }
    ASSERT_EQ(GotShared[0], 42);
    ASSERT_EQ(GotShared[1], Big ? 7 : Sentinel);
  }
}

TEST_P(VeczDivergence, VectorElementsAtVariableIndices) {
  const size_t N = 360; // Groups of 40.
  std::mt19937 Random(19);
  std::vector<float> In(8 * N), Picked(N, -1.0f), Out(8 * N, -1.0f);
  std::vector<int> Idx(N);
  for (float &F : In)
    F = float(int(Random() % 2000) - 1000) * 0.25f;
  for (int &J : Idx)
    J = int(Random() % 64);
  for (int K : {0, 5, 7}) {
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Idx),
        KernelArg::buffer(Picked), KernelArg::buffer(Out),
        KernelArg::scalar(K)};
    ASSERT_EQ(runKernel(Binary, "vector_elements", Args, {{N}, {40}, {}}), "");
    std::vector<float> GotPicked = Args[2].as<float>(),
                       GotOut = Args[3].as<float>();
    for (size_t I = 0; I < N; ++I) {
      const float *V = &In[8 * I];
      int J = Idx[I];
      ASSERT_EQ(GotPicked[I], V[J & 7] * 2.0f + V[K])
          << "picked[" << I << "], j = " << J << ", k = " << K;
      float W[8];
      std::copy(V, V + 8, W);
      W[(J >> 3) & 7] = float(J);
      W[K] += 1.0f;
      for (int E = 0; E < 8; ++E)
        ASSERT_EQ(GotOut[8 * I + E], W[E])
            << "out[" << I << "].s" << E << ", j = " << J << ", k = " << K;
    }
  }
}

/// Whether \p Got is within \p Ulps units in the last place of \p Want.
template <typename T> bool withinUlps(T Got, T Want, int Ulps) {
  T Low = Want, High = Want;
  for (int U = 0; U < Ulps; ++U) {
    Low = std::nextafter(Low, -std::numeric_limits<T>::infinity());
    High = std::nextafter(High, std::numeric_limits<T>::infinity());
  }
  return Got >= Low && Got <= High;
}

TEST_P(VeczDivergence, BuiltinCallsAtTheVectorWidth) {
  const size_t N = 600; // Groups of 24: 16 + a peel of 8 at width 16.
  std::mt19937 Random(3);
  std::uniform_real_distribution<double> Ordinary(-10.0, 10.0);
  std::vector<double> X(N), S(N), C(N);
  std::vector<float> XF(N), SF(N), CF(N);
  for (size_t I = 0; I < N; ++I) {
    // Every fifth argument is huge, so most vectors mix both kinds.
    X[I] = I % 5 == 0 ? std::ldexp(Ordinary(Random), 40 + int(I % 900))
                      : Ordinary(Random);
    XF[I] = I % 7 == 0 ? float(std::ldexp(Ordinary(Random), 30 + int(I % 90)))
                       : float(Ordinary(Random));
  }
  std::vector<KernelArg> Args = {KernelArg::buffer(X),  KernelArg::buffer(S),
                                 KernelArg::buffer(C),  KernelArg::buffer(XF),
                                 KernelArg::buffer(SF), KernelArg::buffer(CF)};
  ASSERT_EQ(runKernel(Binary, "trig_calls", Args, {{N}, {24}, {}}), "");
  std::vector<double> GotS = Args[1].as<double>(), GotC = Args[2].as<double>();
  std::vector<float> GotSF = Args[4].as<float>(), GotCF = Args[5].as<float>();
  // OpenCL C's bounds: 4 ulps for sin and cos of either precision.
  for (size_t I = 0; I < N; ++I) {
    ASSERT_TRUE(withinUlps(GotS[I], std::sin(X[I]), 4))
        << "sin(" << X[I] << ") = " << GotS[I];
    ASSERT_TRUE(withinUlps(GotC[I], std::cos(X[I]), 4))
        << "cos(" << X[I] << ") = " << GotC[I];
    ASSERT_TRUE(withinUlps(GotSF[I], float(std::sin(double(XF[I]))), 4))
        << "sincos(" << XF[I] << ").sin = " << GotSF[I];
    ASSERT_TRUE(withinUlps(GotCF[I], float(std::cos(double(XF[I]))), 4))
        << "sincos(" << XF[I] << ").cos = " << GotCF[I];
  }
}

uint32_t collatz(uint32_t N) {
  uint32_t R = 0;
  for (; N > 1 && R < 300; ++R)
    N = (N & 1) ? 3 * N + 1 : N / 2;
  return R;
}

TEST_P(VeczDivergence, CallsKeptOutOfLineRunPerActiveLane) {
  const size_t N = 440; // Groups of 40.
  std::mt19937 Random(13);
  std::vector<uint32_t> In(N), Out(N, 0xdeadbeef), Log(N, 0xfeedface);
  for (uint32_t &V : In)
    V = Random() % 100000;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::buffer(Log)};
  ASSERT_EQ(runKernel(Binary, "lane_calls", Args, {{N}, {40}, {}}), "");
  std::vector<uint32_t> GotOut = Args[1].as<uint32_t>(),
                        GotLog = Args[2].as<uint32_t>();
  for (size_t I = 0; I < N; ++I) {
    bool Taken = In[I] % 3 != 0;
    uint32_t R = collatz(In[I]);
    ASSERT_EQ(GotOut[I], Taken ? R : 0xdeadbeef) << "out[" << I << "]";
    ASSERT_EQ(GotLog[I], Taken ? R + 1 : 0xfeedface) << "log[" << I << "]";
  }
}

TEST_P(VeczDivergence, PrivateMemoryOfEachWorkItem) {
  const size_t N = 600; // Groups of 24: 16 + a peel of 8 at width 16.
  std::mt19937 Random(17);
  std::vector<int> In(8 * N), Out(8 * N, 0x5eed), Sign(N, 0);
  std::vector<float> X(N), Lg(N);
  for (int &V : In)
    V = int(Random() % 2001) - 1000;
  // Away from the zeros of lgamma, where its relative error means little:
  // [3, 10) and four negative half-integers, of both signs of gamma.
  const float Negative[] = {-0.5f, -1.5f, -3.5f, -4.5f};
  for (size_t I = 0; I < N; ++I)
    X[I] = I % 4 == 1 ? Negative[I / 4 % 4]
                      : 3.0f + float(Random() % 7000) / 1000.0f;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::buffer(X), KernelArg::buffer(Lg),
                                 KernelArg::buffer(Sign)};
  ASSERT_EQ(runKernel(Binary, "private_memory", Args, {{N}, {24}, {}}), "");
  std::vector<int> Sorted = In, GotOut = Args[1].as<int>(),
                   GotSign = Args[4].as<int>();
  std::vector<float> GotLg = Args[3].as<float>();
  for (size_t I = 0; I < N; ++I) {
    std::sort(Sorted.begin() + 8 * I, Sorted.begin() + 8 * I + 8);
    for (size_t K = 8 * I; K < 8 * I + 8; ++K)
      ASSERT_EQ(GotOut[K], Sorted[K]) << "out[" << K << "]";
    int WantSign = 0;
    double Want = lgamma_r(double(X[I]), &WantSign);
    // OpenCL C's bound for lgamma_r: 6 ulps.
    ASSERT_TRUE(withinUlps(GotLg[I], float(Want), 6))
        << "lgamma_r(" << X[I] << ") = " << GotLg[I] << ", not " << Want;
    ASSERT_EQ(GotSign[I], WantSign) << "the sign of gamma(" << X[I] << ")";
  }
}

TEST_P(VeczDivergence, ClampedNeighboursAtTheEdges) {
  const int N = 600; // Groups of 24: 16 + a peel of 8 at width 16.
  std::vector<float> In(N), Out(N, -1.0f);
  for (int I = 0; I < N; ++I)
    In[I] = float((I * 37) % 101); // Small integers: every sum is exact.
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::scalar(N)};
  ASSERT_EQ(runKernel(Binary, "clamped_stencil", Args, {{size_t(N)}, {24}, {}}),
            "");
  std::vector<float> Got = Args[1].as<float>();
  for (int I = 0; I < N; ++I) {
    float R = In[std::clamp(I - 1, 0, N - 1)] + 2.0f * In[I] +
              In[std::min(I + 1, N - 1)];
    if (I & 1)
      R += In[std::max(I - 3, 0)];
    ASSERT_EQ(Got[I], R) << "out[" << I << "]";
  }
}

/// The model of kernel `agreeing_runs` for work-item \p I: its
/// outputs, or nothing where it writes none.
struct AgreeingRun {
  std::optional<int> Out, Big;
};
AgreeingRun agreeingRun(const std::vector<int> &In, size_t I) {
  int X = In[I];
  switch ((I / 20) % 4) {
  case 0: {
    int Y = 3 * X + In[(I + 1) % In.size()];
    if (X <= 50)
      return {Y, std::nullopt};
    return {Y - X / 7, Y - X / 7};
  }
  case 1: {
    int Y = X, Steps = 0;
    for (; Y > 1 && Steps < 64; ++Steps)
      Y = (Y & 1) ? Y - 3 : Y / 2;
    return {Y + 1000 * Steps, std::nullopt};
  }
  case 2:
    return {In[I / 2] - X * X, std::nullopt};
  default:
    return {};
  }
}

TEST_P(VeczDivergence, BranchesAroundWhatNoLaneRuns) {
  const size_t N = 1000; // Groups of 40; runs of 20 straddle vectors.
  const int Sentinel = -424242;
  std::mt19937 Random(13);
  std::vector<int> In(N), Out(N, Sentinel), Big(N, Sentinel);
  for (int &X : In)
    X = int(Random() % 301) - 100;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out),
                                 KernelArg::buffer(Big)};
  ASSERT_EQ(runKernel(Binary, "agreeing_runs", Args, {{N}, {40}, {}}), "");
  std::vector<int> GotOut = Args[1].as<int>(), GotBig = Args[2].as<int>();
  for (size_t I = 0; I < N; ++I) {
    AgreeingRun Want = agreeingRun(In, I);
    ASSERT_EQ(GotOut[I], Want.Out.value_or(Sentinel))
        << "out[" << I << "], in = " << In[I];
    ASSERT_EQ(GotBig[I], Want.Big.value_or(Sentinel))
        << "big[" << I << "], in = " << In[I];
  }
}

/// The model of kernel `nested_loops`.
int nestedLoops(const std::vector<int> &In, size_t I, int M) {
  int N = In[I], Rows = N & 15, Acc = 0;
  for (int R = 0; R < Rows; ++R) {
    int S = 0, C;
    for (C = 0; C <= R + (N & 3); ++C) {
      S += (N >> (C & 7)) ^ C;
      if (S % 11 == (N & 7))
        break;
    }
    int T = 0;
    for (int K = 0; K < M; ++K)
      T = (T * 5 + (S >> (K & 3))) & 0xffff;
    Acc += (T & 1) ? In[(I + R) % In.size()] : -C;
  }
  return Acc + Rows;
}

TEST_P(VeczDivergence, LoopsInsideDivergentLoops) {
  const size_t N = 1000; // Groups of 40.
  std::mt19937 Random(17);
  std::vector<int> In(N);
  for (int &X : In)
    X = int(Random() % 2001) - 1000;
  In[3] = 0;             // A lane that runs no row.
  for (int M : {3, 0}) { // With no iteration of the uniform loop too.
    std::vector<int> Out(N, -1);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Out), KernelArg::scalar(M)};
    ASSERT_EQ(runKernel(Binary, "nested_loops", Args, {{N}, {40}, {}}), "");
    std::vector<int> Got = Args[1].as<int>();
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], nestedLoops(In, I, M))
          << "out[" << I << "], in = " << In[I] << ", m = " << M;
  }
}

/// The model of kernel `find_in_grid`: where key \p Key is in the first
/// \p Width columns of \p Grid, row by row, or -1.
int findInGrid(const std::vector<int> &Grid, int Key, int Rows, int Cols,
               int Width) {
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Width; ++C)
      if (Grid[R * Cols + C] == Key)
        return R * Cols + C;
  return -1;
}

TEST_P(VeczDivergence, LoopsLeftFromALoopInsideThem) {
  const size_t N = 740; // Groups of 20 and 37.
  const int Rows = 9, Cols = 11;
  std::mt19937 Random(23);
  std::vector<int> Grid(Rows * Cols), Keys(N);
  for (int &X : Grid)
    X = int(Random() % 150);
  for (int &X : Keys)
    X = int(Random() % 200); // A quarter of the keys are in no grid.
  for (size_t Local : {20, 37}) {
    for (int RowsRun : {Rows, 0}) { // No row: no lane enters either loop.
      std::vector<int> Out(N, 7777);
      std::vector<KernelArg> Args = {
          KernelArg::buffer(Grid), KernelArg::buffer(Keys),
          KernelArg::buffer(Out), KernelArg::scalar(RowsRun),
          KernelArg::scalar(Cols)};
      ASSERT_EQ(runKernel(Binary, "find_in_grid", Args, {{N}, {Local}, {}}),
                "");
      std::vector<int> Got = Args[2].as<int>();
      for (size_t I = 0; I < N; ++I)
        ASSERT_EQ(Got[I],
                  findInGrid(Grid, Keys[I], RowsRun, Cols, Cols - int(I % 3)))
            << "out[" << I << "], key = " << Keys[I] << ", rows = " << RowsRun
            << ", local size " << Local;
    }
  }
}

/// The model of kernel `early_returns`: what it writes, or nothing.
std::optional<int> earlyReturns(int X, int M) {
  if (X < 0)
    return -2;
  int S = 0;
  for (int K = 0; K < M; ++K) {
    S += (X >> (K & 7)) & 5;
    if (S > 40)
      return K;
    if (S == 7)
      return std::nullopt;
  }
  return S + 1000;
}

TEST_P(VeczDivergence, ReturnsFromInsideADivergentLoop) {
  const size_t N = 600;
  const int Sentinel = -999;
  std::mt19937 Random(29);
  std::vector<int> In(N);
  for (int &X : In)
    X = int(Random() % 1200) - 200;
  for (int M : {30, 0}) {
    std::vector<int> Out(N, Sentinel);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Out), KernelArg::scalar(M)};
    ASSERT_EQ(runKernel(Binary, "early_returns", Args, {{N}, {24}, {}}), "");
    std::vector<int> Got = Args[1].as<int>();
    size_t Kept = 0;
    for (size_t I = 0; I < N; ++I) {
      std::optional<int> Want = earlyReturns(In[I], M);
      Kept += !Want;
      ASSERT_EQ(Got[I], Want.value_or(Sentinel))
          << "out[" << I << "], in = " << In[I] << ", m = " << M;
    }
    if (M)
      ASSERT_GT(Kept, 0u) << "no work-item returned without a store";
  }
}

TEST_P(VeczDivergence, UniformLoopLeftToTwoPlacesUnderABranch) {
  const size_t N = 480;
  std::vector<int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7919 % 23) - 8;
  // The first table has a negative entry at 5, the second none.
  for (bool Negative : {true, false}) {
    std::vector<int> Table = {3, 1, 4, 1, 5, Negative ? -9 : 9, 2, 6};
    const int M = int(Table.size());
    std::vector<int> Out(N, -1);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Table), KernelArg::buffer(Out),
        KernelArg::scalar(M)};
    ASSERT_EQ(runKernel(Binary, "uniform_two_exits", Args, {{N}, {40}, {}}),
              "");
    std::vector<int> Got = Args[2].as<int>();
    for (size_t I = 0; I < N; ++I) {
      int Want = 0;
      if (In[I] > 0) {
        int K = 0;
        for (; K < M && Table[K] >= 0; ++K)
          Want += Table[K] ^ In[I];
        Want = K < M ? -K : Want * 3 + In[I];
      }
      ASSERT_EQ(Got[I], Want) << "out[" << I << "], in = " << In[I];
    }
  }
}

TEST_P(VeczDivergence, JumpIntoTheMiddleOfAnIf) {
  const size_t N = 592; // Groups of 37: no width divides them.
  const int Unseen = -12345;
  std::vector<int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 2654435761u % 2001) - 1000;
  for (int Skip : {0, 1}) {
    std::vector<int> Out(N, -1), Seen(N, Unseen);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(Out), KernelArg::buffer(Seen),
        KernelArg::scalar(Skip)};
    ASSERT_EQ(runKernel(Binary, "jump_into_if", Args, {{N}, {37}, {}}), "");
    std::vector<int> GotOut = Args[1].as<int>(), GotSeen = Args[2].as<int>();
    for (size_t I = 0; I < N; ++I) {
      int X = In[I], R = X, WantSeen = Unseen;
      bool Middle = Skip > 0;
      if (!Middle) {
        R = X * 2 + In[(I + 1) % N];
        if (X & 1) {
          R += In[(I + 3) % N];
          Middle = true;
        }
      }
      if (Middle) {
        WantSeen = R;
        R = R * 3 + X;
      }
      ASSERT_EQ(GotOut[I], R) << "out[" << I << "], skip = " << Skip;
      ASSERT_EQ(GotSeen[I], WantSeen) << "seen[" << I << "], skip = " << Skip;
    }
  }
}

TEST_P(VeczDivergence, HelpersAskingForTheIdKeptOutOfLine) {
  const size_t N = 600; // Groups of 24: 16 + a peel of 8 at width 16.
  std::vector<int> In(N), Out(N, -1);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 % 101) - 50;
  std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::buffer(Out)};
  ASSERT_EQ(runKernel(Binary, "out_of_line_ids", Args, {{N}, {24}, {}}), "");
  std::vector<int> Got = Args[1].as<int>();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[N - 1 - I], In[I] * 3 + int(I)) << "work-item " << I;
}

INSTANTIATE_TEST_SUITE_P(
    Widths, VeczDivergence,
    testing::Combine(testing::Values("reference", "csa"),
                     // Kernels with loops get wide variants where the
                     // cost model says so, except at width 8; at width 4
                     // with -vecz-interleave=2 every kernel gets one.
                     testing::Values("-cl-wfv=never",
                                     "-cl-wfv=always -vecz-width=4",
                                     "-cl-wfv=always -vecz-width=8 "
                                     "-vecz-interleave=1",
                                     "-cl-wfv=always -vecz-width=16",
                                     "-cl-wfv=always -vecz-width=4 "
                                     "-vecz-interleave=2",
                                     // Vector types scalarized then widened.
                                     "-cl-wfv=always -vecz-width=8 "
                                     "-vecz-layout=scalarized")),
    [](const testing::TestParamInfo<Configuration> &Info) {
      std::string Options = std::get<1>(Info.param);
      std::string Name = std::get<0>(Info.param);
      if (Options == "-cl-wfv=never")
        return Name + "_scalar";
      size_t Width = Options.find("-vecz-width=") + 12;
      Name += "_w" + Options.substr(Width, Options.find(' ', Width) - Width);
      if (size_t Factor = Options.find("-vecz-interleave=");
          Factor != std::string::npos)
        Name += "_i" + Options.substr(Factor + 17, 1);
      if (Options.find("scalarized") != std::string::npos)
        Name += "_scalarized";
      return Name;
    });

} // namespace
