//===- csa/CSAInnerLoopPrepPass.h - Pipelined loops' form -------*- C++ -*-===//
///
/// \file
/// Assumes: pipeline loops between `%p = llvm.csa.pipeline.loop.entry(i32
/// depth)` and `llvm.csa.pipeline.loop.exit(%p)`, paired through the exit's
/// operand (CSA-19).
/// Does (CSA-16): gives each the host's pipelining form. On the CSA,
/// pipelining keeps up to `depth` iterations in flight; on a CPU the
/// iterations in flight are interleaved copies of the (vectorized) body,
/// each with its own accumulators, which the core overlaps. Depth is a
/// bound: below the largest interleave count LLVM's cost model may choose
/// for the function (TargetTransformInfo::getMaxInterleaveFactor: 4 with
/// AVX), the loop gets `llvm.loop.interleave.count` = depth; from there up
/// the cost model's choice is within the bound and stands (no metadata),
/// so a deep pipeline is never forced on a loop that runs slower for it.
/// Depth 1 means no overlap: interleaving and unrolling are disabled.
/// Depth 0 lets the compiler choose, which on the host is LLVM's
/// interleaving cost model: no metadata. With `-csa-ilpl-selection=automatic`,
/// every innermost loop without a pipeline marker or unroll/interleave metadata
/// of its own is selected with depth 2 when its body is small (at most 64
/// instructions) and has no calls. Produces: loop metadata; the intrinsics stay
/// for the cleaner. Pipeline name: `csa-inner-loop-prep`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAINNERLOOPPREPPASS_H
#define CSA_CSAINNERLOOPPREPPASS_H

#include "llvm/IR/PassManager.h"

namespace csa {

class CSAInnerLoopPrepPass : public llvm::PassInfoMixin<CSAInnerLoopPrepPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace csa

#endif // CSA_CSAINNERLOOPPREPPASS_H
