//===- parallel_loops_test.cpp - Loom's parallel loops on the driver ------===//
///
/// Kernels in Loom's form of a parallel loop (doc/compiler-spec.md, given as
/// IR, as OpenMP's and DO CONCURRENT's producers give it), lowered by
/// parallelization-cleanup and lower-parallel-loops and run on the driver's
/// workers: declared reductions must combine the workers' partial results
/// into exactly the serial result for integers, and within the
/// reassociation bound for floats; the worker index a loop asks for must
/// follow the region's schedule; every trip count, from 0. The same through
/// OpenMP (kernels/openmp.cl, -fopenmp): 'parallel for' with reductions,
/// schedules, num_threads, collapse, private and firstprivate, and
/// omp_get_thread_num(), and 'simd' with a safe length, on both targets, as
/// Loom's parallel loops and on the driver's OpenMP runtime
/// (-fopenmp-runtime), and 'lastprivate', which runs on that runtime
/// either way; dynamic, guided, runtime and auto schedules; loops carrying
/// values between iterations that no directive declares parallel stay
/// serial, beside and inside a parallel loop; an 'ordered' loop is an
/// error. And a DO CONCURRENT
/// with locality specifiers as flang maps it to OpenMP
/// (kernels/do_concurrent.ll).
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace loom::e2e;

namespace {

/// A sum, a maximum and a float sum over n elements, declared reductions of
/// a region of as many workers as the driver has, in cyclic chunks.
const char *ReduceIR = R"IR(
target triple = "spir64-unknown-unknown"
declare token @llvm.loom.parallel.region.entry(i32, i64)
declare void @llvm.loom.parallel.region.exit(token)
declare i32 @llvm.smax.i32(i32, i32)

define spir_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %fin,
                                ptr addrspace(1) %out, ptr addrspace(1) %fout,
                                i64 %n) !reqd_work_group_size !0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %ph
ph:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 1), !loom.parallel.region !1
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi i32 [ 5, %ph ], [ %s.next, %loop ]
  %m = phi i32 [ -1000000, %ph ], [ %m.next, %loop ]
  %f = phi float [ 0.5, %ph ], [ %f.next, %loop ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %x = load i32, ptr addrspace(1) %p, align 4, !llvm.access.group !2
  %fp = getelementptr inbounds float, ptr addrspace(1) %fin, i64 %i
  %y = load float, ptr addrspace(1) %fp, align 4, !llvm.access.group !2
  %s.next = add i32 %s, %x
  %m.next = call i32 @llvm.smax.i32(i32 %m, i32 %x)
  %f.next = fadd float %f, %y
  %i.next = add nuw i64 %i, 1
  %last = icmp eq i64 %i.next, %n
  br i1 %last, label %exit, label %loop, !llvm.loop !3
exit:
  %s.out = phi i32 [ %s.next, %loop ]
  %m.out = phi i32 [ %m.next, %loop ]
  %f.out = phi float [ %f.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  br label %done
done:
  %sum = phi i32 [ 5, %entry ], [ %s.out, %exit ]
  %max = phi i32 [ -1000000, %entry ], [ %m.out, %exit ]
  %fsum = phi float [ 0.5, %entry ], [ %f.out, %exit ]
  store i32 %sum, ptr addrspace(1) %out, align 4
  %out1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %max, ptr addrspace(1) %out1, align 4
  store float %fsum, ptr addrspace(1) %fout, align 4
  ret void
}

!0 = !{i32 1, i32 1, i32 1}
!1 = distinct !{!"loom.parallel.region"}
!2 = distinct !{}
!3 = distinct !{!3, !4, !5, !6}
!4 = !{!"llvm.loop.parallel_accesses", !2}
!5 = !{!"loom.parallel.loop", !1}
!6 = !{!"loom.parallel.reductions", !"add", !"smax", !"fadd"}
)IR";

/// Each iteration writes which worker of 3, in cyclic chunks of 1, ran it:
/// the schedule is visible, so it must be exactly as written.
const char *WhoRanIR = R"IR(
target triple = "spir64-unknown-unknown"
declare token @llvm.loom.parallel.region.entry(i32, i64)
declare void @llvm.loom.parallel.region.exit(token)
declare i32 @llvm.loom.parallel.worker(token)
declare i32 @llvm.loom.parallel.workers(token)

