//===- TransferKernelMetadataPass.cpp - Frontend kernel info to Loom's ----===//
///
/// \file
/// See compiler/passes/input/TransferKernelMetadataPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/TransferKernelMetadataPass.h"

#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "transfer-kernel-metadata"

using namespace llvm;

STATISTIC(NumKernels, "Number of kernels marked as entry points");

namespace compiler {
namespace utils {

PreservedAnalyses TransferKernelMetadataPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != CallingConv::SPIR_KERNEL)
      continue;
    setIsKernelEntryPoint(F);
    setOrigFnName(F, F.getName());
    if (auto Sizes = readSizeTriple(F, "reqd_work_group_size"))
      setReqdWorkGroupSize(F, *Sizes);
    if (auto Sizes = readSizeTriple(F, "work_group_size_hint"))
      setWorkGroupSizeHint(F, *Sizes);
    if (MDNode *Hint = F.getMetadata("vec_type_hint"))
      F.setMetadata("mux_vec_type_hint", Hint);
    transferOpenCLArgInfo(F);
    ++NumKernels;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
