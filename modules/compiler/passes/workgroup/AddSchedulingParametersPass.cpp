//===- AddSchedulingParametersPass.cpp - Scheduling parameters ------------===//
///
/// \file
/// See compiler/passes/workgroup/AddSchedulingParametersPass.h. The rewrite is
/// done in three steps so that no call ever points at a half-built function:
/// declare a new function per old one, move each body over, then rewrite
/// the calls inside the moved bodies.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/AddSchedulingParametersPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "add-scheduling-parameters"

using namespace llvm;

STATISTIC(NumFunctionsRewritten,
          "Number of functions given scheduling parameters");

namespace compiler {
namespace utils {

namespace {

/// Mux builtins that need scheduling parameters and do not have them yet.
SmallVector<Function *, 8> findBuiltinsNeedingParams(Module &M,
                                                     const BuiltinInfo &BI) {
  SmallVector<Function *, 8> Builtins;
  for (Function &F : M) {
    std::optional<MuxBuiltin> B = BI.identifyMuxBuiltin(F);
    if (B && BI.requiresSchedulingParameters(*B) &&
        getSchedulingParamIndices(F).empty())
      Builtins.push_back(&F);
  }
  return Builtins;
}

/// \p Roots and every function that calls one of them, transitively. A use
/// other than a direct call cannot be given the parameters and is reported.
SetVector<Function *> findCallersClosure(ArrayRef<Function *> Roots) {
  SetVector<Function *> Closure(Roots.begin(), Roots.end());
  for (size_t I = 0; I < Closure.size(); ++I) {
    Function *F = Closure[I];
    for (User *U : F->users()) {
      auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledOperand() != F) {
        F->getContext().diagnose(DiagnosticInfoUnsupported(
            *F, "'" + F->getName() +
                    "' is used other than by a direct call, so it cannot be "
                    "given scheduling parameters"));
        continue;
      }
      Closure.insert(Call->getFunction());
    }
  }
  return Closure;
}

/// Rewrites memory attributes that stop being true once a function reads
/// work-item state through its new pointer parameters: `readnone` becomes
/// `readonly argmemonly`, and neither `writeonly` nor
/// `inaccessiblememonly` hold any more.
template <class FunctionOrCall> void updateMemoryAttributes(FunctionOrCall &F) {
  if (F.getAttributes().hasFnAttr(Attribute::ReadNone)) {
    F.removeFnAttr(Attribute::ReadNone);
    F.addFnAttr(Attribute::ReadOnly);
    F.addFnAttr(Attribute::ArgMemOnly);
  }
  F.removeFnAttr(Attribute::WriteOnly);
  if (F.getAttributes().hasFnAttr(Attribute::InaccessibleMemOnly)) {
    F.removeFnAttr(Attribute::InaccessibleMemOnly);
    F.addFnAttr(Attribute::InaccessibleMemOrArgMemOnly);
  }
}

/// An empty function like \p Old with the scheduling parameters appended.
Function *declareWithParams(Function &Old,
                            ArrayRef<SchedulingParameter> Params) {
  FunctionType *OldTy = Old.getFunctionType();
  SmallVector<Type *, 8> Types(OldTy->param_begin(), OldTy->param_end());
  for (const SchedulingParameter &P : Params)
    Types.push_back(P.ParamType);
  auto *Ty = FunctionType::get(OldTy->getReturnType(), Types, false);
  // In the old function's place, so the module reads in the same order.
  Function *New = Function::Create(Ty, Old.getLinkage(), "");
  Old.getParent()->getFunctionList().insert(Old.getIterator(), New);
  New->copyAttributesFrom(&Old);
  updateMemoryAttributes(*New);
  New->copyMetadata(&Old, 0);
  New->setCallingConv(Old.getCallingConv());
  SmallVector<unsigned, 2> Indices;
  for (unsigned I = 0; I < Params.size(); ++I) {
    unsigned Index = OldTy->getNumParams() + I;
    New->getArg(Index)->setName(Params[I].Name);
    Indices.push_back(Index);
  }
  setSchedulingParamIndices(*New, Indices);
  return New;
}

void moveBody(Function &Old, Function &New) {
  New.getBasicBlockList().splice(New.begin(), Old.getBasicBlockList());
  for (unsigned I = 0; I < Old.arg_size(); ++I) {
    Old.getArg(I)->replaceAllUsesWith(New.getArg(I));
    New.getArg(I)->takeName(Old.getArg(I));
  }
}

/// Replaces \p Call (to an old function) by a call to \p NewCallee that
/// passes on the scheduling parameters of the function it is in.
void rewriteCall(CallBase &Call, Function &NewCallee, unsigned NumParams) {
  Function &Caller = *Call.getFunction();
  SmallVector<Value *, 8> Args(Call.args());
  for (unsigned I = Caller.arg_size() - NumParams; I < Caller.arg_size(); ++I)
    Args.push_back(Caller.getArg(I));
  auto *Old = cast<CallInst>(&Call);
  CallInst *New = CallInst::Create(&NewCallee, Args, "", Old);
  New->takeName(Old);
  New->setCallingConv(Old->getCallingConv());
  New->setAttributes(Old->getAttributes());
  updateMemoryAttributes(*New);
  New->setTailCallKind(Old->getTailCallKind());
  New->setDebugLoc(Old->getDebugLoc());
  Old->replaceAllUsesWith(New);
  Old->eraseFromParent();
}

} // namespace

PreservedAnalyses AddSchedulingParametersPass::run(Module &M,
                                                   ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  SmallVector<SchedulingParameter, 2> Params = BI.getSchedulingParameters(M);
  SmallVector<Function *, 8> Builtins = findBuiltinsNeedingParams(M, BI);
  if (Builtins.empty() || Params.empty())
    return PreservedAnalyses::all();

  MapVector<Function *, Function *> OldToNew;
  for (Function *Old : findCallersClosure(Builtins))
    OldToNew[Old] = declareWithParams(*Old, Params);

  for (auto &[Old, New] : OldToNew) {
    if (!Old->isDeclaration())
      moveBody(*Old, *New);
    if (isKernelEntryPoint(*Old)) {
      // The seed's name for the entry point with scheduling parameters.
      New->setName(getOrigFnName(*Old) + ".mux-sched-wrapper");
      transferKernelProperties(*Old, *New);
    } else {
      New->takeName(Old);
    }
    ++NumFunctionsRewritten;
  }

  for (auto &[Old, New] : OldToNew)
    for (User *U : make_early_inc_range(Old->users()))
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledOperand() == Old)
        rewriteCall(*Call, *New, Params.size());

  for (auto &[Old, New] : OldToNew)
    if (Old->use_empty())
      Old->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
