//===- vecz/VeczBosccPass.h - One Vecz stage: BOSCC -------------*- C++ -*-===//
///
/// \file
/// Assumes: vector kernels that `vecz-packetize<...;defer-stages>` made, or
/// any function with the run markers that packetization leaves
/// (`__vecz_run_begin` and `__vecz_run_end`,
/// modules/compiler/vecz/transform/StageMarkers.h gives their operands), the
/// blocks between a run's markers reaching the block of its end through one
/// block.
/// Does: Vecz's branches around runs no lane takes alone (Boscc.h): where a
/// run begins, its block is split and tests whether any lane of the run's
/// mask is set; when none is, it branches past the run, and each value the
/// run leaves is zero after the skip. Inner runs (higher IDs) first. A
/// marker that is not as StageMarkers.h describes is an error naming the
/// function.
/// Produces: the module without run markers.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZBOSCCPASS_H
#define VECZ_VECZBOSCCPASS_H

#include "llvm/IR/PassManager.h"

namespace vecz {

class VeczBosccPass : public llvm::PassInfoMixin<VeczBosccPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace vecz

#endif // VECZ_VECZBOSCCPASS_H
