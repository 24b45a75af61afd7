//===- InternalizeNonKernelsPass.cpp - Only kernels stay external ---------===//
///
/// \file
/// See compiler/passes/input/InternalizeNonKernelsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/InternalizeNonKernelsPass.h"

#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "internalize-non-kernels"

using namespace llvm;

STATISTIC(NumInternalized, "Number of functions made internal");

namespace compiler {
namespace utils {

/// The functions that stay external: the kernels, the vector variants
/// they name (only metadata refers to those, which would not keep an
/// internal function alive), and what `llvm.used` and `llvm.compiler.used`
/// keep, which the program asked to stay as it is.
static SmallPtrSet<GlobalValue *, 8> externalFunctions(Module &M) {
  SmallVector<GlobalValue *, 8> Kept;
  collectUsedGlobalVariables(M, Kept, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(M, Kept, /*CompilerUsed=*/true);
  for (Function &F : M) {
    if (!isKernel(F))
      continue;
    Kept.push_back(&F);
    if (std::optional<VectorVariant> Variant = getVectorVariant(F))
      for (Function *VariantFunction : Variant->getFunctions())
        Kept.push_back(VariantFunction);
  }
  return SmallPtrSet<GlobalValue *, 8>(Kept.begin(), Kept.end());
}

bool internalizeNonKernels(Module &M) {
  SmallPtrSet<GlobalValue *, 8> External = externalFunctions(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasLocalLinkage() || External.contains(&F))
      continue;
    F.setLinkage(GlobalValue::InternalLinkage);
    F.setComdat(nullptr);
    ++NumInternalized;
    Changed = true;
  }
  return Changed;
}

PreservedAnalyses InternalizeNonKernelsPass::run(Module &M,
                                                 ModuleAnalysisManager &) {
  return internalizeNonKernels(M) ? PreservedAnalyses::none()
                                  : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
