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

#include "CallWidening.h"
#include "CostModel.h"
#include "DivergentRegions.h"
#include "LaneOperations.h"
#include "WorkItemIds.h"

#include "vecz/UniformityAnalysis.h"

#include "compiler/utils/PrivateMemory.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using compiler::BuiltinInfo;
using compiler::MuxBuiltin;

namespace vecz {

namespace {

Error notVectorizable(const Function &Kernel, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + Kernel.getName() + "' " + Why);
}

/// Why \p Call cannot be done once per lane, if it cannot.
Error checkPerLaneCall(const CallBase &Call, const UniformityInfo &Uniformity) {
  const Function &Kernel = *Call.getFunction();
  const Function *Callee = Call.getCalledFunction();
  std::string Name =
      Callee ? ("'" + Callee->getName() + "'").str() : "a pointer";
  if (!Callee && Uniformity.isVarying(Call.getCalledOperand()))
    return notVectorizable(Kernel, "calls through a varying pointer");
  if (Call.isConvergent())
    return notVectorizable(Kernel, "calls " + Name + ", which is convergent");
  if (Callee && usesLaneState(*Callee))
    return notVectorizable(Kernel, "calls " + Name +
                                       ", which asks for its "
                                       "work-item id (not inlined)");
  bool Widenable =
      (Call.getType()->isVoidTy() || isWidenable(Call.getType())) &&
      all_of(Call.args(), [&](const Use &Arg) {
        return !Uniformity.isVarying(Arg) || isWidenable(Arg->getType());
      });
  if (!Widenable)
    return notVectorizable(Kernel, "calls " + Name +
                                       " with a value Vecz does "
                                       "not widen (an aggregate)");
  return Error::success();
}

/// Calls Vecz keeps (done once), widens (intrinsics and builtins with a
/// vector form) or does once per lane (CallWidening.h).
Error checkCall(const CallBase &Call, const UniformityInfo &Uniformity,
                const BuiltinInfo &BI, unsigned Width) {
  if (getMuxBuiltin(Call) && isIdOfUnknownDimension(Call))
    return notVectorizable(*Call.getFunction(),
                           "asks for a work-item id of a dimension that is "
                           "not a constant");
  auto IsVarying = [&](const Value *V) { return Uniformity.isVarying(V); };
  if (classifyCall(Call, IsVarying, BI, Width) != CallWidening::PerLane)
    return Error::success();
  return checkPerLaneCall(Call, Uniformity);
}

Error checkInstruction(const Instruction &I, const UniformityInfo &Uniformity,
                       const BuiltinInfo &BI, unsigned Width) {
  const Function &Kernel = *I.getFunction();
  if (const auto *Alloca = dyn_cast<AllocaInst>(&I);
      Alloca && !Alloca->isStaticAlloca())
    return notVectorizable(Kernel, "has private memory of a size known only "
                                   "at run time");
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
  if (isa<AtomicRMWInst>(I) || isa<FenceInst>(I) || isa<StoreInst>(I))
    return Error::success();
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return checkCall(*Call, Uniformity, BI, Width);
  if (!Uniformity.isVarying(&I))
    return Error::success();
  if (!isWidenable(I.getType()))
    return notVectorizable(Kernel, "has a varying value of a type Vecz does "
                                   "not widen yet (aggregates, scalable "
                                   "vectors)");
  if (I.getType()->isVectorTy() && isa<GetElementPtrInst>(I))
    return notVectorizable(Kernel, "has a vector of pointers (not handled "
                                   "yet)");
  if (!isa<BinaryOperator>(I) && !isa<UnaryOperator>(I) && !isa<CmpInst>(I) &&
      !isa<CastInst>(I) && !isa<SelectInst>(I) && !isa<PHINode>(I) &&
      !isa<GetElementPtrInst>(I) && !isa<LoadInst>(I) && !isa<FreezeInst>(I) &&
      !isa<ExtractElementInst>(I) && !isa<InsertElementInst>(I) &&
      !isa<ShuffleVectorInst>(I) && !isa<AllocaInst>(I))
    return notVectorizable(Kernel, Twine("has a varying '") +
                                       I.getOpcodeName() +
                                       "' that Vecz does not widen");
  return Error::success();
}

} // namespace

Error checkVectorizable(const Function &Kernel,
                        const UniformityInfo &Uniformity, const BuiltinInfo &BI,
                        unsigned Width) {
  for (const Instruction &I : instructions(Kernel))
    if (Error E = checkInstruction(I, Uniformity, BI, Width))
      return E;
  if (uint64_t Private = compiler::utils::getPrivateMemoryBytes(Kernel);
      Private * Width > MaxVectorPrivateMemory)
    return notVectorizable(
        Kernel, "has " + Twine(Private) +
                    " bytes of private memory per work-item, which " +
                    Twine(Width) + " lanes would make " +
                    Twine(Private * Width) + " on the stack (at most " +
                    Twine(MaxVectorPrivateMemory) + ")");
  Function &F = const_cast<Function &>(Kernel);
  PostDominatorTree PDT(F);
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Expected<SmallVector<DivergentRegion, 4>> Regions = findDivergentRegions(
      F, DT, PDT, LI,
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
      }
  return Error::success();
}

} // namespace vecz
