//===- barrier_test.cpp - Barriers and local memory on the driver ---------===//
///
/// Kernels with barriers and __local memory (kernels/barriers.cl), run for
/// several work-group sizes (powers of two or not, 1-D and 3-D), every
/// output element checked against a model computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

using namespace loom::e2e;

namespace {

class BarrierTest : public ::testing::TestWithParam<uint64_t> {
protected:
  // One compile for the whole suite: the kernels do not depend on the
  // parameter.
  static void SetUpTestSuite() {
    Errors = compileKernel(readKernelSource("barriers.cl"), Binary,
                           "-cl-std=CL3.0", "csa", "barriers.cl");
  }
  void SetUp() override { ASSERT_EQ(Errors, ""); }

  static std::vector<int> pattern(size_t N, int Seed) {
    std::vector<int> Values(N);
    for (size_t I = 0; I < N; ++I)
      Values[I] = static_cast<int>((I * 2654435761u + Seed) % 2001) - 1000;
    return Values;
  }

  static std::string Errors;
  static std::vector<char> Binary;
};

std::string BarrierTest::Errors;
std::vector<char> BarrierTest::Binary;

TEST_P(BarrierTest, GroupSumInLocalMemory) {
  const uint64_t Local = GetParam(), Groups = 7, N = Local * Groups;
  std::vector<int> In = pattern(N, 1);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::buffer(std::vector<int>(Groups, -1)),
      KernelArg::local(Local * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "group_sum", Args, {{N}, {Local}, {}}), "");
  std::vector<int> Sums = Args[1].as<int>();
  for (uint64_t G = 0; G < Groups; ++G)
    ASSERT_EQ(Sums[G], std::accumulate(In.begin() + G * Local,
                                       In.begin() + (G + 1) * Local, 0))
        << "group " << G;
}

TEST_P(BarrierTest, InclusiveScanWithSwappedBuffers) {
  const uint64_t Local = GetParam(), Groups = 5, N = Local * Groups;
  std::vector<int> In = pattern(N, 2);
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(std::vector<int>(N, 0)),
                                 KernelArg::local(2 * Local * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "group_scan", Args, {{N}, {Local}, {}}), "");
  std::vector<int> Out = Args[1].as<int>();
  for (uint64_t G = 0; G < Groups; ++G) {
    int Running = 0;
    for (uint64_t L = 0; L < Local; ++L) {
      Running += In[G * Local + L];
      ASSERT_EQ(Out[G * Local + L], Running) << "group " << G << ", item " << L;
    }
  }
}

TEST_P(BarrierTest, DataDependentTripCountWithBarriers) {
  const uint64_t Local = GetParam(), Groups = 4, N = Local * Groups;
  std::vector<int> In = pattern(N, 3);
  std::vector<int> Rounds = {0, 1, 3, static_cast<int>(Local + 2)};
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(Rounds),
                                 KernelArg::buffer(std::vector<int>(N, 0)),
                                 KernelArg::local(Local * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "rotate_rounds", Args, {{N}, {Local}, {}}), "");
  std::vector<int> Out = Args[2].as<int>();
  for (uint64_t G = 0; G < Groups; ++G)
    for (uint64_t L = 0; L < Local; ++L)
      ASSERT_EQ(Out[G * Local + L], In[G * Local + (L + Rounds[G]) % Local])
          << "group " << G << ", item " << L;
}

TEST_P(BarrierTest, LoopsOfDifferentLengthsPerWorkItem) {
  const uint64_t Local = GetParam(), Groups = 3, N = Local * Groups;
  std::vector<int> Trips(N);
  for (uint64_t I = 0; I < N; ++I)
    Trips[I] = static_cast<int>((I * 7) % 5);
  std::vector<KernelArg> Args = {KernelArg::buffer(Trips),
                                 KernelArg::buffer(std::vector<int>(N, 0)),
                                 KernelArg::local(Local * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "uneven_loops", Args, {{N}, {Local}, {}}), "");
  std::vector<int> Out = Args[1].as<int>();
  auto SumBelow = [](int M) { return M * (M - 1) / 2; };
  for (uint64_t G = 0; G < Groups; ++G)
    for (uint64_t L = 0; L < Local; ++L) {
      uint64_t I = G * Local + L, Next = G * Local + (L + 1) % Local;
      ASSERT_EQ(Out[I], SumBelow(Trips[Next]) + Trips[I]) << "item " << I;
    }
}

