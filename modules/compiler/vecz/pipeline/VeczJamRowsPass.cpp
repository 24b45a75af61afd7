//===- VeczJamRowsPass.cpp - One Vecz stage: jammed rows ------------------===//
///
/// \file
/// See vecz/VeczJamRowsPass.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczJamRowsPass.h"

#include "pipeline/VariantStages.h"

#include "vecz/VeczPass.h"

#include "compiler/pipeline/CompileOptions.h"
#include "compiler/support/PassParams.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Module.h"

#include <string>

using namespace llvm;

namespace vecz {

Expected<VeczJamRowsPass::Options>
VeczJamRowsPass::parseOptions(StringRef Params) {
  Expected<unsigned> Count =
      parseVariantStageCount(Params, "vecz-jam-rows", compiler::VeczRowsRange);
  if (!Count)
    return Count.takeError();
  Options Parsed;
  Parsed.Rows = *Count;
  return Parsed;
}

void VeczJamRowsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  compiler::utils::printPassWithParams(
      OS, MapClassName2PassName(name()),
      std::string(compiler::VeczRowsRange.Name) + "=" +
          std::to_string(Opts.Rows));
}

PreservedAnalyses VeczJamRowsPass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // The whole vectorizer's options, with this stage's number asked for.
  VeczPass::Options Asked;
  Asked.Rows = Opts.Rows;
  bool Changed = runVariantStage(M, [&](Function &Kernel,
                                        compiler::utils::VectorVariant Variant,
                                        OptimizationRemarkEmitter &ORE) {
    return addJammedVariant(Kernel, Variant, Asked, FAM, ORE);
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecz
