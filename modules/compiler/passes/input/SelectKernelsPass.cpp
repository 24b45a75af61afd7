//===- SelectKernelsPass.cpp - Only the kernels asked for -----------------===//
///
/// \file
/// See compiler/passes/input/SelectKernelsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/SelectKernelsPass.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "select-kernels"

using namespace llvm;

STATISTIC(NumDropped, "Number of kernels deleted, not asked for");
STATISTIC(NumDemoted, "Number of kernels not asked for kept as functions");

namespace compiler {
namespace utils {

PreservedAnalyses SelectKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  if (Opts.Kernels.empty())
    return PreservedAnalyses::all();
  auto IsSelected = [&](const Function &F) {
    return is_contained(Opts.Kernels, F.getName());
  };
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!isKernel(F) || IsSelected(F))
      continue;
    Changed = true;
    if (F.use_empty()) {
      F.eraseFromParent();
      ++NumDropped;
      continue;
    }
    clearIsKernel(F);
    ++NumDemoted;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Expected<SelectKernelsPass::Options>
SelectKernelsPass::parseOptions(StringRef Params) {
  Options Opts;
  Error E =
      forEachPassParam(Params, [&](StringRef Key, StringRef Value) -> Error {
        if (Key != "kernel")
          return unknownPassParam("select-kernels", Key);
        if (Value.empty())
          return createStringError(inconvertibleErrorCode(),
                                   "select-kernels: 'kernel=' needs a name");
        Opts.Kernels.push_back(Value.str());
        return Error::success();
      });
  if (E)
    return std::move(E);
  return Opts;
}

void SelectKernelsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  std::string Params;
  raw_string_ostream Text(Params);
  ListSeparator Separator(";");
  for (const std::string &Kernel : Opts.Kernels)
    Text << Separator << "kernel=" << Kernel;
  printPassWithParams(OS, MapClassName2PassName(name()), Text.str());
}

} // namespace utils
} // namespace compiler