define spir_kernel void @who_ran(ptr addrspace(1) %out, i64 %n) !reqd_work_group_size !0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %ph
ph:
  %r = call token @llvm.loom.parallel.region.entry(i32 3, i64 1), !loom.parallel.region !1
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %w = call i32 @llvm.loom.parallel.worker(token %r)
  %ws = call i32 @llvm.loom.parallel.workers(token %r)
  %code = mul i32 %ws, 100
  %v = add i32 %code, %w
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4, !llvm.access.group !2
  %i.next = add nuw i64 %i, 1
  %last = icmp eq i64 %i.next, %n
  br i1 %last, label %exit, label %loop, !llvm.loop !3
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  br label %done
done:
  ret void
}

!0 = !{i32 1, i32 1, i32 1}
!1 = distinct !{!"loom.parallel.region"}
!2 = distinct !{}
!3 = distinct !{!3, !4, !5}
!4 = !{!"llvm.loop.parallel_accesses", !2}
!5 = !{!"loom.parallel.loop", !1}
)IR";

/// N values of a fixed sequence in [-Range, Range].
std::vector<int32_t> randomInts(size_t N, int32_t Range) {
  std::vector<int32_t> Values;
  for (uint32_t X : xorshiftSequence(N))
    Values.push_back(static_cast<int32_t>(X % (2 * uint32_t(Range) + 1)) -
                     Range);
  return Values;
}

class ParallelLoops : public testing::TestWithParam<const char *> {
protected:
  void SetUp() override { setenv("LOOM_NUM_THREADS", GetParam(), 1); }
  void TearDown() override { unsetenv("LOOM_NUM_THREADS"); }
};

TEST_P(ParallelLoops, ReductionsGiveTheSerialResults) {
  std::vector<char> Binary;
  ASSERT_EQ(compileIR(ReduceIR, Binary, "csa"), "");
  for (uint64_t N : {0u, 1u, 2u, 3u, 63u, 1000u, 100003u}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> In = randomInts(std::max<uint64_t>(N, 1), 100000);
    std::vector<float> FIn(In.size());
    for (size_t I = 0; I < In.size(); ++I)
      FIn[I] = static_cast<float>(In[I]) * 0.001f;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::buffer(FIn),
        KernelArg::buffer(std::vector<int32_t>(2, 0)),
        KernelArg::buffer(std::vector<float>(1, 0)), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "reduce", Args, {{1}, {1}, {}}), "");
    // The host's serial results: integers wrap as the device's do.
    uint32_t Sum = 5;
    int32_t Max = -1000000;
    double FSum = 0.5, Magnitude = 0.5;
    for (uint64_t I = 0; I < N; ++I) {
      Sum += static_cast<uint32_t>(In[I]);
      Max = std::max(Max, In[I]);
      FSum += FIn[I];
      Magnitude += std::fabs(FIn[I]);
    }
    std::vector<int32_t> Got = Args[2].as<int32_t>();
    EXPECT_EQ(static_cast<uint32_t>(Got[0]), Sum);
    EXPECT_EQ(Got[1], Max);
    // Any order of N float additions is within N ulps of the magnitude.
    double Bound = (N + 1) * std::ldexp(Magnitude, -23);
    EXPECT_NEAR(Args[3].as<float>()[0], FSum, Bound);
  }
}

TEST_P(ParallelLoops, WorkerQueriesFollowTheSchedule) {
  std::vector<char> Binary;
  ASSERT_EQ(compileIR(WhoRanIR, Binary, "csa"), "");
  for (uint64_t N : {0u, 1u, 2u, 7u, 500u}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(std::max<uint64_t>(N, 1), -1)),
        KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "who_ran", Args, {{1}, {1}, {}}), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    for (uint64_t I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], 300 + static_cast<int32_t>(I % 3)) << "iteration " << I;
    if (N == 0)
      EXPECT_EQ(Got[0], -1);
  }
}

INSTANTIATE_TEST_SUITE_P(Workers, ParallelLoops, testing::Values("1", "2", "4"),
                         [](const testing::TestParamInfo<const char *> &Info) {
                           return std::string("threads_") + Info.param;
                         });

} // namespace

