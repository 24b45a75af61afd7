//===- Boscc.h - Branches around blocks no lane runs -----------*- C++ -*-===//
///
/// \file
/// Branch on superword condition code (BOSCC, Shin et al., CGO 2005): a
/// linearized divergent region runs every one of its blocks, under masks,
/// even when no lane needs a block. Where a block of the region's straight
/// code starts a run of blocks that it dominates, the packetized kernel
/// tests once whether any lane is active in it and, when none is, branches
/// past the run. This pays where lanes agree: an early return taken by the
/// whole vector, a tree reduction's `if (lid < stride)` once the stride is
/// below a vector's first lane, a rarely taken slow path.
///
/// Skipping is exact: a run whose first block has no active lane has none
/// in any block it dominates, its masked memory accesses and calls do
/// nothing then, and the values it leaves to later blocks (blended values,
/// edge masks, kept live-outs) only count in lanes it ran. Those values
/// become phis where the run rejoins the straight code: the value itself
/// after the run, zero after the skip (zero rather than poison, so an
/// inactive lane's value can never feed a trap or a branch).
///
/// The runs are chosen on the scalar kernel's blocks, before packetization,
/// and left as markers in the vector kernel (StageMarkers.h) for the
/// `vecz-boscc` pass:
/// a block outside the region's loops (and not a loop's exit block, nor a
/// uniform loop's preheader: that loop has a test of its own) whose mask is
/// not its only predecessor's, followed in run order by the blocks
/// it dominates and by no other block it dominates; a run whose cost (see
/// isWorthSkipping) is above what the test costs; not a run that ends right
/// before a uniform loop (the loop has its own test) or at a reconvergence
/// block that other paths also reach (the region's merged values are made
/// at the end of its last block).
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_BOSCC_H
#define VECZ_BOSCC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Value;
} // namespace llvm

namespace vecz {

struct DivergentRegion;

/// A run of a region's blocks the vector kernel may branch around.
struct SkippableRun {
  /// The first block of the run, whose mask is tested.
  llvm::BasicBlock *First;
  /// The block the straight code goes on to after the run.
  llvm::BasicBlock *Next;
};

/// The runs of \p R worth branching around (see the file comment), in run
/// order; \p DT is the dominator tree of \p R's function before
/// linearization.
llvm::SmallVector<SkippableRun, 4>
findSkippableRuns(const DivergentRegion &R, const llvm::DominatorTree &DT);

/// Leaves the markers of \p Runs in the linearized vector kernel
/// (StageMarkers.h): \p MaskOf gives a run's first block's mask of active
/// lanes (<W x i1>).
void markSkippableRuns(
    llvm::ArrayRef<SkippableRun> Runs,
    llvm::function_ref<llvm::Value *(llvm::BasicBlock *)> MaskOf);

/// Makes \p F branch past each run its markers name when no lane of the
/// run's mask is active, and erases the markers; an error naming \p F if
/// the markers do not describe runs (a begin without its end, or an end
/// that more than one block of the run reaches).
llvm::Error branchAroundEmptyRuns(llvm::Function &F);

} // namespace vecz

#endif // VECZ_BOSCC_H
