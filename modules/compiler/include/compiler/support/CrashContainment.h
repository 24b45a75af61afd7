//===- compiler/support/CrashContainment.h - Crashes as errors --*- C++ -*-===//
///
/// \file
/// A compile that cannot take the host down. A bug in a pass (Loom's, a
/// target's or LLVM's) may still fault, abort or reach report_fatal_error;
/// runContainingCrashes runs a pipeline under LLVM's CrashRecoveryContext,
/// so that such a crash returns to the caller as an error instead of
/// ending the process, and the error names what was running: the innermost
/// pass, the function it ran on and what the pass said it was working on.
///
/// Assumes: passes run through a PassInstrumentationCallbacks that
/// trackPasses has been given (PassMachinery's is); a pass that works on
/// one kernel of a module at a time says which with a CrashNote.
///
/// Produces: after a crash, the IR that was being compiled is in no known
/// state, and its owner must not run anything on it again (BaseModule
/// refuses to; doc/overview.md, "A compile that cannot crash").
///
/// The first guarded run installs LLVM's crash-recovery signal handlers for
/// the process; a signal outside a guarded run goes on to the handler that
/// was there before, as if they were not.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_CRASHCONTAINMENT_H
#define COMPILER_SUPPORT_CRASHCONTAINMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class PassInstrumentationCallbacks;
} // namespace llvm

namespace compiler {
namespace utils {

/// Records, on the running thread, each pass \p PIC instruments while it
/// runs, with the IR unit it runs on.
void trackPasses(llvm::PassInstrumentationCallbacks &PIC);

/// What a pass is working on, said for as long as the note lives (e.g.
/// "kernel 'k'"), for the report of a crash inside it. Notes nest.
class CrashNote {
public:
  explicit CrashNote(const llvm::Twine &What);
  ~CrashNote();
  CrashNote(const CrashNote &) = delete;
  CrashNote &operator=(const CrashNote &) = delete;
};

/// Runs \p Compile. If it crashes, the error is
/// "internal compiler error: <Stage> crashed (<signal>) in pass '<pass>' on
/// <unit>, working on <note>; please report it", where \p PassName turns a
/// pass class's name into its pipeline name.
llvm::Error
runContainingCrashes(llvm::StringRef Stage, llvm::function_ref<void()> Compile,
                     llvm::function_ref<std::string(llvm::StringRef)> PassName);

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_CRASHCONTAINMENT_H
