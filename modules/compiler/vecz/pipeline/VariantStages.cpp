//===- VariantStages.cpp - The variants Vecz makes of a kernel ------------===//
///
/// \file
/// See VariantStages.h.
///
//===----------------------------------------------------------------------===//

#include "pipeline/VariantStages.h"

#include "pipeline/Preparation.h"

#include "analysis/CostModel.h"

#include "vecz/JamRows.h"
#include "vecz/Packetizer.h"
#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <optional>

#define DEBUG_TYPE "vecz"

using namespace llvm;

STATISTIC(NumVariantsBroken,
          "Number of functions Vecz made that the verifier rejected");
STATISTIC(NumKernelsWide, "Number of vector variants given a wide variant");
STATISTIC(NumKernelsJammed,
          "Number of vector variants given a variant running several rows");
STATISTIC(NumKernelsWideJammed,
          "Number of jammed variants given a wide jammed variant");

namespace vecz {

/// A copy of \p Kernel whose vector operations are split into scalar ones,
/// its loads and stores kept whole (their elements taken out and put back),
/// for the scalarize-then-widen layout.
static Function *cloneScalarized(Function &Kernel,
                                 FunctionAnalysisManager &FAM) {
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&Kernel, VMap);
  Copy->setName(Kernel.getName() + ".scalarized");
  FunctionPassManager FPM;
  ScalarizerPass Scalarize;
  Scalarize.setScalarizeLoadStore(false);
  Scalarize.setScalarizeVariableInsertExtract(true);
  FPM.addPass(std::move(Scalarize));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(DCEPass());
  FPM.run(*Copy, FAM);
  return Copy;
}

void eraseFunction(Function &F, FunctionAnalysisManager &FAM) {
  FAM.clear(F, F.getName());
  F.eraseFromParent();
}

/// The test of the fallback below: the function made at the stage named
/// here has its entry block's terminator taken away before it is verified.
static cl::opt<std::string> BreakMadeAt(
    "vecz-break-made-at", cl::Hidden,
    cl::desc("Break the function Vecz makes at this stage ('packetization', "
             "'row jamming', ...), to test that the verifier catches it"));

Expected<Function *> verifyMade(Expected<Function *> Made, StringRef Stage,
                                FunctionAnalysisManager &FAM) {
  if (!Made)
    return Made;
  if (Stage == BreakMadeAt)
    (*Made)->getEntryBlock().getTerminator()->eraseFromParent();
  std::string Problem;
  raw_string_ostream OS(Problem);
  if (!verifyFunction(**Made, &OS))
    return Made;
  ++NumVariantsBroken;
  std::string Name = (*Made)->getName().str();
  eraseFunction(**Made, FAM);
  StringRef FirstLine = StringRef(Problem).split('\n').first;
  return createStringError(inconvertibleErrorCode(),
                           "Vecz made an invalid function '%s' at %s (%s); "
                           "please report it",
                           Name.c_str(), Stage.str().c_str(),
                           FirstLine.str().c_str());
}

/// Packetizes \p Copy, a scalarized copy of a kernel, at \p Width, then
/// erases it.
static Expected<Function *> packetizeCopy(Function &Copy, unsigned Width,
                                          const VeczPass::Options &Opts,
                                          const compiler::BuiltinInfo &BI,
                                          FunctionAnalysisManager &FAM) {
  Expected<Function *> Vector =
      Width
          ? verifyMade(packetizeKernel(Copy, Width,
                                       FAM.getResult<UniformityAnalysis>(Copy),
                                       FAM.getResult<StrideAnalysis>(Copy), BI,
                                       FAM.getResult<TargetIRAnalysis>(Copy),
                                       Opts.getPacketizerOptions()),
                       "packetization (scalarized layout)", FAM)
          : createStringError(inconvertibleErrorCode(), "has no room");
  eraseFunction(Copy, FAM);
  return Vector;
}

compiler::utils::VectorVariant
chooseLayout(Function &Kernel, compiler::utils::VectorVariant Interleaved,
             const VeczPass::Options &Opts, const compiler::BuiltinInfo &BI,
             FunctionAnalysisManager &FAM, OptimizationRemarkEmitter &ORE) {
  Function *Copy = cloneScalarized(Kernel, FAM);
  const UniformityInfo &Uniformity = FAM.getResult<UniformityAnalysis>(*Copy);
  unsigned Width =
      std::min(Opts.Width ? Opts.Width
                          : chooseWidth(*Copy, Uniformity, FAM,
                                        compiler::VeczLayout::Scalarized),
               Opts.MaxWidth);
  Expected<Function *> Scalarized = packetizeCopy(*Copy, Width, Opts, BI, FAM);
  if (!Scalarized) {
    // The interleaved variant stands; the user hears why only when the
    // other layout was asked for.
    std::string Why = toString(Scalarized.takeError());
    if (Opts.Layout == compiler::VeczLayout::Scalarized)
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotScalarized", &Kernel)
               << "kernel '" << Kernel.getName()
               << "' keeps its vector types interleaved (scalarized, " << Why
               << ")";
      });
    return Interleaved;
  }
  compiler::utils::VectorVariant Other{*Scalarized, Width};
  auto CostPerWorkItem = [&](const compiler::utils::VectorVariant &V) {
    return estimateRunCost(*V.Vector, FAM) / V.Width;
  };
  bool KeepScalarized = Opts.Layout == compiler::VeczLayout::Scalarized ||
                        CostPerWorkItem(Other) < CostPerWorkItem(Interleaved);
  if (!KeepScalarized) {
    eraseFunction(*Other.Vector, FAM);
    return Interleaved;
  }
  eraseFunction(*Interleaved.Vector, FAM);
  Other.Vector->setName(getVariantName(Kernel.getName(), Width));
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Scalarized", &Kernel)
           << "kernel '" << Kernel.getName()
           << "' has its vector types scalarized then widened";
  });
  return Other;
}

/// Whether \p F calls __mux_work_group_barrier.
static bool hasBarrier(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    const auto *Call = dyn_cast<CallBase>(&I);
    return Call && Call->getCalledFunction() &&
           compiler::BuiltinInfo::identifyMuxBuiltin(
               *Call->getCalledFunction()) ==
               compiler::MuxBuiltin::WorkGroupBarrier;
  });
}

/// How many rows the jammed variant of \p Kernel runs (1: none): \p Asked,
/// or for `auto` (0) half the target's vector registers, at most 8: rows
/// keep their own accumulators in registers, and an FMA's latency times
/// its throughput (4 cycles, 2 a cycle on Zen 3) asks for 8 independent
/// chains; 8 on AVX2's 16 and AVX-512's 32 (a quarter of AVX2's, 4, made
/// matmul_naive 1.45 times as slow on Zen 3, doc/performance.md); fitted to
/// a required work-group size and the target's cap.
static unsigned chooseRows(Function &Kernel, const VeczPass::Options &Opts,
                           FunctionAnalysisManager &FAM) {
  unsigned Asked = Opts.Rows;
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(Kernel);
  unsigned VectorRegisters =
      TTI.getNumberOfRegisters(TTI.getRegisterClassForType(/*Vector=*/true));
  unsigned Rows =
      Asked ? Asked
            : std::clamp<unsigned>(PowerOf2Floor(VectorRegisters / 2), 1, 8);
  if (auto Required = compiler::utils::getReqdWorkGroupSize(Kernel)) {
    uint32_t Y = (*Required)[1];
    uint32_t Divisor = Y & (~Y + 1);
    Rows = std::min<unsigned>(Rows, Divisor);
  }
  Rows = std::min(Rows, Opts.MaxRows);
  return Rows < 2 ? 1 : Rows;
}

/// Whether \p Jammed, running \p Rows rows of \p Vector, is worth having
/// (`rows=auto`): \p Vector has a loop (where rows share the most) and one
/// run of \p Jammed costs at most 3/4 of \p Rows runs of it.
static bool isJamWorthIt(Function &Vector, Function &Jammed, unsigned Rows,
                         FunctionAnalysisManager &FAM) {
  if (FAM.getResult<LoopAnalysis>(Vector).empty())
    return false;
  return 4 * estimateRunCost(Jammed, FAM) <=
         3 * Rows * estimateRunCost(Vector, FAM);
}

