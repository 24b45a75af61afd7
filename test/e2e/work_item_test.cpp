//===- work_item_test.cpp - Kernels run on the driver, checked in full ----===//
///
/// Compiles OpenCL C kernels for the CSA target, runs them on the reference
/// driver and checks every output element against values computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace loom::e2e;

namespace {

class WorkItemTest : public ::testing::Test {
protected:
  void compile(const std::string &File, const std::string &Options = "",
               const std::string &Target = "csa") {
    std::string Errors =
        compileKernel(readKernelSource(File), Binary, Options, Target, File);
    ASSERT_EQ(Errors, "");
  }
  std::vector<char> Binary;
};

TEST_F(WorkItemTest, Saxpy) {
  compile("vectors.cl");
  const size_t N = 4096 + 64;
  std::vector<float> X(N), Y(N);
  for (size_t I = 0; I < N; ++I) {
    X[I] = static_cast<float>(I) * 0.25f - 100.0f;
    Y[I] = static_cast<float>(N - I) * 0.5f;
  }
  const float A = 2.5f;
  std::vector<KernelArg> Args = {KernelArg::scalar(A), KernelArg::buffer(X),
                                 KernelArg::buffer(Y)};
  ASSERT_EQ(runKernel(Binary, "saxpy", Args, {{N}, {64}, {}}), "");
  std::vector<float> Result = Args[2].as<float>();
  for (size_t I = 0; I < N; ++I) {
    // OpenCL C allows contracting a * x + y into one fma.
    float Separate = A * X[I] + Y[I];
    float Fused = std::fma(A, X[I], Y[I]);
    EXPECT_TRUE(Result[I] == Separate || Result[I] == Fused)
        << "y[" << I << "] = " << Result[I] << ", expected " << Separate;
  }
}

TEST_F(WorkItemTest, IntVectorAdd) {
  compile("vectors.cl");
  const size_t N = 10000; // Groups of 80, so 125 groups.
  std::vector<int> A(N), B(N), C(N, -1);
  for (size_t I = 0; I < N; ++I) {
    A[I] = static_cast<int>(I * 7919 % 100003) - 50000;
    B[I] = static_cast<int>(I * 104729 % 65537);
  }
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(C)};
  ASSERT_EQ(runKernel(Binary, "vadd_int", Args, {{N}, {80}, {}}), "");
  std::vector<int> Result = Args[2].as<int>();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Result[I], A[I] + B[I]) << "c[" << I << "]";
}

TEST_F(WorkItemTest, ArgumentsOfMixedSizesArePackedInOrder) {
  compile("vectors.cl");
  const size_t N = 32;
  std::vector<int> Out(N, 0);
  struct Float4 {
    float V[4];
  } Vec = {{1.5f, 2.5f, 3.0f, 4.0f}};
  std::vector<KernelArg> Args = {
      KernelArg::scalar<int8_t>(-3), KernelArg::buffer(Out),
      KernelArg::scalar<int16_t>(1000), KernelArg::scalar(Vec),
      KernelArg::scalar<int64_t>(1 << 20)};
  ASSERT_EQ(runKernel(Binary, "mixed_args", Args, {{N}, {8}, {}}), "");
  std::vector<int> Result = Args[1].as<int>();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Result[I], -3 + 1000 + 11 + (1 << 20) + static_cast<int>(I))
        << "out[" << I << "]";
}

TEST_F(WorkItemTest, KernelWithoutWorkItemBuiltins) {
  compile("vectors.cl");
  std::vector<int> Out(4, 9);
  std::vector<KernelArg> Args = {KernelArg::buffer(Out), KernelArg::scalar(42)};
  ASSERT_EQ(runKernel(Binary, "fill_first", Args, {{64}, {16}, {}}), "");
  EXPECT_EQ(Args[0].as<int>(), (std::vector<int>{42, 9, 9, 9}));
}

