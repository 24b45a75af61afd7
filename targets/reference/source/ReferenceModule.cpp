//===- ReferenceModule.cpp - The reference target
//---------------------------===//
///
/// \file
/// The smallest target: a BaseModule subclass that runs the reference late
/// pipeline with the default BuiltinInfo, registered as "reference". What a
/// new target starts from (doc/csa.md shows what the CSA target changes).
///
//===----------------------------------------------------------------------===//

#include "compiler/BaseModule.h"
#include "compiler/PassMachinery.h"
#include "compiler/ReferencePipeline.h"
#include "compiler/Target.h"

#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace {

class ReferenceModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  StringRef getTargetName() const override { return "reference"; }

protected:
  void getLateTargetPasses(ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override {
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
};

} // namespace

void loomRegisterTargetreference(compiler::TargetRegistry &Registry) {
  Registry.add({"reference", "The SDK's reference pipeline and kernel ABI",
                [](LLVMContext &Ctx, const compiler::CompileOptions &Opts)
                    -> std::unique_ptr<compiler::BaseModule> {
                  return std::make_unique<ReferenceModule>(Ctx, Opts);
                }});
}
