//===- AddSchedulingParametersPass.h - Scheduling parameters ----*- C++ -*-===//
///
/// \file
/// Assumes: mux builtin declarations without scheduling parameters, and the
/// functions that call them.
/// Does: appends BuiltinInfo's scheduling parameters (by default the
/// work-item info and the work-group info pointers) to every mux builtin that
/// needs them and to every function that calls one, transitively, passing
/// them through each call.
/// Produces: the rewritten functions, each marked with `!mux_scheduled_fn`
/// listing its scheduling-parameter indices, in place of the old ones; an
/// entry point becomes `<kernel>.mux-sched-wrapper`, as in the seed.
/// Pipeline name: `add-scheduling-parameters`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_ADDSCHEDULINGPARAMETERSPASS_H
#define COMPILER_PASSES_WORKGROUP_ADDSCHEDULINGPARAMETERSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class AddSchedulingParametersPass
    : public llvm::PassInfoMixin<AddSchedulingParametersPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_ADDSCHEDULINGPARAMETERSPASS_H
