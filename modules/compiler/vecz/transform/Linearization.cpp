//===- Linearization.cpp - Divergent regions made straight code ----------===//
///
/// \file
/// See Linearization.h. Masks are made lazily, block by block from the
/// edges into it, while the branches they read are still in place; phis are
/// then blended, the loops' back-edge masks completed, and only then are
/// the regions' branches replaced by fall-throughs.
///
//===----------------------------------------------------------------------===//

#include "transform/Linearization.h"

#include "analysis/DivergentRegions.h"
#include "transform/DeadValues.h"
#include "transform/LaneOperations.h"
#include "transform/StageMarkers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"

using namespace llvm;

namespace vecz {

namespace {

using Incoming = RegionIndex::Incoming;
using MaskKind = RegionIndex::MaskKind;

Error malformed(const Function &F, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "function '" + F.getName() + "': " + Why);
}

/// Makes the regions of one function straight code.
class Linearizer {
public:
  Linearizer(Function &F, unsigned Width,
             SmallVector<DivergentRegion, 4> DivergentRegions)
      : F(F), Width(Width), Regions(std::move(DivergentRegions)),
        Index(Regions) {}

  void run(ArrayRef<CallInst *> MaskMarkers);

private:
  Constant *allLanes() const {
    return Constant::getAllOnesValue(
        FixedVectorType::get(Type::getInt1Ty(F.getContext()), Width));
  }
  /// Mask \p Mask (<W x i1>) for the elements of per-lane phi \p Phi: each
  /// lane's bit repeated for each element of the lane's value.
  Value *maskFor(Value *Mask, const PHINode &Phi, IRBuilder<> &B) const;
  Value *getBlockMask(BasicBlock *BB);
  Value *getEdgeMask(BasicBlock *From, BasicBlock *To);
  Value *getLiveMask(const MaskedLoop &L);
  void replaceMaskMarkers(ArrayRef<CallInst *> MaskMarkers);
  void finishPerLanePhis();
  void finishUniformPhis();
  /// What selects the value of an edge into \p Phi's block, given the
  /// edge's mask.
  using SelectorFn = Value *(*)(Linearizer &, IRBuilder<> &, PHINode &Phi,
                                Value *EdgeMask);
  std::pair<SmallVector<unsigned, 4>, BasicBlock *>
  splitIncoming(const PHINode &Phi) const;
  Value *mergeIncoming(PHINode &Phi, SelectorFn Selector);
  void blendPhi(PHINode &Phi);
  void keepLiveOut(PHINode &Phi, const MaskedLoop &L);
  void prepareBranches();
  Value *accumulateLeft(const MaskedLoop &L, BasicBlock &Exit, IRBuilder<> &B);
  void linearize(const DivergentRegion &R);

  Function &F;
  unsigned Width;
  /// The regions, which Index points into: never moved after construction.
  const SmallVector<DivergentRegion, 4> Regions;
  const RegionIndex Index;
  // Held by tracking handles: a placeholder mask is replaced with
  // replaceAllUsesWith and erased after masks made from it are cached.
  /// The lanes active in a block that owns its mask (RegionIndex), and
  /// along an edge.
  DenseMap<const BasicBlock *, WeakTrackingVH> BlockMasks;
  DenseMap<std::pair<const BasicBlock *, const BasicBlock *>, WeakTrackingVH>
      EdgeMasks;
  /// A divergent loop's live lanes, a phi in its header.
  DenseMap<const MaskedLoop *, PHINode *> LiveMasks;
  /// The lanes that left a divergent loop for one of its exit blocks, when
  /// it has several: a placeholder until every exit edge's mask exists.
  DenseMap<const BasicBlock *, Instruction *> LeftMasks;
  /// Whether the branch ending a block of straight code goes back (the
  /// latch of a divergent loop: any lane still live) or into a uniform loop
  /// (from its preheader: any lane entering), computed while the edge masks
  /// can still be.
  DenseMap<const BasicBlock *, WeakTrackingVH> AnyLane;
  /// Phis of a reconvergence block also reached from outside its region:
  /// they stay, with one incoming value from the region, already blended.
  SmallPtrSet<const PHINode *, 4> PartlyBlended;
};

Value *Linearizer::maskFor(Value *Mask, const PHINode &Phi,
                           IRBuilder<> &B) const {
  return spreadLanes(
      Mask, cast<FixedVectorType>(Phi.getType())->getNumElements() / Width, B);
}

/// The lanes active in \p BB; null outside regions, where every lane is.
Value *Linearizer::getBlockMask(BasicBlock *BB) {
  auto [Owner, Kind] = Index.getMaskOwner(BB);
  if (Kind == MaskKind::None)
    return nullptr;
  if (Value *Known = BlockMasks.lookup(Owner))
    return Known;
  switch (Kind) {
  case MaskKind::None:
    break;
  case MaskKind::Left: {
    auto *Left = new FreezeInst(PoisonValue::get(allLanes()->getType()),
                                Owner->getName() + ".left",
                                &*Owner->getFirstInsertionPt());
    LeftMasks[Owner] = Left;
    return BlockMasks[Owner] = Left;
  }
  case MaskKind::Live:
    return getLiveMask(*Index.getLoop(Owner));
  case MaskKind::Edges: {
    IRBuilder<> B(Owner, Owner->getFirstInsertionPt());
    Value *Mask = nullptr;
    for (BasicBlock *Pred : predecessors(Owner)) {
      Value *Edge = getEdgeMask(Pred, Owner);
      Mask = Mask ? B.CreateOr(Mask, Edge, Owner->getName() + ".mask") : Edge;
    }
    return BlockMasks[Owner] = Mask;
  }
  }
  llvm_unreachable("every kind of mask is handled");
}

/// The lanes that go from \p From to \p To.
Value *Linearizer::getEdgeMask(BasicBlock *From, BasicBlock *To) {
  auto Key = std::make_pair(From, To);
  if (Value *Known = EdgeMasks.lookup(Key))
    return Known;
  Value *FromMask = getBlockMask(From);
  auto *Br = cast<BranchInst>(From->getTerminator());
  if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
    return EdgeMasks[Key] = FromMask ? FromMask : allLanes();
  IRBuilder<> B(Br);
  std::string Name = (From->getName() + ".to." + To->getName()).str();
  Value *Taken = getDivergentCondition(*Br);
  if (!Taken) {
    // All lanes or none: a select on the scalar, not an AND with its splat
    // (a splat of an i1 is a shuffle of mask registers).
    Value *All = FromMask ? FromMask : allLanes();
    Value *None = Constant::getNullValue(All->getType());
    bool OnTrue = Br->getSuccessor(0) == To;
    return EdgeMasks[Key] =
               B.CreateSelect(Br->getCondition(), OnTrue ? All : None,
                              OnTrue ? None : All, Name);
  }
  if (Br->getSuccessor(1) == To)
    Taken = B.CreateNot(Taken, FromMask ? "" : Name);
  if (FromMask)
    Taken = B.CreateAnd(FromMask, Taken, Name);
  return EdgeMasks[Key] = Taken;
}

/// The lanes still in divergent loop \p L: a phi in its header, of the
/// lanes entering it and those going round again (added by
/// prepareBranches).
Value *Linearizer::getLiveMask(const MaskedLoop &L) {
  if (PHINode *Known = LiveMasks.lookup(&L))
    return Known;
  Value *Entering = getBlockMask(L.Preheader);
  auto *Live =
      PHINode::Create(allLanes()->getType(), 2, L.Header->getName() + ".live",
                      &L.Header->front());
  Live->addIncoming(Entering ? Entering : allLanes(), L.Preheader);
  BlockMasks[L.Header] = Live;
  return LiveMasks[&L] = Live;
}

/// Puts each block's mask in place of its marker (every lane, outside the
/// regions).
void Linearizer::replaceMaskMarkers(ArrayRef<CallInst *> MaskMarkers) {
  for (CallInst *Marker : MaskMarkers) {
    Value *Mask = getBlockMask(Marker->getParent());
    Marker->replaceAllUsesWith(Mask ? Mask : allLanes());
    Marker->eraseFromParent();
  }
}

/// The incoming values of \p Phi from inside its block's region, and the
/// block ending the region's straight code when \p Phi's block is where
/// the region reconverges and is also reached from outside it (else null):
/// there the phi stays, with one incoming value from the region, merged at
/// the end of that block.
std::pair<SmallVector<unsigned, 4>, BasicBlock *>
Linearizer::splitIncoming(const PHINode &Phi) const {
  const DivergentRegion *Joined = Index.getRegionJoinedAt(Phi.getParent());
  SmallVector<unsigned, 4> Inside;
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
    BasicBlock *Pred = Phi.getIncomingBlock(I);
    if (!Joined || Pred == Joined->Branching || Index.getRegion(Pred) == Joined)
      Inside.push_back(I);
  }
  if (Inside.size() == Phi.getNumIncomingValues())
    return {std::move(Inside), nullptr};
  return {std::move(Inside), Joined->Blocks.back()};
}

