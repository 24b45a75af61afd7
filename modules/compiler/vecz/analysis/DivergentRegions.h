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
/// then holds are linearized with it.
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

} // namespace vecz

#endif // VECZ_DIVERGENTREGIONS_H
