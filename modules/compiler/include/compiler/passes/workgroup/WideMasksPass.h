//===- WideMasksPass.h - Vector masks as the compares' integers -*- C++ -*-===//
///
/// \file
/// Assumes: optimized IR just before code generation (InstCombine would fold
/// the casts this pass adds back into `<W x i1>` logic), for a target with no
/// register for a vector of i1 of some width W: AVX2 and SSE, where LLVM's
/// backend keeps a `<W x i1>` as a vector of bytes or words.
/// Does: each web of `<W x i1>` values of such a type that Vecz's masks are
/// made of (compares, `and`, `or`, `xor`, selects and phis of them, joined
/// through their operands) that holds a compare is rebuilt on `<W x iN>`, N
/// the narrowest element width the web's compares compare (32 for `<W x
/// i32>` or `<W x float>`), each lane all ones or all zeros: a compare is
/// sign-extended, the logic and the phis work on the integers, a select of
/// masks on a scalar condition becomes lane logic with that condition
/// splatted (code generation would branch on it), and a value from outside
/// the web (a constant, an argument) is sign-extended. The users outside
/// the web (blends, `bitcast` to an integer for an any-lane test, masked
/// loads and stores) take `icmp slt` of the integers against zero, in their
/// own block; users of a compare itself keep it.
/// Why: selection works one block at a time and legalizes `<16 x i1>` as
/// bytes: a divergent loop's live lanes, carried around its back edge and
/// combined with its exit test, were packed from two AVX2 registers of
/// 32-bit lanes into bytes after every compare and widened again before
/// every blend, about 20 instructions per iteration for 16 lanes, more than
/// `divergent`'s Collatz step itself. As integers the lanes are what the
/// compares produce and what blends and `movmsk` read, and the sign
/// extension and the compare against zero cost nothing.
/// Produces: no `<W x i1>` phi, logic or select of a type the target has no
/// register for, but in webs without a compare of a known width. Pipeline
/// name: `wide-masks`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_WIDEMASKSPASS_H
#define COMPILER_PASSES_WORKGROUP_WIDEMASKSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class WideMasksPass : public llvm::PassInfoMixin<WideMasksPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_WIDEMASKSPASS_H
