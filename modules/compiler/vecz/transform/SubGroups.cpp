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

/// The identity of \p Operation on \p Element: what an inactive lane
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
  case SubGroupOperation::Add:
  case SubGroupOperation::None:
    break;
  }
  // x + -0.0 is x, even for x = +0.0, which x + 0.0 is not for x = -0.0.
  return Float ? ConstantFP::getNegativeZero(Element)
               : Constant::getNullValue(Element);
}

/// \p A (operation) \p C, lane by lane.
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
  case SubGroupOperation::Add:
  case SubGroupOperation::None:
    break;
  }
  return Float ? B.CreateFAdd(A, C) : B.CreateAdd(A, C);
}

/// The lanes of \p Values, the identity in those not active.
Value *activeOrIdentity(const SubGroupFunction &F, const LaneValues &Values,
                        IRBuilder<> &B) {
  if (!Values.Mask)
    return Values.Lanes;
  Type *Element = Values.Lanes->getType()->getScalarType();
  return B.CreateSelect(
      Values.Mask, Values.Lanes,
      ConstantVector::getSplat(ElementCount::getFixed(Values.Width),
                               getIdentity(F, Element)));
}

Value *reduce(const SubGroupFunction &F, Value *Lanes, IRBuilder<> &B) {
  bool Float = Lanes->getType()->isFPOrFPVectorTy();
  bool Signed = F.isSignedInteger();
  switch (F.Operation) {
  case SubGroupOperation::Min:
    return Float ? B.CreateFPMinReduce(Lanes)
                 : B.CreateIntMinReduce(Lanes, Signed);
  case SubGroupOperation::Max:
    return Float ? B.CreateFPMaxReduce(Lanes)
                 : B.CreateIntMaxReduce(Lanes, Signed);
  case SubGroupOperation::Add:
  case SubGroupOperation::None:
    break;
  }
  if (!Float)
    return B.CreateAddReduce(Lanes);
  // In a tree's order (reassoc), as OpenCL allows.
  auto *Sum = cast<Instruction>(B.CreateFAddReduce(
      getIdentity(F, Lanes->getType()->getScalarType()), Lanes));
  Sum->setHasAllowReassoc(true);
  return Sum;
}

/// \p Lanes moved up by \p Distance lanes, \p Incoming coming in at lane 0.
Value *shiftUp(Value *Lanes, Constant *Incoming, unsigned Distance,
               unsigned Width, IRBuilder<> &B) {
  Value *Fill =
      ConstantVector::getSplat(ElementCount::getFixed(Width), Incoming);
  SmallVector<int, 64> Mask;
  for (unsigned L = 0; L < Width; ++L)
    Mask.push_back(L < Distance ? int(Width + L) : int(L - Distance));
  return B.CreateShuffleVector(Lanes, Fill, Mask);
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

/// Lane \p Index's value (of \p ResultType) in the widened \p Lanes.
Value *broadcast(Value *Lanes, Value *Index, Type *ResultType, unsigned Width,
                 IRBuilder<> &B) {
  // An index past the sub-group is undefined; kept within the vector, it
  // cannot make poison.
  Index = B.CreateAnd(B.CreateZExtOrTrunc(Index, B.getInt32Ty()),
                      B.getInt32(Width - 1));
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

/// sub_group_all (\p All) or sub_group_any of the active lanes.
Value *vote(bool All, const LaneValues &Values, Type *ResultType,
            IRBuilder<> &B) {
  Value *Holds = B.CreateICmpNE(
      Values.Lanes, Constant::getNullValue(Values.Lanes->getType()));
  // A select, not a logical operation: an inactive lane's poison must not
  // decide.
  if (Values.Mask)
    Holds = B.CreateSelect(Values.Mask, Holds,
                           All ? Constant::getAllOnesValue(Holds->getType())
                               : Constant::getNullValue(Holds->getType()));
  Value *Answer = All ? B.CreateAndReduce(Holds) : B.CreateOrReduce(Holds);
  return B.CreateZExt(Answer, ResultType, All ? "all" : "any");
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
                              const LaneValues &Values, Value *Index,
                              Type *ResultType, IRBuilder<> &B) {
  switch (F.Collective) {
  case SubGroupCollective::All:
  case SubGroupCollective::Any:
    return vote(F.Collective == SubGroupCollective::All, Values, ResultType, B);
  case SubGroupCollective::Broadcast:
    return broadcast(Values.Lanes, Index, ResultType, Values.Width, B);
  case SubGroupCollective::Reduce:
    return reduce(F, activeOrIdentity(F, Values, B), B);
  case SubGroupCollective::ScanInclusive:
    return scanInclusive(F, activeOrIdentity(F, Values, B), Values.Width, B);
  case SubGroupCollective::ScanExclusive:
    return scanExclusive(F, activeOrIdentity(F, Values, B), Values.Width, B);
  case SubGroupCollective::Barrier:
  case SubGroupCollective::Other:
    break;
  }
  llvm_unreachable("no vector form of this sub-group function");
}

} // namespace vecz
