//===- StreamingStoresPass.h - Past the caches ------------------*- C++ -*-===//
///
/// \file
/// Assumes: kernels after vectorization and before work-item-loops, whose
/// work-item queries are mux builtins; Vecz's stores of consecutive
/// work-items' elements are plain `store <N x T>` instructions.
/// Does: in each kernel, and each of its vector variants, a plain vector
/// store of 16 to 64 bytes (a power of two) through a global pointer
/// argument the function only ever stores through (an output-only
/// buffer) gets a non-temporal twin: the store becomes a branch to a copy
/// marked `!nontemporal` and aligned to the vector, taken when the address
/// is so aligned (x86 stores aligned vectors only past the caches) and the
/// launch is large: its work-items times the bytes the store writes per
/// work-item reach MinBytes. Functions with atomic operations, fences,
/// barriers or calls to code not yet linked are left alone, as are
/// volatile, atomic and masked stores.
/// Why: a store past the caches does not first read the line it replaces
/// and leaves the caches to the inputs: 15-25% on streaming kernels whose
/// output is larger than the last-level cache, a loss below a few MiB
/// (doc/performance.md), hence the test at run time.
/// Produces: stores marked `!nontemporal`, which are weakly ordered: the
/// driver fences them before a worker reports its part of an ND-range done
/// (doc/kernel-abi.md). Pipeline name: `streaming-stores`, or
/// `streaming-stores<min-bytes=N>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_STREAMINGSTORESPASS_H
#define COMPILER_PASSES_WORKGROUP_STREAMINGSTORESPASS_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace compiler {
namespace utils {

class StreamingStoresPass : public llvm::PassInfoMixin<StreamingStoresPass> {
public:
  struct Options {
    /// Bytes a store must write over a launch to go past the caches
    /// (CompileOptions::StreamingStoreBytes).
    uint64_t MinBytes = DefaultStreamingStoreBytes;
  };
  StreamingStoresPass() = default;
  explicit StreamingStoresPass(Options Opts) : Opts(Opts) {}

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

#endif // COMPILER_PASSES_WORKGROUP_STREAMINGSTORESPASS_H
