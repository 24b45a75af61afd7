//===- WorkItemLoopsPass.cpp - Work-item loops around kernels -------------===//
///
/// \file
/// See compiler/passes/workgroup/WorkItemLoopsPass.h. For a kernel K without
/// barriers the wrapper is, in pseudo C:
///
///   void K.mux-barrier-wrapper(P) {
///     for (z) { set_local_id(2, z); for (y) { set_local_id(1, y);
///       for (x) { set_local_id(0, x); K(P); } } }
///   }
///
/// With barriers (compiler/analysis/BarrierRegions.h) it schedules regions:
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
/// When the variant names a jammed variant running R rows of W work-items
/// per call (`!{ptr, i32 W, ptr @jammed, i32 R}`), the loop over dimension 1
/// takes R rows at a time while R remain, and the peel comes last:
///
///   for (y = 0; y < size.y - size.y % R; y += R)
///     for (x = 0; x < size.x - peel; x += W) jammed(P);  // rows y..y+R-1
///   for (; y < size.y; ++y)
///     for (x = 0; x < size.x - peel; x += W) vector(P);
///   for (y = 0; y < size.y; ++y)
///     for (x = size.x - peel; x < size.x; ++x) K(P);
///
/// When the variant also names a wide variant running K W work-items per
/// call (`!{ptr, i32 W, ptr @jammed or null, i32 R, ptr @wide, i32 KW}`),
/// each row's vector loop is preceded by it:
///
///   for (x = 0; x < size.x - size.x % KW; x += KW) wide(P);
///   for (; x < size.x - peel; x += W) vector(P);
///
/// A kernel with barriers and such a variant runs every region in that
/// split: the variant's region k for each run of W work-items (its live
/// values kept per run), the kernel's region k for the rest of the row (the
/// wide and jammed variants are dropped). A work-item is in a run or in its
/// row's peel for the whole launch, so the scheduler keeps live variables
/// only for what runs: one entry per run of the vector form's, one per peel
/// work-item of the scalar form's. A vector kernel then needs no more stack
/// per work-item than the larger of the two forms does, and launches
/// wherever the scalar kernel would.
///
/// Every loop is bottom-tested: a work-group has at least one work-item in
/// each dimension, and the two loops of a split dimension are guarded.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/WorkItemLoopsPass.h"

#include "compiler/analysis/BarrierRegions.h"
#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/CrashContainment.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "work-item-loops"

using namespace llvm;

STATISTIC(NumKernelsWrapped, "Number of kernels given work-item loops");
STATISTIC(NumKernelsWithBarriers, "Number of kernels cut into barrier regions");
STATISTIC(NumKernelsVectorized,
          "Number of kernels laid out with a vector variant");
STATISTIC(NumRegionsOutOfLine,
          "Number of barrier regions called instead of inlined");
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
  /// Whether that loop is a vector variant's scalar peel, which runs fewer
  /// work-items than a vector has.
  bool IsPeel = false;
  /// Whether the loops being built run only in the unusual case of
  /// work-items waiting at different barriers.
  bool IsRare = false;

  /// Whether the late optimizer's time on vectorizing or unrolling the
  /// innermost loop being built would be spent for nothing.
  bool keepsLoopRolled() const { return IsPeel || IsRare; }
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

/// One property of a loop ID: `!{!"Name"}`, or `!{!"Name", Value}`.
MDNode *makeLoopProperty(LLVMContext &Ctx, StringRef Name,
                         Metadata *Value = nullptr) {
  if (!Value)
    return MDNode::get(Ctx, {MDString::get(Ctx, Name)});
  return MDNode::get(Ctx, {MDString::get(Ctx, Name), Value});
}

