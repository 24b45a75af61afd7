//===- LowerToMuxBuiltinsPass.cpp - OpenCL work-item builtins to mux ------===//
///
/// \file
/// See compiler/utils/LowerToMuxBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/LowerToMuxBuiltinsPass.h"

#include "compiler/BuiltinInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "lower-to-mux-builtins"

using namespace llvm;

STATISTIC(NumCallsLowered, "Number of work-item builtin calls lowered");

namespace compiler {
namespace utils {

PreservedAnalyses LowerToMuxBuiltinsPass::run(Module &M,
                                              ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration())
      continue;
    std::optional<MuxBuiltin> B = BuiltinInfo::getMuxBuiltinForOpenCL(F.getName());
    if (!B)
      continue;
    Function *Mux = BI.getOrDeclareMuxBuiltin(*B, M);
    if (Mux->getFunctionType() != F.getFunctionType()) {
      LLVM_DEBUG(dbgs() << "skipping " << F.getName()
                        << ": its signature differs from " << Mux->getName()
                        << "\n");
      continue;
    }
    for (User *U : make_early_inc_range(F.users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledOperand() != &F)
        continue;
      Call->setCalledFunction(Mux);
      Call->setCallingConv(Mux->getCallingConv());
      Call->setAttributes(Mux->getAttributes());
      ++NumCallsLowered;
      Changed = true;
    }
    if (F.use_empty())
      F.eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
