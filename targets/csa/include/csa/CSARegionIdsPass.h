//===- csa/CSARegionIdsPass.h - Fresh ids for clashing regions --*- C++ -*-===//
///
/// \file
/// Assumes: region entries (`llvm.csa.parallel.region.entry(i32 id)`), some
/// possibly brought into their function by inlining, so that two regions of
/// one function carry the same compiler id (>= 1000): a helper whose loop
/// CLIE expanded, inlined twice into one caller (CSA-9).
/// Does: within each function, entries with the same compiler id that are
/// not merged by a phi or select (which would make them one region split by
/// code duplication) are different regions; all but the first get fresh
/// ids, from fresh `inlined.N` names through getCompilerRegionId. User ids
/// (< 1000) are the user's and stay.
/// Produces: one compiler id per region in each function. Pipeline name:
/// `csa-region-ids`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAREGIONIDSPASS_H
#define CSA_CSAREGIONIDSPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSARegionIdsPass : public llvm::PassInfoMixin<CSARegionIdsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace csa

#endif // CSA_CSAREGIONIDSPASS_H
