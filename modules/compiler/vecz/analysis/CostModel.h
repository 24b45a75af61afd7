//===- CostModel.h - Whether and how wide to vectorize ---------*- C++ -*-===//
///
/// \file
/// The decisions `-cl-wfv=auto` leaves to Vecz.
///
/// Width: the target's vector registers (TargetTransformInfo's fixed-width
/// register size) divided by the widest element the kernel's varying data
/// has (the values it loads, stores, and computes in floating point, a
/// vector such as float4 counting whole unless the layout scalarizes
/// vectors, where its element counts; index arithmetic, which is 64-bit,
/// does not count; a `vec_type_hint` type counts as such an element, so
/// `vec_type_hint(float4)` asks for 4 with AVX-512), as a power of two from 4
/// to 64; with a `reqd_work_group_size` of X in dimension 0, at most X's
/// largest power-of-two divisor when that is at least 4 (no scalar peel),
/// else at most the largest power of two not above X, and none (0) when X
/// is 1. Before that cap, the width is halved (not below 2) while the
/// strided accesses of an innermost loop (addresses moving by a step other
/// than the element's size, a row per work-item) would touch more lines of
/// one set of the L1 data cache per iteration than it has ways
/// (TargetTransformInfo's L1 size and associativity; a constant step counts
/// exactly, a uniform one as every lane in one set): the lines would evict
/// each other before the next iteration reads on in them.
///
/// Worth: the estimated cost of one run of a function is the sum of its
/// instructions' reciprocal throughputs (TargetTransformInfo) weighted by
/// their blocks' frequencies relative to the entry (BlockFrequencyInfo's
/// static estimates: loops iterate, branches split), except that a division
/// invariant-division will replace (by a divisor the same for the whole
/// vector, computed without memory or phis) counts as the multiply by a
/// reciprocal it becomes, not as a division per lane, and that a call to a
/// function the module defines (one the inliner left: read_imagef's
/// sampling, which a vector kernel calls once per lane) counts one run of
/// its body besides the call. The vector kernel is worth having when one
/// run of it, for W work-items, costs at most 9/10 of W runs of the scalar
/// kernel: vectorizing costs what the estimate does not see, its code (W
/// copies of each function it calls lane by lane, once inlined), the
/// build's time, the scalar peel, so a gain within the estimate's error
/// does not pay for it (blur_image, estimated at 0.97 of the scalar runs,
/// ran 1.6 times as long, doc/performance.md). Linearized code counts both
/// sides of a divergent branch and a divergent loop's iterations until its
/// last lane leaves; gathers, scatters and masked accesses count at their
/// real cost.
///
/// Wide variant: a kernel with a loop may also get a variant running 2 or 4
/// vectors of work-items per call, in one pass over its code (a vector
/// variant at that multiple of the width, run first where that many
/// work-items remain). What the lanes share, the loop's uniform counters,
/// tests and loads, is then done once for all of them, and the copies'
/// dependence chains (an accumulator, a divergent loop's values) run side
/// by side. Measured here, that halves the time of loops whose work per
/// iteration is small (conv1d, the divergent Collatz loop), while
/// straight-line kernels, whose successive vector calls the processor
/// already overlaps, gain nothing. So the factor is 4, halved while the
/// copies of the values a loop carries around its back edge would take
/// more than half the vector registers, while the K vectors' strided
/// accesses together would touch more lines of one L1 set than it has ways
/// (the width's cap above, for K times the width: gesummv's rows), or K
/// copies of the vector kernel's
/// private memory (each lane's own, on the stack) more than 64 KiB; the
/// variant is kept when one run of it costs at most 9/10 of the runs of the
/// vector kernel it replaces. A straight-line kernel gets 2 when it calls a
/// math builtin of the library (one linked after vectorization: sin, exp,
/// asin, ...), whose body is one long dependence chain after another
/// (reduction, polynomial, reconstruction), too long for the processor to
/// overlap two successive calls: two vectors side by side run 1.0 to 1.4
/// times as fast, 1.12 in the median (doc/performance.md), which the throughput
/// estimate cannot see, so that variant is kept without it. Other
/// straight-line kernels get 1 (none).
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_COSTMODEL_H
#define VECZ_COSTMODEL_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/PassManager.h"

namespace compiler {
class BuiltinInfo;
} // namespace compiler

namespace vecz {

class UniformityInfo;

/// Work-items per vector for \p Kernel (see the file comment), or 0 when
/// its required work-group size leaves no room for two.
unsigned
chooseWidth(llvm::Function &Kernel, const UniformityInfo &Uniformity,
            llvm::FunctionAnalysisManager &FAM,
            compiler::VeczLayout Layout = compiler::VeczLayout::Interleaved);

/// How many vectors of work-items a wide variant of \p Kernel, whose vector
/// variant is \p Vector, should run per call, and whether that is for the
/// latency of its math builtins (see the file comment).
struct InterleaveChoice {
  /// 1 (none), 2 or 4.
  unsigned Factor = 1;
  /// The variant hides latency that the throughput estimate cannot see:
  /// keep it without comparing their costs.
  bool ForLatency = false;
};
InterleaveChoice chooseInterleave(llvm::Function &Kernel,
                                  llvm::Function &Vector, unsigned Width,
                                  const compiler::BuiltinInfo &BI,
                                  llvm::FunctionAnalysisManager &FAM);

/// \p Factor halved while \p Factor vectors of \p Width lanes side by side
/// would touch more lines of one L1 set per iteration of an innermost loop
/// of \p Kernel than a vector of \p Width does within the set's ways (the
/// width's cap above, for the wide variants' lanes together).
unsigned fitInterleaveToCacheSets(unsigned Factor, unsigned Width,
                                  llvm::Function &Kernel,
                                  llvm::FunctionAnalysisManager &FAM);

/// The most private memory a vector kernel may have: each lane has its own
/// copy, all on the stack of the thread running the work-group (whose
/// size, 64 MiB, the driver sets), beside the scalar kernel's.
constexpr uint64_t MaxVectorPrivateMemory = 8 * 1024 * 1024;

/// The estimated cost of one run of \p F (see the file comment).
double estimateRunCost(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

/// Whether a variant whose run costs \p Cost is worth the runs it replaces,
/// which cost \p Replaced: at most 9/10 of them (see the file comment).
inline bool isWorthReplacing(double Cost, double Replaced) {
  return 10 * Cost <= 9 * Replaced;
}

/// Whether a run of a divergent region's blocks (of the scalar kernel, in
/// run order) is worth a branch around it when no lane is active in it
/// (Boscc.h). The test is an or-reduction of a mask and a branch, and the
/// values the run leaves become phis. Against that, the run's linearized
/// blocks cost about one instruction each for arithmetic, several for a
/// memory access (a masked or gathered one more) or a call (a builtin at
/// width W, or one per lane): a run pays when that weighs well above the
/// test, and always when it holds a loop (which runs at least once).
bool isWorthSkipping(llvm::ArrayRef<llvm::BasicBlock *> Run);

} // namespace vecz

#endif // VECZ_COSTMODEL_H
