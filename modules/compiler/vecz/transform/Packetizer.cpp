//===- Packetizer.cpp - A kernel widened to W work-items ------------------===//
///
/// \file
/// See vecz/Packetizer.h. Legality is checked on the scalar kernel, whose
/// analyses the caller has; the clone is widened in reverse post-order, so
/// every operand's twin exists before its users' but for phis, whose
/// incoming values are filled in last. Loads, stores and private memory
/// are widened in PacketizerMemory.cpp.
///
//===----------------------------------------------------------------------===//

#include "vecz/Packetizer.h"

#include "analysis/WorkItemIds.h"
#include "transform/ClampedAccesses.h"
#include "transform/DeadValues.h"
#include "transform/Linearization.h"
#include "transform/PacketizerImpl.h"
#include "transform/StageMarkers.h"
#include "transform/SubGroups.h"

#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/passes/input/TrapFreeDivisionPass.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "vecz"

using namespace llvm;
using compiler::BuiltinInfo;
using compiler::MuxBuiltin;
using compiler::utils::isIntegerDivision;

namespace vecz {

namespace {

/// Packetization's optimizing stages on the markers it left in \p Vector
/// (StageMarkers.h): the markers of a stage left out are erased, and those
/// of the others are left to the stages' passes when they are deferred.
Error runOptimizingStages(Function &Vector, PacketizerOptions Stages) {
  if (!Stages.ClampedVersions)
    eraseMarkers(Vector, ClampedGatherMarker);
  if (!Stages.Boscc) {
    eraseMarkers(Vector, RunEndMarker);
    eraseMarkers(Vector, RunBeginMarker);
  }
  if (!Stages.Deferred) {
    if (Error E = versionClampedGathers(Vector))
      return E;
    if (Error E = branchAroundEmptyRuns(Vector))
      return E;
  }
  eraseUnusedMarkerDeclarations(*Vector.getParent());
  return Error::success();
}

} // namespace

Value *Packetizer::getVector(Value *V) {
  if (Value *Known = Vectors.lookup(V))
    return Known;
  if (isVarying(V)) {
    // A varying value is widened before its users (reverse post-order,
    // phis finished last); splatting one would give every lane lane 0's
    // value, a miscompile. The clone is dropped, the kernel stays scalar.
    if (FailedCheck.empty())
      FailedCheck = "the varying value '" + V->getName().str() +
                    "' is used before it is widened";
    return PoisonValue::get(widen(V->getType()));
  }
  if (auto *C = dyn_cast<Constant>(V); C && !C->getType()->isVectorTy())
    return Vectors[V] =
               ConstantVector::getSplat(ElementCount::getFixed(Width), C);
  // A uniform value: splat it once, where it is defined.
  IRBuilder<> B(Vector.getContext());
  if (auto *I = dyn_cast<Instruction>(V))
    B.SetInsertPoint(I->getParent(), isa<PHINode>(I)
                                         ? I->getParent()->getFirstInsertionPt()
                                         : std::next(I->getIterator()));
  else
    B.SetInsertPoint(&*Vector.getEntryBlock().getFirstInsertionPt());
  if (auto *Vec = dyn_cast<FixedVectorType>(V->getType())) {
    // Every lane gets the whole vector.
    SmallVector<int, 64> Repeat;
    for (unsigned L = 0; L < Width; ++L)
      for (unsigned E = 0; E < Vec->getNumElements(); ++E)
        Repeat.push_back(int(E));
    return Vectors[V] =
               B.CreateShuffleVector(V, Repeat, V->getName() + ".splat");
  }
  return Vectors[V] = B.CreateVectorSplat(Width, V, V->getName() + ".splat");
}

/// The shuffle mask that takes element \p E of each lane's vector of \p N
/// elements (-1 past its end).
static SmallVector<int, 64> elementOfEachLane(unsigned E, unsigned N,
                                              unsigned Width) {
  SmallVector<int, 64> Picked;
  for (unsigned L = 0; L < Width; ++L)
    Picked.push_back(E < N ? int(L * N + E) : -1);
  return Picked;
}

/// Each lane's element at its own index: every element of every lane is
/// taken out, and a chain of selects keeps the one the lane's index names.
/// A scalar kernel's index past the end gives poison, so any element will
/// do there.
Value *Packetizer::pickVariableElement(ExtractElementInst &Extract,
                                       IRBuilder<> &B, const Twine &Name) {
  unsigned N = elementsPerLane(Extract.getVectorOperandType());
  Value *Vector = getVector(Extract.getVectorOperand());
  Value *Index = Extract.getIndexOperand();
  if (isVarying(Index))
    Index = getVector(Index);
  Value *Picked = B.CreateShuffleVector(
      Vector, elementOfEachLane(N - 1, N, Width), Name + ".last");
  for (unsigned E = N - 1; E-- > 0;) {
    Value *Element =
        B.CreateShuffleVector(Vector, elementOfEachLane(E, N, Width));
    Value *Here = B.CreateICmpEQ(Index, ConstantInt::get(Index->getType(), E));
    Picked = B.CreateSelect(Here, Element, Picked, E ? Name + ".upto" : Name);
  }
  return Picked;
}

/// Each lane's vector with its element at its own index replaced: a select
/// on whether each element's position is its lane's index.
Value *Packetizer::setVariableElement(InsertElementInst &Insert, IRBuilder<> &B,
                                      const Twine &Name) {
  unsigned N = elementsPerLane(Insert.getType());
  Value *Index = Insert.getOperand(2);
  Value *Indices = isVarying(Index) ? spreadLanes(getVector(Index), N, B)
                                    : B.CreateVectorSplat(Width * N, Index);
  SmallVector<Constant *, 64> Positions;
  for (unsigned L = 0; L < Width; ++L)
    for (unsigned E = 0; E < N; ++E)
      Positions.push_back(ConstantInt::get(Index->getType(), E));
  Value *Here = B.CreateICmpEQ(Indices, ConstantVector::get(Positions));
  return B.CreateSelect(Here,
                        spreadLanes(getVector(Insert.getOperand(1)), N, B),
                        getVector(Insert.getOperand(0)), Name);
}

/// Element-wise operations need nothing more; these move elements within a
/// lane's vector, so each lane's pattern is repeated at its offset.
Value *Packetizer::widenVectorOperation(Instruction &I, IRBuilder<> &B,
                                        const Twine &Name) {
  if (auto *Extract = dyn_cast<ExtractElementInst>(&I)) {
    auto *Index = dyn_cast<ConstantInt>(Extract->getIndexOperand());
    if (!Index)
      return pickVariableElement(*Extract, B, Name);
    unsigned N = elementsPerLane(Extract->getVectorOperandType());
    return B.CreateShuffleVector(
        getVector(Extract->getVectorOperand()),
        elementOfEachLane(unsigned(Index->getLimitedValue(N)), N, Width), Name);
  }
  if (auto *Insert = dyn_cast<InsertElementInst>(&I)) {
    auto *ConstantIndex = dyn_cast<ConstantInt>(Insert->getOperand(2));
    if (!ConstantIndex)
      return setVariableElement(*Insert, B, Name);
    unsigned N = elementsPerLane(Insert->getType());
    uint64_t Index = ConstantIndex->getLimitedValue(N);
    Value *Into = getVector(Insert->getOperand(0));
    Value *Element = spreadLanes(getVector(Insert->getOperand(1)), N, B);
    SmallVector<int, 64> Blend;
    for (unsigned E = 0; E < Width * N; ++E)
      Blend.push_back(E % N == Index ? int(Width * N + E) : int(E));
    return B.CreateShuffleVector(Into, Element, Blend, Name);
  }
  auto *Shuffle = cast<ShuffleVectorInst>(&I);
  unsigned N = elementsPerLane(Shuffle->getOperand(0)->getType());
  ArrayRef<int> Mask = Shuffle->getShuffleMask();
  SmallVector<int, 64> Wide;
  for (unsigned L = 0; L < Width; ++L)
    for (int M : Mask)
      Wide.push_back(M < 0             ? -1
                     : unsigned(M) < N ? int(L * N + M)
                                       : int(Width * N + L * N + (M - N)));
  return B.CreateShuffleVector(getVector(Shuffle->getOperand(0)),
                               getVector(Shuffle->getOperand(1)), Wide, Name);
}

Packetizer::Packetizer(Function &Vector, unsigned Width,
                       const UniformityInfo &Uniformity,
                       const StrideInfo &Strides, const BuiltinInfo &BI,
                       const TargetTransformInfo &TTI, bool StridedGathers,
                       const ValueToValueMapTy &VMap,
                       SmallVector<DivergentRegion, 4> DivergentRegions,
                       SmallVector<SkippableRun, 4> SkippableRuns)
    : Vector(Vector), Width(Width), Uniformity(Uniformity), Strides(Strides),
      BI(BI), TTI(TTI), StridedGathers(StridedGathers), VMap(VMap),
      Regions(std::move(DivergentRegions)), Index(Regions),
      Runs(std::move(SkippableRuns)) {
  for (const auto &[Scalar, Clone] : VMap)
    Original[Clone] = Scalar;
}

Error Packetizer::run() {
  ReversePostOrderTraversal<Function *> RPOT(&Vector);
  for (BasicBlock *BB : RPOT)
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (auto *Store = dyn_cast<StoreInst>(&I)) {
        bool Varying = isVarying(Store->getValueOperand()) ||
                       isVarying(Store->getPointerOperand());
        IRBuilder<> B(Store);
        // A masked or vector store has no atomic or volatile form, and no
        // form for an aggregate (a uniform struct stored to each lane's
        // address).
        if (Varying && (!Store->isSimple() ||
                        !isWidenable(Store->getValueOperand()->getType())))
          doLaneByLane(*Store, B);
        else if (Varying)
          widenStore(*Store);
        else if (Index.needsAnyLaneTest(BB))
          maskUniformAccess(*Store, getBlockMask(BB));
        continue;
      }
      if (auto *Branch = dyn_cast<BranchInst>(&I)) {
        if (Branch->isConditional() && isVarying(Branch->getCondition()))
          markDivergentBranch(*Branch, getVector(Branch->getCondition()));
        continue;
      }
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && Call->getType()->isVoidTy() && isDoneLaneByLane(*Call)) {
        IRBuilder<> B(Call);
        doLaneByLane(*Call, B);
        continue;
      }
      if (!isVarying(&I)) {
        if (isWidenableAnyCall(I))
          answerForAllLanes(cast<CallBase>(I));
        else if (auto *Call = dyn_cast<CallBase>(&I);
                 Call && (isSubGroupQuery(*Call) || getSubGroupFunction(*Call)))
          answerForSubGroup(*Call);
        else if (isa<LoadInst>(I) && Index.needsAnyLaneTest(BB))
          maskUniformAccess(I, getBlockMask(BB));
        else if (isIntegerDivision(I) && Index.needsAnyLaneTest(BB) &&
                 compiler::utils::mayTrap(cast<BinaryOperator>(I),
                                          getDataLayout()))
          guardUniformDivision(cast<BinaryOperator>(I), getBlockMask(BB));
        continue;
      }
      // Right after the scalar twin (a phi beside its phi).
      IRBuilder<> B(I.getParent(), std::next(I.getIterator()));
      // (A compare-and-swap has no one vector: its parts do.)
      if (Value *Widened = widenInstruction(I, B))
        Vectors[&I] = Widened;
    }
  for (auto [Scalar, Widened] : Phis)
    finishPhi(*Scalar, *Widened);
  leavePhisToLinearization();
  for (Instruction *I : Replaced)
    I->eraseFromParent();
  // What the later stages work on, which only packetization can find.
  for (const ClampedLoad &C : ClampedLoads)
    markClampedGather(*C.Gather, *C.Load, C.WithinClamps, C.Mask);
  markSkippableRuns(Runs, [&](BasicBlock *BB) { return getBlockMask(BB); });
  // The scalar twins of varying values whose vector twins took their place.
  eraseDeadValues(Vector);
  if (!FailedCheck.empty())
    return createStringError(inconvertibleErrorCode(), FailedCheck);
  return Error::success();
}

