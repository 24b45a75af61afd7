//===- ParallelizationCleanupPass.h -----------------------------*- C++ -*-===//
///
/// \file
/// Assumes: parallel loops in Loom's form (compiler/analysis/ParallelLoops.h,
/// doc/compiler-spec.md "Parallel loops"), after the optimizations that
/// may have broken them and before anything lowers them.
/// Does: puts the marked loops in simplified form (loop-simplify), then
/// checks each region against the IR as it now is, as the
/// parallelization-metadata RFC's ParallelizationCleanup does:
///   - it is closed: its token is used only by its exits, worker queries
///     and shared-memory marks (which the entry dominates, as the verifier
///     checks for any value), and no path from the entry returns without
///     passing an exit;
///   - it holds loops, each named by the region in its id, and nothing but
///     them (every outermost loop inside it), no worker query outside them,
///     and it is not inside another region's loop (nested regions run
///     serially, as OpenMP's do by default). A loop in the region without
///     the marks, whose instructions are in an access group of a marked
///     loop, is a copy of that loop that runtime unrolling, unswitching or
///     versioning made: it gets the marked loop's marks back (and is
///     checked as the others); any other unmarked loop makes the region
///     invalid;
///   - each loop has one exit, a computable trip count, an induction
///     variable, and no header phi but affine inductions and reductions of
///     the kinds it declares, each with its one update (LLVM's
///     RecurrenceDescriptor, or for the vectorizer's vector reductions a
///     chain of operations of one kind, each the only user of the one
///     before); no value it computes is used after it except a reduction's
///     result and an induction's value (which the trip count gives); a
///     declared `and` or `or` reduction as C writes `x = x && c` on an
///     integer (`zext((x != 0) && c)`) is first made the bitwise reduction
///     it amounts to on 0 and 1 (`x & zext(c)`, its start value 0 or 1);
///   - every instruction of each loop that may touch memory is in one of
///     the loop's access groups (`llvm.loop.parallel_accesses`), touches
///     only a stack slot used nowhere else (private to an iteration), or is
///     a load or store of memory the region marks shared
///     (`llvm.loom.parallel.shared`), and none is a convergent call.
/// A region that fails any check runs serially: its entry, exits and loop
/// marks go, its worker queries become 0 and 1, and a warning names the
/// source location and the reason (and a missed-optimization remark of the
/// pass its origin names: `openmp`, or `parallel-loops`). LLVM's access groups
/// stay (LLVM checks them itself). A valid region whose loop DependenceAnalysis
/// proves to carry a dependence between iterations (two plain accesses of one
/// object, one a store, a constant distance apart) gets a warning naming
/// them, and still runs in parallel, as its source declares. Produces: only
/// regions that a lowering may run in parallel. Pipeline name:
/// `parallelization-cleanup`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_PARALLEL_PARALLELIZATIONCLEANUPPASS_H
#define COMPILER_PASSES_PARALLEL_PARALLELIZATIONCLEANUPPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class ParallelizationCleanupPass
    : public llvm::PassInfoMixin<ParallelizationCleanupPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_PARALLEL_PARALLELIZATIONCLEANUPPASS_H
