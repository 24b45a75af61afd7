//===- thread_pool_test.cpp - The driver's workers and parallelMap --------===//
///
/// ThreadPool::parallelMap, which kernels reach as `__loom_parallel_map`:
/// every index runs exactly once, index 0 on the caller, for any count; it
/// works from inside a job (where the other workers help once they are
/// idle, and the caller alone finishes when none is); and through the
/// external symbol from a thread that is not a worker. Workers are pinned
/// to cores of their own when there are enough, and only then. A private
/// pointer of one worker is private on every worker.
///
//===----------------------------------------------------------------------===//

#include "external_symbols.h"
#include "thread_pool.h"
#include "worker_thread.h"

#include "metadata/abi.h"

#include <gtest/gtest.h>

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <set>
#include <thread>
#include <vector>

using namespace mux;

namespace {

struct Counts {
  std::vector<std::atomic<int>> Runs;
  std::atomic<bool> ZeroOnCaller{false};
  std::thread::id Caller;
  std::mutex ThreadsMutex;
  std::set<std::thread::id> Threads;
  explicit Counts(size_t N) : Runs(N) {}
};

void countRun(void *Ctx, uint32_t Index) {
  auto &C = *static_cast<Counts *>(Ctx);
  C.Runs[Index]++;
  if (Index == 0)
    C.ZeroOnCaller = std::this_thread::get_id() == C.Caller;
  // Long enough that idle workers have time to take indices.
  volatile double X = 1;
  for (int I = 0; I < 20000; ++I)
    X = X * 1.0000001 + 1e-9;
  std::lock_guard<std::mutex> Lock(C.ThreadsMutex);
  C.Threads.insert(std::this_thread::get_id());
}

void expectEachIndexOnce(const Counts &C, uint32_t Count) {
  for (uint32_t I = 0; I < Count; ++I)
    EXPECT_EQ(C.Runs[I].load(), 1) << "index " << I << " of " << Count;
}

TEST(ThreadPoolParallelMap, EveryIndexOnceForAnyCount) {
  ThreadPool Pool(4);
  for (uint32_t Count : {0u, 1u, 2u, 3u, 4u, 5u, 64u}) {
    Counts C(Count);
    C.Caller = std::this_thread::get_id();
    Pool.parallelMap(Count, countRun, &C);
    expectEachIndexOnce(C, Count);
    if (Count)
      EXPECT_TRUE(C.ZeroOnCaller) << "count " << Count;
  }
}

TEST(ThreadPoolParallelMap, FromAJobIdleWorkersHelp) {
  ThreadPool Pool(4);
  Counts C(256);
  // Only worker 0 maps; the others return at once and become helpers.
  Pool.runJob([&](unsigned Worker) {
    if (Worker != 0)
      return;
    C.Caller = std::this_thread::get_id();
    EXPECT_EQ(ThreadPool::current(), &Pool);
    Pool.parallelMap(256, countRun, &C);
  });
  expectEachIndexOnce(C, 256);
  EXPECT_TRUE(C.ZeroOnCaller);
  EXPECT_GT(C.Threads.size(), 1u) << "no worker helped";
}

TEST(ThreadPoolParallelMap, AllWorkersBusyTheCallerFinishesAlone) {
  ThreadPool Pool(2);
  Counts First(32), Second(32);
  std::atomic<int> Started{0};
  // Both workers map at once; neither is idle until its own map is done,
  // so each must be able to finish without help.
  Pool.runJob([&](unsigned Worker) {
    Counts &C = Worker == 0 ? First : Second;
    C.Caller = std::this_thread::get_id();
    Started++;
    while (Started < 2)
      std::this_thread::yield();
    Pool.parallelMap(32, countRun, &C);
  });
  expectEachIndexOnce(First, 32);
  expectEachIndexOnce(Second, 32);
}

TEST(ThreadPoolParallelMap, HookRunsSequentiallyOffThePool) {
  auto Hook = reinterpret_cast<loom_parallel_map_t>(
      findExternalSymbol(LOOM_PARALLEL_MAP_SYMBOL));
  ASSERT_NE(Hook, nullptr);
  EXPECT_EQ(ThreadPool::current(), nullptr);
  Counts C(9);
  C.Caller = std::this_thread::get_id();
  Hook(9, countRun, &C);
  expectEachIndexOnce(C, 9);
  EXPECT_EQ(C.Threads.size(), 1u);
}

TEST(ThreadPoolParallelMap, WorkersHookCountsThePool) {
  auto Hook = reinterpret_cast<loom_parallel_workers_t>(
      findExternalSymbol(LOOM_PARALLEL_WORKERS_SYMBOL));
  ASSERT_NE(Hook, nullptr);
  EXPECT_EQ(Hook(), 1u) << "off the pool";
  ThreadPool Pool(3);
  std::vector<std::atomic<uint32_t>> Seen(Pool.size());
  Pool.runJob([&](unsigned Worker) { Seen[Worker] = Hook(); });
  for (unsigned Worker = 0; Worker < Pool.size(); ++Worker)
    if (Seen[Worker] != 0) // a worker that joined the job
      EXPECT_EQ(Seen[Worker].load(), 3u) << "worker " << Worker;
  EXPECT_EQ(Seen[0].load(), 3u) << "the caller is worker 0";
}

} // namespace

namespace {

/// Runs a job of \p Units units shared through a counter, as the executor
/// shares work-groups, and checks each ran once.
void runSharedJob(ThreadPool &Pool, unsigned Units) {
  std::vector<std::atomic<int>> Runs(Units);
  std::atomic<unsigned> Next{0};
  Pool.runJob([&](unsigned) {
    for (unsigned I = Next++; I < Units; I = Next++)
      Runs[I]++;
  });
  for (unsigned I = 0; I < Units; ++I)
    ASSERT_EQ(Runs[I].load(), 1) << "unit " << I;
}

} // namespace

TEST(ThreadPoolExpectJob, JobsRunWhateverTheWarningFinds) {
  ThreadPool Pool(3);
  // Without a sleeping worker (a fresh pool's may still be spinning), after
  // workers have slept, and with warnings that no job follows soon.
  Pool.expectJob();
  runSharedJob(Pool, 100);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  Pool.expectJob();
  runSharedJob(Pool, 100);
  for (int I = 0; I < 3; ++I) {
    Pool.expectJob();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  runSharedJob(Pool, 100);
}

TEST(ThreadPoolExpectJob, WarningsFromAnotherThreadDuringJobs) {
  ThreadPool Pool(4);
  std::atomic<bool> Done{false};
  std::thread Warner([&] {
    while (!Done) {
      Pool.expectJob();
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  });
  for (int Round = 0; Round < 200; ++Round) {
    runSharedJob(Pool, 64);
    if (Round % 50 == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  Done = true;
  Warner.join();
}

TEST(ThreadPoolPinning, EachWorkerGetsACoreOfItsOwn) {
  using Cpus = std::vector<unsigned>;
  EXPECT_EQ(ThreadPool::planWorkerCpus(2, {0, 1, 2}, true), Cpus({0, 1}));
  EXPECT_EQ(ThreadPool::planWorkerCpus(3, {2, 5, 7}, true), Cpus({2, 5, 7}));
  // More workers than cores: two would share one for good.
  EXPECT_EQ(ThreadPool::planWorkerCpus(3, {0, 1}, true), Cpus());
  // One worker has nothing to keep apart; LOOM_PIN_WORKERS=0 turns it off.
  EXPECT_EQ(ThreadPool::planWorkerCpus(1, {0, 1}, true), Cpus());
  EXPECT_EQ(ThreadPool::planWorkerCpus(2, {0, 1}, false), Cpus());
}

namespace {

/// The cores the calling thread may run on.
std::vector<unsigned> callingThreadCpus() {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  std::vector<unsigned> Cpus;
  if (pthread_getaffinity_np(pthread_self(), sizeof(Set), &Set) != 0)
    return Cpus;
  for (unsigned Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
    if (CPU_ISSET(Cpu, &Set))
      Cpus.push_back(Cpu);
  return Cpus;
}

TEST(ThreadPoolPinning, ThreadsRunOnTheirCores) {
  unsetenv("LOOM_PIN_WORKERS");
  if (callingThreadCpus().size() < 2)
    GTEST_SKIP() << "one core: nothing to pin";
  ThreadPool Pool(2);
  ASSERT_EQ(Pool.workerCpus().size(), 2u);
  EXPECT_NE(Pool.workerCpus()[0], Pool.workerCpus()[1]);

  // Worker 1 is a pool thread: hold the job open until it has joined.
  std::vector<unsigned> SeenByWorker1;
  std::atomic<bool> Joined{false};
  Pool.runJob([&](unsigned Worker) {
    if (Worker == 1) {
      SeenByWorker1 = callingThreadCpus();
      Joined = true;
      return;
    }
    auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!Joined && std::chrono::steady_clock::now() < Deadline)
      std::this_thread::yield();
  });
  ASSERT_TRUE(Joined) << "worker 1 never joined";
  EXPECT_EQ(SeenByWorker1, std::vector<unsigned>{Pool.workerCpus()[1]});

  // Worker 0 is whichever thread runs jobs (a queue's): it pins itself.
  std::vector<unsigned> SeenByWorker0;
  std::thread Queue([&] {
    Pool.pinCallingThread(0);
    SeenByWorker0 = callingThreadCpus();
  });
  Queue.join();
  EXPECT_EQ(SeenByWorker0, std::vector<unsigned>{Pool.workerCpus()[0]});
}

TEST(ThreadPoolPinning, OffWhenTheEnvironmentSaysSo) {
  setenv("LOOM_PIN_WORKERS", "0", 1);
  ThreadPool Pool(2);
  unsetenv("LOOM_PIN_WORKERS");
  EXPECT_TRUE(Pool.workerCpus().empty());
  std::vector<unsigned> Before = callingThreadCpus();
  std::thread Queue([&] {
    Pool.pinCallingThread(0);
    EXPECT_EQ(callingThreadCpus(), Before);
  });
  Queue.join();
}

/// Spins until \p Done, or ten seconds: false then.
bool waitFor(const std::function<bool()> &Done) {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!Done())
    if (std::chrono::steady_clock::now() > Deadline)
      return false;
    else
      std::this_thread::yield();
  return true;
}

// A work-item's private pointer passed to another on another worker
// (through a program-scope variable, as the CTS's generic_address_space
// language_struct does) is private memory there too: to_private and
// get_fence answer through __loom_is_private_address. Once its worker has
// ended, its stack is no worker's.
TEST(WorkerStacks, APrivatePointerIsPrivateOnEveryWorker) {
  using IsPrivate = int (*)(const void *);
  auto IsPrivateAddress = reinterpret_cast<IsPrivate>(
      findExternalSymbol(LOOM_IS_PRIVATE_ADDRESS_SYMBOL));
  ASSERT_NE(IsPrivateAddress, nullptr);
  std::atomic<const int *> Shared{nullptr};
  std::atomic<bool> Checked{false};
  int SeenByOwner = -1, SeenByOther = -1;
  bool OwnerWaited = false, OtherWaited = false;
  {
    WorkerThread Owner([&] {
      int Private = 3;
      SeenByOwner = IsPrivateAddress(&Private);
      Shared = &Private;
      OwnerWaited = waitFor([&] { return Checked.load(); });
    });
    WorkerThread Other([&] {
      OtherWaited = waitFor([&] { return Shared.load() != nullptr; });
      if (OtherWaited)
        SeenByOther = IsPrivateAddress(Shared.load());
      Checked = true;
    });
  }
  ASSERT_TRUE(OwnerWaited && OtherWaited);
  EXPECT_EQ(SeenByOwner, 1);
  EXPECT_EQ(SeenByOther, 1);
  EXPECT_FALSE(isOnWorkerStack(Shared.load()));
  auto Global = std::make_unique<int>(1);
  EXPECT_EQ(IsPrivateAddress(Global.get()), 0);
  EXPECT_FALSE(isOnWorkerStack(Global.get()));
}

} // namespace
