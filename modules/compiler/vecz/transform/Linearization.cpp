//===- Linearization.cpp - Divergent regions made straight code ----------===//
///
/// \file
/// The packetizer's control-flow conversion (see vecz/Packetizer.h and
/// DivergentRegions.h): each block of a divergent region gets the mask of
/// the lanes active in it, built from the masks of the edges into it; phis
/// where paths join become selects on those masks, the values leaving a
/// divergent loop are kept per lane, and the regions' branches are replaced
/// by fall-throughs, a divergent loop's latch branching back while any lane
/// is live.
///
//===----------------------------------------------------------------------===//

#include "transform/PacketizerImpl.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace vecz {

/// The lanes active in \p BB: those arriving along any edge into it; null
/// outside regions, where every lane is. A uniform loop in a region runs
/// under the mask of the lanes that enter it, and every lane that enters a
/// loop leaves it.
Value *Packetizer::getBlockMask(BasicBlock *BB) {
  if (Value *Known = BlockMasks.lookup(BB))
    return Known;
  if (const MaskedLoop *L = ExitOf.lookup(BB)) {
    if (L->ExitBlocks.size() == 1)
      return getBlockMask(L->Preheader);
    auto *Left =
        new FreezeInst(PoisonValue::get(allLanes()->getType()),
                       BB->getName() + ".left", &*BB->getFirstInsertionPt());
    LeftMasks[BB] = Left;
    return BlockMasks[BB] = Left;
  }
  if (const MaskedLoop *L = LoopOf.lookup(BB)) {
    if (!L->Divergent)
      return getBlockMask(L->Preheader);
    if (BB == L->Header)
      return getLiveMask(*L);
  }
  if (!RegionOf.count(BB))
    return nullptr;
  IRBuilder<> B(BB, BB->getFirstInsertionPt());
  Value *Mask = nullptr;
  for (BasicBlock *Pred : predecessors(BB)) {
    Value *Edge = getEdgeMask(Pred, BB);
    Mask = Mask ? B.CreateOr(Mask, Edge, BB->getName() + ".mask") : Edge;
  }
  return BlockMasks[BB] = Mask;
}

/// The lanes that go from \p From to \p To.
Value *Packetizer::getEdgeMask(BasicBlock *From, BasicBlock *To) {
  auto Key = std::make_pair(From, To);
  if (Value *Known = EdgeMasks.lookup(Key))
    return Known;
  Value *FromMask = getBlockMask(From);
  auto *Br = cast<BranchInst>(From->getTerminator());
  if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
    return EdgeMasks[Key] = FromMask ? FromMask : allLanes();
  IRBuilder<> B(Br);
  std::string Name = (From->getName() + ".to." + To->getName()).str();
  Value *Condition = Br->getCondition();
  if (!isVarying(Condition)) {
    // All lanes or none: a select on the scalar, not an AND with its splat
    // (a splat of an i1 is a shuffle of mask registers).
    Value *All = FromMask ? FromMask : allLanes();
    Value *None = Constant::getNullValue(All->getType());
    bool OnTrue = Br->getSuccessor(0) == To;
    return EdgeMasks[Key] = B.CreateSelect(Condition, OnTrue ? All : None,
                                           OnTrue ? None : All, Name);
  }
  Value *Taken = getVector(Condition);
  if (Br->getSuccessor(1) == To)
    Taken = B.CreateNot(Taken, FromMask ? "" : Name);
  if (FromMask)
    Taken = B.CreateAnd(FromMask, Taken, Name);
  return EdgeMasks[Key] = Taken;
}

