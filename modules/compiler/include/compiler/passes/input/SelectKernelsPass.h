//===- SelectKernelsPass.h - Only the kernels asked for ---------*- C++ -*-===//
///
/// \file
/// Assumes: kernels carry `"mux-kernel"` (mark-c-kernels,
/// transfer-kernel-metadata) and the C calling convention
/// (fixup-calling-conventions), before the builtins are linked.
/// Does: every kernel the options do not name stops being one: a kernel
/// nothing calls is deleted, one a kernel calls (OpenCL C allows it) is an
/// ordinary function from then on, which internalize-non-kernels makes
/// internal. A tool that will launch one kernel of a program of many
/// (`loom-run`, `loomc --kernel=`) so compiles that kernel and what it
/// calls, as pocl generates code for a kernel at its first launch (doc/
/// performance.md, "Compile time: only the kernel launched"). A name that
/// is no kernel is not this pass's to report: BaseModule::finalize says so
/// once the pipeline has run.
/// Produces: the named kernels, as they were, and the functions they reach.
/// Pipeline name: `select-kernels<kernel=NAME;kernel=NAME>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_SELECTKERNELSPASS_H
#define COMPILER_PASSES_INPUT_SELECTKERNELSPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace compiler {
namespace utils {

class SelectKernelsPass : public llvm::PassInfoMixin<SelectKernelsPass> {
public:
  struct Options {
    /// The kernels that stay; none: every kernel stays.
    std::vector<std::string> Kernels;
  };

  SelectKernelsPass() = default;
  explicit SelectKernelsPass(Options Opts) : Opts(std::move(Opts)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

  /// The options `<...>` of the pass's pipeline name give (PassRegistry.def).
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_SELECTKERNELSPASS_H
