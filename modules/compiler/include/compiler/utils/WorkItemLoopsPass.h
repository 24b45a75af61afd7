//===- compiler/utils/WorkItemLoopsPass.h - Work-item loops around kernels -*-
// C++ -*-===//
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
/// With the `single-work-item` option, a kernel whose required work-group
/// size is (1, 1, 1) gets no loop at all: its wrapper sets the local ids to
/// 0 and calls it once (barriers are no-ops for one work-item).
/// Produces: the wrapper as the new entry point; the kernel becomes internal
/// and always-inline. Pipeline name: `work-item-loops`, or
/// `work-item-loops<single-work-item>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_UTILS_WORKITEMLOOPSPASS_H
#define COMPILER_UTILS_WORKITEMLOOPSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class WorkItemLoopsPass : public llvm::PassInfoMixin<WorkItemLoopsPass> {
public:
  struct Options {
    /// Kernels with a required work-group size of (1, 1, 1) get no loops.
    bool SingleWorkItemWithoutLoops = false;
  };
  WorkItemLoopsPass() = default;
  explicit WorkItemLoopsPass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);

private:
  Options Opts;
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_UTILS_WORKITEMLOOPSPASS_H
