//===- VeczPacketizePass.cpp - One Vecz stage: packetization --------------===//
///
/// \file
/// See vecz/VeczPacketizePass.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczPacketizePass.h"

#include "pipeline/Preparation.h"
#include "pipeline/VariantStages.h"

#include "vecz/Packetizer.h"
#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/support/PassParams.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Module.h"

#include <string>

#define DEBUG_TYPE "vecz"

using namespace llvm;

namespace vecz {

Expected<VeczPacketizePass::Options>
VeczPacketizePass::parseOptions(StringRef Params) {
  Options Parsed;
  std::string Width;
  Error E = compiler::utils::forEachPassParam(
      Params, [&](StringRef Key, StringRef Value) -> Error {
        if (Key == "no-clamped-versions" && Value.empty())
          Parsed.Stages.ClampedVersions = false;
        else if (Key == "no-boscc" && Value.empty())
          Parsed.Stages.Boscc = false;
        else if (Key == "defer-stages" && Value.empty())
          Parsed.Stages.Deferred = true;
        else if (Key == compiler::VeczWidthRange.Name)
          Width = (Key + "=" + Value).str();
        else
          return compiler::utils::unknownPassParam("vecz-packetize", Key);
        return Error::success();
      });
  if (E)
    return std::move(E);
  Expected<unsigned> Count =
      parseVariantStageCount(Width, "vecz-packetize", compiler::VeczWidthRange);
  if (!Count)
    return Count.takeError();
  Parsed.Width = *Count;
  return Parsed;
}

void VeczPacketizePass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  std::string Params = std::string(compiler::VeczWidthRange.Name) + "=" +
                       std::to_string(Opts.Width);
  if (!Opts.Stages.ClampedVersions)
    Params += ";no-clamped-versions";
  if (!Opts.Stages.Boscc)
    Params += ";no-boscc";
  if (Opts.Stages.Deferred)
    Params += ";defer-stages";
  compiler::utils::printPassWithParams(OS, MapClassName2PassName(name()),
                                       Params);
}

PreservedAnalyses VeczPacketizePass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  const compiler::BuiltinInfo &BI =
      AM.getResult<compiler::BuiltinInfoAnalysis>(M).get();
  bool Attempted = false;
  for (Function *Kernel : compiler::utils::getKernelEntryPoints(M)) {
    if (compiler::utils::getVectorVariant(*Kernel))
      continue;
    Attempted = true;
    OptimizationRemarkEmitter ORE(Kernel);
    prepareForPacketization(*Kernel, BI, FAM, ORE);
    Expected<Function *> Vector = verifyMade(
        packetizeKernel(*Kernel, Opts.Width,
                        FAM.getResult<UniformityAnalysis>(*Kernel),
                        FAM.getResult<StrideAnalysis>(*Kernel), BI,
                        FAM.getResult<TargetIRAnalysis>(*Kernel), Opts.Stages),
        "packetization", FAM);
    if (!Vector) {
      std::string Why = toString(Vector.takeError());
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotVectorized", Kernel)
               << Why;
      });
      continue;
    }
    compiler::utils::setVectorVariant(*Kernel, {*Vector, Opts.Width});
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Vectorized", Kernel)
             << "kernel '" << Kernel->getName() << "' vectorized at width "
             << ore::NV("Width", Opts.Width);
    });
  }
  // Preparation alone may have changed a kernel.
  return Attempted ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecz
