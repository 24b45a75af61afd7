//===- ToolErrors.cpp - How Loom's tools print errors ---------------------===//
///
/// \file
/// See ToolErrors.h.
///
//===----------------------------------------------------------------------===//

#include "ToolErrors.h"

#include "compiler/support/DiagnosticError.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace loom {

void printToolError(Error E, StringRef Tool) {
  handleAllErrors(
      std::move(E),
      [](const compiler::DiagnosticError &Diagnostic) {
        errs() << Diagnostic.getText();
      },
      [&](const ErrorInfoBase &Other) {
        WithColor::error(errs(), Tool) << Other.message() << "\n";
      });
}

} // namespace loom