/// Runs ids.cl over \p Range, uniform or not, and checks every builtin of
/// every work-item.
void checkIds(const std::vector<char> &Binary, const NDRange &Range) {
  const unsigned Dims = static_cast<unsigned>(Range.Global.size());
  uint64_t Global[3] = {1, 1, 1}, Local[3] = {1, 1, 1}, Offset[3] = {0, 0, 0};
  for (unsigned D = 0; D < Dims; ++D) {
    Global[D] = Range.Global[D];
    Local[D] = Range.Local[D];
    Offset[D] = Range.Offset.empty() ? 0 : Range.Offset[D];
  }
  const size_t Items = Global[0] * Global[1] * Global[2];
  std::vector<KernelArg> Args;
  for (int I = 0; I < 7; ++I)
    Args.push_back(KernelArg::buffer(std::vector<uint64_t>(4 * Items, ~0ull)));
  Args.push_back(KernelArg::buffer(std::vector<uint32_t>(Items, ~0u)));
  ASSERT_EQ(runKernel(Binary, "ids", Args, Range), "");

  std::vector<std::vector<uint64_t>> Got;
  for (int I = 0; I < 7; ++I)
    Got.push_back(Args[I].as<uint64_t>());
  std::vector<uint32_t> WorkDim = Args[7].as<uint32_t>();
  for (uint64_t Z = 0; Z < Global[2]; ++Z)
    for (uint64_t Y = 0; Y < Global[1]; ++Y)
      for (uint64_t X = 0; X < Global[0]; ++X) {
        const uint64_t Pos[3] = {X, Y, Z};
        const size_t I = (Z * Global[1] + Y) * Global[0] + X;
        ASSERT_EQ(WorkDim[I], Dims) << "work-item " << I;
        for (unsigned D = 0; D < 4; ++D) {
          bool In = D < 3;
          // In a non-uniform range, the last group of a dimension has the
          // rest of the work-items.
          uint64_t Group = In ? Pos[D] / Local[D] : 0;
          uint64_t GroupSize =
              In ? std::min(Local[D], Global[D] - Group * Local[D]) : 1;
          uint64_t Groups = In ? (Global[D] + Local[D] - 1) / Local[D] : 1;
          uint64_t Expected[7] = {In ? Pos[D] + Offset[D] : 0, // global id
                                  In ? Pos[D] % Local[D] : 0,  // local id
                                  Group,                       // group id
                                  GroupSize,                   // local size
                                  In ? Global[D] : 1,          // global size
                                  Groups,              // number of groups
                                  In ? Offset[D] : 0}; // global offset
          for (int B = 0; B < 7; ++B)
            ASSERT_EQ(Got[B][4 * I + D], Expected[B])
                << "builtin " << B << ", work-item (" << X << ", " << Y << ", "
                << Z << "), dimension " << D;
        }
      }
}

TEST_F(WorkItemTest, IdsOf1DRangeWithOffset) {
  compile("ids.cl");
  checkIds(Binary, {{96}, {16}, {5}});
}

TEST_F(WorkItemTest, IdsOf2DRangeWithOffset) {
  compile("ids.cl");
  checkIds(Binary, {{24, 10}, {8, 5}, {3, 100}});
}

TEST_F(WorkItemTest, IdsOf3DRangeWithOffset) {
  compile("ids.cl");
  checkIds(Binary, {{12, 6, 4}, {4, 3, 2}, {7, 11, 13}});
}

TEST_F(WorkItemTest, IdsWithoutOptimization) {
  compile("ids.cl", "-cl-opt-disable");
  checkIds(Binary, {{8, 4, 2}, {2, 2, 2}, {1, 2, 3}});
}

// The reference target's work-group info layout (loom_work_group_info_t)
// gives the same ids as the CSA target's, which the tests above use.
TEST_F(WorkItemTest, IdsWithTheReferenceLayout) {
  compile("ids.cl", "", "reference");
  checkIds(Binary, {{12, 6, 4}, {4, 3, 2}, {7, 11, 13}});
  compile("ids.cl", "-cl-opt-disable", "reference");
  checkIds(Binary, {{24, 10}, {8, 5}, {3, 100}});
}

// A target whose BuiltinInfo stores the local ids in its own layout
// (test/targets/ReversedWorkItemTarget.cpp) gives the same ids on the same
// driver.
TEST_F(WorkItemTest, IdsWithOverriddenBuiltinInfo) {
  compile("ids.cl", "", "test-reversed-work-item-info");
  checkIds(Binary, {{12, 6, 4}, {4, 3, 2}, {7, 11, 13}});
}

TEST_F(WorkItemTest, VectorAddWithOverriddenBuiltinInfo) {
  compile("vectors.cl", "", "test-reversed-work-item-info");
  std::vector<int> A(96), B(96), C(96, 0);
  for (int I = 0; I < 96; ++I) {
    A[I] = I;
    B[I] = 1000 - 3 * I;
  }
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(C)};
  ASSERT_EQ(runKernel(Binary, "vadd_int", Args, {{96}, {32}, {}}), "");
  std::vector<int> Result = Args[2].as<int>();
  for (int I = 0; I < 96; ++I)
    ASSERT_EQ(Result[I], A[I] + B[I]) << "c[" << I << "]";
}

