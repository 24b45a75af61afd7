//===- csa/CSALoopIntrinsicExpanderPass.h - CLIE ----------------*- C++ -*-===//
///
/// \file
/// The CSA loop intrinsic expander (CLIE).
/// Assumes: loops in simplified form (preheader, dedicated exits), user loop
/// markers (`llvm.csa.parallel.loop`, `spmd`, `spmdization`,
/// `pipeline.loop`) where csa-fortran-intrinsics put them.
/// Does, for each loop, with the marker found from its preheader backwards
/// through single-predecessor blocks at the same loop depth (CSA-1):
/// - parallel_loop (CSA-3): a region entry at the end of the preheader, a
///   region exit at the start of each exit block, and one section around
///   the smallest single-entry single-exit part of the body holding every
///   subloop and every memory-touching instruction. The part is found with
///   the backedges rerouted to a dummy block: its start is the nearest
///   common dominator, its end the nearest common post-dominator of those
///   blocks. Section entry goes before the first memory operation of the
///   start block (or its terminator), exit after the last memory operation
///   of the end block (or after its phis). Without such a part the loop is
///   left alone with `!! WARNING: COULD NOT PARALLELIZE LOOP !!` (CSA-4); a
///   loop with nothing to order gets a warning that the marker has no
///   effect.
/// - spmd and spmdization (CSA-5): the same, then spmdization.entry/exit
///   around the loop; spmdization's kind ("blocking", "cyclic", "hybrid")
///   becomes the chunk 0, 1 or 8.
/// - pipeline_loop (CSA-6): pipeline.loop.entry/exit around the loop.
/// Region entries it creates are named `clie.N` and carry the id
/// getCompilerRegionId gives that name (CSA-8).
/// Produces: no user loop markers left in the function (CSA-7). Pipeline
/// name: `csa-loop-intrinsic-expander`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSALOOPINTRINSICEXPANDERPASS_H
#define CSA_CSALOOPINTRINSICEXPANDERPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSALoopIntrinsicExpanderPass
    : public llvm::PassInfoMixin<CSALoopIntrinsicExpanderPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace csa

#endif // CSA_CSALOOPINTRINSICEXPANDERPASS_H
