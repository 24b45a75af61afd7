//===- csa_test.cpp - The CSA builtins on the driver ----------------------===//
///
/// Each CSA annotation changes how a loop is compiled, never what it
/// computes: every kernel of kernels/csa_loops.cl runs with and without its
/// marker, and every output element is checked against a model computed
/// here. spmd is run over trip counts 0, 1, fewer than the workers, not a
/// multiple of the chunk, and large, with blocking, cyclic and hybrid
/// chunking; Fortran-style IR goes through csa-fortran-intrinsics.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include "llvm/Support/CommandLine.h"

#include <gtest/gtest.h>

#include <map>
#include <ostream>
#include <string>
#include <vector>

using namespace loom::e2e;

namespace {

/// The binary of kernels/csa_loops.cl built with \p Options, compiled once
/// per option string.
const std::vector<char> &build(const std::string &Options) {
  static std::map<std::string, std::vector<char>> Built;
  auto [It, Inserted] = Built.try_emplace(Options);
  if (Inserted) {
    std::string Error = compileKernel(readKernelSource("csa_loops.cl"),
                                      It->second, Options, "csa");
    EXPECT_EQ(Error, "") << "options: " << Options;
  }
  return It->second;
}

std::vector<int> iota(size_t N, int Scale) {
  std::vector<int> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = int(I) * Scale - 17;
  return V;
}

/// Runs `strided` over [Start, End) by Step on a 1-work-item range and
/// checks every element: written ones against the model, others untouched.
void checkStrided(const std::string &Options, int Start, int End, int Step) {
  const std::vector<char> &Binary = build(Options);
  const int Size = std::max(End, 1) + 4;
  std::vector<int> In = iota(Size, 5), Out(Size, -1);
  std::vector<KernelArg> Args = {
      KernelArg::buffer(Out), KernelArg::buffer(In), KernelArg::scalar(Start),
      KernelArg::scalar(End), KernelArg::scalar(Step)};
  ASSERT_EQ(runKernel(Binary, "strided", Args, {{1}, {1}, {}}), "");
  std::vector<int> Got = Args[0].as<int>();
  for (int I = 0; I < Size; ++I) {
    bool Written = I >= Start && I < End && (I - Start) % Step == 0;
    int Expected = Written ? 3 * In[I] + I : -1;
    ASSERT_EQ(Got[I], Expected)
        << "element " << I << " with [" << Start << ", " << End << ") step "
        << Step << ", options '" << Options << "'";
  }
}

struct SpmdCase {
  std::string Options;
  int Start, End, Step;
};

void PrintTo(const SpmdCase &C, std::ostream *OS) {
  *OS << "'" << C.Options << "' over [" << C.Start << ", " << C.End << ") step "
      << C.Step;
}

class CSASpmdTripCounts : public testing::TestWithParam<SpmdCase> {};

TEST_P(CSASpmdTripCounts, SameResultsAsTheUnmarkedLoop) {
  const SpmdCase &C = GetParam();
  checkStrided("", C.Start, C.End, C.Step);
  checkStrided(C.Options, C.Start, C.End, C.Step);
}

std::vector<SpmdCase> spmdCases() {
  std::vector<SpmdCase> Cases;
  const char *Schedules[] = {
      "-DSPMD_WORKERS=2 -DSPMD_CHUNK=0", "-DSPMD_WORKERS=2 -DSPMD_CHUNK=1",
      "-DSPMD_WORKERS=2 -DSPMD_CHUNK=8", "-DSPMD_WORKERS=3 -DSPMD_CHUNK=0",
      "-DSPMD_WORKERS=5 -DSPMD_CHUNK=2",
      // spmdization's "blocking", "cyclic" and "hybrid".
      "-DSPMD_WORKERS=4 -DSPMDIZATION=1", "-DSPMD_WORKERS=4 -DSPMDIZATION=2",
      "-DSPMD_WORKERS=4 -DSPMDIZATION=3",
      // The OpenMP twins of the spmd schedules.
      "-fopenmp -DOMP_WORKERS=2", "-fopenmp -DOMP_WORKERS=2 -DOMP_CHUNK=1",
      "-fopenmp -DOMP_WORKERS=2 -DOMP_CHUNK=8", "-fopenmp -DOMP_WORKERS=3",
      "-fopenmp -DOMP_WORKERS=5 -DOMP_CHUNK=2"};
  // Trip counts 0, 1, 2 (fewer than the workers), 13 (not a multiple of any
  // chunk), 1000; then a loop starting at 3 with step 4.
  const int Ends[] = {0, 1, 2, 13, 1000};
  for (const char *Schedule : Schedules) {
    for (int End : Ends)
      Cases.push_back({Schedule, 0, End, 1});
    Cases.push_back({Schedule, 3, 500, 4});
  }
  return Cases;
}

INSTANTIATE_TEST_SUITE_P(Schedules, CSASpmdTripCounts,
                         testing::ValuesIn(spmdCases()));

/// Sets -csa-spmd-granule while it lives.
class SpmdGranule {
public:
  explicit SpmdGranule(unsigned Value)
      : Option(static_cast<llvm::cl::opt<unsigned> *>(
            llvm::cl::getRegisteredOptions()["csa-spmd-granule"])) {
    Saved = Option->getValue();
    Option->setValue(Value);
  }
  ~SpmdGranule() { Option->setValue(Saved); }

private:
  llvm::cl::opt<unsigned> *Option;
  unsigned Saved;
};

// With a granule of 1 the host deals chunks exactly as written: cyclic
// gives each worker single iterations, hybrid k iterations at a time.
TEST_P(CSASpmdTripCounts, SameResultsWithExactChunks) {
  const SpmdCase &C = GetParam();
  SpmdGranule Exact(1);
  // A distinct define keeps these binaries apart in build()'s cache.
  checkStrided(C.Options + " -DEXACT_CHUNKS", C.Start, C.End, C.Step);
}

TEST(CSABuiltins, ParallelLoopKeepsResults) {
  // With its OpenMP twin, 'parallel for'.
  for (const char *Options :
       {"-DPARALLEL_LOOP", "-fopenmp -DOMP_PARALLEL_FOR"}) {
    for (int End : {0, 1, 777})
      checkStrided(Options, 0, End, 1);
    checkStrided(Options, 5, 300, 7);
  }
}

TEST(CSABuiltins, PipelineLoopKeepsResults) {
  for (const char *Depth : {"-DPIPELINE=0", "-DPIPELINE=1", "-DPIPELINE=4"}) {
    checkStrided(Depth, 0, 333, 1);
    for (int N : {0, 1, 5, 4099}) {
      const std::vector<char> &Binary = build(Depth);
      std::vector<int> In = iota(std::max(N, 1), 3);
      std::vector<long> Sums(1, -1);
      std::vector<KernelArg> Args = {
          KernelArg::buffer(Sums), KernelArg::buffer(In), KernelArg::scalar(N)};
      ASSERT_EQ(runKernel(Binary, "sum_of_squares", Args, {{1}, {1}, {}}), "");
      long Expected = 0;
      for (int I = 0; I < N; ++I)
        Expected += long(In[I]) * In[I];
      EXPECT_EQ(Args[0].as<long>()[0], Expected) << Depth << ", n = " << N;
    }
  }
}

TEST(CSABuiltins, MarkedOuterLoopOfANestKeepsResults) {
  const int Rows = 37, Cols = 29;
  for (const char *Options :
       {"", "-DPARALLEL_LOOP", "-DSPMD_WORKERS=2 -DSPMD_CHUNK=1",
        "-fopenmp -DOMP_PARALLEL_FOR",
        "-fopenmp -DOMP_WORKERS=2 -DOMP_CHUNK=1"}) {
    const std::vector<char> &Binary = build(Options);
    std::vector<float> In(Rows * Cols), Out(Rows * Cols, -1.0f);
    for (int I = 0; I < Rows * Cols; ++I)
      In[I] = float(I % 101) * 0.25f;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(Out), KernelArg::buffer(In), KernelArg::scalar(Rows),
        KernelArg::scalar(Cols)};
    ASSERT_EQ(runKernel(Binary, "rows", Args, {{1}, {1}, {}}), "");
    std::vector<float> Got = Args[0].as<float>();
    for (int R = 0; R < Rows; ++R)
      for (int C = 0; C < Cols; ++C)
        ASSERT_EQ(Got[R * Cols + C], In[R * Cols + C] * 0.5f + float(R))
            << "row " << R << " column " << C << ", options '" << Options
            << "'";
  }
}

