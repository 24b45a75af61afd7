//===- ParallelSection.cpp - Where a loop's section goes ------------------===//
///
/// \file
/// See csa/ParallelSection.h.
///
//===----------------------------------------------------------------------===//

#include "csa/ParallelSection.h"

#include "csa/CSAIntrinsics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace csa {

bool isMemoryTouching(const Instruction &I) {
  if (!I.mayReadOrWriteMemory())
    return false;
  if (getCalledIntrinsic(&I))
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return !II->isLifetimeStartOrEnd() && !II->isAssumeLikeIntrinsic();
  return true;
}

static bool hasMemoryTouching(const BasicBlock &BB) {
  return any_of(BB, [](const Instruction &I) { return isMemoryTouching(I); });
}

bool hasNothingToOrder(const Loop &L) {
  return L.getSubLoops().empty() &&
         none_of(L.blocks(),
                 [](const BasicBlock *BB) { return hasMemoryTouching(*BB); });
}

/// The blocks of \p L the section must hold: those with memory-touching
/// instructions, and for each subloop its blocks, its preheader and its exit
/// blocks, so that the section holds the subloop whole.
static SmallVector<BasicBlock *, 8> getBlocksToHold(Loop &L, LoopInfo &LI) {
  SmallSetVector<BasicBlock *, 8> Blocks;
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) != &L || hasMemoryTouching(*BB))
      Blocks.insert(BB);
  for (Loop *Subloop : L.getSubLoops()) {
    if (BasicBlock *Preheader = Subloop->getLoopPreheader())
      Blocks.insert(Preheader);
    SmallVector<BasicBlock *, 4> Exits;
    Subloop->getUniqueExitBlocks(Exits);
    for (BasicBlock *Exit : Exits)
      if (L.contains(Exit))
        Blocks.insert(Exit);
  }
  return SmallVector<BasicBlock *, 8>(Blocks.begin(), Blocks.end());
}

/// The nearest common post-dominator of \p Blocks with \p L's backedges
/// rerouted to a dummy block, so that "the end of an iteration" is an exit
/// of the graph; null when only the virtual root post-dominates them all.
static BasicBlock *findSectionEnd(Loop &L, ArrayRef<BasicBlock *> Blocks) {
  BasicBlock *Header = L.getHeader();
  Function &F = *Header->getParent();
  BasicBlock *Dummy =
      BasicBlock::Create(F.getContext(), "csa.rerouted.backedges", &F);
  new UnreachableInst(F.getContext(), Dummy);
  SmallVector<BasicBlock *, 2> Latches;
  L.getLoopLatches(Latches);
  for (BasicBlock *Latch : Latches)
    Latch->getTerminator()->replaceSuccessorWith(Header, Dummy);

  BasicBlock *End = nullptr;
  {
    PostDominatorTree PDT(F);
    End = Blocks.front();
    for (BasicBlock *BB : Blocks.drop_front()) {
      End = PDT.findNearestCommonDominator(End, BB);
      if (!End)
        break;
    }
  }

  for (BasicBlock *Latch : Latches)
    Latch->getTerminator()->replaceSuccessorWith(Dummy, Header);
  Dummy->eraseFromParent();
  return End;
}

static Instruction *getFirstMemoryTouching(BasicBlock &BB) {
  for (Instruction &I : BB)
    if (isMemoryTouching(I))
      return &I;
  return nullptr;
}

static Instruction *getAfterLastMemoryTouching(BasicBlock &BB) {
  for (Instruction &I : reverse(BB))
    if (isMemoryTouching(I))
      return I.getNextNode();
  return &*BB.getFirstInsertionPt();
}

std::optional<SectionPlacement> findParallelSection(Loop &L, LoopInfo &LI,
                                                    DominatorTree &DT) {
  SmallVector<BasicBlock *, 8> Blocks = getBlocksToHold(L, LI);
  assert(!Blocks.empty() && "the loop has nothing to order");
  // Removing backedges leaves dominance inside a natural loop unchanged, so
  // the function's dominator tree gives the start.
  BasicBlock *Start = Blocks.front();
  for (BasicBlock *BB : ArrayRef<BasicBlock *>(Blocks).drop_front())
    Start = DT.findNearestCommonDominator(Start, BB);
  BasicBlock *End = findSectionEnd(L, Blocks);
  if (!End || LI.getLoopFor(Start) != &L || LI.getLoopFor(End) != &L ||
      !DT.dominates(Start, End))
    return std::nullopt;
  Instruction *EntryBefore = getFirstMemoryTouching(*Start);
  if (!EntryBefore)
    EntryBefore = Start->getTerminator();
  return SectionPlacement{EntryBefore, getAfterLastMemoryTouching(*End)};
}

} // namespace csa