/// The lanes active in \p BB: a marker that linearization replaces with
/// the mask it builds (StageMarkers.h); null outside regions, where every
/// lane is.
Value *Packetizer::getBlockMask(BasicBlock *BB) {
  auto [Owner, Kind] = Index.getMaskOwner(BB);
  if (Kind == RegionIndex::MaskKind::None)
    return nullptr;
  Value *&Mask = BlockMasks[Owner];
  if (!Mask)
    Mask = createActiveLanesMarker(*Owner, Width);
  return Mask;
}

/// Gives \p Widened the twins of \p Scalar's incoming values.
void Packetizer::finishPhi(PHINode &Scalar, PHINode &Widened) {
  for (unsigned I = 0; I < Scalar.getNumIncomingValues(); ++I)
    Widened.addIncoming(getVector(Scalar.getIncomingValue(I)),
                        Scalar.getIncomingBlock(I));
}

/// Tags the widened phis that linearization blends, or keeps per lane as a
/// divergent loop is left, and makes their scalar twins lane 0 of them:
/// the scalar phis would not survive their blocks' edges becoming straight
/// code.
void Packetizer::leavePhisToLinearization() {
  for (auto [Scalar, Widened] : Phis) {
    BasicBlock *BB = Scalar->getParent();
    if (Index.getIncoming(BB) == RegionIndex::Incoming::Kept)
      continue;
    markPerLanePhi(*Widened);
    IRBuilder<> B(BB, BB->getFirstInsertionPt());
    Scalar->replaceAllUsesWith(createLaneZero(Widened, Scalar->getType(), B));
    Scalar->eraseFromParent();
  }
}