TEST_P(BarrierTest, NestedLoopsWithBarriers) {
  const uint64_t Local = GetParam(), Groups = 3, N = Local * Groups;
  const int Outer = 3, Inner = 2;
  std::vector<int> In = pattern(N, 4);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::local(Local * sizeof(int)),
      KernelArg::scalar(Outer), KernelArg::scalar(Inner)};
  ASSERT_EQ(runKernel(Binary, "nested_barriers", Args, {{N}, {Local}, {}}), "");
  std::vector<int> Out = Args[0].as<int>();
  for (uint64_t G = 0; G < Groups; ++G) {
    std::vector<int> V(In.begin() + G * Local, In.begin() + (G + 1) * Local);
    for (int O = 0; O < Outer; ++O) {
      for (int I = 0; I < Inner; ++I) {
        std::vector<int> Ring = V;
        for (uint64_t L = 0; L < Local; ++L)
          V[L] += Ring[(L + 1) % Local];
      }
      std::vector<int> Ring = V;
      for (uint64_t L = 0; L < Local; ++L)
        V[L] = Ring[(L + Local - 1) % Local] - O;
    }
    for (uint64_t L = 0; L < Local; ++L)
      ASSERT_EQ(Out[G * Local + L], V[L]) << "group " << G << ", item " << L;
  }
}

TEST_P(BarrierTest, BarrierInAUniformCondition) {
  const uint64_t Local = GetParam(), Groups = 4, N = Local * Groups;
  for (int OddOnly : {0, 1}) {
    std::vector<int> In = pattern(N, 5);
    std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                   KernelArg::local(Local * sizeof(int)),
                                   KernelArg::scalar(OddOnly)};
    ASSERT_EQ(
        runKernel(Binary, "conditional_barrier", Args, {{N}, {Local}, {}}), "");
    std::vector<int> Out = Args[0].as<int>();
    for (uint64_t G = 0; G < Groups; ++G)
      for (uint64_t L = 0; L < Local; ++L) {
        bool Swapped = !OddOnly || G % 2 == 1;
        int Expected =
            Swapped ? In[G * Local + Local - 1 - L] : In[G * Local + L];
        ASSERT_EQ(Out[G * Local + L], Expected)
            << "odd only " << OddOnly << ", group " << G << ", item " << L;
      }
  }
}

TEST_P(BarrierTest, CallPassingVectorsOnTheStack) {
  for (uint64_t Local : {GetParam(), GetParam() + 11}) {
    const uint64_t Groups = 3, N = Local * Groups;
    std::vector<int> In = pattern(N, 6);
    std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                   KernelArg::buffer(std::vector<int>(N)),
                                   KernelArg::local(Local * sizeof(int))};
    ASSERT_EQ(
        runKernel(Binary, "many_vector_arguments", Args, {{N}, {Local}, {}}),
        "");
    std::vector<int> Out = Args[1].as<int>();
    for (uint64_t G = 0; G < Groups; ++G)
      for (uint64_t L = 0; L < Local; ++L) {
        // Ten vectors x + k + (0..7), k = 0..9: 80 x + 10 * 28 + 8 * 45.
        int X = In[G * Local + (L + 1) % Local];
        ASSERT_EQ(Out[G * Local + L], 80 * X + 640)
            << "local size " << Local << ", group " << G << ", item " << L;
      }
  }
}

INSTANTIATE_TEST_SUITE_P(WorkGroupSizes, BarrierTest,
                         ::testing::Values(1, 3, 16, 48, 100, 256),
                         [](const auto &Info) {
                           return "Local" + std::to_string(Info.param);
                         });

