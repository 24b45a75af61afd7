//===- MarkedLoops.cpp - The loop an entry/exit pair marks ----------------===//
///
/// \file
/// See csa/MarkedLoops.h.
///
//===----------------------------------------------------------------------===//

#include "csa/MarkedLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace csa {

Loop *findMarkedLoop(CallInst &Entry, CSAIntrinsic Exit, LoopInfo &LI) {
  SmallVector<BasicBlock *, 4> ExitCallBlocks;
  for (User *U : Entry.users())
    if (CallInst *Call = getIntrinsicCall(U, Exit))
      ExitCallBlocks.push_back(Call->getParent());
  if (ExitCallBlocks.empty())
    return nullptr;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (L->getLoopPreheader() != Entry.getParent())
      continue;
    SmallVector<BasicBlock *, 4> Exits;
    L->getUniqueExitBlocks(Exits);
    if (all_of(ExitCallBlocks,
               [&](BasicBlock *BB) { return is_contained(Exits, BB); }))
      return L;
  }
  return nullptr;
}

void addLoopProperties(Loop &L, ArrayRef<MDNode *> Properties) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<Metadata *, 4> Ops = {nullptr};
  if (MDNode *Old = L.getLoopID())
    append_range(Ops, drop_begin(Old->operands()));
  append_range(Ops, Properties);
  MDNode *LoopID = MDNode::getDistinct(Ctx, Ops);
  LoopID->replaceOperandWith(0, LoopID);
  L.setLoopID(LoopID);
}

} // namespace csa