namespace {

/// (target, LOOM_NUM_THREADS, build options: Loom's parallel loops, or
/// every region on the driver's OpenMP runtime)
using OpenMPConfiguration =
    std::tuple<const char *, const char *, const char *>;

class OpenMP : public testing::TestWithParam<OpenMPConfiguration> {
protected:
  void SetUp() override {
    auto [Target, Threads, Options] = GetParam();
    setenv("LOOM_NUM_THREADS", Threads, 1);
    ASSERT_EQ(compileKernel(readKernelSource("openmp.cl"), Binary, Options,
                            Target, "openmp.cl"),
              "");
  }
  void TearDown() override { unsetenv("LOOM_NUM_THREADS"); }
  std::vector<char> Binary;
};

const NDRange OneWorkItem = {{1}, {1}, {}};

TEST_P(OpenMP, ParallelFor) {
  for (int N : {0, 1, 5, 1000, 40001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<float> In(std::max(N, 1));
    for (int I = 0; I < N; ++I)
      In[I] = static_cast<float>(I % 97) * 0.5f - 3.0f;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<float>(In.size(), -1.0f)),
        KernelArg::buffer(In), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "scale", Args, OneWorkItem), "");
    std::vector<float> Got = Args[0].as<float>();
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], In[I] * 2.0f + 1.0f) << "element " << I;
  }
}

TEST_P(OpenMP, Reductions) {
  for (int N : {0, 1, 17, 1000, 100001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> In = randomInts(std::max(N, 1), 1000000);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(3, 0)),
        KernelArg::buffer(std::vector<float>(1, 0)), KernelArg::buffer(In),
        KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "reductions", Args, OneWorkItem), "");
    uint32_t Sum = 7;
    int32_t Largest = -1000000, Bits = 0;
    double FSum = 0.25, Magnitude = 0.25;
    for (int I = 0; I < N; ++I) {
      Sum += static_cast<uint32_t>(In[I]);
      Largest = std::max(Largest, In[I]);
      Bits |= In[I] & 0x30f;
      float Term = static_cast<float>(In[I]) * 0.001f;
      FSum += Term;
      Magnitude += std::fabs(Term);
    }
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    EXPECT_EQ(static_cast<uint32_t>(Got[0]), Sum);
    EXPECT_EQ(Got[1], Largest);
    EXPECT_EQ(Got[2], Bits);
    EXPECT_NEAR(Args[1].as<float>()[0], FSum,
                (N + 1) * std::ldexp(Magnitude, -23));
  }
}

TEST_P(OpenMP, MoreReductionOperators) {
  for (int N : {0, 1, 33, 5000}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> In = randomInts(std::max(N, 1), 1 << 30);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<uint32_t>(4, 0)), KernelArg::buffer(In),
        KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "more_reductions", Args, OneWorkItem), "");
    uint32_t Product = 1, All = 0xffffffffu, Toggled = 0;
    int32_t Smallest = 1000000;
    for (int I = 0; I < N; ++I) {
      uint32_t V = static_cast<uint32_t>(In[I]);
      Product *= V | 1u;
      Smallest = std::min(Smallest, In[I]);
      All &= V | 0x10000u;
      Toggled ^= V;
    }
    std::vector<uint32_t> Got = Args[0].as<uint32_t>();
    EXPECT_EQ(Got[0], Product);
    EXPECT_EQ(static_cast<int32_t>(Got[1]), Smallest);
    EXPECT_EQ(Got[2], All);
    EXPECT_EQ(Got[3], Toggled);
  }
}

TEST_P(OpenMP, ThreadNumbersFollowTheSchedule) {
  // Unoptimized, the loop's counter stays in memory, so Loom's parallel
  // loops cannot compute its trip count and run it serially, with a
  // warning: a team of one, thread 0 (doc/passes.md). The driver's OpenMP
  // runtime needs no trip count.
  const bool Serial =
      runsUnoptimized() &&
      std::string(std::get<2>(GetParam())) != "-fopenmp-runtime";
  for (int N : {1, 2, 3, 10, 301}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(N, -1)), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "who_ran", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], Serial ? 1 : (I % 3) * 10 + 3) << "iteration " << I;
  }
}