/// The lanes still in divergent loop \p L: a phi in its header, of the
/// lanes entering it and those going round again (added by
/// prepareLinearization).
Value *Packetizer::getLiveMask(const MaskedLoop &L) {
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

/// A uniform load or store under a mask: done once if any lane is active,
/// never otherwise (the scalar kernel would not touch that memory).
void Packetizer::maskUniformAccess(Instruction &Access, Value *Mask) {
  IRBuilder<> B(&Access);
  Value *Any = B.CreateOrReduce(Mask);
  Type *Accessed = isa<LoadInst>(Access)
                       ? Access.getType()
                       : cast<StoreInst>(Access).getValueOperand()->getType();
  if (!isWidenable(Accessed) ||
      (isa<LoadInst>(Access) ? !cast<LoadInst>(Access).isSimple()
                             : !cast<StoreInst>(Access).isSimple())) {
    // A masked load or store has no atomic or volatile form, nor one for an
    // aggregate: the access is done as one lane's, behind a branch of its
    // own (LaneOperations.h).
    SmallVector<Value *, 2> Operands(Access.operands());
    Value *OneLane = B.CreateInsertElement(
        FixedVectorType::get(Any->getType(), 1), Any, uint64_t(0));
    LaneResults Once = doPerLane(Access, Operands, OneLane, 1, B);
    if (Once.Result)
      Access.replaceAllUsesWith(
          extractLane(Once.Result, Access.getType(), 0, B, Access.getName()));
    Replaced.push_back(&Access);
    return;
  }
  // A scalar is accessed as a one-element vector, a vector as itself.
  auto AsVector = [](Type *Ty) {
    return Ty->isVectorTy() ? cast<FixedVectorType>(Ty)
                            : FixedVectorType::get(Ty, 1);
  };
  auto MaskOf = [&](FixedVectorType *Ty) {
    return B.CreateVectorSplat(Ty->getNumElements(), Any, "any.lane");
  };
  if (auto *Load = dyn_cast<LoadInst>(&Access)) {
    FixedVectorType *Ty = AsVector(Load->getType());
    Value *Loaded =
        B.CreateMaskedLoad(Ty, Load->getPointerOperand(), Load->getAlign(),
                           MaskOf(Ty), Constant::getNullValue(Ty));
    Load->replaceAllUsesWith(
        Load->getType()->isVectorTy()
            ? Loaded
            : B.CreateExtractElement(Loaded, uint64_t(0), Load->getName()));
  } else {
    auto *Store = cast<StoreInst>(&Access);
    Value *Stored = Store->getValueOperand();
    FixedVectorType *Ty = AsVector(Stored->getType());
    if (!Stored->getType()->isVectorTy())
      Stored = B.CreateVectorSplat(1, Stored);
    B.CreateMaskedStore(Stored, Store->getPointerOperand(), Store->getAlign(),
                        MaskOf(Ty));
  }
  Replaced.push_back(&Access);
}

Packetizer::Incoming Packetizer::getIncoming(const BasicBlock *BB) const {
  if (const MaskedLoop *L = ExitOf.lookup(BB))
    return L->Divergent ? Incoming::LeftLoop : Incoming::Kept;
  if (const MaskedLoop *L = LoopOf.lookup(BB))
    return L->Divergent && BB != L->Header ? Incoming::Blended : Incoming::Kept;
  return RegionOf.count(BB) || JoinedAt.count(BB) ? Incoming::Blended
                                                  : Incoming::Kept;
}

/// Gives \p Widened its incoming values, or replaces it (see Incoming).
void Packetizer::finishPhi(PHINode &Scalar, PHINode &Widened) {
  switch (getIncoming(Scalar.getParent())) {
  case Incoming::Kept:
    for (unsigned I = 0; I < Scalar.getNumIncomingValues(); ++I)
      Widened.addIncoming(getVector(Scalar.getIncomingValue(I)),
                          Scalar.getIncomingBlock(I));
    return;
  case Incoming::Blended:
    return blendPhi(Scalar, Widened);
  case Incoming::LeftLoop:
    return keepLiveOut(Scalar, Widened, *ExitOf.lookup(Scalar.getParent()));
  }
}

/// The incoming values of \p Phi from inside its block's region, and the
/// block ending the region's straight code when \p Phi's block is where
/// the region reconverges and is also reached from outside it (else null):
/// there the phi stays, with one incoming value from the region, merged at
/// the end of that block.
std::pair<SmallVector<unsigned, 4>, BasicBlock *>
Packetizer::splitIncoming(const PHINode &Phi) const {
  const DivergentRegion *Joined = JoinedAt.lookup(Phi.getParent());
  SmallVector<unsigned, 4> Inside;
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
    BasicBlock *Pred = Phi.getIncomingBlock(I);
    if (!Joined || Pred == Joined->Branching || RegionOf.lookup(Pred) == Joined)
      Inside.push_back(I);
  }
  if (Inside.size() == Phi.getNumIncomingValues())
    return {std::move(Inside), nullptr};
  return {std::move(Inside), Joined->Blocks.back()};
}

