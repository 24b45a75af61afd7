//===- thread_pool.h - The driver's persistent workers ---------*- C++ -*-===//
///
/// \file
/// A fixed set of worker threads, started once per device, that run one job
/// at a time on all workers and report when every worker has finished it.
/// The ND-range executor hands them work-groups through the job.
///
/// A running job may also share out smaller work with parallelMap (the
/// kernels' `__loom_parallel_map`): workers that have finished their part of
/// the job, or are between jobs, take indices from it; the caller takes them
/// too, so the work completes even when no worker is free.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_THREAD_POOL_H
#define MUX_SOURCE_THREAD_POOL_H

#include <atomic>
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

  /// Runs Fn(Ctx, I) for every I in [0, Count): index 0 on the calling
  /// thread, the others on whichever of the caller and the idle workers
  /// claims them first; returns when all have returned. May be called from a
  /// job running on a worker.
  void parallelMap(uint32_t Count, void (*Fn)(void *, uint32_t), void *Ctx);

  /// The pool whose worker is the calling thread, or null.
  static ThreadPool *current();

  /// The worker count a device gets: LOOM_NUM_THREADS if set to a positive
  /// number, else one per core.
  static unsigned defaultWorkerCount();

private:
  /// One parallelMap call's work, shared with idle workers.
  struct MapWork {
    uint32_t Count;
    void (*Fn)(void *, uint32_t);
    void *Ctx;
    std::atomic<uint32_t> Next{1};
    /// Workers running indices of it; guarded by StateMutex.
    unsigned Helpers = 0;
  };

  void workerLoop(unsigned Index);
  /// Runs indices of \p Work until none are left to claim.
  static void runMapIndices(MapWork &Work);

  std::vector<std::thread> Workers;
  std::mutex RunMutex;
  std::mutex StateMutex;
  std::condition_variable WorkReady;
  std::condition_variable WorkDone;
  const std::function<void(unsigned)> *Job = nullptr;
  uint64_t Generation = 0;
  unsigned Running = 0;
  bool Stopping = false;
  /// parallelMap work with indices left to claim; guarded by StateMutex.
  std::vector<MapWork *> MapQueue;
  std::condition_variable HelpersDone;
};

} // namespace mux

#endif // MUX_SOURCE_THREAD_POOL_H
