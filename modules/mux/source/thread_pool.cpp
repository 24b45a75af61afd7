//===- thread_pool.cpp - The driver's persistent workers ------------------===//
///
/// \file
/// See thread_pool.h.
///
//===----------------------------------------------------------------------===//

#include "thread_pool.h"

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

void ThreadPool::workerLoop(unsigned Index) {
  uint64_t Seen = 0;
  for (;;) {
    const std::function<void(unsigned)> *Current;
    {
      std::unique_lock<std::mutex> Lock(StateMutex);
      WorkReady.wait(Lock, [&] { return Stopping || Generation != Seen; });
      if (Stopping)
        return;
      Seen = Generation;
      Current = Job;
    }
    (*Current)(Index);
    std::lock_guard<std::mutex> Lock(StateMutex);
    if (--Running == 0)
      WorkDone.notify_one();
  }
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
