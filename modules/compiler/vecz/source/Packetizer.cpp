//===- Packetizer.cpp - A kernel widened to W work-items ------------------===//
///
/// \file
/// See vecz/Packetizer.h. Legality is checked on the scalar kernel, whose
/// analyses the caller has; the clone is widened in reverse post-order, so
/// every operand's twin exists before its users' but for phis, whose
/// incoming values are filled in last.
///
//===----------------------------------------------------------------------===//

#include "vecz/Packetizer.h"

#include "DivergentRegions.h"
#include "WorkItemIds.h"

#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/BuiltinInfo.h"
#include "compiler/utils/KernelMetadata.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "vecz"

using namespace llvm;
using compiler::BuiltinInfo;
using compiler::MuxBuiltin;

namespace vecz {

namespace {

Error notVectorizable(const Function &Kernel, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + Kernel.getName() + "' " + Why);
}

/// Calls Vecz can keep or widen: mux builtins but barriers, intrinsics that
/// have vector forms or change nothing, and calls that write no memory with
/// uniform arguments (done once for all lanes).
Error checkCall(const CallBase &Call, const UniformityInfo &Uniformity) {
  const Function &Kernel = *Call.getFunction();
  if (std::optional<MuxBuiltin> Mux = getMuxBuiltin(Call)) {
    if (*Mux == MuxBuiltin::WorkGroupBarrier)
      return notVectorizable(Kernel, "has a barrier (not handled yet)");
    if (isIdOfUnknownDimension(Call))
      return notVectorizable(Kernel, "asks for a work-item id of a "
                                     "dimension that is not a constant");
    return Error::success();
  }
  if (isa<DbgInfoIntrinsic>(Call) || Call.isLifetimeStartOrEnd() ||
      isa<AssumeInst>(Call))
    return Error::success();
  bool VaryingArgs = any_of(
      Call.args(), [&](const Use &Arg) { return Uniformity.isVarying(Arg); });
  if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&Call))
    if (isTriviallyVectorizable(Intrinsic->getIntrinsicID()) &&
        !Call.getType()->isVectorTy())
      return Error::success();
  if (!VaryingArgs && Call.onlyReadsMemory())
    return Error::success();
  const Function *Callee = Call.getCalledFunction();
  return notVectorizable(Kernel, "calls " +
                                     (Callee ? "'" + Callee->getName() + "'"
                                             : Twine("through a pointer")) +
                                     ", which has no vector form");
}

/// Whether a varying value of \p Ty can be widened to <W x Ty>.
bool isWidenable(const Type *Ty) {
  return Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy();
}

Error checkInstruction(const Instruction &I, const UniformityInfo &Uniformity) {
  const Function &Kernel = *I.getFunction();
  if (isa<AllocaInst>(I))
    return notVectorizable(Kernel, "uses private memory (not handled yet)");
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I))
    return notVectorizable(Kernel, "uses atomics (not handled yet)");
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return checkCall(*Call, Uniformity);
  if (const auto *Load = dyn_cast<LoadInst>(&I);
      Load && !Load->isSimple() && Uniformity.isVarying(Load))
    return notVectorizable(Kernel, "has a volatile or atomic load");
  if (const auto *Store = dyn_cast<StoreInst>(&I)) {
    bool VaryingValue = Uniformity.isVarying(Store->getValueOperand());
    bool VaryingAddress = Uniformity.isVarying(Store->getPointerOperand());
    if (!Store->isSimple() && (VaryingValue || VaryingAddress))
      return notVectorizable(Kernel, "has a volatile or atomic store");
    if (VaryingValue && !VaryingAddress)
      return notVectorizable(Kernel, "stores a varying value to a uniform "
                                     "address");
    return Error::success();
  }
  if (!Uniformity.isVarying(&I))
    return Error::success();
  if (!isWidenable(I.getType()))
    return notVectorizable(Kernel, "has a varying value of a type Vecz does "
                                   "not widen yet (vectors, aggregates)");
  if (!isa<BinaryOperator>(I) && !isa<UnaryOperator>(I) && !isa<CmpInst>(I) &&
      !isa<CastInst>(I) && !isa<SelectInst>(I) && !isa<PHINode>(I) &&
      !isa<GetElementPtrInst>(I) && !isa<LoadInst>(I) && !isa<FreezeInst>(I))
    return notVectorizable(Kernel, Twine("has a varying '") +
                                       I.getOpcodeName() +
                                       "' that Vecz does not widen");
  return Error::success();
}

