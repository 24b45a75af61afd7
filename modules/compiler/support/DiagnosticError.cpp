//===- DiagnosticError.cpp - Errors that are diagnostics ------------------===//
///
/// \file
/// See compiler/support/DiagnosticError.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/DiagnosticError.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace compiler {

char DiagnosticError::ID = 0;

DiagnosticError::DiagnosticError(std::string Text) : Text(std::move(Text)) {
  if (this->Text.empty() || this->Text.back() != '\n')
    this->Text += '\n';
}

void DiagnosticError::log(raw_ostream &OS) const { OS << Text; }

std::error_code DiagnosticError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

std::string formatErrorLine(StringRef FileName, const Twine &Message) {
  return (FileName + ": error: " + Message + "\n").str();
}

Error makeDiagnosticError(StringRef FileName, const Twine &Message) {
  return make_error<DiagnosticError>(formatErrorLine(FileName, Message));
}

Error makeFormattedDiagnosticError(std::string Text) {
  return make_error<DiagnosticError>(std::move(Text));
}

} // namespace compiler
