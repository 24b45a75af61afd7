//===- LowerToMuxBuiltinsPass.cpp - OpenCL builtins to mux builtins -------===//
///
/// \file
/// See compiler/passes/input/LowerToMuxBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/LowerToMuxBuiltinsPass.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "lower-to-mux-builtins"

using namespace llvm;

STATISTIC(NumCallsLowered, "Number of work-item builtin calls lowered");
STATISTIC(NumBarriersLowered, "Number of barriers given ids");
STATISTIC(NumRangesGiven, "Number of mux builtin calls given a !range");

namespace compiler {
namespace utils {

namespace {

/// The direct calls to \p F, in a stable order (module, then block order).
SmallVector<CallInst *, 8> getDirectCalls(Function &F) {
  SmallVector<CallInst *, 8> Calls;
  for (User *U : F.users())
    if (auto *Call = dyn_cast<CallInst>(U);
        Call && Call->getCalledOperand() == &F)
      Calls.push_back(Call);
  return Calls;
}

/// Replaces calls to work-item function \p F by calls to \p Mux, which has
/// the same signature.
bool lowerWorkItemFunction(Function &F, Function &Mux) {
  if (Mux.getFunctionType() != F.getFunctionType()) {
    LLVM_DEBUG(dbgs() << "skipping " << F.getName()
                      << ": its signature differs from " << Mux.getName()
                      << "\n");
    return false;
  }
  for (CallInst *Call : getDirectCalls(F)) {
    Call->setCalledFunction(&Mux);
    Call->setCallingConv(Mux.getCallingConv());
    Call->setAttributes(Mux.getAttributes());
    ++NumCallsLowered;
  }
  return true;
}

/// Replaces one call to an OpenCL barrier or fence: `(flags[, scope])`
/// becomes `__mux_work_group_barrier(id, scope, flags)` with the next id, or
/// `__mux_mem_barrier(scope, flags)`.
void lowerSynchronizationCall(CallInst &Call, SynchronizationBuiltin Sync,
                              Function &Mux, unsigned &NextBarrierId) {
  IRBuilder<> Builder(&Call);
  Value *Flags = Call.getArgOperand(0);
  Value *Scope = Sync.HasScope
                     ? Call.getArgOperand(1)
                     : Builder.getInt32(unsigned(MemoryScope::WorkGroup));
  SmallVector<Value *, 3> Args;
  if (Sync.Mux == MuxBuiltin::WorkGroupBarrier) {
    Args.push_back(Builder.getInt32(NextBarrierId++));
    ++NumBarriersLowered;
  }
  Args.push_back(Scope);
  Args.push_back(Flags);
  CallInst *Lowered = Builder.CreateCall(&Mux, Args);
  Lowered->setDebugLoc(Call.getDebugLoc());
  Call.eraseFromParent();
}

/// Lowers every barrier and fence call, numbering barriers in module order
/// (functions, then instructions) so the ids do not depend on use lists.
bool lowerSynchronization(Module &M, const BuiltinInfo &BI) {
  // Ids start after any barriers already lowered, so they stay unique.
  unsigned NextBarrierId = 0;
  if (Function *Existing = M.getFunction(
          BuiltinInfo::getMuxBuiltinName(MuxBuiltin::WorkGroupBarrier)))
    NextBarrierId = static_cast<unsigned>(getDirectCalls(*Existing).size());
  SmallVector<std::pair<CallInst *, SynchronizationBuiltin>, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee)
        continue;
      auto Sync = BuiltinInfo::getSynchronizationBuiltin(Callee->getName());
      if (Sync && Call->arg_size() == (Sync->HasScope ? 2u : 1u))
        Calls.push_back({Call, *Sync});
    }
  for (auto &[Call, Sync] : Calls)
    lowerSynchronizationCall(
        *Call, Sync, *BI.getOrDeclareMuxBuiltin(Sync.Mux, M), NextBarrierId);
  return !Calls.empty();
}

/// Gives each call to a mux builtin whose results the ABI bounds the
/// `!range` of BuiltinInfo::getMuxBuiltinRange, so that the optimizer knows
/// what it may return: a local id or size in 32 bits (narrow-division
/// divides ids by the group's size in 32 bits), a size not 0 (the guard
/// trap-free-division put before a division by it folds away).
bool annotateResultRanges(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    std::optional<MuxBuiltin> B = BuiltinInfo::identifyMuxBuiltin(F);
    if (!B || !F.getReturnType()->isIntegerTy())
      continue;
    std::optional<ConstantRange> Range = BuiltinInfo::getMuxBuiltinRange(
        *B, F.getReturnType()->getIntegerBitWidth());
    if (!Range)
      continue;
    MDNode *Node = MDBuilder(M.getContext())
                       .createRange(Range->getLower(), Range->getUpper());
    for (CallInst *Call : getDirectCalls(F)) {
      Call->setMetadata(LLVMContext::MD_range, Node);
      ++NumRangesGiven;
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

PreservedAnalyses LowerToMuxBuiltinsPass::run(Module &M,
                                              ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = lowerSynchronization(M, BI);
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration())
      continue;
    if (std::optional<MuxBuiltin> B =
            BuiltinInfo::getMuxBuiltinForOpenCL(F.getName()))
      Changed |= lowerWorkItemFunction(F, *BI.getOrDeclareMuxBuiltin(*B, M));
    bool IsOpenCLBuiltin = BuiltinInfo::getMuxBuiltinForOpenCL(F.getName()) ||
                           BuiltinInfo::getSynchronizationBuiltin(F.getName());
    if (IsOpenCLBuiltin && F.use_empty())
      F.eraseFromParent();
  }
  Changed |= annotateResultRanges(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
