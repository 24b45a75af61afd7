//===- DefineMuxBuiltinsPass.h - Bodies for mux builtins --------*- C++ -*-===//
///
/// \file
/// Assumes: AddSchedulingParametersPass has run, so mux builtins carry
/// their scheduling parameters.
/// Does: asks BuiltinInfo for the body of each declared mux builtin, then of
/// the mux builtins those bodies call, until none is left undefined.
/// Produces: internal always-inline definitions. Pipeline name:
/// `define-mux-builtins`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_DEFINEMUXBUILTINSPASS_H
#define COMPILER_PASSES_WORKGROUP_DEFINEMUXBUILTINSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class DefineMuxBuiltinsPass
    : public llvm::PassInfoMixin<DefineMuxBuiltinsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_DEFINEMUXBUILTINSPASS_H
