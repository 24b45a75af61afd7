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

#include "compiler/BaseModule.h"
#include "compiler/PassMachinery.h"
#include "compiler/Target.h"

namespace csa {

/// Serves CSABuiltinInfo and registers the CSA passes and analyses under
/// their pipeline names.
class CSAPassMachinery : public compiler::PassMachinery {
public:
  using compiler::PassMachinery::PassMachinery;

  void printTargetPassNames(llvm::raw_ostream &OS) const override;

protected:
  std::shared_ptr<compiler::BuiltinInfo> createBuiltinInfo() override;
  void registerTargetPasses(llvm::PassBuilder &PB) override;
};

class CSAModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  llvm::StringRef getTargetName() const override { return "csa"; }
  llvm::ArrayRef<compiler::TargetHeader> getTargetHeaders() const override;
  std::unique_ptr<compiler::PassMachinery> createPassMachinery() override;

protected:
  void getEarlyTargetPasses(llvm::ModulePassManager &MPM,
                            compiler::PassMachinery &Machinery) override;
  void getLateTargetPasses(llvm::ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override;
};

} // namespace csa

/// Registers the CSA target; called by the tools (see compiler/Target.h).
void loomRegisterTargetcsa(compiler::TargetRegistry &Registry);

#endif // CSA_CSAMODULE_H