compiler::utils::VectorVariant
addJammedVariant(Function &Kernel, compiler::utils::VectorVariant Variant,
                 const VeczPass::Options &Opts, FunctionAnalysisManager &FAM,
                 OptimizationRemarkEmitter &ORE) {
  unsigned Rows = chooseRows(Kernel, Opts, FAM);
  if (Rows == 1 || Variant.Jammed || hasBarrier(*Variant.Vector))
    return Variant;
  Expected<Function *> Jammed = verifyMade(
      jamRows(*Variant.Vector, Kernel.getName(), Variant.Width, Rows),
      "row jamming", FAM);
  if (!Jammed) {
    std::string Why = toString(Jammed.takeError());
    if (Opts.Rows != 0)
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotJammed", &Kernel)
               << "kernel '" << Kernel.getName() << "' runs one row per "
               << "vector call: " << Why;
      });
    return Variant;
  }
  if (Opts.Rows == 0 && !isJamWorthIt(*Variant.Vector, **Jammed, Rows, FAM)) {
    FAM.clear(**Jammed, (*Jammed)->getName());
    (*Jammed)->eraseFromParent();
    return Variant;
  }
  Variant.Jammed = *Jammed;
  Variant.Rows = Rows;
  ++NumKernelsJammed;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Jammed", &Kernel)
           << "kernel '" << Kernel.getName() << "' runs "
           << ore::NV("Rows", Rows) << " rows per vector call";
  });
  return Variant;
}

/// The most work-items a variant of \p Kernel may run per call: the
/// target's cap and 64, and with a required work-group size, the largest
/// power of two dividing its dimension 0 (a wider variant would never run).
static unsigned widestVariant(const Function &Kernel,
                              const VeczPass::Options &Opts) {
  unsigned Widest = std::min(Opts.MaxWidth, 64u);
  if (auto Required = compiler::utils::getReqdWorkGroupSize(Kernel)) {
    uint32_t X = (*Required)[0];
    Widest = std::min<unsigned>(Widest, X & (~X + 1));
  }
  return Widest;
}

/// \p Kernel packetized at \p WideWidth (\p Scalarized: from a scalarized
/// copy of it) and named as its wide variant, or why not.
static Expected<Function *> makeWide(Function &Kernel, unsigned WideWidth,
                                     bool Scalarized,
                                     const VeczPass::Options &Opts,
                                     const compiler::BuiltinInfo &BI,
                                     FunctionAnalysisManager &FAM) {
  Expected<Function *> Wide =
      Scalarized ? packetizeCopy(*cloneScalarized(Kernel, FAM), WideWidth, Opts,
                                 BI, FAM)
                 : verifyMade(packetizeKernel(
                                  Kernel, WideWidth,
                                  FAM.getResult<UniformityAnalysis>(Kernel),
                                  FAM.getResult<StrideAnalysis>(Kernel), BI,
                                  FAM.getResult<TargetIRAnalysis>(Kernel),
                                  Opts.getPacketizerOptions()),
                              "packetization (wide variant)", FAM);
  if (Wide)
    (*Wide)->setName(getVariantName(Kernel.getName(), WideWidth));
  return Wide;
}

