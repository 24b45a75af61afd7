//===- VeczPass.cpp - Whole-function vectorization ------------------------===//
///
/// \file
/// See vecz/VeczPass.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczPass.h"

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
  if (Params.empty())
    return Opts;
  auto [Key, Value] = Params.split('=');
  if (Key != "width")
    return createStringError(inconvertibleErrorCode(),
                             "vecz: the only option is 'width=N', not '%s'",
                             Params.str().c_str());
  if (Value.getAsInteger(10, Opts.Width) || !compiler::isVeczWidth(Opts.Width))
    return createStringError(inconvertibleErrorCode(),
                             "vecz: width must be a power of two from 2 to "
                             "64, not '%s'",
                             Value.str().c_str());
  return Opts;
}

void addVeczPasses(ModulePassManager &MPM,
                   const compiler::CompileOptions &Opts) {
  if (Opts.WholeFunctionVectorization == compiler::WFVMode::Never)
    return;
  MPM.addPass(VeczPass({Opts.VeczWidth}));
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

/// Vectorizes \p Kernel, or says why not through \p ORE.
static bool vectorizeKernel(Function &Kernel, unsigned Width,
                            FunctionAnalysisManager &FAM) {
  canonicalizeControlFlow(Kernel, FAM, /*LowerSwitches=*/false);
  // A uniform switch stays one (a jump table); a divergent one is lowered
  // to the branches that linearization turns into masks.
  if (hasDivergentSwitch(Kernel, FAM.getResult<UniformityAnalysis>(Kernel)))
    canonicalizeControlFlow(Kernel, FAM, /*LowerSwitches=*/true);
  OptimizationRemarkEmitter ORE(&Kernel);
  const UniformityInfo &Uniformity = FAM.getResult<UniformityAnalysis>(Kernel);
  const StrideInfo &Strides = FAM.getResult<StrideAnalysis>(Kernel);
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
      vectorizeKernel(*Kernel, Opts.Width, FAM);
      Attempted = true;
    }
  // A new function and metadata, and the kernels' loops in canonical form.
  return Attempted ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecz
