//===- VeczWidePass.cpp - One Vecz stage: wide variants -------------------===//
///
/// \file
/// See vecz/VeczWidePass.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczWidePass.h"

#include "pipeline/VariantStages.h"

#include "vecz/VeczPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/support/PassParams.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Module.h"

#include <string>

using namespace llvm;

namespace vecz {

Expected<VeczWidePass::Options> VeczWidePass::parseOptions(StringRef Params) {
  Expected<unsigned> Count = parseVariantStageCount(
      Params, "vecz-wide", compiler::VeczInterleaveRange);
  if (!Count)
    return Count.takeError();
  Options Parsed;
  Parsed.Interleave = *Count;
  return Parsed;
}

void VeczWidePass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  compiler::utils::printPassWithParams(
      OS, MapClassName2PassName(name()),
      std::string(compiler::VeczInterleaveRange.Name) + "=" +
          std::to_string(Opts.Interleave));
}

PreservedAnalyses VeczWidePass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  const compiler::BuiltinInfo &BI =
      AM.getResult<compiler::BuiltinInfoAnalysis>(M).get();
  // The whole vectorizer's options, with this stage's number asked for.
  VeczPass::Options Asked;
  Asked.Interleave = Opts.Interleave;
  bool Changed = runVariantStage(M, [&](Function &Kernel,
                                        compiler::utils::VectorVariant Variant,
                                        OptimizationRemarkEmitter &ORE) {
    return addWideVariant(Kernel, Variant, /*Scalarized=*/false, Asked, BI, FAM,
                          ORE);
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecz
