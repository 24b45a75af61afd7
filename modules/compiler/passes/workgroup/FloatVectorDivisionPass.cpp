//===- FloatVectorDivisionPass.cpp - Vector divisions in floats -----------===//
///
/// \file
/// See compiler/passes/workgroup/FloatVectorDivisionPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/FloatVectorDivisionPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#define DEBUG_TYPE "float-vector-division"

using namespace llvm;

STATISTIC(NumDivisions, "Number of vector divisions done in floating point");

namespace compiler {
namespace utils {

namespace {

constexpr auto CostKind = TargetTransformInfo::TCK_RecipThroughput;

bool isSigned(const Instruction &I) {
  return I.getOpcode() == Instruction::SDiv ||
         I.getOpcode() == Instruction::SRem;
}

bool isRemainder(const Instruction &I) {
  return I.getOpcode() == Instruction::SRem ||
         I.getOpcode() == Instruction::URem;
}

/// The floating-point vector in which \p I's quotient is exact, if \p I is
/// a vector division the pass may replace (of at most 32 bits per lane, by
/// a divisor that is not a constant: the backend divides by constants with
/// multiplies; not in a function whose `unsafe-fp-math` lets the backend
/// divide by a reciprocal estimate, which is not exact); else null.
VectorType *getExactFloatType(const Instruction &I) {
  auto *Ty = dyn_cast<FixedVectorType>(I.getType());
  if (!Ty || !I.isIntDivRem() || isa<Constant>(I.getOperand(1)))
    return nullptr;
  if (I.getFunction()->getFnAttribute("unsafe-fp-math").getValueAsBool())
    return nullptr;
  unsigned Bits = Ty->getScalarSizeInBits();
  if (Bits > 32)
    return nullptr;
  LLVMContext &Ctx = I.getContext();
  // Every operand exact, with the precision to spare (the header says why).
  Type *Element = Bits <= 16 ? Type::getFloatTy(Ctx) : Type::getDoubleTy(Ctx);
  return FixedVectorType::get(Element, Ty->getNumElements());
}

/// The cost of what replaceDivision emits for \p I, in \p FloatTy.
InstructionCost getReplacementCost(const Instruction &I, VectorType *FloatTy,
                                   const TargetTransformInfo &TTI) {
  Type *Ty = I.getType();
  auto Cast = [&](unsigned Opcode, Type *To, Type *From) {
    return TTI.getCastInstrCost(
        Opcode, To, From, TargetTransformInfo::CastContextHint::None, CostKind);
  };
  unsigned ToFloat = isSigned(I) ? Instruction::SIToFP : Instruction::UIToFP;
  unsigned ToInteger = isSigned(I) ? Instruction::FPToSI : Instruction::FPToUI;
  InstructionCost Cost =
      2 * Cast(ToFloat, FloatTy, Ty) +
      TTI.getArithmeticInstrCost(Instruction::FDiv, FloatTy, CostKind) +
      Cast(ToInteger, Ty, FloatTy);
  if (isRemainder(I))
    Cost += TTI.getArithmeticInstrCost(Instruction::Mul, Ty, CostKind) +
            TTI.getArithmeticInstrCost(Instruction::Sub, Ty, CostKind);
  return Cost;
}

/// The floating-point type to divide \p I in, if that costs less than the
/// integer division; else null.
VectorType *getProfitableFloatType(const Instruction &I,
                                   const TargetTransformInfo &TTI) {
  VectorType *FloatTy = getExactFloatType(I);
  if (!FloatTy)
    return nullptr;
  InstructionCost Integer =
      TTI.getArithmeticInstrCost(I.getOpcode(), I.getType(), CostKind);
  return getReplacementCost(I, FloatTy, TTI) < Integer ? FloatTy : nullptr;
}

/// Replaces \p I, a division getExactFloatType accepts, by its division in
/// \p FloatTy.
void replaceDivision(Instruction &I, VectorType *FloatTy) {
  IRBuilder<> B(&I);
  Value *Dividend = I.getOperand(0);
  Value *Divisor = I.getOperand(1);
  bool Signed = isSigned(I);
  auto ToFloat = [&](Value *V) {
    return Signed ? B.CreateSIToFP(V, FloatTy) : B.CreateUIToFP(V, FloatTy);
  };
  Value *FloatDividend = ToFloat(Dividend);
  Value *FloatDivisor = ToFloat(Divisor);
  Value *FloatQuotient = B.CreateFDiv(FloatDividend, FloatDivisor);
  Value *Quotient = Signed ? B.CreateFPToSI(FloatQuotient, I.getType())
                           : B.CreateFPToUI(FloatQuotient, I.getType());
  Value *Result = Quotient;
  if (isRemainder(I))
    Result = B.CreateSub(Dividend, B.CreateMul(Quotient, Divisor));
  Result->takeName(&I);
  I.replaceAllUsesWith(Result);
  I.eraseFromParent();
  ++NumDivisions;
}

} // namespace

std::optional<InstructionCost>
getCostOfFloatVectorDivision(const Instruction &I,
                             const TargetTransformInfo &TTI) {
  if (VectorType *FloatTy = getProfitableFloatType(I, TTI))
    return getReplacementCost(I, FloatTy, TTI);
  return std::nullopt;
}

PreservedAnalyses FloatVectorDivisionPass::run(Function &F,
                                               FunctionAnalysisManager &AM) {
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  SmallVector<std::pair<Instruction *, VectorType *>, 8> Divisions;
  for (Instruction &I : instructions(F))
    if (VectorType *FloatTy = getProfitableFloatType(I, TTI))
      Divisions.emplace_back(&I, FloatTy);
  for (auto [Division, FloatTy] : Divisions)
    replaceDivision(*Division, FloatTy);
  if (Divisions.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace utils
} // namespace compiler