/// Merges the incoming values of \p Phi from inside its region into a
/// chain of selects, each on what \p Selector makes of its edge's mask,
/// then puts the result in place of those values: of the whole phi
/// (returned), or of its incoming values from inside the region (see
/// splitIncoming; null returned).
Value *Linearizer::mergeIncoming(PHINode &Phi, SelectorFn Selector) {
  auto [Inside, Last] = splitIncoming(Phi);
  BasicBlock *BB = Phi.getParent();
  IRBuilder<> B(BB, BB->getFirstInsertionPt());
  if (Last)
    B.SetInsertPoint(Last->getTerminator());
  Value *Merged = nullptr;
  for (unsigned I : reverse(Inside)) {
    Value *In = Phi.getIncomingValue(I);
    if (!Merged) {
      Merged = In;
      continue;
    }
    Value *Taken = getEdgeMask(Phi.getIncomingBlock(I), Phi.getParent());
    Merged = B.CreateSelect(Selector(*this, B, Phi, Taken), In, Merged,
                            Phi.getName());
  }
  if (!Last)
    return Merged;
  for (unsigned I : reverse(Inside))
    Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
  Phi.addIncoming(Merged, Last);
  PartlyBlended.insert(&Phi);
  return nullptr;
}

/// A select on the edge masks in place of per-lane phi \p Phi (each active
/// lane came along exactly one edge).
void Linearizer::blendPhi(PHINode &Phi) {
  Value *Blend = mergeIncoming(
      Phi, [](Linearizer &L, IRBuilder<> &B, PHINode &Phi, Value *EdgeMask) {
        return L.maskFor(EdgeMask, Phi, B);
      });
  if (!Blend)
    return;
  Phi.replaceAllUsesWith(Blend);
  Phi.eraseFromParent();
}

/// Each lane's value when it left divergent loop \p L, in place of per-lane
/// phi \p Phi of its exit block: kept across iterations by a phi in the
/// header and updated in the latch for the lanes that left along an edge
/// this iteration. Lanes that never enter keep zero, not poison, so later
/// arithmetic on them cannot trap.
void Linearizer::keepLiveOut(PHINode &Phi, const MaskedLoop &L) {
  Type *Ty = Phi.getType();
  BasicBlock *Exit = Phi.getParent();
  auto *Kept =
      PHINode::Create(Ty, 2, Phi.getName() + ".kept", &L.Header->front());
  IRBuilder<> B(L.Latch->getTerminator());
  Value *Out = Kept;
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I)
    Out = B.CreateSelect(
        maskFor(getEdgeMask(Phi.getIncomingBlock(I), Exit), Phi, B),
        Phi.getIncomingValue(I), Out, Phi.getName() + ".out");
  Kept->addIncoming(Constant::getNullValue(Ty), L.Preheader);
  Kept->addIncoming(Out, L.Latch);
  Phi.replaceAllUsesWith(Out);
  Phi.eraseFromParent();
}

/// The per-lane phis of blocks whose edges are blended or whose lanes left
/// a divergent loop.
void Linearizer::finishPerLanePhis() {
  for (BasicBlock &BB : F) {
    Incoming How = Index.getIncoming(&BB);
    if (How == Incoming::Kept)
      continue;
    for (PHINode &Phi : make_early_inc_range(BB.phis())) {
      if (!isPerLanePhi(Phi))
        continue;
      if (How == Incoming::Blended)
        blendPhi(Phi);
      else
        keepLiveOut(Phi, *Index.getLoopLeftTo(&BB));
    }
  }
}

/// The uniform phis of blocks whose edges are blended: every active lane
/// came along the same edge, so the value of an edge some lane took.
void Linearizer::finishUniformPhis() {
  for (BasicBlock &BB : F) {
    if (Index.getIncoming(&BB) == Incoming::Kept)
      continue;
    for (PHINode &Phi : make_early_inc_range(BB.phis())) {
      if (PartlyBlended.contains(&Phi))
        continue;
      Value *Same = Phi.hasConstantValue();
      if (!Same) {
        // In an exit block of a loop linearized for its divergent branches
        // only, every lane left along one edge in the last iteration, whose
        // edge masks are still at hand.
        Same = mergeIncoming(Phi,
                             [](Linearizer &, IRBuilder<> &B, PHINode &,
                                Value *EdgeMask) -> Value * {
                               return B.CreateOrReduce(EdgeMask);
                             });
        if (!Same)
          continue;
      }
      Phi.replaceAllUsesWith(Same);
      Phi.eraseFromParent();
    }
  }
}

