//===- BranchlessGathersPass.h - Gathers without branches -------*- C++ -*-===//
///
/// \file
/// Assumes: optimized IR just before code generation, for a CPU whose
/// TargetTransformInfo has no gather (scatter) instruction for a type, or
/// asks for it to be scalarized: LLVM's backend then does the access lane by
/// lane (ScalarizeMaskedMemIntrin), branching around each lane's load or
/// store where the mask is not a constant.
/// Does: each such `llvm.masked.gather` with a mask that is not a constant
/// becomes, lane after lane, a load from the lane's address where the lane is
/// on and from a scratch slot of the function's own (on its stack) where it
/// is off, then a select of the pass-through value for the lanes that are off;
/// each such `llvm.masked.scatter` a store, in lane order, to the lane's
/// address or to the scratch slot. No branches: no lane's own address is
/// ever touched while it is off.
/// Why: a gather of 8 lanes under a mask is 16 blocks after the backend's
/// scalarization; Vecz's linearized divergent code has hundreds of them in a
/// large kernel (bench/cases/tracking: 386), which code generation then
/// works through block by block (compile time), and each lane a branch the
/// processor predicts from the mask at run time.
/// Produces: no masked gather or scatter the target would scalarize but those
/// with constant masks (the backend does those without branches). Pipeline
/// name: `branchless-gathers`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_BRANCHLESSGATHERSPASS_H
#define COMPILER_PASSES_WORKGROUP_BRANCHLESSGATHERSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class BranchlessGathersPass
    : public llvm::PassInfoMixin<BranchlessGathersPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_BRANCHLESSGATHERSPASS_H
