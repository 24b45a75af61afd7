//===- Completer.cpp - What ends a context's dispatched commands ----------===//
///
/// \file
/// See Completer.h.
///
//===----------------------------------------------------------------------===//

#include "Completer.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace loom {
namespace opencl {

std::shared_ptr<Completer> Completer::create(mux_device_t Device,
                                             mux_queue_t Queue) {
  std::shared_ptr<Completer> Made(new Completer(Device, Queue));
  Made->Self = Made;
  return Made;
}

Completer::~Completer() { stop(); }

bool Completer::startThread() {
  if (Started)
    return true;
  // The thread holds the completer until it ends, so that a continuation
  // that destroys the context (and with it the context's reference) does
  // not destroy the completer under its own thread.
  auto *Keep = new std::shared_ptr<Completer>(Self.lock());
  if (pthread_create(&Thread, nullptr, start, Keep) != 0) {
    delete Keep;
    return false;
  }
  Started = true;
  return true;
}

std::shared_ptr<Completer::Dispatch>
Completer::dispatch(mux_command_buffer_t Commands, Continuation &Then,
                    mux_result_t &Result) {
  mux_fence_t Fence = nullptr;
  Result = muxCreateFence(Device, &Fence);
  if (Result != mux_success)
    return nullptr;
  std::shared_ptr<Dispatch> Sent;
  {
    std::lock_guard<std::mutex> Lock(Guard);
    if (startThread()) {
      Sent = std::make_shared<Dispatch>(*this, Fence, Then);
      InFlight.push_back(Sent);
    }
  }
  if (!Sent) {
    // Without a completer's thread, this one waits.
    Result = muxDispatch(Queue, Commands, Fence, nullptr, 0, nullptr, 0,
                         nullptr, nullptr);
    if (Result == mux_success)
      Result = muxTryWait(Queue, UINT64_MAX, Fence);
    muxDestroyFence(Device, Fence);
    return nullptr;
  }
  Result = muxDispatch(Queue, Commands, Fence, nullptr, 0, nullptr, 0, whenRun,
                       Sent.get());
  if (Result != mux_success) {
    // Never to run: what follows is the caller's again.
    Then = std::move(Sent->Then);
    Sent->Claimed = true;
    forget(*Sent);
    return nullptr;
  }
  return Sent;
}

void Completer::whenRun(mux_command_buffer_t, mux_result_t Result, void *Data) {
  // Alive until Ran is set: held in flight until claimed, and claimed only
  // once Ran is set (by the completer) or the fence is signalled, after
  // this returns (by a waiting thread). Nothing touches it after.
  auto &Done = *static_cast<Dispatch *>(Data);
  Done.Result = Result;
  if (Done.Awaited.load()) {
    Done.Ran.store(true, std::memory_order_release);
    return;
  }
  // Under the lock, notified too: once it is let go, the completer may end
  // the command, and its end destroy the context and the completer.
  Completer &Owner = Done.Owner;
  std::lock_guard<std::mutex> Lock(Owner.Guard);
  Done.Ran.store(true, std::memory_order_release);
  ++Owner.Arrived;
  Owner.Changed.notify_one();
}

void Completer::finish(Dispatch &Done) {
  Done.Awaited.store(true);
  // The fence is signalled once the callback has returned; its result, a
  // fault's message included, is this thread's.
  mux_result_t Result = muxTryWait(Queue, UINT64_MAX, Done.Fence);
  if (!Done.Claimed.exchange(true, std::memory_order_acq_rel))
    // Called in place, and destroyed with the dispatch after its fence:
    // what it holds may hold the last reference to the driver's device.
    Done.Then(Result);
  forget(Done);
}

void Completer::forget(const Dispatch &Done) {
  // Destroyed after the lock is let go, if it held the dispatch last.
  std::shared_ptr<Dispatch> Held;
  std::lock_guard<std::mutex> Lock(Guard);
  auto It = std::find_if(
      InFlight.begin(), InFlight.end(),
      [&Done](const std::shared_ptr<Dispatch> &D) { return D.get() == &Done; });
  if (It == InFlight.end())
    return;
  Held = std::move(*It);
  InFlight.erase(It);
  if (Stopping && InFlight.empty())
    Changed.notify_one();
}

void *Completer::start(void *Keep) {
  std::unique_ptr<std::shared_ptr<Completer>> Owned(
      static_cast<std::shared_ptr<Completer> *>(Keep));
  Completer *Running = Owned->get();
  Running->run(std::move(*Owned));
  return nullptr;
}

void Completer::run(std::shared_ptr<Completer> Keep) {
  std::unique_lock<std::mutex> Lock(Guard);
  for (;;) {
    Changed.wait(
        Lock, [this] { return Arrived > 0 || (Stopping && InFlight.empty()); });
    if (Arrived == 0)
      break;
    Arrived = 0;
    // The dispatches that have run, in the order they were added.
    std::vector<std::shared_ptr<Dispatch>> Done;
    for (auto It = InFlight.begin(); It != InFlight.end();) {
      if ((*It)->Ran.load(std::memory_order_acquire)) {
        Done.push_back(std::move(*It));
        It = InFlight.erase(It);
      } else {
        ++It;
      }
    }
    Lock.unlock();
    for (std::shared_ptr<Dispatch> &Next : Done) {
      if (!Next->Claimed.exchange(true, std::memory_order_acq_rel)) {
        mux_result_t Result = Next->Result;
        // A fault's message, on this thread, from its fence (signalled once
        // the callback has returned).
        if (Result != mux_success)
          Result = muxTryWait(Queue, UINT64_MAX, Next->Fence);
        Next->Then(Result);
      }
      Next.reset();
    }
    Done.clear();
    Lock.lock();
  }
  Lock.unlock();
  // The last reference may be this one: the thread is detached by then.
  Keep.reset();
}

void Completer::stop() {
  std::unique_lock<std::mutex> Lock(Guard);
  Stopping = true;
  Changed.notify_one();
  if (!Started || Joined)
    return;
  Joined = true;
  if (pthread_equal(Thread, pthread_self())) {
    pthread_detach(Thread);
    return;
  }
  Lock.unlock();
  pthread_join(Thread, nullptr);
}

} // namespace opencl
} // namespace loom