Value *Packetizer::widenInstruction(Instruction &I, IRBuilder<> &B) {
  std::string Name = I.hasName() ? (I.getName() + ".v").str() : "";
  if (auto *Alloca = dyn_cast<AllocaInst>(&I))
    return widenAlloca(*Alloca, B);
  if (auto *Phi = dyn_cast<PHINode>(&I)) {
    PHINode *Widened =
        B.CreatePHI(widen(Phi->getType()), Phi->getNumIncomingValues(), Name);
    Phis.emplace_back(Phi, Widened);
    return Widened;
  }
  if (Value *Selected = widenLogicWithUniform(I, B, Name))
    return Selected;
  if (auto *Op = dyn_cast<BinaryOperator>(&I)) {
    Value *Right = getVector(Op->getOperand(1));
    // (A divisor known bits prove safe stays as it is: a constant one keeps
    // LLVM's multiply in place of a division.)
    if (isIntegerDivision(*Op) &&
        compiler::utils::mayTrap(*Op, getDataLayout()))
      Right = getSafeDivisor(
          Right, maskFor(getBlockMask(I.getParent()), Op->getType(), B), B);
    Value *V = B.CreateBinOp(Op->getOpcode(), getVector(Op->getOperand(0)),
                             Right, Name);
    if (auto *Widened = dyn_cast<Instruction>(V))
      Widened->copyIRFlags(Op);
    return V;
  }
  if (auto *Op = dyn_cast<UnaryOperator>(&I))
    return B.CreateUnOp(Op->getOpcode(), getVector(Op->getOperand(0)), Name);
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    return B.CreateCmp(Cmp->getPredicate(), getVector(Cmp->getOperand(0)),
                       getVector(Cmp->getOperand(1)), Name);
  if (auto *Cast = dyn_cast<CastInst>(&I))
    return B.CreateCast(Cast->getOpcode(), getVector(Cast->getOperand(0)),
                        widen(Cast->getType()), Name);
  if (isa<ExtractElementInst>(I) || isa<InsertElementInst>(I) ||
      isa<ShuffleVectorInst>(I))
    return widenVectorOperation(I, B, Name);
  if (auto *Select = dyn_cast<SelectInst>(&I)) {
    Value *Condition = Select->getCondition();
    if (isVarying(Condition) && !Condition->getType()->isVectorTy())
      Condition = maskFor(getVector(Condition), Select->getType(), B);
    else if (Condition->getType()->isVectorTy())
      Condition = getVector(Condition);
    return B.CreateSelect(Condition, getVector(Select->getTrueValue()),
                          getVector(Select->getFalseValue()), Name);
  }
  if (auto *Freeze = dyn_cast<FreezeInst>(&I))
    return B.CreateFreeze(getVector(Freeze->getOperand(0)), Name);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    auto Widen = [&](Value *V) { return isVarying(V) ? getVector(V) : V; };
    SmallVector<Value *, 4> Indices;
    for (Use &Index : GEP->indices())
      Indices.push_back(Widen(Index));
    return B.CreateGEP(GEP->getSourceElementType(),
                       Widen(GEP->getPointerOperand()), Indices, Name,
                       GEP->isInBounds());
  }
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isSimple() ? widenLoad(*Load, B) : doLaneByLane(*Load, B);
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return doLaneByLane(I, B);
  if (auto *Part = dyn_cast<ExtractValueInst>(&I)) {
    const LaneResults &Lanes =
        CompareAndSwaps.find(Part->getAggregateOperand())->second;
    return Part->getIndices()[0] == 0 ? Lanes.Result : Lanes.Swapped;
  }
  return widenCall(cast<CallBase>(I), B);
}

