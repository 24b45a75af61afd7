//===- DivergentRegions.h - Where control flow diverges --------*- C++ -*-===//
///
/// \file
/// The parts of a kernel the packetizer linearizes: for each divergent
/// branch not already inside such a part, the blocks its paths cross before
/// they reconverge at its immediate post-dominator. So far Vecz linearizes
/// only regions it can turn into straight code with masks: acyclic (no
/// loop inside, and the branch is no loop exit), entered only through the
/// branching block, left only into the reconvergence block, whose other
/// branches are divergent two-way branches too.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_DIVERGENTREGIONS_H
#define VECZ_DIVERGENTREGIONS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class PostDominatorTree;
} // namespace llvm

namespace vecz {

struct DivergentRegion {
  /// The block ending in the divergent branch; every lane is active there.
  llvm::BasicBlock *Branching;
  /// The blocks between, in an order that puts each after its predecessors.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  /// Where the paths reconverge.
  llvm::BasicBlock *Exit;
};

/// The maximal divergent regions of \p F, in program order, or why one of
/// them cannot be linearized yet.
llvm::Expected<llvm::SmallVector<DivergentRegion, 4>> findDivergentRegions(
    llvm::Function &F, const llvm::PostDominatorTree &PDT,
    llvm::function_ref<bool(const llvm::Instruction &)> IsDivergentBranch);

} // namespace vecz

#endif // VECZ_DIVERGENTREGIONS_H
