//===- csa/LoopSPMDizationPass.h - Loops split across workers ---*- C++ -*-===//
///
/// \file
/// Assumes: loops between `%w = llvm.csa.spmdization.entry(i32 workers,
/// i32 chunk)` in the preheader and `llvm.csa.spmdization.exit(%w)` in the
/// exit blocks, as CLIE leaves them; entries and exits are paired through
/// the exit's operand, never by position (CSA-19); memory ordering already
/// lowered.
/// Does (CSA-15): makes such a loop `workers` copies that share its
/// iterations. The loop moves into a new function `<fn>.spmd.<n>(ptr ctx,
/// i32 worker)` that runs the iterations of its worker, numbering them 0 to
/// the trip count: with chunk 0 (blocking) one contiguous block each, with
/// chunk 1 (cyclic) every workers-th iteration, with chunk k (hybrid)
/// chunks of k dealt round-robin. On the host a chunk is rounded up to a
/// multiple of `-csa-spmd-granule` iterations (64 by default): a CPU worker
/// runs a chunk as a vector loop, which a chunk of one iteration would
/// defeat; iterations are independent, so only the schedule changes, not a
/// result. Each header phi restarts at its value for
/// the chunk's first iteration, from its SCEV recurrence. The loop's place
/// gets a call of the runtime hook `__loom_parallel_map(i32 workers, ptr
/// fn, ptr ctx)`, which the reference driver provides: it runs fn(ctx, 0)
/// on the calling thread and the other workers on idle threads of its pool,
/// or one after another when none is idle, and returns when all are done
/// (doc/kernel-abi.md). Values the loop reads from outside travel in ctx.
/// A loop it cannot split (no computable trip count, more than one exit, a
/// value used after the loop, a header phi that is not an affine
/// recurrence, a call of a work-item builtin or of a convergent function)
/// stays as it is, with a warning: results are the same either way.
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
