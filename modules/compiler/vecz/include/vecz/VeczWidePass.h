//===- vecz/VeczWidePass.h - One Vecz stage: wide variants ------*- C++ -*-===//
///
/// \file
/// Assumes: kernels given a vector variant of width W before (by `vecz`,
/// named by !mux_vector_variant), without a wide variant yet.
/// Does: Vecz's wide-variant stage alone: packetizes each such kernel again
/// at `interleave=N` times W, so that one call runs N vectors of work-items
/// with their dependence chains side by side, without asking the cost
/// model; not for kernels with barriers, nor past the widest variant the
/// kernel's required work-group size allows. A kernel whose jammed variant
/// runs R rows gets one only when R / N is at least 2, with its own jammed
/// variant running R / N rows of N vectors (vecz/JamRows.h).
/// Produces: `__vecz_v<N*W>_<kernel>` (and `__vecz_v<N*W>x<R/N>_<kernel>`)
/// and the kernel's !mux_vector_variant naming them. `vecz<interleave=N>` runs
/// this stage inside the whole vectorizer.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZWIDEPASS_H
#define VECZ_VECZWIDEPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace vecz {

class VeczWidePass : public llvm::PassInfoMixin<VeczWidePass> {
public:
  struct Options {
    unsigned Interleave = 2;
  };
  VeczWidePass() = default;
  explicit VeczWidePass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  /// The options `<interleave=N>` of the pass's pipeline name give.
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace vecz

#endif // VECZ_VECZWIDEPASS_H
