//===- TransferKernelMetadataPass.cpp - Frontend kernel info to Loom's ----===//
///
/// \file
/// See compiler/utils/TransferKernelMetadataPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/TransferKernelMetadataPass.h"

#include "compiler/utils/KernelMetadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "transfer-kernel-metadata"

using namespace llvm;

STATISTIC(NumKernels, "Number of kernels marked as entry points");

namespace compiler {
namespace utils {

/// Reads Clang's three-operand work-group size metadata \p Kind of \p F.
static std::optional<std::array<uint32_t, 3>>
readFrontendSizes(const Function &F, StringRef Kind) {
  MDNode *N = F.getMetadata(Kind);
  if (!N || N->getNumOperands() != 3)
    return std::nullopt;
  std::array<uint32_t, 3> Sizes;
  for (unsigned I = 0; I < 3; ++I) {
    auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(I));
    if (!C)
      return std::nullopt;
    Sizes[I] = static_cast<uint32_t>(C->getZExtValue());
  }
  return Sizes;
}

PreservedAnalyses TransferKernelMetadataPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != CallingConv::SPIR_KERNEL)
      continue;
    setIsKernelEntryPoint(F);
    setOrigFnName(F, F.getName());
    if (auto Sizes = readFrontendSizes(F, "reqd_work_group_size"))
      setReqdWorkGroupSize(F, *Sizes);
    if (auto Sizes = readFrontendSizes(F, "work_group_size_hint"))
      setWorkGroupSizeHint(F, *Sizes);
    ++NumKernels;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
