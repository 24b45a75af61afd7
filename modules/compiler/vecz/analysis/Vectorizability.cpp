//===- Vectorizability.cpp - What Vecz can vectorize ----------------------===//
///
/// \file
/// The checks of vecz/Packetizer.h: which kernels packetizeKernel takes
/// (checkVectorizable), instruction by instruction and call by call, and
/// the divergent regions they may hold. Kept apart from the packetizer,
/// which transforms what these checks let through.
///
/// Two things the scalar kernel's work-items do one after another cannot be
/// done by lanes in lockstep: a barrier in divergent control flow (the
/// lanes reach it together or not at all), and a loop under a mask that
/// waits for other work-items (a spin-wait, a lock). The work-item loops
/// run each work-item to its next barrier before the next one starts, so a
/// work-item waiting for one with a lower id sees its store; lanes in
/// lockstep run the regions in an order of Vecz's choosing, and the lane
/// that takes a lock stays in the loop with the lanes waiting for it, never
/// to release it. OpenCL does not promise such kernels an end (work-items
/// of a group need not make progress independently), but they end on the
/// scalar kernel, so Vecz keeps it.
///
//===----------------------------------------------------------------------===//

#include "vecz/Packetizer.h"

#include "analysis/CostModel.h"
#include "analysis/DivergentRegions.h"
#include "analysis/WorkItemIds.h"
#include "transform/CallWidening.h"
#include "transform/LaneOperations.h"

#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/PrivateMemory.h"
#include "compiler/support/AddressSpaces.h"

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
  if (std::optional<compiler::SubGroupFunction> F = getSubGroupFunction(Call);
      F && F->Collective == compiler::SubGroupCollective::Other)
    // Done per lane, it would see a sub-group of one in a kernel whose
    // sub-groups are its vectors.
    return notVectorizable(*Call.getFunction(),
                           "calls '" + Call.getCalledFunction()->getName() +
                               "', a sub-group function Vecz has no vector "
                               "form of yet");
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

/// Whether another work-item may write the memory \p Ptr points to: all
/// memory but private and constant.
bool isSharedMemory(const Value &Ptr) {
  unsigned AddressSpace = Ptr.getType()->getPointerAddressSpace();
  return AddressSpace != compiler::utils::PrivateAddressSpace &&
         AddressSpace != compiler::utils::ConstantAddressSpace;
}

bool isMemoryFence(const Instruction &I) {
  if (isa<FenceInst>(I))
    return true;
  const auto *Call = dyn_cast<CallBase>(&I);
  return Call && getMuxBuiltin(*Call) == MuxBuiltin::MemBarrier;
}

/// Whether a compare-and-swap in \p L compares with a value \p L computes:
/// a retry loop (read, compute, swap if unchanged), which some lane always
/// leaves, unlike a lock's acquire (swap if free).
bool isRetry(const AtomicCmpXchgInst &CmpXchg, const Loop &L) {
  const auto *Expected = dyn_cast<Instruction>(CmpXchg.getCompareOperand());
  return Expected && L.contains(Expected);
}

/// Whether \p I, in \p L, reads what another work-item may have stored, as
/// a wait does: an atomic (but a retry's compare-and-swap), a volatile load,
/// or, when \p Fenced (\p L holds a memory fence), any load of shared memory.
bool readsOtherWorkItems(const Instruction &I, const Loop &L, bool Fenced) {
  if (const auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
    return !isRetry(*CmpXchg, L);
  if (isa<AtomicRMWInst>(I))
    return true;
  const auto *Load = dyn_cast<LoadInst>(&I);
  return Load && (Load->isVolatile() || Load->isAtomic() ||
                  (Fenced && isSharedMemory(*Load->getPointerOperand())));
}

/// Whether \p L waits for other work-items: whether the conditions it is
/// left on depend, inside it, on what they store (readsOtherWorkItems). A
/// loop that only updates shared memory (a histogram's atomics) does not,
/// nor does a compare-and-swap retry loop.
bool waitsForOtherWorkItems(const Loop &L) {
  bool Fenced = any_of(L.blocks(), [](const BasicBlock *BB) {
    return any_of(*BB, isMemoryFence);
  });
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  SmallVector<const Value *, 8> Work;
  for (const BasicBlock *BB : Exiting)
    if (const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
        Br && Br->isConditional())
      Work.push_back(Br->getCondition());
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (readsOtherWorkItems(*I, L, Fenced))
      return true;
    append_range(Work, I->operand_values());
  }
  return false;
}

/// Why \p R cannot run with its lanes in lockstep, if it cannot: a
/// barrier in it, or a loop in it, at any depth, that waits for other
/// work-items.
Error checkLockstep(const Function &Kernel, const DivergentRegion &R,
                    const LoopInfo &LI) {
  for (const BasicBlock *BB : R.Blocks)
    for (const Instruction &I : *BB)
      if (const auto *Call = dyn_cast<CallBase>(&I);
          Call && getMuxBuiltin(*Call) == MuxBuiltin::WorkGroupBarrier)
        return notVectorizable(Kernel, "has a barrier in divergent control "
                                       "flow");
  // A masked loop nested in another is in the outer one's preorder walk.
  SmallPtrSet<const Loop *, 8> Checked;
  for (const MaskedLoop &Masked : R.Loops)
    for (const Loop *L : LI.getLoopFor(Masked.Header)->getLoopsInPreorder())
      if (Checked.insert(L).second && waitsForOtherWorkItems(*L))
        return notVectorizable(
            Kernel, "has a loop in divergent control flow that waits for "
                    "other work-items (it is left on an atomic, a volatile "
                    "load or a fenced load of shared memory): in lockstep, "
                    "a lane could wait for one that has not run yet");
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
  for (const DivergentRegion &R : *Regions)
    if (Error E = checkLockstep(Kernel, R, LI))
      return E;
  return Error::success();
}

} // namespace vecz
