//===- thread_pool.h - The driver's persistent workers ---------*- C++ -*-===//
///
/// \file
/// A fixed set of worker threads, started once per device, that run one job
/// at a time on all workers and report when every worker has finished it.
/// The ND-range executor hands them work-groups through the job.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_THREAD_POOL_H
#define MUX_SOURCE_THREAD_POOL_H

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mux {

class ThreadPool {
public:
  /// Starts \p Count workers (at least one).
  explicit ThreadPool(unsigned Count);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  unsigned size() const { return static_cast<unsigned>(Workers.size()); }

  /// Runs \p Job(WorkerIndex) once on every worker; returns when all have
  /// returned. Calls from several threads are served one after the other.
  void runOnAll(const std::function<void(unsigned)> &Job);

  /// The worker count a device gets: LOOM_NUM_THREADS if set to a positive
  /// number, else one per core.
  static unsigned defaultWorkerCount();

private:
  void workerLoop(unsigned Index);

  std::vector<std::thread> Workers;
  std::mutex RunMutex;
  std::mutex StateMutex;
  std::condition_variable WorkReady;
  std::condition_variable WorkDone;
  const std::function<void(unsigned)> *Job = nullptr;
  uint64_t Generation = 0;
  unsigned Running = 0;
  bool Stopping = false;
};

} // namespace mux

#endif // MUX_SOURCE_THREAD_POOL_H
