//===- JamRows.cpp - Several rows of a vector kernel at once --------------===//
///
/// \file
/// See vecz/JamRows.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/JamRows.h"
#include "vecz/Packetizer.h"

#include "analysis/WorkItemIds.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace vecz {

namespace {

Error notJammed(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// Whether \p Call writes memory the way a store does: what it writes is
/// given by its operands, so doing it once for rows that would write the
/// same is enough.
bool isStoreLike(const CallBase &Call) {
  const auto *Intrinsic = dyn_cast<IntrinsicInst>(&Call);
  return Intrinsic &&
         (Intrinsic->getIntrinsicID() == Intrinsic::masked_store ||
          Intrinsic->getIntrinsicID() == Intrinsic::masked_scatter);
}

/// Whether \p I is a seed of row dependence (see the file comment).
bool isRowSeed(const Instruction &I) {
  // Each row has its own private memory, as each lane has.
  if (isa<AllocaInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || isa<DbgInfoIntrinsic>(Call))
    return false;
  // A work-item builtin reads the work-item's state, which only the ids
  // of dimension 1 (and the linear ids, declined) take from the row.
  if (getMuxBuiltin(*Call))
    return isIdOfDimension(*Call, 1);
  return Call->mayWriteToMemory() && !isStoreLike(*Call);
}

/// The instructions of \p F that depend on the row, in no particular order,
/// or why \p F cannot be jammed.
Expected<SetVector<Instruction *>> findRowDependent(Function &F) {
  SetVector<Instruction *> Dependent;
  bool AsksForRow = false;
  for (Instruction &I : instructions(F)) {
    const auto *Call = dyn_cast<CallBase>(&I);
    if (Call && isLinearIdCall(*Call))
      return notJammed("it asks for a linear id");
    AsksForRow |= Call && isIdOfDimension(*Call, 1);
    if (isRowSeed(I))
      Dependent.insert(&I);
  }
  // Rows that all do the same work gain nothing from sharing it.
  if (!AsksForRow)
    return notJammed("nothing in it depends on the row");
  // Dependent grows as the loop walks it: every user of a row-dependent
  // value is visited once.
  for (size_t N = 0; N < Dependent.size(); ++N)
    for (User *U : Dependent[N]->users()) {
      auto *I = cast<Instruction>(U);
      if (I->isTerminator())
        return notJammed("it branches on a value that depends on the row");
      if (!isa<DbgInfoIntrinsic>(I))
        Dependent.insert(I);
    }
  return Dependent;
}

/// Gives each row-dependent instruction of a function its copies for rows
/// 1 .. R - 1, right after it.
class RowCopier {
public:
  RowCopier(unsigned Rows, const SetVector<Instruction *> &Dependent)
      : Rows(Rows), Dependent(Dependent) {}

  void run(Function &F);

private:
  void copy(Instruction &I);
  void copyRowId(Instruction &Id);
  /// Row \p Row's version of \p V: its copy if it depends on the row.
  Value *inRow(Value *V, unsigned Row) const;

  unsigned Rows;
  const SetVector<Instruction *> &Dependent;
  DenseMap<const Value *, SmallVector<Value *, 4>> Copies;
};

Value *RowCopier::inRow(Value *V, unsigned Row) const {
  auto It = Copies.find(V);
  return It == Copies.end() ? V : It->second[Row];
}

void RowCopier::copyRowId(Instruction &Id) {
  IRBuilder<> B(Id.getNextNode());
  SmallVector<Value *, 4> &Row = Copies[&Id];
  Row.push_back(&Id);
  for (unsigned J = 1; J < Rows; ++J)
    Row.push_back(B.CreateAdd(&Id, ConstantInt::get(Id.getType(), J),
                              Id.getName() + ".r" + Twine(J),
                              /*HasNUW=*/true));
}

void RowCopier::copy(Instruction &I) {
  SmallVector<Value *, 4> &Row = Copies[&I];
  Row.push_back(&I);
  Instruction *After = &I;
  for (unsigned J = 1; J < Rows; ++J) {
    Instruction *Copy = I.clone();
    if (!I.getType()->isVoidTy())
      Copy->setName(I.getName() + ".r" + Twine(J));
    Copy->insertAfter(After);
    After = Copy;
    Row.push_back(Copy);
  }
}

void RowCopier::run(Function &F) {
  // Definitions before uses (phis aside): each copy's operands have theirs.
  ReversePostOrderTraversal<Function *> RPOT(&F);
  SmallVector<PHINode *, 8> Phis;
  for (BasicBlock *BB : RPOT)
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (!Dependent.contains(&I) || Copies.count(&I))
        continue;
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && isIdOfDimension(*Call, 1)) {
        copyRowId(I);
        continue;
      }
      copy(I);
      if (auto *Phi = dyn_cast<PHINode>(&I)) {
        Phis.push_back(Phi);
        continue;
      }
      for (unsigned J = 1; J < Rows; ++J) {
        auto *Copy = cast<Instruction>(Copies[&I][J]);
        for (Use &Op : Copy->operands())
          Op.set(inRow(Op.get(), J));
      }
    }
  // A phi's incoming values may come round a loop's back edge: the last to
  // be copied.
  for (PHINode *Phi : Phis)
    for (unsigned J = 1; J < Rows; ++J) {
      auto *Copy = cast<PHINode>(Copies[Phi][J]);
      for (unsigned N = 0; N < Copy->getNumIncomingValues(); ++N)
        Copy->setIncomingValue(N, inRow(Copy->getIncomingValue(N), J));
    }
}

} // namespace

Expected<Function *> jamRows(Function &Vector, StringRef KernelName,
                             unsigned Width, unsigned Rows) {
  ValueToValueMapTy VMap;
  Function *Jammed = CloneFunction(&Vector, VMap);
  Jammed->setName(getVariantName(KernelName, Width, Rows));
  Expected<SetVector<Instruction *>> Dependent = findRowDependent(*Jammed);
  if (!Dependent) {
    Jammed->eraseFromParent();
    return Dependent.takeError();
  }
  RowCopier(Rows, *Dependent).run(*Jammed);
  return Jammed;
}

} // namespace vecz
