//===- VeczPass.cpp - Whole-function vectorization ------------------------===//
///
/// \file
/// See vecz/VeczPass.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczPass.h"

#include "pipeline/Preparation.h"
#include "pipeline/VariantStages.h"

#include "analysis/CostModel.h"
#include "analysis/DivergentRegions.h"
#include "analysis/WorkItemIds.h"

#include "vecz/JamRows.h"
#include "vecz/Packetizer.h"
#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/support/CrashContainment.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Debug.h"
#include "llvm/Target/TargetMachine.h"

#define DEBUG_TYPE "vecz"

using namespace llvm;

STATISTIC(NumKernelsVectorized, "Number of kernels given a vector variant");
STATISTIC(NumKernelsDeclined, "Number of kernels Vecz left scalar");

namespace vecz {

namespace {

/// A numeric parameter of the pass (`width=N`, `rows=N`, `interleave=N`,
/// each also `=auto`, 0): the values it takes, and the option it sets.
struct NumberParameter {
  const compiler::VeczNumberRange &Range;
  unsigned VeczPass::Options::*Field;
};

const NumberParameter NumberParameters[] = {
    {compiler::VeczWidthRange, &VeczPass::Options::Width},
    {compiler::VeczRowsRange, &VeczPass::Options::Rows},
    {compiler::VeczInterleaveRange, &VeczPass::Options::Interleave}};

const NumberParameter *findNumberParameter(StringRef Key) {
  for (const NumberParameter &Parameter : NumberParameters)
    if (Key == Parameter.Range.Name)
      return &Parameter;
  return nullptr;
}

} // namespace

Expected<VeczPass::Options> parseVeczOptions(StringRef Params) {
  VeczPass::Options Opts;
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    auto [Key, Value] = Param.split('=');
    if (Param == "cost-model") {
      Opts.CostModel = true;
    } else if (Param == "no-strided-gathers") {
      Opts.StridedGathers = false;
    } else if (Param == "tail") {
      Opts.Tail = true;
    } else if (Key == "max-width" || Key == "max-rows") {
      unsigned Max;
      if (Value.getAsInteger(10, Max) || Max == 0 || (Max & (Max - 1)) != 0)
        return createStringError(inconvertibleErrorCode(),
                                 "vecz: %s must be a power of two, not '%s'",
                                 Key.str().c_str(), Value.str().c_str());
      (Key == "max-width" ? Opts.MaxWidth : Opts.MaxRows) = Max;
    } else if (Key == "layout") {
      std::optional<compiler::VeczLayout> Layout =
          compiler::parseVeczLayout(Value);
      if (!Layout)
        return createStringError(inconvertibleErrorCode(),
                                 "vecz: layout must be 'auto', 'interleaved' "
                                 "or 'scalarized', not '%s'",
                                 Value.str().c_str());
      Opts.Layout = *Layout;
    } else if (const NumberParameter *Number = findNumberParameter(Key)) {
      const compiler::VeczNumberRange &Range = Number->Range;
      std::optional<unsigned> N = Value == "auto"
                                      ? std::optional<unsigned>(0)
                                      : compiler::parseVeczNumber(Range, Value);
      if (!N)
        return createStringError(
            inconvertibleErrorCode(), "vecz: %s must be %s or 'auto', not '%s'",
            Range.Name, Range.describe().c_str(), Value.str().c_str());
      Opts.*Number->Field = *N;
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "vecz: the options are 'width=N', "
                               "'width=auto', 'rows=N', 'rows=auto', "
                               "'interleave=N', 'interleave=auto', "
                               "'max-width=N', 'max-rows=N', 'layout=L', "
                               "'cost-model', 'no-strided-gathers' and "
                               "'tail', not '%s'",
                               Param.str().c_str());
    }
  }
  return Opts;
}

void VeczPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  std::string Params;
  raw_string_ostream Text(Params);
  for (const NumberParameter &Number : NumberParameters) {
    Text << Number.Range.Name << '=';
    if (unsigned Value = Opts.*Number.Field)
      Text << Value;
    else
      Text << "auto";
    Text << ';';
  }
  Text << "max-width=" << Opts.MaxWidth << ";max-rows=" << Opts.MaxRows
       << ";layout=" << compiler::getVeczLayoutName(Opts.Layout);
  if (Opts.CostModel)
    Text << ";cost-model";
  if (!Opts.StridedGathers)
    Text << ";no-strided-gathers";
  if (Opts.Tail)
    Text << ";tail";
  compiler::utils::printPassWithParams(OS, MapClassName2PassName(name()),
                                       Text.str());
}

bool hasFastGathers(const TargetMachine &TM) {
  return TM.getMCSubtargetInfo()->checkFeatures("+fast-gather");
}