TEST_P(OpenMP, CollapsedLoopsAndPrivateVariables) {
  for (auto [Rows, Cols] :
       {std::pair{1, 1}, std::pair{3, 7}, std::pair{64, 50}}) {
    SCOPED_TRACE(std::to_string(Rows) + " x " + std::to_string(Cols));
    const int K = 5;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(Rows * Cols, -99)),
        KernelArg::scalar(Rows), KernelArg::scalar(Cols), KernelArg::scalar(K)};
    ASSERT_EQ(runKernel(Binary, "grid", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    for (int R = 0; R < Rows; ++R)
      for (int C = 0; C < Cols; ++C)
        ASSERT_EQ(Got[R * Cols + C], R * K - C) << "(" << R << ", " << C << ")";
  }
}

TEST_P(OpenMP, SimdWithASafeLength) {
  for (int K : {4, 5, 9}) {
    const int N = 1003;
    std::vector<float> Y(N);
    for (int I = 0; I < N; ++I)
      Y[I] = static_cast<float>(I % 7);
    std::vector<KernelArg> Args = {KernelArg::buffer(Y), KernelArg::scalar(N),
                                   KernelArg::scalar(K)};
    ASSERT_EQ(runKernel(Binary, "shift", Args, OneWorkItem), "");
    for (int I = K; I < N; ++I)
      Y[I] = Y[I - K] + 1.0f;
    EXPECT_EQ(Args[0].as<float>(), Y) << "k = " << K;
  }
}

TEST_P(OpenMP, OnlyDeclaredLoopsRunInParallel) {
  for (int N : {0, 1, 2, 1000, 50001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> In = randomInts(std::max(N, 1), 1000);
    std::vector<KernelArg> Args = {KernelArg::buffer(In), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "scale_then_prefix", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    int32_t Sum = 0;
    for (int I = 0; I < N; ++I) {
      Sum += In[I] * 2;
      ASSERT_EQ(Got[I], Sum) << "element " << I;
    }
  }
  for (auto [Rows, Cols] :
       {std::pair{1, 1}, std::pair{5, 3}, std::pair{97, 1000}}) {
    SCOPED_TRACE(std::to_string(Rows) + " x " + std::to_string(Cols));
    std::vector<int32_t> In = randomInts(Rows * Cols, 1000);
    std::vector<KernelArg> Args = {KernelArg::buffer(In),
                                   KernelArg::scalar(Rows),
                                   KernelArg::scalar(Cols)};
    ASSERT_EQ(runKernel(Binary, "row_prefix", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    for (int R = 0; R < Rows; ++R) {
      int32_t Sum = 0;
      for (int C = 0; C < Cols; ++C) {
        Sum += In[R * Cols + C];
        ASSERT_EQ(Got[R * Cols + C], Sum) << "(" << R << ", " << C << ")";
      }
    }
  }
}

TEST_P(OpenMP, LastprivateTakesTheLastIteration) {
  for (int N : {0, 1, 2, 7, 1000, 40001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> In = randomInts(std::max(N, 1), 1000);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In), KernelArg::scalar(N),
        KernelArg::buffer(std::vector<int32_t>(1, 0))};
    ASSERT_EQ(runKernel(Binary, "last_value", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], In[I] * 3 + I) << "element " << I;
    // No iteration, no last one: the variable keeps its value.
    EXPECT_EQ(Args[2].as<int32_t>()[0], N ? In[N - 1] * 3 + N - 1 : -1);
  }
}

TEST_P(OpenMP, AtomicConstructs) {
  for (int N : {0, 1, 1000, 40001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    size_t Slots = std::max(N, 1);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(16, 0)),
        KernelArg::buffer(std::vector<float>(1, 0.0f)),
        KernelArg::buffer(std::vector<int64_t>(1, 5)),
        KernelArg::buffer(std::vector<int32_t>(1, 0)),
        KernelArg::buffer(std::vector<int32_t>(Slots, -1)),
        KernelArg::buffer(std::vector<int32_t>{-1, 0}),
        KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "atomics", Args, OneWorkItem), "");
    std::vector<int32_t> Bins(16, 0);
    int64_t Total = 5;
    for (int I = 0; I < N; ++I) {
      ++Bins[(I * 7) & 15];
      Total += int64_t(I) * 3;
    }
    EXPECT_EQ(Args[0].as<int32_t>(), Bins);
    // Halves add up exactly in a float below 2^24.
    EXPECT_EQ(Args[1].as<float>()[0], 0.5f * static_cast<float>(N));
    EXPECT_EQ(Args[2].as<int64_t>()[0], Total);
    EXPECT_EQ(Args[3].as<int32_t>()[0], N);
    // Each iteration took a ticket of its own: the tickets' iterations are
    // every iteration once.
    std::vector<int32_t> Tickets = Args[4].as<int32_t>();
    std::vector<int32_t> Iterations(Tickets.begin(), Tickets.begin() + N);
    std::sort(Iterations.begin(), Iterations.end());
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Iterations[I], I) << "iteration " << I;
    std::vector<int32_t> Last = Args[5].as<int32_t>();
    if (N == 0)
      EXPECT_EQ(Last[0], -1);
    else
      EXPECT_TRUE(Last[0] >= 0 && Last[0] < N) << Last[0];
    EXPECT_EQ(Last[1], 0) << "an atomic read missed its own update";
  }
}

