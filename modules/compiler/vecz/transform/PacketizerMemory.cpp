//===- PacketizerMemory.cpp - The packetizer's loads and stores ----------===//
///
/// \file
/// The packetizer's memory accesses (vecz/Packetizer.h, PacketizerImpl.h):
/// uniform accesses under a mask, consecutive, reversed, strided and other
/// varying loads and stores, and private memory, one copy per lane. The
/// rest of the packetizer is in Packetizer.cpp.
///
//===----------------------------------------------------------------------===//

#include "transform/ClampedAccesses.h"
#include "transform/PacketizerImpl.h"

#include "vecz/StrideAnalysis.h"

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace vecz {

Value *Packetizer::elementPointers(Value *Pointers, Type *Scalar,
                                   IRBuilder<> &B) {
  unsigned N = elementsPerLane(Scalar);
  if (N == 1)
    return Pointers;
  SmallVector<Constant *, 64> Offsets;
  for (unsigned L = 0; L < Width; ++L)
    for (unsigned E = 0; E < N; ++E)
      Offsets.push_back(B.getInt64(E));
  return B.CreateGEP(Scalar->getScalarType(), spreadLanes(Pointers, N, B),
                     ConstantVector::get(Offsets));
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
    LaneResults Once = markLaneByLane(Access, Operands, OneLane, 1, B);
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

/// Where the lanes of a consecutive access start: lane 0's address, which
/// its scalar twin computes, but under \p LaneMask, when the address's
/// stride assumes no wrap (StrideAnalysis.h), the first active lane's
/// address less its offset. An inactive lane 0 may hold a value outside
/// the guard that made its index arithmetic linear (`x >= 0` let LLVM
/// extend x with a `zext`, which a lane with x = -4 takes 4 GiB away).
Value *Packetizer::getConsecutiveBase(Instruction &Access, Value *LaneMask,
                                      IRBuilder<> &B) {
  Value *Lane0 = getLoadStorePointerOperand(&Access);
  if (!LaneMask)
    return Lane0;
  // A pointer the scalar kernel does not have is not known to be safe.
  const Value *Scalar = Original.lookup(Lane0);
  if (Scalar && !Strides.getStride(Scalar).AssumesNoWrap)
    return Lane0;
  Value *Bits = B.CreateBitCast(LaneMask, B.getIntNTy(Width));
  // With no lane active, lane 0: a masked access touches nothing then.
  Value *First =
      B.CreateAnd(B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getFalse()),
                  Width - 1, "first.active");
  Value *Address = B.CreateExtractElement(getVector(Lane0), First);
  Value *Back = B.CreateNeg(B.CreateZExtOrTrunc(First, B.getInt64Ty()));
  return B.CreateGEP(getLoadStoreType(&Access), Address, Back,
                     "first.active.base");
}

/// Where the lanes of \p Access, whose address moves back by one element
/// from lane to lane, start in memory: lane W-1's address.
Value *Packetizer::getReversedBase(Instruction &Access, IRBuilder<> &B) {
  Value *Lane0 = getLoadStorePointerOperand(&Access);
  return B.CreateGEP(getLoadStoreType(&Access), Lane0,
                     B.getInt64(-int64_t(Width - 1)),
                     Lane0->getName() + ".last.lane");
}

/// Widened \p Lanes (of type \p Scalar each) in reverse lane order, each
/// lane's elements in their own order.
Value *Packetizer::reverseLanes(Value *Lanes, Type *Scalar, IRBuilder<> &B,
                                const Twine &Name) {
  unsigned N = elementsPerLane(Scalar);
  SmallVector<int, 64> Order;
  for (unsigned L = 0; L < Width; ++L)
    for (unsigned E = 0; E < N; ++E)
      Order.push_back(int((Width - 1 - L) * N + E));
  return B.CreateShuffleVector(Lanes, Order, Name);
}

/// The step from one lane's address to the next of \p Access, a load or
/// store of every lane (\p Widened, the type of its lanes' values), when
/// its address is linear but not consecutive and the target has no gather
/// (or scatter) of that type of its own, or its gathers are slow
/// (PacketizerOptions::StridedGathers): the backend would do one lane
/// after the other from a vector of addresses, taking each out of a
/// register, where lane 0's address plus l steps (the step, a uniform
/// value, computed once: a row's length, say) is an addressing mode. Null
/// otherwise: the access is a gather or scatter.
Value *Packetizer::getStridedStep(Instruction &Access, Type *Widened,
                                  IRBuilder<> &B) {
  Align Alignment =
      commonAlignment(getLoadStoreAlignment(&Access),
                      getLoadStoreType(&Access)->getScalarSizeInBits() / 8);
  bool IsLoad = isa<LoadInst>(Access);
  bool HasItsOwn = IsLoad ? TTI.isLegalMaskedGather(Widened, Alignment) &&
                                !TTI.forceScalarizeMaskedGather(
                                    cast<VectorType>(Widened), Alignment)
                          : TTI.isLegalMaskedScatter(Widened, Alignment) &&
                                !TTI.forceScalarizeMaskedScatter(
                                    cast<VectorType>(Widened), Alignment);
  if (HasItsOwn && StridedGathers)
    return nullptr;
  const Value *Address = Original.lookup(getLoadStorePointerOperand(&Access));
  if (!Address)
    return nullptr;
  Value *Step =
      Strides.emitStep(Address, B, [&](const Value *Uniform) -> Value * {
        return VMap.lookup(Uniform);
      });
  if (Step && !isa<Constant>(Step))
    Step->setName(getLoadStorePointerOperand(&Access)->getName() + ".step");
  return Step;
}

/// Lane \p Lane's address: \p Lane0's plus \p Lane times \p Step bytes.
Value *Packetizer::getLaneAddress(Value *Lane0, Value *Step, unsigned Lane,
                                  IRBuilder<> &B) {
  if (Lane == 0)
    return Lane0;
  Value *Offset =
      Lane == 1 ? Step
                : B.CreateMul(Step, ConstantInt::get(Step->getType(), Lane));
  return B.CreateGEP(B.getInt8Ty(), Lane0, Offset,
                     Lane0->getName() + ".lane" + Twine(Lane));
}

/// The addresses of \p Access, a volatile or atomic load or store done lane
/// by lane, built as lane 0's address plus l steps where the address is
/// linear: lane l's address is then lane 0's plus a constant or a uniform
/// offset, an addressing mode, where taken out of a vector of W pointers it
/// costs a shuffle, and the vector itself registers (CLsmith's volatile
/// private variables: 19,000 such extracts in one kernel at width 16). Null
/// where the address is not linear, or where a lane that is off may hold a
/// lane 0 address the stride does not hold for (getConsecutiveBase).
Value *Packetizer::getLinearLaneAddresses(Instruction &Access, IRBuilder<> &B) {
  Value *Lane0 = getLoadStorePointerOperand(&Access);
  const Value *Address = Original.lookup(Lane0);
  if (!Address)
    return nullptr;
  if (getBlockMask(Access.getParent()) &&
      Strides.getStride(Address).AssumesNoWrap)
    return nullptr;
  Value *Step =
      Strides.emitStep(Address, B, [&](const Value *Uniform) -> Value * {
        return VMap.lookup(Uniform);
      });
  if (!Step)
    return nullptr;
  Value *Lanes = PoisonValue::get(widen(Lane0->getType()));
  for (unsigned L = 0; L < Width; ++L)
    Lanes = B.CreateInsertElement(Lanes, getLaneAddress(Lane0, Step, L, B),
                                  uint64_t(L));
  Lanes->setName(Lane0->getName() + ".lanes");
  return Lanes;
}

/// \p Load, once per lane at lanes' addresses \p Step bytes apart.
Value *Packetizer::loadStrided(LoadInst &Load, Value *Step, IRBuilder<> &B) {
  SmallVector<Value *, 64> Lanes;
  for (unsigned L = 0; L < Width; ++L) {
    LoadInst *Lane = B.CreateAlignedLoad(
        Load.getType(), getLaneAddress(Load.getPointerOperand(), Step, L, B),
        Load.getAlign(), Load.getName() + ".lane" + Twine(L));
    Lane->setAAMetadata(Load.getAAMetadata());
    Lanes.push_back(Lane);
  }
  Value *Whole = PoisonValue::get(widen(Load.getType()));
  if (Load.getType()->isVectorTy()) // Lane after lane: a concatenation.
    Whole = concatenateVectors(B, Lanes);
  else
    for (unsigned L = 0; L < Width; ++L)
      Whole = B.CreateInsertElement(Whole, Lanes[L], uint64_t(L));
  Whole->setName(Load.getName() + ".v");
  return Whole;
}

/// \p Store's lanes' \p Values, in lane order, at addresses \p Step bytes
/// apart (a step of zero at run time leaves the last lane's value, as the
/// work-items one after the other would).
void Packetizer::storeStrided(StoreInst &Store, Value *Values, Value *Step,
                              IRBuilder<> &B) {
  Type *Scalar = Store.getValueOperand()->getType();
  for (unsigned L = 0; L < Width; ++L) {
    Value *Stored = extractLane(Values, Scalar, L, B);
    Value *Address = getLaneAddress(Store.getPointerOperand(), Step, L, B);
    StoreInst *Lane = B.CreateAlignedStore(Stored, Address, Store.getAlign());
    Lane->setAAMetadata(Store.getAAMetadata());
  }
}

Value *Packetizer::widenLoad(LoadInst &Load, IRBuilder<> &B) {
  Type *Ty = widen(Load.getType());
  std::string Name = (Load.getName() + ".v").str();
  Value *LaneMask = getBlockMask(Load.getParent());
  Value *Mask = maskFor(LaneMask, Load.getType(), B);
  std::optional<int64_t> Elements = Strides.getElementStride(original(Load));
  bool Consecutive = Elements == 1;
  if (Consecutive && !Mask)
    return B.CreateAlignedLoad(Ty, Load.getPointerOperand(), Load.getAlign(),
                               Name);
  if (Elements == -1 && !Mask)
    return reverseLanes(
        B.CreateAlignedLoad(Ty, getReversedBase(Load, B), Load.getAlign()),
        Load.getType(), B, Name);
  if (Consecutive)
    return B.CreateMaskedLoad(Ty, getConsecutiveBase(Load, LaneMask, B),
                              Load.getAlign(), Mask, Constant::getNullValue(Ty),
                              Name);
  if (Value *Step = Mask ? nullptr : getStridedStep(Load, Ty, B))
    return loadStrided(Load, Step, B);
  Value *WithinClamps = emitWithinClamps(
      Load, Width, [&](const Value *V) { return isVarying(V); },
      [&](const Value *V) -> std::optional<int64_t> {
        const Value *Scalar = Original.lookup(V);
        return Scalar ? Strides.getStride(Scalar).getConstantStep()
                      : std::nullopt;
      },
      B);
  Value *Pointers =
      elementPointers(getVector(Load.getPointerOperand()), Load.getType(), B);
  Value *Gather = B.CreateMaskedGather(
      Ty, Pointers,
      commonAlignment(Load.getAlign(),
                      Load.getType()->getScalarSizeInBits() / 8),
      Mask ? Mask : allElements(Load.getType()), Constant::getNullValue(Ty),
      Name);
  if (WithinClamps)
    ClampedLoads.push_back(
        {cast<Instruction>(Gather), &Load, WithinClamps, Mask});
  return Gather;
}

/// Private memory: one alloca of W copies, lane l's right after lane
/// l - 1's, privateLaneStride bytes apart (StrideAnalysis counts on it, so a
/// private scalar's lanes are consecutive), and each lane's pointer to its
/// own; lane 0's copy stands for the scalar one. Each copy is padded to the
/// alignment of the scalar one, which the accesses through it assume: a
/// 24-byte struct kept 16-aligned has copies 32 bytes apart. Its lifetime
/// markers go: they would cover lane 0's copy.
Value *Packetizer::widenAlloca(AllocaInst &Alloca, IRBuilder<> &B) {
  Type *Copy = Alloca.getAllocatedType();
  if (Alloca.isArrayAllocation())
    Copy = ArrayType::get(
        Copy, cast<ConstantInt>(Alloca.getArraySize())->getZExtValue());
  const DataLayout &DL = getDataLayout();
  uint64_t Size = DL.getTypeAllocSize(Copy).getFixedSize();
  uint64_t LaneStride = *privateLaneStride(Alloca, DL);
  if (LaneStride != Size)
    Copy =
        StructType::get(Copy, ArrayType::get(B.getInt8Ty(), LaneStride - Size));
  auto *Copies = new AllocaInst(
      ArrayType::get(Copy, Width), Alloca.getAddressSpace(), nullptr,
      Alloca.getAlign(), Alloca.getName() + ".lanes", &Alloca);
  Value *Lanes =
      B.CreateGEP(Copy, Copies, B.CreateStepVector(widen(B.getInt64Ty())),
                  Alloca.getName() + ".v");
  for (User *U : Alloca.users())
    if (auto *Marker = dyn_cast<IntrinsicInst>(U);
        Marker && Marker->isLifetimeStartOrEnd())
      Replaced.push_back(Marker);
  Alloca.replaceAllUsesWith(Copies);
  Replaced.push_back(&Alloca);
  Original[Copies] = Original.lookup(&Alloca);
  Vectors[Copies] = Lanes;
  return Lanes;
}

void Packetizer::widenStore(StoreInst &Store) {
  IRBuilder<> B(&Store);
  Value *Values = getVector(Store.getValueOperand());
  Type *Scalar = Store.getValueOperand()->getType();
  Value *LaneMask = getBlockMask(Store.getParent());
  Value *Mask = maskFor(LaneMask, Scalar, B);
  std::optional<int64_t> Elements = Strides.getElementStride(original(Store));
  bool Consecutive = Elements == 1;
  if (Consecutive && !Mask)
    B.CreateAlignedStore(Values, Store.getPointerOperand(), Store.getAlign());
  else if (Elements == -1 && !Mask) {
    Value *Reversed = reverseLanes(Values, Scalar, B);
    B.CreateAlignedStore(Reversed, getReversedBase(Store, B), Store.getAlign());
  } else if (Consecutive)
    B.CreateMaskedStore(Values, getConsecutiveBase(Store, LaneMask, B),
                        Store.getAlign(), Mask);
  else if (Value *Step =
               Mask ? nullptr : getStridedStep(Store, Values->getType(), B))
    storeStrided(Store, Values, Step, B);
  else // Lanes storing to one address do so in lane order, as the
       // work-items would one after the other: the last active one wins.
    B.CreateMaskedScatter(
        Values,
        elementPointers(getVector(Store.getPointerOperand()), Scalar, B),
        commonAlignment(Store.getAlign(), Scalar->getScalarSizeInBits() / 8),
        Mask ? Mask : allElements(Scalar));
  Replaced.push_back(&Store);
}

} // namespace vecz