/// Erases what no side effect or control flow needs any more: the scalar
/// twins of varying values whose vector twins took their place, including
/// the cycles of a loop's accumulators, which a use-count test would keep.
void eraseUnusedScalarTwins(Function &F) {
  SmallPtrSet<Instruction *, 32> Live;
  SmallVector<Instruction *, 64> Worklist;
  for (Instruction &I : instructions(F))
    if (I.isTerminator() || I.mayHaveSideEffects())
      if (Live.insert(&I).second)
        Worklist.push_back(&I);
  while (!Worklist.empty())
    for (Use &Operand : Worklist.pop_back_val()->operands())
      if (auto *I = dyn_cast<Instruction>(Operand); I && Live.insert(I).second)
        Worklist.push_back(I);
  SmallVector<Instruction *, 32> Dead;
  for (Instruction &I : instructions(F))
    if (!Live.contains(&I))
      Dead.push_back(&I);
  for (Instruction *I : Dead)
    I->dropAllReferences();
  for (Instruction *I : Dead)
    I->eraseFromParent();
}

/// Widens a clone of a kernel in place (see the header).
class Packetizer {
public:
  Packetizer(Function &Vector, unsigned Width, const UniformityInfo &Uniformity,
             const StrideInfo &Strides, const ValueToValueMapTy &VMap,
             SmallVector<DivergentRegion, 4> DivergentRegions)
      : Vector(Vector), Width(Width), Uniformity(Uniformity), Strides(Strides),
        Regions(std::move(DivergentRegions)) {
    for (const auto &[Scalar, Clone] : VMap)
      Original[Clone] = Scalar;
    for (const DivergentRegion &R : Regions) {
      for (BasicBlock *BB : R.Blocks)
        RegionOf[BB] = &R;
      JoinedAt.insert(R.Exit);
    }
  }

  void run();

private:
  bool isVarying(const Value *V) const {
    auto It = Original.find(V);
    return It != Original.end() && Uniformity.isVarying(It->second);
  }
  const Instruction &original(const Instruction &I) const {
    return *cast<Instruction>(Original.lookup(&I));
  }
  Type *widen(Type *Ty) const { return FixedVectorType::get(Ty, Width); }
  Value *getVector(Value *V);
  Value *widenInstruction(Instruction &I, IRBuilder<> &B);
  Value *widenCall(CallBase &Call, IRBuilder<> &B);
  Value *widenLoad(LoadInst &Load, IRBuilder<> &B);
  void widenStore(StoreInst &Store);
  Value *allLanes() const {
    return Constant::getAllOnesValue(
        FixedVectorType::get(Type::getInt1Ty(Vector.getContext()), Width));
  }
  Value *getBlockMask(BasicBlock *BB);
  Value *getEdgeMask(BasicBlock *From, BasicBlock *To);
  void maskUniformAccess(Instruction &Access, Value *Mask);
  void finishPhi(PHINode &Scalar, PHINode &Widened);
  void linearize(const DivergentRegion &R);

