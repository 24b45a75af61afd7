//===- ReplaceLocalModuleScopeVariablesPass.h - __local vars ----*- C++ -*-===//
///
/// \file
/// Assumes: kernel-scope `__local` variables as Clang emits them (module
/// globals in address space 3), used from kernels and the functions they
/// call.
/// Does: places every such variable in the work-group's local-memory arena
/// (the layout of compiler/analysis/LocalMemory.h) and replaces each use by
/// `__mux_get_local_memory()` plus the variable's offset, computed at the
/// use. The arena belongs to the worker running the work-group, so two
/// work-groups running at once never share a variable.
/// Produces: no global in address space 3; calls to the
/// `__mux_get_local_memory` builtin, which BuiltinInfo defines (by default
/// from the work-group info). Pipeline name:
/// `replace-local-module-scope-variables`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_REPLACELOCALMODULESCOPEVARIABLESPASS_H
#define COMPILER_PASSES_WORKGROUP_REPLACELOCALMODULESCOPEVARIABLESPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class ReplaceLocalModuleScopeVariablesPass
    : public llvm::PassInfoMixin<ReplaceLocalModuleScopeVariablesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_REPLACELOCALMODULESCOPEVARIABLESPASS_H
