//===- SubGroups.cpp - A vector kernel's lanes as a sub-group -------------===//
///
/// \file
/// See SubGroups.h.
///
//===----------------------------------------------------------------------===//

#include "transform/SubGroups.h"

#include "transform/LaneOperations.h"

#include "compiler/pipeline/CompileOptions.h"
#include "metadata/sub_groups.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using compiler::MuxBuiltin;
using compiler::SubGroupCollective;
using compiler::SubGroupFunction;
using compiler::SubGroupOperation;

namespace vecz {

static_assert(compiler::VeczWidthRange.Max <= LOOM_MAX_SUB_GROUP_SIZE,
              "a vector kernel's lanes are a sub-group the driver accepts");

namespace {

/// The sizes and ids one query needs, read once each at the builder.
class WorkItemState {
public:
  WorkItemState(unsigned Width, const compiler::BuiltinInfo &BI, IRBuilder<> &B)
      : Width(B.getInt64(Width)), BI(BI), B(B),
        M(*B.GetInsertBlock()->getModule()) {}

  Value *get(MuxBuiltin Builtin, unsigned Dim) {
    return B.CreateCall(BI.getOrDeclareMuxBuiltin(Builtin, M), B.getInt32(Dim));
  }
  /// The sub-groups of a row of \p RowSize work-items: ceil(RowSize / W).
  Value *perRow(Value *RowSize) {
    return B.CreateUDiv(B.CreateAdd(RowSize, B.CreateSub(Width, B.getInt64(1))),
                        Width, "sub.groups.per.row");
  }
  /// The sub-groups of a work-group whose local size builtin is \p Size.
  Value *count(MuxBuiltin Size) {
    Value *Rows = get(Size, 1);
    Rows = B.CreateMul(Rows, get(Size, 2));
    return B.CreateMul(Rows, perRow(get(Size, 0)));
  }
  Value *min(Value *A, Value *C) {
    return B.CreateBinaryIntrinsic(Intrinsic::umin, A, C);
  }

