//===- EncodeKernelMetadataPass.cpp - Derived kernel facts as metadata ----===//
///
/// \file
/// See compiler/passes/input/EncodeKernelMetadataPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/EncodeKernelMetadataPass.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/analysis/LocalMemory.h"
#include "compiler/support/PassParams.h"

#include "llvm/IR/Module.h"

#define DEBUG_TYPE "encode-kernel-metadata"

using namespace llvm;

namespace compiler {
namespace utils {

PreservedAnalyses EncodeKernelMetadataPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  SmallVector<Function *, 4> Kernels = getKernelEntryPoints(M);
  LocalMemoryLayout Layout = computeLocalMemoryLayout(M);
  for (Function *Kernel : Kernels) {
    setLocalMemoryUsage(*Kernel, getLocalMemoryNeeded(*Kernel, Layout));
    setVectorizationWidth(*Kernel, Opts.VectorizationWidth);
  }
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

Expected<EncodeKernelMetadataPass::Options>
EncodeKernelMetadataPass::parseOptions(StringRef Params) {
  Options Opts;
  Error E = forEachPassParam(Params, [&](StringRef K, StringRef V) -> Error {
    if (K != "width")
      return unknownPassParam("encode-kernel-metadata", K);
    if (V.getAsInteger(10, Opts.VectorizationWidth) ||
        Opts.VectorizationWidth == 0)
      return createStringError(
          inconvertibleErrorCode(),
          "encode-kernel-metadata: width must be a positive integer, not '%s'",
          V.str().c_str());
    return Error::success();
  });
  if (E)
    return std::move(E);
  return Opts;
}

void EncodeKernelMetadataPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      "width=" + std::to_string(Opts.VectorizationWidth));
}

} // namespace utils
} // namespace compiler