TEST_P(OpenMP, CriticalSections) {
  for (int N : {0, 1, 1000, 40001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    size_t Slots = std::max(N, 1);
    std::vector<float> In(Slots);
    for (size_t I = 0; I < Slots; ++I)
      In[I] = static_cast<float>((I * 7919) % 10007) * 0.25f - 100.0f;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(Slots, -1)),
        KernelArg::buffer(std::vector<int32_t>(1, 0)),
        KernelArg::buffer(std::vector<float>(1, -1000.0f)),
        KernelArg::buffer(In), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "critical_sections", Args, OneWorkItem), "");
    EXPECT_EQ(Args[1].as<int32_t>()[0], N);
    // Every iteration logged once, none overwritten.
    std::vector<int32_t> Log = Args[0].as<int32_t>();
    std::vector<int32_t> Logged(Log.begin(), Log.begin() + N);
    std::sort(Logged.begin(), Logged.end());
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Logged[I], I) << "iteration " << I;
    float Largest = -1000.0f;
    for (int I = 0; I < N; ++I)
      Largest = std::max(Largest, In[I]);
    EXPECT_EQ(Args[2].as<float>()[0], Largest);
  }
}

TEST_P(OpenMP, DynamicGuidedRuntimeAndAutoSchedules) {
  for (int N : {0, 1, 2, 97, 3000}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    size_t Slots = std::max(N, 1);
    std::vector<int32_t> In = randomInts(Slots, 1000);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int64_t>(Slots, -1)),
        KernelArg::buffer(std::vector<int32_t>(Slots, 0)),
        KernelArg::buffer(In), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "schedules", Args, OneWorkItem), "");
    std::vector<int64_t> Sums = Args[0].as<int64_t>();
    std::vector<int32_t> Seen = Args[1].as<int32_t>();
    int64_t Sum = 0;
    for (int I = 0; I < N; ++I) {
      Sum += In[I];
      ASSERT_EQ(Sums[I], Sum) << "element " << I;
      // Each of the five loops ran iteration I once.
      ASSERT_EQ(Seen[I], 11111) << "element " << I;
    }
  }
  // With its thread number asked, a dynamic loop's chunks stay as written
  // (2), among 3 threads: every iteration ran on one of them.
  for (int N : {1, 5, 301}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(N, -1)), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "dynamic_threads", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    // Unoptimized, Loom's parallel loop may run serially (a team of one),
    // as ThreadNumbersFollowTheSchedule says.
    for (int I = 0; I < N; ++I)
      ASSERT_TRUE(Got[I] == 3 || Got[I] == 13 || Got[I] == 23 || Got[I] == 1)
          << "iteration " << I << ": " << Got[I];
  }
}

TEST_P(OpenMP, TheIfClauseChoosesAtRunTime) {
  // Unoptimized, Loom's parallel loop may run serially, a team of one, as
  // ThreadNumbersFollowTheSchedule says; the runtime's need not.
  const bool Serial =
      runsUnoptimized() &&
      std::string(std::get<2>(GetParam())) != "-fopenmp-runtime";
  const bool Several = std::string(std::get<1>(GetParam())) != "1";
  for (int N : {1, 64, 65, 1000}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(N, -1)), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "conditional", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    const int InParallel = N > 64 && Several && !Serial ? 1000 : 0;
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], InParallel + I) << "iteration " << I;
  }
}