  Value *Width;

private:
  const compiler::BuiltinInfo &BI;
  IRBuilder<> &B;
  Module &M;
};

bool isLogical(SubGroupOperation Operation) {
  return Operation == SubGroupOperation::LogicalAnd ||
         Operation == SubGroupOperation::LogicalOr ||
         Operation == SubGroupOperation::LogicalXor;
}

/// The identity of \p F's operation on \p Element: what an inactive lane
/// counts as, and what an exclusive scan starts from.
Constant *getIdentity(const SubGroupFunction &F, Type *Element) {
  bool Float = Element->isFloatingPointTy();
  unsigned Bits = Element->getScalarSizeInBits();
  bool Signed = F.isSignedInteger();
  switch (F.Operation) {
  case SubGroupOperation::Min:
    if (Float)
      return ConstantFP::getInfinity(Element);
    return ConstantInt::get(Element, Signed ? APInt::getSignedMaxValue(Bits)
                                            : APInt::getMaxValue(Bits));
  case SubGroupOperation::Max:
    if (Float)
      return ConstantFP::getInfinity(Element, /*Negative=*/true);
    return ConstantInt::get(Element, Signed ? APInt::getSignedMinValue(Bits)
                                            : APInt::getMinValue(Bits));
  case SubGroupOperation::Mul:
  case SubGroupOperation::LogicalAnd:
    return Float ? ConstantFP::get(Element, 1.0) : ConstantInt::get(Element, 1);
  case SubGroupOperation::And:
    return Constant::getAllOnesValue(Element);
  case SubGroupOperation::Or:
  case SubGroupOperation::Xor:
  case SubGroupOperation::LogicalOr:
  case SubGroupOperation::LogicalXor:
    return Constant::getNullValue(Element);
  case SubGroupOperation::Add:
  case SubGroupOperation::None:
    break;
  }
  // x + -0.0 is x, even for x = +0.0, which x + 0.0 is not for x = -0.0.
  return Float ? ConstantFP::getNegativeZero(Element)
               : Constant::getNullValue(Element);
}

/// \p A (operation) \p C, lane by lane (the logical operations on 0 or 1).
Value *combine(const SubGroupFunction &F, Value *A, Value *C, IRBuilder<> &B) {
  bool Float = A->getType()->isFPOrFPVectorTy();
  bool Signed = F.isSignedInteger();
  switch (F.Operation) {
  case SubGroupOperation::Min:
    return B.CreateBinaryIntrinsic(Float    ? Intrinsic::minnum
                                   : Signed ? Intrinsic::smin
                                            : Intrinsic::umin,
                                   A, C);
  case SubGroupOperation::Max:
    return B.CreateBinaryIntrinsic(Float    ? Intrinsic::maxnum
                                   : Signed ? Intrinsic::smax
                                            : Intrinsic::umax,
                                   A, C);
  case SubGroupOperation::Mul:
    return Float ? B.CreateFMul(A, C) : B.CreateMul(A, C);
  case SubGroupOperation::And:
  case SubGroupOperation::LogicalAnd:
    return B.CreateAnd(A, C);
  case SubGroupOperation::Or:
  case SubGroupOperation::LogicalOr:
    return B.CreateOr(A, C);
  case SubGroupOperation::Xor:
  case SubGroupOperation::LogicalXor:
    return B.CreateXor(A, C);
  case SubGroupOperation::Add:
  case SubGroupOperation::None:
    break;
  }
  return Float ? B.CreateFAdd(A, C) : B.CreateAdd(A, C);
}

Constant *splat(unsigned Width, Constant *Element) {
  return ConstantVector::getSplat(ElementCount::getFixed(Width), Element);
}

/// The lanes of \p Values (0 or 1 for a logical operation), the identity
/// in those not active.
Value *activeOrIdentity(const SubGroupFunction &F, const LaneValues &Values,
                        IRBuilder<> &B) {
  Value *Lanes = Values.Lanes;
  if (isLogical(F.Operation))
    Lanes = B.CreateZExt(
        B.CreateICmpNE(Lanes, Constant::getNullValue(Lanes->getType())),
        Lanes->getType());
  if (!Values.Mask)
    return Lanes;
  Type *Element = Lanes->getType()->getScalarType();
  return B.CreateSelect(Values.Mask, Lanes,
                        splat(Values.Width, getIdentity(F, Element)));
}

Value *reduce(const SubGroupFunction &F, Value *Lanes, IRBuilder<> &B) {
  bool Float = Lanes->getType()->isFPOrFPVectorTy();
  bool Signed = F.isSignedInteger();
  Constant *Identity = getIdentity(F, Lanes->getType()->getScalarType());
  // Floating-point sums and products in a tree's order (reassoc), as
  // OpenCL allows.
  auto InTree = [](Value *V) {
    cast<Instruction>(V)->setHasAllowReassoc(true);
    return V;
  };
  switch (F.Operation) {
  case SubGroupOperation::Min:
    return Float ? B.CreateFPMinReduce(Lanes)
                 : B.CreateIntMinReduce(Lanes, Signed);
  case SubGroupOperation::Max:
    return Float ? B.CreateFPMaxReduce(Lanes)
                 : B.CreateIntMaxReduce(Lanes, Signed);
  case SubGroupOperation::Mul:
    return Float ? InTree(B.CreateFMulReduce(Identity, Lanes))
                 : B.CreateMulReduce(Lanes);
  case SubGroupOperation::And:
  case SubGroupOperation::LogicalAnd:
    return B.CreateAndReduce(Lanes);
  case SubGroupOperation::Or:
  case SubGroupOperation::LogicalOr:
    return B.CreateOrReduce(Lanes);
  case SubGroupOperation::Xor:
  case SubGroupOperation::LogicalXor:
    return B.CreateXorReduce(Lanes);
  case SubGroupOperation::Add:
  case SubGroupOperation::None:
    break;
  }
  return Float ? InTree(B.CreateFAddReduce(Identity, Lanes))
               : B.CreateAddReduce(Lanes);
}

/// \p Lanes moved up by \p Distance lanes, \p Incoming coming in at lane 0.
Value *shiftUp(Value *Lanes, Constant *Incoming, unsigned Distance,
               unsigned Width, IRBuilder<> &B) {
  SmallVector<int, 64> Mask;
  for (unsigned L = 0; L < Width; ++L)
    Mask.push_back(L < Distance ? int(Width + L) : int(L - Distance));
  return B.CreateShuffleVector(Lanes, splat(Width, Incoming), Mask);
}

/// The inclusive scan of \p Lanes in log2(W) steps, each lane combined with
/// the one Distance below it (Hillis and Steele).
Value *scanInclusive(const SubGroupFunction &F, Value *Lanes, unsigned Width,
                     IRBuilder<> &B) {
  Constant *Identity = getIdentity(F, Lanes->getType()->getScalarType());
  for (unsigned Distance = 1; Distance < Width; Distance *= 2)
    Lanes = combine(F, Lanes, shiftUp(Lanes, Identity, Distance, Width, B), B);
  return Lanes;
}

/// The exclusive scan of \p Lanes: the inclusive one moved up a lane. Lane
/// 0 gets the identity OpenCL names, 0 for an addition (+0.0, where the
/// steps of a floating-point scan use -0.0).
Value *scanExclusive(const SubGroupFunction &F, Value *Lanes, unsigned Width,
                     IRBuilder<> &B) {
  Type *Element = Lanes->getType()->getScalarType();
  Constant *First = F.Operation == SubGroupOperation::Add
                        ? Constant::getNullValue(Element)
                        : getIdentity(F, Element);
  return shiftUp(scanInclusive(F, Lanes, Width, B), First, 1, Width, B);
}

/// The reduction of each cluster of \p Cluster consecutive lanes (a
/// uniform power of two), in each of its lanes: log2(W) steps, each
/// combining a lane with the one Distance away (its local id xor
/// Distance), kept while Distance is below the cluster size.
Value *reduceClusters(const SubGroupFunction &F, Value *Lanes, Value *Cluster,
                      unsigned Width, IRBuilder<> &B) {
  // A constant size (the usual case) takes just its steps.
  auto *Known = dyn_cast<ConstantInt>(Cluster);
  Cluster = B.CreateZExtOrTrunc(Cluster, B.getInt32Ty());
  for (unsigned Distance = 1; Distance < Width; Distance *= 2) {
    if (Known && Known->getZExtValue() <= Distance)
      break;
    SmallVector<int, 64> Partners;
    for (unsigned L = 0; L < Width; ++L)
      Partners.push_back(int(L ^ Distance));
    Value *Combined =
        combine(F, Lanes, B.CreateShuffleVector(Lanes, Partners), B);
    Lanes = Known
                ? Combined
                : B.CreateSelect(B.CreateICmpULT(B.getInt32(Distance), Cluster),
                                 Combined, Lanes);
  }
  return Lanes;
}

/// The local id of each lane, <0, 1, ..., W - 1>, as i32s.
Value *laneIds(unsigned Width, IRBuilder<> &B) {
  return B.CreateStepVector(FixedVectorType::get(B.getInt32Ty(), Width));
}

/// \p Index (an i32, or any integer) kept within the W lanes: a local id
/// past the sub-group is undefined, and so it cannot make poison.
Value *withinLanes(Value *Index, unsigned Width, IRBuilder<> &B) {
  bool PerLane = Index->getType()->isVectorTy();
  Type *I32 = B.getInt32Ty();
  Index = B.CreateZExtOrTrunc(Index,
                              PerLane ? FixedVectorType::get(I32, Width) : I32);
  Constant *Last = B.getInt32(Width - 1);
  return B.CreateAnd(Index, PerLane ? splat(Width, Last) : Last);
}

/// Lane \p Index's value (of \p ResultType) in the widened \p Lanes.
Value *extractLaneAt(Value *Lanes, Value *Index, Type *ResultType,
                     unsigned Width, IRBuilder<> &B) {
  Index = withinLanes(Index, Width, B);
  unsigned N = elementsPerLane(ResultType);
  if (N == 1)
    return B.CreateExtractElement(Lanes, Index, "broadcast");
  Value *First = B.CreateMul(Index, B.getInt32(N));
  Value *Result = PoisonValue::get(ResultType);
  for (unsigned E = 0; E < N; ++E)
    Result = B.CreateInsertElement(
        Result,
        B.CreateExtractElement(Lanes, B.CreateAdd(First, B.getInt32(E))), E);
  return Result;
}

/// The first active lane (an i32): 0 without a mask.
Value *firstActiveLane(const LaneValues &Values, IRBuilder<> &B) {
  if (!Values.Mask)
    return B.getInt32(0);
  Value *Bits = B.CreateBitCast(Values.Mask, B.getIntNTy(Values.Width));
  // With no lane active (straight code past a region no lane entered),
  // W, which withinLanes makes lane 0: not poison.
  Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getFalse());
  return B.CreateZExtOrTrunc(First, B.getInt32Ty(), "first.active");
}

/// The lanes' conditions (the value not 0, the comparison \p Holds makes
/// of it where given), false where a lane is off.
Value *activeConditions(const LaneValues &Values, Value *Holds, bool Off,
                        IRBuilder<> &B) {
  if (!Holds)
    Holds = B.CreateICmpNE(Values.Lanes,
                           Constant::getNullValue(Values.Lanes->getType()));
  // A select, not a logical operation: an inactive lane's poison must not
  // decide.
  if (Values.Mask)
    Holds = B.CreateSelect(Values.Mask, Holds,
                           Off ? Constant::getAllOnesValue(Holds->getType())
                               : Constant::getNullValue(Holds->getType()));
  return Holds;
}

/// sub_group_all (\p All) or sub_group_any of the active lanes.
Value *vote(bool All, const LaneValues &Values, Type *ResultType,
            IRBuilder<> &B) {
  Value *Holds = activeConditions(Values, nullptr, /*Off=*/All, B);
  Value *Answer = All ? B.CreateAndReduce(Holds) : B.CreateOrReduce(Holds);
  return B.CreateZExt(Answer, ResultType, All ? "all" : "any");
}

/// Whether every active lane holds what the first active one does.
Value *allEqual(const LaneValues &Values, Type *ResultType, IRBuilder<> &B) {
  Value *First = B.CreateVectorSplat(
      Values.Width,
      B.CreateExtractElement(Values.Lanes, firstActiveLane(Values, B)));
  Value *Same = Values.Lanes->getType()->isFPOrFPVectorTy()
                    ? B.CreateFCmpOEQ(Values.Lanes, First)
                    : B.CreateICmpEQ(Values.Lanes, First);
  Value *Holds = activeConditions(Values, Same, /*Off=*/true, B);
  return B.CreateZExt(B.CreateAndReduce(Holds), ResultType, "all.equal");
}

/// The active lanes' conditions as the low bits of a uint4.
Value *ballot(const LaneValues &Values, Type *ResultType, IRBuilder<> &B) {
  Value *Holds = activeConditions(Values, nullptr, /*Off=*/false, B);
  Value *Bits = B.CreateBitCast(Holds, B.getIntNTy(Values.Width));
  unsigned ResultBits = ResultType->getPrimitiveSizeInBits().getFixedSize();
  return B.CreateBitCast(B.CreateZExt(Bits, B.getIntNTy(ResultBits)),
                         ResultType, "ballot");
}

/// 1 in the first active lane, 0 in the others.
Value *elect(const LaneValues &Values, Type *ResultType, IRBuilder<> &B) {
  Value *First = B.CreateVectorSplat(Values.Width, firstActiveLane(Values, B));
  return B.CreateZExt(B.CreateICmpEQ(laneIds(Values.Width, B), First),
                      widenType(ResultType, Values.Width), "elect");
}

/// Each lane's value from the lane \p Sources names: a permutation where
/// it is a constant, else an element per lane.
Value *permuteLanes(Value *Lanes, Value *Sources, unsigned Width,
                    IRBuilder<> &B) {
  Sources = withinLanes(Sources, Width, B);
  if (auto *Known = dyn_cast<Constant>(Sources)) {
    SmallVector<int, 64> Mask;
    for (unsigned L = 0; L < Width; ++L)
      Mask.push_back(int(
          cast<ConstantInt>(Known->getAggregateElement(L))->getZExtValue()));
    return B.CreateShuffleVector(Lanes, Mask, "shuffle");
  }
  Value *Result = PoisonValue::get(Lanes->getType());
  for (unsigned L = 0; L < Width; ++L)
    Result = B.CreateInsertElement(
        Result,
        B.CreateExtractElement(Lanes, B.CreateExtractElement(Sources, L)), L);
  return Result;
}

/// The lane each lane reads from in shuffle \p Collective.
Value *shuffleSources(SubGroupCollective Collective, const LaneValues &Values,
                      IRBuilder<> &B) {
  Value *Operand = B.CreateZExtOrTrunc(
      Values.SecondLanes, FixedVectorType::get(B.getInt32Ty(), Values.Width));
  switch (Collective) {
  case SubGroupCollective::ShuffleXor:
    return B.CreateXor(laneIds(Values.Width, B), Operand);
  case SubGroupCollective::ShuffleUp:
    return B.CreateSub(laneIds(Values.Width, B), Operand);
  case SubGroupCollective::ShuffleDown:
    return B.CreateAdd(laneIds(Values.Width, B), Operand);
  default:
    return Operand;
  }
}

/// The uniform second operand of \p Values: itself, or where it varies
/// across the vector, the first active lane's (in divergent code, a
/// non-uniform broadcast's local id is the same only for the lanes that
/// take the same path).
Value *uniformSecond(const LaneValues &Values, IRBuilder<> &B) {
  if (Values.Second)
    return Values.Second;
  Value *First = withinLanes(firstActiveLane(Values, B), Values.Width, B);
  return B.CreateExtractElement(Values.SecondLanes, First);
}

} // namespace