/// \p Divisor, widened, with 1 in the lanes \p Mask (spread over the
/// elements; null for every lane) leaves off. The scalar kernel's guard
/// against a zero divisor (or INT_MIN / -1) may be the very branch that
/// linearization turned into the mask, and LLVM drops a safe-divisor select
/// that such a guard dominates (TrapFreeDivisionPass.h): an inactive lane
/// would divide by zero, which x86 traps on.
Value *Packetizer::getSafeDivisor(Value *Divisor, Value *Mask, IRBuilder<> &B) {
  if (!Mask)
    return Divisor;
  return B.CreateSelect(Mask, Divisor, ConstantInt::get(Divisor->getType(), 1),
                        "safe.divisor");
}

/// Uniform \p Division, done once for the vector in a block of straight
/// code that may run with no lane active (under \p Mask): divides by 1
/// then, as the scalar kernel would not divide at all.
void Packetizer::guardUniformDivision(BinaryOperator &Division, Value *Mask) {
  IRBuilder<> B(&Division);
  Value *Divisor = Division.getOperand(1);
  Division.setOperand(1, B.CreateSelect(B.CreateOrReduce(Mask), Divisor,
                                        ConstantInt::get(Divisor->getType(), 1),
                                        "safe.divisor"));
}

/// \p WidenableAny of a varying condition, answered for every element of
/// every lane at once (CallWidening.h). Lanes that are not active count
/// too, which the builtin's contract allows (a slow path run for nothing);
/// the condition is frozen so that such a lane's poison cannot decide.
void Packetizer::answerForAllLanes(CallBase &WidenableAny) {
  Value *Condition = WidenableAny.getArgOperand(0);
  if (!isVarying(Condition))
    return;
  IRBuilder<> B(&WidenableAny);
  Value *Lanes = B.CreateFreeze(getVector(Condition));
  // As any(): a vector's element holds where its top bit is set, a
  // scalar where it is not zero.
  Value *Zero = Constant::getNullValue(Lanes->getType());
  Value *Holds = Condition->getType()->isVectorTy()
                     ? B.CreateICmpSLT(Lanes, Zero)
                     : B.CreateICmpNE(Lanes, Zero);
  Value *Some = B.CreateOrReduce(Holds);
  WidenableAny.replaceAllUsesWith(
      B.CreateZExt(Some, WidenableAny.getType(), WidenableAny.getName()));
  Replaced.push_back(&WidenableAny);
}

