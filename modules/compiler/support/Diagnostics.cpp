//===- Diagnostics.cpp - Warnings and errors from passes ------------------===//
///
/// \file
/// See compiler/support/Diagnostics.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/Diagnostics.h"

#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

namespace compiler {
namespace utils {

LoomDiagnostic::LoomDiagnostic(DiagnosticSeverity Severity, const Function &Fn,
                               const DebugLoc &Loc, const Twine &Message)
    : DiagnosticInfoWithLocationBase(static_cast<DiagnosticKind>(getKindID()),
                                     Severity, Fn, DiagnosticLocation(Loc)),
      Message(Message.str()) {}

int LoomDiagnostic::getKindID() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

std::string LoomDiagnostic::getSourceLocation() const {
  return utils::getSourceLocation(*this);
}

std::string getSourceLocation(const DiagnosticInfoWithLocationBase &DI) {
  if (!DI.isLocationAvailable())
    return "";
  StringRef Path;
  unsigned Line = 0, Column = 0;
  DI.getLocation(Path, Line, Column);
  std::string Text = Path.str() + ":" + std::to_string(Line);
  if (Column)
    Text += ":" + std::to_string(Column);
  return Text;
}

void LoomDiagnostic::print(DiagnosticPrinter &DP) const { DP << Message; }

void emitWarning(const Function &Fn, const DebugLoc &Loc,
                 const Twine &Message) {
  Fn.getContext().diagnose(LoomDiagnostic(DS_Warning, Fn, Loc, Message));
}

void emitError(const Function &Fn, const DebugLoc &Loc, const Twine &Message) {
  Fn.getContext().diagnose(LoomDiagnostic(DS_Error, Fn, Loc, Message));
}

void emitRemark(const Function &Fn, const DebugLoc &Loc, const char *PassName,
                StringRef Name, const Twine &Message) {
  OptimizationRemark Remark(PassName, Name, DiagnosticLocation(Loc),
                            &Fn.getEntryBlock());
  Remark << Message.str();
  Fn.getContext().diagnose(Remark);
}

void emitMissedRemark(const Function &Fn, const DebugLoc &Loc,
                      const char *PassName, StringRef Name,
                      const Twine &Message) {
  OptimizationRemarkMissed Remark(PassName, Name, DiagnosticLocation(Loc),
                                  &Fn.getEntryBlock());
  Remark << Message.str();
  Fn.getContext().diagnose(Remark);
}

} // namespace utils
} // namespace compiler
