//===- FixupTranslatorBuiltinsPass.cpp - SPIR-V forms ---------------------===//
///
/// \file
/// See compiler/passes/input/FixupTranslatorBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/FixupTranslatorBuiltinsPass.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

#define DEBUG_TYPE "fixup-translator-builtins"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumCollapsed, "Number of work-item builtin vectors collapsed");

namespace compiler {
namespace utils {

/// The work-item function whose three calls for dimensions 0, 1, 2 fill
/// \p Vector (an insertelement chain ending at lane 2), if it is one; the
/// calls go to \p Calls.
static Function *getPackedWorkItemFunction(Value *Vector,
                                           SmallVectorImpl<CallInst *> &Calls) {
  Function *Common = nullptr;
  for (int Lane = 2; Lane >= 0; --Lane) {
    Value *Base, *Element;
    if (!match(Vector, m_InsertElt(m_Value(Base), m_Value(Element),
                                   m_SpecificInt(Lane))))
      return nullptr;
    auto *Call = dyn_cast<CallInst>(Element);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || !BuiltinInfo::getMuxBuiltinForOpenCL(Callee->getName()) ||
        Call->arg_size() != 1 ||
        !match(Call->getArgOperand(0), m_SpecificInt(Lane)) ||
        (Common && Common != Callee))
      return nullptr;
    Common = Callee;
    Calls.push_back(Call);
    Vector = Base;
  }
  return Common;
}

/// Erases the insertelement chain ending at \p Vector, then \p Calls (work-item
/// functions have no side effects), each only if nothing else uses it: other
/// extracts may share a chain.
static void eraseUnusedChain(Value *Vector, ArrayRef<CallInst *> Calls) {
  while (auto *Insert = dyn_cast<InsertElementInst>(Vector)) {
    if (!Insert->use_empty())
      break;
    Vector = Insert->getOperand(0);
    Insert->eraseFromParent();
  }
  for (CallInst *Call : Calls)
    if (Call->use_empty())
      Call->eraseFromParent();
}

PreservedAnalyses FixupTranslatorBuiltinsPass::run(Module &M,
                                                   ModuleAnalysisManager &) {
  struct Packed {
    ExtractElementInst *Extract;
    Function *Builtin;
    SmallVector<CallInst *, 3> Calls;
  };
  SmallVector<Packed, 8> Extracts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Extract = dyn_cast<ExtractElementInst>(&I)) {
        SmallVector<CallInst *, 3> Calls;
        if (Function *Builtin =
                getPackedWorkItemFunction(Extract->getVectorOperand(), Calls))
          Extracts.push_back({Extract, Builtin, Calls});
      }
  for (auto &[Extract, Builtin, Calls] : Extracts) {
    IRBuilder<> Builder(Extract);
    Value *Dim = Builder.CreateZExtOrTrunc(Extract->getIndexOperand(),
                                           Builtin->getArg(0)->getType());
    CallInst *Call = Builder.CreateCall(Builtin, Dim);
    Call->setCallingConv(Builtin->getCallingConv());
    Call->takeName(Extract);
    Value *Vector = Extract->getVectorOperand();
    Extract->replaceAllUsesWith(Call);
    Extract->eraseFromParent();
    eraseUnusedChain(Vector, Calls);
    ++NumCollapsed;
  }
  return Extracts.empty() ? PreservedAnalyses::all()
                          : PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
