//===- LowerPrintfPass.cpp - printf into a buffer -------------------------===//
///
/// \file
/// See compiler/passes/input/LowerPrintfPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/LowerPrintfPass.h"

#include "metadata/abi.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "lower-printf"

using namespace llvm;

STATISTIC(NumLowered, "Number of printf calls lowered");

namespace compiler {
namespace utils {

namespace {

using RecordHeader = loom_printf_record_header_t;
using BufferHeader = loom_printf_buffer_header_t;
constexpr uint64_t RecordHeaderSize = sizeof(RecordHeader);

/// The byte offset of each argument slot after the record header, and the
/// record's total size.
uint64_t layOutArguments(const DataLayout &DL, ArrayRef<Value *> Args,
                         SmallVectorImpl<uint64_t> &Offsets) {
  uint64_t At = RecordHeaderSize;
  for (Value *Arg : Args) {
    Offsets.push_back(At);
    At += alignTo(DL.getTypeStoreSize(Arg->getType()).getFixedSize(), 8);
  }
  return At;
}

/// Declares the OpenCL work-item function \p MangledName (size_t f(uint)).
FunctionCallee workItemFunction(Module &M, StringRef MangledName) {
  LLVMContext &Ctx = M.getContext();
  return M.getOrInsertFunction(
      MangledName,
      FunctionType::get(Type::getInt64Ty(Ctx), {Type::getInt32Ty(Ctx)}, false));
}

/// x + n0 * (y + n1 * z) from a work-item function for ids and one for sizes.
Value *linearId(IRBuilder<> &B, FunctionCallee Id, FunctionCallee Size) {
  Value *Result = B.CreateCall(Id, {B.getInt32(2)});
  for (int D = 1; D >= 0; --D) {
    Value *N = B.CreateCall(Size, {B.getInt32(D)});
    Result =
        B.CreateAdd(B.CreateCall(Id, {B.getInt32(D)}), B.CreateMul(N, Result));
  }
  return Result;
}

/// \p Offset bytes into \p Base (\p Base itself at 0).
Value *atByte(IRBuilder<> &B, Value *Base, uint64_t Offset) {
  return Offset ? B.CreateConstGEP1_64(B.getInt8Ty(), Base, Offset) : Base;
}

/// \p Arg as its slot holds it. Strings reach the driver as addresses:
/// constant-space pointers become integers, which keeps the store free of
/// address-space casts. Scalars get C's default argument promotions, which
/// the driver's formatter expects: Clang applies them, but
/// SPIRV-LLVM-Translator passes a SPIR-V printf's operands as they are (a
/// float as a float), so half and float become double, and integers
/// narrower than int become int.
Value *promoted(IRBuilder<> &B, Value *Arg) {
  Type *T = Arg->getType();
  if (T->isPointerTy())
    return B.CreatePtrToInt(Arg, B.getInt64Ty());
  if (T->isHalfTy() || T->isFloatTy())
    return B.CreateFPExt(Arg, B.getDoubleTy());
  if (T->isIntegerTy(1))
    return B.CreateZExt(Arg, B.getInt32Ty());
  if (T->isIntegerTy() && T->getIntegerBitWidth() < 32)
    return B.CreateSExt(Arg, B.getInt32Ty());
  return Arg;
}

void lowerCall(CallInst &Call, GlobalVariable &BufferVar) {
  Module &M = *Call.getModule();
  const DataLayout &DL = M.getDataLayout();
  IRBuilder<> B(&Call);
  SmallVector<Value *, 8> Args;
  for (unsigned I = 1; I < Call.arg_size(); ++I)
    Args.push_back(promoted(B, Call.getArgOperand(I)));
  SmallVector<uint64_t, 8> Offsets;
  uint64_t Size = layOutArguments(DL, Args, Offsets);

  Value *Buffer = B.CreateLoad(B.getPtrTy(), &BufferVar, "printf.buffer");
  Value *Used = B.CreateAtomicRMW(
      AtomicRMWInst::Add, atByte(B, Buffer, offsetof(BufferHeader, used)),
      B.getInt32(Size), MaybeAlign(4), AtomicOrdering::Monotonic);
  Value *Capacity = B.CreateLoad(
      B.getInt32Ty(), atByte(B, Buffer, offsetof(BufferHeader, capacity)));
  // The comparison in 64 bits: Used + Size cannot wrap there.
  Value *End =
      B.CreateAdd(B.CreateZExt(Used, B.getInt64Ty()), B.getInt64(Size));
  Value *Fits =
      B.CreateICmpULE(End, B.CreateZExt(Capacity, B.getInt64Ty()), "fits");

  Instruction *Then = SplitBlockAndInsertIfThen(Fits, &Call, false);
  BasicBlock *Head = Then->getParent()->getSinglePredecessor();
  Then->getParent()->setName("printf.store");
  Call.getParent()->setName("printf.done");
  B.SetInsertPoint(Then);
  Value *Record = B.CreateGEP(B.getInt8Ty(), Buffer,
                              B.CreateAdd(B.CreateZExt(Used, B.getInt64Ty()),
                                          B.getInt64(sizeof(BufferHeader))),
                              "printf.record");
  auto At = [&](uint64_t Offset) { return atByte(B, Record, Offset); };
  Value *Local = linearId(B, workItemFunction(M, "_Z12get_local_idj"),
                          workItemFunction(M, "_Z14get_local_sizej"));
  Value *Group = linearId(B, workItemFunction(M, "_Z12get_group_idj"),
                          workItemFunction(M, "_Z14get_num_groupsj"));
  B.CreateAlignedStore(B.getInt32(Size), At(offsetof(RecordHeader, size)),
                       Align(4));
  B.CreateAlignedStore(B.CreateTrunc(Local, B.getInt32Ty()),
                       At(offsetof(RecordHeader, local_linear_id)), Align(4));
  B.CreateAlignedStore(Group, At(offsetof(RecordHeader, group_linear_id)),
                       Align(8));
  B.CreateAlignedStore(promoted(B, Call.getArgOperand(0)),
                       At(offsetof(RecordHeader, format)), Align(8));
  for (size_t I = 0; I < Args.size(); ++I)
    B.CreateAlignedStore(Args[I], At(Offsets[I]), Align(8));

  // printf returns 0 for a record kept and -1 for one dropped.
  B.SetInsertPoint(&Call);
  PHINode *Result = B.CreatePHI(Call.getType(), 2, "printf.result");
  Result->addIncoming(ConstantInt::get(Call.getType(), 0), Then->getParent());
  Result->addIncoming(ConstantInt::get(Call.getType(), -1), Head);
  Call.replaceAllUsesWith(Result);
  Call.eraseFromParent();
  ++NumLowered;
}

} // namespace

PreservedAnalyses LowerPrintfPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Printf = M.getFunction("printf");
  if (!Printf || !Printf->isVarArg())
    return PreservedAnalyses::all();
  SmallVector<CallInst *, 8> Calls;
  for (User *U : Printf->users())
    if (auto *Call = dyn_cast<CallInst>(U))
      if (Call->getCalledFunction() == Printf && Call->arg_size() >= 1)
        Calls.push_back(Call);
  if (Calls.empty())
    return PreservedAnalyses::all();

  auto *BufferVar = cast<GlobalVariable>(M.getOrInsertGlobal(
      LOOM_PRINTF_BUFFER_SYMBOL, PointerType::get(M.getContext(), 0)));
  if (BufferVar->isDeclaration())
    BufferVar->setInitializer(
        ConstantPointerNull::get(PointerType::get(M.getContext(), 0)));
  for (CallInst *Call : Calls)
    lowerCall(*Call, *BufferVar);
  if (Printf->use_empty())
    Printf->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