// The same kernel whether dot is linked early (csa) or after the
// vectorizer's place (the test-only target defers it).
TEST_F(WorkItemTest, DotLinkedEarlyOrLate) {
  const size_t N = 64;
  std::vector<float> A(4 * N), B(4 * N);
  for (size_t I = 0; I < 4 * N; ++I) {
    A[I] = static_cast<float>(I % 9) - 4.0f;
    B[I] = static_cast<float>(I % 5) * 0.5f;
  }
  for (const char *Target : {"csa", "test-reversed-work-item-info"}) {
    compile("vectors.cl", "", Target);
    std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                   KernelArg::buffer(std::vector<float>(N))};
    ASSERT_EQ(runKernel(Binary, "dot4", Args, {{N}, {16}, {}}), "") << Target;
    std::vector<float> Out = Args[2].as<float>();
    for (size_t I = 0; I < N; ++I) {
      float Expected = 0; // Small multiples of 0.5: exact in any order.
      for (size_t K = 0; K < 4; ++K)
        Expected += A[4 * I + K] * B[4 * I + K];
      ASSERT_EQ(Out[I], Expected) << Target << ", out[" << I << "]";
    }
  }
}

// A hand-written vector variant (what Vecz will produce) handles 4
// work-items per call and adds 100; the scalar kernel adds 1. The layout
// runs the vector kernel for the largest multiple of 4 of each work-group's
// first dimension and the scalar kernel for the rest.
const char *VectorVariantIR = R"IR(
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @add(ptr addrspace(1) %out) !mux_vector_variant !0 {
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}

define spir_func void @__vecz_v4_add(ptr addrspace(1) %out) {
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %v = load <4 x i32>, ptr addrspace(1) %p, align 4
  %w = add <4 x i32> %v, <i32 100, i32 100, i32 100, i32 100>
  store <4 x i32> %w, ptr addrspace(1) %p, align 4
  ret void
}

!0 = !{ptr @__vecz_v4_add, i32 4}
)IR";

TEST_F(WorkItemTest, VectorKernelAndScalarPeel) {
  ASSERT_EQ(compileIR(VectorVariantIR, Binary), "");
  for (uint64_t Local : {8, 10, 3, 1}) {
    const uint64_t Groups = 5, N = Local * Groups;
    std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(N, 7))};
    ASSERT_EQ(runKernel(Binary, "add", Args, {{N}, {Local}, {}}), "");
    std::vector<int> Out = Args[0].as<int>();
    for (uint64_t I = 0; I < N; ++I) {
      bool ByVector = I % Local < Local - Local % 4;
      ASSERT_EQ(Out[I], ByVector ? 107 : 8)
          << "local size " << Local << ", work-item " << I;
    }
  }
}

TEST_F(WorkItemTest, MalformedIRIsAnErrorWithALocation) {
  std::string Error = compileIR("define void @f( {\n", Binary);
  EXPECT_NE(Error.find("kernel.ll:2:1: error: expected type"),
            std::string::npos)
      << Error;
}

TEST_F(WorkItemTest, SyntaxErrorHasFileLineAndColumn) {
  std::string Errors = compileKernel("kernel void k(global int *p) {\n"
                                     "  p[0] = undeclared;\n}\n",
                                     Binary, "", "csa", "broken.cl");
  EXPECT_NE(Errors.find("broken.cl:2:10: error: use of undeclared identifier "
                        "'undeclared'"),
            std::string::npos)
      << Errors;
}

TEST_F(WorkItemTest, UnknownBuildOptionIsAnError) {
  std::string Errors = compileKernel("kernel void k() {}", Binary,
                                     "-cl-unheard-of", "csa", "k.cl");
  EXPECT_EQ(Errors, "unknown build option '-cl-unheard-of'");
}

TEST_F(WorkItemTest, OpenCL30Compiles) {
  compile("vectors.cl", "-cl-std=CL3.0");
  const size_t N = 256;
  std::vector<int> A(N, 3), B(N, 4), C(N, 0);
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(C)};
  ASSERT_EQ(runKernel(Binary, "vadd_int", Args, {{N}, {32}, {}}), "");
  for (int V : Args[2].as<int>())
    ASSERT_EQ(V, 7);
}

/// Non-uniform ranges (OpenCL 2.0): a global size the local size does not
/// divide leaves the last group of that dimension smaller. Every builtin,
/// barriers and __local memory in the smaller group, and a required
/// work-group size, on each target; the whole-suite runs repeat these
/// scalar and with Vecz at 4, 8 and 16 work-items per vector.
class NonUniformTest : public WorkItemTest,
                       public ::testing::WithParamInterface<const char *> {
protected:
  void compile(const std::string &File) {
    WorkItemTest::compile(File, "-cl-std=CL3.0", GetParam());
  }
};

TEST_P(NonUniformTest, IdsOf1DRange) {
  compile("ids.cl");
  checkIds(Binary, {{100}, {16}, {5}});
  // One group, smaller than the local size asked for.
  checkIds(Binary, {{5}, {16}, {}});
}

TEST_P(NonUniformTest, IdsOf2DAnd3DRanges) {
  compile("ids.cl");
  checkIds(Binary, {{27, 10}, {8, 4}, {3, 100}});
  checkIds(Binary, {{13, 7, 5}, {4, 3, 2}, {7, 11, 13}});
  // Uniform in x, not in y.
  checkIds(Binary, {{16, 7}, {8, 4}, {}});
}

TEST_P(NonUniformTest, EnqueuedLocalSizeIsTheLaunchs) {
  compile("ids.cl");
  const uint64_t Global[3] = {13, 7, 5}, Local[3] = {4, 3, 2};
  const size_t Items = Global[0] * Global[1] * Global[2];
  std::vector<KernelArg> Args = {
      KernelArg::buffer(std::vector<uint64_t>(4 * Items, ~0ull))};
  ASSERT_EQ(
      runKernel(Binary, "enqueued_sizes", Args, {{13, 7, 5}, {4, 3, 2}, {}}),
      "");
  std::vector<uint64_t> Got = Args[0].as<uint64_t>();
  for (size_t I = 0; I < Items; ++I)
    for (unsigned D = 0; D < 4; ++D)
      ASSERT_EQ(Got[4 * I + D], D < 3 ? Local[D] : 1)
          << "work-item " << I << ", dimension " << D;
}

TEST_P(NonUniformTest, BarriersInTheSmallerGroup) {
  compile("barriers.cl");
  // 1000 = 20 x 48 + 40: the last group sums 40 elements.
  const size_t N = 1000, L = 48, Groups = (N + L - 1) / L;
  std::vector<int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = static_cast<int>(I * 7919 % 2001) - 1000;
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(std::vector<int>(Groups, 0)),
                                 KernelArg::local(L * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "group_sum", Args, {{N}, {L}, {}}), "");
  std::vector<int> Sums = Args[1].as<int>();
  for (size_t G = 0; G < Groups; ++G) {
    int Sum = 0;
    for (size_t I = G * L; I < std::min(N, (G + 1) * L); ++I)
      Sum += In[I];
    ASSERT_EQ(Sums[G], Sum) << "group " << G;
  }
}

TEST_P(NonUniformTest, ScanOfTheSmallerGroup) {
  compile("barriers.cl");
  // 300 = 4 x 64 + 44.
  const size_t N = 300, L = 64;
  std::vector<int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = static_cast<int>(I * 104729 % 201) - 100;
  std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                 KernelArg::buffer(std::vector<int>(N, 0)),
                                 KernelArg::local(2 * L * sizeof(int))};
  ASSERT_EQ(runKernel(Binary, "group_scan", Args, {{N}, {L}, {}}), "");
  std::vector<int> Out = Args[1].as<int>();
  int Running = 0;
  for (size_t I = 0; I < N; ++I) {
    Running = (I % L == 0 ? 0 : Running) + In[I];
    ASSERT_EQ(Out[I], Running) << "out[" << I << "]";
  }
}

TEST_P(NonUniformTest, RequiredWorkGroupSizeWithASmallerLastGroup) {
  compile("ids.cl");
  // Groups of 16 (the kernel's required size), the last of 4.
  const size_t N = 100, L = 16;
  std::vector<int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = static_cast<int>(I * 31 + 7);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(In), KernelArg::buffer(std::vector<int>(N, -1)),
      KernelArg::buffer(std::vector<uint64_t>(N, 0))};
  ASSERT_EQ(runKernel(Binary, "reverse_in_group", Args, {{N}, {L}, {}}), "");
  std::vector<int> Out = Args[1].as<int>();
  std::vector<uint64_t> Sizes = Args[2].as<uint64_t>();
  for (size_t I = 0; I < N; ++I) {
    size_t First = I / L * L, Size = std::min(L, N - First);
    ASSERT_EQ(Sizes[I], Size) << "work-item " << I;
    ASSERT_EQ(Out[I], In[First + Size - 1 - (I - First)]) << "out[" << I << "]";
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, NonUniformTest,
                         ::testing::Values("reference", "csa"));

} // namespace
