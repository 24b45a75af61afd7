//===- ToolErrors.h - How Loom's tools print errors -------------*- C++ -*-===//
///
/// \file
/// One way for loomc and loom-run to print an error: a
/// compiler::DiagnosticError (an error in the user's input, already
/// formatted as Clang formats it) as it is, any other error after the
/// tool's name. Decided by the error's type, never by its text.
///
//===----------------------------------------------------------------------===//

#ifndef LOOM_TOOLS_TOOLERRORS_H
#define LOOM_TOOLS_TOOLERRORS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace loom {

/// Prints \p E to stderr: each DiagnosticError as it is, any other error as
/// `<Tool>: error: <message>`.
void printToolError(llvm::Error E, llvm::StringRef Tool);

} // namespace loom

#endif // LOOM_TOOLS_TOOLERRORS_H
