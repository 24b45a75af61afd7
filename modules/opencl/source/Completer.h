//===- Completer.h - What ends a context's dispatched commands --*- C++ -*-===//
///
/// \file
/// A context sends a ready command to its driver queue and returns: the
/// application's thread goes on while the kernel runs (so that the host
/// and a running kernel can hand values to each other through SVM atomics,
/// and the host can prepare the next command meanwhile). What follows the
/// command (its host work, the end of its event) runs once the driver says,
/// through the dispatch's callback, that its commands have run: on a thread
/// about to wait for the command (clFinish, clWaitForEvents), which waits
/// for the dispatch's fence and runs it there (finish), or else on the
/// context's completer, a thread of its own started at the context's first
/// dispatch, which the callback wakes. The callback wakes the completer
/// only for a dispatch no thread waits for: waking a sleeping thread costs
/// a short launch more than the launch (doc/opencl.md, "What a launch
/// costs").
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
  /// What follows a dispatch, given the driver's result: mux_success, or
  /// why the commands did not all run (a kernel faulted).
  using Continuation = std::function<void(mux_result_t)>;

  /// A completer of \p Device's dispatches to \p Queue; its thread starts
  /// at the first dispatch.
  static std::shared_ptr<Completer> create(mux_device_t Device,
                                           mux_queue_t Queue);
  ~Completer();

  /// One dispatch: its fence, and what follows it, which whichever of the
  /// completer and a thread waiting for it claims first runs, once. The
  /// last of them to let go destroys the fence, then what followed (which
  /// may hold the last reference to the fence's device).
  struct Dispatch {
    Dispatch(Completer &Owner, mux_fence_t Fence, Continuation &Then)
        : Owner(Owner), Fence(Fence), Then(std::move(Then)) {}
    ~Dispatch() { muxDestroyFence(Owner.Device, Fence); }
    Completer &Owner;
    mux_fence_t Fence;
    Continuation Then;
    /// The driver's result, set by the callback before Ran (and before the
    /// fence is signalled).
    mux_result_t Result = mux_error_invalid_state;
    std::atomic<bool> Ran{false};
    /// Whether a thread waits for the fence: the callback then leaves the
    /// dispatch to it.
    std::atomic<bool> Awaited{false};
    std::atomic<bool> Claimed{false};
  };

  /// Dispatches \p Commands to the driver queue; \p Then is called once
  /// they have run, with the driver's result. Null if they could not be
  /// dispatched, or if the completer's thread could not be started (they
  /// have run by then): \p Then is left to the caller, with the driver's
  /// result in \p Result.
  std::shared_ptr<Dispatch> dispatch(mux_command_buffer_t Commands,
                                     Continuation &Then, mux_result_t &Result);

  /// Waits on this thread for \p Done's commands to have run and runs what
  /// follows them here, unless that was claimed already: a thread about to
  /// wait for the command's end saves the hand-off from the completer.
  void finish(Dispatch &Done);

  /// Waits for what was dispatched to be done and ends the thread; on the
  /// completer's own thread (a continuation that released the context),
  /// lets the thread end once that continuation returns.
  void stop();

private:
  Completer(mux_device_t Device, mux_queue_t Queue)
      : Device(Device), Queue(Queue) {}
  /// Starts the thread unless it runs; whether it does. Needs Guard.
  bool startThread();
  /// The driver's callback of a dispatch (Dispatch *\p Data).
  static void whenRun(mux_command_buffer_t Commands, mux_result_t Result,
                      void *Data);
  /// Drops \p Done, claimed, from the dispatches in flight.
  void forget(const Dispatch &Done);
  /// The thread's body: run, given the reference it holds.
  static void *start(void *Keep);
  void run(std::shared_ptr<Completer> Keep);

  mux_device_t Device;
  mux_queue_t Queue;
  std::weak_ptr<Completer> Self;
  std::mutex Guard;
  std::condition_variable Changed;
  /// The dispatches whose continuations have not been claimed, held here
  /// until they are: the callback only has their address.
  std::deque<std::shared_ptr<Dispatch>> InFlight;
  /// How many dispatches that no thread waited for have run since the
  /// completer last looked.
  unsigned Arrived = 0;
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
