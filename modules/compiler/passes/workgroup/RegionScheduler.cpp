//===- RegionScheduler.cpp - Runs a kernel's barrier regions --------------===//
///
/// \file
/// See RegionScheduler.h.
///
//===----------------------------------------------------------------------===//

#include "passes/workgroup/RegionScheduler.h"

#include "passes/workgroup/WorkItemLoopBuilder.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// The most regions a wrapper may have for the optimizer to unroll their
/// work-item loops (WrapperContext::HasManyLoops): each unrolled loop costs
/// time that grows with the whole wrapper, so past a bound the kernel's
/// compile time would grow with the square of its size. A kernel with more
/// regions than this is large, and each loop's share of its run small.
constexpr size_t MaxRegionsWithUnrolledLoops = 32;

/// The per-work-group state of the region scheduler.
struct SchedulerState {
  Value *WorkItems;
  /// The live variables of the work-items the scalar form runs (null when
  /// no value crosses a barrier), LiveEntries entries: every work-item's,
  /// or with a vector form those of each row's peel.
  Value *Live;
  Value *LiveEntries;
  /// Every work-item's next region, by linear id.
  Value *Next;
  /// The smallest and largest of them, i32 slots kept up to date while
  /// every work-item runs a region, so that no scan of Next is needed after
  /// (the work-item loops carry them in registers).
  Value *NextMin;
  Value *NextMax;
  /// With a vector form: where dimension 0's vector part ends, the size of
  /// each row's peel and its number of runs of W work-items, and the live
  /// variables of the runs, one entry per run (VectorRuns entries).
  Value *VectorEnd = nullptr;
  Value *PeelSize = nullptr;
  Value *RunsPerRow = nullptr;
  Value *VectorLive = nullptr;
  Value *VectorRuns = nullptr;
};

/// The current work-item's entry in the scalar form's live variables: its
/// linear id \p Linear, or with a vector form its place among the peels,
/// row by row.
Value *scalarLiveEntry(WrapperContext &W, const SchedulerState &S,
                       Value *Linear) {
  if (!S.VectorEnd)
    return Linear;
  IRBuilder<> &B = W.Builder;
  return B.CreateAdd(B.CreateMul(localRow(W), S.PeelSize),
                     B.CreateSub(W.LocalId[0], S.VectorEnd), "peel.entry");
}

/// The entry in the vector form's live variables of the run of W
/// work-items starting at the current one: its place among the runs, row
/// by row.
Value *vectorLiveEntry(WrapperContext &W, const SchedulerState &S,
                       unsigned Width) {
  IRBuilder<> &B = W.Builder;
  return B.CreateAdd(B.CreateMul(localRow(W), S.RunsPerRow),
                     B.CreateUDiv(W.LocalId[0], B.getInt64(Width)),
                     "vector.run");
}

/// Counts \p Stop, where the current work-items stopped, in the smallest and
/// largest next region, unless only some work-items run (the rare path,
/// after which the scheduler scans Next).
void recordPending(WrapperContext &W, const SchedulerState &S, Value *Stop) {
  if (W.IsRare)
    return;
  IRBuilder<> &B = W.Builder;
  Type *I32 = B.getInt32Ty();
  B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umin,
                                        B.CreateLoad(I32, S.NextMin), Stop),
                S.NextMin);
  B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umax,
                                        B.CreateLoad(I32, S.NextMax), Stop),
                S.NextMax);
}

/// Starts counting where the work-items stop (recordPending).
void resetPending(IRBuilder<> &B, const SchedulerState &S) {
  B.CreateStore(B.getInt32(ExitRegion), S.NextMin);
  B.CreateStore(B.getInt32(0), S.NextMax);
}

/// Calls \p Region for the current work-item. Returns where it stopped.
CallInst *callRegion(WrapperContext &W, const SchedulerState &S,
                     Function &Region, ArrayRef<Value *> Args, Value *Linear) {
  SmallVector<Value *, 11> RegionArgs(Args.begin(), Args.end());
  RegionArgs.append({S.Live, scalarLiveEntry(W, S, Linear), S.LiveEntries});
  return W.Builder.CreateCall(&Region, RegionArgs, "next.region");
}

/// Calls vector region \p Region for the \p Width work-items from the
/// current one. Returns where they stopped (one barrier for all: Vecz keeps
/// barriers out of divergent control flow).
CallInst *callVectorRegion(WrapperContext &W, const SchedulerState &S,
                           Function &Region, unsigned Width,
                           ArrayRef<Value *> Args) {
  SmallVector<Value *, 11> RegionArgs(Args.begin(), Args.end());
  RegionArgs.append({S.VectorLive, vectorLiveEntry(W, S, Width), S.VectorRuns});
  return W.Builder.CreateCall(&Region, RegionArgs, "next.region");
}

