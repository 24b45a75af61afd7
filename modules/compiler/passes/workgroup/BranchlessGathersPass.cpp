//===- BranchlessGathersPass.cpp - Gathers without branches ---------------===//
///
/// \file
/// See compiler/passes/workgroup/BranchlessGathersPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/BranchlessGathersPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

#define DEBUG_TYPE "branchless-gathers"

using namespace llvm;

STATISTIC(NumGathers, "Number of masked gathers done without branches");
STATISTIC(NumScatters, "Number of masked scatters done without branches");

namespace compiler {
namespace utils {

namespace {

/// Whether \p Access is a masked gather or scatter under a mask that is not
/// a constant, which the target would do lane by lane, branching.
bool wouldBranch(const IntrinsicInst &Access, const TargetTransformInfo &TTI) {
  bool IsGather = Access.getIntrinsicID() == Intrinsic::masked_gather;
  if (!IsGather && Access.getIntrinsicID() != Intrinsic::masked_scatter)
    return false;
  // gather(ptrs, align, mask, passthru); scatter(values, ptrs, align, mask).
  auto *Data = dyn_cast<FixedVectorType>(
      IsGather ? Access.getType() : Access.getArgOperand(0)->getType());
  if (!Data) // A scalable vector: its lanes are not known here.
    return false;
  auto Alignment =
      cast<ConstantInt>(Access.getArgOperand(IsGather ? 1 : 2))->getZExtValue();
  Align A = Alignment ? Align(Alignment) : Align(1);
  if (isa<Constant>(Access.getArgOperand(IsGather ? 2 : 3)))
    return false;
  return IsGather ? !TTI.isLegalMaskedGather(Data, A) ||
                        TTI.forceScalarizeMaskedGather(Data, A)
                  : !TTI.isLegalMaskedScatter(Data, A) ||
                        TTI.forceScalarizeMaskedScatter(Data, A);
}

/// Builds the lanes of one function's gathers and scatters, with one scratch
/// slot for the lanes that are off.
class LaneBuilder {
public:
  explicit LaneBuilder(Function &F) : F(F) {}

  void replaceGather(IntrinsicInst &Gather);
  void replaceScatter(IntrinsicInst &Scatter);

private:
  /// \p Lane's address when \p On, else the scratch slot's.
  Value *addressOrScratch(Value *Pointers, Value *On, unsigned Lane,
                          IRBuilder<> &B);

  Function &F;
  AllocaInst *Scratch = nullptr;
};

Value *LaneBuilder::addressOrScratch(Value *Pointers, Value *On, unsigned Lane,
                                     IRBuilder<> &B) {
  if (!Scratch) {
    // As large and aligned as any scalar a gather moves (a double, a
    // pointer, an i64).
    IRBuilder<> Entry(&F.getEntryBlock(), F.getEntryBlock().begin());
    Scratch = Entry.CreateAlloca(Entry.getInt64Ty(), nullptr, "gather.scratch");
  }
  Value *Address = B.CreateExtractElement(Pointers, uint64_t(Lane));
  Value *Slot =
      B.CreatePointerBitCastOrAddrSpaceCast(Scratch, Address->getType());
  return B.CreateSelect(On, Address, Slot);
}

void LaneBuilder::replaceGather(IntrinsicInst &Gather) {
  IRBuilder<> B(&Gather);
  auto *Ty = cast<FixedVectorType>(Gather.getType());
  Value *Pointers = Gather.getArgOperand(0);
  auto Alignment = cast<ConstantInt>(Gather.getArgOperand(1))->getZExtValue();
  Value *Mask = Gather.getArgOperand(2);
  Value *Result = Gather.getArgOperand(3);
  for (unsigned L = 0; L < Ty->getNumElements(); ++L) {
    Value *On = B.CreateExtractElement(Mask, uint64_t(L));
    Value *From = addressOrScratch(Pointers, On, L, B);
    Value *Loaded =
        B.CreateAlignedLoad(Ty->getElementType(), From, MaybeAlign(Alignment));
    Value *Kept = B.CreateExtractElement(Result, uint64_t(L));
    Result = B.CreateInsertElement(Result, B.CreateSelect(On, Loaded, Kept),
                                   uint64_t(L));
  }
  Result->takeName(&Gather);
  Gather.replaceAllUsesWith(Result);
  Gather.eraseFromParent();
  ++NumGathers;
}

void LaneBuilder::replaceScatter(IntrinsicInst &Scatter) {
  IRBuilder<> B(&Scatter);
  Value *Values = Scatter.getArgOperand(0);
  Value *Pointers = Scatter.getArgOperand(1);
  auto Alignment = cast<ConstantInt>(Scatter.getArgOperand(2))->getZExtValue();
  Value *Mask = Scatter.getArgOperand(3);
  auto *Ty = cast<FixedVectorType>(Values->getType());
  // In lane order: of lanes storing to one address, the last one's stays.
  for (unsigned L = 0; L < Ty->getNumElements(); ++L) {
    Value *Stored = B.CreateExtractElement(Values, uint64_t(L));
    Value *On = B.CreateExtractElement(Mask, uint64_t(L));
    Value *To = addressOrScratch(Pointers, On, L, B);
    B.CreateAlignedStore(Stored, To, MaybeAlign(Alignment));
  }
  Scatter.eraseFromParent();
  ++NumScatters;
}

} // namespace

PreservedAnalyses BranchlessGathersPass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  SmallVector<IntrinsicInst *, 16> Accesses;
  for (Instruction &I : instructions(F))
    if (auto *Access = dyn_cast<IntrinsicInst>(&I);
        Access && wouldBranch(*Access, TTI))
      Accesses.push_back(Access);
  if (Accesses.empty())
    return PreservedAnalyses::all();
  LaneBuilder Lanes(F);
  for (IntrinsicInst *Access : Accesses) {
    if (Access->getIntrinsicID() == Intrinsic::masked_gather)
      Lanes.replaceGather(*Access);
    else
      Lanes.replaceScatter(*Access);
  }
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace utils
} // namespace compiler
