//===- Isolation.h - Untrusted input read in a child process ----*- C++ -*-===//
///
/// \file
/// The readers Loom hands a user's input to (Clang, LLVM's IR and bitcode
/// readers, SPIRV-LLVM-Translator) are not hardened against malformed input:
/// each has crashes, failed assertions or aborting allocations on inputs
/// the fuzzers found. A host embedding the compiler must not go down with
/// them, so they run in a child process (fork): the child makes the module
/// and sends it back as bitcode, which the parent reads with LLVM's reader
/// of what LLVM itself wrote. A child that crashes or aborts gives an error
/// naming how it stopped (and the failed assertion, if it printed one).
/// The child ends without the host's crash handlers, atexit handlers or
/// destructors.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_ISOLATION_H
#define COMPILER_FRONTEND_ISOLATION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace compiler {

/// What a child process of runIsolated did.
struct ChildResult {
  /// As waitpid gives it.
  int Status = 0;
  /// What it wrote to its output and to standard error.
  std::string Out, Printed;

  bool succeeded() const;
  /// Whether it refused (exit status 1, its reason in Printed) rather than
  /// stopped on a failed assertion or a crash.
  bool refused() const;
  /// Whether its reason is diagnostics, formatted as Clang formats them
  /// (refuseInChild with a compiler::DiagnosticError).
  bool refusedWithDiagnostics() const;
  /// How it stopped, for an error: the failed assertion it printed, or its
  /// first line, then "(it stopped with signal 6, Aborted)".
  std::string describeStop() const;
};

/// Runs \p Work in a child process. \p Work writes its result to the file
/// descriptor it is given and ends the process (exitChild), or refuses
/// (refuseInChild).
llvm::Expected<ChildResult> runIsolated(llvm::function_ref<void(int Out)> Work);

/// Writes \p Data to \p FD, then ends the child with \p Status.
[[noreturn]] void exitChild(int FD, llvm::StringRef Data, int Status);
/// Ends the child as refusing its input, \p Why being the reason.
[[noreturn]] void refuseInChild(llvm::StringRef Why);
/// The same for an error: the parent learns whether it was diagnostics
/// (compiler::DiagnosticError) from ChildResult::refusedWithDiagnostics.
[[noreturn]] void refuseInChild(llvm::Error Why);

/// Makes a module in the context it is given, or says why it cannot.
using ModuleFactory =
    llvm::function_ref<llvm::Expected<std::unique_ptr<llvm::Module>>(
        llvm::LLVMContext &)>;

/// Makes a module with \p Make in a child process, in a context of its own
/// (which keeps value names if \p Ctx does), and reads it into \p Ctx
/// (opaque pointers). \p Make's error is passed on
/// as it is; a child that crashes gives `<FileName>: error: <Reader> cannot
/// handle this <What>: <how it stopped>`. What the child printed otherwise
/// (warnings) goes to \p Printed.
llvm::Expected<std::unique_ptr<llvm::Module>>
makeModuleIsolated(llvm::LLVMContext &Ctx, ModuleFactory Make,
                   llvm::StringRef FileName, llvm::StringRef Reader,
                   llvm::StringRef What, std::string *Printed = nullptr);

} // namespace compiler

#endif // COMPILER_FRONTEND_ISOLATION_H
