//===- AddEntryHookPass.h - Slices of work-groups ---------------*- C++ -*-===//
///
/// \file
/// Assumes: kernel entry points with the signature AddKernelWrapperPass
/// gives them, `(ptr %packed.args, ptr %wg)`, where %wg is the reference
/// work-group info (metadata/abi.h).
/// Does: makes `<kernel>.mux-entry-hook(ptr %packed.args, ptr %wg,
/// i64 %first, i64 %end)`, which runs the work-groups numbered [first, end)
/// (x fastest): for each it writes the group id into the worker's %wg and
/// calls the wrapper. The driver then pays its per-call cost once per slice
/// of work-groups, and the optimizer can hoist what does not change from one
/// group to the next out of the loop.
/// Produces: the hook as the entry point; the wrapper becomes internal and
/// always-inline. Pipeline name: `add-entry-hook`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_ADDENTRYHOOKPASS_H
#define COMPILER_PASSES_WORKGROUP_ADDENTRYHOOKPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class AddEntryHookPass : public llvm::PassInfoMixin<AddEntryHookPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_ADDENTRYHOOKPASS_H
