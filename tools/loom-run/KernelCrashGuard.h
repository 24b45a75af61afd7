//===- KernelCrashGuard.h - How loom-run dies when a kernel crashes -------===//
///
/// \file
/// A kernel runs in loom-run's own address space, so a kernel that writes
/// past its buffers can corrupt loom-run's heap. glibc then aborts from
/// inside malloc or free with its arena lock held, and LLVM's crash handler
/// (which InitLLVM installs, and which allocates to print a stack trace)
/// waits on that lock forever: loom-run would hang instead of ending.
///
/// While a KernelCrashGuard lives, the fatal signals (SIGSEGV, SIGBUS,
/// SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) go to a handler that only
/// writes a message made in advance and then dies by the same signal, so
/// the exit status still says which. Its destructor puts back the handlers
/// it replaced. LLVM's handler keeps the compile, where its stack trace and
/// the pass being run are what a bug report needs. A fault in kernel code
/// (a trap, an arithmetic exception, an invalid access) never gets here:
/// the driver, whose handlers each launch puts on top, ends the launch with
/// an error instead (mux's kernel_faults.h). What gets here is a crash
/// outside kernel code, such as one in `free` after a kernel broke the
/// heap with writes that did not fault.
///
//===----------------------------------------------------------------------===//

#ifndef LOOM_TOOLS_LOOM_RUN_KERNELCRASHGUARD_H
#define LOOM_TOOLS_LOOM_RUN_KERNELCRASHGUARD_H

#include <csignal>

namespace loom {

class KernelCrashGuard {
public:
  KernelCrashGuard();
  ~KernelCrashGuard();
  KernelCrashGuard(const KernelCrashGuard &) = delete;
  KernelCrashGuard &operator=(const KernelCrashGuard &) = delete;

  /// How many signals the guard takes over.
  static constexpr int NumSignals = 7;

private:
  struct sigaction Replaced[NumSignals];
};

} // namespace loom

#endif // LOOM_TOOLS_LOOM_RUN_KERNELCRASHGUARD_H
