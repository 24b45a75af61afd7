//===- EncodeKernelMetadataPass.cpp - Derived kernel facts as metadata ----===//
///
/// \file
/// See compiler/passes/input/EncodeKernelMetadataPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/EncodeKernelMetadataPass.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/analysis/LocalMemory.h"

#include "llvm/IR/Module.h"

#define DEBUG_TYPE "encode-kernel-metadata"

using namespace llvm;

namespace compiler {
namespace utils {

PreservedAnalyses EncodeKernelMetadataPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  SmallVector<Function *, 4> Kernels = getKernelEntryPoints(M);
  LocalMemoryLayout Layout = computeLocalMemoryLayout(M);
  for (Function *Kernel : Kernels) {
    setLocalMemoryUsage(*Kernel, getLocalMemoryNeeded(*Kernel, Layout));
    setVectorizationWidth(*Kernel, Opts.VectorizationWidth);
  }
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
