//===- Vectorizability.cpp - What Vecz can vectorize ----------------------===//
///
/// \file
/// The checks of vecz/Packetizer.h: which kernels packetizeKernel takes
/// (checkVectorizable), instruction by instruction and call by call, and
/// the divergent regions they may hold. Kept apart from the packetizer,
/// which transforms what these checks let through.
///
//===----------------------------------------------------------------------===//

#include "vecz/Packetizer.h"

#include "DivergentRegions.h"
#include "WorkItemIds.h"

#include "vecz/UniformityAnalysis.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using compiler::MuxBuiltin;

namespace vecz {

namespace {

Error notVectorizable(const Function &Kernel, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + Kernel.getName() + "' " + Why);
}

/// Whether a varying value of \p Ty can be widened: a scalar to <W x Ty>,
/// a vector <N x T> of them to <W * N x T>.
bool isWidenable(const Type *Ty) {
  if (const auto *Vec = dyn_cast<FixedVectorType>(Ty))
    Ty = Vec->getElementType();
  return Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy();
}

/// Calls Vecz can keep or widen: mux builtins (a barrier is kept, with its
/// id, for the W work-items), intrinsics that have vector forms or change
/// nothing, and calls that write no memory with uniform arguments (done once
/// for all lanes).
Error checkCall(const CallBase &Call, const UniformityInfo &Uniformity) {
  const Function &Kernel = *Call.getFunction();
  if (getMuxBuiltin(Call)) {
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
  if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&Call)) {
    Intrinsic::ID ID = Intrinsic->getIntrinsicID();
    // An operand that stays scalar in the vector form (powi's exponent)
    // must be the same for every lane.
    bool ScalarOperandsUniform = true;
    for (unsigned N = 0; N < Call.arg_size(); ++N)
      if (isVectorIntrinsicWithScalarOpAtArg(ID, N) &&
          Uniformity.isVarying(Call.getArgOperand(N)))
        ScalarOperandsUniform = false;
    if (isTriviallyVectorizable(ID) && ScalarOperandsUniform &&
        isWidenable(Call.getType()))
      return Error::success();
  }
  if (!VaryingArgs && Call.onlyReadsMemory())
    return Error::success();
  const Function *Callee = Call.getCalledFunction();
  return notVectorizable(Kernel, "calls " +
                                     (Callee ? "'" + Callee->getName() + "'"
                                             : Twine("through a pointer")) +
                                     ", which has no vector form");
}

Error checkInstruction(const Instruction &I, const UniformityInfo &Uniformity) {
  const Function &Kernel = *I.getFunction();
  if (isa<AllocaInst>(I))
    return notVectorizable(Kernel, "uses private memory (not handled yet)");
  if (isa<AtomicCmpXchgInst>(I)) {
    // Its lanes' results are two vectors, which its users take apart.
    bool OnlyParts = all_of(I.users(), [](const User *U) {
      const auto *Part = dyn_cast<ExtractValueInst>(U);
      return Part && Part->getNumIndices() == 1;
    });
    if (!OnlyParts)
      return notVectorizable(Kernel, "uses a compare-and-swap's result "
                                     "whole (not handled yet)");
    return Error::success();
  }
  if (const auto *Part = dyn_cast<ExtractValueInst>(&I);
      Part && isa<AtomicCmpXchgInst>(Part->getAggregateOperand()))
    return Error::success();
  if (isa<AtomicRMWInst>(I) || isa<FenceInst>(I))
    return Error::success();
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
    return Error::success();
  }
  if (!Uniformity.isVarying(&I))
    return Error::success();
  if (!isWidenable(I.getType()))
    return notVectorizable(Kernel, "has a varying value of a type Vecz does "
                                   "not widen yet (aggregates, scalable "
                                   "vectors)");
  if (const auto *Extract = dyn_cast<ExtractElementInst>(&I);
      Extract && !isa<ConstantInt>(Extract->getIndexOperand()))
    return notVectorizable(Kernel, "has a vector element picked by a "
                                   "variable index (not handled yet)");
  if (const auto *Insert = dyn_cast<InsertElementInst>(&I);
      Insert && !isa<ConstantInt>(Insert->getOperand(2)))
    return notVectorizable(Kernel, "has a vector element set at a variable "
                                   "index (not handled yet)");
  if (I.getType()->isVectorTy() && isa<GetElementPtrInst>(I))
    return notVectorizable(Kernel, "has a vector of pointers (not handled "
                                   "yet)");
  if (!isa<BinaryOperator>(I) && !isa<UnaryOperator>(I) && !isa<CmpInst>(I) &&
      !isa<CastInst>(I) && !isa<SelectInst>(I) && !isa<PHINode>(I) &&
      !isa<GetElementPtrInst>(I) && !isa<LoadInst>(I) && !isa<FreezeInst>(I) &&
      !isa<ExtractElementInst>(I) && !isa<InsertElementInst>(I) &&
      !isa<ShuffleVectorInst>(I))
    return notVectorizable(Kernel, Twine("has a varying '") +
                                       I.getOpcodeName() +
                                       "' that Vecz does not widen");
  return Error::success();
}

} // namespace

Error checkVectorizable(const Function &Kernel,
                        const UniformityInfo &Uniformity) {
  for (const Instruction &I : instructions(Kernel))
    if (Error E = checkInstruction(I, Uniformity))
      return E;
  Function &F = const_cast<Function &>(Kernel);
  PostDominatorTree PDT(F);
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Expected<SmallVector<DivergentRegion, 4>> Regions = findDivergentRegions(
      F, PDT, LI,
      [&](const Instruction &T) { return Uniformity.isDivergentBranch(&T); },
      [&](const Loop &L) { return Uniformity.isDivergentLoop(L); });
  if (!Regions)
    return Regions.takeError();
  // The W work-items reach a barrier together or not at all.
  for (const DivergentRegion &R : *Regions)
    for (const BasicBlock *BB : R.Blocks)
      for (const Instruction &I : *BB) {
        if (const auto *Call = dyn_cast<CallBase>(&I);
            Call && getMuxBuiltin(*Call) == MuxBuiltin::WorkGroupBarrier)
          return notVectorizable(Kernel, "has a barrier in divergent control "
                                         "flow");
        // A masked access has no atomic or volatile form.
        if ((isa<LoadInst>(I) && !cast<LoadInst>(I).isSimple()) ||
            (isa<StoreInst>(I) && !cast<StoreInst>(I).isSimple()))
          return notVectorizable(Kernel, "has an atomic or volatile load or "
                                         "store in divergent control flow "
                                         "(not handled yet)");
      }
  return Error::success();
}

} // namespace vecz
