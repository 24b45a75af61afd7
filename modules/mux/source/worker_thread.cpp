//===- worker_thread.cpp - Threads that run kernels -----------------------===//
///
/// \file
/// See worker_thread.h.
///
//===----------------------------------------------------------------------===//

#include "worker_thread.h"
#include "address_ranges.h"
#include "environment.h"

#include <sys/mman.h>

#include <csignal>
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

/// The stacks of the running worker threads, each listed while its thread
/// runs.
AddressRangeRegistry WorkerStacks;

/// The calling worker thread's stack (empty on other threads), for signal
/// handlers.
thread_local StackRange ThisWorkerStack;

/// A stack for signal handlers while the calling thread runs its body: a
/// kernel that overflows the thread's stack faults where no frame can go,
/// and the handler that ends its launch (kernel_faults.h) needs a stack to
/// run on. The one it replaces (a sanitizer's) comes back afterwards.
class AlternateSignalStack {
public:
  AlternateSignalStack() {
    void *Memory = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (Memory == MAP_FAILED)
      return;
    stack_t Stack = {};
    Stack.ss_sp = Memory;
    Stack.ss_size = Bytes;
    if (sigaltstack(&Stack, &Replaced) != 0) {
      munmap(Memory, Bytes);
      return;
    }
    Base = Memory;
  }
  ~AlternateSignalStack() {
    if (!Base)
      return;
    if (!(Replaced.ss_flags & SS_DISABLE)) {
      sigaltstack(&Replaced, nullptr);
    } else {
      stack_t Off = {};
      Off.ss_flags = SS_DISABLE;
      sigaltstack(&Off, nullptr);
    }
    munmap(Base, Bytes);
  }
  AlternateSignalStack(const AlternateSignalStack &) = delete;
  AlternateSignalStack &operator=(const AlternateSignalStack &) = delete;

private:
  /// Room for a handler that passes a signal on to one that prints a
  /// report (a sanitizer's), not only for the driver's own.
  static constexpr size_t Bytes = 256 * 1024;
  void *Base = nullptr;
  stack_t Replaced = {};
};

void *runBody(void *Body) {
  StackRange Stack = callingThreadStack();
  AddressRangeRegistry::Listing Listed =
      WorkerStacks.list(Stack.Low, Stack.High);
  ThisWorkerStack = Stack;
  AlternateSignalStack HandlersStack;
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
  return WorkerStacks.contains(Address);
}

bool overflowedWorkerStack(uintptr_t StackPointer) {
  return ThisWorkerStack.Low != 0 && StackPointer < ThisWorkerStack.Low;
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
