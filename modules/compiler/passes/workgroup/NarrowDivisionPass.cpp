//===- NarrowDivisionPass.cpp - Divisions of small values in 32 bits ------===//
///
/// \file
/// See compiler/passes/workgroup/NarrowDivisionPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/NarrowDivisionPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#define DEBUG_TYPE "narrow-division"

using namespace llvm;

STATISTIC(NumNarrowed, "Number of divisions and remainders done in 32 bits");

namespace compiler {
namespace utils {

namespace {

/// The width divisions are narrowed to.
constexpr unsigned NarrowBits = 32;

/// How many values one division's bounds may look at: enough for an index
/// computed from a few work-item builtins, bounded so that phis in loops
/// cost little.
constexpr unsigned MaxValuesVisited = 48;

/// The unsigned values one lane of \p V may take, as far as \p Budget more
/// values show (beyond that, any value).
class UnsignedRanges {
public:
  ConstantRange get(const Value *V) {
    unsigned Bits = V->getType()->getScalarSizeInBits();
    if (const auto *C = dyn_cast<Constant>(V))
      return ofConstant(*C, Bits);
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || Budget == 0)
      return ConstantRange::getFull(Bits);
    --Budget;
    ConstantRange Known = ofOperation(*I, Bits);
    if (const MDNode *Range = I->getMetadata(LLVMContext::MD_range))
      Known = Known.intersectWith(getConstantRangeFromMetadata(*Range));
    return Known;
  }

private:
  static ConstantRange ofConstant(const Constant &C, unsigned Bits);
  ConstantRange ofOperation(const Instruction &I, unsigned Bits);
  ConstantRange ofBinaryOperator(const BinaryOperator &B);

  unsigned Budget = MaxValuesVisited;
};

ConstantRange UnsignedRanges::ofConstant(const Constant &C, unsigned Bits) {
  // A poison lane's division is poison whatever its width.
  if (isa<PoisonValue>(C))
    return ConstantRange::getEmpty(Bits);
  if (const auto *Int = dyn_cast<ConstantInt>(&C))
    return ConstantRange(Int->getValue());
  auto *VecTy = dyn_cast<FixedVectorType>(C.getType());
  if (!VecTy || isa<UndefValue>(C))
    return ConstantRange::getFull(Bits);
  ConstantRange Lanes = ConstantRange::getEmpty(Bits);
  for (unsigned Lane = 0; Lane < VecTy->getNumElements(); ++Lane) {
    const Constant *Element = C.getAggregateElement(Lane);
    if (!Element)
      return ConstantRange::getFull(Bits);
    Lanes = Lanes.unionWith(ofConstant(*Element, Bits));
  }
  return Lanes;
}

ConstantRange UnsignedRanges::ofBinaryOperator(const BinaryOperator &B) {
  ConstantRange L = get(B.getOperand(0));
  ConstantRange R = get(B.getOperand(1));
  if (const auto *Overflowing = dyn_cast<OverflowingBinaryOperator>(&B)) {
    unsigned NoWrap = 0;
    if (Overflowing->hasNoUnsignedWrap())
      NoWrap |= OverflowingBinaryOperator::NoUnsignedWrap;
    if (Overflowing->hasNoSignedWrap())
      NoWrap |= OverflowingBinaryOperator::NoSignedWrap;
    return L.overflowingBinaryOp(B.getOpcode(), R, NoWrap);
  }
  return L.binaryOp(B.getOpcode(), R);
}

ConstantRange UnsignedRanges::ofOperation(const Instruction &I, unsigned Bits) {
  switch (I.getOpcode()) {
  case Instruction::ZExt:
    return get(I.getOperand(0)).zeroExtend(Bits);
  case Instruction::SExt:
    return get(I.getOperand(0)).signExtend(Bits);
  case Instruction::Trunc:
    return get(I.getOperand(0)).truncate(Bits);
  case Instruction::Select:
    return get(I.getOperand(1)).unionWith(get(I.getOperand(2)));
  case Instruction::PHI: {
    ConstantRange Incoming = ConstantRange::getEmpty(Bits);
    for (const Value *V : cast<PHINode>(I).incoming_values())
      Incoming = Incoming.unionWith(get(V));
    return Incoming;
  }
  case Instruction::InsertElement:
    // The lanes the vector had, and the one inserted.
    return get(I.getOperand(0)).unionWith(get(I.getOperand(1)));
  case Instruction::ExtractElement:
    return get(I.getOperand(0));
  case Instruction::ShuffleVector: {
    const auto &Shuffle = cast<ShuffleVectorInst>(I);
    if (Shuffle.isZeroEltSplat())
      return get(Shuffle.getOperand(0));
    return get(Shuffle.getOperand(0)).unionWith(get(Shuffle.getOperand(1)));
  }
  case Instruction::Call:
    if (const auto *Intrinsic = dyn_cast<IntrinsicInst>(&I)) {
      switch (Intrinsic->getIntrinsicID()) {
      case Intrinsic::umin:
        return get(I.getOperand(0)).umin(get(I.getOperand(1)));
      case Intrinsic::umax:
        return get(I.getOperand(0)).umax(get(I.getOperand(1)));
      default:
        break;
      }
    }
    return ConstantRange::getFull(Bits);
  default:
    if (const auto *B = dyn_cast<BinaryOperator>(&I))
      return ofBinaryOperator(*B);
    return ConstantRange::getFull(Bits);
  }
}

/// Whether every unsigned value in \p Range fits in NarrowBits bits.
bool fitsNarrowly(const ConstantRange &Range) {
  return Range.isEmptySet() ||
         Range.getUnsignedMax().getActiveBits() <= NarrowBits;
}

/// Whether \p I is an unsigned division or remainder wider than NarrowBits
/// whose operands both fit in NarrowBits.
bool isNarrowable(const Instruction &I) {
  if ((I.getOpcode() != Instruction::UDiv &&
       I.getOpcode() != Instruction::URem) ||
      I.getType()->getScalarSizeInBits() <= NarrowBits)
    return false;
  UnsignedRanges Ranges;
  return fitsNarrowly(Ranges.get(I.getOperand(1))) &&
         fitsNarrowly(Ranges.get(I.getOperand(0)));
}

/// Replaces \p Division by the same operation on its operands' low
/// NarrowBits bits, zero-extended.
void narrow(BinaryOperator &Division) {
  IRBuilder<> B(&Division);
  Type *Ty = Division.getType();
  Type *NarrowTy = Ty->getWithNewBitWidth(NarrowBits);
  Value *Dividend = B.CreateTrunc(Division.getOperand(0), NarrowTy);
  Value *Divisor = B.CreateTrunc(Division.getOperand(1), NarrowTy);
  Value *Narrowed = B.CreateBinOp(Division.getOpcode(), Dividend, Divisor);
  if (auto *NarrowedOp = dyn_cast<BinaryOperator>(Narrowed);
      NarrowedOp && isa<PossiblyExactOperator>(NarrowedOp))
    NarrowedOp->setIsExact(Division.isExact());
  Value *Widened = B.CreateZExt(Narrowed, Ty);
  Widened->takeName(&Division);
  Division.replaceAllUsesWith(Widened);
  Division.eraseFromParent();
}

} // namespace

PreservedAnalyses NarrowDivisionPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  SmallVector<BinaryOperator *, 8> Divisions;
  for (Instruction &I : instructions(F))
    if (isNarrowable(I))
      Divisions.push_back(cast<BinaryOperator>(&I));
  for (BinaryOperator *Division : Divisions)
    narrow(*Division);
  NumNarrowed += Divisions.size();
  if (Divisions.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace utils
} // namespace compiler
