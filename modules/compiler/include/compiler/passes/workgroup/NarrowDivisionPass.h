//===- NarrowDivisionPass.h - Small divisions in 32 bits --------*- C++ -*-===//
///
/// \file
/// Assumes: simplified IR whose calls to work-item builtins carry the
/// `!range` the ABI gives them (lower-to-mux-builtins: a local id below
/// LOOM_MAX_WORK_GROUP_ITEMS, a local size at most that).
/// Does: an unsigned division or remainder wider than 32 bits (`udiv`,
/// `urem`; scalar or vector) whose dividend and divisor both provably fit
/// in 32 bits becomes the 32-bit operation on their truncations,
/// zero-extended. The bounds come from constants, `!range` metadata, and
/// the operations between them (arithmetic with its no-wrap flags, casts,
/// selects, phis, splats), evaluated as unsigned ranges a few operations
/// deep.
/// Why: kernels index with `size_t`, so `(get_local_id(0) + 1) %
/// get_local_size(0)` is a 64-bit division, which costs x86-64 up to
/// twice a 32-bit one, and whose reciprocal (invariant-division) needs a
/// 128-bit multiply per lane, which no vector unit has: Vecz's vector
/// kernel would divide lane by lane. LLVM 15's CorrelatedValuePropagation
/// narrows such divisions only outside loops (its lazy value info gives up
/// on a value defined before a loop and used in it), and a kernel's
/// divisions are in the work-item loops.
/// Produces: the same quotients and remainders. Signed divisions are left
/// alone. Pipeline name: `narrow-division`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_NARROWDIVISIONPASS_H
#define COMPILER_PASSES_WORKGROUP_NARROWDIVISIONPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class NarrowDivisionPass : public llvm::PassInfoMixin<NarrowDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_NARROWDIVISIONPASS_H
