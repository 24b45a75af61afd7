//===- vecz/VeczJamRowsPass.h - One Vecz stage: jammed rows -----*- C++ -*-===//
///
/// \file
/// Assumes: kernels given a vector variant before (by `vecz`, named by
/// !mux_vector_variant), without a jammed or wide variant yet.
/// Does: Vecz's row-jamming stage alone (vecz/JamRows.h): gives each such
/// vector variant a jammed variant running `rows=N` rows of work-items per
/// call, N a power of two from 2 to the target's cap, without asking the
/// cost model; a kernel it cannot jam (a barrier, a branch on the row, a
/// linear id) keeps its variants, with a missed remark saying why.
/// Produces: `__vecz_v<W>x<N>_<kernel>` and the kernel's !mux_vector_variant
/// naming it. `vecz<rows=N>` runs this stage inside the whole vectorizer.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZJAMROWSPASS_H
#define VECZ_VECZJAMROWSPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace vecz {

class VeczJamRowsPass : public llvm::PassInfoMixin<VeczJamRowsPass> {
public:
  struct Options {
    unsigned Rows = 2;
  };
  VeczJamRowsPass() = default;
  explicit VeczJamRowsPass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  /// The options `<rows=N>` of the pass's pipeline name give.
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace vecz

#endif // VECZ_VECZJAMROWSPASS_H
