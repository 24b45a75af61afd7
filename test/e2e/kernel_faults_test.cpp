//===- kernel_faults_test.cpp - A kernel that faults ends its launch ------===//
///
/// A kernel that stops at a trap, whether it asked for one or reached code
/// LLVM proved unreachable, raises an arithmetic exception, accesses
/// memory through a wild pointer or overflows its thread's stack, ends its
/// launch with an error naming it, and the host goes on, whichever of the
/// driver's workers ran the faulting code (a parallel loop's, an OpenMP
/// team's); so does an OpenMP allocator's abort_fb (doc/overview.md, "A
/// kernel that faults"). The catch point is the driver's for every launch, so
/// these run in every e2e entry, at every Vecz width.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>

using namespace loom::e2e;

namespace {

const char *const TrapSource = R"(
kernel void trap_at(global int *out, int bad) {
  size_t i = get_global_id(0);
  if ((int)i == bad)
    __builtin_trap();
  out[i] = (int)i * 2;
}
)";

const char *const Targets[] = {"reference", "csa"};

constexpr size_t Items = 1000;

/// Runs trap_at over Items work-items in groups of 100 with \p Bad; what
/// runKernel says.
std::string runTrapAt(const std::vector<char> &Binary, int Bad,
                      std::vector<int> &Out) {
  Out.assign(Items, 0);
  std::vector<KernelArg> Args = {KernelArg::buffer(Out),
                                 KernelArg::scalar(Bad)};
  std::string Result = runKernel(Binary, "trap_at", Args, {{Items}, {100}, {}});
  Out = Args[0].as<int>();
  return Result;
}

TEST(KernelFaults, ATrapStopsTheLaunchAndTheHostGoesOn) {
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(compileKernel(TrapSource, Binary, "", Target), "") << Target;
    std::vector<int> Out;
    std::string Result = runTrapAt(Binary, 777, Out);
    EXPECT_NE(Result.find("kernel 'trap_at' stopped at a trap (SIGILL)"),
              std::string::npos)
        << Target << ": " << Result;
    // The same binary, launched again where no work-item traps.
    ASSERT_EQ(runTrapAt(Binary, -1, Out), "") << Target;
    for (size_t I = 0; I < Items; ++I)
      ASSERT_EQ(Out[I], int(I) * 2) << Target << " element " << I;
  }
}

TEST(KernelFaults, UnreachableCodeTrapsInsteadOfRunningOn) {
  // Every work-group of the launch traps, on every worker at once.
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(compileIR(readKernelSource("loops_forever.ll"), Binary, Target),
              "")
        << Target;
    std::vector<int> Out(Items, 0);
    std::vector<KernelArg> Args = {KernelArg::buffer(Out)};
    std::string Result =
        runKernel(Binary, "loops_forever", Args, {{Items}, {10}, {}});
    EXPECT_NE(Result.find("kernel 'loops_forever' stopped at a trap"),
              std::string::npos)
        << Target << ": " << Result;
    // No work-item got past the call.
    for (int Value : Args[0].as<int>())
      ASSERT_NE(Value, -1) << Target;
  }
}

TEST(KernelFaults, AnArithmeticExceptionStopsTheLaunch) {
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(compileIR(readKernelSource("divides_by_zero.ll"), Binary, Target),
              "")
        << Target;
    std::vector<int> Out(Items, 0);
    std::vector<KernelArg> Args = {KernelArg::buffer(Out)};
    std::string Result =
        runKernel(Binary, "divides_by_zero", Args, {{Items}, {100}, {}});
    EXPECT_NE(Result.find("kernel 'divides_by_zero' raised an arithmetic "
                          "exception (SIGFPE)"),
              std::string::npos)
        << Target << ": " << Result;
  }
}

const char *const WildStoreSource = R"(
kernel void wild_store(global int *out, ulong wild) {
  size_t i = get_global_id(0);
  if (wild != 0 && i == 500)
    *(global int *)wild = 1;
  out[i] = (int)i * 3;
}
)";

TEST(KernelFaults, AnAccessThroughAWildPointerStopsTheLaunch) {
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(compileKernel(WildStoreSource, Binary, "", Target), "") << Target;
    std::vector<int> Out(Items, 0);
    for (uint64_t Wild : {uint64_t(16), uint64_t(0)}) {
      std::vector<KernelArg> Args = {KernelArg::buffer(Out),
                                     KernelArg::scalar(Wild)};
      std::string Result =
          runKernel(Binary, "wild_store", Args, {{Items}, {100}, {}});
      if (Wild) {
        EXPECT_NE(Result.find("kernel 'wild_store' wrote to address 0x10, "
                              "which is none of its memory (SIGSEGV)"),
                  std::string::npos)
            << Target << ": " << Result;
        continue;
      }
      // The same binary, launched again without the wild pointer.
      ASSERT_EQ(Result, "") << Target;
      std::vector<int> Got = Args[0].as<int>();
      for (size_t I = 0; I < Items; ++I)
        ASSERT_EQ(Got[I], int(I) * 3) << Target << " element " << I;
    }
  }
}

TEST(KernelFaults, AStackOverflowStopsTheLaunch) {
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(
        compileIR(readKernelSource("overflows_its_stack.ll"), Binary, Target),
        "")
        << Target;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(std::vector<int>(Items, 0))};
    std::string Result =
        runKernel(Binary, "overflows_its_stack", Args, {{Items}, {100}, {}});
    EXPECT_NE(Result.find("kernel 'overflows_its_stack' overflowed its "
                          "thread's stack of "),
              std::string::npos)
        << Target << ": " << Result;
  }
  // The threads that overflowed run the next launch as usual.
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(TrapSource, Binary, "", "reference"), "");
  std::vector<int> Out;
  ASSERT_EQ(runTrapAt(Binary, -1, Out), "");
  for (size_t I = 0; I < Items; ++I)
    ASSERT_EQ(Out[I], int(I) * 2) << "element " << I;
}

// A loop split across the driver's workers, whose iterations take a
// critical section: a fault in either half, on the launching worker or on
// one that helps it, stops the launch, and the lock goes with the fault.
const char *const ParallelFaultSource = R"(
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void parallel_fault(global int *out, global int *count, ulong wild,
                           int bad, int n) {
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < n; ++i) {
#pragma omp critical
    {
      if (i == bad)
        *(global int *)wild = 1;
      count[0] += 1;
    }
    out[i] = i * 5;
  }
}
)";

TEST(KernelFaults, AFaultInAParallelLoopOrTeamStopsTheLaunch) {
  constexpr int N = 4000;
  // Loom's parallel loop, and the driver's OpenMP runtime's team.
  for (const char *Options : {"-fopenmp", "-fopenmp -fopenmp-runtime"})
    for (const char *Target : Targets) {
      std::vector<char> Binary;
      ASSERT_EQ(compileKernel(ParallelFaultSource, Binary, Options, Target), "")
          << Target << " " << Options;
      // The first iteration, the last, then none: each fault inside the
      // critical section, whose lock the next launch takes again.
      for (int Bad : {0, N - 1, -1}) {
        std::vector<KernelArg> Args = {
            KernelArg::buffer(std::vector<int>(N, 0)),
            KernelArg::buffer(std::vector<int>(1, 0)),
            KernelArg::scalar(uint64_t(16)), KernelArg::scalar(Bad),
            KernelArg::scalar(N)};
        std::string Result =
            runKernel(Binary, "parallel_fault", Args, {{1}, {1}, {}});
        if (Bad >= 0) {
          EXPECT_NE(Result.find("kernel 'parallel_fault' wrote to address "
                                "0x10, which is none of its memory"),
                    std::string::npos)
              << Target << " " << Options << " bad " << Bad << ": " << Result;
          continue;
        }
        ASSERT_EQ(Result, "") << Target << " " << Options;
        EXPECT_EQ(Args[1].as<int>()[0], N) << Target << " " << Options;
        std::vector<int> Got = Args[0].as<int>();
        for (int I = 0; I < N; ++I)
          ASSERT_EQ(Got[I], I * 5) << Target << " " << Options << " " << I;
      }
    }
}

// A team whose member 1 faults while the others wait for it at a barrier:
// the team is cancelled, the waiting members leave, and the launch ends.
const char *const TeamFaultSource = R"(
int omp_get_thread_num(void);

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void team_fault(global int *out, ulong wild) {
#pragma omp parallel num_threads(3)
  {
    int t = omp_get_thread_num();
    if (t == 1 && wild != 0)
      *(global int *)wild = 1;
#pragma omp barrier
    out[t] = t + 1;
  }
}
)";

