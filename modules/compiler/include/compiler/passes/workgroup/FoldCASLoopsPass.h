//===- FoldCASLoopsPass.h - Compare-and-swap loops as atomicrmw -*- C++ -*-===//
///
/// \file
/// Assumes: simplified IR (after SROA: the loop's values are in registers).
/// Does: a compare-and-swap loop that applies one read-modify-write
/// operation to one location,
///
///     %old  = phi iN [ %first, %before ], [ %seen, %retry ]
///     %new  = OP iN %old, %v           ; %v from outside the loop
///     %pair = cmpxchg ptr %p, iN %old, iN %new ORDER ...
///     %seen = extractvalue { iN, i1 } %pair, 0
///     %ok   = extractvalue { iN, i1 } %pair, 1  ; or icmp eq %seen, %old
///     br i1 %ok, label %done, label %retry
///
/// (the loop one block, nothing else in it; OP add, sub of %v, and, or,
/// xor, signed and unsigned min and max, or %new = %v), becomes
/// `atomicrmw OP ptr %p, iN %v ORDER`, whose result is the loop's last
/// %old, the value the successful exchange replaced. An atomic or plain
/// load that gave only %first goes with the loop.
/// Why: Clang 15's SPIR targets inline no atomic, so `#pragma omp atomic`
/// and C11's compound assignments on `_Atomic` objects reach Loom as calls
/// of the atomic library's compare-exchange (lower-atomic-libcalls makes
/// them `cmpxchg`) in such a loop, which a CPU runs as a load and a locked
/// compare-exchange per try, retried under contention; one locked add (or
/// exchange, ...) never retries. x86-64 ran a contended 256-bin histogram
/// 1.8 times as long through the loop (doc/openmp.md).
/// Produces: the same updates, each one atomic read-modify-write, at the
/// loop's success ordering, syncscope and alignment, with its metadata
/// (access groups). Float loops (bitcasts around an fadd) stay: a CPU
/// without a float atomic add runs `atomicrmw fadd` as that loop anyway.
/// Pipeline name: `fold-cas-loops`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_FOLDCASLOOPSPASS_H
#define COMPILER_PASSES_WORKGROUP_FOLDCASLOOPSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class FoldCASLoopsPass : public llvm::PassInfoMixin<FoldCASLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_FOLDCASLOOPSPASS_H
