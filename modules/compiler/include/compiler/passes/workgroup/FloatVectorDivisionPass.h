//===- FloatVectorDivisionPass.h - Vector divisions in floats ---*- C++ -*-===//
///
/// \file
/// Assumes: optimized IR in which no division can trap (trap-free-division
/// guarded each divisor), after invariant-division.
/// Does: a vector integer division or remainder (`sdiv`, `udiv`, `srem`,
/// `urem`) of at most 32 bits per lane, by a divisor that is not a
/// constant, becomes a division of floating-point vectors: both operands
/// converted (signed or unsigned) to `double` (to `float` for lanes of at
/// most 16 bits), divided, and the quotient truncated back; a remainder is
/// then the dividend minus the quotient times the divisor. Only where
/// TargetTransformInfo says the integer division costs more than that, and
/// not in a function with `"unsafe-fp-math"="true"` (the backend may then
/// divide by a reciprocal estimate).
/// Why: x86 has no vector integer division, so LLVM's backend divides such
/// a vector lane by lane with `idiv` (10 or more cycles each, not
/// pipelined), while a 256-bit `vdivpd` divides 4 lanes in about 5.
/// Exact: both operands are exact in the floating-point type (32 bits in
/// double's 53, 16 in float's 24), and the rounded quotient is within
/// |n / d| * 2^-p < 1 / |d| of the true one (p the type's precision, as
/// |n| < 2^p), nearer than any integer it is not; truncation then gives
/// the integer quotient, rounded toward zero as C's is.
/// Produces: the same quotients and remainders in every lane where the
/// division is defined. Pipeline name: `float-vector-division`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_FLOATVECTORDIVISIONPASS_H
#define COMPILER_PASSES_WORKGROUP_FLOATVECTORDIVISIONPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/InstructionCost.h"

#include <optional>

namespace llvm {
class Instruction;
class TargetTransformInfo;
} // namespace llvm

namespace compiler {
namespace utils {

/// What \p I costs once float-vector-division has replaced it, per run, if
/// it replaces it; else nothing. For cost models that run before the pass,
/// such as Vecz's.
std::optional<llvm::InstructionCost>
getCostOfFloatVectorDivision(const llvm::Instruction &I,
                             const llvm::TargetTransformInfo &TTI);

class FloatVectorDivisionPass
    : public llvm::PassInfoMixin<FloatVectorDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_FLOATVECTORDIVISIONPASS_H
