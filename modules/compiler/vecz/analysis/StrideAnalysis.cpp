//===- StrideAnalysis.cpp - How addresses move along a vector -------------===//
///
/// \file
/// See vecz/StrideAnalysis.h. Strides are computed on demand from the
/// uses' operands, memoized; a phi whose value feeds back into itself is
/// linear when its back edges add a uniform step to it (an induction) and
/// its other incoming values agree.
///
//===----------------------------------------------------------------------===//

#include "vecz/StrideAnalysis.h"

#include "vecz/UniformityAnalysis.h"

#include "analysis/WorkItemIds.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "vecz-stride"

using namespace llvm;

namespace vecz {

AnalysisKey StrideAnalysis::Key;

namespace {

Stride add(const Stride &A, const Stride &B) {
  if (A.isUnknown() || B.isUnknown())
    return Stride::unknown();
  if (A.isUniform())
    return B;
  if (B.isUniform())
    return A;
  bool AssumesNoWrap = A.AssumesNoWrap || B.AssumesNoWrap;
  if (A.Step && B.Step)
    return Stride::linear(*A.Step + *B.Step, AssumesNoWrap);
  return Stride::linear(std::nullopt, AssumesNoWrap);
}

Stride negate(const Stride &S) {
  if (!S.isLinear() || !S.Step)
    return S;
  return Stride::linear(-*S.Step, S.AssumesNoWrap);
}

/// Whether a cast by \p Opcode moves as its operand does (a zero extension
/// assuming no wrap within one vector, StrideAnalysis.h).
bool isStrideKeepingCast(unsigned Opcode) {
  switch (Opcode) {
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::Trunc:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::Freeze:
    return true;
  default:
    return false;
  }
}

/// \p S scaled by uniform \p Factor (a constant, or another uniform value).
Stride scale(const Stride &S, const Value &Factor) {
  if (!S.isLinear())
    return S;
  const auto *Constant = dyn_cast<ConstantInt>(&Factor);
  if (!S.Step || !Constant)
    return Stride::linear(std::nullopt, S.AssumesNoWrap);
  return Stride::linear(*S.Step * Constant->getSExtValue(), S.AssumesNoWrap);
}

Stride scale(const Stride &S, int64_t Factor) {
  if (!S.isLinear() || !S.Step)
    return S;
  return Stride::linear(*S.Step * Factor, S.AssumesNoWrap);
}

/// The meet of two strides that agree (Stride::operator==): what either
/// assumes, the meet does.
Stride meet(const Stride &A, const Stride &B) {
  return A.AssumesNoWrap ? A : B;
}

/// Whether \p Step is \p Phi plus a uniform amount, as an induction's back
/// edge computes it.
bool isUniformStepFrom(const Value *Step, const PHINode &Phi,
                       const UniformityInfo &Uniformity) {
  if (const auto *Op = dyn_cast<BinaryOperator>(Step)) {
    unsigned Opcode = Op->getOpcode();
    if (Opcode == Instruction::Add)
      return (Op->getOperand(0) == &Phi &&
              Uniformity.isUniform(Op->getOperand(1))) ||
             (Op->getOperand(1) == &Phi &&
              Uniformity.isUniform(Op->getOperand(0)));
    if (Opcode == Instruction::Sub)
      return Op->getOperand(0) == &Phi &&
             Uniformity.isUniform(Op->getOperand(1));
    return false;
  }
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(Step))
    return GEP->getPointerOperand() == &Phi &&
           all_of(GEP->indices(), [&](const Use &Index) {
             return Uniformity.isUniform(Index);
           });
  return false;
}

} // namespace

/// Computes strides on demand into a StrideInfo.
class StrideBuilder {
public:
  StrideBuilder(const UniformityInfo &Uniformity, const DataLayout &DL,
                StrideInfo &Info)
      : Uniformity(Uniformity), DL(DL), Info(Info) {}

  Stride compute(const Value *V);

private:
  Stride computeInstruction(const Instruction &I);
  Stride computeCall(const CallBase &Call);
  Stride computeAlloca(const AllocaInst &Alloca);
  Stride computeShiftRight(const llvm::BinaryOperator &Shift);
  Stride computeGEP(const GEPOperator &GEP);
  Stride computePhi(const PHINode &Phi);
  Stride computeSelect(const SelectInst &Select);