/// The loop ID of a work-item loop: `llvm.loop.parallel_accesses` of
/// \p AccessGroup if there is one, and when \p KeepRolled
/// `llvm.loop.unroll.disable`, with `llvm.loop.vectorize.enable` false on a
/// parallel loop.
MDNode *makeWorkItemLoopID(LLVMContext &Ctx, MDNode *AccessGroup,
                           bool KeepRolled) {
  SmallVector<Metadata *, 4> Properties = {nullptr};
  if (AccessGroup)
    Properties.push_back(
        makeLoopProperty(Ctx, "llvm.loop.parallel_accesses", AccessGroup));
  if (KeepRolled && AccessGroup)
    Properties.push_back(
        makeLoopProperty(Ctx, "llvm.loop.vectorize.enable",
                         ConstantAsMetadata::get(ConstantInt::getFalse(Ctx))));
  if (KeepRolled)
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
  bool KeepRolled = Dim != 0 || W.keepsLoopRolled();
  if (AccessGroup || KeepRolled)
    Latch->setMetadata(LLVMContext::MD_loop,
                       makeWorkItemLoopID(Ctx, AccessGroup, KeepRolled));
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

void buildLoopNest(WrapperContext &W, Function &Callee, BodyBuilder Body) {
  W.AccessGroup = MDNode::getDistinct(W.Builder.getContext(), {});
  addToAccessGroup(Callee, W.AccessGroup);
  buildLoopNest(W, 2, 0, [&](IRBuilder<> &B) { buildTaggedBody(W, B, Body); });
  W.AccessGroup = nullptr;
}

/// The work-item's row in the group: z * size.y + y.
Value *localRow(WrapperContext &W) {
  IRBuilder<> &B = W.Builder;
  return B.CreateAdd(B.CreateMul(W.LocalId[2], W.LocalSize[1]), W.LocalId[1],
                     "local.row");
}

/// The work-item's position in the group: (z * size.y + y) * size.x + x.
Value *linearLocalId(WrapperContext &W) {
  return W.Builder.CreateAdd(W.Builder.CreateMul(localRow(W), W.LocalSize[0]),
                             W.LocalId[0], "local.linear");
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

/// Runs \p Body for the local ids of dimension \p Dim in [Start, End),
/// \p Step at a time, if that range is not empty.
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

/// Runs \p Body (which calls \p Callee) for the local ids of dimension 0 in
/// [Start, End), \p Step at a time, if that range is not empty, in a
/// parallel loop of its own (\p IsPeel: a vector variant's scalar peel).
void buildDimensionZeroRun(WrapperContext &W, Function &Callee, Value *Start,
                           Value *End, uint64_t Step, const Twine &Name,
                           BodyBuilder Body, bool IsPeel = false) {
  W.AccessGroup = MDNode::getDistinct(W.Builder.getContext(), {});
  W.IsPeel = IsPeel;
  addToAccessGroup(Callee, W.AccessGroup);
  buildGuardedRangeLoop(W, 0, Start, End, Step, Name,
                        [&](IRBuilder<> &B) { buildTaggedBody(W, B, Body); });
  W.AccessGroup = nullptr;
  W.IsPeel = false;
}

/// The wrapper of a kernel with a vector variant handling W work-items of
/// dimension 0 per call (the seed's layout): in each row, the vector kernel
/// for the largest multiple of the width, the scalar kernel for the rest.
/// With a wide variant of K W work-items per call, that one runs the largest
/// multiple of K W first, and the vector variant what is left of the
/// multiple of W. With a jammed variant running R rows per call, the runs of
/// W go R rows at a time while R rows remain, then one row at a time as
/// above; then the scalar kernel runs the peel of every row.
Function *createVectorizedWrapper(Function &Kernel,
                                  const VectorVariant &Variant,
                                  const BuiltinInfo &BI) {
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  WrapperContext W = makeWrapperContext(Builder, BI);
  SmallVector<Value *, 8> Args = getArgs(*Wrapper);
  unsigned Width = Variant.Width;
  Value *Peel =
      Builder.CreateURem(W.LocalSize[0], Builder.getInt64(Width), "peel");
  Value *VectorEnd = Builder.CreateSub(W.LocalSize[0], Peel, "vector.end");
  auto Call = [&](Function &Callee) {
    return [&](IRBuilder<> &B) {
      B.CreateCall(&Callee, Args)->setCallingConv(Callee.getCallingConv());
    };
  };
  auto RunPeel = [&](IRBuilder<> &) {
    buildDimensionZeroRun(W, Kernel, VectorEnd, W.LocalSize[0], 1, "scalar",
                          Call(Kernel), /*IsPeel=*/true);
  };
  Value *WideEnd = nullptr;
  if (Variant.Wide)
    WideEnd = Builder.CreateSub(
        W.LocalSize[0],
        Builder.CreateURem(W.LocalSize[0], Builder.getInt64(Variant.WideWidth)),
        "wide.end");
  auto RunVectors = [&](IRBuilder<> &B) {
    if (Variant.Wide)
      buildDimensionZeroRun(W, *Variant.Wide, B.getInt64(0), WideEnd,
                            Variant.WideWidth, "wide", Call(*Variant.Wide));
    buildDimensionZeroRun(W, *Variant.Vector,
                          Variant.Wide ? WideEnd : B.getInt64(0), VectorEnd,
                          Width, "vector", Call(*Variant.Vector));
  };
  auto RunRow = [&](IRBuilder<> &B) {
    RunVectors(B);
    RunPeel(B);
  };
  if (!Variant.Jammed) {
    buildLoopNest(W, 2, 1, RunRow);
    Builder.CreateRetVoid();
    return Wrapper;
  }
  // Each function is called from one place, so the optimizer, which
  // inlines them, copies none twice.
  uint64_t Rows = Variant.Rows;
  buildLoopNest(W, 2, 2, [&](IRBuilder<> &B) {
    Value *RowsEnd =
        B.CreateSub(W.LocalSize[1],
                    B.CreateURem(W.LocalSize[1], B.getInt64(Rows)), "rows.end");
    buildGuardedRangeLoop(
        W, 1, B.getInt64(0), RowsEnd, Rows, "rows", [&](IRBuilder<> &B) {
          buildDimensionZeroRun(W, *Variant.Jammed, B.getInt64(0), VectorEnd,
                                Width, "jammed", Call(*Variant.Jammed));
        });
    buildGuardedRangeLoop(W, 1, RowsEnd, W.LocalSize[1], 1, "row", RunVectors);
    buildGuardedRangeLoop(W, 1, B.getInt64(0), W.LocalSize[1], 1, "peel.row",
                          RunPeel);
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

/// A kernel with barriers cut into regions, and its vector variant (running
/// W work-items of dimension 0 per call) cut the same way, if it has one.
struct RegionForms {
  const BarrierRegions &Scalar;
  const BarrierRegions *Vector = nullptr;
  unsigned Width = 1;
};

/// The largest alignment an argument of a call in \p M asks for: its
/// type's ABI alignment, or a byval argument's own.
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

/// The alignment of each of the region scheduler's allocations (the live
/// variables of either form, the next regions). They are dynamic, and a
/// dynamic allocation leaves the stack pointer aligned to its own
/// alignment only, while the code generator assumes that a function which
/// realigns its frame keeps that alignment at its calls: a call passing
/// vectors in memory, beyond the registers, stores them with aligned moves
/// (x86's vmovaps), which fault on a stack the allocations left 16-byte
/// aligned (a host crash, CLsmith's `vectors` 1426). So each allocation is
/// aligned to what any call of the module may ask, and to the stack's.
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

/// Calls \p Region for the current work-item and records where it stopped.
void runRegion(WrapperContext &W, const SchedulerState &S, Function &Region,
               ArrayRef<Value *> Args, Value *Linear) {
  IRBuilder<> &B = W.Builder;
  SmallVector<Value *, 11> RegionArgs(Args.begin(), Args.end());
  RegionArgs.append({S.Live, scalarLiveEntry(W, S, Linear), S.LiveEntries});
  Value *Stop = B.CreateCall(&Region, RegionArgs, "next.region");
  B.CreateStore(Stop, B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear));
}

/// Calls vector region \p Region for the \p Width work-items from the
/// current one and records where they stopped (one barrier for all: Vecz
/// keeps barriers out of divergent control flow).
void runVectorRegion(WrapperContext &W, const SchedulerState &S,
                     Function &Region, unsigned Width, ArrayRef<Value *> Args,
                     Value *Linear) {
  IRBuilder<> &B = W.Builder;
  SmallVector<Value *, 11> RegionArgs(Args.begin(), Args.end());
  RegionArgs.append({S.VectorLive, vectorLiveEntry(W, S, Width), S.VectorRuns});
  Value *Stop = B.CreateCall(&Region, RegionArgs, "next.region");
  B.CreateAlignedStore(B.CreateVectorSplat(Width, Stop),
                       B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear),
                       Align(4));
}

/// Calls \p Region, of the vector form when \p IsVector, for the current
/// work-item (and the W - 1 after it).
void runRegionOfForm(WrapperContext &W, const SchedulerState &S,
                     const RegionForms &Forms, Function &Region, bool IsVector,
                     ArrayRef<Value *> Args, Value *Linear) {
  if (IsVector)
    runVectorRegion(W, S, Region, Forms.Width, Args, Linear);
  else
    runRegion(W, S, Region, Args, Linear);
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
                    const PendingRegions &Pending, const RegionForms &Forms,
                    unsigned K, ArrayRef<Value *> Args, BasicBlock *Schedule) {
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

  auto Run = [&](Function &Region, bool IsVector, Value *Linear) {
    runRegionOfForm(W, S, Forms, Region, IsVector, Args, Linear);
  };
  Builder.SetInsertPoint(All);
  buildRegionLoops(W, S, Forms, K,
                   [&](IRBuilder<> &B, Function &Region, bool IsVector) {
                     Run(Region, IsVector, linearLocalId(W));
                   });
  Builder.CreateBr(Schedule);

  Some->insertInto(Wrapper);
  Builder.SetInsertPoint(Some);
  W.IsRare = true;
  buildRegionLoops(
      W, S, Forms, K, [&](IRBuilder<> &B, Function &Region, bool IsVector) {
        // A run of W work-items waits where its first one does.
        Value *Linear = linearLocalId(W);
        Value *Waiting = B.CreateICmpEQ(
            B.CreateLoad(B.getInt32Ty(),
                         B.CreateInBoundsGEP(B.getInt32Ty(), S.Next, Linear)),
            B.getInt32(K), "waiting");
        BasicBlock *Call = BasicBlock::Create(Ctx, Name, Wrapper);
        BasicBlock *Skip = BasicBlock::Create(Ctx, Name + ".done", Wrapper);
        B.CreateCondBr(Waiting, Call, Skip);
        B.SetInsertPoint(Call);
        Run(Region, IsVector, Linear);
        B.CreateBr(Skip);
        B.SetInsertPoint(Skip);
      });
  W.IsRare = false;
  Builder.CreateBr(Schedule);
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

/// The stack the region scheduler's allocations take (see
/// allocateLiveVariables and createRegionSchedulerWrapper): each work-item's
/// next region and live variables, of the scalar form or, in a run of W,
/// its share of the vector form's, whichever is larger; and each
/// allocation's padding to \p Alignment.
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

/// The wrapper of a kernel with barriers: the region scheduler above.
Function *createRegionSchedulerWrapper(Function &Kernel,
                                       const RegionForms &Forms,
                                       Align StateAlignment,
                                       const BuiltinInfo &BI) {
  const BarrierRegions &R = Forms.Scalar;
  Function *Wrapper = createWrapperFunction(Kernel);
  IRBuilder<> Builder(&Wrapper->getEntryBlock());
  WrapperContext W = makeWrapperContext(Builder, BI);
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

  buildRegionLoops(
      W, S, Forms, 0, [&](IRBuilder<> &B, Function &Region, bool IsVector) {
        runRegionOfForm(W, S, Forms, Region, IsVector, Args, linearLocalId(W));
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
    buildRegionRun(W, S, Pending, Forms, K, Args, Schedule);
  }
  Builder.SetInsertPoint(Exit);
  Builder.CreateRetVoid();
  return Wrapper;
}

/// Makes the regions of \p Forms of more than \p MaxInstructions
/// instructions (0: none) calls the entry point keeps instead of code it
/// inlines. The scheduler calls each region from two places (every
/// work-item waiting at it, or some), so inlining copies it twice into one
/// function, whose register allocation and scheduling take time that grows
/// faster than its size; a call per work-item costs nothing beside such a
/// region's work.
void keepLargeRegionsOutOfLine(const RegionForms &Forms,
                               uint64_t MaxInstructions) {
  if (MaxInstructions == 0)
    return;
  for (const BarrierRegions *Form : {&Forms.Scalar, Forms.Vector}) {
    if (!Form)
      continue;
    for (Function *Region : Form->Regions) {
      if (Region->getInstructionCount() <= MaxInstructions)
        continue;
      Region->removeFnAttr(Attribute::AlwaysInline);
      Region->addFnAttr(Attribute::NoInline);
      ++NumRegionsOutOfLine;
    }
  }
}

/// Forgets \p Kernel's vector variants, which the optimizer then deletes.
void dropVectorVariant(Function &Kernel, const VectorVariant &Variant) {
  for (Function *F : Variant.getFunctions())
    F->setLinkage(GlobalValue::InternalLinkage);
  clearVectorVariant(Kernel);
}

/// Whether \p F has barriers once every call that reaches one is inlined
/// (inlineCallsWithBarriers). When a call cannot be, false, after an error
/// if \p Report: the work-item loops then run calls that reach a barrier,
/// but the error fails the compile.
bool hasBarriersInlined(Function &F, const BuiltinInfo &BI, bool Report) {
  Expected<bool> HasBarriers = inlineCallsWithBarriers(F, BI);
  if (HasBarriers)
    return *HasBarriers;
  std::string Why = toString(HasBarriers.takeError());
  if (Report)
    emitError(F, DebugLoc(), Why);
  return false;
}

/// Cuts vector variant \p Vector of a kernel with barriers into regions, to
/// run beside the kernel's \p Scalar regions; none (and the variant erased)
/// when the two cuts do not have the same barriers in the same order.
std::optional<BarrierRegions> cutVectorVariant(Function &Vector,
                                               const BarrierRegions &Scalar,
                                               const BuiltinInfo &BI) {
  std::optional<BarrierRegions> Regions;
  // What the kernel inlined, its variant does too: an error was the
  // kernel's to report.
  if (hasBarriersInlined(Vector, BI, /*Report=*/false))
    Regions = buildBarrierRegions(Vector, BI);
  Vector.eraseFromParent();
  if (Regions && Regions->BarrierIds == Scalar.BarrierIds)
    return Regions;
  LLVM_DEBUG(dbgs() << "ignoring a vector variant whose barriers differ "
                       "from its kernel's\n");
  if (Regions)
    for (Function *Region : Regions->Regions)
      Region->eraseFromParent();
  return std::nullopt;
}

} // namespace

PreservedAnalyses WorkItemLoopsPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  const Align CallArgumentAlignment = largestCallArgumentAlignment(M);
  bool Changed = false;
  for (Function *Kernel : getKernelEntryPoints(M)) {
    CrashNote Working("kernel '" + Kernel->getName() + "'");
    Function *Wrapper;
    if (Opts.SingleWorkItemWithoutLoops && isSingleWorkItem(*Kernel)) {
      // Barriers are no-ops for one work-item; a vector variant is of no use.
      if (auto Variant = getVectorVariant(*Kernel))
        dropVectorVariant(*Kernel, *Variant);
      Wrapper = createSingleWorkItemWrapper(*Kernel, BI);
      ++NumSingleWorkItem;
    } else if (hasBarriersInlined(*Kernel, BI, /*Report=*/true)) {
      std::optional<VectorVariant> Variant = getVectorVariant(*Kernel);
      // The regions run one width, and rows one at a time.
      if (Variant)
        for (Function *F : Variant->getOtherVariants())
          F->setLinkage(GlobalValue::InternalLinkage);
      clearVectorVariant(*Kernel); // Before the regions copy the kernel.
      BarrierRegions Regions = buildBarrierRegions(*Kernel, BI);
      std::optional<BarrierRegions> VectorRegions;
      unsigned Width = 1;
      if (Variant) {
        Width = Variant->Width;
        VectorRegions = cutVectorVariant(*Variant->Vector, Regions, BI);
      }
      RegionForms Forms{Regions, VectorRegions ? &*VectorRegions : nullptr,
                        Width};
      const Align StateAlignment = schedulerStateAlignment(
          Forms, CallArgumentAlignment, M.getDataLayout());
      Wrapper =
          createRegionSchedulerWrapper(*Kernel, Forms, StateAlignment, BI);
      keepLargeRegionsOutOfLine(Forms, Opts.MaxInlinedRegionInstructions);
      setWorkGroupStack(*Kernel, liveStateStack(Forms, StateAlignment));
      if (VectorRegions) {
        setVectorizationWidth(*Kernel, Width);
        ++NumKernelsVectorized;
      }
      ++NumKernelsWithBarriers;
    } else if (auto Variant = getVectorVariant(*Kernel)) {
      Wrapper = createVectorizedWrapper(*Kernel, *Variant, BI);
      for (Function *F : Variant->getFunctions())
        markForInlining(*F);
      clearVectorVariant(*Kernel);
      // The most work-items one call runs.
      setVectorizationWidth(*Kernel, Variant->Wide ? Variant->WideWidth
                                                   : Variant->Width);
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

Expected<WorkItemLoopsPass::Options>
WorkItemLoopsPass::parseOptions(StringRef Params) {
  Options Opts;
  Error E =
      forEachPassParam(Params, [&](StringRef Key, StringRef Value) -> Error {
        if (Key == "single-work-item" && Value.empty()) {
          Opts.SingleWorkItemWithoutLoops = true;
          return Error::success();
        }
        if (Key == "max-inlined-region")
          return parseCountPassParamValue("work-item-loops", Key,
                                          "instructions", Value,
                                          Opts.MaxInlinedRegionInstructions);
        return unknownPassParam("work-item-loops", Key);
      });
  if (E)
    return std::move(E);
  return Opts;
}

void WorkItemLoopsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  std::string Params;
  if (Opts.SingleWorkItemWithoutLoops)
    Params = "single-work-item";
  if (Opts.MaxInlinedRegionInstructions)
    Params += (Params.empty() ? "" : ";") + std::string("max-inlined-region=") +
              std::to_string(Opts.MaxInlinedRegionInstructions);
  printPassWithParams(OS, MapClassName2PassName(name()), Params);
}

} // namespace utils
} // namespace compiler