TEST(CSABuiltins, ExplicitRegionsAndSectionsKeepResults) {
  const std::vector<char> &Binary = build("");
  const int N = 513;
  std::vector<int> A = iota(N, 2), B = iota(N, -3);
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::scalar(N)};
  ASSERT_EQ(runKernel(Binary, "sections", Args, {{1}, {1}, {}}), "");
  std::vector<int> GotA = Args[0].as<int>(), GotB = Args[1].as<int>();
  for (int I = 0; I < N; ++I) {
    ASSERT_EQ(GotA[I], A[I] + I) << "a[" << I << "]";
    ASSERT_EQ(GotB[I], B[I] * 2) << "b[" << I << "]";
  }
}

TEST(CSABuiltins, MarkedLoopInsideEachWorkItem) {
  const std::vector<char> &Binary = build("");
  const int Items = 96, Inner = 11;
  std::vector<int> Out(Items * Inner, 0);
  std::vector<KernelArg> Args = {KernelArg::buffer(Out),
                                 KernelArg::scalar(Inner)};
  ASSERT_EQ(runKernel(Binary, "per_item", Args, {{Items}, {16}, {}}), "");
  std::vector<int> Got = Args[0].as<int>();
  for (int G = 0; G < Items; ++G)
    for (int K = 0; K < Inner; ++K)
      ASSERT_EQ(Got[G * Inner + K], G - K) << "item " << G << ", k " << K;
}

/// A Fortran DO loop as flang emits it at -O0-ish: the spmd call passes its
/// arguments by reference; the kernel doubles each element.
const char *FortranIR = R"IR(
target triple = "spir64-unknown-unknown"
@workers = internal constant i32 2
@chunk = internal constant i32 0
declare void @builtin_csa_spmd_(ptr, ptr)
define spir_kernel void @double_all(ptr addrspace(1) %a, i32 %n) !reqd_work_group_size !0 {
entry:
  call void @builtin_csa_spmd_(ptr @workers, ptr @chunk)
  %empty = icmp sle i32 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %d = mul i32 %v, 2
  store i32 %d, ptr addrspace(1) %p
  %i.next = add nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
!0 = !{i32 1, i32 1, i32 1}
)IR";

TEST(CSABuiltins, FortranCallsByReference) {
  std::vector<char> Binary;
  ASSERT_EQ(compileIR(FortranIR, Binary, "csa"), "");
  for (int N : {0, 1, 3, 1001}) {
    std::vector<int> A = iota(std::max(N, 1), 7);
    std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "double_all", Args, {{1}, {1}, {}}), "");
    std::vector<int> Got = Args[0].as<int>();
    for (int I = 0; I < int(A.size()); ++I)
      ASSERT_EQ(Got[I], I < N ? A[I] * 2 : A[I])
          << "element " << I << ", n " << N;
  }
}

} // namespace
