//===- vecz/VeczLaneCallsPass.h - One Vecz stage: lane calls ----*- C++ -*-===//
///
/// \file
/// Assumes: vector kernels that `vecz-packetize<...;defer-stages>` made, or
/// any function with the lane-call markers packetization leaves for what it
/// does once per lane (`__vecz_lanes.<kind>`, naming an internal one-lane
/// template `__vecz_lane.<kind>`;
/// modules/compiler/vecz/transform/StageMarkers.h describes both). Does: the
/// last step of Vecz's call widening alone (LaneOperations.h): the atomics,
/// atomic or volatile accesses and calls without a vector form that each marker
/// stands for are done once per lane, in lane order, lane L taking lane L of
/// each widened operand: as straight code when the marker's mask is all ones,
/// else in an always-inline helper that branches per lane
/// (`__vecz_masked_call`, ...), called with the lanes' operands and mask.
/// A marker that is not as StageMarkers.h describes is an error naming the
/// function.
/// Produces: the module without lane-call markers and their templates.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZLANECALLSPASS_H
#define VECZ_VECZLANECALLSPASS_H

#include "llvm/IR/PassManager.h"

namespace vecz {

class VeczLaneCallsPass : public llvm::PassInfoMixin<VeczLaneCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace vecz

#endif // VECZ_VECZLANECALLSPASS_H
