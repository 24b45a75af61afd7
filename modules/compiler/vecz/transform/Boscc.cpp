//===- Boscc.cpp - Branches around blocks no lane runs --------------------===//
///
/// \file
/// See Boscc.h. Runs are made in reverse run order (their markers' IDs), so
/// a run nested in another is done first and its phis are among the values
/// the outer run leaves.
///
//===----------------------------------------------------------------------===//

#include "transform/Boscc.h"

#include "analysis/CostModel.h"
#include "analysis/DivergentRegions.h"
#include "transform/StageMarkers.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include <map>

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

/// Makes the straight code branch from \p Begin's block past the run that
/// ends in \p Next when no lane of \p Mask is active.
Error branchAroundEmptyRun(Function &F, CallInst &Begin, Value &Mask,
                           BasicBlock &Next) {
  BasicBlock *Test = Begin.getParent();
  BasicBlock *Body = Test->splitBasicBlock(&Begin, Test->getName() + ".active");
  Begin.eraseFromParent();
  DominatorTree DT(F);
  BasicBlock *Last = findLastOfRun(*Body, Next, DT);
  if (!Last)
    return createStringError(inconvertibleErrorCode(),
                             "function '%s': the run that ends in block '%s' "
                             "reaches it from more than one block",
                             F.getName().str().c_str(),
                             Next.getName().str().c_str());
  BasicBlock *Join =
      BasicBlock::Create(F.getContext(), Test->getName() + ".after", &F, &Next);
  Last->getTerminator()->replaceSuccessorWith(&Next, Join);
  Next.replacePhiUsesWith(Last, Join);
  BranchInst::Create(&Next, Join);
  Test->getTerminator()->eraseFromParent();
  IRBuilder<> B(Test);
  B.CreateCondBr(B.CreateOrReduce(&Mask), Body, Join);
  DT.recalculate(F);
  joinValuesLeft(F, *Body, *Last, *Test, *Join, DT);
  return Error::success();
}

/// A run's markers, as StageMarkers.h writes them.
struct MarkedRun {
  CallInst *Begin = nullptr;
  CallInst *End = nullptr;
};

/// The ID of run marker \p Marker, or -1 if it has none.
int64_t getRunID(const CallInst &Marker) {
  auto *ID = Marker.arg_size() ? dyn_cast<ConstantInt>(Marker.getArgOperand(0))
                               : nullptr;
  return ID && !ID->isNegative() ? ID->getSExtValue() : -1;
}

Error malformedRuns(const Function &F, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "function '" + F.getName() + "': " + Why);
}

/// \p F's runs by ID, each checked to have one begin with a mask of lanes
/// and one end in another block.
Expected<std::map<int64_t, MarkedRun>> findMarkedRuns(Function &F) {
  std::map<int64_t, MarkedRun> Runs;
  for (CallInst *Begin : findMarkers(F, RunBeginMarker)) {
    int64_t ID = getRunID(*Begin);
    auto *MaskType =
        Begin->arg_size() == 2
            ? dyn_cast<FixedVectorType>(Begin->getArgOperand(1)->getType())
            : nullptr;
    if (ID < 0 || !MaskType || !MaskType->getElementType()->isIntegerTy(1))
      return malformedRuns(F, Twine(RunBeginMarker) +
                                  " takes an i32 ID and a <W x i1> mask");
    if (!Runs.try_emplace(ID, MarkedRun{Begin, nullptr}).second)
      return malformedRuns(F, "run " + Twine(ID) + " begins twice");
  }
  for (CallInst *End : findMarkers(F, RunEndMarker)) {
    int64_t ID = getRunID(*End);
    auto It = Runs.find(ID);
    if (End->arg_size() != 1 || It == Runs.end() || It->second.End)
      return malformedRuns(F, Twine(RunEndMarker) + " of run " + Twine(ID) +
                                  " ends no run, or a run ended already");
    if (End->getParent() == It->second.Begin->getParent())
      return malformedRuns(F, "run " + Twine(ID) +
                                  " begins and ends in one block");
    It->second.End = End;
  }
  for (const auto &[ID, Run] : Runs)
    if (!Run.End)
      return malformedRuns(F, "run " + Twine(ID) + " has no end");
  return Runs;
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

void markSkippableRuns(ArrayRef<SkippableRun> Runs,
                       function_ref<Value *(BasicBlock *)> MaskOf) {
  if (Runs.empty())
    return;
  Type *IDType = Type::getInt32Ty(Runs.front().First->getContext());
  for (size_t ID = 0; ID < Runs.size(); ++ID) {
    const SkippableRun &Run = Runs[ID];
    Value *Mask = MaskOf(Run.First);
    // The test goes after the mask, if the run's first block makes it.
    auto *MaskDef = dyn_cast<Instruction>(Mask);
    Instruction *Before = MaskDef && MaskDef->getParent() == Run.First
                              ? MaskDef->getNextNode()
                              : &*Run.First->getFirstInsertionPt();
    createMarker(RunBeginMarker, {ConstantInt::get(IDType, ID), Mask}, Before);
  }
  // Ends after every begin, so that where a run ends and the next begins in
  // one block, the end comes first and stays in the block the test splits.
  for (size_t ID = 0; ID < Runs.size(); ++ID)
    createMarker(RunEndMarker, {ConstantInt::get(IDType, ID)},
                 &*Runs[ID].Next->getFirstInsertionPt());
}

Error branchAroundEmptyRuns(Function &F) {
  Expected<std::map<int64_t, MarkedRun>> Runs = findMarkedRuns(F);
  if (!Runs)
    return Runs.takeError();
  for (auto &[ID, Run] : reverse(*Runs)) {
    BasicBlock *Next = Run.End->getParent();
    Run.End->eraseFromParent();
    Value *Mask = Run.Begin->getArgOperand(1);
    if (Error E = branchAroundEmptyRun(F, *Run.Begin, *Mask, *Next))
      return E;
  }
  return Error::success();
}

} // namespace vecz