void addVeczPasses(ModulePassManager &MPM, const compiler::CompileOptions &Opts,
                   TargetLimits Limits) {
  // -cl-opt-disable optimizes nothing unless asked: its kernels keep every
  // local in a stack slot, which Vecz would gather lane by lane.
  if (Opts.WholeFunctionVectorization == compiler::WFVMode::Never ||
      (Opts.OptDisable &&
       Opts.WholeFunctionVectorization == compiler::WFVMode::Auto) ||
      Limits.MaxWidth < 2)
    return;
  VeczPass::Options Vecz;
  Vecz.Width = Opts.VeczWidth;
  Vecz.Rows = Opts.VeczRows;
  Vecz.Interleave = Opts.VeczInterleave;
  Vecz.Layout = Opts.VeczVectorLayout;
  Vecz.MaxWidth = Limits.MaxWidth;
  Vecz.MaxRows = std::max(Limits.MaxRows, 1u);
  Vecz.StridedGathers = Limits.StridedGathers;
  Vecz.Tail = Opts.VeczTail;
  Vecz.CostModel = Opts.WholeFunctionVectorization == compiler::WFVMode::Auto;
  MPM.addPass(VeczPass(Vecz));
}

/// Whether \p Vector, a variant of \p Kernel at \p Width, is worth having;
/// if not, says why through \p ORE.
static bool isWorthIt(Function &Kernel, Function &Vector, unsigned Width,
                      FunctionAnalysisManager &FAM,
                      OptimizationRemarkEmitter &ORE) {
  double ScalarCost = estimateRunCost(Kernel, FAM);
  double VectorCost = estimateRunCost(Vector, FAM);
  if (isWorthReplacing(VectorCost, ScalarCost * Width))
    return true;
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "NotWorthIt", &Kernel)
           << "kernel '" << Kernel.getName() << "' not vectorized: at width "
           << ore::NV("Width", Width) << " a vector run costs "
           << ore::NV("VectorCost", static_cast<int64_t>(VectorCost))
           << ", more than 9/10 of " << ore::NV("Width", Width)
           << " scalar runs (each "
           << ore::NV("ScalarCost", static_cast<int64_t>(ScalarCost)) << ")";
  });
  return false;
}

/// Whether \p Kernel has a varying value of a vector type, which the two
/// layouts treat differently.
static bool hasVaryingVectors(const Function &Kernel,
                              const UniformityInfo &Uniformity) {
  return any_of(instructions(Kernel), [&](const Instruction &I) {
    return I.getType()->isVectorTy() && Uniformity.isVarying(&I);
  });
}

/// Says through \p ORE that \p Kernel stays scalar, for \p Why.
static bool decline(Function &Kernel, OptimizationRemarkEmitter &ORE,
                    StringRef Remark, const Twine &Why) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, Remark, &Kernel)
           << "kernel '" << Kernel.getName()
           << "' not vectorized: " << Why.str();
  });
  ++NumKernelsDeclined;
  return false;
}

/// Gives \p Kernel, which works with sub-groups, vector variant \p Vector of
/// \p Width lanes and the tail variant of the same width, so that its
/// sub-groups are the variants' lanes (transform/SubGroups.h): both, or
/// neither (the kernel stays scalar, its sub-groups of one work-item
/// each). The lanes are one row's sub-group, so no jammed or wide variant;
/// and no cost model: the kernel's author asked for sub-groups, which a
/// scalar kernel would make of one work-item each.
static bool addSubGroupVariants(Function &Kernel, Function &Vector,
                                unsigned Width, const VeczPass::Options &Opts,
                                const compiler::BuiltinInfo &BI,
                                FunctionAnalysisManager &FAM,
                                OptimizationRemarkEmitter &ORE) {
  Expected<Function *> Tail =
      makeTailVariant(Kernel, Width, Opts, BI, FAM, ORE);
  if (!Tail) {
    eraseFunction(Vector, FAM);
    return decline(Kernel, ORE, "NoTail",
                   "no tail variant for its last sub-groups (" +
                       toString(Tail.takeError()) + ")");
  }
  compiler::utils::VectorVariant Variant{&Vector, Width};
  Variant.Tail = *Tail;
  compiler::utils::setVectorVariant(Kernel, Variant);
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Vectorized", &Kernel)
           << "kernel '" << Kernel.getName() << "' vectorized at width "
           << ore::NV("Width", Width) << ", its sub-groups the vector's lanes";
  });
  ++NumKernelsVectorized;
  return true;
}

/// \p Variant with a tail variant of its width (`tail`), when one can be
/// made; says why not through \p ORE.
static compiler::utils::VectorVariant
addTailVariant(Function &Kernel, compiler::utils::VectorVariant Variant,
               const VeczPass::Options &Opts, const compiler::BuiltinInfo &BI,
               FunctionAnalysisManager &FAM, OptimizationRemarkEmitter &ORE) {
  Expected<Function *> Tail =
      makeTailVariant(Kernel, Variant.Width, Opts, BI, FAM, ORE);
  if (!Tail) {
    std::string Why = toString(Tail.takeError());
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NoTail", &Kernel)
             << "kernel '" << Kernel.getName()
             << "' runs its rows' last work-items one by one: " << Why;
    });
    return Variant;
  }
  Variant.Tail = *Tail;
  return Variant;
}

