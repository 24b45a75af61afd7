//===- GenericPipeline.h - The generic half of finalize ---------*- C++ -*-===//
///
/// \file
/// The passes BaseModule::finalize runs on every target's module between
/// the target's early and late passes (doc/overview.md, "The pipeline"):
/// the input fix-ups (passes/input), LLVM's O2 simplification (a huge kernel
/// in pieces), the parallel loops lowered (passes/parallel), and the early
/// vectorizers `-cl-vec=` asks for.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_GENERICPIPELINE_H
#define COMPILER_PIPELINE_GENERICPIPELINE_H

#include "llvm/IR/PassManager.h"

namespace compiler {

struct CompileOptions;
class PassMachinery;

/// Adds the generic half of the pipeline, for \p Opts, to \p MPM.
void addGenericPipeline(llvm::ModulePassManager &MPM, PassMachinery &Machinery,
                        const CompileOptions &Opts);

} // namespace compiler

#endif // COMPILER_PIPELINE_GENERICPIPELINE_H
