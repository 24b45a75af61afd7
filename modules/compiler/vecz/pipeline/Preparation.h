//===- Preparation.h - A kernel made ready for packetization ---*- C++ -*-===//
///
/// \file
/// The first stage of Vecz, on the scalar kernel itself: the calls that wait
/// at a barrier inlined (as the work-item loops would inline them later),
/// then those that ask for the lane's id, its control flow in the form
/// control-flow conversion works on (loops simplified and in LCSSA form;
/// divergent switches lowered to branches), and, where its divergent control
/// flow is not in regions linearization takes as they are, one exit per loop
/// and one return. `vecz` and `vecz-packetize` run it before packetization.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_PIPELINE_PREPARATION_H
#define VECZ_PIPELINE_PREPARATION_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace compiler {
class BuiltinInfo;
} // namespace compiler

namespace vecz {

/// Prepares \p Kernel for packetization; says what it inlined through
/// \p ORE.
void prepareForPacketization(llvm::Function &Kernel,
                             const compiler::BuiltinInfo &BI,
                             llvm::FunctionAnalysisManager &FAM,
                             llvm::OptimizationRemarkEmitter &ORE);

} // namespace vecz

#endif // VECZ_PIPELINE_PREPARATION_H
