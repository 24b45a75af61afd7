//===- IndVarsWithoutWideningPass.cpp - IndVarSimplify, no widening -------===//
///
/// \file
/// See compiler/passes/input/IndVarsWithoutWideningPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/IndVarsWithoutWideningPass.h"

#include "llvm/Transforms/Scalar/IndVarSimplify.h"

using namespace llvm;

namespace compiler {
namespace utils {

PreservedAnalyses
IndVarsWithoutWideningPass::run(Loop &L, LoopAnalysisManager &AM,
                                LoopStandardAnalysisResults &AR,
                                LPMUpdater &U) {
  return IndVarSimplifyPass(/*WidenIndVars=*/false).run(L, AM, AR, U);
}

} // namespace utils
} // namespace compiler
