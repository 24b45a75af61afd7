//===- LowerParallelLoopsPass.h ---------------------------------*- C++ -*-===//
///
/// \file
/// Assumes: parallel loops in Loom's form (doc/compiler-spec.md, "Parallel
/// loops") that parallelization-cleanup has just checked; no work-item
/// loops yet (work-item builtins still calls).
/// Does: makes each loop marked as a region's work `workers` copies that
/// share its iterations. The loop moves into a new function
/// `<fn>.parallel.<n>(ptr ctx, i32 worker)` that runs the iterations of its
/// worker, numbering them 0 to the trip count: with chunk 0 one contiguous
/// block each, with chunk 1 every workers-th iteration, with chunk k chunks
/// of k dealt round-robin; with a `dynamic` or `guided` schedule
/// (`loom.parallel.schedule`), each worker takes its next chunk from a
/// counter in ctx that the workers share (guided: a share of the
/// iterations left), a dynamic chunk rounded up only as far as a quarter of
/// a worker's share. A chunk is rounded up to a multiple of
/// `granule` iterations: a CPU worker runs a chunk as a vector loop, which
/// a chunk of one iteration would defeat, and iterations are independent,
/// so only the schedule changes; not when the loop asks for its worker's
/// index, which makes the schedule visible. Each induction restarts at its
/// value for the chunk's first iteration, from its SCEV recurrence; each
/// declared reduction (RecurrenceDescriptor) runs on in the worker from its
/// identity across the worker's chunks, and the caller combines the
/// workers' partial results, in worker order, into its start value for the
/// loop's exit; worker queries become the worker's index and the count. The
/// loop's memory marked shared (`llvm.loom.parallel.shared`) is reached
/// through ctx like any live-in, and the marks go. The
/// loop's place gets a call of the driver's runtime hook
/// `__loom_parallel_map(i32 workers, ptr fn, ptr ctx)` (doc/kernel-abi.md),
/// with 0 workers meaning as many as the driver has
/// (`__loom_parallel_workers()`); values the loop reads from outside travel in
/// ctx, and so do the worker count and chunk when they are not constants. A
/// loop it cannot split yet (it does not exit at its latch, a value it computes
/// other than a reduction's result is used after it, a header phi that is
/// neither an affine recurrence nor a declared reduction, a call of a work-item
/// builtin or of a function defined in the module, which may need the work-item
/// state) runs serially, with a warning and a missed remark (the region's
/// origin's, as parallelization-cleanup's). Produces: no regions (each lowered
/// or made serial) and no loop marks. Pipeline name:
/// `lower-parallel-loops<granule=N>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_PARALLEL_LOWERPARALLELLOOPSPASS_H
#define COMPILER_PASSES_PARALLEL_LOWERPARALLELLOOPSPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace compiler {
namespace utils {

/// A module pass: it adds the worker functions to the module.
class LowerParallelLoopsPass
    : public llvm::PassInfoMixin<LowerParallelLoopsPass> {
public:
  struct Options {
    /// Chunks are rounded up to a multiple of this many iterations (0 or 1:
    /// chunks exactly as the region says).
    uint64_t Granule = 64;
  };
  LowerParallelLoopsPass() = default;
  explicit LowerParallelLoopsPass(Options Opts) : Opts(Opts) {}

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

#endif // COMPILER_PASSES_PARALLEL_LOWERPARALLELLOOPSPASS_H
