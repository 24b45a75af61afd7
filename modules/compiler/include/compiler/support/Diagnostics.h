//===- Diagnostics.h - Warnings and errors from passes ----------*- C++ -*-===//
///
/// \file
/// How a pass tells the user something: a LoomDiagnostic goes through the
/// context's diagnostic handler (LLVMContext::diagnose), so it reaches
/// whoever compiles. BaseModule prints it as Clang would,
/// `file:line:col: warning: message` when the instruction it is about has a
/// debug location and `file: warning: message` otherwise; an error fails
/// finalize. loom-opt prints it with LLVM's default handler.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_DIAGNOSTICS_H
#define COMPILER_SUPPORT_DIAGNOSTICS_H

#include "llvm/IR/DiagnosticInfo.h"

#include <string>

namespace llvm {
class Function;
class Twine;
} // namespace llvm

namespace compiler {
namespace utils {

class LoomDiagnostic : public llvm::DiagnosticInfoWithLocationBase {
public:
  LoomDiagnostic(llvm::DiagnosticSeverity Severity, const llvm::Function &Fn,
                 const llvm::DebugLoc &Loc, const llvm::Twine &Message);

  const std::string &getMessage() const { return Message; }
  /// `file:line` or `file:line:col`, when a debug location is known.
  std::string getSourceLocation() const;

  void print(llvm::DiagnosticPrinter &DP) const override;
  static bool classof(const llvm::DiagnosticInfo *DI) {
    return DI->getKind() == getKindID();
  }

private:
  static int getKindID();
  std::string Message;
};

/// `file:line` or `file:line:col` of \p DI, or an empty string when it has
/// no debug location.
std::string getSourceLocation(const llvm::DiagnosticInfoWithLocationBase &DI);

/// Reports \p Message about \p Fn, located at \p Loc when it is known.
void emitWarning(const llvm::Function &Fn, const llvm::DebugLoc &Loc,
                 const llvm::Twine &Message);
void emitError(const llvm::Function &Fn, const llvm::DebugLoc &Loc,
               const llvm::Twine &Message);

/// Reports, as an optimization remark of pass \p PassName (a string that
/// lives as long as the program: `-Rpass=PassName` shows it), that
/// \p Fn's code at \p Loc was transformed (\p Name says how), or with
/// emitMissedRemark, that it was not.
void emitRemark(const llvm::Function &Fn, const llvm::DebugLoc &Loc,
                const char *PassName, llvm::StringRef Name,
                const llvm::Twine &Message);
void emitMissedRemark(const llvm::Function &Fn, const llvm::DebugLoc &Loc,
                      const char *PassName, llvm::StringRef Name,
                      const llvm::Twine &Message);

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_DIAGNOSTICS_H