/// \p Call, a sub-group query or a collective whose result is uniform (or
/// a barrier), answered for the sub-group the vector's lanes are
/// (SubGroups.h).
void Packetizer::answerForSubGroup(CallBase &Call) {
  IRBuilder<> B(&Call);
  Value *Answer = nullptr;
  if (isSubGroupQuery(Call)) {
    Answer = emitSubGroupQuery(*getMuxBuiltin(Call), Width, BI, B);
  } else if (std::optional<compiler::SubGroupFunction> F =
                 getSubGroupFunction(Call);
             F->Collective != compiler::SubGroupCollective::Barrier) {
    Answer = emitSubGroupCollective(*F, getLaneValues(Call), Call.getType(), B);
  }
  if (Answer) {
    Answer->takeName(&Call);
    Call.replaceAllUsesWith(Answer);
  }
  Replaced.push_back(&Call);
}

/// The operands of sub-group function \p Call, widened, with the lanes
/// active where it is.
LaneValues Packetizer::getLaneValues(CallBase &Call) {
  LaneValues Values{Width, getBlockMask(Call.getParent()), nullptr};
  if (Call.arg_size() > 0)
    Values.Lanes = getVector(Call.getArgOperand(0));
  if (Call.arg_size() > 1) {
    Value *Second = Call.getArgOperand(1);
    Values.SecondLanes = getVector(Second);
    if (!isVarying(Second))
      Values.Second = Second;
  }
  return Values;
}

