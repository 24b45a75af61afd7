//===- compiler/utils/WorkItemLoopsPass.h - Work-item loops around kernels -*- C++ -*-===//
///
/// \file
/// Assumes: kernel entry points written for one work-item (SIMT), which use
/// mux builtins for their ids and contain no barrier.
/// Does: makes each entry point run a whole work-group: a new function
/// `<kernel>.mux-barrier-wrapper` with the kernel's parameters loops over
/// the local ids of dimensions 2, 1 and 0 (innermost), sets each with
/// `__mux_set_local_id`, and calls the kernel. Loops are bottom-tested (a
/// work-group has at least one work-item in each dimension). A kernel that
/// calls a barrier is reported as unsupported through the context's
/// diagnostic handler and left alone.
/// Produces: the wrapper as the new entry point; the kernel becomes internal
/// and always-inline. Pipeline name: `work-item-loops`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_UTILS_WORKITEMLOOPSPASS_H
#define COMPILER_UTILS_WORKITEMLOOPSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class WorkItemLoopsPass : public llvm::PassInfoMixin<WorkItemLoopsPass> {
public:

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_UTILS_WORKITEMLOOPSPASS_H
