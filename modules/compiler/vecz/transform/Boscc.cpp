//===- Boscc.cpp - Branches around blocks no lane runs --------------------===//
///
/// \file
/// See Boscc.h. Runs are made in reverse run order, so a run nested in
/// another is done first and its phis are among the values the outer run
/// leaves.
///
//===----------------------------------------------------------------------===//

#include "transform/Boscc.h"

#include "analysis/CostModel.h"
#include "analysis/DivergentRegions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace vecz {

namespace {

/// Whether \p BB's mask is its only predecessor's: a run starting there
/// would repeat the test of one starting at the predecessor.
bool sharesPredecessorMask(const BasicBlock &BB) {
  const BasicBlock *Pred = BB.getSinglePredecessor();
  return Pred && Pred->getSingleSuccessor() == &BB;
}

/// Whether \p BB, where a region reconverges, is also reached from outside
/// the region: then the region's merged values are made at the end of its
/// last block, and a run ending there cannot be skipped without them.
bool isReachedFromOutside(const DivergentRegion &R, const BasicBlock &BB) {
  return any_of(predecessors(&BB), [&](const BasicBlock *Pred) {
    return Pred != R.Branching && !is_contained(R.Blocks, Pred);
  });
}

/// The block ending the skipped run: the one predecessor of \p Next that
/// \p Body dominates.
BasicBlock *findLastOfRun(BasicBlock &Body, BasicBlock &Next,
                          const DominatorTree &DT) {
  BasicBlock *Last = nullptr;
  for (BasicBlock *Pred : predecessors(&Next)) {
    if (!DT.dominates(&Body, Pred))
      continue;
    if (Last)
      return nullptr;
    Last = Pred;
  }
  return Last;
}

/// Gives each value defined in \p Body's blocks and used past \p Join a
/// phi in \p Join: the value after the run from \p Last, zero after the
/// skip from \p Test.
void joinValuesLeft(Function &F, BasicBlock &Body, BasicBlock &Last,
                    BasicBlock &Test, BasicBlock &Join,
                    const DominatorTree &DT) {
  auto IsInRun = [&](const BasicBlock *BB) { return DT.dominates(&Body, BB); };
  for (BasicBlock &BB : F) {
    if (!IsInRun(&BB))
      continue;
    for (Instruction &I : BB) {
      SmallVector<Use *, 4> Outside;
      for (Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        const BasicBlock *At = User->getParent();
        if (auto *Phi = dyn_cast<PHINode>(User))
          At = Phi->getIncomingBlock(U);
        if (!IsInRun(At))
          Outside.push_back(&U);
      }
      if (Outside.empty())
        continue;
      PHINode *Joined = PHINode::Create(I.getType(), 2, I.getName() + ".run",
                                        &*Join.getFirstInsertionPt());
      Joined->addIncoming(&I, &Last);
      Joined->addIncoming(Constant::getNullValue(I.getType()), &Test);
      for (Use *U : Outside)
        U->set(Joined);
    }
  }
}

/// Makes the straight code branch from \p Run's first block past the run
/// when \p Mask has no lane set.
void branchAroundEmptyRun(Function &F, const SkippableRun &Run, Value *Mask) {
  BasicBlock *Test = Run.First;
  auto *MaskDef = dyn_cast<Instruction>(Mask);
  Instruction *SplitAt = MaskDef && MaskDef->getParent() == Test
                             ? MaskDef->getNextNode()
                             : &*Test->getFirstInsertionPt();
  BasicBlock *Body =
      Test->splitBasicBlock(SplitAt, Test->getName() + ".active");
  DominatorTree DT(F);
  BasicBlock *Last = findLastOfRun(*Body, *Run.Next, DT);
  assert(Last && "a run is left only for the block after it");
  if (!Last)
    return;
  BasicBlock *Join = BasicBlock::Create(
      F.getContext(), Test->getName() + ".after", &F, Run.Next);
  Last->getTerminator()->replaceSuccessorWith(Run.Next, Join);
  Run.Next->replacePhiUsesWith(Last, Join);
  BranchInst::Create(Run.Next, Join);
  Test->getTerminator()->eraseFromParent();
  IRBuilder<> B(Test);
  B.CreateCondBr(B.CreateOrReduce(Mask), Body, Join);
  DT.recalculate(F);
  joinValuesLeft(F, *Body, *Last, *Test, *Join, DT);
}

} // namespace

SmallVector<SkippableRun, 4> findSkippableRuns(const DivergentRegion &R,
                                               const DominatorTree &DT) {
  // A uniform loop is tested on its own: not where its preheader starts a
  // run or where a run ends.
  SmallPtrSet<const BasicBlock *, 16> InLoops, UniformHeaders;
  for (const MaskedLoop &L : R.Loops) {
    InLoops.insert(L.Blocks.begin(), L.Blocks.end());
    InLoops.insert(L.ExitBlocks.begin(), L.ExitBlocks.end());
    if (!L.Divergent) {
      InLoops.insert(L.Preheader);
      UniformHeaders.insert(L.Header);
    }
  }
  SmallVector<SkippableRun, 4> Runs;
  ArrayRef<BasicBlock *> Blocks = R.Blocks;
  for (size_t I = 0; I < Blocks.size(); ++I) {
    BasicBlock *First = Blocks[I];
    if (InLoops.contains(First) || sharesPredecessorMask(*First) ||
        DT.dominates(First, R.Exit))
      continue;
    size_t End = I + 1;
    while (End < Blocks.size() && DT.dominates(First, Blocks[End]))
      ++End;
    if (any_of(Blocks.drop_front(End),
               [&](BasicBlock *BB) { return DT.dominates(First, BB); }))
      continue;
    BasicBlock *Next = End < Blocks.size() ? Blocks[End] : R.Exit;
    if (UniformHeaders.contains(Next) ||
        (Next == R.Exit && isReachedFromOutside(R, *Next)))
      continue;
    if (isWorthSkipping(Blocks.slice(I, End - I)))
      Runs.push_back({First, Next});
  }
  return Runs;
}

void branchAroundEmptyRuns(Function &F, ArrayRef<SkippableRun> Runs,
                           function_ref<Value *(BasicBlock *)> MaskOf) {
  for (const SkippableRun &Run : reverse(Runs))
    branchAroundEmptyRun(F, Run, MaskOf(Run.First));
}

} // namespace vecz
