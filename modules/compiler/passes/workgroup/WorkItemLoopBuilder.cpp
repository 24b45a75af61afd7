//===- WorkItemLoopBuilder.cpp - Loops over a work-group's items ----------===//
///
/// \file
/// See WorkItemLoopBuilder.h.
///
//===----------------------------------------------------------------------===//

#include "passes/workgroup/WorkItemLoopBuilder.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"

#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// Puts every memory access of \p F in \p AccessGroup, keeping any groups
/// it is already in (as one flat list, the form LLVM reads).
void addToAccessGroup(Function &F, MDNode *AccessGroup) {
  for (Instruction &I : instructions(F)) {
    if (!I.mayReadOrWriteMemory())
      continue;
    I.setMetadata(LLVMContext::MD_access_group,
                  uniteAccessGroups(I.getMetadata(LLVMContext::MD_access_group),
                                    AccessGroup));
  }
}

/// One property of a loop ID: `!{!"Name"}`, or `!{!"Name", Value}`.
MDNode *makeLoopProperty(LLVMContext &Ctx, StringRef Name,
                         Metadata *Value = nullptr) {
  if (!Value)
    return MDNode::get(Ctx, {MDString::get(Ctx, Name)});
  return MDNode::get(Ctx, {MDString::get(Ctx, Name), Value});
}

/// The loop ID of a work-item loop: `llvm.loop.parallel_accesses` of
/// \p AccessGroup if there is one; unless \p MayUnroll,
/// `llvm.loop.unroll.disable` and, on a parallel loop,
/// `llvm.loop.interleave.count` 1 when \p MayVectorize, else
/// `llvm.loop.vectorize.enable` false.
MDNode *makeWorkItemLoopID(LLVMContext &Ctx, MDNode *AccessGroup,
                           bool MayVectorize, bool MayUnroll) {
  SmallVector<Metadata *, 4> Properties = {nullptr};
  if (AccessGroup)
    Properties.push_back(
        makeLoopProperty(Ctx, "llvm.loop.parallel_accesses", AccessGroup));
  if (!MayUnroll && AccessGroup)
    Properties.push_back(
        MayVectorize
            ? makeLoopProperty(Ctx, "llvm.loop.interleave.count",
                               ConstantAsMetadata::get(
                                   ConstantInt::get(Type::getInt32Ty(Ctx), 1)))
            : makeLoopProperty(
                  Ctx, "llvm.loop.vectorize.enable",
                  ConstantAsMetadata::get(ConstantInt::getFalse(Ctx))));
  if (!MayUnroll)
    Properties.push_back(makeLoopProperty(Ctx, "llvm.loop.unroll.disable"));
  MDNode *Self = MDNode::getDistinct(Ctx, Properties);
  Self->replaceOperandWith(0, Self);
  return Self;
}

/// A bottom-tested loop setting the local id of dimension \p Dim to
/// Start, Start + Step, ... while below \p End (the caller ensures the range
/// is not empty), with \p Body inside. The innermost dimension's loop is
/// marked parallel when the context has an access group. Leaves the builder
/// in the loop's exit block.
void buildRangeLoop(WrapperContext &W, int Dim, Value *Start, Value *End,
                    uint64_t Step, const Twine &Name, BodyBuilder Body) {
  IRBuilder<> &B = W.Builder;
  LLVMContext &Ctx = B.getContext();
  Function *F = B.GetInsertBlock()->getParent();
  std::string Suffix = utostr(Dim);
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(Ctx, Name + "." + Suffix, F);
  B.CreateBr(Header);

  B.SetInsertPoint(Header);
  PHINode *Id = B.CreatePHI(B.getInt64Ty(), 2, "local.id." + Suffix);
  Id->addIncoming(Start, Preheader);
  B.CreateCall(W.SetLocalId, {B.getInt32(Dim), Id});
  W.LocalId[Dim] = Id;
  Body(B);
  Value *Next =
      B.CreateAdd(Id, B.getInt64(Step), "local.id." + Suffix + ".next",
                  /*HasNUW=*/true);
  Id->addIncoming(Next, B.GetInsertBlock());
  // Created after the body so the blocks read in execution order.
  BasicBlock *Exit = BasicBlock::Create(Ctx, "wi.exit." + Suffix, F);
  BranchInst *Latch = B.CreateCondBr(
      B.CreateICmpULT(Next, End, "local.id." + Suffix + ".more"), Header, Exit);
  // Unrolling a loop over dimension 1 or 2 would copy the loops inside it
  // to save one compare and branch per row.
  MDNode *AccessGroup = Dim == 0 ? W.AccessGroup : nullptr;
  bool MayVectorize = Dim == 0 && W.mayVectorizeLoop();
  bool MayUnroll = Dim == 0 && W.mayUnrollLoop();
  if (AccessGroup || !MayUnroll)
    Latch->setMetadata(
        LLVMContext::MD_loop,
        makeWorkItemLoopID(Ctx, AccessGroup, MayVectorize, MayUnroll));
  B.SetInsertPoint(Exit);
}

/// Runs \p Body, then puts the loads and stores it added (of the
/// scheduler's arrays) in the context's access group.
void buildTaggedBody(WrapperContext &W, IRBuilder<> &B, BodyBuilder Body) {
  BasicBlock *Start = B.GetInsertBlock();
  Instruction *Before = Start->empty() ? nullptr : &Start->back();
  Body(B);
  for (BasicBlock *Block = Start; Block; Block = Block->getNextNode()) {
    auto It = Block == Start && Before ? std::next(Before->getIterator())
                                       : Block->begin();
    for (; It != Block->end(); ++It)
      if ((isa<LoadInst>(*It) || isa<StoreInst>(*It)))
        It->setMetadata(LLVMContext::MD_access_group, W.AccessGroup);
  }
}

} // namespace

void buildLoopNest(WrapperContext &W, int Dim, int Lowest, BodyBuilder Body) {
  if (Dim < Lowest) {
    Body(W.Builder);
    return;
  }
  buildRangeLoop(
      W, Dim, W.Builder.getInt64(0), W.LocalSize[Dim], 1, "wi.loop",
      [&](IRBuilder<> &) { buildLoopNest(W, Dim - 1, Lowest, Body); });
}

void buildLoopNest(WrapperContext &W, Function &Callee, BodyBuilder Body) {
  W.AccessGroup = MDNode::getDistinct(W.Builder.getContext(), {});
  addToAccessGroup(Callee, W.AccessGroup);
  buildLoopNest(W, 2, 0, [&](IRBuilder<> &B) { buildTaggedBody(W, B, Body); });
  W.AccessGroup = nullptr;
}

Value *localRow(WrapperContext &W) {
  IRBuilder<> &B = W.Builder;
  return B.CreateAdd(B.CreateMul(W.LocalId[2], W.LocalSize[1]), W.LocalId[1],
                     "local.row");
}

Value *linearLocalId(WrapperContext &W) {
  return W.Builder.CreateAdd(W.Builder.CreateMul(localRow(W), W.LocalSize[0]),
                             W.LocalId[0], "local.linear");
}

Function *createWrapperFunction(Function &Kernel) {
  Function *Wrapper = Function::Create(
      Kernel.getFunctionType(), GlobalValue::ExternalLinkage,
      getOrigFnName(Kernel) + ".mux-barrier-wrapper", Kernel.getParent());
  Wrapper->copyAttributesFrom(&Kernel);
  dropMemoryEffectAttributes(*Wrapper);
  Wrapper->setCallingConv(Kernel.getCallingConv());
  for (unsigned I = 0; I < Kernel.arg_size(); ++I)
    Wrapper->getArg(I)->setName(Kernel.getArg(I)->getName());
  BasicBlock::Create(Kernel.getContext(), "entry", Wrapper);
  return Wrapper;
}

WrapperContext makeWrapperContext(IRBuilder<> &Builder, const BuiltinInfo &BI) {
  Module &M = *Builder.GetInsertBlock()->getModule();
  Function *GetLocalSize =
      BI.getOrDeclareMuxBuiltin(MuxBuiltin::GetLocalSize, M);
  WrapperContext W{
      Builder, BI.getOrDeclareMuxBuiltin(MuxBuiltin::SetLocalId, M), {}};
  for (unsigned D = 0; D < 3; ++D)
    W.LocalSize[D] = Builder.CreateCall(GetLocalSize, Builder.getInt32(D),
                                        "local.size." + utostr(D));
  return W;
}

SmallVector<Value *, 8> getArgs(Function &F) {
  SmallVector<Value *, 8> Args;
  for (Argument &Arg : F.args())
    Args.push_back(&Arg);
  return Args;
}

void buildGuardedRangeLoop(WrapperContext &W, int Dim, Value *Start, Value *End,
                           uint64_t Step, const Twine &Name, BodyBuilder Body) {
  IRBuilder<> &B = W.Builder;
  LLVMContext &Ctx = B.getContext();
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Run = BasicBlock::Create(Ctx, Name + ".run", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, Name + ".done");
  B.CreateCondBr(B.CreateICmpULT(Start, End, Name + ".any"), Run, Done);
  B.SetInsertPoint(Run);
  buildRangeLoop(W, Dim, Start, End, Step, Name, Body);
  B.CreateBr(Done);
  Done->insertInto(F);
  B.SetInsertPoint(Done);
}

void buildDimensionZeroRun(WrapperContext &W, Function &Callee, Value *Start,
                           Value *End, uint64_t Step, const Twine &Name,
                           BodyBuilder Body, bool IsPeel) {
  W.AccessGroup = MDNode::getDistinct(W.Builder.getContext(), {});
  W.IsPeel = IsPeel;
  addToAccessGroup(Callee, W.AccessGroup);
  buildGuardedRangeLoop(W, 0, Start, End, Step, Name,
                        [&](IRBuilder<> &B) { buildTaggedBody(W, B, Body); });
  W.AccessGroup = nullptr;
  W.IsPeel = false;
}
} // namespace utils
} // namespace compiler
