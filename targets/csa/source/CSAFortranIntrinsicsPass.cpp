//===- CSAFortranIntrinsicsPass.cpp - Source markers to intrinsics --------===//
///
/// \file
/// See csa/CSAFortranIntrinsicsPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAFortranIntrinsicsPass.h"

#include "csa/CSAIntrinsics.h"

#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "csa-fortran-intrinsics"

STATISTIC(NumBuiltinCalls, "C/OpenCL C builtin calls made intrinsics");
STATISTIC(NumFortranCalls, "Fortran calls made intrinsics");

namespace csa {

namespace {

/// The constant \p Arg of a Fortran call points to: a constant global's
/// integer initializer, or the value of the only store to a local variable.
ConstantInt *getIntegerPassedByReference(Value *Arg) {
  Value *Object = Arg->stripPointerCasts();
  if (auto *Global = dyn_cast<GlobalVariable>(Object)) {
    if (!Global->isConstant() || !Global->hasDefinitiveInitializer())
      return nullptr;
    return dyn_cast<ConstantInt>(Global->getInitializer());
  }
  auto *Slot = dyn_cast<AllocaInst>(Object);
  if (!Slot)
    return nullptr;
  ConstantInt *Stored = nullptr;
  for (User *U : Slot->users()) {
    if (isa<CallInst>(U))
      continue;
    auto *Store = dyn_cast<StoreInst>(U);
    if (!Store || Store->getPointerOperand() != Slot || Stored)
      return nullptr;
    Stored = dyn_cast<ConstantInt>(Store->getValueOperand());
    if (!Stored)
      return nullptr;
  }
  return Stored;
}

/// The arguments of intrinsic \p Callee for source call \p Call: by value
/// (C) or through getIntegerPassedByReference (Fortran). Reports and gives
/// None on an argument Fortran passes in another form.
std::optional<SmallVector<Value *, 2>>
translateArguments(CallInst &Call, Function &Callee, bool ByReference) {
  StringRef Name = Call.getCalledFunction()->getName();
  ArrayRef<Type *> Params = Callee.getFunctionType()->params();
  if (Call.arg_size() != Params.size()) {
    compiler::utils::emitError(*Call.getFunction(), Call.getDebugLoc(),
                               "'" + Name + "' takes " + Twine(Params.size()) +
                                   " arguments, not " + Twine(Call.arg_size()));
    return std::nullopt;
  }
  SmallVector<Value *, 2> Args;
  IRBuilder<> Builder(&Call);
  for (unsigned Index = 0; Index < Params.size(); ++Index) {
    Type *Param = Params[Index];
    Value *Arg = Call.getArgOperand(Index);
    if (ByReference) {
      ConstantInt *Constant = getIntegerPassedByReference(Arg);
      if (!Constant || !Constant->getValue().isSignedIntN(32)) {
        compiler::utils::emitError(
            *Call.getFunction(), Call.getDebugLoc(),
            "argument " + Twine(Index + 1) + " of '" + Name +
                "' must point to an integer constant that fits in 32 bits");
        return std::nullopt;
      }
      Args.push_back(ConstantInt::get(Param, Constant->getSExtValue()));
    } else if (Param->isPointerTy()) {
      Args.push_back(Builder.CreatePointerBitCastOrAddrSpaceCast(Arg, Param));
    } else {
      Args.push_back(Builder.CreateSExtOrTrunc(Arg, Param));
    }
  }
  return Args;
}

/// Replaces every call of \p Source by a call of \p I; a call whose
/// arguments cannot be translated has been reported and stays.
void replaceCalls(Function &Source, CSAIntrinsic I, bool ByReference) {
  Function *Intrinsic = getOrDeclareIntrinsic(*Source.getParent(), I);
  for (User *U : make_early_inc_range(Source.users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != &Source)
      continue;
    std::optional<SmallVector<Value *, 2>> Args =
        translateArguments(*Call, *Intrinsic, ByReference);
    if (!Args)
      continue;
    CallInst *New = CallInst::Create(Intrinsic, *Args, "", Call);
    New->setDebugLoc(Call->getDebugLoc());
    New->takeName(Call);
    if (!Call->use_empty())
      Call->replaceAllUsesWith(New);
    Call->eraseFromParent();
    ++(ByReference ? NumFortranCalls : NumBuiltinCalls);
  }
  if (Source.use_empty())
    Source.eraseFromParent();
}

} // namespace

PreservedAnalyses CSAFortranIntrinsicsPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration())
      continue;
    std::optional<CSAIntrinsic> I = getIntrinsicForBuiltin(F.getName());
    bool ByReference = false;
    if (!I) {
      I = getIntrinsicForFortran(F.getName());
      ByReference = true;
    }
    if (!I)
      continue;
    replaceCalls(F, *I, ByReference);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace csa
