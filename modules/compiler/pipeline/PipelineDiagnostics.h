//===- PipelineDiagnostics.h - What passes report ---------------*- C++ -*-===//
///
/// \file
/// The diagnostic handler a pipeline runs under (BaseModule::runPipeline):
/// it collects the errors passes report through the LLVMContext, formatted
/// as Clang formats diagnostics, and forwards warnings and the optimization
/// remarks asked for (`-Rpass=`, `-Rpass-missed=`) to the module's warning
/// handler.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_PIPELINEDIAGNOSTICS_H
#define COMPILER_PIPELINE_PIPELINEDIAGNOSTICS_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
} // namespace llvm

namespace compiler {

/// Installs the handler for its lifetime, and restores the previous one
/// after.
class PipelineDiagnostics {
public:
  PipelineDiagnostics(llvm::LLVMContext &Ctx, const CompileOptions &Opts,
                      const std::function<void(llvm::StringRef)> &OnWarning);
  ~PipelineDiagnostics();
  PipelineDiagnostics(const PipelineDiagnostics &) = delete;
  PipelineDiagnostics &operator=(const PipelineDiagnostics &) = delete;

  /// The errors reported so far, one DiagnosticError, or success.
  llvm::Error takeErrors();

private:
  llvm::LLVMContext &Ctx;
  std::unique_ptr<llvm::DiagnosticHandler> Previous;
  std::string *Errors;
};

} // namespace compiler

#endif // COMPILER_PIPELINE_PIPELINEDIAGNOSTICS_H
