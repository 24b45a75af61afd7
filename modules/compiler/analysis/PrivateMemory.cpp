//===- PrivateMemory.cpp - Private memory's bytes -------------------------===//
///
/// \file
/// See compiler/analysis/PrivateMemory.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/PrivateMemory.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace compiler {
namespace utils {

uint64_t getPrivateMemoryBytes(const Function &F) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  uint64_t Bytes = 0;
  for (const Instruction &I : instructions(F)) {
    const auto *Alloca = dyn_cast<AllocaInst>(&I);
    if (!Alloca)
      continue;
    if (const auto *Count = dyn_cast<ConstantInt>(Alloca->getArraySize()))
      Bytes = alignTo(Bytes, Alloca->getAlign()) +
              DL.getTypeAllocSize(Alloca->getAllocatedType()) *
                  Count->getZExtValue();
  }
  return Bytes;
}

uint64_t getPrivateMemoryBytesWithCallees(const Function &Entry) {
  SmallPtrSet<const Function *, 16> Seen{&Entry};
  SmallVector<const Function *, 16> Work{&Entry};
  uint64_t Bytes = 0;
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    Bytes += getPrivateMemoryBytes(*F);
    for (const Instruction &I : instructions(*F))
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration() && Seen.insert(Callee).second)
          Work.push_back(Callee);
  }
  return Bytes;
}

} // namespace utils
} // namespace compiler