  const UniformityInfo &Uniformity;
  const DataLayout &DL;
  StrideInfo &Info;
  /// Phis being computed: reaching one again is a cycle other than an
  /// induction's, whose stride is unknown.
  SmallPtrSet<const PHINode *, 8> InProgress;
};

Stride StrideBuilder::compute(const Value *V) {
  if (Uniformity.isUniform(V))
    return Stride::uniform();
  auto Known = Info.Strides.find(V);
  if (Known != Info.Strides.end())
    return Known->second;
  const auto *I = dyn_cast<Instruction>(V);
  Type *Ty = V->getType();
  if (!I || !(Ty->isIntegerTy() || Ty->isPointerTy()))
    return Stride::unknown();
  if (const auto *Phi = dyn_cast<PHINode>(I); Phi && InProgress.contains(Phi))
    return Stride::unknown();
  Stride Result = computeInstruction(*I);
  Info.Strides[V] = Result;
  return Result;
}

Stride StrideBuilder::computeInstruction(const Instruction &I) {
  auto Operand = [&](unsigned N) { return compute(I.getOperand(N)); };
  if (isStrideKeepingCast(I.getOpcode()))
    return I.getOpcode() == Instruction::ZExt ? Operand(0).assumingNoWrap()
                                              : Operand(0);
  switch (I.getOpcode()) {
  case Instruction::Add:
    return add(Operand(0), Operand(1));
  case Instruction::Sub:
    return add(Operand(0), negate(Operand(1)));
  case Instruction::Or:
    if (haveNoCommonBitsSet(I.getOperand(0), I.getOperand(1), DL))
      return add(Operand(0), Operand(1));
    return Stride::unknown();
  case Instruction::Xor:
    // `X ^ -1`, InstCombine's -1 - X: `n - 1 - i`, a reversed index.
    if (match(I.getOperand(1), PatternMatch::m_AllOnes()))
      return negate(Operand(0));
    return Stride::unknown();
  case Instruction::And:
    // `X & 0xffffffff`, Clang's (ulong)(uint)X: a truncation, for which
    // the index does not wrap within one vector.
    if (const auto *Mask = dyn_cast<ConstantInt>(I.getOperand(1));
        Mask && Mask->getValue().isMask() &&
        Mask->getValue().countTrailingOnes() >= 32)
      return Operand(0).assumingNoWrap();
    return Stride::unknown();
  case Instruction::Mul:
    if (Uniformity.isUniform(I.getOperand(1)))
      return scale(Operand(0), *I.getOperand(1));
    if (Uniformity.isUniform(I.getOperand(0)))
      return scale(Operand(1), *I.getOperand(0));
    return Stride::unknown();
  case Instruction::Shl: {
    if (!Uniformity.isUniform(I.getOperand(1)))
      return Stride::unknown();
    const auto *Amount = dyn_cast<ConstantInt>(I.getOperand(1));
    if (!Amount)
      return scale(Operand(0), *I.getOperand(1));
    if (Amount->getZExtValue() >= 63)
      return Stride::unknown();
    return scale(Operand(0), int64_t(1) << Amount->getZExtValue());
  }
  case Instruction::AShr:
  case Instruction::LShr:
    return computeShiftRight(cast<BinaryOperator>(I));
  case Instruction::GetElementPtr:
    return computeGEP(cast<GEPOperator>(I));
  case Instruction::PHI:
    return computePhi(cast<PHINode>(I));
  case Instruction::Select:
    return computeSelect(cast<SelectInst>(I));
  case Instruction::Call:
    return computeCall(cast<CallBase>(I));
  case Instruction::Alloca:
    return computeAlloca(cast<AllocaInst>(I));
  default:
    return Stride::unknown();
  }
}

/// `(X << C) >> C`, the sign or zero extension of X's low bits that Clang
/// makes of `(long)(int)X`, moves as X does (within one vector the index
/// does not wrap, as for casts); `X >> C` marked exact (no bit shifted out,
/// in any lane) moves by X's step over 2^C when that is whole.
Stride StrideBuilder::computeShiftRight(const BinaryOperator &Shift) {
  const auto *Amount = dyn_cast<ConstantInt>(Shift.getOperand(1));
  if (!Amount || Amount->getZExtValue() >= 63)
    return Stride::unknown();
  const Value *Shifted = Shift.getOperand(0);
  if (const auto *Shl = dyn_cast<BinaryOperator>(Shifted);
      Shl && Shl->getOpcode() == Instruction::Shl &&
      Shl->getOperand(1) == Shift.getOperand(1)) {
    Stride Low = compute(Shl->getOperand(0));
    return Shift.getOpcode() == Instruction::LShr ? Low.assumingNoWrap() : Low;
  }
  // (A uniform shift never gets here: compute answers for it.)
  Stride S = compute(Shifted);
  int64_t Divisor = int64_t(1) << Amount->getZExtValue();
  if (!Shift.isExact() || !S.isLinear() || !S.Step || *S.Step % Divisor != 0)
    return Stride::unknown();
  return Stride::linear(*S.Step / Divisor, S.AssumesNoWrap);
}

/// Private memory: the vector kernel gives each lane its own copy, one
/// right after the other (Packetizer.h).
Stride StrideBuilder::computeAlloca(const AllocaInst &Alloca) {
  std::optional<uint64_t> LaneStride = privateLaneStride(Alloca, DL);
  return LaneStride ? Stride::linear(int64_t(*LaneStride)) : Stride::unknown();
}

/// The work-item ids that move by one along the vector.
Stride StrideBuilder::computeCall(const CallBase &Call) {
  return isLaneIdCall(Call) ? Stride::linear(1) : Stride::unknown();
}

Stride StrideBuilder::computeGEP(const GEPOperator &GEP) {
  Stride Result = compute(GEP.getPointerOperand());
  for (gep_type_iterator It = gep_type_begin(GEP), End = gep_type_end(GEP);
       It != End; ++It) {
    if (It.isStruct())
      continue; // A constant field offset.
    Stride Index = compute(It.getOperand());
    if (Index.isUniform())
      continue;
    TypeSize Size = DL.getTypeAllocSize(It.getIndexedType());
    if (Index.isUnknown() || Size.isScalable())
      return Stride::unknown();
    Result = add(Result, scale(Index, int64_t(Size.getFixedSize())));
  }
  return Result;
}

Stride StrideBuilder::computePhi(const PHINode &Phi) {
  InProgress.insert(&Phi);
  std::optional<Stride> Meet;
  bool Agree = true;
  for (const Value *Incoming : Phi.incoming_values()) {
    if (Incoming == &Phi || isUniformStepFrom(Incoming, Phi, Uniformity))
      continue;
    Stride S = compute(Incoming);
    if (Meet && !(*Meet == S))
      Agree = false;
    Meet = Meet ? meet(*Meet, S) : S;
  }
  InProgress.erase(&Phi);
  // Incoming values that agree, from paths the lanes take together; at a
  // join of divergent paths lanes pick different ones, so only the same
  // value everywhere keeps the stride.
  if (!Meet || !Agree)
    return Stride::unknown();
  if (Uniformity.isJoinBlock(Phi.getParent()) && !Phi.hasConstantValue())
    return Stride::unknown();
  return *Meet;
}

Stride StrideBuilder::computeSelect(const SelectInst &Select) {
  if (!Uniformity.isUniform(Select.getCondition()))
    return Stride::unknown();
  Stride True = compute(Select.getTrueValue());
  Stride False = compute(Select.getFalseValue());
  return True == False ? meet(True, False) : Stride::unknown();
}

StrideInfo::StrideInfo(const Function &F, const UniformityInfo &Uniformity)
    : F(&F) {
  StrideBuilder Builder(Uniformity, F.getParent()->getDataLayout(), *this);
  for (const Instruction &I : instructions(F))
    if (I.getType()->isIntegerTy() || I.getType()->isPointerTy())
      Strides[&I] = Builder.compute(&I);
}

Stride StrideInfo::getStride(const Value *V) const {
  auto Known = Strides.find(V);
  if (Known != Strides.end())
    return Known->second;
  // Not an instruction of the function: an argument or a constant.
  return isa<Instruction>(V) ? Stride::unknown() : Stride::uniform();
}

std::optional<int64_t>
StrideInfo::getElementStride(const Instruction &Access) const {
  std::optional<int64_t> Bytes =
      getStride(getLoadStorePointerOperand(&Access)).getConstantStep();
  TypeSize Size = F->getParent()->getDataLayout().getTypeStoreSize(
      getLoadStoreType(const_cast<Instruction *>(&Access)));
  if (!Bytes || Size.isScalable() || *Bytes % int64_t(Size.getFixedSize()))
    return std::nullopt;
  return *Bytes / int64_t(Size.getFixedSize());
}

namespace {

/// Builds a linear value's step as IR (StrideInfo::emitStep), rule for rule
/// as StrideBuilder found it: a step through an operation is the operation
/// on the operands' steps, a uniform operand stepping by zero.
class StepEmitter {
public:
  StepEmitter(const StrideInfo &Info, const DataLayout &DL, IRBuilderBase &B,
              function_ref<Value *(const Value *)> Map)
      : Info(Info), DL(DL), B(B), Map(Map) {}

  Value *emit(const Value *V);

private:
  Value *emitInstruction(const Instruction &I);
  Value *emitGEP(const GEPOperator &GEP);
  Value *emitLowBitsExtension(const BinaryOperator &Shift);
  Value *mapUniform(const Value *V) {
    return isa<Constant>(V) ? const_cast<Value *>(V) : Map(V);
  }
  Type *stepType(const Value *V) const {
    Type *Ty = V->getType();
    return Ty->isPointerTy() ? DL.getIndexType(Ty) : Ty;
  }
  /// \p L \p Op \p R, or one of them where the other is Op's identity (0
  /// for an add, 1 for a multiply: a uniform operand's step, a lane id's);
  /// null if either is.
  Value *combine(Instruction::BinaryOps Op, Value *L, Value *R) {
    if (!L || !R)
      return nullptr;
    Constant *Identity = ConstantExpr::getBinOpIdentity(Op, L->getType());
    if (Identity && L == Identity)
      return R;
    if (Identity && R == Identity)
      return L;
    return B.CreateBinOp(Op, L, R);
  }
  Value *resize(Value *Step, Type *To) {
    return Step ? B.CreateSExtOrTrunc(Step, To) : nullptr;
  }

  const StrideInfo &Info;
  const DataLayout &DL;
  IRBuilderBase &B;
  function_ref<Value *(const Value *)> Map;
};

Value *StepEmitter::emit(const Value *V) {
  Stride S = Info.getStride(V);
  if (S.isUnknown())
    return nullptr;
  if (std::optional<int64_t> Step = S.getConstantStep())
    return ConstantInt::get(stepType(V), *Step, /*IsSigned=*/true);
  // A linear value of no constant step is an instruction (StrideBuilder).
  return emitInstruction(cast<Instruction>(*V));
}

Value *StepEmitter::emitInstruction(const Instruction &I) {
  auto Step = [&](unsigned N) { return emit(I.getOperand(N)); };
  // Without a wrap, an extension of either kind extends the step's sign.
  if (isStrideKeepingCast(I.getOpcode()))
    return resize(Step(0), stepType(&I));
  switch (I.getOpcode()) {
  case Instruction::Add:
  case Instruction::Or: // Of disjoint bits: an add.
  case Instruction::Sub: {
    // One after the other: the order of the instructions they emit.
    Value *L = Step(0);
    Value *R = Step(1);
    return combine(I.getOpcode() == Instruction::Sub ? Instruction::Sub
                                                     : Instruction::Add,
                   L, R);
  }
  case Instruction::Xor: // Of all ones: -1 - X.
    return combine(Instruction::Sub, ConstantInt::get(stepType(&I), 0),
                   Step(0));
  case Instruction::And: // A mask of the low bits: a truncation.
    return Step(0);
  case Instruction::Mul: {
    unsigned Varying = Info.getStride(I.getOperand(0)).isUniform() ? 1 : 0;
    return combine(Instruction::Mul, Step(Varying),
                   mapUniform(I.getOperand(1 - Varying)));
  }
  case Instruction::Shl:
    return combine(Instruction::Shl, Step(0), mapUniform(I.getOperand(1)));
  case Instruction::AShr:
  case Instruction::LShr:
    return emitLowBitsExtension(cast<BinaryOperator>(I));
  case Instruction::GetElementPtr:
    return emitGEP(cast<GEPOperator>(I));
  case Instruction::Select: {
    Value *True = Step(1), *False = Step(2);
    Value *Condition = mapUniform(I.getOperand(0));
    return True && False && Condition ? B.CreateSelect(Condition, True, False)
                                      : nullptr;
  }
  default: // A phi (its operands need not be available here).
    return nullptr;
  }
}

/// `(X << C) >> C` steps as X; an exact shift of a linear value has a
/// constant step, which emit() took.
Value *StepEmitter::emitLowBitsExtension(const BinaryOperator &Shift) {
  const auto *Shl = dyn_cast<BinaryOperator>(Shift.getOperand(0));
  if (!Shl || Shl->getOpcode() != Instruction::Shl ||
      Shl->getOperand(1) != Shift.getOperand(1))
    return nullptr;
  return resize(emit(Shl->getOperand(0)), Shift.getType());
}

Value *StepEmitter::emitGEP(const GEPOperator &GEP) {
  Type *IndexTy = DL.getIndexType(GEP.getType());
  Value *Step = resize(emit(GEP.getPointerOperand()), IndexTy);
  for (gep_type_iterator It = gep_type_begin(GEP), End = gep_type_end(GEP);
       It != End && Step; ++It) {
    if (It.isStruct() || Info.getStride(It.getOperand()).isUniform())
      continue;
    uint64_t Size = DL.getTypeAllocSize(It.getIndexedType()).getFixedSize();
    Step = combine(Instruction::Add, Step,
                   combine(Instruction::Mul,
                           resize(emit(It.getOperand()), IndexTy),
                           ConstantInt::get(IndexTy, Size)));
  }
  return Step;
}

} // namespace

Value *StrideInfo::emitStep(const Value *V, IRBuilderBase &B,
                            function_ref<Value *(const Value *)> Map) const {
  if (!getStride(V).isLinear())
    return nullptr;
  return StepEmitter(*this, F->getParent()->getDataLayout(), B, Map).emit(V);
}

/// How the address of \p Access moves along the vector, in words.
static void describeAccess(const StrideInfo &Info, const Instruction &Access,
                           raw_ostream &OS) {
  Stride Address = Info.getStride(getLoadStorePointerOperand(&Access));
  if (Address.isUniform()) {
    OS << "uniform";
    return;
  }
  if (Address.isUnknown()) {
    OS << "unknown";
    return;
  }
  if (!Address.Step) {
    OS << "strided by a uniform value";
    return;
  }
  std::optional<int64_t> Elements = Info.getElementStride(Access);
  if (Elements == 1)
    OS << "consecutive";
  else if (Elements)
    OS << "strided " << *Elements;
  else
    OS << "strided " << *Address.Step << " bytes";
  if (Address.AssumesNoWrap)
    OS << " assuming no wrap";
}

void StrideInfo::print(raw_ostream &OS) const {
  OS << "Strides of '" << F->getName() << "':\n";
  for (const Instruction &I : instructions(*F)) {
    if (!isa<LoadInst>(I) && !isa<StoreInst>(I))
      continue;
    OS << "  ";
    describeAccess(*this, I, OS);
    OS << ":" << I << "\n";
  }
}

StrideInfo StrideAnalysis::run(Function &F, FunctionAnalysisManager &FAM) {
  return StrideInfo(F, FAM.getResult<UniformityAnalysis>(F));
}

std::optional<uint64_t> privateLaneStride(const AllocaInst &Alloca,
                                          const DataLayout &DL) {
  Optional<TypeSize> Size = Alloca.getAllocationSizeInBits(DL);
  if (!Size || Size->isScalable())
    return std::nullopt;
  return alignTo(Size->getFixedSize() / 8, Alloca.getAlign());
}

PreservedAnalyses StridePrinterPass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  FAM.getResult<StrideAnalysis>(F).print(OS);
  return PreservedAnalyses::all();
}

} // namespace vecz
