//===- DivergentRegions.h - Where control flow diverges --------*- C++ -*-===//
///
/// \file
/// The parts of a kernel the packetizer linearizes, and the order their
/// blocks will run in. A region starts at a divergent branch not already
/// inside one and spans the blocks its paths cross before they reconverge
/// at its immediate post-dominator; a divergent loop (one the lanes leave at
/// different iterations) outside every such region starts one at its
/// preheader, spanning the loop and the paths from its exit blocks to where
/// they reconverge.
///
/// Inside a region, the blocks outside loops and the blocks of a divergent
/// loop become straight code run under masks, whatever their branches
/// (divergent or uniform); a divergent loop iterates while any lane is live.
/// A uniform loop inside a region (all its branches uniform) keeps its
/// control flow and runs under the mask of the lanes that enter it.
///
/// A region that a path enters other than through its branching block (a
/// jump into the middle of an if) is widened until none does: it starts at
/// the nearest common dominator of its branching block and that path's
/// block, and ends where both reconverge; the regions found before that it
/// then holds are linearized with it. One entered from a block its start
/// dominates (a path from it runs through its end back into it, as in a
/// loop without an exit) is not linearized.
///
/// What Vecz linearizes so far: a region is left only into its
/// reconvergence block (which may have other predecessors), and once
/// widened lies in the loop its divergent branch is in; its blocks end in
/// two-way or unconditional branches; each loop in it is in simplified form
/// (preheader, one latch, exit blocks whose predecessors are all in the loop);
/// a loop inside a divergent loop is left only to blocks of that loop; a
/// uniform loop inside a region has one exit block, unless it holds a divergent
/// branch: then it is linearized as a divergent loop is (its lanes leave
/// together).
///
/// A divergent loop's blocks are ordered as a region's are, its back edge
/// left out and its latch last: the loops inside it are uniform loops run
/// under the mask of the lanes entering them, or divergent loops linearized
/// in turn, each iteration of the loop holding them entering them anew.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_DIVERGENTREGIONS_H
#define VECZ_DIVERGENTREGIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class PostDominatorTree;
} // namespace llvm

namespace vecz {

/// A loop whose blocks run under a mask.
struct MaskedLoop {
  llvm::BasicBlock *Preheader;
  llvm::BasicBlock *Header;
  llvm::BasicBlock *Latch;
  /// The blocks it is left to, all of whose predecessors are in the loop;
  /// one for a uniform loop.
  llvm::SmallVector<llvm::BasicBlock *, 2> ExitBlocks;
  /// Whether lanes leave it at different iterations, or it holds a
  /// divergent branch: then its blocks become straight code that iterates
  /// while any lane is live, and what leaves it is kept per lane. Otherwise it
  /// keeps its control flow, under the mask of the lanes that enter it, and is
  /// skipped when none does.
  bool Divergent;
  /// Header first; for a divergent loop each block after its predecessors
  /// in the loop, the loops inside it expanded as in a region, and the
  /// latch last.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
};

struct DivergentRegion {
  /// The block the straight code starts after: the divergent branch, or the
  /// preheader of a divergent loop that is a region of its own.
  llvm::BasicBlock *Branching;
  /// The blocks in the order they will run: each after its predecessors,
  /// each path followed as far as it goes before its siblings (so the
  /// blocks a block dominates tend to run together), each loop's blocks
  /// together, a uniform loop's followed by its exit block.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  /// Where the paths reconverge.
  llvm::BasicBlock *Exit;
  /// The loops among the blocks, at any depth: a loop inside another comes
  /// before it.
  llvm::SmallVector<MaskedLoop, 2> Loops;
};

/// The maximal divergent regions of \p F, in program order, or why one of
/// them cannot be linearized yet.
llvm::Expected<llvm::SmallVector<DivergentRegion, 4>> findDivergentRegions(
    llvm::Function &F, const llvm::DominatorTree &DT,
    const llvm::PostDominatorTree &PDT, const llvm::LoopInfo &LI,
    llvm::function_ref<bool(const llvm::Instruction &)> IsDivergentBranch,
    llvm::function_ref<bool(const llvm::Loop &)> IsDivergentLoop);

/// The loops lanes leave at different iterations when they part at a
/// divergent branch ending \p Branching: those holding it that do not hold
/// \p Reconverge, where its paths meet again (null: only at the function's
/// end). Innermost first.
llvm::SmallVector<const llvm::Loop *, 2>
getLoopsLeftApart(const llvm::BasicBlock &Branching,
                  const llvm::BasicBlock *Reconverge, const llvm::LoopInfo &LI);

/// Where each block stands in the regions of a function, and so what
/// linearization makes of it: both packetization (which masks a block's
/// accesses, and which phis it leaves for blending) and linearization read
/// it.
class RegionIndex {
public:
  explicit RegionIndex(llvm::ArrayRef<DivergentRegion> Regions);

  /// What becomes of the edges into a block, and so of its phis.
  enum class Incoming {
    /// They stay: its phis stay phis.
    Kept,
    /// They become fall-throughs of straight code: its phis become selects
    /// on the edge masks.
    Blended,
    /// It is a divergent loop's exit block, reached once every lane has
    /// left: its phis become each lane's value when it left.
    LeftLoop,
  };
  Incoming getIncoming(const llvm::BasicBlock *BB) const;

  /// How the mask of the lanes active in a block is made.
  enum class MaskKind {
    /// Every lane is active: the block is outside the regions.
    None,
    /// The lanes arriving along the edges into it.
    Edges,
    /// A divergent loop's header: the lanes still in the loop.
    Live,
    /// An exit block of a divergent loop with several: the lanes that left
    /// to it.
    Left,
  };
  /// The block whose mask \p BB runs under (itself, or for a uniform loop's
  /// blocks and the single exit block of a divergent loop, where that
  /// loop's lanes came from), and how that mask is made.
  std::pair<llvm::BasicBlock *, MaskKind>
  getMaskOwner(llvm::BasicBlock *BB) const;

  /// Whether \p BB may run with no lane active, so that a uniform access in
  /// it must test for one: a block of straight code may, a uniform loop
  /// may not (it is skipped then, and lanes that enter it stay to the end).
  bool needsAnyLaneTest(const llvm::BasicBlock *BB) const {
    const MaskedLoop *L = LoopOf.lookup(BB);
    return RegionOf.count(BB) && !(L && !L->Divergent);
  }

  const DivergentRegion *getRegion(const llvm::BasicBlock *BB) const {
    return RegionOf.lookup(BB);
  }
  /// The innermost masked loop holding \p BB, or null.
  const MaskedLoop *getLoop(const llvm::BasicBlock *BB) const {
    return LoopOf.lookup(BB);
  }
  /// The masked loop \p BB is an exit block of, or null.
  const MaskedLoop *getLoopLeftTo(const llvm::BasicBlock *BB) const {
    return ExitOf.lookup(BB);
  }
  /// The region reconverging at \p BB when BB is no loop's exit, or null.
  const DivergentRegion *getRegionJoinedAt(const llvm::BasicBlock *BB) const {
    return JoinedAt.lookup(BB);
  }

private:
  llvm::DenseMap<const llvm::BasicBlock *, const DivergentRegion *> RegionOf;
  llvm::DenseMap<const llvm::BasicBlock *, const MaskedLoop *> LoopOf, ExitOf;
  llvm::DenseMap<const llvm::BasicBlock *, const DivergentRegion *> JoinedAt;
};

} // namespace vecz

#endif // VECZ_DIVERGENTREGIONS_H
