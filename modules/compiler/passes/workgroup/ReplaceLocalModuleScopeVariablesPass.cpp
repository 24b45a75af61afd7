//===- ReplaceLocalModuleScopeVariablesPass.cpp - __local variables -------===//
///
/// \file
/// See compiler/passes/workgroup/ReplaceLocalModuleScopeVariablesPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/ReplaceLocalModuleScopeVariablesPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/LocalMemory.h"
#include "compiler/support/UseRewriting.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "replace-local-module-scope-variables"

using namespace llvm;

STATISTIC(NumVariablesReplaced,
          "Number of __local variables placed in the arena");

namespace compiler {
namespace utils {

PreservedAnalyses
ReplaceLocalModuleScopeVariablesPass::run(Module &M,
                                          ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  LocalMemoryLayout Layout = computeLocalMemoryLayout(M);
  if (Layout.Offsets.empty())
    return PreservedAnalyses::all();
  Function *GetArena = BI.getOrDeclareMuxBuiltin(MuxBuiltin::GetLocalMemory, M);

  for (auto &[ConstGV, Offset] : Layout.Offsets) {
    auto *GV = const_cast<GlobalVariable *>(ConstGV);
    expandConstantExpressionUsers(*GV);
    uint64_t VariableOffset = Offset;
    rewriteUses(*GV, [&](IRBuilder<> &Builder) {
      Value *Arena = Builder.CreateCall(GetArena, {}, "arena");
      return Builder.CreateInBoundsGEP(Builder.getInt8Ty(), Arena,
                                       Builder.getInt64(VariableOffset),
                                       GV->getName());
    });
    ++NumVariablesReplaced;
  }
  for (auto &[ConstGV, Offset] : Layout.Offsets) {
    auto *GV = const_cast<GlobalVariable *>(ConstGV);
    if (GV->use_empty())
      GV->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