/// Merges the incoming values of \p Phi from inside its region with
/// \p Merge (given the builder, an incoming index and the merge so far),
/// then puts the result in place of those values: of the whole phi
/// (returned), or of its incoming values from inside the region (see
/// splitIncoming; null returned).
Value *Packetizer::mergeIncoming(PHINode &Phi,
                                 Value *(*Merge)(Packetizer &, IRBuilder<> &,
                                                 PHINode &, unsigned,
                                                 Value *)) {
  auto [Inside, Last] = splitIncoming(Phi);
  BasicBlock *BB = Phi.getParent();
  IRBuilder<> B(BB, BB->getFirstInsertionPt());
  if (Last)
    B.SetInsertPoint(Last->getTerminator());
  Value *Merged = nullptr;
  for (unsigned I : reverse(Inside))
    Merged = Merge(*this, B, Phi, I, Merged);
  if (!Last)
    return Merged;
  for (unsigned I : reverse(Inside))
    Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
  Phi.addIncoming(Merged, Last);
  PartlyBlended.insert(&Phi);
  return nullptr;
}

/// A select on the edge masks in place of the phi (each active lane came
/// along exactly one edge).
void Packetizer::blendPhi(PHINode &Scalar, PHINode &Widened) {
  // The widened phi takes the scalar one's incoming values, widened.
  for (unsigned I = 0; I < Scalar.getNumIncomingValues(); ++I)
    Widened.addIncoming(getVector(Scalar.getIncomingValue(I)),
                        Scalar.getIncomingBlock(I));
  Value *Blend = mergeIncoming(
      Widened,
      [](Packetizer &P, IRBuilder<> &B, PHINode &Phi, unsigned I,
         Value *Else) -> Value * {
        Value *In = Phi.getIncomingValue(I);
        if (!Else)
          return In;
        Value *Taken = P.getEdgeMask(Phi.getIncomingBlock(I), Phi.getParent());
        unsigned N =
            cast<FixedVectorType>(In->getType())->getNumElements() / P.Width;
        return B.CreateSelect(P.spreadLanes(Taken, N, B), In, Else,
                              Phi.getName());
      });
  if (Blend)
    return replaceScalarPhi(Scalar, Widened, Blend);
  // Lane 0 of the merged value reaches the scalar phi from the region.
  BasicBlock *Last =
      Widened.getIncomingBlock(Widened.getNumIncomingValues() - 1);
  Value *Merged = Widened.getIncomingValue(Widened.getNumIncomingValues() - 1);
  IRBuilder<> B(Last->getTerminator());
  Value *Lane0 = extractLane(Merged, Scalar.getType(), 0, B);
  auto [Inside, Unused] = splitIncoming(Scalar);
  for (unsigned I : reverse(Inside))
    Scalar.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
  Scalar.addIncoming(Lane0, Last);
  PartlyBlended.insert(&Scalar);
}