/// A logical and/or (`and`, `or`, or their `select` forms) of a varying
/// i1 and a uniform one, as a select on the uniform scalar (a splat of an
/// i1 is a shuffle of mask registers), or null for anything else.
Value *Packetizer::widenLogicWithUniform(Instruction &I, IRBuilder<> &B,
                                         const Twine &Name) {
  using namespace PatternMatch;
  Value *Varying, *Uniform;
  bool IsAnd = match(&I, m_LogicalAnd(m_Value(Varying), m_Value(Uniform)));
  if (!IsAnd && !match(&I, m_LogicalOr(m_Value(Varying), m_Value(Uniform))))
    return nullptr;
  if (I.getType()->isVectorTy())
    return nullptr;
  if (isVarying(Uniform))
    std::swap(Varying, Uniform);
  if (isVarying(Uniform) || !isVarying(Varying) || isa<Constant>(Uniform))
    return nullptr;
  // The select forms do not let a poison second operand through where the
  // first decides; as the condition it would.
  if (isa<SelectInst>(I))
    Uniform = B.CreateFreeze(Uniform);
  Value *Lanes = getVector(Varying);
  Constant *None = Constant::getNullValue(Lanes->getType());
  Constant *All = Constant::getAllOnesValue(Lanes->getType());
  return IsAnd ? B.CreateSelect(Uniform, Lanes, None, Name)
               : B.CreateSelect(Uniform, All, Lanes, Name);
}

Value *Packetizer::widenCall(CallBase &Call, IRBuilder<> &B) {
  // A scan, clustered reduction, election or shuffle across the
  // sub-group, whose result varies.
  if (std::optional<compiler::SubGroupFunction> F = getSubGroupFunction(Call))
    return emitSubGroupCollective(*F, getLaneValues(Call), Call.getType(), B);
  if (isLaneIdCall(Call)) {
    Value *Lanes = B.CreateStepVector(widen(Call.getType()), "lanes");
    return B.CreateAdd(
        B.CreateVectorSplat(Width, &Call, Call.getName() + ".splat"), Lanes,
        Call.getName() + ".v");
  }
  switch (classifyCall(
      Call, [&](const Value *V) { return isVarying(V); }, BI, Width)) {
  case CallWidening::Intrinsic:
    return widenIntrinsic(Call, B);
  case CallWidening::Builtin:
    if (std::optional<VectorBuiltin> Form = findVectorBuiltin(Call, BI, Width))
      return callVectorBuiltin(Call, *Form, B);
    [[fallthrough]];
  default:
    return doLaneByLane(Call, B);
  }
}

Value *Packetizer::widenIntrinsic(CallBase &Call, IRBuilder<> &B) {
  Intrinsic::ID ID = cast<IntrinsicInst>(Call).getIntrinsicID();
  // LLVM 15: the result type is always the first overloaded type; some
  // intrinsics overload an argument's type too.
  SmallVector<Type *, 2> Overloads = {widen(Call.getType())};
  SmallVector<Value *, 4> Args;
  for (unsigned N = 0; N < Call.arg_size(); ++N) {
    Value *Arg = Call.getArgOperand(N);
    bool StaysScalar = isVectorIntrinsicWithScalarOpAtArg(ID, N);
    Args.push_back(StaysScalar ? Arg : getVector(Arg));
    if (isVectorIntrinsicWithOverloadTypeAtArg(ID, N))
      Overloads.push_back(Args.back()->getType());
  }
  Function *Widened =
      Intrinsic::getDeclaration(Vector.getParent(), ID, Overloads);
  return B.CreateCall(Widened, Args, Call.getName() + ".v");
}

