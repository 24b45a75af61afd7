//===- OpenCLFrontend.h - OpenCL C to LLVM IR through Clang -----*- C++ -*-===//
///
/// \file
/// Runs Clang in-process on OpenCL C source held in memory. The module comes
/// out for the spir64 target (OpenCL address spaces, SPIR calling
/// conventions); BaseModule::finalize retargets it.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_OPENCLFRONTEND_H
#define COMPILER_FRONTEND_OPENCLFRONTEND_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace compiler {

/// Compiles \p Source. On failure the error holds Clang's diagnostics
/// (`file:line:col: error: ...` with the source line and a caret); on
/// success warnings, if any, go to \p OnWarnings. \p TargetHeaders can be
/// included as `<Path>`. The module has opaque pointers, or with
/// \p TypedPointers typed ones, for SPIRV-LLVM-Translator 15's writer (\p Ctx
/// must then have been made to keep typed pointers). Value names are kept
/// if \p Ctx keeps them.
llvm::Expected<std::unique_ptr<llvm::Module>>
compileOpenCLSource(llvm::LLVMContext &Ctx, llvm::StringRef Source,
                    const CompileOptions &Opts,
                    llvm::ArrayRef<TargetHeader> TargetHeaders,
                    const std::function<void(llvm::StringRef)> &OnWarnings,
                    bool TypedPointers = false);

} // namespace compiler

#endif // COMPILER_FRONTEND_OPENCLFRONTEND_H
