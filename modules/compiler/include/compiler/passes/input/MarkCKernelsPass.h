//===- MarkCKernelsPass.h - Kernels from plain C ----------------*- C++ -*-===//
///
/// \file
/// Assumes: a module compiled from plain C (`loomc -x c`), where a kernel is
/// a function returning void marked `__attribute__((annotate("loom_kernel")))`
/// (csa/builtins.h spells it CSA_KERNEL), its pointers in the default
/// address space.
/// Does: gives each such function a kernel as OpenCL C would have written
/// it: a `spir_kernel` function of the same name whose pointer parameters
/// are global buffers (address space 1, cast to the default space for the
/// call), with OpenCL's kernel argument metadata, and reqd_work_group_size
/// (1, 1, 1), since C code is written for one thread. The function itself
/// becomes `<name>.c-body`, internal and always-inline. A marked function
/// that returns a value is an error naming it.
/// Produces: kernels transfer-kernel-metadata recognises; the annotations
/// are removed. Pipeline name: `mark-c-kernels`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_MARKCKERNELSPASS_H
#define COMPILER_PASSES_INPUT_MARKCKERNELSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class MarkCKernelsPass : public llvm::PassInfoMixin<MarkCKernelsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_MARKCKERNELSPASS_H
