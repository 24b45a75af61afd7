//===- Completer.h - What ends a context's dispatched commands --*- C++ -*-===//
///
/// \file
/// A context sends a ready command to its driver queue and returns: the
/// application's thread goes on while the kernel runs (so that the host
/// and a running kernel can hand values to each other through SVM atomics,
/// and the host can prepare the next command meanwhile). The context's
/// completer then waits, on a thread of its own started at the context's
/// first dispatch, for each dispatch's fence in the order of dispatch, the
/// order the driver queue runs them in, and calls what was to follow it:
/// the command's host work and the end of its event. A thread about to wait
/// for the command (clFinish, clWaitForEvents) waits for the fence itself
/// and runs that there if the completer has not claimed it yet (finish):
/// the completer sleeps between dispatches, and waking it would cost a
/// short launch more than the launch.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_COMPLETER_H
#define OPENCL_COMPLETER_H

#include "mux/mux.h"

#include <pthread.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

namespace loom {
namespace opencl {

class Completer {
public:
  /// What follows a dispatch, given the driver's result for its fence:
  /// mux_success, or why the commands did not all run (a kernel faulted).
  using Continuation = std::function<void(mux_result_t)>;

  /// A completer of \p Device's dispatches to \p Queue; its thread starts
  /// at the first add.
  static std::shared_ptr<Completer> create(mux_device_t Device,
                                           mux_queue_t Queue);
  ~Completer();

  /// One dispatch: its fence, and what follows it, which whichever of the
  /// completer and a thread waiting for it claims first runs, once. The
  /// last of them to let go destroys the fence, then what followed (which
  /// may hold the last reference to the fence's device).
  struct Dispatch {
    Dispatch(mux_device_t Device, mux_fence_t Fence, Continuation &Then)
        : Device(Device), Fence(Fence), Then(std::move(Then)) {}
    ~Dispatch() { muxDestroyFence(Device, Fence); }
    mux_device_t Device;
    mux_fence_t Fence;
    Continuation Then;
    std::atomic<bool> Claimed{false};
  };

  /// Takes \p Fence, signalled once a dispatch has run, and \p Then, to be
  /// called once it has. Dispatches must be added in the order they were
  /// dispatched. Null, leaving both to the caller, if the thread could not
  /// be started.
  std::shared_ptr<Dispatch> add(mux_fence_t Fence, Continuation &Then);

  /// Waits on this thread for \p Done's fence and runs what follows it here,
  /// unless that was claimed already: a thread about to wait for the
  /// command's end saves the hand-off from the completer's thread.
  void finish(Dispatch &Done);

  /// Waits for what was added to be done and ends the thread; on the
  /// completer's own thread (a continuation that released the context),
  /// lets the thread end once that continuation returns.
  void stop();

private:
  Completer(mux_device_t Device, mux_queue_t Queue)
      : Device(Device), Queue(Queue) {}
  /// The thread's body: run, given the reference it holds.
  static void *start(void *Keep);
  void run(std::shared_ptr<Completer> Keep);

  mux_device_t Device;
  mux_queue_t Queue;
  std::weak_ptr<Completer> Self;
  std::mutex Guard;
  std::condition_variable Changed;
  std::deque<std::shared_ptr<Dispatch>> Waiting;
  bool Stopping = false;
  /// The thread (a pthread, since a std::thread that cannot start would
  /// throw, and this library has no exceptions), once started; whether it
  /// was joined or detached.
  pthread_t Thread;
  bool Started = false;
  bool Joined = false;
};

} // namespace opencl
} // namespace loom

#endif // OPENCL_COMPLETER_H
