//===- CSAIntrinsicCleanerPass.h - Removes the CSA intrinsics ---*- C++ -*-===//
///
/// \file
/// Assumes: the CSA passes have consumed what the intrinsics say (regions
/// and sections lowered to parallel-access metadata, spmdization loops
/// split, pipeline loops given their metadata); what follows is the
/// target-independent code generation, which knows no `llvm.csa.*`.
/// Does: first warns `!! WARNING: ITERATION-LOCAL STORAGE DETECTED IN A
/// PARALLELIZED LOOP !!` for each loop that holds a `lifetime.start` and a
/// section entry outside its subloops (CSA-18; `-csa-disable-loop-storage-
/// check` turns it off): storage that lives one iteration must be private
/// to each worker, so the marking is likely wrong or costly. Then removes
/// every CSA intrinsic call, reaching each exit through its entry's users,
/// recursively through phis and selects, never by position (CSA-17, 19).
/// Produces: no `llvm.csa.*` calls or declarations. Pipeline name:
/// `csa-intrinsic-cleaner`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAINTRINSICCLEANERPASS_H
#define CSA_CSAINTRINSICCLEANERPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSAIntrinsicCleanerPass
    : public llvm::PassInfoMixin<CSAIntrinsicCleanerPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace csa

#endif // CSA_CSAINTRINSICCLEANERPASS_H