/// \p Call as calls of its vector form \p Form, each on Form.Lanes lanes
/// (one call, unless the widest form is narrower than the vector), with
/// the scalar call's and builtin's function attributes.
Value *Packetizer::callVectorBuiltin(CallBase &Call, const VectorBuiltin &Form,
                                     IRBuilder<> &B) {
  Function *Scalar = Call.getCalledFunction();
  auto PieceOf = [&](Type *Ty) { return widenType(Ty, Form.Lanes); };
  SmallVector<Type *, 3> Params;
  for (Type *Param : Scalar->getFunctionType()->params())
    Params.push_back(PieceOf(Param));
  auto *Type = FunctionType::get(PieceOf(Call.getType()), Params, false);
  Module &M = *Vector.getParent();
  Function *Widened = M.getFunction(Form.Name);
  if (!Widened) {
    Widened =
        Function::Create(Type, GlobalValue::ExternalLinkage, Form.Name, M);
    Widened->setAttributes(AttributeList::get(
        M.getContext(), Scalar->getAttributes().getFnAttrs(), {}, {}));
    Widened->setCallingConv(Scalar->getCallingConv());
  } else if (Widened->getFunctionType() != Type) {
    return doLaneByLane(Call, B); // Someone else's function of that name.
  }
  SmallVector<Value *, 2> Pieces;
  for (unsigned First = 0; First < Width; First += Form.Lanes) {
    SmallVector<Value *, 3> Args;
    for (Value *Arg : Call.args()) {
      Value *Wide = getVector(Arg);
      Args.push_back(
          Form.Lanes == Width
              ? Wide
              : B.CreateShuffleVector(
                    Wide, createSequentialMask(First, Form.Lanes, 0)));
    }
    CallInst *Piece = B.CreateCall(
        Widened, Args, Call.getName() + (Form.Lanes == Width ? ".v" : ".part"));
    Piece->setCallingConv(Widened->getCallingConv());
    Piece->setAttributes(AttributeList::get(
        M.getContext(), Call.getAttributes().getFnAttrs(), {}, {}));
    Pieces.push_back(Piece);
  }
  if (Pieces.size() == 1)
    return Pieces.front();
  Value *Whole = concatenateVectors(B, Pieces);
  Whole->setName(Call.getName() + ".v");
  return Whole;
}

/// \p I, an atomic or a call with no vector form, once per lane
/// (LaneOperations.h); returns the lanes' results, or null for a call with
/// none and for a compare-and-swap, whose extractvalues take its parts.
Value *Packetizer::doLaneByLane(Instruction &I, IRBuilder<> &B) {
  SmallVector<Value *, 4> Operands;
  for (Value *Op : I.operands())
    Operands.push_back(isVarying(Op) ? getVector(Op) : Op);
  if (Value *Address = getLoadStorePointerOperand(&I);
      Address && isVarying(Address))
    if (Value *Lanes = getLinearLaneAddresses(I, B))
      Operands[isa<LoadInst>(I) ? LoadInst::getPointerOperandIndex()
                                : StoreInst::getPointerOperandIndex()] = Lanes;
  LaneResults Lanes =
      markLaneByLane(I, Operands, getBlockMask(I.getParent()), Width, B);
  // The scalar twin must not happen too: lane 0's results stand for it, and
  // users widened later find the lanes' results through them.
  Replaced.push_back(&I);
  if (!Lanes.Result)
    return nullptr;
  bool IsCompareAndSwap = isa<AtomicCmpXchgInst>(I);
  Value *Lane0 = createLaneZero(
      Lanes.Result, IsCompareAndSwap ? I.getOperand(1)->getType() : I.getType(),
      B);
  if (IsCompareAndSwap)
    Lane0 = B.CreateInsertValue(
        B.CreateInsertValue(PoisonValue::get(I.getType()), Lane0, 0),
        B.CreateExtractElement(Lanes.Swapped, uint64_t(0)), 1);
  I.replaceAllUsesWith(Lane0);
  // Its users ask whether their operand varies: it does, as the scalar twin
  // did (another atomic's operand, a GEP's index).
  Original[Lane0] = Original.lookup(&I);
  if (IsCompareAndSwap) {
    CompareAndSwaps[Lane0] = Lanes;
    return nullptr;
  }
  Vectors[Lane0] = Lanes.Result;
  return Lanes.Result;
}

