//===- DeadValues.cpp - Values nothing needs any more ---------------------===//
///
/// \file
/// See DeadValues.h: a mark from every terminator and side effect through
/// operands, then a sweep.
///
//===----------------------------------------------------------------------===//

#include "transform/DeadValues.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace vecz {

void eraseDeadValues(Function &F) {
  SmallPtrSet<Instruction *, 32> Live;
  SmallVector<Instruction *, 64> Worklist;
  for (Instruction &I : instructions(F))
    if (I.isTerminator() || I.mayHaveSideEffects())
      if (Live.insert(&I).second)
        Worklist.push_back(&I);
  while (!Worklist.empty())
    for (Use &Operand : Worklist.pop_back_val()->operands())
      if (auto *I = dyn_cast<Instruction>(Operand); I && Live.insert(I).second)
        Worklist.push_back(I);
  SmallVector<Instruction *, 32> Dead;
  for (Instruction &I : instructions(F))
    if (!Live.contains(&I))
      Dead.push_back(&I);
  for (Instruction *I : Dead)
    I->dropAllReferences();
  for (Instruction *I : Dead)
    I->eraseFromParent();
}

} // namespace vecz