Value *emitSubGroupQuery(MuxBuiltin Query, unsigned Width,
                         const compiler::BuiltinInfo &BI, IRBuilder<> &B) {
  WorkItemState State(Width, BI, B);
  Value *Answer = nullptr;
  switch (Query) {
  // (One builder call per statement: the order of the calls is the
  // order of the instructions.)
  case MuxBuiltin::GetSubGroupSize: {
    Value *First = State.get(MuxBuiltin::GetLocalId, 0);
    Value *Left = B.CreateSub(State.get(MuxBuiltin::GetLocalSize, 0), First);
    Answer = State.min(State.Width, Left);
    break;
  }
  case MuxBuiltin::GetSubGroupId: {
    Value *Row = State.get(MuxBuiltin::GetLocalId, 2);
    Row = B.CreateMul(Row, State.get(MuxBuiltin::GetLocalSize, 1));
    Row = B.CreateAdd(Row, State.get(MuxBuiltin::GetLocalId, 1));
    Value *InRow =
        B.CreateUDiv(State.get(MuxBuiltin::GetLocalId, 0), State.Width);
    Value *PerRow = State.perRow(State.get(MuxBuiltin::GetLocalSize, 0));
    Answer = B.CreateAdd(B.CreateMul(Row, PerRow), InRow);
    break;
  }
  case MuxBuiltin::GetNumSubGroups:
    Answer = State.count(MuxBuiltin::GetLocalSize);
    break;
  case MuxBuiltin::GetEnqueuedNumSubGroups:
    Answer = State.count(MuxBuiltin::GetEnqueuedLocalSize);
    break;
  case MuxBuiltin::GetMaxSubGroupSize:
    Answer =
        State.min(State.Width, State.get(MuxBuiltin::GetEnqueuedLocalSize, 0));
    break;
  default:
    llvm_unreachable("not a sub-group query");
  }
  return B.CreateTrunc(Answer, B.getInt32Ty(), "sub.group.query");
}

