//===- thread_pool.cpp - The driver's persistent workers ------------------===//
///
/// \file
/// See thread_pool.h.
///
//===----------------------------------------------------------------------===//

#include "thread_pool.h"
#include "environment.h"

#include "cargo/spin.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace mux {

namespace {

thread_local ThreadPool *CurrentPool = nullptr;

/// Checks of a spin for a job expectJob announced: about 300 microseconds,
/// a few times what a queue thread takes to wake and reach the job.
constexpr unsigned ExpectedJobSpinChecks = 15 * cargo::SpinChecks;

/// The cores the calling thread may run on, in increasing order (every
/// core the machine reports, where the mask cannot be read).
std::vector<unsigned> allowedCpus() {
  std::vector<unsigned> Cpus;
#ifdef __linux__
  cpu_set_t Set;
  CPU_ZERO(&Set);
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0) {
    for (unsigned Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
      if (CPU_ISSET(Cpu, &Set))
        Cpus.push_back(Cpu);
    return Cpus;
  }
#endif
  for (unsigned Cpu = 0; Cpu < std::thread::hardware_concurrency(); ++Cpu)
    Cpus.push_back(Cpu);
  return Cpus;
}

bool pinningEnabled() {
  return readEnvironmentCount("LOOM_PIN_WORKERS", 0, 1).value_or(1) == 1;
}

} // namespace

std::vector<unsigned>
ThreadPool::planWorkerCpus(unsigned Workers,
                           const std::vector<unsigned> &Allowed, bool Enabled) {
  if (!Enabled || Workers < 2 || Workers > Allowed.size())
    return {};
  return std::vector<unsigned>(Allowed.begin(), Allowed.begin() + Workers);
}

void ThreadPool::pinCallingThread(unsigned Worker) const {
  if (Worker >= WorkerCpus.size())
    return;
#ifdef __linux__
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(WorkerCpus[Worker], &Set);
  // A placement hint: a thread left where it is runs correctly.
  (void)pthread_setaffinity_np(pthread_self(), sizeof(Set), &Set);
#endif
}

