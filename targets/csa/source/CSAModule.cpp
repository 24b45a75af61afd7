//===- CSAModule.cpp - The CSA target's module ----------------------------===//
///
/// \file
/// See csa/CSAModule.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAModule.h"

#include "csa/CSABuiltinInfo.h"
#include "csa/CSAFortranIntrinsicsPass.h"
#include "csa/CSAInnerLoopPrepPass.h"
#include "csa/CSAIntrinsicCleanerPass.h"
#include "csa/CSALoopIntrinsicExpanderPass.h"
#include "csa/CSAMemoryOrdering.h"
#include "csa/CSAMemoryOrderingLoweringPass.h"
#include "csa/CSARegionIdsPass.h"
#include "csa/LoopSPMDizationPass.h"

#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/ReferencePipeline.h"
#include "compiler/pipeline/TargetPassRegistry.h"
#include "vecz/Vecz.h"
#include "vecz/VeczPass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;

namespace csa {

namespace {

const compiler::TargetHeader Headers[] = {
    {
        "csa/builtins.h",
#include "csa_builtins_header.inc"
    },
};

/// Canonicalization before CLIE: SROA, loop-simplify and LICM, so that
/// spurious memory operations and loop-bound loads leave the loops. Without
/// optimization only loop-simplify, which the CSA passes need.
FunctionPassManager buildCanonicalization(bool Optimize) {
  FunctionPassManager FPM;
  if (Optimize)
    FPM.addPass(SROAPass());
  FPM.addPass(LoopSimplifyPass());
  if (Optimize)
    FPM.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                                /*UseMemorySSA=*/true));
  return FPM;
}

} // namespace

std::shared_ptr<compiler::BuiltinInfo> CSAModule::createBuiltinInfo() const {
  return std::make_shared<CSABuiltinInfo>();
}

void CSAModule::registerPasses(compiler::TargetPassRegistry &Passes) {
#define CSA_MODULE_PASS(NAME, CLASS) Passes.addModulePass<CLASS>(NAME);
#define CSA_FUNCTION_PASS(NAME, CLASS) Passes.addFunctionPass<CLASS>(NAME);
#define CSA_FUNCTION_PASS_WITH_PARAMS(NAME, CLASS, PARSER, PARAMS)             \
  Passes.addFunctionPassWithParams<CLASS>(NAME, PARAMS, PARSER);
#define CSA_FUNCTION_ANALYSIS(NAME, CLASS, PRINTER)                            \
  Passes.addFunctionAnalysis<CLASS, PRINTER>(NAME);
#include "CSAPassRegistry.def"
  vecz::registerPasses(Passes);
}

ArrayRef<compiler::TargetHeader> CSAModule::getTargetHeaders() const {
  return Headers;
}

void CSAModule::getEarlyTargetPasses(ModulePassManager &MPM,
                                     compiler::PassMachinery &) {
  MPM.addPass(CSAFortranIntrinsicsPass());
}

void CSAModule::getLateTargetPasses(ModulePassManager &MPM,
                                    compiler::PassMachinery &Machinery) {
  MPM.addPass(createModuleToFunctionPassAdaptor(
      buildCanonicalization(!getOptions().OptDisable)));
  FunctionPassManager Expansion;
  Expansion.addPass(CSALoopIntrinsicExpanderPass());
  Expansion.addPass(CSARegionIdsPass());
  Expansion.addPass(CSAMemoryOrderingLoweringPass(
      vecz::hasFastGathers(Machinery.getTargetMachine())));
  MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Expansion)));
  MPM.addPass(LoopSPMDizationPass());
  MPM.addPass(createModuleToFunctionPassAdaptor(CSAInnerLoopPrepPass()));
  MPM.addPass(CSAIntrinsicCleanerPass());

  vecz::TargetLimits Limits;
  Limits.StridedGathers = vecz::hasFastGathers(Machinery.getTargetMachine());
  vecz::addVeczPasses(MPM, getOptions(), Limits);
  compiler::ReferencePipelineOptions Opts =
      compiler::getReferencePipelineOptions(*this, Machinery);
  // CSA-21: a single-work-item kernel is a plain function on a CSA.
  Opts.SingleWorkItemWithoutLoops = true;
  compiler::addReferenceLatePasses(MPM, Machinery.getPassBuilder(), Opts);
}

} // namespace csa

void loomRegisterTargetcsa(compiler::TargetRegistry &Registry) {
  Registry.add(compiler::Target::of<csa::CSAModule>(
      "csa",
      "Configurable Spatial Accelerator (runs on the reference driver)"));
}
