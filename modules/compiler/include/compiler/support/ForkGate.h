//===- compiler/support/ForkGate.h - Forks no compile can hang --*- C++ -*-===//
///
/// \file
/// The compiler reads a user's input in a child process (fork, then the
/// reader; frontend/Isolation.h). A child has one thread, the one that
/// forked, but a copy of every lock the parent's other threads held at that
/// instant, held for ever: LLVM takes process-wide locks while it
/// initializes its global state lazily (ManagedStatic's, the statistics'
/// registry's, C++'s guards of function-local statics), so a child forked
/// while another thread of the host compiled in-process could wait on one
/// of them for ever (a link in one thread and a compile in another hung
/// so: ClLinkProgram.LinksAnInputThatAnotherThreadCompilesAgain).
///
/// The gate makes those two exclusive: a thread runs the compiler in the
/// process only inside an InProcessCompile, and the compiler forks only
/// when no thread is inside one (forkAlone waits for them to leave, and
/// holds new ones back while it waits, so that forks are not starved).
/// A thread inside one may fork: its own section pauses around the fork.
///
/// Assumes: a host that calls the compiler from several threads wraps each
/// call in an InProcessCompile (Loom's OpenCL platform does), the gate being
/// the innermost lock such a call takes: inside, nothing waits on the
/// host's own locks.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_FORKGATE_H
#define COMPILER_SUPPORT_FORKGATE_H

#include <sys/types.h>

namespace compiler {
namespace utils {

/// The calling thread runs the compiler in this process while this lives.
/// Sections nest.
class InProcessCompile {
public:
  InProcessCompile();
  ~InProcessCompile();
  InProcessCompile(const InProcessCompile &) = delete;
  InProcessCompile &operator=(const InProcessCompile &) = delete;
};

/// fork(), once no other thread is inside an InProcessCompile, the calling
/// thread's own paused. A child (of this fork or of any other) has a gate
/// of its own, open.
pid_t forkAlone();

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_FORKGATE_H
