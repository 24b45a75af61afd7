//===- FixupCallingConventionsPass.h - SPIR calls to C ----------*- C++ -*-===//
///
/// \file
/// Assumes: a module from an OpenCL frontend, whose kernels and functions
/// use the `spir_kernel` / `spir_func` calling conventions, which x86-64
/// code generation does not accept.
/// Does: gives every function and every call the C calling convention, so
/// callers and callees still agree.
/// Produces: a module with no SPIR calling convention left. Pipeline name:
/// `fixup-calling-conventions`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_FIXUPCALLINGCONVENTIONSPASS_H
#define COMPILER_PASSES_INPUT_FIXUPCALLINGCONVENTIONSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

/// Gives every function and call of \p M that uses a SPIR calling
/// convention the C one. Returns whether anything changed.
bool setCCallingConventions(llvm::Module &M);

class FixupCallingConventionsPass
    : public llvm::PassInfoMixin<FixupCallingConventionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_FIXUPCALLINGCONVENTIONSPASS_H