TEST_P(OpenMP, TeamConstructsRunOnThreadsOfTheirOwn) {
  for (int N : {0, 1, 7, 1000}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(8, -1)),
        KernelArg::buffer(std::vector<int32_t>(4, 0)),
        KernelArg::buffer(std::vector<int32_t>(3, -1)),
        KernelArg::buffer(std::vector<int32_t>(std::max(N, 1), -1)),
        KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "team_constructs", Args, OneWorkItem), "");
    std::vector<int32_t> Slots = Args[0].as<int32_t>();
    for (int T = 0; T < 3; ++T) {
      EXPECT_EQ(Slots[T], T * 10 + 3) << "thread " << T;
      // The neighbour's slot, written before the barrier.
      EXPECT_EQ(Slots[4 + T], (T + 1) % 3 * 10 + 3) << "thread " << T;
      EXPECT_EQ(Args[2].as<int32_t>()[T], 40 + N) << "thread " << T;
    }
    std::vector<int32_t> Counts = Args[1].as<int32_t>();
    EXPECT_EQ(Counts[0], 1) << "single";
    EXPECT_EQ(Counts[1], 1) << "master";
    EXPECT_EQ(Counts[2], 1) << "masked";
    EXPECT_EQ(Counts[3], 3 * N * (N - 1) / 2) << "reduction";
    std::vector<int32_t> Loop = Args[3].as<int32_t>();
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Loop[I], 3 * I) << "iteration " << I;
  }
}

TEST_P(OpenMP, SectionsRunEachSectionOnce) {
  for (int N : {0, 1, 1000}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(2 * N + 1, 1)),
        KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "sections", Args, OneWorkItem), "");
    std::vector<int32_t> Got = Args[0].as<int32_t>();
    for (int I = 0; I < N; ++I) {
      ASSERT_EQ(Got[I], I) << "first section, element " << I;
      ASSERT_EQ(Got[N + I], 2 * I) << "second section, element " << I;
    }
    EXPECT_EQ(Got[2 * N], 8) << "the third section ran once";
  }
}

TEST_P(OpenMP, TasksRunOnTheTeamAndFinishWhereOpenMPSays) {
  for (int N : {0, 1, 999, 100000}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> In = randomInts(std::max(N, 1), 1000000);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int64_t>(11, -1)),
        KernelArg::buffer(std::vector<int32_t>(std::max(N, 1), -1)),
        KernelArg::buffer(In), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "tasks", Args, OneWorkItem), "");
    std::vector<int64_t> Out = Args[0].as<int64_t>();
    int64_t Sum = 0;
    for (int I = 0; I < N; ++I)
      Sum += In[I];
    EXPECT_EQ(Out[0], Sum) << "the blocks' tasks, after taskwait";
    EXPECT_EQ(Out[1], 1 + 2 + 3 + 4) << "the taskgroup's nested tasks";
    int64_t X = 1;
    for (int K = 0; K < 10; ++K)
      X = X * 3 + K;
    EXPECT_EQ(Out[2], X) << "the chain of dependences, in order";
    std::vector<int32_t> Loop = Args[1].as<int32_t>();
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Loop[I], In[I] * 2 + 1) << "taskloop iteration " << I;
  }
}

TEST_P(OpenMP, OrderedBlocksRunInIterationOrder) {
  for (int Chunk : {1, 3, 64})
    for (int N : {0, 1, 7, 1000}) {
      SCOPED_TRACE("n = " + std::to_string(N) + ", chunk " +
                   std::to_string(Chunk));
      std::vector<KernelArg> Args = {
          KernelArg::buffer(std::vector<int32_t>(std::max(N, 1), -1)),
          KernelArg::buffer(std::vector<int32_t>(N + 1, 0)),
          KernelArg::scalar(N), KernelArg::scalar(Chunk)};
      ASSERT_EQ(runKernel(Binary, "in_order", Args, OneWorkItem), "");
      std::vector<int32_t> Out = Args[0].as<int32_t>();
      std::vector<int32_t> Log = Args[1].as<int32_t>();
      std::vector<int32_t> Expected;
      for (int I = 0; I < N; ++I) {
        ASSERT_EQ(Out[I], I * I % 1000) << "iteration " << I;
        if (I % 5 != 2)
          Expected.push_back(I);
      }
      ASSERT_EQ(Log[N], static_cast<int32_t>(Expected.size()));
      for (size_t K = 0; K < Expected.size(); ++K)
        ASSERT_EQ(Log[K], Expected[K]) << "ordered block " << K;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Targets, OpenMP,
    testing::Combine(testing::Values("reference", "csa"),
                     testing::Values("1", "2"),
                     testing::Values("-fopenmp", "-fopenmp-runtime")),
    [](const testing::TestParamInfo<OpenMPConfiguration> &Info) {
      return std::string(std::get<0>(Info.param)) + "_threads_" +
             std::get<1>(Info.param) +
             (std::string(std::get<2>(Info.param)) == "-fopenmp"
                  ? "_parallel_loops"
                  : "_runtime");
    });

} // namespace

