//===- StageMarkers.cpp - Marks for packetization's last stages -----------===//
///
/// \file
/// See StageMarkers.h.
///
//===----------------------------------------------------------------------===//

#include "transform/StageMarkers.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace vecz {

CallInst *createMarker(StringRef Name, ArrayRef<Value *> Args,
                       Instruction *Before) {
  Module &M = *Before->getModule();
  FunctionType *Type = FunctionType::get(Type::getVoidTy(M.getContext()),
                                         /*isVarArg=*/true);
  return CallInst::Create(M.getOrInsertFunction(Name, Type), Args, "", Before);
}

SmallVector<CallInst *, 8> findMarkers(Function &F, StringRef Name) {
  SmallVector<CallInst *, 8> Markers;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && Callee->getName() == Name)
        Markers.push_back(Call);
  return Markers;
}

void eraseMarkers(Function &F, StringRef Name) {
  for (CallInst *Marker : findMarkers(F, Name)) {
    SmallVector<Value *, 4> Operands(Marker->args());
    Marker->eraseFromParent();
    for (Value *Operand : Operands)
      RecursivelyDeleteTriviallyDeadInstructions(Operand);
  }
}

void eraseUnusedMarkerDeclarations(Module &M) {
  for (StringRef Name : {ClampedGatherMarker, RunBeginMarker, RunEndMarker})
    if (Function *Marker = M.getFunction(Name); Marker && Marker->use_empty())
      Marker->eraseFromParent();
}

} // namespace vecz