/// Calls \p Region, of the vector form when \p IsVector, for the current
/// work-item (and the W - 1 after it). Returns the call.
CallInst *callRegionOfForm(WrapperContext &W, const SchedulerState &S,
                           const RegionForms &Forms, Function &Region,
                           bool IsVector, ArrayRef<Value *> Args,
                           Value *Linear) {
  if (IsVector)
    return callVectorRegion(W, S, Region, Forms.Width, Args);
  return callRegion(W, S, Region, Args, Linear);
}

/// Stores \p Stop as the next region of the current work-item, and of the
/// W - 1 after it when \p IsVector.
void storeNextRegion(WrapperContext &W, const SchedulerState &S,
                     const RegionForms &Forms, Value *Stop, bool IsVector,
                     Value *Linear) {
  IRBuilder<> &B = W.Builder;
  Value *Slot = B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear);
  if (IsVector)
    B.CreateAlignedStore(B.CreateVectorSplat(Forms.Width, Stop), Slot,
                         Align(4));
  else
    B.CreateStore(Stop, Slot);
}

/// Calls \p Region, of the vector form when \p IsVector, for the current
/// work-item (and the W - 1 after it), and records where it stopped.
void runRegionOfForm(WrapperContext &W, const SchedulerState &S,
                     const RegionForms &Forms, Function &Region, bool IsVector,
                     ArrayRef<Value *> Args, Value *Linear) {
  CallInst *Stop =
      callRegionOfForm(W, S, Forms, Region, IsVector, Args, Linear);
  storeNextRegion(W, S, Forms, Stop, IsVector, Linear);
  recordPending(W, S, Stop);
}

/// Runs \p Body for every work-item with region \p K of the scalar form;
/// with a vector form, for each run of W work-items of dimension 0 with
/// its region K, then for the rest of the row with the scalar one.
void buildRegionLoops(
    WrapperContext &W, const SchedulerState &S, const RegionForms &Forms,
    unsigned K,
    function_ref<void(IRBuilder<> &, Function &, bool IsVector)> Body) {
  Function &Scalar = *Forms.Scalar.Regions[K];
  if (!Forms.Vector) {
    buildLoopNest(W, Scalar,
                  [&](IRBuilder<> &B) { Body(B, Scalar, /*IsVector=*/false); });
    return;
  }
  Function &Vector = *Forms.Vector->Regions[K];
  std::string Name = "region." + utostr(K);
  buildLoopNest(W, 2, 1, [&](IRBuilder<> &B) {
    buildDimensionZeroRun(
        W, Vector, B.getInt64(0), S.VectorEnd, Forms.Width, Name + ".vector",
        [&](IRBuilder<> &Inner) { Body(Inner, Vector, /*IsVector=*/true); });
    buildDimensionZeroRun(
        W, Scalar, S.VectorEnd, W.LocalSize[0], 1, Name + ".scalar",
        [&](IRBuilder<> &Inner) { Body(Inner, Scalar, /*IsVector=*/false); },
        /*IsPeel=*/true);
  });
}

/// The smallest and largest region the work-items wait at.
struct PendingRegions {
  Value *Min;
  Value *Max;
};

/// Emits a scan of `next[0 .. work-items)` for its minimum and maximum, for
/// after the rare path, and leaves them in their slots.
void buildNextRegionScan(WrapperContext &W, const SchedulerState &S) {
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
  B.CreateStore(NewMin, S.NextMin);
  B.CreateStore(NewMax, S.NextMax);
}

