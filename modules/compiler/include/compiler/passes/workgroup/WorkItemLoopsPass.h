//===- WorkItemLoopsPass.h - Work-item loops --------------------*- C++ -*-===//
///
/// \file
/// Assumes: kernel entry points written for one work-item (SIMT), which use
/// mux builtins for their ids; a kernel may name a vector variant running W
/// work-items of dimension 0 per call (`!mux_vector_variant`, from Vecz).
/// Does: makes each entry point run a whole work-group: a new function
/// `<kernel>.mux-barrier-wrapper` with the kernel's parameters loops over
/// the local ids of dimensions 2, 1 and 0 (innermost), sets each with
/// `__mux_set_local_id`, and calls the kernel. Loops are bottom-tested (a
/// work-group has at least one work-item in each dimension). With a vector
/// variant, dimension 0 runs the variant for the largest multiple of W and
/// the kernel for the rest (a wide variant of K W work-items per call runs
/// the largest multiple of K W first); with a jammed variant too (R rows of W
/// work-items per call), the runs of W go R rows at a time through it while
/// R rows remain, the other rows' through the vector variant, and the
/// kernel runs every row's rest last (a loop of fewer work-items than a
/// vector has, which the late optimizer is told not to vectorize or
/// unroll), or, where the variant names a tail variant
/// (`!mux_tail_variant`), that one, once per row, its lanes past the row
/// off. A kernel that requires a sub-group size
/// (`intel_reqd_sub_group_size`) other than the layout gives it is an
/// error naming it. A kernel with barriers (its callees that reach one inlined
/// first; one that cannot be, because it calls itself or LLVM's inliner
/// refuses it, is an error naming it) is cut into barrier
/// regions (compiler/analysis/BarrierRegions.h) run by a region scheduler; its
/// vector variant, cut the same way when its barriers match, runs the
/// regions for the runs of W work-items (not one with a tail variant,
/// whose lanes are its sub-groups: it is dropped, and the kernel runs
/// with sub-groups of one work-item). The scheduler's path for
/// work-items waiting at different barriers calls the regions out of line
/// (a noinline call), so that the entry point holds one copy of each,
/// except the small ones (at most 100 instructions, in what the
/// `max-inlined-region` option leaves, smallest first), which it inlines
/// too; the regions inlined add up to at most that option's number of
/// instructions, the smallest first, and the others stay functions both
/// paths call (noinline).
/// The scheduler's allocations, sized by the work-group, are
/// each aligned to the largest alignment a call's argument asks for, so
/// that calls passing vectors in memory find the stack aligned.
/// With the `single-work-item` option, a kernel whose required work-group
/// size is (1, 1, 1) gets no loop at all: its wrapper sets the local ids to
/// 0 and calls it once (barriers are no-ops for one work-item).
/// Loop metadata: each innermost loop is parallel over its callee's
/// accesses (`llvm.loop.parallel_accesses`); scalar peels and the
/// scheduler's loops for work-items waiting at different barriers that call
/// their region out of line are not to be vectorized or unrolled, those
/// that inline it not to be unrolled or interleaved, and the loops over
/// dimensions 1 and 2 not to be unrolled.
/// Produces: the wrapper as the new entry point; the kernel (or its regions)
/// becomes internal and always-inline (but regions over that size); the width
/// used, if any, as the kernel's `mux-vectorize-width`; W, with a tail
/// variant, as its `mux-sub-group-size`; for a kernel with
/// barriers, the stack its live variables take (`mux-stack-per-work-group`,
/// `mux-stack-per-work-item`), which the driver checks at launch. Pipeline
/// name: `work-item-loops<single-work-item;max-inlined-region=N>`, either
/// option or none.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_WORKITEMLOOPSPASS_H
#define COMPILER_PASSES_WORKGROUP_WORKITEMLOOPSPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace compiler {
namespace utils {

class WorkItemLoopsPass : public llvm::PassInfoMixin<WorkItemLoopsPass> {
public:
  struct Options {
    /// Kernels with a required work-group size of (1, 1, 1) get no loops.
    bool SingleWorkItemWithoutLoops = false;
    /// The barrier regions inlined into one entry point add up to at most
    /// this many instructions, the smallest first; the others are called
    /// (0: every region is inlined).
    uint64_t MaxInlinedRegionInstructions = 0;
  };
  WorkItemLoopsPass() = default;
  explicit WorkItemLoopsPass(Options Opts) : Opts(Opts) {}

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

#endif // COMPILER_PASSES_WORKGROUP_WORKITEMLOOPSPASS_H
