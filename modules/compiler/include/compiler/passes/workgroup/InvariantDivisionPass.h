//===- InvariantDivisionPass.h - Division by a loop invariant ---*- C++ -*-===//
///
/// \file
/// Assumes: optimized IR (loops in simplified form, invariants hoisted), in
/// which no division can trap (trap-free-division).
/// Does: an unsigned division or remainder of at most 64 bits (`udiv`,
/// `urem`; scalar, or a vector whose divisor is one value splatted; wider
/// ones would need a division LLVM 15 cannot generate) inside a loop, by a
/// divisor that is not a constant but is invariant in that loop, becomes a
/// multiply by the divisor's reciprocal (Granlund and Montgomery's "division by
/// invariant integers using multiplication", PLDI 1994): a 2N-bit multiply,
/// a subtract, an add and two shifts, with the multiplier and shifts
/// computed once, in the preheader of the outermost loop the divisor is
/// invariant in, from the divisor or 1 if it is 0 (the divisions never run
/// with 0, which would be undefined, but the preheader runs before them).
/// Why: x86-64's division takes 10 to 90 cycles and is not pipelined;
/// kernels divide by their work-group size or by an argument (a width) in
/// every work-item, where pocl, which compiles a kernel for its local size
/// at the first launch, divides by a constant (doc/performance.md).
/// Loops that run at most 3 times per entry are left alone: there the
/// reciprocal's own division (2N bits by N) costs more than it saves.
/// Produces: the same quotients and remainders, for every divisor. Signed
/// divisions are left alone (trap-free-division's guard makes their
/// divisor depend on the dividend). Pipeline name: `invariant-division`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_INVARIANTDIVISIONPASS_H
#define COMPILER_PASSES_WORKGROUP_INVARIANTDIVISIONPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/InstructionCost.h"

namespace llvm {
class Instruction;
class TargetTransformInfo;
class Value;
} // namespace llvm

namespace compiler {
namespace utils {

/// The divisor of \p I if \p I is a division the pass replaces wherever its
/// divisor is invariant in a loop around it (an unsigned division or
/// remainder of at most 64 bits by a value, scalar or splatted, that is not
/// a constant); else null.
llvm::Value *getReplaceableDivisor(const llvm::Instruction &I);

/// What \p I, a division getReplaceableDivisor accepts, costs once replaced:
/// the multiply by the reciprocal and what follows it, per run (the
/// reciprocal itself is computed once, before the loop). For cost models
/// that run before the pass, such as Vecz's.
llvm::InstructionCost
getCostOfDivisionByReciprocal(const llvm::Instruction &I,
                              const llvm::TargetTransformInfo &TTI);

class InvariantDivisionPass
    : public llvm::PassInfoMixin<InvariantDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_INVARIANTDIVISIONPASS_H
