//===- csa/CSAModule.h - The CSA target's module ---------------*- C++ -*-===//
///
/// \file
/// The CSA (Configurable Spatial Accelerator) target as a subclass of the
/// SDK's BaseModule. Its binaries are x86-64 ELF objects the reference driver
/// runs. This version runs the SDK's reference late pipeline; the CSA
/// pathfinding passes of CSA-SPEC.md are added in front of it as they land.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAMODULE_H
#define CSA_CSAMODULE_H

#include "compiler/BaseModule.h"
#include "compiler/Target.h"

namespace csa {

class CSAModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  llvm::StringRef getTargetName() const override { return "csa"; }

protected:
  void getLateTargetPasses(llvm::ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override;
};

} // namespace csa

/// Registers the CSA target; called by the tools (see compiler/Target.h).
void loomRegisterTargetcsa(compiler::TargetRegistry &Registry);

#endif // CSA_CSAMODULE_H
