//===- compiler/utils/LowerToMuxBuiltinsPass.h - OpenCL work-item builtins to mux -*- C++ -*-===//
///
/// \file
/// Assumes: calls to the OpenCL C work-item functions, declared with the
/// Itanium-mangled names Clang gives them (`_Z13get_global_idj`, ...).
/// Does: replaces each call by a call to the `__mux_*` builtin of
/// Builtins.def with the same signature, which BuiltinInfo knows how to
/// lower.
/// Produces: no OpenCL work-item function left; mux builtin declarations.
/// Pipeline name: `lower-to-mux-builtins`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_UTILS_LOWERTOMUXBUILTINSPASS_H
#define COMPILER_UTILS_LOWERTOMUXBUILTINSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class LowerToMuxBuiltinsPass : public llvm::PassInfoMixin<LowerToMuxBuiltinsPass> {
public:

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_UTILS_LOWERTOMUXBUILTINSPASS_H
