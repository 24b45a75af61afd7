//===- InvariantDivisionPass.cpp - Division by a loop invariant -----------===//
///
/// \file
/// See InvariantDivisionPass.h. For an N-bit divisor d >= 1, with
/// l = ceil(log2 d), m = floor(2^N * (2^l - d) / d) + 1 (which fits N bits,
/// as 2^l - d < d), the quotient of n by d is
///   t = (m * n) >> N;  q = (t + ((n - t) >> min(l, 1))) >> max(l - 1, 0)
/// and no step overflows N bits (t <= n).
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/InvariantDivisionPass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// Loops that may run fewer times per entry than this keep their divisions.
constexpr unsigned MinTripCount = 4;

/// What replaces a division by d: its multiplier and its two shifts.
struct Reciprocal {
  Value *Multiplier;
  Value *PreShift;
  Value *PostShift;
};

/// The widest division replaced: its reciprocal takes a division of twice
/// the width, and LLVM 15's code generator divides at most 128 bits.
constexpr unsigned MaxDivisionBits = 64;

/// The outermost loop around \p I that \p Divisor is invariant in, if it
/// has a preheader and may run often enough per entry; else null.
Loop *getReciprocalLoop(const LoopInfo &LI, ScalarEvolution &SE,
                        const Instruction &I, const Value *Divisor) {
  Loop *Outermost = nullptr;
  for (Loop *L = LI.getLoopFor(I.getParent()); L && L->isLoopInvariant(Divisor);
       L = L->getParentLoop())
    Outermost = L;
  if (!Outermost || !Outermost->getLoopPreheader())
    return nullptr;
  unsigned MaxTrips = SE.getSmallConstantMaxTripCount(Outermost);
  if (MaxTrips != 0 && MaxTrips < MinTripCount)
    return nullptr;
  return Outermost;
}

/// Computes the reciprocal of \p Divisor, an N-bit integer, at \p B.
Reciprocal buildReciprocal(IRBuilder<> &B, Value *Divisor) {
  auto *Ty = cast<IntegerType>(Divisor->getType());
  unsigned Bits = Ty->getBitWidth();
  IntegerType *Wide = B.getIntNTy(2 * Bits);
  Constant *One = ConstantInt::get(Ty, 1);
  // The divisions never run with 0 (that would be undefined); this runs
  // before them, whatever the divisor.
  Value *D = B.CreateBinaryIntrinsic(Intrinsic::umax, Divisor, One);
  Value *LeadingZeros = B.CreateBinaryIntrinsic(
      Intrinsic::ctlz, B.CreateSub(D, One), B.getFalse());
  Value *Log = B.CreateSub(ConstantInt::get(Ty, Bits), LeadingZeros, "div.log");
  Value *WideD = B.CreateZExt(D, Wide);
  Value *Power =
      B.CreateShl(ConstantInt::get(Wide, 1), B.CreateZExt(Log, Wide));
  Value *Numerator = B.CreateShl(B.CreateSub(Power, WideD), Bits);
  Value *Multiplier = B.CreateAdd(
      B.CreateTrunc(B.CreateUDiv(Numerator, WideD), Ty), One, "div.magic");
  Value *PreShift = B.CreateBinaryIntrinsic(Intrinsic::umin, Log, One);
  Value *PostShift = B.CreateBinaryIntrinsic(Intrinsic::usub_sat, Log, One);
  return {Multiplier, PreShift, PostShift};
}

/// \p Dividend divided by the divisor \p R was computed for.
Value *buildQuotient(IRBuilder<> &B, const Reciprocal &R, Value *Dividend) {
  Type *Ty = Dividend->getType();
  auto Splat = [&](Value *Scalar) -> Value * {
    if (auto *VecTy = dyn_cast<VectorType>(Ty))
      return B.CreateVectorSplat(VecTy->getElementCount(), Scalar);
    return Scalar;
  };
  unsigned Bits = Ty->getScalarSizeInBits();
  Type *Wide = Ty->getWithNewBitWidth(2 * Bits);
  Value *Product = B.CreateMul(B.CreateZExt(Dividend, Wide),
                               B.CreateZExt(Splat(R.Multiplier), Wide));
  Value *High = B.CreateTrunc(B.CreateLShr(Product, Bits), Ty);
  Value *Half = B.CreateLShr(B.CreateSub(Dividend, High), Splat(R.PreShift));
  return B.CreateLShr(B.CreateAdd(High, Half), Splat(R.PostShift));
}

} // namespace

Value *getReplaceableDivisor(const Instruction &I) {
  if ((I.getOpcode() != Instruction::UDiv &&
       I.getOpcode() != Instruction::URem) ||
      I.getType()->getScalarSizeInBits() > MaxDivisionBits)
    return nullptr;
  Value *Divisor = I.getOperand(1);
  if (Divisor->getType()->isVectorTy())
    Divisor = getSplatValue(Divisor);
  if (!Divisor || isa<Constant>(Divisor))
    return nullptr;
  return Divisor;
}

InstructionCost getCostOfDivisionByReciprocal(const Instruction &I,
                                              const TargetTransformInfo &TTI) {
  // The instructions buildQuotient emits, and for a remainder the multiply
  // and subtract after them.
  constexpr auto Kind = TargetTransformInfo::TCK_RecipThroughput;
  Type *Ty = I.getType();
  Type *Wide = Ty->getWithNewBitWidth(2 * Ty->getScalarSizeInBits());
  auto Arithmetic = [&](unsigned Opcode, Type *T) {
    return TTI.getArithmeticInstrCost(Opcode, T, Kind);
  };
  auto Cast = [&](unsigned Opcode, Type *To, Type *From) {
    return TTI.getCastInstrCost(
        Opcode, To, From, TargetTransformInfo::CastContextHint::None, Kind);
  };
  InstructionCost Cost =
      2 * Cast(Instruction::ZExt, Wide, Ty) +
      Arithmetic(Instruction::Mul, Wide) + Arithmetic(Instruction::LShr, Wide) +
      Cast(Instruction::Trunc, Ty, Wide) + Arithmetic(Instruction::Sub, Ty) +
      2 * Arithmetic(Instruction::LShr, Ty) + Arithmetic(Instruction::Add, Ty);
  if (I.getOpcode() == Instruction::URem)
    Cost += Arithmetic(Instruction::Mul, Ty) + Arithmetic(Instruction::Sub, Ty);
  return Cost;
}

PreservedAnalyses InvariantDivisionPass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  SmallVector<Instruction *, 8> Divisions;
  for (Instruction &I : instructions(F))
    if (getReplaceableDivisor(I))
      Divisions.push_back(&I);
  if (Divisions.empty())
    return PreservedAnalyses::all();

  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  // One reciprocal per divisor and loop, shared by its divisions.
  DenseMap<std::pair<Value *, Loop *>, Reciprocal> Reciprocals;
  bool Changed = false;
  for (Instruction *Division : Divisions) {
    Value *Divisor = getReplaceableDivisor(*Division);
    Loop *L = getReciprocalLoop(LI, SE, *Division, Divisor);
    if (!L)
      continue;
    auto [It, Inserted] = Reciprocals.try_emplace({Divisor, L});
    if (Inserted) {
      IRBuilder<> B(L->getLoopPreheader()->getTerminator());
      It->second = buildReciprocal(B, Divisor);
    }
    IRBuilder<> B(Division);
    Value *Dividend = Division->getOperand(0);
    Value *Quotient = buildQuotient(B, It->second, Dividend);
    Value *Result = Quotient;
    if (Division->getOpcode() == Instruction::URem)
      Result =
          B.CreateSub(Dividend, B.CreateMul(Quotient, Division->getOperand(1)));
    Result->takeName(Division);
    Division->replaceAllUsesWith(Result);
    Division->eraseFromParent();
    Changed = true;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace utils
} // namespace compiler
