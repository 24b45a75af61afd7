//===- Completer.cpp - What ends a context's dispatched commands ----------===//
///
/// \file
/// See Completer.h.
///
//===----------------------------------------------------------------------===//

#include "Completer.h"

#include <cstdint>

namespace loom {
namespace opencl {

std::shared_ptr<Completer> Completer::create(mux_device_t Device,
                                             mux_queue_t Queue) {
  std::shared_ptr<Completer> Made(new Completer(Device, Queue));
  Made->Self = Made;
  return Made;
}

Completer::~Completer() { stop(); }

std::shared_ptr<Completer::Dispatch> Completer::add(mux_fence_t Fence,
                                                    Continuation &Then) {
  std::lock_guard<std::mutex> Lock(Guard);
  // The thread holds the completer until it ends, so that a continuation
  // that destroys the context (and with it the context's reference) does
  // not destroy the completer under its own thread.
  if (!Started) {
    auto *Keep = new std::shared_ptr<Completer>(Self.lock());
    if (pthread_create(&Thread, nullptr, start, Keep) != 0) {
      delete Keep;
      return nullptr;
    }
    Started = true;
  }
  auto Added = std::make_shared<Dispatch>(Device, Fence, Then);
  Waiting.push_back(Added);
  Changed.notify_one();
  return Added;
}

void Completer::finish(Dispatch &Done) {
  mux_result_t Result = muxTryWait(Queue, UINT64_MAX, Done.Fence);
  if (Done.Claimed.exchange(true, std::memory_order_acq_rel))
    return;
  // Called in place, and destroyed with the dispatch after its fence: what
  // it holds may hold the last reference to the driver's device.
  Done.Then(Result);
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
    Changed.wait(Lock, [this] { return Stopping || !Waiting.empty(); });
    if (Waiting.empty())
      break;
    std::shared_ptr<Dispatch> Next = std::move(Waiting.front());
    Waiting.pop_front();
    Lock.unlock();
    finish(*Next);
    Next.reset();
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