  Function &Vector;
  unsigned Width;
  const UniformityInfo &Uniformity;
  const StrideInfo &Strides;
  /// Clone to scalar kernel value.
  DenseMap<const Value *, const Value *> Original;
  /// A value of the clone to its <W x T> twin, or to its splat.
  DenseMap<Value *, Value *> Vectors;
  SmallVector<std::pair<PHINode *, PHINode *>, 8> Phis;
  SmallVector<Instruction *, 16> Replaced;
  /// The regions made straight code: their blocks run under masks.
  SmallVector<DivergentRegion, 4> Regions;
  DenseMap<const BasicBlock *, const DivergentRegion *> RegionOf;
  /// Where regions reconverge: their phis become blends.
  SmallPtrSet<const BasicBlock *, 4> JoinedAt;
  /// Lanes active in a block of a region, and along an edge into one.
  DenseMap<const BasicBlock *, Value *> BlockMasks;
  DenseMap<std::pair<const BasicBlock *, const BasicBlock *>, Value *>
      EdgeMasks;
};

/// The lanes active in \p BB: those arriving along any edge into it; null
/// outside regions, where every lane is.
Value *Packetizer::getBlockMask(BasicBlock *BB) {
  if (!RegionOf.count(BB))
    return nullptr;
  if (Value *Known = BlockMasks.lookup(BB))
    return Known;
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
  Value *Taken = getVector(Br->getCondition());
  if (Br->getSuccessor(1) == To)
    Taken = B.CreateNot(Taken, FromMask ? "" : Name);
  if (FromMask)
    Taken = B.CreateAnd(FromMask, Taken, Name);
  return EdgeMasks[Key] = Taken;
}

/// A uniform load or store under a mask: done once if any lane is active,
/// never otherwise (the scalar kernel would not touch that memory).
void Packetizer::maskUniformAccess(Instruction &Access, Value *Mask) {
  IRBuilder<> B(&Access);
  Value *Any = B.CreateVectorSplat(1, B.CreateOrReduce(Mask), "any.lane");
  if (auto *Load = dyn_cast<LoadInst>(&Access)) {
    Value *Loaded =
        B.CreateMaskedLoad(FixedVectorType::get(Load->getType(), 1),
                           Load->getPointerOperand(), Load->getAlign(), Any);
    Load->replaceAllUsesWith(
        B.CreateExtractElement(Loaded, uint64_t(0), Load->getName()));
  } else {
    auto *Store = cast<StoreInst>(&Access);
    B.CreateMaskedStore(B.CreateVectorSplat(1, Store->getValueOperand()),
                        Store->getPointerOperand(), Store->getAlign(), Any);
  }
  Replaced.push_back(&Access);
}

/// Gives \p Widened its incoming values; in a linearized region or where
/// one reconverges, the phi becomes a blend on the edge masks (each active
/// lane arrived along exactly one edge) and \p Scalar lane 0 of it.
void Packetizer::finishPhi(PHINode &Scalar, PHINode &Widened) {
  BasicBlock *BB = Scalar.getParent();
  unsigned N = Scalar.getNumIncomingValues();
  if (!RegionOf.count(BB) && !JoinedAt.contains(BB)) {
    for (unsigned I = 0; I < N; ++I)
      Widened.addIncoming(getVector(Scalar.getIncomingValue(I)),
                          Scalar.getIncomingBlock(I));
    return;
  }
  IRBuilder<> B(BB, BB->getFirstInsertionPt());
  Value *Blend = getVector(Scalar.getIncomingValue(N - 1));
  for (unsigned I = N - 1; I-- > 0;)
    Blend = B.CreateSelect(getEdgeMask(Scalar.getIncomingBlock(I), BB),
                           getVector(Scalar.getIncomingValue(I)), Blend,
                           Widened.getName());
  Widened.replaceAllUsesWith(Blend);
  Widened.eraseFromParent();
  Value *Lane0 = N == 1 ? Scalar.getIncomingValue(0)
                        : B.CreateExtractElement(Blend, uint64_t(0));
  // Phis finished later may name the scalar phi, now Lane0: their vector
  // value is the blend, not a splat of lane 0.
  Vectors[Lane0] = Blend;
  Scalar.replaceAllUsesWith(Lane0);
  Scalar.eraseFromParent();
}

