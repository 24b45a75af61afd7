//===- worker_thread.cpp - Threads that run kernels -----------------------===//
///
/// \file
/// See worker_thread.h.
///
//===----------------------------------------------------------------------===//

#include "worker_thread.h"
#include "address_ranges.h"
#include "environment.h"

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

void *runBody(void *Body) {
  StackRange Stack = callingThreadStack();
  AddressRangeRegistry::Listing Listed =
      WorkerStacks.list(Stack.Low, Stack.High);
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
