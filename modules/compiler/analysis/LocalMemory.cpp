//===- LocalMemory.cpp - The local-memory arena ---------------------------===//
///
/// \file
/// See compiler/analysis/LocalMemory.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/LocalMemory.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// The functions \p Kernel calls, directly or not, including itself.
SmallPtrSet<const Function *, 8> getCallGraphFrom(const Function &Kernel) {
  SmallPtrSet<const Function *, 8> Reached{&Kernel};
  SmallVector<const Function *, 8> Worklist{&Kernel};
  while (!Worklist.empty()) {
    const Function *F = Worklist.pop_back_val();
    for (const Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration() && Reached.insert(Callee).second)
            Worklist.push_back(Callee);
  }
  return Reached;
}

/// Whether \p V is used, through constant expressions, in one of \p Fns.
bool isUsedIn(const Value &V, const SmallPtrSetImpl<const Function *> &Fns) {
  for (const User *U : V.users()) {
    if (auto *I = dyn_cast<Instruction>(U)) {
      if (Fns.contains(I->getFunction()))
        return true;
    } else if (isa<Constant>(U) && isUsedIn(*U, Fns)) {
      return true;
    }
  }
  return false;
}

} // namespace

LocalMemoryLayout computeLocalMemoryLayout(const Module &M) {
  LocalMemoryLayout Layout;
  const DataLayout &DL = M.getDataLayout();
  uint64_t End = 0;
  for (const GlobalVariable &GV : M.globals()) {
    if (GV.getAddressSpace() != LocalAddressSpace)
      continue;
    uint64_t Offset = alignTo(End, GV.getAlign().valueOrOne());
    Layout.Offsets[&GV] = Offset;
    End = Offset + DL.getTypeAllocSize(GV.getValueType());
  }
  return Layout;
}

uint64_t getLocalMemoryNeeded(const Function &Kernel,
                              const LocalMemoryLayout &Layout) {
  const DataLayout &DL = Kernel.getParent()->getDataLayout();
  SmallPtrSet<const Function *, 8> Reached = getCallGraphFrom(Kernel);
  uint64_t Needed = 0;
  for (const auto &[GV, Offset] : Layout.Offsets)
    if (isUsedIn(*GV, Reached))
      Needed =
          std::max(Needed, Offset + DL.getTypeAllocSize(GV->getValueType()));
  return Needed;
}

} // namespace utils
} // namespace compiler
