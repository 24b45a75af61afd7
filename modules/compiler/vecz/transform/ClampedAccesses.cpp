//===- ClampedAccesses.cpp - Loads at clamped consecutive indices ---------===//
///
/// \file
/// See ClampedAccesses.h.
///
//===----------------------------------------------------------------------===//

#include "transform/ClampedAccesses.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace vecz {

namespace {

/// A step on the way from the consecutive index to the clamped one that
/// keeps lanes consecutive only within limits: a min or max (\p ID) of
/// \p Operand with a uniform bound, or an extension of it (no bound; \p ID
/// smax for a sign extension, umax for a zero one: the sense in which its
/// lanes must not wrap around).
struct Clamp {
  Intrinsic::ID ID;
  Value *Bound;
  Value *Operand;
  bool isExtension() const { return !Bound; }
};

/// The clamps on the way to \p Index, outermost first, through extensions
/// and additions of uniform values (InstCombine makes `max(i - 1, 0)`
/// `max(i, 1) - 1`).
SmallVector<Clamp, 2> findClamps(Value *Index,
                                 function_ref<bool(const Value *)> IsVarying) {
  SmallVector<Clamp, 2> Clamps;
  for (;;) {
    if (isa<SExtInst>(Index) || isa<ZExtInst>(Index)) {
      Value *Narrow = cast<CastInst>(Index)->getOperand(0);
      Clamps.push_back(
          {isa<SExtInst>(Index) ? Intrinsic::smax : Intrinsic::umax, nullptr,
           Narrow});
      Index = Narrow;
      continue;
    }
    if (auto *Offset = dyn_cast<BinaryOperator>(Index);
        Offset && (Offset->getOpcode() == Instruction::Add ||
                   Offset->getOpcode() == Instruction::Sub)) {
      Value *Moved = Offset->getOperand(0), *By = Offset->getOperand(1);
      if (Offset->getOpcode() == Instruction::Add && IsVarying(By))
        std::swap(Moved, By);
      if (IsVarying(By))
        break;
      Index = Moved;
      continue;
    }
    auto *MinMax = dyn_cast<MinMaxIntrinsic>(Index);
    if (!MinMax)
      break;
    Value *Clamped = MinMax->getLHS(), *Bound = MinMax->getRHS();
    if (IsVarying(Bound))
      std::swap(Clamped, Bound);
    if (IsVarying(Bound) || !IsVarying(Clamped))
      break;
    Clamps.push_back({MinMax->getIntrinsicID(), Bound, Clamped});
    Index = Clamped;
  }
  return Clamps;
}

} // namespace

Value *
emitWithinClamps(LoadInst &Load, unsigned Width,
                 function_ref<bool(const Value *)> IsVarying,
                 function_ref<std::optional<int64_t>(const Value *)> StepOf,
                 IRBuilder<> &B) {
  auto *GEP = dyn_cast<GetElementPtrInst>(Load.getPointerOperand());
  if (!GEP || GEP->getNumIndices() != 1 ||
      GEP->getSourceElementType() != Load.getType() ||
      IsVarying(GEP->getPointerOperand()))
    return nullptr;
  SmallVector<Clamp, 2> Clamps = findClamps(GEP->getOperand(1), IsVarying);
  // The innermost clamp's operand moves by one, so do the others' while
  // the clamps change nothing.
  if (none_of(Clamps, [](const Clamp &C) { return !C.isExtension(); }) ||
      StepOf(Clamps.back().Operand) != 1)
    return nullptr;
  // Each clamp's operand moves by one from lane to lane while the clamps
  // inside it change nothing: lane l's is First + l, First lane 0's (the
  // scalar twin). The clamps change nothing when every First is above its
  // lower bound and every First + W - 1 below its upper bound, that last
  // lane's not wrapped around in the sense of the clamp's compare (of the
  // extension: then it extends consecutive values to consecutive values).
  Value *Within = nullptr;
  auto Require = [&](Value *Test) {
    Within = Within ? B.CreateAnd(Within, Test) : Test;
  };
  for (const Clamp &C : Clamps) {
    Value *First = C.Operand;
    auto *Ty = cast<IntegerType>(First->getType());
    unsigned Bits = Ty->getBitWidth();
    APInt Room(Bits, Width - 1);
    bool Signed = C.ID == Intrinsic::smin || C.ID == Intrinsic::smax;
    Require(Signed ? B.CreateICmpSLE(
                         First, ConstantInt::get(
                                    Ty, APInt::getSignedMaxValue(Bits) - Room))
                   : B.CreateICmpULE(First,
                                     ConstantInt::get(
                                         Ty, APInt::getMaxValue(Bits) - Room)));
    if (C.isExtension())
      continue;
    switch (C.ID) {
    case Intrinsic::smax:
      Require(B.CreateICmpSGE(First, C.Bound));
      break;
    case Intrinsic::umax:
      Require(B.CreateICmpUGE(First, C.Bound));
      break;
    case Intrinsic::smin:
      Require(B.CreateICmpSLE(
          B.CreateAdd(First, ConstantInt::get(Ty, Width - 1), "last.lane"),
          C.Bound));
      break;
    default:
      Require(B.CreateICmpULE(
          B.CreateAdd(First, ConstantInt::get(Ty, Width - 1), "last.lane"),
          C.Bound));
      break;
    }
  }
  Within->setName("within.clamps");
  return Within;
}

void versionClampedLoad(Instruction &Gather, LoadInst &Load,
                        Value *WithinClamps, Value *Mask) {
  Instruction *ThenTerm = nullptr, *ElseTerm = nullptr;
  SplitBlockAndInsertIfThenElse(WithinClamps, &Gather, &ThenTerm, &ElseTerm);
  BasicBlock *Tail = Gather.getParent();
  Gather.moveBefore(ElseTerm);
  ThenTerm->getParent()->setName("clamped.consecutive");
  ElseTerm->getParent()->setName("clamped.gather");
  IRBuilder<> B(ThenTerm);
  Type *Ty = Gather.getType();
  // Within the clamps, lane 0's clamped address is its unclamped one.
  Value *Pointer = Load.getPointerOperand();
  Value *Consecutive =
      Mask
          ? static_cast<Value *>(B.CreateMaskedLoad(
                Ty, Pointer, Load.getAlign(), Mask, Constant::getNullValue(Ty)))
          : B.CreateAlignedLoad(Ty, Pointer, Load.getAlign());
  PHINode *Merged =
      PHINode::Create(Ty, 2, Gather.getName() + ".merged", &Tail->front());
  Gather.replaceAllUsesWith(Merged);
  Merged->addIncoming(Consecutive, ThenTerm->getParent());
  Merged->addIncoming(&Gather, ElseTerm->getParent());
}

} // namespace vecz
