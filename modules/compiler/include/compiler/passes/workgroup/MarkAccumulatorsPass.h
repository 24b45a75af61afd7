//===- MarkAccumulatorsPass.h - Add-only buffers ----------------*- C++ -*-===//
///
/// \file
/// Assumes: kernels whose builtins are linked and inlined (the reference late
/// pipeline runs it after link-builtins<late>), before work-item-loops wraps
/// them; Vecz's variants, if any, named by !mux_vector_variant.
/// Does: finds the `__global` pointer parameters through which a kernel, and
/// every vector variant of it, does nothing but integer atomic additions
/// (`atomicrmw add` or `sub`, not volatile, naturally aligned, all of one
/// width) whose results it never uses: a histogram's bins under
/// atomic_inc or atomic_add. No load, store, call, comparison or escape of
/// the pointer, through any address arithmetic, is allowed.
/// Why: such a buffer ends up as its first contents plus the sum of the
/// additions, in any order, and no work-item can see it in between, so the
/// driver may give each worker a zeroed copy and add the copies into the
/// buffer when the launch ends, instead of every addition fighting over the
/// same cache lines between cores (doc/performance.md).
/// Produces: !mux_accumulator_args on each kernel that has such parameters,
/// the width in bytes per parameter (0: not one), which transfers to the
/// entry point and add-metadata writes into the argument descriptors.
/// Changes no code. Pipeline name: `mark-accumulators`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_MARKACCUMULATORSPASS_H
#define COMPILER_PASSES_WORKGROUP_MARKACCUMULATORSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class MarkAccumulatorsPass : public llvm::PassInfoMixin<MarkAccumulatorsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_MARKACCUMULATORSPASS_H
