//===- LowerToMuxBuiltinsPass.h - Work-item builtins to mux -----*- C++ -*-===//
///
/// \file
/// Assumes: calls to the OpenCL C work-item, barrier and fence functions,
/// declared with the Itanium-mangled names Clang gives them
/// (`_Z13get_global_idj`, `_Z7barrierj`, ...).
/// Does: replaces each work-item function call by a call to the `__mux_*`
/// builtin of Builtins.def with the same signature; each barrier by
/// `__mux_work_group_barrier(id, scope, flags)`, where the id is unique in
/// the module and given before any pass duplicates code (so copies of a
/// barrier keep their identity); each fence by `__mux_mem_barrier(scope,
/// flags)`. Every call to a mux builtin whose results the ABI bounds gets
/// them as its `!range` (BuiltinInfo::getMuxBuiltinRange: local ids below
/// LOOM_MAX_WORK_GROUP_ITEMS, sizes not 0, ...), so that the optimizer
/// narrows arithmetic on them and drops guards they make needless.
/// Produces: no OpenCL work-item or synchronization function left; mux
/// builtin declarations; `!range` on calls to them.
/// Pipeline name: `lower-to-mux-builtins`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_LOWERTOMUXBUILTINSPASS_H
#define COMPILER_PASSES_INPUT_LOWERTOMUXBUILTINSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class LowerToMuxBuiltinsPass
    : public llvm::PassInfoMixin<LowerToMuxBuiltinsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_LOWERTOMUXBUILTINSPASS_H
