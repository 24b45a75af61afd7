//===- Preparation.cpp - A kernel made ready for packetization ------------===//
///
/// \file
/// See Preparation.h.
///
//===----------------------------------------------------------------------===//

#include "pipeline/Preparation.h"

#include "analysis/DivergentRegions.h"
#include "analysis/WorkItemIds.h"

#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BarrierRegions.h"
#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"
#include "llvm/Transforms/Utils/UnifyFunctionExitNodes.h"
#include "llvm/Transforms/Utils/UnifyLoopExits.h"

#define DEBUG_TYPE "vecz"

using namespace llvm;

namespace vecz {

/// Puts the kernel's control flow in the form control-flow conversion works
/// on: switches as two-way branches when \p LowerSwitches; each loop with a
/// preheader, one latch and dedicated exit blocks (LoopSimplify), and every
/// value used outside its loop carried out by a phi in an exit block
/// (LCSSA), where a divergent loop's per-lane results are kept.
static void canonicalizeControlFlow(Function &Kernel,
                                    FunctionAnalysisManager &FAM,
                                    bool LowerSwitches) {
  FunctionPassManager FPM;
  if (LowerSwitches)
    FPM.addPass(LowerSwitchPass());
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  FPM.run(Kernel, FAM);
}

/// Inlines into \p Kernel the functions it calls that wait at a barrier, as
/// the work-item loops would later (`inlineCallsWithBarriers`, whatever
/// their `noinline`): the kernel is then vectorized with its barriers in
/// view, where the call, convergent, would keep it scalar (a group sum in
/// a helper called twice, which LLVM's inliner does not inline: a barrier
/// may not be duplicated). A kernel whose calls cannot all be inlined (a
/// helper that calls itself) keeps them: it stays scalar, and the work-item
/// loops say why. Says what it did through \p ORE, and drops the kernel's
/// analyses from \p FAM.
static void inlineBarrierCalls(Function &Kernel,
                               const compiler::BuiltinInfo &BI,
                               FunctionAnalysisManager &FAM,
                               OptimizationRemarkEmitter &ORE) {
  bool CallsBarriers = any_of(instructions(Kernel), [](Instruction &I) {
    auto *Call = dyn_cast<CallBase>(&I);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    return Callee && !Callee->isDeclaration() && waitsAtBarrier(*Callee);
  });
  if (!CallsBarriers)
    return;
  Expected<bool> HasBarriers =
      compiler::utils::inlineCallsWithBarriers(Kernel, BI);
  FAM.invalidate(Kernel, PreservedAnalyses::none());
  if (!HasBarriers) {
    // The work-item loops report it, with the kernel's name, as an error.
    consumeError(HasBarriers.takeError());
    return;
  }
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "InlinedBarriers", &Kernel)
           << "kernel '" << Kernel.getName()
           << "' has the functions it calls that wait at a barrier inlined";
  });
}

/// Inlines into \p Kernel the functions it calls that ask for the lane's
/// id: made once for the vector, or once per lane, such a call would see
/// lane 0's id, while inlined it is vectorized with the kernel. They are
/// out of line when marked `noinline`, as `-O0` SPIR-V producers mark every
/// function. Those that wait at a barrier are inlined before
/// (inlineBarrierCalls), or stay, when they cannot be, and leave the kernel
/// scalar (Vectorizability.cpp). Says what it inlined through \p ORE, and
/// drops the kernel's analyses from \p FAM when it inlined anything.
static void inlineLaneStateCalls(Function &Kernel, FunctionAnalysisManager &FAM,
                                 OptimizationRemarkEmitter &ORE) {
  bool Changed = false;
  for (bool Inlined = true; Inlined;) {
    SmallVector<CallBase *, 4> Calls;
    for (Instruction &I : instructions(Kernel))
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && callsLaneState(*Call) &&
          !waitsAtBarrier(*Call->getCalledFunction()))
        Calls.push_back(Call);
    Inlined = false;
    for (CallBase *Call : Calls) {
      StringRef Callee = Call->getCalledFunction()->getName();
      InlineFunctionInfo Info;
      if (!InlineFunction(*Call, Info).isSuccess())
        continue;
      Inlined = true;
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Inlined", &Kernel)
               << "kernel '" << Kernel.getName() << "' has '"
               << ore::NV("Callee", Callee)
               << "' inlined, which asks for its work-item id";
      });
    }
    Changed |= Inlined;
  }
  if (Changed)
    FAM.invalidate(Kernel, PreservedAnalyses::none());
}

/// Whether the divergent control flow of \p Kernel is in regions that
/// control-flow conversion can linearize as they are (DivergentRegions.h).
static bool hasLinearizableRegions(Function &Kernel,
                                   FunctionAnalysisManager &FAM) {
  const UniformityInfo &Uniformity = FAM.getResult<UniformityAnalysis>(Kernel);
  Expected<SmallVector<DivergentRegion, 4>> Regions = findDivergentRegions(
      Kernel, FAM.getResult<DominatorTreeAnalysis>(Kernel),
      FAM.getResult<PostDominatorTreeAnalysis>(Kernel),
      FAM.getResult<LoopAnalysis>(Kernel),
      [&](const Instruction &T) { return Uniformity.isDivergentBranch(&T); },
      [&](const Loop &L) { return Uniformity.isDivergentLoop(L); });
  if (Regions)
    return true;
  // Not the user's to see: the caller restructures the kernel, and
  // packetization reports whatever still stands in its way.
  consumeError(Regions.takeError());
  return false;
}

/// Gives each loop of \p Kernel one exit block and the kernel one return
/// block, so that the paths leaving a loop meet again where linearization
/// needs them to: a loop left from a loop inside it (a `goto` out of both)
/// is left through the inner loop's exit block, inside the outer loop, and
/// a loop left to several blocks (a `break` to past its usual exit, an
/// early `return`) through one block that branches on where each lane was
/// going. Only done when linearization needs it, since the guard blocks
/// cost the scalar kernel a branch per loop exit.
static void unifyExits(Function &Kernel, FunctionAnalysisManager &FAM) {
  FunctionPassManager FPM;
  FPM.addPass(LowerSwitchPass()); // UnifyLoopExits takes two-way branches.
  FPM.addPass(UnifyFunctionExitNodesPass());
  FPM.addPass(UnifyLoopExitsPass());
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  FPM.run(Kernel, FAM);
}

static bool hasDivergentSwitch(const Function &Kernel,
                               const UniformityInfo &Uniformity) {
  return any_of(Kernel, [&](const BasicBlock &BB) {
    return isa<SwitchInst>(BB.getTerminator()) &&
           Uniformity.isDivergentBranch(BB.getTerminator());
  });
}

void prepareForPacketization(Function &Kernel, const compiler::BuiltinInfo &BI,
                             FunctionAnalysisManager &FAM,
                             OptimizationRemarkEmitter &ORE) {
  inlineBarrierCalls(Kernel, BI, FAM, ORE);
  inlineLaneStateCalls(Kernel, FAM, ORE);
  canonicalizeControlFlow(Kernel, FAM, /*LowerSwitches=*/false);
  // A uniform switch stays one (a jump table); a divergent one is lowered
  // to the branches that linearization turns into masks.
  if (hasDivergentSwitch(Kernel, FAM.getResult<UniformityAnalysis>(Kernel)))
    canonicalizeControlFlow(Kernel, FAM, /*LowerSwitches=*/true);
  if (!hasLinearizableRegions(Kernel, FAM))
    unifyExits(Kernel, FAM);
}

} // namespace vecz
