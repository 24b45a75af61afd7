//===- worker_thread.cpp - Threads that run kernels -----------------------===//
///
/// \file
/// See worker_thread.h.
///
//===----------------------------------------------------------------------===//

#include "worker_thread.h"
#include "environment.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <system_error>

namespace mux {

namespace {

constexpr uint64_t MiB = 1024 * 1024;
constexpr uint64_t DefaultStackMiB = 64;
constexpr uint64_t MaxStackMiB = 4096;

uint64_t readStackSize() {
  return readEnvironmentCount("LOOM_WORK_GROUP_STACK_MIB", 1, MaxStackMiB)
             .value_or(DefaultStackMiB) *
         MiB;
}

/// The stacks of the running worker threads, each in a slot its thread
/// claims when it starts and frees when it ends; read without a lock, so a
/// slot's bounds are atomics, set Low first and cleared High first, and a
/// reader skips a slot whose High is 0.
struct StackSlot {
  std::atomic<bool> Claimed{false};
  std::atomic<uintptr_t> Low{0}, High{0};
};
constexpr size_t MaxWorkerStacks = 1024;
StackSlot WorkerStacks[MaxWorkerStacks];
/// One past the highest slot ever claimed: readers look no further.
std::atomic<size_t> WorkerStackSlotsUsed{0};

/// The calling thread's stack, in a slot for as long as the object lives.
/// With every slot taken (more than MaxWorkerStacks threads), the stack is
/// not listed, and only isOnWorkerStack's answers for pointers into it are
/// wrong.
class StackRegistration {
public:
  StackRegistration() {
    StackRange Stack = callingThreadStack();
    if (Stack.High == 0)
      return;
    for (size_t I = 0; I < MaxWorkerStacks; ++I) {
      bool Free = false;
      if (!WorkerStacks[I].Claimed.compare_exchange_strong(Free, true))
        continue;
      Slot = &WorkerStacks[I];
      Slot->Low.store(Stack.Low, std::memory_order_release);
      Slot->High.store(Stack.High, std::memory_order_release);
      size_t Used = WorkerStackSlotsUsed.load();
      while (Used < I + 1 &&
             !WorkerStackSlotsUsed.compare_exchange_weak(Used, I + 1))
        ;
      return;
    }
  }
  ~StackRegistration() {
    if (!Slot)
      return;
    Slot->High.store(0, std::memory_order_release);
    Slot->Low.store(0, std::memory_order_release);
    Slot->Claimed.store(false, std::memory_order_release);
  }
  StackRegistration(const StackRegistration &) = delete;
  StackRegistration &operator=(const StackRegistration &) = delete;

private:
  StackSlot *Slot = nullptr;
};

void *runBody(void *Body) {
  StackRegistration Stack;
  (*static_cast<std::function<void()> *>(Body))();
  return nullptr;
}

} // namespace

StackRange callingThreadStack() {
  StackRange Stack;
  pthread_attr_t Attributes;
  if (pthread_getattr_np(pthread_self(), &Attributes) != 0)
    return Stack;
  void *Base = nullptr;
  size_t Size = 0;
  if (pthread_attr_getstack(&Attributes, &Base, &Size) == 0) {
    Stack.Low = reinterpret_cast<uintptr_t>(Base);
    Stack.High = Stack.Low + Size;
  }
  pthread_attr_destroy(&Attributes);
  return Stack;
}

bool isOnWorkerStack(const void *Address) {
  uintptr_t A = reinterpret_cast<uintptr_t>(Address);
  size_t Used = WorkerStackSlotsUsed.load(std::memory_order_acquire);
  for (size_t I = 0; I < Used; ++I) {
    uintptr_t High = WorkerStacks[I].High.load(std::memory_order_acquire);
    uintptr_t Low = WorkerStacks[I].Low.load(std::memory_order_acquire);
    if (High != 0 && A >= Low && A < High)
      return true;
  }
  return false;
}

uint64_t workGroupStackSize() {
  static const uint64_t Size = readStackSize();
  return Size;
}

WorkerThread::WorkerThread(std::function<void()> Work)
    : Body(std::make_unique<std::function<void()>>(std::move(Work))) {
  pthread_attr_t Attributes;
  int Error = pthread_attr_init(&Attributes);
  if (Error == 0) {
    Error = pthread_attr_setstacksize(
        &Attributes, static_cast<size_t>(workGroupStackSize()));
    if (Error == 0)
      Error = pthread_create(&Thread, &Attributes, runBody, Body.get());
    pthread_attr_destroy(&Attributes);
  }
  if (Error != 0)
    throw std::system_error(Error, std::generic_category(),
                            "cannot start a worker thread");
  Running = true;
}

WorkerThread::WorkerThread(WorkerThread &&Other) noexcept
    : Body(std::move(Other.Body)), Thread(Other.Thread),
      Running(Other.Running) {
  Other.Running = false;
}

WorkerThread &WorkerThread::operator=(WorkerThread &&Other) noexcept {
  if (this != &Other) {
    if (Running)
      join();
    Body = std::move(Other.Body);
    Thread = Other.Thread;
    Running = Other.Running;
    Other.Running = false;
  }
  return *this;
}

WorkerThread::~WorkerThread() {
  if (Running)
    join();
}

void WorkerThread::join() {
  if (!Running)
    return;
  pthread_join(Thread, nullptr);
  Running = false;
}

} // namespace mux
