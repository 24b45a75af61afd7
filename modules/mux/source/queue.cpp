//===- queue.cpp - Queues, semaphores and fences --------------------------===//
///
/// \file
/// Each device's queue is a thread that runs submissions one at a time.
/// It picks the earliest dispatched submission whose wait semaphores are
/// all signalled, so submissions without semaphores run in dispatch order
/// and a submission waiting on a later one's semaphore lets that one pass.
/// When a submission finishes, its signal semaphores and its fence become
/// signalled. A queue with nothing runnable but blocked submissions is
/// stuck: only a new dispatch can unblock it, so host waits return instead
/// of hanging.
///
//===----------------------------------------------------------------------===//

#include "objects.h"

#include <algorithm>
#include <chrono>

namespace mux {

bool Submission::uses(const void *Object) const {
  auto Is = [Object](const void *P) { return P == Object; };
  return Is(CB) || Is(Fence) || std::any_of(Waits.begin(), Waits.end(), Is) ||
         std::any_of(Signals.begin(), Signals.end(), Is);
}

namespace {

bool isReady(const Submission &S) {
  return std::all_of(S.Waits.begin(), S.Waits.end(),
                     [](const mux_semaphore_s *W) { return W->Signalled; });
}

/// The next submission to run, or end() if none can. Needs Queue.Mutex.
std::deque<Submission>::iterator firstReady(mux_queue_s &Queue) {
  return std::find_if(Queue.Pending.begin(), Queue.Pending.end(), isReady);
}

/// Needs Queue.Mutex.
bool isStuck(mux_queue_s &Queue) {
  return !Queue.Busy && !Queue.Pending.empty() &&
         firstReady(Queue) == Queue.Pending.end();
}

/// Whether \p CB has an ND-range the pool's workers would share.
bool sharesWork(const mux_command_buffer_s &CB) {
  return std::any_of(
      CB.Commands.begin(), CB.Commands.end(), [](const Command &C) {
        const auto *Launch = std::get_if<NDRangeCommand>(&C);
        return Launch && Launch->NumGroups[0] * Launch->NumGroups[1] *
                                 Launch->NumGroups[2] >
                             1;
      });
}

void signalCompletion(const Submission &S) {
  for (mux_semaphore_s *Semaphore : S.Signals)
    Semaphore->Signalled = true;
  if (S.Fence)
    S.Fence->Signalled = true;
}

void runQueue(mux_queue_s &Queue) {
  // The queue thread is worker 0 of every ND-range.
  Queue.Device->Workers->pinCallingThread(0);
  std::unique_lock<std::mutex> Lock(Queue.Mutex);
  for (;;) {
    Queue.Changed.wait(Lock, [&] {
      return Queue.Stopping || firstReady(Queue) != Queue.Pending.end();
    });
    auto Next = firstReady(Queue);
    if (Next == Queue.Pending.end())
      return; // Stopping; what is left can never run.
    Queue.Running = std::move(*Next);
    Queue.Pending.erase(Next);
    Queue.Busy = true;
    Lock.unlock();
    executeCommandBuffer(*Queue.Device, *Queue.Running.CB);
    Lock.lock();
    signalCompletion(Queue.Running);
    Queue.Running = Submission();
    Queue.Busy = false;
    Queue.Changed.notify_all();
  }
}

} // namespace

void startQueue(mux_queue_s &Queue, mux_device_s &Device) {
  Queue.Device = &Device;
  Queue.Thread = mux::WorkerThread([&Queue] { runQueue(Queue); });
}

void stopQueue(mux_queue_s &Queue) {
  {
    std::lock_guard<std::mutex> Lock(Queue.Mutex);
    Queue.Stopping = true;
  }
  Queue.Changed.notify_all();
  if (Queue.Thread.joinable())
    Queue.Thread.join();
}

void enqueue(mux_queue_s &Queue, Submission S) {
  bool WarnWorkers = false;
  {
    std::lock_guard<std::mutex> Lock(Queue.Mutex);
    // Runs next: the workers wake while the queue thread does.
    WarnWorkers =
        !Queue.Busy && Queue.Pending.empty() && isReady(S) && sharesWork(*S.CB);
    Queue.Pending.push_back(std::move(S));
  }
  Queue.Changed.notify_all();
  if (WarnWorkers)
    Queue.Device->Workers->expectJob();
}

bool waitIdle(mux_queue_s &Queue) {
  std::unique_lock<std::mutex> Lock(Queue.Mutex);
  Queue.Changed.wait(Lock, [&] {
    return (Queue.Pending.empty() && !Queue.Busy) || isStuck(Queue);
  });
  return Queue.Pending.empty();
}

void retire(mux_queue_s &Queue, const void *Object) {
  std::unique_lock<std::mutex> Lock(Queue.Mutex);
  auto Uses = [Object](const Submission &S) { return S.uses(Object); };
  Queue.Changed.wait(Lock, [&] {
    if (Queue.Busy && Uses(Queue.Running))
      return false;
    return isStuck(Queue) ||
           std::none_of(Queue.Pending.begin(), Queue.Pending.end(), Uses);
  });
  Queue.Pending.erase(
      std::remove_if(Queue.Pending.begin(), Queue.Pending.end(), Uses),
      Queue.Pending.end());
  Queue.Changed.notify_all();
}

bool waitForFence(mux_queue_s &Queue, const mux_fence_s &Fence,
                  uint64_t TimeoutNs) {
  std::unique_lock<std::mutex> Lock(Queue.Mutex);
  auto Settled = [&] {
    bool Outstanding =
        (Queue.Busy && Queue.Running.Fence == &Fence) ||
        std::any_of(Queue.Pending.begin(), Queue.Pending.end(),
                    [&](const Submission &S) { return S.Fence == &Fence; });
    return Fence.Signalled || !Outstanding || isStuck(Queue);
  };
  // Past a century the clock arithmetic of wait_for would overflow.
  constexpr uint64_t Forever = uint64_t(1) << 62;
  if (TimeoutNs >= Forever)
    Queue.Changed.wait(Lock, Settled);
  else
    Queue.Changed.wait_for(Lock, std::chrono::nanoseconds(TimeoutNs), Settled);
  return Fence.Signalled;
}

} // namespace mux
