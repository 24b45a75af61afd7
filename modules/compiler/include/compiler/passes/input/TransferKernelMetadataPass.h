//===- TransferKernelMetadataPass.h - Frontend kernel info ------*- C++ -*-===//
///
/// \file
/// Assumes: kernels as a frontend emits them (the `spir_kernel` calling
/// convention; Clang's `reqd_work_group_size`, `work_group_size_hint`,
/// `vec_type_hint` and `kernel_arg_type`, `kernel_arg_type_qual`,
/// `kernel_arg_name`, `kernel_arg_base_type` and `kernel_arg_access_qual`
/// function metadata).
/// Does: marks each kernel as an entry point with its original name and
/// copies its work-group size and vector type hints and its arguments'
/// type names, type qualifiers, names, base types and access qualifiers
/// into Loom's metadata.
/// Produces: the kernel metadata of KernelMetadata.h, which every later pass
/// reads instead of the frontend's forms. Pipeline name:
/// `transfer-kernel-metadata`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_TRANSFERKERNELMETADATAPASS_H
#define COMPILER_PASSES_INPUT_TRANSFERKERNELMETADATAPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class TransferKernelMetadataPass
    : public llvm::PassInfoMixin<TransferKernelMetadataPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_TRANSFERKERNELMETADATAPASS_H
