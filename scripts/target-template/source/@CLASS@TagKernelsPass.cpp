//===- @CLASS@TagKernelsPass.cpp - Marks the @NAME@ kernels ---------------===//
///
/// \file
/// See @CLASS@TagKernelsPass.h.
///
//===----------------------------------------------------------------------===//

#include "@CLASS@TagKernelsPass.h"

#include "compiler/analysis/KernelMetadata.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace @NAME@ {

PreservedAnalyses @CLASS@TagKernelsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function *Kernel : compiler::utils::getKernelEntryPoints(M)) {
    Kernel->addFnAttr("@NAME@-kernel");
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace @NAME@
