//===- csa/CSAModule.h - The CSA target's module ---------------*- C++ -*-===//
///
/// \file
/// The CSA (Configurable Spatial Accelerator) target as a subclass of the
/// SDK's BaseModule (doc/csa.md). Its binaries are x86-64 ELF objects the
/// reference driver runs. It ships csa/builtins.h to kernels, turns the
/// source-level builtins into intrinsics first (early passes), and runs the
/// CSA passes of CSA-SPEC.md in front of the reference late pipeline.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAMODULE_H
#define CSA_CSAMODULE_H

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/Target.h"

namespace csa {

class CSAModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  /// CSABuiltinInfo: its own work-group info layout (CSA-20).
  std::shared_ptr<compiler::BuiltinInfo> createBuiltinInfo() const override;
  llvm::ArrayRef<compiler::TargetHeader> getTargetHeaders() const override;
  /// The CSA passes and the csa-memory-ordering analysis, by pipeline name.
  static void registerPasses(compiler::TargetPassRegistry &Passes);

protected:
  void getEarlyTargetPasses(llvm::ModulePassManager &MPM,
                            compiler::PassMachinery &Machinery) override;
  void getLateTargetPasses(llvm::ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override;
};

} // namespace csa

/// Registers the CSA target; called by the tools (see
/// compiler/pipeline/Target.h).
void loomRegisterTargetcsa(compiler::TargetRegistry &Registry);

#endif // CSA_CSAMODULE_H