/// own_slot_rounds on the reference target, whose host vectorizes the
/// scheduler's rare path: 1-D and 2-D groups, trip counts of 0 to 16 per
/// work-item, and some groups where every work-item has the same count
/// (the usual path only).
TEST(RarePathTest, LoopsWithABarrierAndTripCountsOfTheirOwn) {
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("barriers.cl"), Binary,
                          "-cl-std=CL3.0", "reference", "barriers.cl"),
            "");
  const std::vector<std::pair<NDRange, const char *>> Ranges = {
      {{{256}, {1}, {}}, "1 x 256"},
      {{{255}, {3}, {}}, "3 x 85"},
      {{{1024}, {64}, {}}, "64 x 16"},
      {{{2048}, {256}, {}}, "256 x 8"},
      {{{34, 6}, {17, 3}, {}}, "17x3 x 4"},
      {{{64, 8}, {8, 4}, {}}, "8x4 x 16"}};
  for (const auto &[Range, Name] : Ranges) {
    uint64_t N =
        Range.Global[0] * (Range.Global.size() > 1 ? Range.Global[1] : 1);
    std::vector<uint32_t> Random = xorshiftSequence(2 * N);
    std::vector<uint32_t> Trips(N), In(N);
    for (uint64_t I = 0; I < N; ++I) {
      // Every fourth group of 32 items runs 5 rounds each.
      Trips[I] = (I / 32) % 4 == 3 ? 5 : Random[I] % 17;
      In[I] = Random[N + I];
    }
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Trips), KernelArg::buffer(In),
        KernelArg::buffer(std::vector<uint32_t>(N, 0)),
        KernelArg::local(Range.Local[0] *
                         (Range.Local.size() > 1 ? Range.Local[1] : 1) *
                         sizeof(uint32_t))};
    ASSERT_EQ(runKernel(Binary, "own_slot_rounds", Args, Range), "") << Name;
    std::vector<uint32_t> Out = Args[2].as<uint32_t>();
    for (uint64_t I = 0; I < N; ++I) {
      uint32_t Expected = In[I];
      for (uint32_t T = 0; T < Trips[I]; ++T)
        Expected = Expected * 3u + T;
      ASSERT_EQ(Out[I], Expected) << Name << ", item " << I;
    }
  }
}

class LocalMemoryTest : public ::testing::Test {
protected:
  void compile(const std::string &Options) {
    std::string Errors =
        compileKernel(readKernelSource("barriers.cl"), Binary,
                      "-cl-std=CL3.0 " + Options, "csa", "barriers.cl");
    ASSERT_EQ(Errors, "");
  }
  std::vector<char> Binary;
};

TEST_F(LocalMemoryTest, TiledMatrixMultiply) {
  for (int Tile : {4, 5}) {
    compile("-DTILE=" + std::to_string(Tile));
    const int N = 4 * Tile;
    std::vector<float> A(N * N), B(N * N);
    for (int I = 0; I < N * N; ++I) {
      A[I] = static_cast<float>(I % 7) - 3.0f; // Small integers: every
      B[I] = static_cast<float>(I % 5) * 0.5f; // sum is exact in float.
    }
    std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                   KernelArg::buffer(std::vector<float>(N * N)),
                                   KernelArg::scalar(N)};
    uint64_t Size = static_cast<uint64_t>(N), T = static_cast<uint64_t>(Tile);
    ASSERT_EQ(
        runKernel(Binary, "matmul_tiled", Args, {{Size, Size}, {T, T}, {}}),
        "");
    std::vector<float> C = Args[2].as<float>();
    for (int Row = 0; Row < N; ++Row)
      for (int Col = 0; Col < N; ++Col) {
        float Expected = 0;
        for (int K = 0; K < N; ++K)
          Expected += A[Row * N + K] * B[K * N + Col];
        ASSERT_EQ(C[Row * N + Col], Expected)
            << "tile " << Tile << ", C[" << Row << "][" << Col << "]";
      }
  }
}

TEST_F(LocalMemoryTest, PrivateArrayAndValuesLiveAcrossBarriersIn3D) {
  compile("");
  const uint64_t Global[3] = {8, 6, 4}, Local[3] = {4, 3, 2};
  const uint64_t N = Global[0] * Global[1] * Global[2];
  std::vector<int> In(N);
  std::iota(In.begin(), In.end(), 100);
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(std::vector<int>(N, 0))};
  ASSERT_EQ(runKernel(Binary, "reverse_3d", Args,
                      {{Global[0], Global[1], Global[2]},
                       {Local[0], Local[1], Local[2]},
                       {}}),
            "");
  std::vector<int> Out = Args[1].as<int>();
  const uint64_t Items = Local[0] * Local[1] * Local[2];
  auto GlobalIndex = [&](uint64_t Group[3], uint64_t Lin) {
    uint64_t X = Lin % Local[0], Y = Lin / Local[0] % Local[1],
             Z = Lin / (Local[0] * Local[1]);
    return ((Group[2] * Local[2] + Z) * Global[1] + Group[1] * Local[1] + Y) *
               Global[0] +
           Group[0] * Local[0] + X;
  };
  for (uint64_t GZ = 0; GZ < Global[2] / Local[2]; ++GZ)
    for (uint64_t GY = 0; GY < Global[1] / Local[1]; ++GY)
      for (uint64_t GX = 0; GX < Global[0] / Local[0]; ++GX) {
        uint64_t Group[3] = {GX, GY, GZ};
        auto Reversed = [&](uint64_t Lin) {
          return In[GlobalIndex(Group, Items - 1 - Lin)];
        };
        for (uint64_t Lin = 0; Lin < Items; ++Lin) {
          int Expected = In[GlobalIndex(Group, Lin)] + Reversed(Lin) +
                         2 * Reversed((Lin + 1) % Items);
          ASSERT_EQ(Out[GlobalIndex(Group, Lin)], Expected)
              << "group (" << GX << "," << GY << "," << GZ << "), item " << Lin;
        }
      }
}

