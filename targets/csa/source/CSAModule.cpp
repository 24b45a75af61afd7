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

#include "compiler/ReferencePipeline.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
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

std::shared_ptr<compiler::BuiltinInfo> CSAPassMachinery::createBuiltinInfo() {
  return std::make_shared<CSABuiltinInfo>();
}

void CSAPassMachinery::registerTargetPasses(PassBuilder &PB) {
#define CSA_MODULE_PASS(NAME, CLASS) registerPassName(CLASS::name(), NAME);
#define CSA_FUNCTION_PASS(NAME, CLASS) registerPassName(CLASS::name(), NAME);
#include "CSAPassRegistry.def"
#define CSA_FUNCTION_ANALYSIS(NAME, CLASS, PRINTER)                            \
  getFAM().registerPass([] { return CLASS(); });
#include "CSAPassRegistry.def"
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define CSA_MODULE_PASS(NAME, CLASS)                                           \
  if (Name == NAME) {                                                          \
    MPM.addPass(CLASS());                                                      \
    return true;                                                               \
  }
#include "CSAPassRegistry.def"
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define CSA_FUNCTION_PASS(NAME, CLASS)                                         \
  if (Name == NAME) {                                                          \
    FPM.addPass(CLASS());                                                      \
    return true;                                                               \
  }
#define CSA_FUNCTION_ANALYSIS(NAME, CLASS, PRINTER)                            \
  if (Name == "print<" NAME ">") {                                             \
    FPM.addPass(PRINTER(errs()));                                              \
    return true;                                                               \
  }
#include "CSAPassRegistry.def"
        return false;
      });
}

void CSAPassMachinery::printTargetPassNames(raw_ostream &OS) const {
  OS << "CSA module passes:\n";
#define CSA_MODULE_PASS(NAME, CLASS) OS << "  " << NAME << "\n";
#include "CSAPassRegistry.def"
  OS << "CSA function passes:\n";
#define CSA_FUNCTION_PASS(NAME, CLASS) OS << "  " << NAME << "\n";
#include "CSAPassRegistry.def"
  OS << "CSA function analyses:\n";
#define CSA_FUNCTION_ANALYSIS(NAME, CLASS, PRINTER)                            \
  OS << "  " << NAME << " (print<" << NAME << ">)\n";
#include "CSAPassRegistry.def"
}

ArrayRef<compiler::TargetHeader> CSAModule::getTargetHeaders() const {
  return Headers;
}

std::unique_ptr<compiler::PassMachinery> CSAModule::createPassMachinery() {
  Expected<TargetMachine &> TM = getTargetMachine();
  if (!TM) {
    consumeError(TM.takeError());
    return std::make_unique<CSAPassMachinery>(nullptr);
  }
  return std::make_unique<CSAPassMachinery>(&*TM);
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
  Expansion.addPass(CSAMemoryOrderingLoweringPass());
  MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Expansion)));
  MPM.addPass(LoopSPMDizationPass());
  MPM.addPass(createModuleToFunctionPassAdaptor(CSAInnerLoopPrepPass()));
  MPM.addPass(CSAIntrinsicCleanerPass());

  compiler::ReferencePipelineOptions Opts =
      compiler::getReferencePipelineOptions(*this);
  // CSA-21: a single-work-item kernel is a plain function on a CSA.
  Opts.SingleWorkItemWithoutLoops = true;
  compiler::addReferenceLatePasses(MPM, Machinery.getPassBuilder(), Opts);
}

} // namespace csa

void loomRegisterTargetcsa(compiler::TargetRegistry &Registry) {
  Registry.add(
      {"csa", "Configurable Spatial Accelerator (runs on the reference driver)",
       [](LLVMContext &Ctx, const compiler::CompileOptions &Opts)
           -> std::unique_ptr<compiler::BaseModule> {
         return std::make_unique<csa::CSAModule>(Ctx, Opts);
       }});
}
