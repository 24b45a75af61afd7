//===- LaneOperations.cpp - What a vector kernel does lane by lane --------===//
///
/// \file
/// See LaneOperations.h.
///
//===----------------------------------------------------------------------===//

#include "transform/LaneOperations.h"

#include "transform/StageMarkers.h"

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

/// The lanes' results of \p I that \p Call returns (a helper's, or a
/// marker's), named after \p I.
LaneResults takeLaneResults(CallInst &Call, const Instruction &I,
                            const LaneEmitter &Emitter, IRBuilder<> &B) {
  if (Call.getType()->isVoidTy())
    return {};
  Call.setName(I.getName() + ".v");
  if (!Emitter.isCompareAndSwap())
    return {&Call};
  return {B.CreateExtractValue(&Call, 0), B.CreateExtractValue(&Call, 1)};
}

/// Does \p I once for each of \p Width lanes, in lane order, at \p B:
/// lane L takes lane L of each operand in \p Operands whose type is
/// widened, and the others as they are; with \p Mask (<W x i1>, or null
/// for every lane) only the active lanes do it.
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
  return takeLaneResults(*B.CreateCall(Helper, Args), I, Emitter, B);
}

/// The one-lane template of \p I: an internal function of I's operands
/// that isPassed (their scalar types), doing I once and returning its
/// result.
Function *createLaneTemplate(Instruction &I, const LaneEmitter &Emitter) {
  LLVMContext &Ctx = I.getContext();
  SmallVector<Type *, 4> Params;
  for (Value *Op : I.operands())
    if (isPassed(Op))
      Params.push_back(Op->getType());
  StringRef Kind =
      Emitter.helperName().drop_front(StringRef("__vecz_masked_").size());
  Function *Template = Function::Create(
      FunctionType::get(I.getType(), Params, /*isVarArg=*/false),
      GlobalValue::InternalLinkage, LaneTemplatePrefix + Kind, I.getModule());
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Template));
  Instruction *Once = I.clone();
  unsigned Next = 0;
  for (Use &Op : Once->operands())
    if (isPassed(Op))
      Op.set(Template->getArg(Next++));
  B.Insert(Once, I.getName());
  if (I.getType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Once);
  return Template;
}

/// The operation a lane template does: its first instruction, which its
/// return follows; null if \p Template is no template.
Instruction *getTemplateOperation(const Function &Template) {
  if (Template.isDeclaration() || Template.size() != 1)
    return nullptr;
  const BasicBlock &Entry = Template.getEntryBlock();
  if (Entry.size() != 2)
    return nullptr;
  auto *Operation = const_cast<Instruction *>(&Entry.front());
  auto *Ret = dyn_cast<ReturnInst>(Entry.getTerminator());
  bool Supported = isa<CallBase>(Operation) || isa<AtomicRMWInst>(Operation) ||
                   isa<AtomicCmpXchgInst>(Operation) ||
                   isa<LoadInst>(Operation) || isa<StoreInst>(Operation);
  if (!Supported || !Ret ||
      Ret->getReturnValue() != (Operation->getType()->isVoidTy()
                                    ? nullptr
                                    : static_cast<Value *>(Operation)))
    return nullptr;
  return Operation;
}

Error malformedLaneCall(const CallInst &Marker, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "function '" + Marker.getFunction()->getName() +
                               "': the lane-call marker in block '" +
                               Marker.getParent()->getName() + "' " + Why);
}

/// Puts the lanes' results of a compare-and-swap in place of \p Marker's:
/// its parts where users take them apart, else the pair rebuilt.
void replaceCompareAndSwapResults(CallInst &Marker, const LaneResults &Lanes,
                                  IRBuilder<> &B) {
  for (User *U : make_early_inc_range(Marker.users()))
    if (auto *Part = dyn_cast<ExtractValueInst>(U);
        Part && Part->getNumIndices() == 1) {
      Part->replaceAllUsesWith(Part->getIndices()[0] == 0 ? Lanes.Result
                                                          : Lanes.Swapped);
      Part->eraseFromParent();
    }
  if (Marker.use_empty())
    return;
  Marker.replaceAllUsesWith(B.CreateInsertValue(
      B.CreateInsertValue(PoisonValue::get(Marker.getType()), Lanes.Result, 0),
      Lanes.Swapped, 1));
}

/// Expands one marker (see expandLaneCalls).
Error expandLaneCall(CallInst &Marker) {
  auto *Template = dyn_cast<Function>(Marker.getArgOperand(0));
  Instruction *I = Template ? getTemplateOperation(*Template) : nullptr;
  if (!I)
    return malformedLaneCall(Marker, "does not name a one-lane template");
  Value *Mask = Marker.getArgOperand(Marker.arg_size() - 1);
  auto *MaskType = dyn_cast<FixedVectorType>(Mask->getType());
  if (Marker.arg_size() != Template->arg_size() + 2 || !MaskType ||
      !MaskType->getElementType()->isIntegerTy(1))
    return malformedLaneCall(Marker, "does not pass the template's operands "
                                     "and a <W x i1> mask");
  unsigned Width = MaskType->getNumElements();
  SmallVector<Value *, 4> Operands;
  for (Value *Op : I->operands()) {
    auto *Param = dyn_cast<Argument>(Op);
    if (!Param) {
      Operands.push_back(Op);
      continue;
    }
    Value *Arg = Marker.getArgOperand(1 + Param->getArgNo());
    if (Arg->getType() != Param->getType() &&
        Arg->getType() != widenType(Param->getType(), Width))
      return malformedLaneCall(Marker, "passes an operand of neither its "
                                       "lane's type nor its widened type");
    Operands.push_back(Arg);
  }
  LaneEmitter Emitter(*I, Width);
  if (Marker.getType() != Emitter.resultType())
    return malformedLaneCall(Marker, "does not return the lanes' results");
  IRBuilder<> B(&Marker);
  // The results are named after the operation, as the marker was.
  Marker.setName("");
  auto *Constant = dyn_cast<llvm::Constant>(Mask);
  LaneResults Lanes = doPerLane(
      *I, Operands, Constant && Constant->isAllOnesValue() ? nullptr : Mask,
      Width, B);
  if (Lanes.Swapped)
    replaceCompareAndSwapResults(Marker, Lanes, B);
  else if (Lanes.Result)
    Marker.replaceAllUsesWith(Lanes.Result);
  Marker.eraseFromParent();
  if (Template->use_empty())
    Template->eraseFromParent();
  return Error::success();
}

} // namespace

LaneResults markLaneByLane(Instruction &I, ArrayRef<Value *> Operands,
                           Value *Mask, unsigned Width, IRBuilder<> &B) {
  LaneEmitter Emitter(I, Width);
  Function *Template = createLaneTemplate(I, Emitter);
  // The template's parameters are I's passed operands: a varying one's
  // vector twin goes in even where it folded to a constant.
  SmallVector<Value *, 4> Args = {Template};
  for (auto [Scalar, Op] : zip(I.operands(), Operands))
    if (isPassed(Scalar))
      Args.push_back(Op);
  Args.push_back(Mask ? Mask
                      : Constant::getAllOnesValue(
                            widenType(Type::getInt1Ty(I.getContext()), Width)));
  Module &M = *I.getModule();
  FunctionType *Type = FunctionType::get(Emitter.resultType(),
                                         /*isVarArg=*/true);
  CallInst *Marker = B.CreateCall(
      M.getOrInsertFunction((LaneCallsMarker + Template->getName().drop_front(
                                                   LaneTemplatePrefix.size()))
                                .str(),
                            Type),
      Args);
  return takeLaneResults(*Marker, I, Emitter, B);
}

Error expandLaneCalls(Function &F) {
  for (CallInst *Marker : findMarkers(F, LaneCallsMarker))
    if (Error E = expandLaneCall(*Marker))
      return E;
  return Error::success();
}

} // namespace vecz
