//===- VeczPass.cpp - Whole-function vectorization ------------------------===//
///
/// \file
/// See vecz/VeczPass.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczPass.h"

#include "CostModel.h"

#include "vecz/Packetizer.h"
#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/CompileOptions.h"
#include "compiler/utils/KernelMetadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"

#define DEBUG_TYPE "vecz"

using namespace llvm;

STATISTIC(NumKernelsVectorized, "Number of kernels given a vector variant");
STATISTIC(NumKernelsDeclined, "Number of kernels Vecz left scalar");

namespace vecz {

Expected<VeczPass::Options> parseVeczOptions(StringRef Params) {
  VeczPass::Options Opts;
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    auto [Key, Value] = Param.split('=');
    if (Param == "cost-model") {
      Opts.CostModel = true;
    } else if (Key == "width" && Value == "auto") {
      Opts.Width = 0;
    } else if (Key == "width") {
      if (Value.getAsInteger(10, Opts.Width) ||
          !compiler::isVeczWidth(Opts.Width))
        return createStringError(inconvertibleErrorCode(),
                                 "vecz: width must be a power of two from 2 "
                                 "to 64 or 'auto', not '%s'",
                                 Value.str().c_str());
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "vecz: the options are 'width=N', "
                               "'width=auto' and 'cost-model', not '%s'",
                               Param.str().c_str());
    }
  }
  return Opts;
}

void addVeczPasses(ModulePassManager &MPM,
                   const compiler::CompileOptions &Opts) {
  if (Opts.WholeFunctionVectorization == compiler::WFVMode::Never)
    return;
  MPM.addPass(VeczPass({Opts.VeczWidth, Opts.WholeFunctionVectorization ==
                                            compiler::WFVMode::Auto}));
}

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

static bool hasDivergentSwitch(const Function &Kernel,
                               const UniformityInfo &Uniformity) {
  return any_of(Kernel, [&](const BasicBlock &BB) {
    return isa<SwitchInst>(BB.getTerminator()) &&
           Uniformity.isDivergentBranch(BB.getTerminator());
  });
}

/// Whether \p Vector, a variant of \p Kernel at \p Width, is worth having;
/// if not, says why through \p ORE.
static bool isWorthIt(Function &Kernel, Function &Vector, unsigned Width,
                      FunctionAnalysisManager &FAM,
                      OptimizationRemarkEmitter &ORE) {
  double ScalarCost = estimateRunCost(Kernel, FAM);
  double VectorCost = estimateRunCost(Vector, FAM);
  if (VectorCost <= ScalarCost * Width)
    return true;
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "NotWorthIt", &Kernel)
           << "kernel '" << Kernel.getName() << "' not vectorized: at width "
           << ore::NV("Width", Width) << " a vector run costs "
           << ore::NV("VectorCost", static_cast<int64_t>(VectorCost))
           << ", more than " << ore::NV("Width", Width) << " scalar runs (each "
           << ore::NV("ScalarCost", static_cast<int64_t>(ScalarCost)) << ")";
  });
  return false;
}

/// Vectorizes \p Kernel, or says why not through \p ORE.
static bool vectorizeKernel(Function &Kernel, VeczPass::Options Opts,
                            FunctionAnalysisManager &FAM) {
  canonicalizeControlFlow(Kernel, FAM, /*LowerSwitches=*/false);
  // A uniform switch stays one (a jump table); a divergent one is lowered
  // to the branches that linearization turns into masks.
  if (hasDivergentSwitch(Kernel, FAM.getResult<UniformityAnalysis>(Kernel)))
    canonicalizeControlFlow(Kernel, FAM, /*LowerSwitches=*/true);
  OptimizationRemarkEmitter ORE(&Kernel);
  const UniformityInfo &Uniformity = FAM.getResult<UniformityAnalysis>(Kernel);
  const StrideInfo &Strides = FAM.getResult<StrideAnalysis>(Kernel);
  unsigned Width =
      Opts.Width ? Opts.Width : chooseWidth(Kernel, Uniformity, FAM);
  if (Width == 0) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NoRoom", &Kernel)
             << "kernel '" << Kernel.getName()
             << "' not vectorized: its required work-group size is 1 in "
                "dimension 0";
    });
    ++NumKernelsDeclined;
    return false;
  }
  Expected<Function *> Vector =
      packetizeKernel(Kernel, Width, Uniformity, Strides);
  if (!Vector) {
    // The remark is how the user hears of it; the kernel stays scalar.
    std::string Why = toString(Vector.takeError());
    LLVM_DEBUG(dbgs() << "not vectorized: " << Why << "\n");
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotVectorized", &Kernel)
             << Why;
    });
    ++NumKernelsDeclined;
    return false;
  }
  if (Opts.CostModel && !isWorthIt(Kernel, **Vector, Width, FAM, ORE)) {
    FAM.clear(**Vector, (*Vector)->getName());
    (*Vector)->eraseFromParent();
    ++NumKernelsDeclined;
    return false;
  }
  compiler::utils::setVectorVariant(Kernel, {*Vector, Width});
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Vectorized", &Kernel)
           << "kernel '" << Kernel.getName() << "' vectorized at width "
           << ore::NV("Width", Width);
  });
  ++NumKernelsVectorized;
  return true;
}

PreservedAnalyses VeczPass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Attempted = false;
  for (Function *Kernel : compiler::utils::getKernelEntryPoints(M))
    if (!compiler::utils::getVectorVariant(*Kernel)) {
      vectorizeKernel(*Kernel, Opts, FAM);
      Attempted = true;
    }
  // A new function and metadata, and the kernels' loops in canonical form.
  return Attempted ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecz
