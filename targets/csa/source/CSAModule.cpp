//===- CSAModule.cpp - The CSA target's module ----------------------------===//
///
/// \file
/// See csa/CSAModule.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAModule.h"

#include "compiler/PassMachinery.h"
#include "compiler/ReferencePipeline.h"

#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace csa {

void CSAModule::getLateTargetPasses(ModulePassManager &MPM,
                                    compiler::PassMachinery &Machinery) {
  compiler::ReferencePipelineOptions Opts;
  Opts.TargetName = getTargetName().str();
  Opts.Optimize = !getOptions().OptDisable;
  if (Expected<TargetMachine &> TM = getTargetMachine()) {
    Opts.CPUName = TM->getTargetCPU().str();
    Opts.CPUFeatures = TM->getTargetFeatureString().str();
  } else {
    consumeError(TM.takeError());
  }
  compiler::addReferenceLatePasses(MPM, Machinery.getPassBuilder(), Opts);
}

} // namespace csa

void loomRegisterTargetcsa(compiler::TargetRegistry &Registry) {
  Registry.add({"csa", "Configurable Spatial Accelerator (runs on the reference driver)",
                [](LLVMContext &Ctx, const compiler::CompileOptions &Opts)
                    -> std::unique_ptr<compiler::BaseModule> {
                  return std::make_unique<csa::CSAModule>(Ctx, Opts);
                }});
}
