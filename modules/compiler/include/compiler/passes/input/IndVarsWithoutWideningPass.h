//===- IndVarsWithoutWideningPass.h - IndVarSimplify, no widening -*- C++
//-*-===//
///
/// \file
/// Assumes: a loop of the kernel before Vecz (the early simplification
/// pipeline puts it where LLVM's `indvars` was).
/// Does: LLVM's IndVarSimplify without widening induction variables: an
/// `int` counter whose sign extensions feed addresses stays 32 bits, and so
/// do the clamps and index arithmetic computed from it.
/// Why: Vecz vectorizes whatever width the scalar kernel computes in; a
/// widened counter makes every index derived from it a vector of i64, two
/// registers per vector on AVX2 and compares without a single instruction
/// (bench/cases/tracking: 182 compares of `<8 x i64>`). The late pipeline's
/// IndVarSimplify, after Vecz, still widens scalar loops.
/// Produces: what IndVarSimplify produces, counters at their source width.
/// Pipeline name: `indvars-without-widening` (a loop pass).
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_INDVARSWITHOUTWIDENINGPASS_H
#define COMPILER_PASSES_INPUT_INDVARSWITHOUTWIDENINGPASS_H

#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace compiler {
namespace utils {

class IndVarsWithoutWideningPass
    : public llvm::PassInfoMixin<IndVarsWithoutWideningPass> {
public:
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &AM,
                              llvm::LoopStandardAnalysisResults &AR,
                              llvm::LPMUpdater &U);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_INDVARSWITHOUTWIDENINGPASS_H
