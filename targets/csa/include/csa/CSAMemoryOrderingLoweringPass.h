//===- csa/CSAMemoryOrderingLoweringPass.h - Sections to LLVM metadata -*- C++
//-*-===//
///
/// \file
/// Assumes: region and section intrinsics (from CLIE or the user) that no
/// pass has moved memory operations into since they were placed.
/// Does: lowers the csa-memory-ordering analysis to what LLVM's own passes
/// understand on the host: each loop whose carried orderings are all dropped
/// gets an access group on every memory-touching instruction in it
/// (`!llvm.access.group`) and `llvm.loop.parallel_accesses` on its loop id,
/// so the loop vectorizer needs no runtime alias checks. When the analysis
/// finds an error, warns `!! WARNING: BAD PARALLEL SECTION INTRINSICS !!`
/// and leaves the function fully ordered (CSA-14). With
/// `-csa-view-pre-ordering-memop-cfg`, first writes each function's
/// memory-operation CFG, intrinsics included, to
/// `csa-memop-cfg.<function>.dot`.
/// Produces: metadata only; the intrinsics stay for the cleaner. Pipeline
/// name: `csa-lower-memory-ordering`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAMEMORYORDERINGLOWERINGPASS_H
#define CSA_CSAMEMORYORDERINGLOWERINGPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSAMemoryOrderingLoweringPass
    : public llvm::PassInfoMixin<CSAMemoryOrderingLoweringPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace csa

#endif // CSA_CSAMEMORYORDERINGLOWERINGPASS_H