/// \p Variant, which has a jammed variant of R rows, with a wide variant of
/// K vectors and its jammed variant of R / K rows: as many vectors per call
/// as the jammed variant, so as many accumulators in registers, but each
/// value shared by the rows (a matrix product's load of B) loaded once
/// for K vectors, and each one a row loads alone (its broadcast of A) used
/// by K vectors. K is the factor asked for, or 2 for `interleave=auto`,
/// where the cost model must find one run of the wide jammed variant at
/// least 10% cheaper than one of the jammed variant.
static compiler::utils::VectorVariant addWideJammedVariant(
    Function &Kernel, compiler::utils::VectorVariant Variant, bool Scalarized,
    const VeczPass::Options &Opts, const compiler::BuiltinInfo &BI,
    FunctionAnalysisManager &FAM, OptimizationRemarkEmitter &ORE) {
  unsigned Factor =
      Opts.Interleave ? Opts.Interleave
                      : fitInterleaveToCacheSets(2, Variant.Width, Kernel, FAM);
  unsigned WideWidth = Factor * Variant.Width;
  unsigned WideRows = Variant.Rows / Factor;
  if (Factor == 1 || WideRows < 2 || WideWidth > widestVariant(Kernel, Opts))
    return Variant;
  auto NotMade = [&](Error Why) {
    std::string Text = toString(std::move(Why));
    if (Opts.Interleave != 0)
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotWideJammed", &Kernel)
               << "kernel '" << Kernel.getName() << "' runs one vector per "
               << "row of its jammed variant: " << Text;
      });
    return Variant;
  };
  Expected<Function *> Wide =
      makeWide(Kernel, WideWidth, Scalarized, Opts, BI, FAM);
  if (!Wide)
    return NotMade(Wide.takeError());
  Expected<Function *> WideJammed =
      verifyMade(jamRows(**Wide, Kernel.getName(), WideWidth, WideRows),
                 "row jamming (wide variant)", FAM);
  if (!WideJammed) {
    eraseFunction(**Wide, FAM);
    return NotMade(WideJammed.takeError());
  }
  if (Opts.Interleave == 0 &&
      !isWorthReplacing(estimateRunCost(**WideJammed, FAM),
                        estimateRunCost(*Variant.Jammed, FAM))) {
    eraseFunction(**WideJammed, FAM);
    eraseFunction(**Wide, FAM);
    return Variant;
  }
  Variant.Wide = *Wide;
  Variant.WideWidth = WideWidth;
  Variant.WideJammed = *WideJammed;
  Variant.WideRows = WideRows;
  ++NumKernelsWideJammed;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "WideJammed", &Kernel)
           << "kernel '" << Kernel.getName() << "' runs "
           << ore::NV("Vectors", Factor) << " vectors side by side in each of "
           << ore::NV("WideRows", WideRows) << " rows per call where "
           << ore::NV("WideWidth", WideWidth) << " work-items remain";
  });
  return Variant;
}

compiler::utils::VectorVariant
addWideVariant(Function &Kernel, compiler::utils::VectorVariant Variant,
               bool Scalarized, const VeczPass::Options &Opts,
               const compiler::BuiltinInfo &BI, FunctionAnalysisManager &FAM,
               OptimizationRemarkEmitter &ORE) {
  if (Opts.Interleave == 1 || Variant.Wide || hasBarrier(*Variant.Vector))
    return Variant;
  if (Variant.Jammed)
    return addWideJammedVariant(Kernel, Variant, Scalarized, Opts, BI, FAM,
                                ORE);
  InterleaveChoice Choice =
      Opts.Interleave
          ? InterleaveChoice{Opts.Interleave, false}
          : chooseInterleave(Kernel, *Variant.Vector, Variant.Width, BI, FAM);
  unsigned Factor = Choice.Factor;
  unsigned WideWidth = Factor * Variant.Width;
  if (Factor == 1 || WideWidth > widestVariant(Kernel, Opts))
    return Variant;
  Expected<Function *> Wide =
      makeWide(Kernel, WideWidth, Scalarized, Opts, BI, FAM);
  if (!Wide) {
    std::string Why = toString(Wide.takeError());
    if (Opts.Interleave != 0)
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotWide", &Kernel)
               << "kernel '" << Kernel.getName() << "' runs one vector per "
               << "call: " << Why;
      });
    return Variant;
  }
  if (Opts.Interleave == 0 && !Choice.ForLatency &&
      !isWorthReplacing(estimateRunCost(**Wide, FAM),
                        Factor * estimateRunCost(*Variant.Vector, FAM))) {
    eraseFunction(**Wide, FAM);
    return Variant;
  }
  Variant.Wide = *Wide;
  Variant.WideWidth = WideWidth;
  ++NumKernelsWide;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Wide", &Kernel)
           << "kernel '" << Kernel.getName() << "' runs "
           << ore::NV("Vectors", Factor) << " vectors side by side per call "
           << "where " << ore::NV("WideWidth", WideWidth)
           << " work-items remain";
  });
  return Variant;
}

