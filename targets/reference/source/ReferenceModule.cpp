//===- ReferenceModule.cpp - The reference target -------------------------===//
///
/// \file
/// The smallest target: a BaseModule subclass that runs the reference late
/// pipeline with the default BuiltinInfo, registered as "reference". What a
/// new target starts from (doc/writing-a-target.md; doc/csa.md shows what
/// the CSA target changes).
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/ReferencePipeline.h"
#include "compiler/pipeline/Target.h"
#include "vecz/Vecz.h"
#include "vecz/VeczPass.h"

using namespace llvm;

namespace {

class ReferenceModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  /// Vecz's analyses, for `loom-opt -passes=print<vecz-uniformity>`.
  static void registerPasses(compiler::TargetPassRegistry &Passes) {
    vecz::registerPasses(Passes);
  }

protected:
  void getLateTargetPasses(ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override {
    // Strided accesses lane by lane where the CPU's gathers are slow.
    vecz::TargetLimits Limits;
    Limits.StridedGathers = vecz::hasFastGathers(Machinery.getTargetMachine());
    vecz::addVeczPasses(MPM, getOptions(), Limits);
    compiler::addReferenceLatePasses(
        MPM, Machinery.getPassBuilder(),
        compiler::getReferencePipelineOptions(*this, Machinery));
  }
};

} // namespace

void loomRegisterTargetreference(compiler::TargetRegistry &Registry) {
  Registry.add(compiler::Target::of<ReferenceModule>(
      "reference", "The SDK's reference pipeline and kernel ABI"));
}
