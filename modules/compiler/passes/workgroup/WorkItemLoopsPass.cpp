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
/// With barriers (compiler/analysis/BarrierRegions.h) a region scheduler
/// runs the kernel's regions (RegionScheduler.h).
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
/// When the variant names a tail variant (Vecz gives one to a kernel whose
/// sub-groups are the variant's W lanes, with no jammed or wide variant,
/// and to every vector kernel under -vecz-tail=always), that one runs each
/// row's peel, as one vector whose lanes past the row are off:
///
///   for (x = 0; x < size.x - peel; x += W) vector(P);
///   if (peel != 0) tail(P);                              // x = size.x - peel
///
/// and the kernel's sub-group size is W (a kernel with barriers runs
/// without it, its sub-groups of one work-item each).
///
/// When the variant also names a wide variant running K W work-items per
/// call (`!{ptr, i32 W, ptr @jammed or null, i32 R, ptr @wide, i32 KW}`),
/// each row's vector loop is preceded by it:
///
///   for (x = 0; x < size.x - size.x % KW; x += KW) wide(P);
///   for (; x < size.x - peel; x += W) vector(P);
///
/// A kernel with barriers and such a variant runs the variant's regions for
/// the runs of W work-items and the kernel's for the rest of each row (the
/// wide and jammed variants are dropped).
///
/// Every loop is bottom-tested: a work-group has at least one work-item in
/// each dimension, and the two loops of a split dimension are guarded.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/WorkItemLoopsPass.h"

#include "passes/workgroup/RegionScheduler.h"
#include "passes/workgroup/WorkItemLoopBuilder.h"

#include "compiler/analysis/BarrierRegions.h"
#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/CrashContainment.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

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

