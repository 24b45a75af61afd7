//===- queue.cpp - Queues, semaphores and fences --------------------------===//
///
/// \file
/// Each device's queue is a thread that runs submissions one at a time.
/// It picks the earliest dispatched submission whose wait semaphores are
/// all signalled, so submissions without semaphores run in dispatch order
/// and a submission waiting on a later one's semaphore lets that one pass.
/// When a submission finishes, its callback is called (on the queue's
/// thread), then its signal semaphores and its fence become signalled; a
/// submission dropped unrun has its callback called by the thread that
/// dropped it. A queue with nothing runnable but blocked submissions is
/// stuck: only a new dispatch can unblock it, so host waits return instead
/// of hanging.
///
/// Every change of a queue's state is counted (mux_queue_s::Changes). The
/// queue's thread between submissions, and a host waiting for the queue
/// without a time limit, poll that count for a while before they sleep
/// (cargo/spin.h), so that neither hand-off of a short launch, host to queue
/// and back, is a wake-up through the kernel (doc/performance.md, "Dispatch:
/// the queue's hand-offs"). Their spins give the core up every few
/// microseconds, so a thread that shares its core with them (a worker, the
/// host, the queue's thread on a process bound to one core) is not held up.
///
//===----------------------------------------------------------------------===//

#include "objects.h"

#include "cargo/spin.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <vector>

namespace mux {

bool Submission::uses(const void *Object) const {
  auto Is = [Object](const void *P) { return P == Object; };
  return Is(CB) || Is(Fence) || std::any_of(Waits.begin(), Waits.end(), Is) ||
         std::any_of(Signals.begin(), Signals.end(), Is);
}

void Submission::tell(mux_result_t Result) const {
  if (Callback)
    Callback(CB, Result, UserData);
}

namespace {

/// Tells the callbacks of \p Dropped, dispatches that will never run.
void tellDropped(const std::vector<Submission> &Dropped) {
  for (const Submission &S : Dropped)
    S.tell(mux_error_invalid_state);
}

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

/// Counts a change of \p Queue for the hosts that spin. Needs Queue.Mutex;
/// the caller notifies Queue.Changed.
void countChange(mux_queue_s &Queue) {
  Queue.Changes.fetch_add(1, std::memory_order_release);
}

/// Waits under \p Lock until \p Ready(), as Changed.wait does, but first
/// polls Queue.Changes without the lock, for as long as changes keep coming
/// within a spin, and sleeps only once one does not.
template <typename Predicate>
void waitForChange(mux_queue_s &Queue, std::unique_lock<std::mutex> &Lock,
                   Predicate Ready) {
  while (!Ready()) {
    uint64_t Seen = Queue.Changes.load(std::memory_order_acquire);
    Lock.unlock();
    bool Changed = cargo::spinUntil(
        [&] { return Queue.Changes.load(std::memory_order_acquire) != Seen; });
    Lock.lock();
    if (!Changed)
      break;
  }
  Queue.Changed.wait(Lock, Ready);
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
    waitForChange(Queue, Lock, [&] {
      return Queue.Stopping || firstReady(Queue) != Queue.Pending.end();
    });
    auto Next = firstReady(Queue);
    if (Next == Queue.Pending.end())
      return; // Stopping; what is left can never run.
    Queue.Running = std::move(*Next);
    Queue.Pending.erase(Next);
    Queue.Busy = true;
    Lock.unlock();
    std::string Fault = executeCommandBuffer(*Queue.Device, *Queue.Running.CB);
    // Before the fence: a host that waited for it finds the callback done,
    // and the objects the callback was given are still in use.
    Queue.Running.tell(Fault.empty() ? mux_success : mux_error_kernel_fault);
    Lock.lock();
    if (!Fault.empty()) {
      if (Queue.Fault.empty())
        Queue.Fault = Fault;
      if (Queue.Running.Fence)
        Queue.Running.Fence->Fault = std::move(Fault);
    }
    signalCompletion(Queue.Running);
    Queue.Running = Submission();
    Queue.Busy = false;
    countChange(Queue);
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
    countChange(Queue);
  }
  Queue.Changed.notify_all();
  if (Queue.Thread.joinable())
    Queue.Thread.join();
  // What was left waiting for semaphores can never run now.
  std::vector<Submission> Dropped(
      std::make_move_iterator(Queue.Pending.begin()),
      std::make_move_iterator(Queue.Pending.end()));
  Queue.Pending.clear();
  tellDropped(Dropped);
}

void enqueue(mux_queue_s &Queue, Submission S) {
  bool WarnWorkers = false;
  {
    std::lock_guard<std::mutex> Lock(Queue.Mutex);
    // Runs next: the workers wake while the queue thread does.
    WarnWorkers =
        !Queue.Busy && Queue.Pending.empty() && isReady(S) && sharesWork(*S.CB);
    Queue.Pending.push_back(std::move(S));
    countChange(Queue);
  }
  // After unlocking: on a shared core, the queue's thread would wake only
  // to wait for the lock.
  Queue.Changed.notify_all();
  if (WarnWorkers)
    Queue.Device->Workers->expectJob();
}

bool waitIdle(mux_queue_s &Queue, std::string *Fault) {
  std::unique_lock<std::mutex> Lock(Queue.Mutex);
  waitForChange(Queue, Lock, [&] {
    return (Queue.Pending.empty() && !Queue.Busy) || isStuck(Queue);
  });
  if (Fault) {
    *Fault = std::move(Queue.Fault);
    Queue.Fault.clear();
  }
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
  auto FirstDropped =
      std::stable_partition(Queue.Pending.begin(), Queue.Pending.end(),
                            [&](const Submission &S) { return !Uses(S); });
  std::vector<Submission> Dropped(std::make_move_iterator(FirstDropped),
                                  std::make_move_iterator(Queue.Pending.end()));
  Queue.Pending.erase(FirstDropped, Queue.Pending.end());
  countChange(Queue);
  Lock.unlock();
  Queue.Changed.notify_all();
  tellDropped(Dropped);
}

bool waitForFence(mux_queue_s &Queue, const mux_fence_s &Fence,
                  uint64_t TimeoutNs, std::string &Fault) {
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
    waitForChange(Queue, Lock, Settled);
  else
    Queue.Changed.wait_for(Lock, std::chrono::nanoseconds(TimeoutNs), Settled);
  Fault = Fence.Fault;
  return Fence.Signalled;
}

} // namespace mux
