//===- DefineMuxBuiltinsPass.cpp - Bodies for mux builtins ----------------===//
///
/// \file
/// See compiler/passes/workgroup/DefineMuxBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/DefineMuxBuiltinsPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "define-mux-builtins"

using namespace llvm;

STATISTIC(NumBuiltinsDefined, "Number of mux builtins given a body");

namespace compiler {
namespace utils {

/// A declared mux builtin that can be defined now: it has the scheduling
/// parameters its body needs.
static std::optional<MuxBuiltin> getDefinableBuiltin(Function &F,
                                                     const BuiltinInfo &BI) {
  if (!F.isDeclaration())
    return std::nullopt;
  std::optional<MuxBuiltin> B = BI.identifyMuxBuiltin(F);
  if (!B)
    return std::nullopt;
  if (BI.requiresSchedulingParameters(*B) &&
      getSchedulingParamIndices(F).empty()) {
    LLVM_DEBUG(dbgs() << "not defining " << F.getName()
                      << ": it has no scheduling parameters yet\n");
    return std::nullopt;
  }
  return B;
}

PreservedAnalyses DefineMuxBuiltinsPass::run(Module &M,
                                             ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = false;
  // A body may declare further builtins, so repeat until a sweep finds none.
  for (bool DefinedAny = true; DefinedAny;) {
    DefinedAny = false;
    SmallVector<std::pair<Function *, MuxBuiltin>, 8> Pending;
    for (Function &F : M)
      if (std::optional<MuxBuiltin> B = getDefinableBuiltin(F, BI))
        Pending.push_back({&F, *B});
    for (auto [F, B] : Pending) {
      BI.defineMuxBuiltin(B, *F);
      ++NumBuiltinsDefined;
      DefinedAny = Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