/// Runs region \p K for the work-items waiting at it: all of them without
/// a test when every work-item waits there (the usual case, which keeps the
/// loop vectorizable), else only those whose next region is \p K, through
/// a call that is not inlined unless Forms.InlinedOnRarePath names the
/// region: the usual path inlines the region, and a second inlined copy of
/// every region would double the entry point, which for a kernel of many
/// barriers is one function of thousands of blocks, where some of LLVM's
/// code generation (CodeGenPrepare) takes time that grows faster than a
/// function's size. The loops of that path are left to the late optimizer
/// to vectorize only when they inline their region: around a call they
/// would not vectorize.
void buildRegionRun(WrapperContext &W, const SchedulerState &S,
                    const PendingRegions &Pending, const RegionForms &Forms,
                    unsigned K, ArrayRef<Value *> Args, BasicBlock *Schedule,
                    BasicBlock *Rescan) {
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
  resetPending(Builder, S);
  buildRegionLoops(
      W, S, Forms, K, [&](IRBuilder<> &B, Function &Region, bool IsVector) {
        runRegionOfForm(W, S, Forms, Region, IsVector, Args, linearLocalId(W));
      });
  Builder.CreateBr(Schedule);

  Some->insertInto(Wrapper);
  Builder.SetInsertPoint(Some);
  auto InlinedOnRarePath = [&](const BarrierRegions *Form) {
    return !Form || Forms.InlinedOnRarePath.contains(Form->Regions[K]);
  };
  W.IsRare = true;
  W.InlinesRareRegion =
      InlinedOnRarePath(&Forms.Scalar) && InlinedOnRarePath(Forms.Vector);
  buildRegionLoops(
      W, S, Forms, K, [&](IRBuilder<> &B, Function &Region, bool IsVector) {
        // A run of W work-items waits where its first one does. Its next
        // region is stored whether it ran or not, so that a vectorized
        // loop stores it without a mask (a masked store is many times
        // dearer on some hosts, AMD's among them).
        Value *Linear = linearLocalId(W);
        Value *Waits = B.CreateLoad(
            B.getInt32Ty(), B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear),
            "waits.at");
        Value *Waiting = B.CreateICmpEQ(Waits, B.getInt32(K), "waiting");
        BasicBlock *Before = B.GetInsertBlock();
        BasicBlock *Call = BasicBlock::Create(Ctx, Name, Wrapper);
        BasicBlock *Skip = BasicBlock::Create(Ctx, Name + ".done", Wrapper);
        B.CreateCondBr(Waiting, Call, Skip);
        B.SetInsertPoint(Call);
        CallInst *Stop =
            callRegionOfForm(W, S, Forms, Region, IsVector, Args, Linear);
        if (!Forms.InlinedOnRarePath.contains(&Region))
          Stop->setIsNoInline();
        B.CreateBr(Skip);
        B.SetInsertPoint(Skip);
        PHINode *Next = B.CreatePHI(B.getInt32Ty(), 2, "next.region");
        Next->addIncoming(Stop, Call);
        Next->addIncoming(Waits, Before);
        storeNextRegion(W, S, Forms, Next, IsVector, Linear);
      });
  W.IsRare = false;
  W.InlinesRareRegion = false;
  Builder.CreateBr(Rescan);
}

/// Room for \p Entries entries of \p Regions' live variables, aligned to
/// \p Alignment (schedulerStateAlignment), or null when no value crosses a
/// barrier.
Value *allocateLiveVariables(IRBuilder<> &Builder, const BarrierRegions &R,
                             Value *Entries, Align Alignment,
                             const Twine &Name) {
  if (R.LiveSize == 0)
    return ConstantPointerNull::get(Builder.getPtrTy());
  AllocaInst *Live = Builder.CreateAlloca(
      Builder.getInt8Ty(),
      Builder.CreateMul(Entries, Builder.getInt64(R.LiveSize)), Name);
  Live->setAlignment(Alignment);
  return Live;
}

} // namespace

Align largestCallArgumentAlignment(const Module &M) {
  const DataLayout &DL = M.getDataLayout();
  Align Largest;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isa<IntrinsicInst>(Call))
        continue;
      for (unsigned Arg = 0; Arg < Call->arg_size(); ++Arg) {
        Type *Ty = Call->getArgOperand(Arg)->getType();
        if (Ty->isSized())
          Largest = std::max(Largest, DL.getABITypeAlign(Ty));
        if (Call->isByValArgument(Arg))
          Largest = std::max(Largest, Call->getParamAlign(Arg).valueOrOne());
      }
    }
  return Largest;
}

Align schedulerStateAlignment(const RegionForms &Forms,
                              Align CallArgumentAlignment,
                              const DataLayout &DL) {
  Align Alignment = std::max(CallArgumentAlignment, Align(alignof(uint32_t)));
  Alignment = std::max(Alignment, Align(Forms.Scalar.LiveAlignment));
  if (Forms.Vector)
    Alignment = std::max(Alignment, Align(Forms.Vector->LiveAlignment));
  // The stack's natural alignment, when the data layout gives one (LLVM
  // asserts that it does when asked for it).
  if (DL.exceedsNaturalStackAlignment(Align(1)))
    Alignment = std::max(Alignment, DL.getStackAlignment());
  return Alignment;
}

