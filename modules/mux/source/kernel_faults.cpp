//===- kernel_faults.cpp - A kernel's fault ends its launch, not the host -===//
///
/// \file
/// See kernel_faults.h.
///
//===----------------------------------------------------------------------===//

#include "kernel_faults.h"

#include "bounds_check.h"
#include "openmp_runtime.h"
#include "thread_pool.h"
#include "worker_thread.h"

#include <atomic>
#include <cinttypes>
#include <csetjmp>
#include <cstdio>
#include <mutex>
#include <pthread.h>
#include <ucontext.h>

namespace mux {

namespace {

/// The worker's catch point while it runs a kernel, and where a handler
/// leaves the fault.
struct FaultCatcher {
  sigjmp_buf Return;
  KernelFault Fault;
};
thread_local FaultCatcher *ActiveCatcher = nullptr;

/// Set while this thread's handler hands a signal on: the same signal
/// coming back meanwhile (a previous handler that raises it again, such as
/// LLVM's recovery handler outside a compile) must not go round for ever.
thread_local bool PassingOn = false;

struct sigaction PreviousActions[NSIG];
std::mutex InstallMutex;

using Handler = void (*)(int, siginfo_t *, void *);

bool isCurrentHandler(int Signal, Handler H) {
  struct sigaction Current;
  return sigaction(Signal, nullptr, &Current) == 0 &&
         (Current.sa_flags & SA_SIGINFO) && Current.sa_sigaction == H;
}

/// For signal handlers: whether this thread is running kernel code inside
/// callCatchingKernelFaults.
bool runningKernelCode() { return ActiveCatcher != nullptr; }

/// When runningKernelCode(), from a signal handler or from kernel code the
/// driver runs (a parallel map whose index faulted): returns to the
/// thread's catch point, which returns \p Fault.
[[noreturn]] void leaveKernel(const KernelFault &Fault) {
  FaultCatcher *Catcher = ActiveCatcher;
  Catcher->Fault = Fault;
  // Our handlers do not block their signal, but one that another handler
  // called may have it blocked; a kernel's next trap on this thread must
  // not find it so. (Unblocking here is cheaper than saving the signal mask
  // at every catch point.)
  sigset_t Signal;
  sigemptyset(&Signal);
  sigaddset(&Signal, Fault.Signal);
  pthread_sigmask(SIG_UNBLOCK, &Signal, nullptr);
  siglongjmp(Catcher->Return, 1);
}

/// Installs \p Handler (an SA_SIGINFO handler) for \p Signal unless it is
/// already the handler, keeping the one it replaces for
/// passToPreviousHandler.
void installKernelFaultHandler(int Signal,
                               void (*Handler)(int, siginfo_t *, void *)) {
  std::lock_guard<std::mutex> Lock(InstallMutex);
  if (isCurrentHandler(Signal, Handler))
    return;
  struct sigaction Action = {};
  Action.sa_sigaction = Handler;
  // Not deferring the signal: a previous handler that raises it again
  // comes back here at once, where PassingOn stops it going round. On the
  // thread's signal stack, where it has one: a worker that overflowed its
  // stack has no room left on it.
  Action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
  sigemptyset(&Action.sa_mask);
  sigaction(Signal, &Action, &PreviousActions[Signal]);
}

/// Hands a signal that is not a kernel's to the handler that was in place
/// before installKernelFaultHandler's.
void passToPreviousHandler(int Signal, siginfo_t *Info, void *Context) {
  const struct sigaction &Previous = PreviousActions[Signal];
  const bool HasHandler =
      (Previous.sa_flags & SA_SIGINFO)
          ? Previous.sa_sigaction != nullptr
          : Previous.sa_handler != SIG_DFL && Previous.sa_handler != SIG_IGN;
  if (HasHandler && !PassingOn) {
    PassingOn = true;
    if (Previous.sa_flags & SA_SIGINFO)
      Previous.sa_sigaction(Signal, Info, Context);
    else
      Previous.sa_handler(Signal);
    PassingOn = false;
    return;
  }
  // The default action: returning re-runs the faulting instruction, which
  // now ends the process as it would have without the driver; a signal
  // that was sent rather than raised by an instruction is sent again.
  signal(Signal, SIG_DFL);
  if (Info->si_code <= 0)
    raise(Signal);
}

extern "C" void onKernelTrap(int Signal, siginfo_t *Info, void *Context) {
  if (!runningKernelCode()) {
    passToPreviousHandler(Signal, Info, Context);
    return;
  }
  KernelFault Fault = {};
  Fault.Kind =
      Signal == SIGFPE ? KernelFault::ArithmeticException : KernelFault::Trap;
  Fault.Signal = Signal;
  leaveKernel(Fault);
}

/// Whether the faulting access wrote: bit 1 of x86's page-fault error code.
bool faultWasWrite(void *Context, bool &Knows) {
#if defined(__x86_64__)
  Knows = true;
  const auto *UC = static_cast<const ucontext_t *>(Context);
  return (UC->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
  (void)Context;
  Knows = false;
  return false;
#endif
}

/// Where the stack pointer was at the fault (0 off x86-64).
uintptr_t faultStackPointer(void *Context) {
#if defined(__x86_64__)
  const auto *UC = static_cast<const ucontext_t *>(Context);
  return static_cast<uintptr_t>(UC->uc_mcontext.gregs[REG_RSP]);
#else
  (void)Context;
  return 0;
#endif
}

extern "C" void onMemoryFault(int Signal, siginfo_t *Info, void *Context) {
  if (!runningKernelCode()) {
    passToPreviousHandler(Signal, Info, Context);
    return;
  }
  uintptr_t Address = reinterpret_cast<uintptr_t>(Info->si_addr);
  KernelFault Fault = {};
  Fault.Kind = KernelFault::InvalidAccess;
  Fault.Signal = Signal;
  MemoryFault &F = Fault.Memory;
  F.Address = Address;
  F.Write = faultWasWrite(Context, F.KnowsAccessKind);
  if (findGuardedAllocation(Address, F.AllocationBegin, F.AllocationSize))
    Fault.Kind = KernelFault::OutOfBounds;
  else if (overflowedWorkerStack(faultStackPointer(Context)))
    Fault.Kind = KernelFault::StackOverflow;
  leaveKernel(Fault);
}

const char *signalName(int Signal) {
  switch (Signal) {
  case SIGILL:
    return "SIGILL";
  case SIGTRAP:
    return "SIGTRAP";
  case SIGFPE:
    return "SIGFPE";
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  default:
    return "a signal";
  }
}

} // namespace

void armKernelFaultHandlers() {
  // One query: whoever replaces our SIGILL handler (a compile's recovery
  // handlers, loom-run's crash guard) replaces the others with it. The
  // executor asks once per command buffer with a launch, and again after
  // each callback command, which runs the user's code between launches.
  if (isCurrentHandler(SIGILL, onKernelTrap))
    return;
  for (int Signal : {SIGSEGV, SIGBUS})
    installKernelFaultHandler(Signal, onMemoryFault);
  for (int Signal : {SIGILL, SIGTRAP, SIGFPE})
    installKernelFaultHandler(Signal, onKernelTrap);
}

std::optional<KernelFault> callCatchingKernelFaults(loom_kernel_entry_t Entry,
                                                    const void *Args,
                                                    void *Info, uint64_t Begin,
                                                    uint64_t End) {
  FaultCatcher Catcher;
  // Nothing here needs destroying when a handler jumps back: the jump only
  // leaves the kernel's frames. Not saving the signal mask saves a system
  // call per chunk; leaveKernel unblocks the one signal that matters.
  if (sigsetjmp(Catcher.Return, /*savemask=*/0) != 0) {
    ActiveCatcher = nullptr;
    abandonOpenMPThreadState();
    return Catcher.Fault;
  }
  ActiveCatcher = &Catcher;
  Entry(Args, Info, Begin, End);
  ActiveCatcher = nullptr;
  return std::nullopt;
}

std::optional<KernelFault> callCatchingKernelFaults(void (*Fn)(void *,
                                                               uint32_t),
                                                    void *Ctx, uint32_t Index) {
  FaultCatcher Catcher;
  // The calling thread's own catch point (none on a thread that runs no
  // launch), back in place when Fn returns or faults.
  FaultCatcher *const Outer = ActiveCatcher;
  if (sigsetjmp(Catcher.Return, /*savemask=*/0) != 0) {
    ActiveCatcher = Outer;
    abandonOpenMPThreadState();
    return Catcher.Fault;
  }
  ActiveCatcher = &Catcher;
  Fn(Ctx, Index);
  ActiveCatcher = Outer;
  return std::nullopt;
}

void raiseKernelFault(const KernelFault &Fault) {
  if (runningKernelCode())
    leaveKernel(Fault);
}

namespace {

/// A parallel map of kernel code whose indices each run under a catch
/// point (runParallelMapCatchingKernelFaults).
struct CatchingMap {
  void (*Fn)(void *, uint32_t);
  void *Ctx;
  /// Set by the first index that faults; the others not started yet skip.
  std::atomic<bool> Stopped{false};
  /// That index's fault: written before the map returns, read after.
  KernelFault Fault = {};
};

void runIndexCatchingKernelFaults(void *Context, uint32_t Index) {
  auto &Map = *static_cast<CatchingMap *>(Context);
  if (Map.Stopped.load(std::memory_order_relaxed))
    return;
  if (std::optional<KernelFault> Fault =
          callCatchingKernelFaults(Map.Fn, Map.Ctx, Index);
      Fault && !Map.Stopped.exchange(true))
    Map.Fault = *Fault;
}

} // namespace

void runParallelMapCatchingKernelFaults(ThreadPool *Pool, uint32_t Count,
                                        void (*Fn)(void *, uint32_t),
                                        void *Ctx) {
  if (!Pool) {
    // On the calling thread alone: its own catch point catches them.
    for (uint32_t I = 0; I < Count; ++I)
      Fn(Ctx, I);
    return;
  }
  CatchingMap Map{Fn, Ctx};
  Pool->parallelMap(Count, runIndexCatchingKernelFaults, &Map);
  // Every index has returned or faulted: nothing runs on this frame's data
  // any more, and the fault can leave it.
  if (Map.Stopped.load(std::memory_order_relaxed))
    raiseKernelFault(Map.Fault);
}

std::string describeKernelFault(const KernelFault &Fault,
                                const std::string &Kernel,
                                const std::vector<CheckedArgument> &Arguments) {
  switch (Fault.Kind) {
  case KernelFault::OutOfBounds:
    return describeBoundsFault(Fault.Memory, Kernel, Arguments);
  case KernelFault::InvalidAccess: {
    const MemoryFault &Access = Fault.Memory;
    const char *Verb = !Access.KnowsAccessKind ? "touched"
                       : Access.Write          ? "wrote to"
                                               : "read";
    char Address[2 + 16 + 1];
    std::snprintf(Address, sizeof(Address), "%#" PRIxPTR, Access.Address);
    return "kernel '" + Kernel + "' " + Verb + " address " + Address +
           ", which is none of its memory (" + signalName(Fault.Signal) +
           "): a pointer outside its buffers, or a vector access at an "
           "address not aligned for it (LOOM_CHECK_BOUNDS=1 names the "
           "argument an access past a buffer's end belongs to)";
  }
  case KernelFault::StackOverflow:
    return "kernel '" + Kernel + "' overflowed its thread's stack of " +
           std::to_string(workGroupStackSize() >> 20) + " MiB (" +
           signalName(Fault.Signal) +
           "): its work-group's private memory and the values its "
           "work-items keep across barriers need more than the launch "
           "allowed for (LOOM_WORK_GROUP_STACK_MIB sets the threads' stacks)";
  case KernelFault::Trap:
    return "kernel '" + Kernel + "' stopped at a trap (" +
           signalName(Fault.Signal) +
           "): it called __builtin_trap, or reached code that no "
           "well-defined run reaches, such as what follows a loop without "
           "side effects that never ends";
  case KernelFault::ArithmeticException:
    return "kernel '" + Kernel + "' raised an arithmetic exception (" +
           signalName(Fault.Signal) + ")";
  }
  return "kernel '" + Kernel + "' faulted";
}

} // namespace mux