/// Makes \p R straight code: its branching block, then its blocks in order,
/// then its exit.
void Packetizer::linearize(const DivergentRegion &R) {
  for (BasicBlock *BB : R.Blocks)
    for (PHINode &Phi : make_early_inc_range(BB->phis())) {
      // Left only where one edge came in (a uniform value).
      Phi.replaceAllUsesWith(Phi.getIncomingValue(0));
      Phi.eraseFromParent();
    }
  auto Link = [](BasicBlock *From, BasicBlock *To) {
    Instruction *Old = From->getTerminator();
    BranchInst::Create(To, Old);
    Old->eraseFromParent();
  };
  Link(R.Branching, R.Blocks.front());
  for (size_t I = 0; I < R.Blocks.size(); ++I)
    Link(R.Blocks[I], I + 1 < R.Blocks.size() ? R.Blocks[I + 1] : R.Exit);
}

Value *Packetizer::getVector(Value *V) {
  if (Value *Known = Vectors.lookup(V))
    return Known;
  assert(!isVarying(V) && "a varying value is widened before its users");
  if (auto *C = dyn_cast<Constant>(V))
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
  return Vectors[V] = B.CreateVectorSplat(Width, V, V->getName() + ".splat");
}

void Packetizer::run() {
  ReversePostOrderTraversal<Function *> RPOT(&Vector);
  for (BasicBlock *BB : RPOT)
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (auto *Store = dyn_cast<StoreInst>(&I)) {
        if (isVarying(Store->getValueOperand()) ||
            isVarying(Store->getPointerOperand()))
          widenStore(*Store);
        else if (Value *Mask = getBlockMask(BB))
          maskUniformAccess(*Store, Mask);
        continue;
      }
      if (!isVarying(&I)) {
        if (Value *Mask = isa<LoadInst>(I) ? getBlockMask(BB) : nullptr)
          maskUniformAccess(I, Mask);
        continue;
      }
      // Right after the scalar twin (a phi beside its phi).
      IRBuilder<> B(I.getParent(), std::next(I.getIterator()));
      Vectors[&I] = widenInstruction(I, B);
    }
  for (auto [Scalar, Widened] : Phis)
    finishPhi(*Scalar, *Widened);
  for (Instruction *I : Replaced)
    I->eraseFromParent();
  for (const DivergentRegion &R : Regions)
    linearize(R);
  eraseUnusedScalarTwins(Vector);
}