namespace {

/// (target, LOOM_NUM_THREADS)
using DoConcurrentConfiguration = std::tuple<const char *, const char *>;

class DoConcurrent : public testing::TestWithParam<DoConcurrentConfiguration> {
protected:
  void SetUp() override {
    auto [Target, Threads] = GetParam();
    setenv("LOOM_NUM_THREADS", Threads, 1);
    ASSERT_EQ(compileIR(readKernelSource("do_concurrent.ll"), Binary, Target),
              "");
  }
  void TearDown() override { unsetenv("LOOM_NUM_THREADS"); }
  std::vector<char> Binary;
};

// kernels/do_concurrent.ll: a(j, i) = b(j, i) * k + i - j over both ranges,
// with t local and k local_init.
TEST_P(DoConcurrent, LocalitySpecifiersAndCollapsedRanges) {
  for (auto [N, M] : {std::pair{0, 3}, std::pair{1, 1}, std::pair{3, 5},
                      std::pair{100, 37}}) {
    SCOPED_TRACE("n = " + std::to_string(N) + ", m = " + std::to_string(M));
    const int K = 3, Size = std::max(N * M, 1);
    std::vector<float> B(Size);
    for (int I = 0; I < Size; ++I)
      B[I] = static_cast<float>(I % 13) * 0.5f;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<float>(Size, -1.0f)),
        KernelArg::buffer(B), KernelArg::scalar(N), KernelArg::scalar(M),
        KernelArg::scalar(K)};
    ASSERT_EQ(runKernel(Binary, "scaled", Args, OneWorkItem), "");
    std::vector<float> Got = Args[0].as<float>();
    for (int I = 1; I <= N; ++I)
      for (int J = 1; J <= M; ++J) {
        int Linear = (I - 1) * M + (J - 1);
        ASSERT_EQ(Got[Linear],
                  B[Linear] * static_cast<float>(K) + static_cast<float>(I - J))
            << "a(" << J << ", " << I << ")";
      }
    if (N * M == 0)
      EXPECT_EQ(Got[0], -1.0f);
  }
}

// kernels/do_concurrent.ll: s = s + a(i) * b(i) with reduce(+:s), through
// OpenMPIRBuilder's __kmpc_reduce: Loom's parallel loop's reduction.
TEST_P(DoConcurrent, AReduceLocalityIsTheLoopsReduction) {
  for (int N : {0, 1, 17, 100001}) {
    SCOPED_TRACE("n = " + std::to_string(N));
    std::vector<int32_t> A = randomInts(std::max(N, 1), 1000);
    std::vector<int32_t> B = randomInts(std::max(N, 1), 1000);
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int32_t>(1, 11)), KernelArg::buffer(A),
        KernelArg::buffer(B), KernelArg::scalar(N)};
    ASSERT_EQ(runKernel(Binary, "dot", Args, OneWorkItem), "");
    uint32_t Expected = 11;
    for (int I = 0; I < N; ++I)
      Expected += static_cast<uint32_t>(A[I]) * static_cast<uint32_t>(B[I]);
    EXPECT_EQ(static_cast<uint32_t>(Args[0].as<int32_t>()[0]), Expected);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Targets, DoConcurrent,
    testing::Combine(testing::Values("reference", "csa"),
                     testing::Values("1", "2")),
    [](const testing::TestParamInfo<DoConcurrentConfiguration> &Info) {
      return std::string(std::get<0>(Info.param)) + "_threads_" +
             std::get<1>(Info.param);
    });

} // namespace
