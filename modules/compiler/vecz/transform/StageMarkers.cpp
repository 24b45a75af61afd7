//===- StageMarkers.cpp - Marks for packetization's last stages -----------===//
///
/// \file
/// See StageMarkers.h.
///
//===----------------------------------------------------------------------===//

#include "transform/StageMarkers.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
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

bool isMarkerFunction(const Function &F, StringRef Name) {
  if (!F.isDeclaration())
    return false;
  if (Name == ActiveLanesMarker || Name == LaneCallsMarker)
    return F.getName().startswith(Name);
  return F.getName() == Name;
}

namespace {

/// Whether \p V calls marker \p Name.
bool callsMarker(const Value *V, StringRef Name) {
  const auto *Call = dyn_cast<CallInst>(V);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && isMarkerFunction(*Callee, Name);
}

} // namespace

void markDivergentBranch(BranchInst &Branch, Value *Lanes) {
  Module &M = *Branch.getModule();
  FunctionType *Type = FunctionType::get(Type::getInt1Ty(M.getContext()),
                                         /*isVarArg=*/true);
  Branch.setCondition(
      CallInst::Create(M.getOrInsertFunction(DivergentBranchMarker, Type),
                       {Lanes}, "divergent", &Branch));
}

Value *getDivergentCondition(const BranchInst &Branch) {
  if (!Branch.isConditional() ||
      !callsMarker(Branch.getCondition(), DivergentBranchMarker))
    return nullptr;
  const auto *Marker = cast<CallInst>(Branch.getCondition());
  return Marker->arg_size() == 1 ? Marker->getArgOperand(0) : nullptr;
}

CallInst *createActiveLanesMarker(BasicBlock &BB, unsigned Width) {
  Module &M = *BB.getModule();
  auto *Mask = FixedVectorType::get(Type::getInt1Ty(M.getContext()), Width);
  FunctionType *Type = FunctionType::get(Mask, /*isVarArg=*/true);
  std::string Name = (ActiveLanesMarker + ".v" + Twine(Width) + "i1").str();
  return CallInst::Create(M.getOrInsertFunction(Name, Type), {},
                          BB.getName() + ".active", &*BB.getFirstInsertionPt());
}

void markPerLanePhi(PHINode &Phi) {
  Phi.setMetadata(PerLanePhiMetadata, MDNode::get(Phi.getContext(), {}));
}

bool isPerLanePhi(const PHINode &Phi) {
  return Phi.getMetadata(PerLanePhiMetadata);
}

SmallVector<CallInst *, 8> findMarkers(Function &F, StringRef Name) {
  SmallVector<CallInst *, 8> Markers;
  for (Instruction &I : instructions(F))
    if (callsMarker(&I, Name))
      Markers.push_back(cast<CallInst>(&I));
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
  auto IsMarker = [](const Function &F) {
    return any_of(ArrayRef<StringRef>{ClampedGatherMarker, RunBeginMarker,
                                      RunEndMarker, DivergentBranchMarker,
                                      ActiveLanesMarker, LaneCallsMarker},
                  [&](StringRef Name) { return isMarkerFunction(F, Name); });
  };
  for (Function &F : make_early_inc_range(M.functions()))
    if (F.use_empty() && IsMarker(F))
      F.eraseFromParent();
}

} // namespace vecz
