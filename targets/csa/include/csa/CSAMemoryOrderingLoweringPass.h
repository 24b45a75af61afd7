//===- csa/CSAMemoryOrderingLoweringPass.h - Sections lowered -*- C++ -*-===//
///
/// \file
/// Assumes: region and section intrinsics (from CLIE or the user) that no
/// pass has moved memory operations into since they were placed.
/// Does: lowers the csa-memory-ordering analysis to what LLVM's own passes
/// understand on the host: each loop whose carried orderings are all dropped
/// gets an access group on every memory-touching instruction in it
/// (`!llvm.access.group`) and `llvm.loop.parallel_accesses` on its loop id,
/// so the loop vectorizer needs no runtime alias checks; except, on a host
/// whose gathers are slower than scalar loads (CSAModule asks the target
/// machine for LLVM's `fast-gather` tuning; `-csa-gathers=` overrides), a
/// loop with an access that only a gather or scatter could vectorize (an
/// address that is not an affine function of the loop): LLVM 15 prices
/// AVX-512 gathers as cheap on every CPU, and with the permission the
/// vectorizer would make such a loop slower than without it
/// (doc/performance.md). When the analysis
/// finds an error, warns `!! WARNING: BAD PARALLEL SECTION INTRINSICS !!`
/// and leaves the function fully ordered (CSA-14). With
/// `-csa-view-pre-ordering-memop-cfg`, first writes each function's
/// memory-operation CFG, intrinsics included, to
/// `csa-memop-cfg.<function>.dot`.
/// Produces: metadata only; the intrinsics stay for the cleaner. Pipeline
/// name: `csa-lower-memory-ordering<fast-gathers>` or `<slow-gathers>`, as
/// the pipeline it is in prints it (alone: fast).
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAMEMORYORDERINGLOWERINGPASS_H
#define CSA_CSAMEMORYORDERINGLOWERINGPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSAMemoryOrderingLoweringPass
    : public llvm::PassInfoMixin<CSAMemoryOrderingLoweringPass> {
public:
  /// Run by name (loom-opt): gathers are taken as fast unless
  /// `-csa-gathers=slow`.
  CSAMemoryOrderingLoweringPass();
  /// In the pipeline: \p HostHasFastGathers from the target machine, unless
  /// `-csa-gathers=` says otherwise.
  explicit CSAMemoryOrderingLoweringPass(bool HostHasFastGathers);

  /// The host's gather speed from the pipeline's text: `fast-gathers`,
  /// `slow-gathers`, or nothing (fast).
  static llvm::Expected<bool> parseOptions(llvm::StringRef Params);
  /// Prints the gather speed the pass runs with, so that the printed
  /// pipeline runs as this one does.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);

private:
  bool FastGathers;
};

} // namespace csa

#endif // CSA_CSAMEMORYORDERINGLOWERINGPASS_H
