//===- TrapFreeDivisionPass.cpp - Division that cannot trap ---------------===//
///
/// \file
/// See compiler/passes/input/TrapFreeDivisionPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/TrapFreeDivisionPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/InstSimplifyFolder.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/KnownBits.h"

#define DEBUG_TYPE "trap-free-division"

using namespace llvm;

STATISTIC(NumDivisionsGuarded, "Number of divisions given a safe divisor");
STATISTIC(NumDivisionsProvedSafe, "Number of divisions known not to trap");

namespace compiler {
namespace utils {

bool isIntegerDivision(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return true;
  default:
    return false;
  }
}

namespace {

bool isSignedDivision(const BinaryOperator &Division) {
  return Division.getOpcode() == Instruction::SDiv ||
         Division.getOpcode() == Instruction::SRem;
}

/// Whether known bits show \p Divisor is not -1 in any lane.
bool isKnownNotMinusOne(const Value *Divisor, const DataLayout &DL) {
  return !computeKnownBits(Divisor, DL).Zero.isZero();
}

/// Whether known bits show \p Dividend is not the signed minimum in any lane
/// (its sign bit is clear, or one of its other bits is set).
bool isKnownNotSignedMin(const Value *Dividend, const DataLayout &DL) {
  KnownBits Bits = computeKnownBits(Dividend, DL);
  APInt OtherOnes = Bits.One;
  OtherOnes.clearSignBit();
  return Bits.isNonNegative() || !OtherOnes.isZero();
}

bool mayDivideByZero(const BinaryOperator &Division, const DataLayout &DL) {
  return !isKnownNonZero(Division.getOperand(1), DL);
}

bool mayOverflow(const BinaryOperator &Division, const DataLayout &DL) {
  return isSignedDivision(Division) &&
         !isKnownNotMinusOne(Division.getOperand(1), DL) &&
         !isKnownNotSignedMin(Division.getOperand(0), DL);
}

} // namespace

bool mayTrap(const BinaryOperator &Division, const DataLayout &DL) {
  assert(isIntegerDivision(Division) && "not an integer division");
  return mayDivideByZero(Division, DL) || mayOverflow(Division, DL);
}

bool makeDivisionTrapFree(BinaryOperator &Division, const DataLayout &DL) {
  assert(isIntegerDivision(Division) && "not an integer division");
  Value *Dividend = Division.getOperand(0);
  Value *Divisor = Division.getOperand(1);
  bool MayDivideByZero = mayDivideByZero(Division, DL);
  bool MayOverflow = mayOverflow(Division, DL);
  if (!MayDivideByZero && !MayOverflow) {
    ++NumDivisionsProvedSafe;
    return false;
  }

  // The folder keeps a guard against a constant divisor down to the part
  // that can still be true.
  IRBuilder<InstSimplifyFolder> Builder(Division.getContext(),
                                        InstSimplifyFolder(DL));
  Builder.SetInsertPoint(&Division);
  Type *Ty = Divisor->getType();
  Value *Traps = nullptr;
  if (MayDivideByZero)
    Traps = Builder.CreateICmpEQ(Divisor, Constant::getNullValue(Ty),
                                 "divisor.is.zero");
  if (MayOverflow) {
    unsigned Bits = Ty->getScalarSizeInBits();
    Value *IsMin = Builder.CreateICmpEQ(
        Dividend, ConstantInt::get(Ty, APInt::getSignedMinValue(Bits)),
        "dividend.is.min");
    Value *IsMinusOne = Builder.CreateICmpEQ(
        Divisor, Constant::getAllOnesValue(Ty), "divisor.is.minus.one");
    Value *Overflows = Builder.CreateAnd(IsMin, IsMinusOne, "overflows");
    Traps = Traps ? Builder.CreateOr(Traps, Overflows, "division.traps")
                  : Overflows;
  }
  Division.setOperand(1, Builder.CreateSelect(Traps, ConstantInt::get(Ty, 1),
                                              Divisor, "safe.divisor"));
  ++NumDivisionsGuarded;
  return true;
}

PreservedAnalyses TrapFreeDivisionPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<BinaryOperator *, 8> Divisions;
    for (Instruction &I : instructions(F))
      if (isIntegerDivision(I))
        Divisions.push_back(cast<BinaryOperator>(&I));
    for (BinaryOperator *Division : Divisions) {
      bool Guarded = makeDivisionTrapFree(*Division, DL);
      LLVM_DEBUG(if (Guarded) dbgs()
                 << "guarded " << *Division << " in " << F.getName() << "\n");
      Changed |= Guarded;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