/// Each lane's value when it left divergent loop \p L, in place of the phi
/// of its exit block: kept across iterations by a phi in the header and
/// updated in the latch for the lanes that left along an edge this
/// iteration. Lanes that never enter keep zero, not poison, so later
/// arithmetic on them cannot trap.
void Packetizer::keepLiveOut(PHINode &Scalar, PHINode &Widened,
                             const MaskedLoop &L) {
  Type *Ty = Widened.getType();
  BasicBlock *Exit = Scalar.getParent();
  auto *Kept =
      PHINode::Create(Ty, 2, Widened.getName() + ".kept", &L.Header->front());
  IRBuilder<> B(L.Latch->getTerminator());
  Value *Out = Kept;
  for (unsigned I = 0; I < Scalar.getNumIncomingValues(); ++I)
    Out = B.CreateSelect(maskFor(getEdgeMask(Scalar.getIncomingBlock(I), Exit),
                                 Scalar.getType(), B),
                         getVector(Scalar.getIncomingValue(I)), Out,
                         Widened.getName() + ".out");
  Kept->addIncoming(Constant::getNullValue(Ty), L.Preheader);
  Kept->addIncoming(Out, L.Latch);
  replaceScalarPhi(Scalar, Widened, Out);
}

/// Puts \p Vector in place of \p Widened, and its lane 0 in place of
/// \p Scalar.
void Packetizer::replaceScalarPhi(PHINode &Scalar, PHINode &Widened,
                                  Value *Vector) {
  BasicBlock *BB = Scalar.getParent();
  Widened.replaceAllUsesWith(Vector);
  Vectors.erase(&Scalar);
  Widened.eraseFromParent();
  auto *Def = dyn_cast<Instruction>(Vector);
  IRBuilder<> B(BB, Def && Def->getParent() == BB
                        ? std::next(Def->getIterator())
                        : BB->getFirstInsertionPt());
  Value *First = Scalar.getIncomingValue(0);
  Value *Lane0 = Scalar.getNumIncomingValues() == 1 &&
                         getIncoming(BB) == Incoming::Blended &&
                         isa<Instruction>(First) && isVarying(First)
                     ? First
                     : createLaneZero(Vector, Scalar.getType(), B);
  // Phis finished later may name the scalar phi, now Lane0: their vector
  // value is \p Vector, not a splat of lane 0. So may branches whose masks
  // are built later (in a divergent loop's exit block, on where each lane
  // left): they must see a varying condition, not lane 0's. Lane0 is an
  // instruction of its own, never a folded constant, as every use of a
  // constant would then find \p Vector.
  Vectors[Lane0] = Vector;
  if (const Value *Scalar0 = Original.lookup(&Scalar))
    Original.try_emplace(Lane0, Scalar0);
  Original.erase(&Scalar);
  Scalar.replaceAllUsesWith(Lane0);
  Scalar.eraseFromParent();
}

/// The uniform phis of blocks whose edges are blended: every active lane
/// came along the same edge, so the value of an edge some lane took.
void Packetizer::finishUniformPhis() {
  for (BasicBlock &BB : Vector) {
    Incoming How = getIncoming(&BB);
    if (How == Incoming::Kept)
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
                             [](Packetizer &P, IRBuilder<> &B, PHINode &Phi,
                                unsigned I, Value *Else) -> Value * {
                               Value *In = Phi.getIncomingValue(I);
                               if (!Else)
                                 return In;
                               Value *Taken = P.getEdgeMask(
                                   Phi.getIncomingBlock(I), Phi.getParent());
                               return B.CreateSelect(B.CreateOrReduce(Taken),
                                                     In, Else, Phi.getName());
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
Value *Packetizer::accumulateLeft(const MaskedLoop &L, BasicBlock &Exit,
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
void Packetizer::prepareLinearization() {
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
void Packetizer::linearize(const DivergentRegion &R) {
  auto Replace = [](BasicBlock *BB, BranchInst *Br) {
    Instruction *Old = BB->getTerminator();
    Br->insertBefore(Old);
    Old->eraseFromParent();
  };
  Replace(R.Branching, BranchInst::Create(R.Blocks.front()));
  for (size_t I = 0; I < R.Blocks.size(); ++I) {
    BasicBlock *BB = R.Blocks[I];
    BasicBlock *Next = I + 1 < R.Blocks.size() ? R.Blocks[I + 1] : R.Exit;
    const MaskedLoop *L = LoopOf.lookup(BB);
    if (L && !L->Divergent)
      continue;
    const MaskedLoop *Entered = LoopOf.lookup(Next);
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

} // namespace vecz