/// The lanes that have left divergent loop \p L for \p Exit by the end of
/// this iteration, kept across iterations by a phi in the header; made in
/// the latch, \p B's block.
Value *Linearizer::accumulateLeft(const MaskedLoop &L, BasicBlock &Exit,
                                  IRBuilder<> &B) {
  Type *Ty = allLanes()->getType();
  auto *Before = PHINode::Create(Ty, 2, Exit.getName() + ".left.before",
                                 &L.Header->front());
  Value *Left = Before;
  for (BasicBlock *From : predecessors(&Exit))
    Left = B.CreateOr(Left, getEdgeMask(From, &Exit), Exit.getName() + ".left");
  Before->addIncoming(Constant::getNullValue(Ty), L.Preheader);
  Before->addIncoming(Left, L.Latch);
  return Left;
}

/// Everything linearization needs that reads the branches it replaces: the
/// mask of every block of straight code, the live masks' back edges, and
/// the conditions of the branches that stay.
void Linearizer::prepareBranches() {
  for (const DivergentRegion &R : Regions) {
    for (BasicBlock *BB : R.Blocks)
      getBlockMask(BB);
    for (const MaskedLoop &L : R.Loops) {
      if (!L.Divergent) {
        IRBuilder<> B(L.Preheader->getTerminator());
        AnyLane[L.Preheader] = B.CreateOrReduce(getBlockMask(L.Preheader));
        continue;
      }
      Value *Again = getEdgeMask(L.Latch, L.Header);
      LiveMasks.lookup(&L)->addIncoming(Again, L.Latch);
      IRBuilder<> B(L.Latch->getTerminator());
      for (BasicBlock *Exit : L.ExitBlocks)
        if (Instruction *Placeholder = LeftMasks.lookup(Exit)) {
          BlockMasks[Exit] = accumulateLeft(L, *Exit, B);
          Placeholder->replaceAllUsesWith(BlockMasks[Exit]);
        }
      AnyLane[L.Latch] = B.CreateOrReduce(Again);
    }
  }
}

/// Makes \p R straight code: its branching block, then its blocks in order,
/// then its exit. Uniform loops keep their branches and are entered when a
/// lane is there to; divergent loops go round while a lane is live.
void Linearizer::linearize(const DivergentRegion &R) {
  auto Replace = [](BasicBlock *BB, BranchInst *Br) {
    Instruction *Old = BB->getTerminator();
    Br->insertBefore(Old);
    Old->eraseFromParent();
  };
  Replace(R.Branching, BranchInst::Create(R.Blocks.front()));
  for (size_t I = 0; I < R.Blocks.size(); ++I) {
    BasicBlock *BB = R.Blocks[I];
    BasicBlock *Next = I + 1 < R.Blocks.size() ? R.Blocks[I + 1] : R.Exit;
    const MaskedLoop *L = Index.getLoop(BB);
    if (L && !L->Divergent)
      continue;
    const MaskedLoop *Entered = Index.getLoop(Next);
    if (Entered && Next == Entered->Header) {
      // The loop is entered from the block before it, which the preheader
      // dominates (other blocks may run between them).
      for (PHINode &Phi : Next->phis())
        Phi.replaceIncomingBlockWith(Entered->Preheader, BB);
    } else {
      Entered = nullptr;
    }
    if (L && BB == L->Latch) {
      Replace(BB, BranchInst::Create(L->Header, Next, AnyLane.lookup(BB)));
      continue;
    }
    if (!Entered || Entered->Divergent) {
      Replace(BB, BranchInst::Create(Next));
      continue;
    }
    // Skipping the loop reaches its exit block with no lane active.
    BasicBlock *Skip = Entered->ExitBlocks.front();
    Replace(BB,
            BranchInst::Create(Next, Skip, AnyLane.lookup(Entered->Preheader)));
    for (PHINode &Phi : Skip->phis())
      Phi.addIncoming(Constant::getNullValue(Phi.getType()), BB);
  }
}

void Linearizer::run(ArrayRef<CallInst *> MaskMarkers) {
  replaceMaskMarkers(MaskMarkers);
  finishPerLanePhis();
  finishUniformPhis();
  prepareBranches();
  for (auto [Exit, Placeholder] : LeftMasks)
    Placeholder->eraseFromParent();
  for (const DivergentRegion &R : Regions)
    linearize(R);
}