/// A copy of \p Kernel that runs its body only where the work-item is in
/// its row: `if (get_local_id(0) < get_local_size(0)) body`, the kernel's
/// returns leaving through the guard's exit. Its static allocas stay in
/// the entry block.
static Function *cloneGuarded(Function &Kernel,
                              const compiler::BuiltinInfo &BI) {
  Function *Copy = [&] {
    ValueToValueMapTy VMap; // Not kept: what follows erases clones.
    return CloneFunction(&Kernel, VMap);
  }();
  Copy->setName(Kernel.getName() + ".tail");
  LLVMContext &Ctx = Copy->getContext();
  BasicBlock *Body = &Copy->getEntryBlock();
  BasicBlock *Exit = BasicBlock::Create(Ctx, "tail.exit", Copy);
  for (BasicBlock &BB : *Copy)
    if (auto *Return = dyn_cast_or_null<ReturnInst>(BB.getTerminator())) {
      BranchInst::Create(Exit, Return);
      Return->eraseFromParent();
    }
  ReturnInst::Create(Ctx, Exit);
  BasicBlock *Guard = BasicBlock::Create(Ctx, "tail.guard", Copy, Body);
  IRBuilder<> B(Guard);
  for (Instruction &I : make_early_inc_range(*Body))
    if (auto *Alloca = dyn_cast<AllocaInst>(&I);
        Alloca && isa<ConstantInt>(Alloca->getArraySize()))
      Alloca->moveBefore(*Guard, Guard->end());
  Module &M = *Copy->getParent();
  auto Query = [&](compiler::MuxBuiltin Builtin) {
    return B.CreateCall(BI.getOrDeclareMuxBuiltin(Builtin, M), B.getInt32(0));
  };
  Value *InRow =
      B.CreateICmpULT(Query(compiler::MuxBuiltin::GetLocalId),
                      Query(compiler::MuxBuiltin::GetLocalSize), "in.row");
  B.CreateCondBr(InRow, Body, Exit);
  return Copy;
}

Expected<Function *> makeTailVariant(Function &Kernel, unsigned Width,
                                     const VeczPass::Options &Opts,
                                     const compiler::BuiltinInfo &BI,
                                     FunctionAnalysisManager &FAM,
                                     OptimizationRemarkEmitter &ORE) {
  Function *Guarded = cloneGuarded(Kernel, BI);
  // The body is one divergent region now, which linearization may need in
  // the form preparation gives (one exit per loop).
  prepareForPacketization(*Guarded, BI, FAM, ORE);
  Expected<Function *> Tail =
      verifyMade(packetizeKernel(*Guarded, Width,
                                 FAM.getResult<UniformityAnalysis>(*Guarded),
                                 FAM.getResult<StrideAnalysis>(*Guarded), BI,
                                 FAM.getResult<TargetIRAnalysis>(*Guarded),
                                 Opts.getPacketizerOptions()),
                 "packetization (tail)", FAM);
  eraseFunction(*Guarded, FAM);
  return Tail;
}

bool runVariantStage(Module &M, VariantStage Stage) {
  bool Changed = false;
  for (Function *Kernel : compiler::utils::getKernelEntryPoints(M)) {
    std::optional<compiler::utils::VectorVariant> Variant =
        compiler::utils::getVectorVariant(*Kernel);
    if (!Variant || Variant->Wide || Variant->Tail)
      continue;
    OptimizationRemarkEmitter ORE(Kernel);
    compiler::utils::VectorVariant Made = Stage(*Kernel, *Variant, ORE);
    if (Made.getOtherVariants().size() == Variant->getOtherVariants().size())
      continue;
    compiler::utils::setVectorVariant(*Kernel, Made);
    Changed = true;
  }
  return Changed;
}

Expected<unsigned>
parseVariantStageCount(StringRef Params, StringRef Pass,
                       const compiler::VeczNumberRange &Range) {
  unsigned Count = 0;
  Error E = compiler::utils::forEachPassParam(
      Params, [&](StringRef Key, StringRef Value) -> Error {
        if (Key != Range.Name)
          return compiler::utils::unknownPassParam(Pass, Key);
        std::optional<unsigned> N = compiler::parseVeczNumber(Range, Value);
        if (!N || *N < 2)
          return createStringError(
              inconvertibleErrorCode(), "%s: %s must be %s, above 1, not '%s'",
              Pass.str().c_str(), Range.Name, Range.describe().c_str(),
              Value.str().c_str());
        Count = *N;
        return Error::success();
      });
  if (E)
    return std::move(E);
  if (Count == 0)
    return createStringError(inconvertibleErrorCode(), "%s: give %s=N",
                             Pass.str().c_str(), Range.Name);
  return Count;
}

} // namespace vecz
