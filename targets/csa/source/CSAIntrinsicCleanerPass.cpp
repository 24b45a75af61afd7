//===- CSAIntrinsicCleanerPass.cpp - Removes the CSA intrinsics -----------===//
///
/// \file
/// See csa/CSAIntrinsicCleanerPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAIntrinsicCleanerPass.h"

#include "csa/CSAIntrinsics.h"

#include "compiler/pipeline/Target.h"
#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "csa-intrinsic-cleaner"

STATISTIC(NumRemoved, "CSA intrinsic calls removed");
STATISTIC(NumStorageWarnings, "Iteration-local storage warnings");

static cl::opt<bool> DisableLoopStorageCheck(
    "csa-disable-loop-storage-check",
    cl::desc("CSA: do not warn about iteration-local storage in parallelized "
             "loops"),
    cl::cat(compiler::getTargetOptionCategory()));

namespace csa {

namespace {

/// The first lifetime.start directly in \p L (not in a subloop), if \p L
/// also has a section entry directly in it.
IntrinsicInst *findIterationLocalStorage(Loop &L, LoopInfo &LI) {
  IntrinsicInst *Lifetime = nullptr;
  bool HasSection = false;
  for (BasicBlock *BB : L.blocks()) {
    for (Instruction &I : *BB) {
      auto *II = dyn_cast<IntrinsicInst>(&I);
      if (II && II->getIntrinsicID() == Intrinsic::lifetime_start && !Lifetime)
        Lifetime = II;
      if (LI.getLoopFor(BB) == &L &&
          getCalledIntrinsic(&I) == CSAIntrinsic::SectionEntry)
        HasSection = true;
    }
  }
  return HasSection ? Lifetime : nullptr;
}

void checkLoopStorage(Function &F, LoopInfo &LI) {
  for (Loop *L : LI.getLoopsInPreorder()) {
    IntrinsicInst *Lifetime = findIterationLocalStorage(*L, LI);
    if (!Lifetime)
      continue;
    DebugLoc Loc = Lifetime->getDebugLoc();
    if (!Loc)
      Loc = L->getStartLoc();
    compiler::utils::emitWarning(
        F, Loc,
        "!! WARNING: ITERATION-LOCAL STORAGE DETECTED IN A PARALLELIZED LOOP "
        "!! (in function '" +
            F.getName() +
            "'): storage that lives for one iteration must be private to "
            "each worker; hoist it out of the loop, or drop the loop's "
            "parallel marking (-csa-disable-loop-storage-check silences "
            "this)");
    ++NumStorageWarnings;
  }
}

/// Every CSA intrinsic call of \p F and every phi or select their results
/// reach, users after what they use.
SetVector<Instruction *> collectIntrinsicValues(Function &F) {
  SetVector<Instruction *> Values;
  for (Instruction &I : instructions(F))
    if (getCalledIntrinsic(&I))
      Values.insert(&I);
  for (size_t Index = 0; Index < Values.size(); ++Index)
    for (User *U : Values[Index]->users())
      if (isa<PHINode, SelectInst>(U))
        Values.insert(cast<Instruction>(U));
  return Values;
}

bool removeIntrinsics(Function &F) {
  SetVector<Instruction *> Values = collectIntrinsicValues(F);
  for (Instruction *I : Values)
    if (!I->getType()->isVoidTy())
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
  for (Instruction *I : Values) {
    NumRemoved += getCalledIntrinsic(I).has_value();
    I->eraseFromParent();
  }
  return !Values.empty();
}

} // namespace

PreservedAnalyses CSAIntrinsicCleanerPass::run(Module &M,
                                               ModuleAnalysisManager &AM) {
  auto &FAM = AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (!DisableLoopStorageCheck)
      checkLoopStorage(F, FAM.getResult<LoopAnalysis>(F));
    if (removeIntrinsics(F)) {
      Changed = true;
      PreservedAnalyses PA;
      PA.preserveSet<CFGAnalyses>();
      FAM.invalidate(F, PA);
    }
  }
  for (Function &F : make_early_inc_range(M))
    if (identifyIntrinsic(F) && F.use_empty()) {
      F.eraseFromParent();
      Changed = true;
    }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace csa
