//===- csa/CSAFortranIntrinsicsPass.h - Markers to intrinsics ---*- C++ -*-===//
///
/// \file
/// Assumes: the module as a frontend made it, where the CSA builtins are
/// calls of external functions: `__builtin_csa_*` from C and OpenCL C
/// (csa/builtins.h; arguments by value) and `builtin_csa_*_` from Fortran
/// (`call builtin_csa_spmd(8, 0)`; arguments by reference).
/// Does: replaces each call by the `llvm.csa.*` intrinsic it stands for
/// (CSA-2). A Fortran argument must point to an integer constant: a
/// constant global, or a local variable whose only store is a constant;
/// any other form is an error naming the call and the argument. The CSA
/// target runs it first, before anything can move or merge the calls.
/// Produces: no calls of the source-level builtins, and their declarations
/// removed. Pipeline name: `csa-fortran-intrinsics`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAFORTRANINTRINSICSPASS_H
#define CSA_CSAFORTRANINTRINSICSPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSAFortranIntrinsicsPass
    : public llvm::PassInfoMixin<CSAFortranIntrinsicsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace csa

#endif // CSA_CSAFORTRANINTRINSICSPASS_H
