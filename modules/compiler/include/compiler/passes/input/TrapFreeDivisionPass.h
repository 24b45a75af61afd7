//===- TrapFreeDivisionPass.h - Safe division -------------------*- C++ -*-===//
///
/// \file
/// Assumes: a module as a frontend left it (or with its builtins linked),
/// before any optimization: every integer division is still one `sdiv`,
/// `udiv`, `srem` or `urem` whose result the kernel's source asked for.
/// Does: gives each division whose divisor may be zero, or, when signed,
/// may be -1 while the dividend may be the type's minimum, a divisor of 1 in
/// exactly those cases (one compare or two and a select, lane by lane for
/// vectors). x86 raises SIGFPE for both, which would take the host process
/// down; OpenCL C leaves the results undefined, so Loom defines them:
/// `x / 0 == x`, `x % 0 == 0`, `MIN / -1 == MIN`, `MIN % -1 == 0`
/// (doc/compiler-spec.md). Divisions that known bits prove safe (a constant
/// divisor other than 0 and -1, say) are left alone, so they cost nothing.
/// Produces: no division that can trap. Later passes cannot add one: LLVM
/// only speculates divisions it can prove safe. Pipeline name:
/// `trap-free-division`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_TRAPFREEDIVISIONPASS_H
#define COMPILER_PASSES_INPUT_TRAPFREEDIVISIONPASS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class BinaryOperator;
class DataLayout;
class Instruction;
} // namespace llvm

namespace compiler {
namespace utils {

/// Whether \p I is an integer division or remainder (sdiv, udiv, srem or
/// urem), which x86 traps on for a zero divisor (and INT_MIN / -1).
bool isIntegerDivision(const llvm::Instruction &I);

/// Whether \p Division (an sdiv, udiv, srem or urem) may trap for some
/// operands: its divisor may be zero, or, when signed, -1 while its dividend
/// may be the type's minimum. Decided from known bits alone (no guard that
/// dominates it), so the answer holds wherever it runs, for every lane of a
/// vector kernel too.
bool mayTrap(const llvm::BinaryOperator &Division, const llvm::DataLayout &DL);

/// Makes \p Division (an sdiv, udiv, srem or urem, scalar or vector) unable
/// to trap, as the pass does. Returns whether it had to add a guard.
bool makeDivisionTrapFree(llvm::BinaryOperator &Division,
                          const llvm::DataLayout &DL);

class TrapFreeDivisionPass : public llvm::PassInfoMixin<TrapFreeDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_TRAPFREEDIVISIONPASS_H
