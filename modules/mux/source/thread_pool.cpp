//===- thread_pool.cpp - The driver's persistent workers ------------------===//
///
/// \file
/// See thread_pool.h.
///
//===----------------------------------------------------------------------===//

#include "thread_pool.h"

#include <algorithm>
#include <cstdlib>

namespace mux {

ThreadPool::ThreadPool(unsigned Count) {
  if (Count == 0)
    Count = 1;
  for (unsigned I = 0; I < Count; ++I)
    Workers.emplace_back([this, I] { workerLoop(I); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> Lock(StateMutex);
    Stopping = true;
  }
  WorkReady.notify_all();
  for (std::thread &Worker : Workers)
    Worker.join();
}

void ThreadPool::runOnAll(const std::function<void(unsigned)> &NewJob) {
  std::lock_guard<std::mutex> RunLock(RunMutex);
  std::unique_lock<std::mutex> Lock(StateMutex);
  Job = &NewJob;
  Running = size();
  ++Generation;
  WorkReady.notify_all();
  WorkDone.wait(Lock, [this] { return Running == 0; });
  Job = nullptr;
}

namespace {
thread_local ThreadPool *CurrentPool = nullptr;
} // namespace

ThreadPool *ThreadPool::current() { return CurrentPool; }

void ThreadPool::workerLoop(unsigned Index) {
  CurrentPool = this;
  uint64_t Seen = 0;
  for (;;) {
    const std::function<void(unsigned)> *Current = nullptr;
    MapWork *Help = nullptr;
    {
      std::unique_lock<std::mutex> Lock(StateMutex);
      WorkReady.wait(Lock, [&] {
        return Stopping || Generation != Seen || !MapQueue.empty();
      });
      if (Stopping)
        return;
      if (Generation != Seen) {
        Seen = Generation;
        Current = Job;
      } else {
        Help = MapQueue.front();
        ++Help->Helpers;
      }
    }
    if (Help) {
      runMapIndices(*Help);
      std::lock_guard<std::mutex> Lock(StateMutex);
      // Nothing left to claim: later arrivals need not look at it.
      auto It = std::find(MapQueue.begin(), MapQueue.end(), Help);
      if (It != MapQueue.end())
        MapQueue.erase(It);
      if (--Help->Helpers == 0)
        HelpersDone.notify_all();
      continue;
    }
    (*Current)(Index);
    std::lock_guard<std::mutex> Lock(StateMutex);
    if (--Running == 0)
      WorkDone.notify_one();
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
  }
  WorkReady.notify_all();
  Fn(Ctx, 0);
  runMapIndices(Work);
  // Every index is claimed; wait for the helpers still running theirs.
  std::unique_lock<std::mutex> Lock(StateMutex);
  auto It = std::find(MapQueue.begin(), MapQueue.end(), &Work);
  if (It != MapQueue.end())
    MapQueue.erase(It);
  HelpersDone.wait(Lock, [&] { return Work.Helpers == 0; });
}

unsigned ThreadPool::defaultWorkerCount() {
  if (const char *Env = std::getenv("LOOM_NUM_THREADS")) {
    char *End = nullptr;
    long Value = std::strtol(Env, &End, 10);
    if (End != Env && *End == '\0' && Value > 0 && Value <= 1024)
      return static_cast<unsigned>(Value);
  }
  unsigned Cores = std::thread::hardware_concurrency();
  return Cores ? Cores : 1;
}

} // namespace mux
