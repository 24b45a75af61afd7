//===- @CLASS@Module.cpp - The @NAME@ target ------------------------------===//
///
/// \file
/// The @NAME@ target: one BaseModule subclass. It keeps the reference late
/// pipeline (work-item loops, kernel wrapper, descriptors, optimization),
/// runs its own pass in front of it, and lowers the work-item builtins with
/// its own BuiltinInfo. Its binaries run on Loom's reference driver.
///
/// Other hooks of BaseModule a target may override
/// (compiler/pipeline/BaseModule.h): getEarlyTargetPasses (passes before the
/// builtins are linked), getTargetHeaders (headers kernels `#include` without
/// -I) and createTargetMachine (the code generator).
///
//===----------------------------------------------------------------------===//

#include "@CLASS@BuiltinInfo.h"
#include "@CLASS@TagKernelsPass.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/ReferencePipeline.h"
#include "compiler/pipeline/Target.h"
#include "compiler/pipeline/TargetPassRegistry.h"

namespace @NAME@ {
namespace {

class @CLASS@Module : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  std::shared_ptr<compiler::BuiltinInfo> createBuiltinInfo() const override {
    return std::make_shared<@CLASS@BuiltinInfo>();
  }

  /// The target's passes by name, for `loom-opt -passes=` and
  /// `--print-after=`.
  static void registerPasses(compiler::TargetPassRegistry &Passes) {
    Passes.addModulePass<@CLASS@TagKernelsPass>("@NAME@-tag-kernels");
  }

protected:
  void getLateTargetPasses(llvm::ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override {
    MPM.addPass(@CLASS@TagKernelsPass());
    compiler::addReferenceLatePasses(
        MPM, Machinery.getPassBuilder(),
        compiler::getReferencePipelineOptions(*this, Machinery));
  }
};

} // namespace
} // namespace @NAME@

LOOM_TARGET_PLUGIN(Registry) {
  Registry.add(compiler::Target::of<@NAME@::@CLASS@Module>(
      "@NAME@", "The @NAME@ target (runs on the reference driver)"));
}
