//===- csa/LoopSPMDizationPass.h - Loops split across workers ---*- C++ -*-===//
///
/// \file
/// Assumes: loops between `%w = llvm.csa.spmdization.entry(i32 workers,
/// i32 chunk)` in the preheader and `llvm.csa.spmdization.exit(%w)` in the
/// exit blocks, as CLIE leaves them; entries and exits are paired through
/// the exit's operand, never by position (CSA-19); memory ordering already
/// lowered.
/// Does (CSA-15): makes such a loop `workers` copies that share its
/// iterations, through Loom's one form of a parallel loop
/// (compiler/analysis/ParallelLoops.h): the loop gets a region of the spmd's
/// workers and chunk, its memory accesses an access group (spmd implies
/// parallel_loop) and the region's mark; then the SDK's
/// parallelization-cleanup checks it and lower-parallel-loops (granule
/// `-csa-spmd-granule`, 64 by default) moves it into a worker function
/// `<fn>.parallel.<n>(ptr ctx, i32 worker)` that runs its worker's chunks
/// (chunk 0 blocking, 1 cyclic, k hybrid), called through the driver's
/// `__loom_parallel_map`. Loops already in Loom's form (IR given as such)
/// go through the same two passes. A loop either pass cannot split stays as
/// it is, with a warning: results are the same either way.
/// Produces: no spmdization loops; the spmdization intrinsics stay for the
/// cleaner. Pipeline name: `csa-loop-spmdization`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_LOOPSPMDIZATIONPASS_H
#define CSA_LOOPSPMDIZATIONPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

/// A module pass: it adds the worker functions to the module.
class LoopSPMDizationPass : public llvm::PassInfoMixin<LoopSPMDizationPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace csa

#endif // CSA_LOOPSPMDIZATIONPASS_H
