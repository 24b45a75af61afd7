//===- DiagnosticError.h - Errors that are diagnostics ----------*- C++ -*-===//
///
/// \file
/// An error in the user's input, or an internal compiler error, written as
/// Clang writes its diagnostics: whole lines of
/// `file[:line[:col]]: error: message`. BaseModule's compile, load,
/// finalize and createBinary return one for such errors; any other error
/// they return is a misuse of the SDK (finalize before compile) or of the
/// host (no code generator). A tool prints a DiagnosticError as it is, and
/// any other error after its own name (tools/common/ToolErrors.h): it
/// decides by the error's type, never by its text.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_DIAGNOSTICERROR_H
#define COMPILER_SUPPORT_DIAGNOSTICERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace compiler {

class DiagnosticError : public llvm::ErrorInfo<DiagnosticError> {
public:
  static char ID;

  /// \p Text: one or more formatted diagnostics, each line ending in a
  /// newline (one is added if the last does not).
  explicit DiagnosticError(std::string Text);

  const std::string &getText() const { return Text; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string Text;
};

/// `FileName: error: Message` and a newline.
std::string formatErrorLine(llvm::StringRef FileName,
                            const llvm::Twine &Message);

/// One diagnostic, formatErrorLine's.
llvm::Error makeDiagnosticError(llvm::StringRef FileName,
                                const llvm::Twine &Message);

/// Diagnostics formatted elsewhere (Clang's, LLVM's IR parser's).
llvm::Error makeFormattedDiagnosticError(std::string Text);

} // namespace compiler

#endif // COMPILER_SUPPORT_DIAGNOSTICERROR_H
