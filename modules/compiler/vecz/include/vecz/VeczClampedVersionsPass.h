//===- vecz/VeczClampedVersionsPass.h - Vecz: clamped loads -----*- C++ -*-===//
///
/// \file
/// Assumes: vector kernels that `vecz-packetize<...;defer-stages>` made, or
/// any function with the clamped-gather markers that packetization leaves
/// (`__vecz_clamped_gather`, modules/compiler/vecz/transform/StageMarkers.h
/// gives their operands).
/// Does: Vecz's clamped-access versioning alone (ClampedAccesses.h): each
/// marked gather runs only when its lanes are not all within the clamps,
/// and a load of consecutive elements from the first lane's address (masked
/// as the gather was) when they are; the two meet in a phi. A marker that
/// is not as StageMarkers.h describes is an error naming the function.
/// Produces: the module without clamped-gather markers.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZCLAMPEDVERSIONSPASS_H
#define VECZ_VECZCLAMPEDVERSIONSPASS_H

#include "llvm/IR/PassManager.h"

namespace vecz {

class VeczClampedVersionsPass
    : public llvm::PassInfoMixin<VeczClampedVersionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace vecz

#endif // VECZ_VECZCLAMPEDVERSIONSPASS_H
