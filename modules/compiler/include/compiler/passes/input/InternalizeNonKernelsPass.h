//===- InternalizeNonKernelsPass.h - Only kernels stay external -*- C++ -*-===//
///
/// \file
/// Assumes: a whole program, linked (clLinkProgram and the program's own
/// inputs are linked before finalize), whose kernels carry `"mux-kernel"`
/// (transfer-kernel-metadata, mark-c-kernels).
/// Does: gives every function the module defines that is not a kernel
/// internal linkage (and no comdat), but for the vector variants a kernel
/// names (`!mux_vector_variant`) and those `llvm.used` or
/// `llvm.compiler.used` names. Nothing outside the program can call a
/// kernel's helper, since the driver calls kernels only, so the optimizer
/// may then inline a helper into its callers and delete it, and code
/// generation no longer compiles the external copy of every helper the
/// kernels inlined: in a kernel of many helpers (bench/cases/tracking.cl)
/// those copies were a third of the compile.
/// Produces: kernels and declarations external as before; the other
/// definitions internal. Pipeline name: `internalize-non-kernels`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_INTERNALIZENONKERNELSPASS_H
#define COMPILER_PASSES_INPUT_INTERNALIZENONKERNELSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

/// Gives every function \p M defines internal linkage, but kernels, their
/// vector variants and the functions `llvm.used` or `llvm.compiler.used`
/// name. Returns whether anything changed.
bool internalizeNonKernels(llvm::Module &M);

class InternalizeNonKernelsPass
    : public llvm::PassInfoMixin<InternalizeNonKernelsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_INTERNALIZENONKERNELSPASS_H
