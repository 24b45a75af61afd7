//===- ClampedAccesses.h - Loads at clamped consecutive indices -*- C++ -*-===//
///
/// \file
/// A load from `Base[clamp(X, Lo, Hi)]`, X consecutive along the vector and
/// the bounds uniform (OpenCL's clamp, min and max, as LLVM's smin, smax,
/// umin and umax: conv1d's `in[clamp(i + k, 0, n - 1)]`, a stencil's
/// `cur[max(lid - 1, 0)]`), or from `Base[X % N]` (urem or srem by a
/// uniform N: a ring's neighbour, `tile[(l + 1) % n]`), is a gather, as
/// lanes at an edge read the same element or wrap around. Where every lane's
/// X is within the bounds (for a remainder: at or above 0, below N) the clamps
/// change nothing and the W elements are consecutive: the packetizer versions
/// the load on that test, one vector load when it holds, the gather otherwise:
/// packetization computes the test and marks the gather (StageMarkers.h),
/// and the `vecz-clamped-versions` pass versions it.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_CLAMPEDACCESSES_H
#define VECZ_CLAMPEDACCESSES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace vecz {

class StrideInfo;

/// For \p Load, a load of the vector kernel at a clamped consecutive index
/// (see the file comment), whether all of the \p Width lanes are within the
/// clamps, computed at \p B from the scalar twins (lane 0's values); null
/// for any other load. \p StrideOf gives the stride of a value of the
/// vector kernel, \p IsVarying whether it varies.
llvm::Value *emitWithinClamps(
    llvm::LoadInst &Load, unsigned Width,
    llvm::function_ref<bool(const llvm::Value *)> IsVarying,
    llvm::function_ref<std::optional<int64_t>(const llvm::Value *)> StepOf,
    llvm::IRBuilder<> &B);

/// Leaves the marker of \p Gather, the widened \p Load, in the vector
/// kernel (StageMarkers.h): its consecutive version loads from \p Load's
/// address (lane 0's) when \p WithinClamps holds, masked by \p Mask if not
/// null.
void markClampedGather(llvm::Instruction &Gather, llvm::LoadInst &Load,
                       llvm::Value *WithinClamps, llvm::Value *Mask);

/// Versions each gather of \p F that a marker names: the gather runs only
/// when its lanes are not within the clamps, a load of consecutive elements
/// when they are; erases the markers. An error naming \p F if a marker is
/// not one StageMarkers.h describes.
llvm::Error versionClampedGathers(llvm::Function &F);

} // namespace vecz

#endif // VECZ_CLAMPEDACCESSES_H