/// The width of \p F's masks, the same in every marker, or why the markers
/// are not as StageMarkers.h describes.
Expected<unsigned> checkMarkers(Function &F, ArrayRef<CallInst *> Masks,
                                ArrayRef<CallInst *> Branches) {
  unsigned Width = 0;
  auto SameWidth = [&](Type *Ty) {
    auto *Mask = dyn_cast<FixedVectorType>(Ty);
    if (!Mask || !Mask->getElementType()->isIntegerTy(1))
      return false;
    if (!Width)
      Width = Mask->getNumElements();
    return Mask->getNumElements() == Width;
  };
  for (CallInst *Marker : Masks)
    if (!SameWidth(Marker->getType()) || Marker->arg_size() != 0)
      return malformed(F, "the mask marker in block '" +
                              Marker->getParent()->getName() +
                              "' is not of the function's <W x i1> masks, or "
                              "has arguments");
  for (CallInst *Marker : Branches) {
    auto *Br = dyn_cast<BranchInst>(Marker->getParent()->getTerminator());
    if (!Marker->hasOneUse() || !Br || Br->getCondition() != Marker ||
        !getDivergentCondition(*Br) ||
        !SameWidth(Marker->getArgOperand(0)->getType()))
      return malformed(F, "the divergent-branch marker in block '" +
                              Marker->getParent()->getName() +
                              "' is not the condition of its block's branch "
                              "alone, on the function's <W x i1> masks");
  }
  return Width;
}

/// Every per-lane phi is <W * N x T>.
Error checkPerLanePhis(Function &F, unsigned Width) {
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      if (isPerLanePhi(Phi)) {
        auto *Ty = dyn_cast<FixedVectorType>(Phi.getType());
        if (!Ty || Ty->getNumElements() % Width != 0)
          return malformed(F, "the per-lane phi '" + Phi.getName() +
                                  "' does not hold a whole number of values "
                                  "per lane");
      }
  return Error::success();
}

/// The regions packetization found on the scalar kernel, found again from
/// the marked branches of its vector kernel.
Expected<SmallVector<DivergentRegion, 4>>
findMarkedRegions(Function &F, const DominatorTree &DT,
                  const PostDominatorTree &PDT, const LoopInfo &LI,
                  ArrayRef<CallInst *> Branches) {
  SmallPtrSet<const BasicBlock *, 8> DivergentLoopHeaders;
  for (CallInst *Marker : Branches) {
    BasicBlock *Branching = Marker->getParent();
    const DomTreeNode *Node = PDT.getNode(Branching);
    const BasicBlock *Reconverge =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    for (const Loop *L : getLoopsLeftApart(*Branching, Reconverge, LI))
      DivergentLoopHeaders.insert(L->getHeader());
  }
  return findDivergentRegions(
      F, DT, PDT, LI,
      [](const Instruction &T) {
        const auto *Br = dyn_cast<BranchInst>(&T);
        return Br && getDivergentCondition(*Br);
      },
      [&](const Loop &L) {
        return DivergentLoopHeaders.contains(L.getHeader());
      });
}

/// Drops \p F's per-lane tags, the divergent-branch markers its linearized
/// branches no longer use, and what only they needed.
Error eraseLinearizationMarks(Function &F) {
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      Phi.setMetadata(PerLanePhiMetadata, nullptr);
  for (CallInst *Marker : findMarkers(F, DivergentBranchMarker)) {
    if (!Marker->use_empty())
      return malformed(F, "the divergent branch in block '" +
                              Marker->getParent()->getName() +
                              "' is in no region");
    Marker->eraseFromParent();
  }
  // The masks built while the branches were there that nothing came to use,
  // the values kept for lanes leaving loops that nothing reads, and the
  // conditions of the branches replaced.
  eraseDeadValues(F);
  return Error::success();
}

} // namespace

Error linearizeDivergentRegions(Function &F) {
  SmallVector<CallInst *, 8> Masks = findMarkers(F, ActiveLanesMarker);
  SmallVector<CallInst *, 8> Branches = findMarkers(F, DivergentBranchMarker);
  Expected<unsigned> Width = checkMarkers(F, Masks, Branches);
  if (!Width)
    return Width.takeError();
  if (!*Width)
    return eraseLinearizationMarks(F);
  if (Error E = checkPerLanePhis(F, *Width))
    return E;
  DominatorTree DT(F);
  PostDominatorTree PDT(F);
  LoopInfo LI(DT);
  Expected<SmallVector<DivergentRegion, 4>> Regions =
      findMarkedRegions(F, DT, PDT, LI, Branches);
  if (!Regions)
    return Regions.takeError();
  Linearizer(F, *Width, std::move(*Regions)).run(Masks);
  return eraseLinearizationMarks(F);
}

} // namespace vecz
