//===- AddKernelWrapperPass.h - The kernel ABI entry point ------*- C++ -*-===//
///
/// \file
/// Assumes: kernel entry points whose trailing parameters, if any, are the
/// scheduling parameters listed by `!mux_scheduled_fn`.
/// Does: packs the kernel parameters into `MuxPackedArgs.<kernel>` (natural
/// alignment, in order, structs passed by value stored in place) and makes
/// `<kernel>.mux-kernel-wrapper(ptr %packed-args, <driver-passed scheduling
/// parameters>)`, which loads the arguments, sets up the scheduling
/// parameters the driver does not pass (BuiltinInfo) and calls the kernel.
/// Produces: the wrapper as the entry point (its pointer parameters
/// `noalias nocapture readonly`), with the `mux-packed-args`
/// attribute naming its struct type; the kernel becomes internal and
/// always-inline. Pipeline name: `add-kernel-wrapper`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_ADDKERNELWRAPPERPASS_H
#define COMPILER_PASSES_WORKGROUP_ADDKERNELWRAPPERPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class AddKernelWrapperPass : public llvm::PassInfoMixin<AddKernelWrapperPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_ADDKERNELWRAPPERPASS_H