TEST(KernelFaults, AFaultInATeamCancelsItsOtherMembers) {
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(compileKernel(TeamFaultSource, Binary, "-fopenmp", Target), "")
        << Target;
    for (uint64_t Wild : {uint64_t(16), uint64_t(0)}) {
      std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(3, 0)),
                                     KernelArg::scalar(Wild)};
      std::string Result =
          runKernel(Binary, "team_fault", Args, {{1}, {1}, {}});
      if (Wild) {
        EXPECT_NE(Result.find("kernel 'team_fault' wrote to address 0x10"),
                  std::string::npos)
            << Target << ": " << Result;
        continue;
      }
      ASSERT_EQ(Result, "") << Target;
      EXPECT_EQ(Args[0].as<int>(), (std::vector<int>{1, 2, 3})) << Target;
    }
  }
}

// An allocator whose pool is spent falls back as its traits say; with
// abort_fb, OpenMP ends the program: the driver ends the launch, as a trap.
const char *const AbortFallbackSource = R"(
#include <omp.h>

kernel void abort_fallback(global int *out, int size) {
  const omp_alloctrait_t traits[2] = {{omp_atk_pool_size, 1024},
                                      {omp_atk_fallback, omp_atv_abort_fb}};
  omp_allocator_handle_t pool =
      omp_init_allocator(omp_default_mem_space, 2, traits);
  int *block = (int *)omp_alloc(size, pool);
  block[0] = 7;
  out[0] = block[0] + size;
  omp_free(block, pool);
  omp_destroy_allocator(pool);
}
)";

TEST(KernelFaults, AnAllocatorsAbortFallbackStopsTheLaunch) {
  for (const char *Target : Targets) {
    std::vector<char> Binary;
    ASSERT_EQ(compileKernel(AbortFallbackSource, Binary, "-fopenmp", Target),
              "")
        << Target;
    for (int Size : {2048, 512}) {
      std::vector<KernelArg> Args = {KernelArg::buffer(std::vector<int>(1, 0)),
                                     KernelArg::scalar(Size)};
      std::string Result =
          runKernel(Binary, "abort_fallback", Args, {{1}, {1}, {}});
      if (Size > 1024) {
        EXPECT_NE(Result.find("kernel 'abort_fallback' stopped at a trap"),
                  std::string::npos)
            << Target << ": " << Result;
        continue;
      }
      ASSERT_EQ(Result, "") << Target;
      EXPECT_EQ(Args[0].as<int>()[0], 7 + Size) << Target;
    }
  }
}

std::atomic<int> HostTraps{0};

extern "C" void countHostTrap(int) { ++HostTraps; }

TEST(KernelFaults, ASignalOutsideKernelCodeGoesToTheHostsHandler) {
  // A host's own handlers (a crash reporter's), in place before a launch
  // puts the driver's back on top, still get a SIGTRAP the host raises
  // outside a kernel.
  struct sigaction Host = {}, BeforeIll, BeforeTrap, BeforeSegv;
  Host.sa_handler = countHostTrap;
  sigemptyset(&Host.sa_mask);
  ASSERT_EQ(sigaction(SIGILL, &Host, &BeforeIll), 0);
  ASSERT_EQ(sigaction(SIGTRAP, &Host, &BeforeTrap), 0);
  ASSERT_EQ(sigaction(SIGSEGV, &Host, &BeforeSegv), 0);
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(TrapSource, Binary, "", "reference"), "");
  std::vector<int> Out;
  ASSERT_EQ(runTrapAt(Binary, -1, Out), "");
  struct sigaction Current;
  ASSERT_EQ(sigaction(SIGTRAP, nullptr, &Current), 0);
  EXPECT_NE(Current.sa_handler, countHostTrap) << "the driver's is on top";
  ASSERT_EQ(sigaction(SIGSEGV, nullptr, &Current), 0);
  EXPECT_NE(Current.sa_handler, countHostTrap) << "the driver's is on top";
  HostTraps = 0;
  raise(SIGTRAP);
  EXPECT_EQ(HostTraps, 1);
  raise(SIGSEGV);
  EXPECT_EQ(HostTraps, 2);
  sigaction(SIGILL, &BeforeIll, nullptr);
  sigaction(SIGTRAP, &BeforeTrap, nullptr);
  sigaction(SIGSEGV, &BeforeSegv, nullptr);
}

} // namespace
