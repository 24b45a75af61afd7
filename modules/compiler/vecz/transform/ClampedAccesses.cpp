//===- ClampedAccesses.cpp - Loads at clamped consecutive indices ---------===//
///
/// \file
/// See ClampedAccesses.h.
///
//===----------------------------------------------------------------------===//

#include "transform/ClampedAccesses.h"

#include "transform/StageMarkers.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace vecz {

namespace {

/// A step on the way from the consecutive index to the clamped one that
/// keeps lanes consecutive only within limits: a min or max (\p ID) of
/// \p Operand with a uniform bound, an extension of it (no bound; \p ID
/// smax for a sign extension, umax for a zero one: the sense in which its
/// lanes must not wrap around), or its remainder by a uniform \p Bound
/// (\p ID umin for urem, smin for srem: the operand stays below the bound,
/// and for srem at or above 0; `tile[(l + 1) % n]`).
struct Clamp {
  Intrinsic::ID ID;
  Value *Bound;
  Value *Operand;
  bool IsRemainder = false;
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
    if (auto *Rem = dyn_cast<BinaryOperator>(Index);
        Rem && (Rem->getOpcode() == Instruction::URem ||
                Rem->getOpcode() == Instruction::SRem)) {
      Value *Dividend = Rem->getOperand(0), *Divisor = Rem->getOperand(1);
      if (IsVarying(Divisor) || !IsVarying(Dividend))
        break;
      Clamps.push_back({Rem->getOpcode() == Instruction::URem ? Intrinsic::umin
                                                              : Intrinsic::smin,
                        Divisor, Dividend, /*IsRemainder=*/true});
      Index = Dividend;
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
    if (C.IsRemainder) {
      // A remainder changes nothing from 0 up to below the divisor.
      Value *Last =
          B.CreateAdd(First, ConstantInt::get(Ty, Width - 1), "last.lane");
      if (Signed) {
        Require(B.CreateICmpSGE(First, ConstantInt::get(Ty, 0)));
        Require(B.CreateICmpSLT(Last, C.Bound));
      } else {
        Require(B.CreateICmpULT(Last, C.Bound));
      }
      continue;
    }
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

void markClampedGather(Instruction &Gather, LoadInst &Load, Value *WithinClamps,
                       Value *Mask) {
  SmallVector<Value *, 5> Args = {
      &Gather, WithinClamps, Load.getPointerOperand(),
      ConstantInt::get(Type::getInt64Ty(Load.getContext()),
                       Load.getAlign().value())};
  if (Mask)
    Args.push_back(Mask);
  createMarker(ClampedGatherMarker, Args, Gather.getNextNode());
}

namespace {

/// A clamped gather's marker, read and checked.
struct ClampedGather {
  Instruction *Gather;
  Value *WithinClamps;
  Value *First;
  Align Alignment;
  Value *Mask;
};

Expected<ClampedGather> readMarker(const CallInst &Marker) {
  unsigned Args = Marker.arg_size();
  auto Arg = [&](unsigned I) { return Marker.getArgOperand(I); };
  auto *Gather = Args >= 4 ? dyn_cast<Instruction>(Arg(0)) : nullptr;
  auto *Type = Gather ? dyn_cast<FixedVectorType>(Gather->getType()) : nullptr;
  auto *Alignment = Args >= 4 ? dyn_cast<ConstantInt>(Arg(3)) : nullptr;
  auto IsMask = [&](const Value *Mask) {
    auto *MaskType = dyn_cast<FixedVectorType>(Mask->getType());
    return MaskType && MaskType->getElementType()->isIntegerTy(1) &&
           MaskType->getNumElements() == Type->getNumElements();
  };
  if (Args > 5 || !Type || isa<PHINode>(Gather) || Gather->isTerminator() ||
      !Arg(1)->getType()->isIntegerTy(1) || !Arg(2)->getType()->isPointerTy() ||
      !Alignment || !isPowerOf2_64(Alignment->getZExtValue()) ||
      (Args == 5 && !IsMask(Arg(4))))
    return createStringError(
        inconvertibleErrorCode(),
        "function '%s': %s takes a gather's <W x T> result, an i1 test, "
        "the first element's address, its alignment (a power of 2) and "
        "optionally the gather's <W x i1> mask",
        Marker.getFunction()->getName().str().c_str(),
        ClampedGatherMarker.data());
  return ClampedGather{Gather, Arg(1), Arg(2), Align(Alignment->getZExtValue()),
                       Args == 5 ? Arg(4) : nullptr};
}

/// Makes the marked gather run only when its lanes are not within the
/// clamps, and a load of consecutive elements from the first's address
/// when they are.
void versionClampedGather(const ClampedGather &C) {
  Instruction &Gather = *C.Gather;
  Instruction *ThenTerm = nullptr, *ElseTerm = nullptr;
  SplitBlockAndInsertIfThenElse(C.WithinClamps, &Gather, &ThenTerm, &ElseTerm);
  BasicBlock *Tail = Gather.getParent();
  Gather.moveBefore(ElseTerm);
  ThenTerm->getParent()->setName("clamped.consecutive");
  ElseTerm->getParent()->setName("clamped.gather");
  IRBuilder<> B(ThenTerm);
  Type *Ty = Gather.getType();
  // Within the clamps, lane 0's clamped address is its unclamped one.
  Value *Consecutive =
      C.Mask
          ? static_cast<Value *>(B.CreateMaskedLoad(
                Ty, C.First, C.Alignment, C.Mask, Constant::getNullValue(Ty)))
          : B.CreateAlignedLoad(Ty, C.First, C.Alignment);
  PHINode *Merged =
      PHINode::Create(Ty, 2, Gather.getName() + ".merged", &Tail->front());
  Gather.replaceAllUsesWith(Merged);
  Merged->addIncoming(Consecutive, ThenTerm->getParent());
  Merged->addIncoming(&Gather, ElseTerm->getParent());
}

} // namespace

Error versionClampedGathers(Function &F) {
  SmallVector<ClampedGather, 4> Gathers;
  SmallVector<CallInst *, 8> Markers = findMarkers(F, ClampedGatherMarker);
  for (CallInst *Marker : Markers) {
    Expected<ClampedGather> Read = readMarker(*Marker);
    if (!Read)
      return Read.takeError();
    Gathers.push_back(*Read);
  }
  for (CallInst *Marker : Markers)
    Marker->eraseFromParent();
  for (const ClampedGather &C : Gathers)
    versionClampedGather(C);
  return Error::success();
}

} // namespace vecz