ThreadPool::ThreadPool(unsigned Count)
    : WorkerCpus(planWorkerCpus(Count, allowedCpus(), pinningEnabled())) {
  for (unsigned I = 1; I < Count; ++I)
    Threads.emplace_back([this, I] { workerLoop(I); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> Lock(StateMutex);
    Stopping.store(true, std::memory_order_release);
  }
  WorkReady.notify_all();
  for (WorkerThread &Thread : Threads)
    Thread.join();
}

void ThreadPool::runJob(const std::function<void(unsigned)> &NewJob,
                        bool Alone) {
  std::lock_guard<std::mutex> RunLock(RunMutex);
  if (Alone) {
    ThreadPool *Outer = CurrentPool;
    CurrentPool = this;
    NewJob(0);
    CurrentPool = Outer;
    return;
  }
  {
    std::lock_guard<std::mutex> Lock(StateMutex);
    Job = &NewJob;
    JobOpen = true;
    Generation.fetch_add(1, std::memory_order_release);
    if (Sleepers)
      WorkReady.notify_all();
  }
  // Worker 0; a parallelMap of its kernel shares out work from here.
  ThreadPool *Outer = CurrentPool;
  CurrentPool = this;
  NewJob(0);
  CurrentPool = Outer;
  {
    // What is left is claimed: a worker arriving now would find nothing.
    std::lock_guard<std::mutex> Lock(StateMutex);
    JobOpen = false;
  }
  waitForJoined();
  std::lock_guard<std::mutex> Lock(StateMutex);
  Job = nullptr;
}

void ThreadPool::waitForJoined() {
  auto Finished = [this] {
    return Joined.load(std::memory_order_acquire) == 0;
  };
  if (cargo::spinUntil(Finished))
    return;
  std::unique_lock<std::mutex> Lock(StateMutex);
  WorkDone.wait(Lock, Finished);
}

void ThreadPool::waitForWork(uint64_t Seen, uint64_t &WarningsSeen) {
  auto Ready = [&] { return hasWork(Seen); };
  if (cargo::spinUntil(Ready))
    return;
  for (;;) {
    {
      std::unique_lock<std::mutex> Lock(StateMutex);
      ++Sleepers;
      WorkReady.wait(Lock, [&] {
        return Ready() ||
               Warnings.load(std::memory_order_relaxed) != WarningsSeen;
      });
      --Sleepers;
      WarningsSeen = Warnings.load(std::memory_order_relaxed);
    }
    if (Ready() || cargo::spinUntil(Ready, ExpectedJobSpinChecks))
      return;
  }
}

void ThreadPool::expectJob() {
  std::lock_guard<std::mutex> Lock(StateMutex);
  if (!Sleepers)
    return;
  Warnings.fetch_add(1, std::memory_order_relaxed);
  WorkReady.notify_all();
}

ThreadPool *ThreadPool::current() { return CurrentPool; }

void ThreadPool::workerLoop(unsigned Index) {
  pinCallingThread(Index);
  CurrentPool = this;
  uint64_t Seen = 0;
  uint64_t WarningsSeen = 0;
  for (;;) {
    waitForWork(Seen, WarningsSeen);
    const std::function<void(unsigned)> *Current = nullptr;
    MapWork *Help = nullptr;
    {
      std::lock_guard<std::mutex> Lock(StateMutex);
      if (Stopping.load(std::memory_order_relaxed))
        return;
      if (Generation.load(std::memory_order_relaxed) != Seen) {
        Seen = Generation.load(std::memory_order_relaxed);
        if (!JobOpen)
          continue; // Finished before this worker woke up.
        Current = Job;
        Joined.fetch_add(1, std::memory_order_relaxed);
      } else if (!MapQueue.empty()) {
        Help = MapQueue.front();
        ++Help->Helpers;
      } else {
        continue; // Another worker took the last of the map work.
      }
    }
    if (Help) {
      runMapIndices(*Help);
      std::lock_guard<std::mutex> Lock(StateMutex);
      // Nothing left to claim: later arrivals need not look at it.
      auto It = std::find(MapQueue.begin(), MapQueue.end(), Help);
      if (It != MapQueue.end())
        MapQueue.erase(It);
      MapPending.store(!MapQueue.empty(), std::memory_order_release);
      if (--Help->Helpers == 0)
        HelpersDone.notify_all();
      continue;
    }
    (*Current)(Index);
    if (Joined.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      // Under the lock, so a caller between its last check and its sleep
      // cannot miss this.
      std::lock_guard<std::mutex> Lock(StateMutex);
      WorkDone.notify_one();
    }
  }
}

void ThreadPool::runMapIndices(MapWork &Work) {
  for (uint32_t I = Work.Next++; I < Work.Count; I = Work.Next++)
    Work.Fn(Work.Ctx, I);
}

void ThreadPool::parallelMap(uint32_t Count, void (*Fn)(void *, uint32_t),
                             void *Ctx) {
  if (Count == 0)
    return;
  MapWork Work{Count, Fn, Ctx};
  if (Count > 1) {
    std::lock_guard<std::mutex> Lock(StateMutex);
    MapQueue.push_back(&Work);
    MapPending.store(true, std::memory_order_release);
    if (Sleepers)
      WorkReady.notify_all();
  }
  Fn(Ctx, 0);
  runMapIndices(Work);
  // Every index is claimed; wait for the helpers still running theirs.
  std::unique_lock<std::mutex> Lock(StateMutex);
  auto It = std::find(MapQueue.begin(), MapQueue.end(), &Work);
  if (It != MapQueue.end())
    MapQueue.erase(It);
  MapPending.store(!MapQueue.empty(), std::memory_order_release);
  HelpersDone.wait(Lock, [&] { return Work.Helpers == 0; });
}

unsigned ThreadPool::defaultWorkerCount() {
  if (auto Count = readEnvironmentCount("LOOM_NUM_THREADS", 1, 1024))
    return static_cast<unsigned>(*Count);
  return std::max<unsigned>(1, static_cast<unsigned>(allowedCpus().size()));
}

} // namespace mux