/// The wrapper of a kernel with a vector variant handling W work-items of
/// dimension 0 per call (the seed's layout): in each row, the vector kernel
/// for the largest multiple of the width, the scalar kernel for the rest.
/// With a wide variant of K W work-items per call, that one runs the largest
/// multiple of K W first, and the vector variant what is left of the
/// multiple of W. With a jammed variant running R rows per call, the runs of
/// W go R rows at a time while R rows remain, then one row at a time as
/// above; with a wide jammed variant too, running R' rows of K W, that one
/// runs the largest multiple of K W in the rows R' at a time (the wide
/// variant the rows left), and the jammed variant only the runs of W after
/// it. Then the scalar kernel runs the peel of every row.
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
  auto RunPeel = [&](IRBuilder<> &B) {
    // The tail variant runs the peel as one vector whose lanes past the
    // row are off (its loop runs once, when the peel is not empty).
    if (Variant.Tail)
      buildDimensionZeroRun(W, *Variant.Tail, VectorEnd, W.LocalSize[0], Width,
                            "tail", Call(*Variant.Tail), /*IsPeel=*/true);
    else
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
  // The work-items of dimension 0 in [Start, End), Step at a time: Rows
  // rows at a time by Jammed while that many rows remain, then row by row
  // by Single (named SingleName); the blocks' names begin with Prefix.
  auto RunJammedColumns = [&](IRBuilder<> &B, Value *Start, Value *End,
                              uint64_t Step, Function &Jammed, uint64_t Rows,
                              Function &Single, StringRef SingleName,
                              StringRef Prefix) {
    Value *RowsEnd = B.CreateSub(W.LocalSize[1],
                                 B.CreateURem(W.LocalSize[1], B.getInt64(Rows)),
                                 Prefix + "rows.end");
    buildGuardedRangeLoop(W, 1, B.getInt64(0), RowsEnd, Rows, Prefix + "rows",
                          [&](IRBuilder<> &) {
                            buildDimensionZeroRun(W, Jammed, Start, End, Step,
                                                  Prefix + "jammed",
                                                  Call(Jammed));
                          });
    buildGuardedRangeLoop(W, 1, RowsEnd, W.LocalSize[1], 1, Prefix + "row",
                          [&](IRBuilder<> &) {
                            buildDimensionZeroRun(W, Single, Start, End, Step,
                                                  SingleName, Call(Single));
                          });
  };
  // Each function is called from one place, so the optimizer, which
  // inlines them, copies none twice.
  buildLoopNest(W, 2, 2, [&](IRBuilder<> &B) {
    Value *JammedStart = B.getInt64(0);
    if (Variant.WideJammed) {
      RunJammedColumns(B, JammedStart, WideEnd, Variant.WideWidth,
                       *Variant.WideJammed, Variant.WideRows, *Variant.Wide,
                       "wide", "wide.");
      JammedStart = WideEnd;
    }
    RunJammedColumns(B, JammedStart, VectorEnd, Width, *Variant.Jammed,
                     Variant.Rows, *Variant.Vector, "vector", "");
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

/// The most instructions a barrier region may have for the scheduler's
/// rare path (work-items waiting at different barriers) to inline a second
/// copy of it. There each work-item is tested for where it waits, a branch
/// the predictor cannot learn when the work-items' trip counts through a
/// loop with a barrier differ, and a call per waiting work-item costs more
/// than a small region's work; with the region inlined, the late optimizer
/// vectorizes the test and the region under a mask (bench/cases/
/// varying_trips: 9.6 ms to 4.3). A large region's second copy costs
/// compile time and gains little beside its own work.
constexpr uint64_t MaxRareInlinedRegionInstructions = 100;

/// Chooses where the entry point inlines the regions of \p Forms. Those it
/// inlines add up to at most \p MaxInstructions instructions (0: no limit),
/// the smallest first; the others stay functions it calls (noinline).
/// Register allocation, scheduling and CodeGenPrepare take time that grows
/// faster than the function they work on (bench/cases/tracking's 64
/// regions, each below the limit, made one entry point of 65,000 lines of
/// IR after O3, 25 s to compile), and beside a region of hundreds of
/// instructions a call per work-item, or per vector of them, costs little.
/// Then, from what the limit leaves, the smallest regions (of at most
/// MaxRareInlinedRegionInstructions, other than the first, which only the
/// usual path runs) get a second copy on the rare path, recorded in
/// Forms.InlinedOnRarePath.
void chooseRegionsToInline(RegionForms &Forms, uint64_t MaxInstructions) {
  struct SizedRegion {
    uint64_t Size;
    Function *Region;
    bool IsFirst;
  };
  SmallVector<SizedRegion, 32> Sized;
  for (const BarrierRegions *Form : {&Forms.Scalar, Forms.Vector})
    if (Form)
      for (Function *Region : Form->Regions)
        Sized.push_back({Region->getInstructionCount(), Region,
                         Region == Form->Regions.front()});
  llvm::stable_sort(Sized, [](const SizedRegion &A, const SizedRegion &B) {
    return A.Size < B.Size;
  });
  uint64_t Inlined = 0;
  auto Fits = [&](uint64_t Size) {
    return MaxInstructions == 0 || Inlined + Size <= MaxInstructions;
  };
  for (const SizedRegion &R : Sized) {
    if (Fits(R.Size)) {
      Inlined += R.Size;
      continue;
    }
    R.Region->removeFnAttr(Attribute::AlwaysInline);
    R.Region->addFnAttr(Attribute::NoInline);
    ++NumRegionsOutOfLine;
  }
  for (const SizedRegion &R : Sized) {
    if (R.IsFirst || R.Size > MaxRareInlinedRegionInstructions ||
        R.Region->hasFnAttribute(Attribute::NoInline) || !Fits(R.Size))
      continue;
    Inlined += R.Size;
    Forms.InlinedOnRarePath.insert(R.Region);
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

/// Whether \p Kernel runs with the sub-groups it requires
/// (intel_reqd_sub_group_size): an error if not, since its code may count
/// on their size. Only Vecz makes sub-groups of more than one work-item,
/// and says why where it did not (-Rpass-missed=vecz).
void checkRequiredSubGroupSize(Function &Kernel) {
  std::optional<uint32_t> Required = getRequiredSubGroupSize(Kernel);
  if (!Required || *Required == getSubGroupSize(Kernel))
    return;
  emitError(Kernel, DebugLoc(),
            "kernel '" + getOrigFnName(Kernel) + "' requires sub-groups of " +
                Twine(*Required) +
                " work-items (intel_reqd_sub_group_size), which Vecz did not "
                "make of it (-Rpass-missed=vecz says why)");
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
      // A variant whose lanes are sub-groups needs its tail variant, which
      // the regions have no place for: the kernel's sub-groups are then
      // of one work-item each, in every region.
      if (Variant && Variant->Tail) {
        dropVectorVariant(*Kernel, *Variant);
        Variant.reset();
      }
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
      RegionForms Forms{
          Regions, VectorRegions ? &*VectorRegions : nullptr, Width, {}};
      const Align StateAlignment = schedulerStateAlignment(
          Forms, CallArgumentAlignment, M.getDataLayout());
      // Before the scheduler, which calls a region kept out of line in
      // both of its paths.
      chooseRegionsToInline(Forms, Opts.MaxInlinedRegionInstructions);
      Wrapper =
          createRegionSchedulerWrapper(*Kernel, Forms, StateAlignment, BI);
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
      if (Variant->Tail)
        setSubGroupSize(*Kernel, Variant->Width);
      ++NumKernelsVectorized;
    } else {
      Wrapper = createWorkItemLoopsWrapper(*Kernel, BI);
    }
    checkRequiredSubGroupSize(*Kernel);
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
