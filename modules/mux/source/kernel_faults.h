//===- kernel_faults.h - A kernel's fault ends its launch, not the host ---===//
///
/// \file
/// The catch point every launch's work-groups run through, so that a
/// kernel that faults stops its launch with an error the host is told of
/// instead of ending the host's process (doc/overview.md, "A kernel that
/// faults").
///
/// The executor calls a kernel's entry point through
/// callCatchingKernelFaults, which marks the calling thread as running
/// kernel code and keeps where to return to. Two kinds of fault come back
/// there (siglongjmp from the signal handler; the kernel's code owns no
/// object that needs destroying, and the locks the driver's OpenMP runtime
/// holds for it are released there, abandonOpenMPThreadState):
/// - a trap (SIGILL, SIGTRAP) or an arithmetic exception (SIGFPE) raised on
///   a thread that is running kernel code. The code generator makes every
///   `unreachable` a trap (CodeGenerator.h), so a kernel whose behaviour is
///   undefined in a way LLVM proved (a loop without side effects that never
///   ends, whose code LLVM then deleted) stops there instead of running off
///   the end of its code; divisions cannot trap (trap-free-division), so a
///   SIGFPE is a compiler bug that still must not take the host down.
/// - a SIGSEGV or SIGBUS on a thread that is running kernel code: an
///   access through a pointer that is none of the kernel's memory, or an
///   aligned vector access at an address that is not (a compiler bug, like
///   CLsmith's `vectors` 1426 before work-item-loops aligned its
///   allocations). In a guard page of a bounds-checked buffer
///   (bounds_check.h) it is an access past the buffer, said so with the
///   argument it belongs to; with the stack pointer below the thread's
///   stack, it is a stack overflow.
/// The handlers for these are put in place before every launch, unless
/// they already are (compiles install LLVM's recovery handlers after
/// them). A signal on a thread that is not running kernel code goes to the
/// handler that was in place before (passToPreviousHandler), or kills the
/// process as it would have without the driver. A kernel that overflows
/// its thread's stack faults in the stack's guard page, and the handler
/// runs on the thread's signal stack (worker_thread.h).
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_KERNEL_FAULTS_H
#define MUX_SOURCE_KERNEL_FAULTS_H

#include "objects.h"

#include <csignal>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mux {

class ThreadPool;

/// Where a kernel's memory access faulted: the address, whether it wrote
/// (unknown off x86-64), and, in a guard page of a bounds-checked buffer,
/// the allocation whose guard page it is (else empty).
struct MemoryFault {
  uintptr_t Address;
  bool Write;
  bool KnowsAccessKind;
  uintptr_t AllocationBegin;
  uint64_t AllocationSize;
};

/// Why a kernel's launch stopped.
struct KernelFault {
  enum KindType {
    OutOfBounds,
    InvalidAccess,
    StackOverflow,
    Trap,
    ArithmeticException
  } Kind;
  /// The signal that stopped it.
  int Signal;
  /// Where, for OutOfBounds, InvalidAccess and StackOverflow.
  MemoryFault Memory;
};

/// Puts the handlers for kernel faults (SIGILL, SIGTRAP, SIGFPE, SIGSEGV,
/// SIGBUS) in place, unless they already are; call before a launch's
/// work-groups run, and again whenever the host's code may have run
/// (a system call: not for every launch of a command buffer).
void armKernelFaultHandlers();

/// Calls \p Entry for work-groups [\p Begin, \p End); a fault that
/// kernel_faults.h describes returns instead of ending the process.
std::optional<KernelFault> callCatchingKernelFaults(loom_kernel_entry_t Entry,
                                                    const void *Args,
                                                    void *Info, uint64_t Begin,
                                                    uint64_t End);

/// Calls \p Fn(\p Ctx, \p Index), kernel code the driver runs for another
/// kernel code's request (a parallel map's index, an OpenMP team's member),
/// under a catch point of its own, on any thread: a fault returns here
/// (the OpenMP runtime's locks the thread held released), and the thread's
/// own catch point, if any, is back in place.
std::optional<KernelFault> callCatchingKernelFaults(void (*Fn)(void *,
                                                               uint32_t),
                                                    void *Ctx, uint32_t Index);

/// Ends the kernel code the calling thread runs with \p Fault, at its
/// innermost catch point, as if that code had faulted so: the fault of
/// work it handed to other threads. Returns only when the thread runs no
/// kernel code.
void raiseKernelFault(const KernelFault &Fault);

/// Runs \p Fn(\p Ctx, I) for every I in [0, \p Count) on \p Pool's workers,
/// for kernel code on the calling thread (inside callCatchingKernelFaults):
/// the parallel maps of Loom's parallel loops and of OpenMP's teams. An
/// index may run on a worker that runs no launch of its own, where nothing
/// would catch its fault, or on the calling thread, whose catch point would
/// leave the map while other workers still run its indices: so each index
/// runs under a catch point of its own, a fault stops the indices not yet
/// started, and once every started one has returned the fault ends the
/// calling thread's kernel code as its own. Without a pool, the indices run
/// one after another on the calling thread.
void runParallelMapCatchingKernelFaults(ThreadPool *Pool, uint32_t Count,
                                        void (*Fn)(void *, uint32_t),
                                        void *Ctx);

/// What the host is told of \p Fault in kernel \p Kernel, whose buffer
/// arguments are \p Arguments (named only by bounds faults).
std::string describeKernelFault(const KernelFault &Fault,
                                const std::string &Kernel,
                                const std::vector<CheckedArgument> &Arguments);

} // namespace mux

#endif // MUX_SOURCE_KERNEL_FAULTS_H
