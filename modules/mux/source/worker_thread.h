//===- worker_thread.h - Threads that run kernels --------------*- C++ -*-===//
///
/// \file
/// The threads that run work-groups (a queue's thread, which is worker 0 of
/// the device's pool, and the pool's threads) run on stacks of a size the
/// driver chooses, not the process's default (8 MiB under glibc, from
/// `ulimit -s`): a work-group's live state across barriers and its private
/// memory are on that stack, and a launch that needs more than it has is
/// refused (muxCommandNDRange) instead of overflowing it.
///
/// The size is workGroupStackSize(): 64 MiB, or LOOM_WORK_GROUP_STACK_MIB
/// MiB (1 to 4096). Stacks are mapped lazily, so the size costs address
/// space, not memory.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_WORKER_THREAD_H
#define MUX_SOURCE_WORKER_THREAD_H

#include <pthread.h>

#include <cstdint>
#include <functional>
#include <memory>

namespace mux {

/// Bytes of stack each thread running work-groups has.
uint64_t workGroupStackSize();

/// What the driver's own frames, a kernel's spilled registers and the
/// builtins it calls take of that stack beyond what the kernel's descriptor
/// counts (its private memory and live state): the rest is the device's
/// work_group_stack_size.
constexpr uint64_t WorkGroupStackReserve = 256 * 1024;

/// A thread's stack, [Low, High); empty when the system does not say.
struct StackRange {
  uintptr_t Low = 0, High = 0;
  bool contains(const void *Address) const {
    uintptr_t A = reinterpret_cast<uintptr_t>(Address);
    return A >= Low && A < High;
  }
};

/// The calling thread's stack.
StackRange callingThreadStack();

/// Whether \p Address is on the stack of a running WorkerThread, that is,
/// private memory of some work-item: `__loom_is_private_address`, behind
/// to_private and get_fence, answers for another work-item's private
/// pointer (one a program-scope variable passed on) as for its own.
bool isOnWorkerStack(const void *Address);

/// For signal handlers: whether \p StackPointer, where the calling thread's
/// stack pointer was at a fault, is below its stack: the thread is a
/// WorkerThread, and what it ran overflowed its stack.
bool overflowedWorkerStack(uintptr_t StackPointer);

/// A joinable thread running on a stack of workGroupStackSize() bytes, with
/// a stack of its own for signal handlers (so that one can run after the
/// thread overflowed its stack); like
/// std::thread, it throws std::system_error when no thread can be made.
class WorkerThread {
public:
  WorkerThread() = default;
  explicit WorkerThread(std::function<void()> Body);
  WorkerThread(WorkerThread &&Other) noexcept;
  WorkerThread &operator=(WorkerThread &&Other) noexcept;
  WorkerThread(const WorkerThread &) = delete;
  WorkerThread &operator=(const WorkerThread &) = delete;
  /// A thread still joinable here is joined (std::thread would terminate).
  ~WorkerThread();

  bool joinable() const { return Running; }
  void join();

private:
  std::unique_ptr<std::function<void()>> Body;
  pthread_t Thread{};
  bool Running = false;
};

} // namespace mux

#endif // MUX_SOURCE_WORKER_THREAD_H
