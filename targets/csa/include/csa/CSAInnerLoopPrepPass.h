//===- csa/CSAInnerLoopPrepPass.h - Pipelined loops' form -------*- C++ -*-===//
///
/// \file
/// Assumes: pipeline loops between `%p = llvm.csa.pipeline.loop.entry(i32
/// depth)` and `llvm.csa.pipeline.loop.exit(%p)`, paired through the exit's
/// operand (CSA-19).
/// Does (CSA-16): gives each the host's pipelining form. On the CSA,
/// pipelining keeps up to `depth` iterations in flight; on a CPU the
/// iterations in flight are independent copies of the body that the core
/// overlaps, so the loop gets `llvm.loop.interleave.count` = depth (copies
/// of a vectorized body, with their own accumulators for integer
/// reductions) and `llvm.loop.unroll.count` = depth (copies of a scalar
/// one). Depth 1 means no overlap: unrolling and interleaving are disabled.
/// Depth 0 lets the compiler choose: the loop is enabled for unrolling and
/// left to LLVM's cost models. With `-csa-ilpl-selection=automatic`, every
/// innermost loop without a pipeline marker or unroll/interleave metadata of
/// its own is selected as if marked with depth 0, when its body is small
/// (at most 64 instructions) and has no calls.
/// Produces: loop metadata; the intrinsics stay for the cleaner. Pipeline
/// name: `csa-inner-loop-prep`.
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
