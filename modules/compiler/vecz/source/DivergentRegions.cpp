//===- DivergentRegions.cpp - Where control flow diverges -----------------===//
///
/// \file
/// See DivergentRegions.h.
///
//===----------------------------------------------------------------------===//

#include "DivergentRegions.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <optional>

using namespace llvm;

namespace vecz {

namespace {

Error cannotLinearize(const BasicBlock &Branching, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + Branching.getParent()->getName() +
                               "' has divergent control flow " + Why +
                               " (not handled yet)");
}

/// The blocks reached from \p Branching's successors before \p Exit.
SmallPtrSet<BasicBlock *, 16> collectBlocks(BasicBlock &Branching,
                                            BasicBlock &Exit) {
  SmallPtrSet<BasicBlock *, 16> Blocks;
  SmallVector<BasicBlock *, 16> Stack(succ_begin(&Branching),
                                      succ_end(&Branching));
  while (!Stack.empty()) {
    BasicBlock *BB = Stack.pop_back_val();
    if (BB == &Exit || !Blocks.insert(BB).second)
      continue;
    append_range(Stack, successors(BB));
  }
  return Blocks;
}

/// \p Blocks ordered so that each comes after its predecessors among them,
/// or none when they form a cycle.
std::optional<SmallVector<BasicBlock *, 8>>
orderTopologically(const SmallPtrSet<BasicBlock *, 16> &Blocks) {
  DenseMap<BasicBlock *, unsigned> Waiting;
  SmallVector<BasicBlock *, 8> Ready, Order;
  for (BasicBlock *BB : Blocks) {
    unsigned Inside = count_if(predecessors(BB), [&](BasicBlock *Pred) {
      return Blocks.contains(Pred);
    });
    if (Inside == 0)
      Ready.push_back(BB);
    Waiting[BB] = Inside;
  }
  // A stable order: sort the ready blocks by their place in the function.
  auto Position = [&](BasicBlock *BB) {
    return std::distance(BB->getParent()->begin(), BB->getIterator());
  };
  while (!Ready.empty()) {
    llvm::sort(Ready, [&](BasicBlock *A, BasicBlock *B) {
      return Position(A) > Position(B);
    });
    BasicBlock *BB = Ready.pop_back_val();
    Order.push_back(BB);
    for (BasicBlock *Succ : successors(BB))
      if (Blocks.contains(Succ) && --Waiting[Succ] == 0)
        Ready.push_back(Succ);
  }
  if (Order.size() != Blocks.size())
    return std::nullopt;
  return Order;
}

Expected<DivergentRegion>
buildRegion(BasicBlock &Branching, const PostDominatorTree &PDT,
            function_ref<bool(const Instruction &)> IsDivergentBranch) {
  const DomTreeNode *Node = PDT.getNode(&Branching);
  BasicBlock *Exit =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  if (!Exit)
    return cannotLinearize(Branching, "that does not reconverge");
  if (!isa<BranchInst>(Branching.getTerminator()))
    return cannotLinearize(Branching, "through a switch");
  SmallPtrSet<BasicBlock *, 16> Inside = collectBlocks(Branching, *Exit);
  if (Inside.contains(&Branching))
    return cannotLinearize(Branching, "in a loop");
  std::optional<SmallVector<BasicBlock *, 8>> Order =
      orderTopologically(Inside);
  if (!Order)
    return cannotLinearize(Branching, "around a loop");
  auto FromInside = [&](BasicBlock *Pred) {
    return Pred == &Branching || Inside.contains(Pred);
  };
  if (!all_of(predecessors(Exit), FromInside))
    return cannotLinearize(Branching, "whose join is also reached from "
                                      "outside");
  for (BasicBlock *BB : *Order) {
    if (!all_of(predecessors(BB), FromInside))
      return cannotLinearize(Branching, "entered from outside");
    const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || (Br->isConditional() && !IsDivergentBranch(*Br)))
      return cannotLinearize(Branching, "mixed with uniform branches");
  }
  return DivergentRegion{&Branching, std::move(*Order), Exit};
}

} // namespace

Expected<SmallVector<DivergentRegion, 4>> findDivergentRegions(
    Function &F, const PostDominatorTree &PDT,
    function_ref<bool(const Instruction &)> IsDivergentBranch) {
  SmallVector<DivergentRegion, 4> Regions;
  SmallPtrSet<BasicBlock *, 16> Covered;
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT) {
    if (Covered.contains(BB) || !IsDivergentBranch(*BB->getTerminator()))
      continue;
    Expected<DivergentRegion> Region = buildRegion(*BB, PDT, IsDivergentBranch);
    if (!Region)
      return Region.takeError();
    Covered.insert(Region->Blocks.begin(), Region->Blocks.end());
    Regions.push_back(std::move(*Region));
  }
  return Regions;
}

} // namespace vecz