/// Vectorizes \p Kernel, or says why not through \p ORE.
static bool vectorizeKernel(Function &Kernel, VeczPass::Options Opts,
                            const compiler::BuiltinInfo &BI,
                            FunctionAnalysisManager &FAM) {
  OptimizationRemarkEmitter ORE(&Kernel);
  prepareForPacketization(Kernel, BI, FAM, ORE);
  // A kernel that requires a sub-group size gets it: one work-item (it
  // stays scalar), or the vector's lanes at that width, whether it calls
  // sub-group functions or not (work-item-loops refuses it where Vecz
  // does not make them).
  std::optional<uint32_t> Required =
      compiler::utils::getRequiredSubGroupSize(Kernel);
  bool SubGroups = usesSubGroups(Kernel) || (Required && *Required > 1);
  if (Required && *Required == 1)
    return decline(Kernel, ORE, "RequiredSubGroupSize",
                   "it requires sub-groups of one work-item "
                   "(intel_reqd_sub_group_size)");
  if (Required && *Required > Opts.MaxWidth)
    return decline(Kernel, ORE, "RequiredSubGroupSize",
                   "it requires sub-groups of " + Twine(*Required) +
                       " work-items, more than the target's vectors hold (" +
                       Twine(Opts.MaxWidth) + ")");
  if (Required)
    Opts.Width = *Required;
  // The work-item loops run a kernel with barriers region by region, the
  // row's last work-items with the scalar kernel: its sub-groups would
  // not be the same in every region.
  if (SubGroups && waitsAtBarrier(Kernel))
    return decline(Kernel, ORE, "SubGroupsAndBarriers",
                   "it works with sub-groups and waits at a barrier (not "
                   "handled yet: its sub-groups are of one work-item each)");
  const UniformityInfo &Uniformity = FAM.getResult<UniformityAnalysis>(Kernel);
  const StrideInfo &Strides = FAM.getResult<StrideAnalysis>(Kernel);
  unsigned Width =
      std::min(Opts.Width ? Opts.Width : chooseWidth(Kernel, Uniformity, FAM),
               Opts.MaxWidth);
  if (Width == 0)
    return decline(Kernel, ORE, "NoRoom",
                   "its required work-group size is 1 in dimension 0");
  Expected<Function *> Vector =
      verifyMade(packetizeKernel(Kernel, Width, Uniformity, Strides, BI,
                                 FAM.getResult<TargetIRAnalysis>(Kernel),
                                 Opts.getPacketizerOptions()),
                 "packetization", FAM);
  if (!Vector) {
    // The remark is how the user hears of it; the kernel stays scalar.
    std::string Why = toString(Vector.takeError());
    LLVM_DEBUG(dbgs() << "not vectorized: " << Why << "\n");
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotVectorized", &Kernel)
             << Why;
    });
    ++NumKernelsDeclined;
    return false;
  }
  if (SubGroups)
    return addSubGroupVariants(Kernel, **Vector, Width, Opts, BI, FAM, ORE);
  compiler::utils::VectorVariant Variant{*Vector, Width};
  if (Opts.Layout != compiler::VeczLayout::Interleaved &&
      hasVaryingVectors(Kernel, Uniformity))
    Variant = chooseLayout(Kernel, Variant, Opts, BI, FAM, ORE);
  bool Scalarized = Variant.Vector != *Vector;
  Width = Variant.Width;
  if (Opts.CostModel && !isWorthIt(Kernel, *Variant.Vector, Width, FAM, ORE)) {
    eraseFunction(*Variant.Vector, FAM);
    ++NumKernelsDeclined;
    return false;
  }
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Vectorized", &Kernel)
           << "kernel '" << Kernel.getName() << "' vectorized at width "
           << ore::NV("Width", Width);
  });
  Variant = addJammedVariant(Kernel, Variant, Opts, FAM, ORE);
  Variant = addWideVariant(Kernel, Variant, Scalarized, Opts, BI, FAM, ORE);
  if (Opts.Tail)
    Variant = addTailVariant(Kernel, Variant, Opts, BI, FAM, ORE);
  compiler::utils::setVectorVariant(Kernel, Variant);
  ++NumKernelsVectorized;
  return true;
}

PreservedAnalyses VeczPass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  if (Opts.MaxWidth < 2) // The target allows no vector kernels.
    return PreservedAnalyses::all();
  const compiler::BuiltinInfo &BI =
      AM.getResult<compiler::BuiltinInfoAnalysis>(M).get();
  bool Attempted = false;
  for (Function *Kernel : compiler::utils::getKernelEntryPoints(M))
    if (!compiler::utils::getVectorVariant(*Kernel)) {
      compiler::utils::CrashNote Working("kernel '" + Kernel->getName() + "'");
      vectorizeKernel(*Kernel, Opts, BI, FAM);
      Attempted = true;
    }
  // A new function and metadata, and the kernels' loops in canonical form.
  return Attempted ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecz
