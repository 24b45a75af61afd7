//===- WorkItemLoopsPass.cpp - Work-item loops around kernels -------------===//
///
/// \file
/// See compiler/utils/WorkItemLoopsPass.h. For a kernel K without barriers
/// the wrapper is, in pseudo C:
///
///   void K.mux-barrier-wrapper(P) {
///     for (z) { set_local_id(2, z); for (y) { set_local_id(1, y);
///       for (x) { set_local_id(0, x); K(P); } } }
///   }
///
/// With barriers (compiler/utils/BarrierRegions.h) it schedules regions:
///
///   live = alloca(work-items * live bytes); next = alloca(work-items)
///   for (every work-item i) next[i] = K.mux-barrier-region.0(P, live, i, n);
///   for (;;) {
///     k = min(next[*]); if (k == exit) return;
///     if (max(next[*]) == k)   // every work-item waits at barrier k
///       for (every work-item i) next[i] = K.mux-barrier-region.k(P, live, i,
///       n);
///     else
///       for (every work-item i) if (next[i] == k)
///         next[i] = K.mux-barrier-region.k(P, live, i, n);
///   }
///
/// A kernel without barriers that names a vector variant handling W
/// work-items of dimension 0 per call (`!mux_vector_variant !{ptr, i32 W}`,
/// as a whole-function vectorizer would set it) gets the seed's layout
/// instead, inside the loops over dimensions 2 and 1:
///
///   peel = size.x % W;
///   for (x = 0; x < size.x - peel; x += W) vector(P);   // if not empty
///   for (; x < size.x; ++x) K(P);                        // if peel != 0
///
/// Every loop is bottom-tested: a work-group has at least one work-item in
/// each dimension, and the two loops of a split dimension are guarded.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/WorkItemLoopsPass.h"

#include "compiler/BuiltinInfo.h"
#include "compiler/utils/BarrierRegions.h"
#include "compiler/utils/KernelMetadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "work-item-loops"

using namespace llvm;

STATISTIC(NumKernelsWrapped, "Number of kernels given work-item loops");
STATISTIC(NumKernelsWithBarriers, "Number of kernels cut into barrier regions");
STATISTIC(NumKernelsVectorized,
          "Number of kernels laid out with a vector variant");
STATISTIC(NumSingleWorkItem,
          "Number of single-work-item kernels left without loops");

namespace compiler {
namespace utils {

namespace {

using BodyBuilder = function_ref<void(IRBuilder<> &)>;

/// What every wrapper needs: its builder, the builtins it calls and the
/// local sizes, read once in the entry block.
struct WrapperContext {
  IRBuilder<> &Builder;
  Function *SetLocalId;
  Value *LocalSize[3];
  /// The current local id of each dimension, inside a loop nest.
  Value *LocalId[3] = {nullptr, nullptr, nullptr};
  /// The access group of the innermost loop being built: work-items do not
  /// depend on each other between barriers, so its iterations may run in
  /// any order (llvm.loop.parallel_accesses).
  MDNode *AccessGroup = nullptr;
};

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

/// `!{!self, !{!"llvm.loop.parallel_accesses", AccessGroup}}`
MDNode *makeParallelLoopID(LLVMContext &Ctx, MDNode *AccessGroup) {
  MDNode *Parallel = MDNode::get(
      Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), AccessGroup});
  MDNode *Self = MDNode::getDistinct(Ctx, {nullptr, Parallel});
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
  if (Dim == 0 && W.AccessGroup)
    Latch->setMetadata(LLVMContext::MD_loop,
                       makeParallelLoopID(Ctx, W.AccessGroup));
  B.SetInsertPoint(Exit);
}

/// The loops over dimensions \p Dim down to \p Lowest, each over the whole
/// local size, with \p Body innermost.
void buildLoopNest(WrapperContext &W, int Dim, int Lowest, BodyBuilder Body) {
  if (Dim < Lowest) {
    Body(W.Builder);
    return;
  }
  buildRangeLoop(
      W, Dim, W.Builder.getInt64(0), W.LocalSize[Dim], 1, "wi.loop",
      [&](IRBuilder<> &) { buildLoopNest(W, Dim - 1, Lowest, Body); });
}

/// A loop nest whose innermost loop is parallel: \p Body's memory accesses
/// and those of \p Callee (the kernel or region it calls) form its access
/// group.
void buildLoopNest(WrapperContext &W, Function &Callee, BodyBuilder Body) {
  W.AccessGroup = MDNode::getDistinct(W.Builder.getContext(), {});
  addToAccessGroup(Callee, W.AccessGroup);
  buildLoopNest(W, 2, 0, [&](IRBuilder<> &B) {
    BasicBlock *Start = B.GetInsertBlock();
    Instruction *Before = Start->empty() ? nullptr : &Start->back();
    Body(B);
    // Tag what the body added (loads and stores of the scheduler's arrays).
    for (BasicBlock *Block = Start; Block; Block = Block->getNextNode()) {
      auto It = Block == Start && Before ? std::next(Before->getIterator())
                                         : Block->begin();
      for (; It != Block->end(); ++It)
        if ((isa<LoadInst>(*It) || isa<StoreInst>(*It)))
          It->setMetadata(LLVMContext::MD_access_group, W.AccessGroup);
    }
  });
  W.AccessGroup = nullptr;
}

/// The work-item's position in the group: (z * size.y + y) * size.x + x.
Value *linearLocalId(WrapperContext &W) {
  IRBuilder<> &B = W.Builder;
  Value *ZY =
      B.CreateAdd(B.CreateMul(W.LocalId[2], W.LocalSize[1]), W.LocalId[1]);
  return B.CreateAdd(B.CreateMul(ZY, W.LocalSize[0]), W.LocalId[0],
                     "local.linear");
}

/// An empty function with \p Kernel's signature, to become its entry point.
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

/// Reads the local sizes at \p Builder's insertion point.
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

/// Calls \p Callee for the local ids of dimension 0 in [Start, End),
/// \p Step at a time, if that range is not empty, in a parallel loop of
/// its own.
void buildDimensionZeroRun(WrapperContext &W, Function &Callee, Value *Start,
                           Value *End, uint64_t Step, const Twine &Name,
                           ArrayRef<Value *> Args) {
  IRBuilder<> &B = W.Builder;
  LLVMContext &Ctx = B.getContext();
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Run = BasicBlock::Create(Ctx, Name + ".run", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, Name + ".done");
  B.CreateCondBr(B.CreateICmpULT(Start, End, Name + ".any"), Run, Done);
  B.SetInsertPoint(Run);
  W.AccessGroup = MDNode::getDistinct(Ctx, {});
  addToAccessGroup(Callee, W.AccessGroup);
  buildRangeLoop(W, 0, Start, End, Step, Name, [&](IRBuilder<> &Inner) {
    Inner.CreateCall(&Callee, Args)->setCallingConv(Callee.getCallingConv());
  });
  W.AccessGroup = nullptr;
  B.CreateBr(Done);
  Done->insertInto(F);
  B.SetInsertPoint(Done);
}

/// The wrapper of a kernel with a vector variant handling \p Width
/// work-items of dimension 0 per call (the seed's layout): the vector kernel
/// for the largest multiple of the width, the scalar kernel for the rest.
Function *createVectorizedWrapper(Function &Kernel, Function &Vector,
                                  unsigned Width, const BuiltinInfo &BI) {
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  WrapperContext W = makeWrapperContext(Builder, BI);
  SmallVector<Value *, 8> Args = getArgs(*Wrapper);
  Value *Peel =
      Builder.CreateURem(W.LocalSize[0], Builder.getInt64(Width), "peel");
  Value *VectorEnd = Builder.CreateSub(W.LocalSize[0], Peel, "vector.end");
  buildLoopNest(W, 2, 1, [&](IRBuilder<> &B) {
    buildDimensionZeroRun(W, Vector, B.getInt64(0), VectorEnd, Width, "vector",
                          Args);
    buildDimensionZeroRun(W, Kernel, VectorEnd, W.LocalSize[0], 1, "scalar",
                          Args);
  });
  Builder.CreateRetVoid();
  return Wrapper;
}

/// The wrapper of a kernel without barriers: one loop nest calling it.
Function *createWorkItemLoopsWrapper(Function &Kernel, const BuiltinInfo &BI) {
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  WrapperContext W = makeWrapperContext(Builder, BI);
  SmallVector<Value *, 8> Args = getArgs(*Wrapper);
  buildLoopNest(W, Kernel, [&](IRBuilder<> &B) {
    B.CreateCall(&Kernel, Args)->setCallingConv(Kernel.getCallingConv());
  });
  Builder.CreateRetVoid();
  return Wrapper;
}

/// The wrapper of a kernel whose work-groups have one work-item: its local
/// ids are set to 0 once and it is called once, with no loop.
Function *createSingleWorkItemWrapper(Function &Kernel, const BuiltinInfo &BI) {
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  Function *SetLocalId =
      BI.getOrDeclareMuxBuiltin(MuxBuiltin::SetLocalId, *Wrapper->getParent());
  for (unsigned D = 0; D < 3; ++D)
    Builder.CreateCall(SetLocalId, {Builder.getInt32(D), Builder.getInt64(0)});
  Builder.CreateCall(&Kernel, getArgs(*Wrapper))
      ->setCallingConv(Kernel.getCallingConv());
  Builder.CreateRetVoid();
  return Wrapper;
}

bool isSingleWorkItem(const Function &Kernel) {
  std::optional<std::array<uint32_t, 3>> Size = getReqdWorkGroupSize(Kernel);
  return Size && (*Size)[0] == 1 && (*Size)[1] == 1 && (*Size)[2] == 1;
}

/// The per-work-group state of the region scheduler.
struct SchedulerState {
  Value *WorkItems;
  /// Every work-item's live variables (null when no value crosses a barrier).
  Value *Live;
  Value *Next;
  uint64_t LiveSize;
};

/// Calls \p Region for the current work-item and records where it stopped.
void runRegion(WrapperContext &W, const SchedulerState &S, Function &Region,
               ArrayRef<Value *> Args, Value *Linear) {
  IRBuilder<> &B = W.Builder;
  SmallVector<Value *, 11> RegionArgs(Args.begin(), Args.end());
  RegionArgs.append({S.Live, Linear, S.WorkItems});
  Value *Stop = B.CreateCall(&Region, RegionArgs, "next.region");
  B.CreateStore(Stop, B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear));
}

/// The smallest and largest region the work-items wait at.
struct PendingRegions {
  Value *Min;
  Value *Max;
};

/// Emits a scan of `next[0 .. work-items)` for its minimum and maximum.
PendingRegions buildNextRegionScan(WrapperContext &W, const SchedulerState &S) {
  IRBuilder<> &B = W.Builder;
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Scan = BasicBlock::Create(B.getContext(), "schedule.scan", F);
  B.CreateBr(Scan);
  B.SetInsertPoint(Scan);
  PHINode *I = B.CreatePHI(B.getInt64Ty(), 2, "i");
  PHINode *Min = B.CreatePHI(B.getInt32Ty(), 2, "min");
  PHINode *Max = B.CreatePHI(B.getInt32Ty(), 2, "max");
  I->addIncoming(B.getInt64(0), Preheader);
  Min->addIncoming(B.getInt32(ExitRegion), Preheader);
  Max->addIncoming(B.getInt32(0), Preheader);
  Value *Stop = B.CreateLoad(B.getInt32Ty(),
                             B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, I));
  Value *NewMin =
      B.CreateBinaryIntrinsic(Intrinsic::umin, Min, Stop, nullptr, "next.min");
  Value *NewMax =
      B.CreateBinaryIntrinsic(Intrinsic::umax, Max, Stop, nullptr, "next.max");
  Value *INext = B.CreateAdd(I, B.getInt64(1), "i.next", /*HasNUW=*/true);
  I->addIncoming(INext, Scan);
  Min->addIncoming(NewMin, Scan);
  Max->addIncoming(NewMax, Scan);
  BasicBlock *Done = BasicBlock::Create(B.getContext(), "schedule.done", F);
  B.CreateCondBr(B.CreateICmpULT(INext, S.WorkItems), Scan, Done);
  B.SetInsertPoint(Done);
  return {NewMin, NewMax};
}

/// Runs region \p K for the work-items waiting at it: all of them without
/// a test when every work-item waits there (the usual case, which keeps the
/// loop vectorizable), else only those whose next region is \p K.
void buildRegionRun(WrapperContext &W, const SchedulerState &S,
                    const PendingRegions &Pending, Function &Region, unsigned K,
                    ArrayRef<Value *> Args, BasicBlock *Schedule) {
  IRBuilder<> &Builder = W.Builder;
  LLVMContext &Ctx = Builder.getContext();
  Function *Wrapper = Builder.GetInsertBlock()->getParent();
  std::string Name = "region." + utostr(K);
  BasicBlock *All = BasicBlock::Create(Ctx, "run." + Name + ".all", Wrapper);
  // Placed once the first loop is built, so the blocks read in order.
  BasicBlock *Some = BasicBlock::Create(Ctx, "run." + Name + ".some");
  Builder.CreateCondBr(
      Builder.CreateICmpEQ(Pending.Max, Builder.getInt32(K), "all.waiting"),
      All, Some);

  Builder.SetInsertPoint(All);
  buildLoopNest(W, Region, [&](IRBuilder<> &B) {
    runRegion(W, S, Region, Args, linearLocalId(W));
  });
  Builder.CreateBr(Schedule);

  Some->insertInto(Wrapper);
  Builder.SetInsertPoint(Some);
  buildLoopNest(W, Region, [&](IRBuilder<> &B) {
    Value *Linear = linearLocalId(W);
    Value *Waiting = B.CreateICmpEQ(
        B.CreateLoad(B.getInt32Ty(),
                     B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear)),
        B.getInt32(K), "waiting");
    BasicBlock *Call = BasicBlock::Create(Ctx, Name, Wrapper);
    BasicBlock *Skip = BasicBlock::Create(Ctx, Name + ".done", Wrapper);
    B.CreateCondBr(Waiting, Call, Skip);
    B.SetInsertPoint(Call);
    runRegion(W, S, Region, Args, Linear);
    B.CreateBr(Skip);
    B.SetInsertPoint(Skip);
  });
  Builder.CreateBr(Schedule);
}

/// The wrapper of a kernel with barriers: the region scheduler above.
Function *createRegionSchedulerWrapper(Function &Kernel,
                                       const BarrierRegions &R,
                                       const BuiltinInfo &BI) {
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  WrapperContext W = makeWrapperContext(Builder, BI);
  SmallVector<Value *, 8> Args = getArgs(*Wrapper);
  LLVMContext &Ctx = Kernel.getContext();

  SchedulerState S;
  S.LiveSize = R.LiveSize;
  S.WorkItems =
      Builder.CreateMul(Builder.CreateMul(W.LocalSize[0], W.LocalSize[1]),
                        W.LocalSize[2], "work.items");
  if (R.LiveSize == 0) {
    S.Live = ConstantPointerNull::get(Builder.getPtrTy());
  } else {
    AllocaInst *Live = Builder.CreateAlloca(
        Builder.getInt8Ty(),
        Builder.CreateMul(S.WorkItems, Builder.getInt64(R.LiveSize)),
        "live.variables");
    Live->setAlignment(Align(R.LiveAlignment));
    S.Live = Live;
  }
  S.Next =
      Builder.CreateAlloca(Builder.getInt32Ty(), S.WorkItems, "next.regions");

  buildLoopNest(W, *R.Regions[0], [&](IRBuilder<> &B) {
    runRegion(W, S, *R.Regions[0], Args, linearLocalId(W));
  });
  BasicBlock *Schedule = BasicBlock::Create(Ctx, "schedule", Wrapper);
  Builder.CreateBr(Schedule);
  Builder.SetInsertPoint(Schedule);
  PendingRegions Pending = buildNextRegionScan(W, S);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", Wrapper);
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "dispatch", Wrapper);
  Builder.CreateCondBr(
      Builder.CreateICmpEQ(Pending.Min, Builder.getInt32(ExitRegion)), Exit,
      Dispatch);
  Builder.SetInsertPoint(Dispatch);
  SwitchInst *Switch =
      Builder.CreateSwitch(Pending.Min, Exit, R.Regions.size() - 1);

  for (unsigned K = 1; K < R.Regions.size(); ++K) {
    BasicBlock *Run =
        BasicBlock::Create(Ctx, "run.region." + utostr(K), Wrapper);
    Switch->addCase(Builder.getInt32(K), Run);
    Builder.SetInsertPoint(Run);
    buildRegionRun(W, S, Pending, *R.Regions[K], K, Args, Schedule);
  }
  Builder.SetInsertPoint(Exit);
  Builder.CreateRetVoid();
  return Wrapper;
}

} // namespace

PreservedAnalyses WorkItemLoopsPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = false;
  for (Function *Kernel : getKernelEntryPoints(M)) {
    Function *Wrapper;
    if (Opts.SingleWorkItemWithoutLoops && isSingleWorkItem(*Kernel)) {
      // Barriers are no-ops for one work-item; a vector variant is of no use.
      if (auto Variant = getVectorVariant(*Kernel)) {
        Variant->Vector->setLinkage(GlobalValue::InternalLinkage);
        clearVectorVariant(*Kernel);
      }
      Wrapper = createSingleWorkItemWrapper(*Kernel, BI);
      ++NumSingleWorkItem;
    } else if (inlineCallsWithBarriers(*Kernel, BI)) {
      // The region scheduler runs scalar regions only: a vector variant of
      // a kernel with barriers is not used, and goes with the kernel.
      if (auto Variant = getVectorVariant(*Kernel)) {
        LLVM_DEBUG(dbgs() << "ignoring the vector variant of "
                          << Kernel->getName() << ": it has barriers\n");
        Variant->Vector->setLinkage(GlobalValue::InternalLinkage);
        clearVectorVariant(*Kernel);
      }
      BarrierRegions Regions = buildBarrierRegions(*Kernel, BI);
      Wrapper = createRegionSchedulerWrapper(*Kernel, Regions, BI);
      ++NumKernelsWithBarriers;
    } else if (auto Variant = getVectorVariant(*Kernel)) {
      auto [Vector, Width] = *Variant;
      Wrapper = createVectorizedWrapper(*Kernel, *Vector, Width, BI);
      Vector->setLinkage(GlobalValue::InternalLinkage);
      Vector->addFnAttr(Attribute::AlwaysInline);
      clearVectorVariant(*Kernel);
      setVectorizationWidth(*Kernel, Width);
      ++NumKernelsVectorized;
    } else {
      Wrapper = createWorkItemLoopsWrapper(*Kernel, BI);
    }
    replaceKernelEntryPoint(*Kernel, *Wrapper);
    if (Kernel->use_empty())
      Kernel->eraseFromParent();
    ++NumKernelsWrapped;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