Value *Packetizer::widenInstruction(Instruction &I, IRBuilder<> &B) {
  std::string Name = I.hasName() ? (I.getName() + ".v").str() : "";
  if (auto *Phi = dyn_cast<PHINode>(&I)) {
    PHINode *Widened =
        B.CreatePHI(widen(Phi->getType()), Phi->getNumIncomingValues(), Name);
    Phis.emplace_back(Phi, Widened);
    return Widened;
  }
  if (auto *Op = dyn_cast<BinaryOperator>(&I)) {
    Value *V = B.CreateBinOp(Op->getOpcode(), getVector(Op->getOperand(0)),
                             getVector(Op->getOperand(1)), Name);
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
  if (auto *Select = dyn_cast<SelectInst>(&I)) {
    Value *Condition = Select->getCondition();
    if (isVarying(Condition))
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
    return widenLoad(*Load, B);
  return widenCall(cast<CallBase>(I), B);
}

Value *Packetizer::widenCall(CallBase &Call, IRBuilder<> &B) {
  if (isLaneIdCall(Call)) {
    Value *Lanes = B.CreateStepVector(widen(Call.getType()), "lanes");
    return B.CreateAdd(
        B.CreateVectorSplat(Width, &Call, Call.getName() + ".splat"), Lanes,
        Call.getName() + ".v");
  }
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

Value *Packetizer::widenLoad(LoadInst &Load, IRBuilder<> &B) {
  Type *Ty = widen(Load.getType());
  std::string Name = (Load.getName() + ".v").str();
  Value *Mask = getBlockMask(Load.getParent());
  bool Consecutive = Strides.getElementStride(original(Load)) == 1;
  if (Consecutive && !Mask)
    return B.CreateAlignedLoad(Ty, Load.getPointerOperand(), Load.getAlign(),
                               Name);
  if (Consecutive)
    return B.CreateMaskedLoad(Ty, Load.getPointerOperand(), Load.getAlign(),
                              Mask, nullptr, Name);
  return B.CreateMaskedGather(Ty, getVector(Load.getPointerOperand()),
                              Load.getAlign(), Mask ? Mask : allLanes(),
                              nullptr, Name);
}

void Packetizer::widenStore(StoreInst &Store) {
  IRBuilder<> B(&Store);
  Value *Values = getVector(Store.getValueOperand());
  Value *Mask = getBlockMask(Store.getParent());
  bool Consecutive = Strides.getElementStride(original(Store)) == 1;
  if (Consecutive && !Mask)
    B.CreateAlignedStore(Values, Store.getPointerOperand(), Store.getAlign());
  else if (Consecutive)
    B.CreateMaskedStore(Values, Store.getPointerOperand(), Store.getAlign(),
                        Mask);
  else
    B.CreateMaskedScatter(Values, getVector(Store.getPointerOperand()),
                          Store.getAlign(), Mask ? Mask : allLanes());
  Replaced.push_back(&Store);
}

/// Whether \p Kernel uses a kernel-scope __local variable (address space 3).
bool usesLocalVariables(const Function &Kernel) {
  for (const GlobalVariable &G : Kernel.getParent()->globals())
    if (G.getAddressSpace() == 3)
      for (const User *U : G.users())
        if (const auto *I = dyn_cast<Instruction>(U);
            !I || I->getFunction() == &Kernel)
          return true;
  return false;
}

} // namespace

Error checkVectorizable(const Function &Kernel,
                        const UniformityInfo &Uniformity) {
  if (usesLocalVariables(Kernel))
    return notVectorizable(Kernel, "uses kernel-scope __local variables (not "
                                   "handled yet)");
  for (const Instruction &I : instructions(Kernel))
    if (Error E = checkInstruction(I, Uniformity))
      return E;
  Function &F = const_cast<Function &>(Kernel);
  PostDominatorTree PDT(F);
  Expected<SmallVector<DivergentRegion, 4>> Regions =
      findDivergentRegions(F, PDT, [&](const Instruction &T) {
        return Uniformity.isDivergentBranch(&T);
      });
  if (!Regions)
    return Regions.takeError();
  return Error::success();
}

Expected<Function *> packetizeKernel(Function &Kernel, unsigned Width,
                                     const UniformityInfo &Uniformity,
                                     const StrideInfo &Strides) {
  if (Error E = checkVectorizable(Kernel, Uniformity))
    return std::move(E);
  std::string Name = ("__vecz_v" + Twine(Width) + "_" + Kernel.getName()).str();
  Function *Vector =
      Function::Create(Kernel.getFunctionType(), GlobalValue::ExternalLinkage,
                       Name, Kernel.getParent());
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(Kernel.args(), Vector->args())) {
    To.setName(From.getName());
    VMap[&From] = &To;
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Vector, &Kernel, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  // The clone runs inside the kernel's work-item loops; it is no kernel.
  Vector->removeFnAttr("mux-kernel");
  Vector->setCallingConv(Kernel.getCallingConv());
  DenseMap<const Value *, const Value *> Original;
  for (const auto &[Scalar, Clone] : VMap)
    Original[Clone] = Scalar;
  PostDominatorTree PDT(*Vector);
  Expected<SmallVector<DivergentRegion, 4>> Regions =
      findDivergentRegions(*Vector, PDT, [&](const Instruction &T) {
        return Uniformity.isDivergentBranch(
            cast_or_null<Instruction>(Original.lookup(&T)));
      });
  if (!Regions) { // checkVectorizable found the same regions fine.
    Vector->eraseFromParent();
    return Regions.takeError();
  }
  Packetizer(*Vector, Width, Uniformity, Strides, VMap, std::move(*Regions))
      .run();
  return Vector;
}

} // namespace vecz
