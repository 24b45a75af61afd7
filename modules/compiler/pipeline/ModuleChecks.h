//===- ModuleChecks.h - Constructs this Loom cannot compile yet -*- C++ -*-===//
///
/// \file
/// Finds what a module asks for that the pipeline cannot honour, so that it
/// is rejected with a message naming the construct instead of miscompiled:
/// barriers and fences, `__local` memory, calls to functions nobody
/// defines (builtins the library does not provide), kernels that require
/// sub-groups of a size Loom's do not have, and kernel arguments of image
/// types Loom's images are not (depth and multi-sample images).
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_MODULECHECKS_H
#define COMPILER_PIPELINE_MODULECHECKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace compiler {

class BuiltinInfo;

/// Checks \p M after the work-item builtins were lowered to mux builtins.
/// The error lists every problem, one `FileName: error: ...` line each.
llvm::Error checkModuleIsSupported(llvm::Module &M, const BuiltinInfo &BI,
                                   llvm::StringRef FileName);

/// Checks that each of \p Kernels (CompileOptions::Kernels) names a kernel
/// of \p M: select-kernels keeps only those, and a name that is no kernel
/// would leave nothing to launch without a word.
llvm::Error checkSelectedKernels(const llvm::Module &M,
                                 llvm::ArrayRef<std::string> Kernels,
                                 llvm::StringRef FileName);

/// An error, instead of LLVM's abort, when the pipeline (Loom's or a
/// target's passes) has made an invalid module \p M: a bug, but not the
/// host's end.
llvm::Error checkPipelineOutput(const llvm::Module &M,
                                llvm::StringRef FileName);

} // namespace compiler

#endif // COMPILER_PIPELINE_MODULECHECKS_H