Value *emitSubGroupCollective(const SubGroupFunction &F,
                              const LaneValues &Values, Type *ResultType,
                              IRBuilder<> &B) {
  unsigned Width = Values.Width;
  switch (F.Collective) {
  case SubGroupCollective::All:
  case SubGroupCollective::Any:
    return vote(F.Collective == SubGroupCollective::All, Values, ResultType, B);
  case SubGroupCollective::AllEqual:
    return allEqual(Values, ResultType, B);
  case SubGroupCollective::Elect:
    return elect(Values, ResultType, B);
  case SubGroupCollective::Broadcast:
    return extractLaneAt(Values.Lanes, uniformSecond(Values, B), ResultType,
                         Width, B);
  case SubGroupCollective::BroadcastFirst:
    return extractLaneAt(Values.Lanes, firstActiveLane(Values, B), ResultType,
                         Width, B);
  case SubGroupCollective::Ballot:
    return ballot(Values, ResultType, B);
  case SubGroupCollective::Reduce:
    return reduce(F, activeOrIdentity(F, Values, B), B);
  case SubGroupCollective::ScanInclusive:
    return scanInclusive(F, activeOrIdentity(F, Values, B), Width, B);
  case SubGroupCollective::ScanExclusive:
    return scanExclusive(F, activeOrIdentity(F, Values, B), Width, B);
  case SubGroupCollective::ClusteredReduce:
    return reduceClusters(F, activeOrIdentity(F, Values, B),
                          uniformSecond(Values, B), Width, B);
  case SubGroupCollective::Shuffle:
  case SubGroupCollective::ShuffleXor:
  case SubGroupCollective::ShuffleUp:
  case SubGroupCollective::ShuffleDown:
    return permuteLanes(Values.Lanes, shuffleSources(F.Collective, Values, B),
                        Width, B);
  case SubGroupCollective::Barrier:
  case SubGroupCollective::Other:
    break;
  }
  llvm_unreachable("no vector form of this sub-group function");
}

} // namespace vecz