TEST_F(LocalMemoryTest, SeedDCTForwardAndInverse) {
  std::vector<char> Dct;
  ASSERT_EQ(compileKernel(readKernelSource("dct.cl"), Dct, "", "csa", "dct.cl"),
            "");
  const uint32_t BW = 8, Width = 32, N = Width * Width;
  std::vector<float> Input(N), D(BW * BW);
  for (uint32_t I = 0; I < N; ++I)
    Input[I] = static_cast<float>((I * 37) % 255) - 128.0f;
  for (uint32_t R = 0; R < BW; ++R)
    for (uint32_t C = 0; C < BW; ++C)
      D[R * BW + C] =
          std::cos(float(2 * C + 1) * float(R) * 3.14159265f / 16.0f) / 2.0f;
  for (uint32_t Inverse : {0u, 1u}) {
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<float>(N, 0.0f)),
        KernelArg::buffer(Input),
        KernelArg::buffer(D),
        KernelArg::local(BW * BW * sizeof(float)),
        KernelArg::scalar(Width),
        KernelArg::scalar(BW),
        KernelArg::scalar(Inverse)};
    ASSERT_EQ(runKernel(Dct, "DCT", Args, {{Width, Width}, {BW, BW}, {}}), "");
    std::vector<float> Out = Args[0].as<float>();
    for (uint32_t BY = 0; BY < Width / BW; ++BY)
      for (uint32_t BX = 0; BX < Width / BW; ++BX) {
        auto At = [&](uint32_t X, uint32_t Y) {
          return (BY * BW + Y) * Width + BX * BW + X;
        };
        float Inter[BW][BW];
        for (uint32_t J = 0; J < BW; ++J)
          for (uint32_t I = 0; I < BW; ++I) {
            float Acc = 0;
            for (uint32_t K = 0; K < BW; ++K)
              Acc += D[Inverse ? I * BW + K : K * BW + I] * Input[At(K, J)];
            Inter[J][I] = Acc;
          }
        for (uint32_t J = 0; J < BW; ++J)
          for (uint32_t I = 0; I < BW; ++I) {
            float Acc = 0;
            for (uint32_t K = 0; K < BW; ++K)
              Acc += D[Inverse ? J * BW + K : K * BW + J] * Inter[K][I];
            // The kernel may contract a * b + c into an fma.
            ASSERT_NEAR(Out[At(I, J)], Acc, 1e-3f + std::fabs(Acc) * 1e-5f)
                << (Inverse ? "inverse" : "forward") << ", block (" << BX
                << ", " << BY << "), element (" << I << ", " << J << ")";
          }
      }
  }
}

TEST_F(LocalMemoryTest, FencesKeepProgramOrder) {
  compile("");
  std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(64, 0))};
  ASSERT_EQ(runKernel(Binary, "fenced", Args, {{64}, {16}, {}}), "");
  for (int V : Args[0].as<int>())
    ASSERT_EQ(V, 2);
}

TEST_F(LocalMemoryTest, TooMuchLocalMemoryIsRejectedAtLaunch) {
  compile("");
  std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(16)),
                                 KernelArg::buffer(std::vector<int>(1)),
                                 KernelArg::local(uint64_t(1) << 30)};
  std::string Error = runKernel(Binary, "group_sum", Args, {{16}, {16}, {}});
  EXPECT_NE(Error.find("bytes of local memory; the device has"),
            std::string::npos)
      << Error;
}

} // namespace
