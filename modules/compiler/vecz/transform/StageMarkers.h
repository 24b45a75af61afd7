//===- StageMarkers.h - Marks for packetization's last stages ---*- C++ -*-===//
///
/// \file
/// Packetization leaves its last stages what they work on as calls of
/// marker functions in the vector kernel, so that each stage is a pass of
/// its own that reads only the IR in front of it (`vecz-linearize`,
/// `vecz-clamped-versions`, `vecz-boscc`), and a test can write its input
/// by hand.
///
/// For linearization (Linearization.h), which runs first, the vector kernel
/// keeps the scalar kernel's control flow:
///
///   %d = call i1 (...) @__vecz_divergent_branch(<W x i1> %cond)
///   br i1 %d, label %a, label %b
///     a divergent branch: each lane goes the way its element of %cond
///     says (the marker's own result means nothing);
///   %m = call <W x i1> (...) @__vecz_active_lanes.vWi1()
///     in a block that runs under a mask (packetization puts it first after
///     the phis): the lanes active in it, which its masked accesses use;
///   %p = phi <W x T> ..., !vecz.per_lane !{}
///     a phi of one value per lane where paths join or where lanes leave a
///     divergent loop: blended per lane; an untagged phi there is uniform.
///
/// For lane calls (LaneOperations.h), the first stage after packetization:
///
///   %r = call <W x T> (...) @__vecz_lanes.<kind>(ptr @__vecz_lane.<kind>,
///                                                operands...,
///                                                <W x i1> %mask)
///     the operation of internal function @__vecz_lane.<kind> (one
///     instruction doing an atomic, an atomic or volatile access, or a call,
///     once, on its parameters, then returning) done once per lane active in
///     %mask,
///     in lane order: lane L takes lane L of each operand of the widened
///     type of its parameter, and the others as they are; the lanes'
///     results widened (a compare-and-swap's as {<W x T>, <W x i1>}).
///
/// For the two optimizing stages, found while packetization still knows
/// the scalar kernel's strides and dominance:
///
///   call void (...) @__vecz_clamped_gather(<W x T> %gather, i1 %within,
///                                          ptr %first, i64 Align
///                                          [, <W x i1> %mask])
///     right after %gather, a gather of W consecutive elements from
///     %first (aligned to Align) when %within is true, masked by %mask when
///     given;
///   call void (...) @__vecz_run_begin(i32 ID, <W x i1> %mask)
///     where a skippable run starts: what follows in the block, and the
///     blocks after it up to the matching end, run only when a lane of
///     %mask is set;
///   call void (...) @__vecz_run_end(i32 ID)
///     first in the block the straight code goes on to after run ID.
///
/// Markers are variadic, so that one declaration serves every type of
/// argument (the mask and lane-call markers are named after what they
/// return); they
/// have side effects, so nothing erases them or moves code across them
/// before their stage does. The IDs of runs follow run order.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_STAGEMARKERS_H
#define VECZ_STAGEMARKERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class BasicBlock;
class BranchInst;
class CallInst;
class Function;
class Instruction;
class Module;
class PHINode;
class Value;
} // namespace llvm

namespace vecz {

inline constexpr llvm::StringLiteral ClampedGatherMarker =
    "__vecz_clamped_gather";
inline constexpr llvm::StringLiteral RunBeginMarker = "__vecz_run_begin";
inline constexpr llvm::StringLiteral RunEndMarker = "__vecz_run_end";
inline constexpr llvm::StringLiteral DivergentBranchMarker =
    "__vecz_divergent_branch";
/// The prefix of the names of the masks' markers, which end in
/// `.v<W>i1`.
inline constexpr llvm::StringLiteral ActiveLanesMarker = "__vecz_active_lanes";
inline constexpr llvm::StringLiteral PerLanePhiMetadata = "vecz.per_lane";
/// The prefix of the names of the lane-call markers, which end as their
/// template's name does after its own prefix (`__vecz_lanes.call.2` for
/// `__vecz_lane.call.2`).
inline constexpr llvm::StringLiteral LaneCallsMarker = "__vecz_lanes.";
inline constexpr llvm::StringLiteral LaneTemplatePrefix = "__vecz_lane.";

/// A call of marker \p Name with \p Args, before \p Before.
llvm::CallInst *createMarker(llvm::StringRef Name,
                             llvm::ArrayRef<llvm::Value *> Args,
                             llvm::Instruction *Before);

/// `br i1 __vecz_divergent_branch(<W x i1> \p Lanes)` in place of the
/// condition of \p Branch.
void markDivergentBranch(llvm::BranchInst &Branch, llvm::Value *Lanes);

/// The lanes' conditions of \p Branch if it is marked divergent, else null.
llvm::Value *getDivergentCondition(const llvm::BranchInst &Branch);

/// A call of the mask marker for a mask of \p Width lanes, first in \p BB
/// after its phis.
llvm::CallInst *createActiveLanesMarker(llvm::BasicBlock &BB, unsigned Width);

/// Whether \p F is marker \p Name (any mask marker for ActiveLanesMarker,
/// any lane-call marker for LaneCallsMarker).
bool isMarkerFunction(const llvm::Function &F, llvm::StringRef Name);

void markPerLanePhi(llvm::PHINode &Phi);
bool isPerLanePhi(const llvm::PHINode &Phi);

/// The calls of marker \p Name in \p F, in the order of F's blocks (for
/// ActiveLanesMarker and LaneCallsMarker, the calls of every marker of the
/// kind).
llvm::SmallVector<llvm::CallInst *, 8> findMarkers(llvm::Function &F,
                                                   llvm::StringRef Name);

/// Erases the calls of marker \p Name in \p F, and the values only they
/// used: a stage left out.
void eraseMarkers(llvm::Function &F, llvm::StringRef Name);

/// Erases the declarations of markers no call uses any more in \p M, so
/// that finished stages leave no trace.
void eraseUnusedMarkerDeclarations(llvm::Module &M);

} // namespace vecz

#endif // VECZ_STAGEMARKERS_H
