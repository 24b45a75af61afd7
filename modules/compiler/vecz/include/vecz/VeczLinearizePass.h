//===- vecz/VeczLinearizePass.h - One Vecz stage: linearization -*- C++ -*-===//
///
/// \file
/// Assumes: vector kernels that `vecz-packetize<...;defer-stages>` made, or
/// any function with the marks that packetization leaves for linearization
/// (`__vecz_divergent_branch` conditions, `__vecz_active_lanes` masks and
/// `!vecz.per_lane` phis; modules/compiler/vecz/transform/StageMarkers.h
/// describes them), with control flow that DivergentRegions.h can
/// linearize.
/// Does: Vecz's control-flow conversion alone (Linearization.h): each block
/// of a divergent region gets the mask of the lanes active in it in place
/// of its mask marker, phis where paths join become selects on the edge
/// masks, values leaving a divergent loop are kept per lane, and the
/// regions become straight code, a divergent loop going round while any
/// lane is live. Marks that are not as StageMarkers.h describes, or control
/// flow it cannot linearize, are an error naming the function.
/// Produces: the module without linearization's marks; the markers of the
/// stages after it (`vecz-clamped-versions`, `vecz-boscc`) stay, with the
/// masks in place of the mask markers.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZLINEARIZEPASS_H
#define VECZ_VECZLINEARIZEPASS_H

#include "llvm/IR/PassManager.h"

namespace vecz {

class VeczLinearizePass : public llvm::PassInfoMixin<VeczLinearizePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace vecz

#endif // VECZ_VECZLINEARIZEPASS_H