std::string getVariantName(StringRef Kernel, unsigned Width, unsigned Rows) {
  std::string Name = "__vecz_v" + std::to_string(Width);
  if (Rows > 1)
    Name += "x" + std::to_string(Rows);
  return Name + "_" + Kernel.str();
}

Expected<Function *> packetizeKernel(Function &Kernel, unsigned Width,
                                     const UniformityInfo &Uniformity,
                                     const StrideInfo &Strides,
                                     const BuiltinInfo &BI,
                                     const TargetTransformInfo &TTI,
                                     PacketizerOptions Options) {
  if (Error E = checkVectorizable(Kernel, Uniformity, BI, Width))
    return std::move(E);
  Function *Vector = Function::Create(
      Kernel.getFunctionType(), GlobalValue::ExternalLinkage,
      getVariantName(Kernel.getName(), Width), Kernel.getParent());
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(Kernel.args(), Vector->args())) {
    To.setName(From.getName());
    VMap[&From] = &To;
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Vector, &Kernel, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  // The clone runs inside the kernel's work-item loops; it is no kernel.
  compiler::utils::clearIsKernel(*Vector);
  Vector->setCallingConv(Kernel.getCallingConv());
  DenseMap<const Value *, const Value *> Original;
  for (const auto &[Scalar, Clone] : VMap)
    Original[Clone] = Scalar;
  PostDominatorTree PDT(*Vector);
  DominatorTree DT(*Vector);
  LoopInfo LI(DT);
  Expected<SmallVector<DivergentRegion, 4>> Regions = findDivergentRegions(
      *Vector, DT, PDT, LI,
      [&](const Instruction &T) {
        return Uniformity.isDivergentBranch(
            cast_or_null<Instruction>(Original.lookup(&T)));
      },
      [&](const Loop &L) {
        return Uniformity.isDivergentLoopHeader(
            cast_or_null<BasicBlock>(Original.lookup(L.getHeader())));
      });
  if (!Regions) { // checkVectorizable found the same regions fine.
    Vector->eraseFromParent();
    return Regions.takeError();
  }
  SmallVector<SkippableRun, 4> Runs;
  if (Options.Boscc)
    for (const DivergentRegion &R : *Regions)
      append_range(Runs, findSkippableRuns(R, DT));
  // A failed check of Vecz's own is a bug: the kernel stays scalar.
  auto Abandon = [&](const char *Stage, Error Failed) -> Error {
    Vector->eraseFromParent();
    return createStringError(inconvertibleErrorCode(),
                             "kernel '%s' not vectorized: a check of Vecz's "
                             "%s failed (%s); please report it",
                             Kernel.getName().str().c_str(), Stage,
                             toString(std::move(Failed)).c_str());
  };
  if (Error Failed = Packetizer(*Vector, Width, Uniformity, Strides, BI, TTI,
                                Options.StridedGathers, VMap,
                                std::move(*Regions), std::move(Runs))
                         .run())
    return Abandon("packetizer", std::move(Failed));
  if (!Options.Deferred) {
    if (Error Failed = expandLaneCalls(*Vector))
      return Abandon("lane calls", std::move(Failed));
    if (Error Failed = linearizeDivergentRegions(*Vector))
      return Abandon("linearization", std::move(Failed));
  }
  if (Error Failed = runOptimizingStages(*Vector, Options))
    return Abandon("optimizing stages", std::move(Failed));
  return Vector;
}

} // namespace vecz
