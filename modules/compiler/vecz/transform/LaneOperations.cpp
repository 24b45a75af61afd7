//===- LaneOperations.cpp - What a vector kernel does lane by lane --------===//
///
/// \file
/// See LaneOperations.h.
///
//===----------------------------------------------------------------------===//

#include "transform/LaneOperations.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace vecz {

unsigned elementsPerLane(const Type *Ty) {
  const auto *Vec = dyn_cast<FixedVectorType>(Ty);
  return Vec ? Vec->getNumElements() : 1;
}

bool isWidenable(const Type *Ty) {
  if (const auto *Vec = dyn_cast<FixedVectorType>(Ty))
    Ty = Vec->getElementType();
  return Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy();
}

Type *widenType(Type *Ty, unsigned Width) {
  return FixedVectorType::get(Ty->getScalarType(), Width * elementsPerLane(Ty));
}

Value *spreadLanes(Value *PerLane, unsigned N, IRBuilder<> &B) {
  if (N == 1)
    return PerLane;
  unsigned Width = cast<FixedVectorType>(PerLane->getType())->getNumElements();
  SmallVector<int, 64> Spread;
  for (unsigned L = 0; L < Width; ++L)
    Spread.append(N, int(L));
  return B.CreateShuffleVector(PerLane, Spread);
}

Value *extractLane(Value *Wide, Type *Scalar, unsigned Lane, IRBuilder<> &B,
                   const Twine &Name) {
  if (!Scalar->isVectorTy())
    return B.CreateExtractElement(Wide, uint64_t(Lane), Name);
  unsigned N = elementsPerLane(Scalar);
  SmallVector<int, 16> Elements;
  for (unsigned E = 0; E < N; ++E)
    Elements.push_back(int(Lane * N + E));
  return B.CreateShuffleVector(Wide, Elements, Name);
}

Instruction *createLaneZero(Value *Wide, Type *Scalar, IRBuilder<> &B) {
  // Made and inserted whole: IRBuilder's own Create* would fold a constant.
  if (!Scalar->isVectorTy())
    return B.Insert(ExtractElementInst::Create(Wide, B.getInt64(0)), "lane0");
  SmallVector<int, 16> Elements;
  for (unsigned E = 0; E < elementsPerLane(Scalar); ++E)
    Elements.push_back(int(E));
  return B.Insert(new ShuffleVectorInst(Wide, Elements), "lane0");
}

Value *insertLane(Value *Wide, Value *Part, unsigned Lane, unsigned Width,
                  IRBuilder<> &B) {
  if (!Part->getType()->isVectorTy())
    return B.CreateInsertElement(Wide, Part, uint64_t(Lane));
  unsigned N = elementsPerLane(Part->getType());
  // Part's elements follow Wide's in the shuffle's numbering.
  SmallVector<int, 64> Blend;
  for (unsigned E = 0; E < Width * N; ++E)
    Blend.push_back(E / N == Lane ? int(Width * N + E % N) : int(E));
  SmallVector<int, 64> Grown;
  for (unsigned E = 0; E < Width * N; ++E)
    Grown.push_back(E < N ? int(E) : -1);
  return B.CreateShuffleVector(Wide, B.CreateShuffleVector(Part, Grown), Blend);
}

namespace {

/// Builds lane after lane of one operation, at a builder the caller moves.
class LaneEmitter {
public:
  LaneEmitter(Instruction &I, unsigned Width)
      : I(I), Width(Width), IsCompareAndSwap(isa<AtomicCmpXchgInst>(I)) {}

  /// The results of no lane yet: zeros.
  LaneResults none() const {
    LaneResults None;
    if (IsCompareAndSwap) {
      None.Result =
          Constant::getNullValue(widenType(I.getOperand(1)->getType(), Width));
      None.Swapped = Constant::getNullValue(
          widenType(Type::getInt1Ty(I.getContext()), Width));
    } else if (!I.getType()->isVoidTy()) {
      None.Result = Constant::getNullValue(widenType(I.getType(), Width));
    }
    return None;
  }

  /// Lane \p Lane of \p I, with operand N taken from \p Operands[N];
  /// \p Results with that lane's results in.
  LaneResults emitLane(unsigned Lane, ArrayRef<Value *> Operands,
                       const LaneResults &Results, IRBuilder<> &B) const {
    Instruction *One = I.clone();
    for (unsigned N = 0; N < I.getNumOperands(); ++N) {
      Type *Scalar = I.getOperand(N)->getType();
      Value *Op = Operands[N];
      One->setOperand(
          N, Op->getType() == Scalar ? Op : extractLane(Op, Scalar, Lane, B));
    }
    B.Insert(One, I.getName());
    LaneResults Next = Results;
    if (IsCompareAndSwap) {
      Next.Result = insertLane(Results.Result, B.CreateExtractValue(One, 0),
                               Lane, Width, B);
      Next.Swapped = insertLane(Results.Swapped, B.CreateExtractValue(One, 1),
                                Lane, Width, B);
    } else if (Results.Result) {
      Next.Result = insertLane(Results.Result, One, Lane, Width, B);
    }
    return Next;
  }

  StringRef helperName() const {
    if (IsCompareAndSwap)
      return "__vecz_masked_cmpxchg";
    if (isa<LoadInst>(I) || isa<StoreInst>(I))
      return "__vecz_masked_access";
    return isa<AtomicRMWInst>(I) ? "__vecz_masked_atomicrmw"
                                 : "__vecz_masked_call";
  }

  Type *resultType() const {
    LaneResults None = none();
    if (IsCompareAndSwap)
      return StructType::get(I.getContext(),
                             {None.Result->getType(), None.Swapped->getType()});
    return None.Result ? None.Result->getType()
                       : Type::getVoidTy(I.getContext());
  }

  bool isCompareAndSwap() const { return IsCompareAndSwap; }

private:
  Instruction &I;
  unsigned Width;
  bool IsCompareAndSwap;
};

/// Whether operand \p Op goes into the helper as a parameter: constants
/// (the callee, immediate arguments) and metadata stay in its body.
bool isPassed(const Value *Op) {
  return !isa<Constant>(Op) && !isa<MetadataAsValue>(Op);
}

/// `(operands..., <W x i1> On)`: for each lane L in order, if On[L], the
/// operation with lane L's operands; returns each lane's results (zero for
/// lanes that were off), a compare-and-swap's as {old values, swapped}.
Function *createMaskedHelper(Instruction &I, ArrayRef<Value *> Operands,
                             const LaneEmitter &Emitter, unsigned Width) {
  LLVMContext &Ctx = I.getContext();
  SmallVector<Type *, 4> Params;
  for (Value *Op : Operands)
    if (isPassed(Op))
      Params.push_back(Op->getType());
  Params.push_back(widenType(Type::getInt1Ty(Ctx), Width));
  Function *Helper = Function::Create(
      FunctionType::get(Emitter.resultType(), Params, /*isVarArg=*/false),
      GlobalValue::InternalLinkage, Emitter.helperName(), I.getModule());
  Helper->addFnAttr(Attribute::AlwaysInline);
  Helper->addFnAttr(Attribute::NoUnwind);
  SmallVector<Value *, 4> Inside;
  unsigned Next = 0;
  for (Value *Op : Operands)
    Inside.push_back(isPassed(Op) ? Helper->getArg(Next++) : Op);
  Value *Mask = Helper->getArg(Next);

  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Helper));
  LaneResults Results = Emitter.none();
  for (unsigned L = 0; L < Width; ++L) {
    BasicBlock *Before = B.GetInsertBlock();
    BasicBlock *On = BasicBlock::Create(Ctx, "lane." + Twine(L), Helper);
    BasicBlock *After = BasicBlock::Create(Ctx, "after." + Twine(L), Helper);
    B.CreateCondBr(B.CreateExtractElement(Mask, L), On, After);
    B.SetInsertPoint(On);
    LaneResults Here = Emitter.emitLane(L, Inside, Results, B);
    B.CreateBr(After);
    B.SetInsertPoint(After);
    auto Merge = [&](Value *Done, Value *Skipped) -> Value * {
      if (!Done)
        return nullptr;
      PHINode *Merged = B.CreatePHI(Done->getType(), 2);
      Merged->addIncoming(Done, On);
      Merged->addIncoming(Skipped, Before);
      return Merged;
    };
    Results = {Merge(Here.Result, Results.Result),
               Merge(Here.Swapped, Results.Swapped)};
  }
  if (Emitter.isCompareAndSwap())
    B.CreateRet(B.CreateInsertValue(
        B.CreateInsertValue(PoisonValue::get(Emitter.resultType()),
                            Results.Result, 0),
        Results.Swapped, 1));
  else if (Results.Result)
    B.CreateRet(Results.Result);
  else
    B.CreateRetVoid();
  return Helper;
}

} // namespace

LaneResults doPerLane(Instruction &I, ArrayRef<Value *> Operands, Value *Mask,
                      unsigned Width, IRBuilder<> &B) {
  LaneEmitter Emitter(I, Width);
  if (!Mask) {
    LaneResults Results = Emitter.none();
    for (unsigned L = 0; L < Width; ++L)
      Results = Emitter.emitLane(L, Operands, Results, B);
    return Results;
  }
  Function *Helper = createMaskedHelper(I, Operands, Emitter, Width);
  SmallVector<Value *, 4> Args;
  for (Value *Op : Operands)
    if (isPassed(Op))
      Args.push_back(Op);
  Args.push_back(Mask);
  CallInst *Call = B.CreateCall(Helper, Args);
  if (Call->getType()->isVoidTy())
    return {};
  Call->setName(I.getName() + ".v");
  if (!Emitter.isCompareAndSwap())
    return {Call};
  return {B.CreateExtractValue(Call, 0), B.CreateExtractValue(Call, 1)};
}

} // namespace vecz
