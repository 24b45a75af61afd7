//===- thread_pool.h - The driver's persistent workers ---------*- C++ -*-===//
///
/// \file
/// A fixed set of workers, started once per device, that run one job at a
/// time: the thread that hands it out is worker 0, and the pool's N - 1
/// threads join it while it runs. A job shares out its own work (the
/// ND-range executor: chunks of work-groups from shares), so it is done
/// whichever workers join; the caller never waits for a sleeping thread to
/// wake up only to find nothing left.
///
/// Waking a sleeping thread goes through the kernel and costs tens of
/// microseconds on a virtual machine, more than a short launch: a worker
/// that has finished spins a little while (spin.h) for the next job before
/// it sleeps, and so does the caller waiting for the last worker. A queue that
/// is handed an ND-range while idle warns the pool (expectJob), so that
/// sleeping workers wake while the queue's own thread does, rather than
/// after it has started the job.
///
/// Each worker runs on a core of its own (the queue thread on the first the
/// process may use, pool thread I on the I-th) when there are no more
/// workers than such cores: left to the scheduler, two workers sometimes
/// shared one core for a whole process while the other sat idle, and one's
/// spin then held the core the other needed (doc/performance.md, "Workers on
/// cores of their own"). LOOM_PIN_WORKERS=0 leaves placement to the
/// scheduler.
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
#include <vector>

#include "worker_thread.h"

namespace mux {

class ThreadPool {
public:
  /// Makes \p Count workers (at least one): the caller of runJob and
  /// \p Count - 1 threads.
  explicit ThreadPool(unsigned Count);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  unsigned size() const { return static_cast<unsigned>(Threads.size()) + 1; }

  /// Runs \p Job(0) on the calling thread and, unless \p Alone, \p Job(I)
  /// on each worker I that is free to join before Job(0) returns; returns
  /// when every run has. \p Job must share out its work so that it is all
  /// done whichever workers join (\p Alone: work that cannot be shared, so
  /// no worker is woken for it). Calls from several threads are served one
  /// after the other.
  void runJob(const std::function<void(unsigned)> &Job, bool Alone = false);

  /// Says a job is about to be run: workers asleep wake now and spin for it
  /// a while (about 300 microseconds) before they sleep again. Costs a
  /// wake-up when some worker sleeps, nothing otherwise.
  void expectJob();

  /// Runs Fn(Ctx, I) for every I in [0, Count): index 0 on the calling
  /// thread, the others on whichever of the caller and the idle workers
  /// claims them first; returns when all have returned. May be called from a
  /// job running on a worker.
  void parallelMap(uint32_t Count, void (*Fn)(void *, uint32_t), void *Ctx);

  /// Binds the calling thread, which runs worker \p Worker's part of each
  /// job, to that worker's core; does nothing when the pool does not pin.
  /// The pool's threads call it themselves; the thread that calls runJob
  /// (worker 0) calls it once, before its first job.
  void pinCallingThread(unsigned Worker) const;

  /// The core each worker runs on (empty: the pool does not pin).
  const std::vector<unsigned> &workerCpus() const { return WorkerCpus; }

  /// The pool whose worker is the calling thread, or null.
  static ThreadPool *current();

  /// The worker count a device gets: LOOM_NUM_THREADS if set to a positive
  /// number, else one per core the process may run on.
  static unsigned defaultWorkerCount();

  /// The cores \p Workers workers run on, given the cores the process may
  /// use (\p Allowed, in order) and whether pinning is on: worker I on
  /// Allowed[I], or none (empty) when pinning is off or there are more
  /// workers than cores, where two would share one for good.
  static std::vector<unsigned>
  planWorkerCpus(unsigned Workers, const std::vector<unsigned> &Allowed,
                 bool Enabled);

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
  /// Whether a worker that has seen job \p Seen has something to do.
  bool hasWork(uint64_t Seen) const {
    return Stopping.load(std::memory_order_acquire) ||
           Generation.load(std::memory_order_acquire) != Seen ||
           MapPending.load(std::memory_order_acquire);
  }
  /// Spins, then sleeps, until hasWork(\p Seen). Woken by expectJob, spins
  /// longer before sleeping again; \p WarningsSeen is the last
  /// expectJob call the worker has seen.
  void waitForWork(uint64_t Seen, uint64_t &WarningsSeen);
  /// Spins, then sleeps, until every worker that joined the job has
  /// finished it.
  void waitForJoined();
  /// Runs indices of \p Work until none are left to claim.
  static void runMapIndices(MapWork &Work);

  /// Set before the threads start, read by each as it starts.
  std::vector<unsigned> WorkerCpus;
  std::vector<WorkerThread> Threads;
  std::mutex RunMutex;
  std::mutex StateMutex;
  std::condition_variable WorkReady;
  std::condition_variable WorkDone;
  /// The job, and whether workers may still join it; guarded by StateMutex.
  const std::function<void(unsigned)> *Job = nullptr;
  bool JobOpen = false;
  /// Changed under StateMutex, read without it by spinning workers.
  std::atomic<uint64_t> Generation{0};
  std::atomic<bool> Stopping{false};
  /// expectJob calls that found a sleeping worker; changed under StateMutex.
  std::atomic<uint64_t> Warnings{0};
  /// Whether MapQueue has work.
  std::atomic<bool> MapPending{false};
  /// Threads running the current job; grows under StateMutex while the job
  /// is open.
  std::atomic<unsigned> Joined{0};
  /// Threads asleep on WorkReady; guarded by StateMutex.
  unsigned Sleepers = 0;
  /// parallelMap work with indices left to claim; guarded by StateMutex.
  std::vector<MapWork *> MapQueue;
  std::condition_variable HelpersDone;
};

} // namespace mux

#endif // MUX_SOURCE_THREAD_POOL_H