WorkGroupStack liveStateStack(const RegionForms &Forms, Align Alignment) {
  const BarrierRegions &R = Forms.Scalar;
  WorkGroupStack Stack;
  uint64_t Live = R.LiveSize;
  unsigned Allocations = 2;
  if (const BarrierRegions *Vector = Forms.Vector) {
    Live = std::max(Live, divideCeil(Vector->LiveSize, Forms.Width));
    ++Allocations;
  }
  Stack.Fixed = Allocations * Alignment.value();
  Stack.PerWorkItem = Live + sizeof(uint32_t);
  return Stack;
}

Function *createRegionSchedulerWrapper(Function &Kernel,
                                       const RegionForms &Forms,
                                       Align StateAlignment,
                                       const BuiltinInfo &BI) {
  const BarrierRegions &R = Forms.Scalar;
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  WrapperContext W = makeWrapperContext(Builder, BI);
  W.HasManyLoops = R.Regions.size() > MaxRegionsWithUnrolledLoops;
  SmallVector<Value *, 8> Args = getArgs(*Wrapper);
  LLVMContext &Ctx = Kernel.getContext();

  SchedulerState S;
  S.WorkItems =
      Builder.CreateMul(Builder.CreateMul(W.LocalSize[0], W.LocalSize[1]),
                        W.LocalSize[2], "work.items");
  S.LiveEntries = S.WorkItems;
  if (Forms.Vector) {
    Value *Width = Builder.getInt64(Forms.Width);
    Value *Rows = Builder.CreateMul(W.LocalSize[1], W.LocalSize[2], "rows");
    S.PeelSize = Builder.CreateURem(W.LocalSize[0], Width, "peel.size");
    S.VectorEnd = Builder.CreateSub(W.LocalSize[0], S.PeelSize, "vector.end");
    S.RunsPerRow = Builder.CreateUDiv(S.VectorEnd, Width, "runs.per.row");
    S.LiveEntries = Builder.CreateMul(Rows, S.PeelSize, "peel.entries");
    S.VectorRuns = Builder.CreateMul(Rows, S.RunsPerRow, "vector.runs");
    S.VectorLive =
        allocateLiveVariables(Builder, *Forms.Vector, S.VectorRuns,
                              StateAlignment, "vector.live.variables");
  }
  S.Live = allocateLiveVariables(Builder, R, S.LiveEntries, StateAlignment,
                                 "live.variables");
  AllocaInst *Next =
      Builder.CreateAlloca(Builder.getInt32Ty(), S.WorkItems, "next.regions");
  Next->setAlignment(StateAlignment);
  S.Next = Next;
  S.NextMin = Builder.CreateAlloca(Builder.getInt32Ty(), nullptr, "next.min");
  S.NextMax = Builder.CreateAlloca(Builder.getInt32Ty(), nullptr, "next.max");

  resetPending(Builder, S);
  buildRegionLoops(
      W, S, Forms, 0, [&](IRBuilder<> &B, Function &Region, bool IsVector) {
        runRegionOfForm(W, S, Forms, Region, IsVector, Args, linearLocalId(W));
      });
  BasicBlock *Schedule = BasicBlock::Create(Ctx, "schedule", Wrapper);
  Builder.CreateBr(Schedule);
  // After the rare path: where the work-items wait, from Next.
  BasicBlock *Rescan = BasicBlock::Create(Ctx, "schedule.rescan", Wrapper);
  Builder.SetInsertPoint(Rescan);
  buildNextRegionScan(W, S);
  Builder.CreateBr(Schedule);
  Builder.SetInsertPoint(Schedule);
  PendingRegions Pending = {
      Builder.CreateLoad(Builder.getInt32Ty(), S.NextMin, "next.min"),
      Builder.CreateLoad(Builder.getInt32Ty(), S.NextMax, "next.max")};
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
    buildRegionRun(W, S, Pending, Forms, K, Args, Schedule, Rescan);
  }
  Builder.SetInsertPoint(Exit);
  Builder.CreateRetVoid();
  // The work-item loops tag their accesses as independent of one another;
  // the counts of where work-items stop carry a value from each to the
  // next (the optimizer keeps them in registers).
  for (Value *Count : {S.NextMin, S.NextMax})
    for (User *U : Count->users())
      cast<Instruction>(U)->setMetadata(LLVMContext::MD_access_group, nullptr);
  return Wrapper;
}

} // namespace utils
} // namespace compiler
