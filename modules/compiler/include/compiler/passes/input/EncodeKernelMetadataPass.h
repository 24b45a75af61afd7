//===- EncodeKernelMetadataPass.h - Kernel facts as metadata ----*- C++ -*-===//
///
/// \file
/// Assumes: TransferKernelMetadataPass has marked the kernels.
/// Does: computes what later passes and the driver need to know about each
/// kernel and is not visible in its signature: the bytes of the
/// local-memory arena its kernel-scope `__local` variables need (the layout
/// of compiler/analysis/LocalMemory.h) and its vectorization width.
/// Produces: the `mux-local-mem-usage` and `mux-vectorize-width` attributes.
/// Pipeline name: `encode-kernel-metadata<width=N>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_ENCODEKERNELMETADATAPASS_H
#define COMPILER_PASSES_INPUT_ENCODEKERNELMETADATAPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace compiler {
namespace utils {

class EncodeKernelMetadataPass
    : public llvm::PassInfoMixin<EncodeKernelMetadataPass> {
public:
  struct Options {
    /// Work-items one invocation of the kernel handles (1: not vectorized).
    unsigned VectorizationWidth = 1;
  };
  EncodeKernelMetadataPass() = default;
  explicit EncodeKernelMetadataPass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);

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

#endif // COMPILER_PASSES_INPUT_ENCODEKERNELMETADATAPASS_H
