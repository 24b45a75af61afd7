//===- PassMachinery.cpp - Owner of the pass managers ---------------------===//
///
/// \file
/// See compiler/pipeline/PassMachinery.h. Loom's passes come from
/// PassRegistry.def.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/PassMachinery.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/passes/input/DefinedConversionsPass.h"
#include "compiler/passes/input/EncodeKernelMetadataPass.h"
#include "compiler/passes/input/FixupCallingConventionsPass.h"
#include "compiler/passes/input/FixupTranslatorBuiltinsPass.h"
#include "compiler/passes/input/LinkBuiltinsPass.h"
#include "compiler/passes/input/LowerPrintfPass.h"
#include "compiler/passes/input/LowerToMuxBuiltinsPass.h"
#include "compiler/passes/input/MarkCKernelsPass.h"
#include "compiler/passes/input/TransferKernelMetadataPass.h"
#include "compiler/passes/input/TrapFreeDivisionPass.h"
#include "compiler/passes/parallel/LowerParallelLoopsPass.h"
#include "compiler/passes/parallel/OpenMPToParallelLoopsPass.h"
#include "compiler/passes/parallel/ParallelizationCleanupPass.h"
#include "compiler/passes/workgroup/AddEntryHookPass.h"
#include "compiler/passes/workgroup/AddKernelWrapperPass.h"
#include "compiler/passes/workgroup/AddMetadataPass.h"
#include "compiler/passes/workgroup/AddSchedulingParametersPass.h"
#include "compiler/passes/workgroup/DefineMuxBuiltinsPass.h"
#include "compiler/passes/workgroup/InlineKernelPiecesPass.h"
#include "compiler/passes/workgroup/MarkAccumulatorsPass.h"
#include "compiler/passes/workgroup/OutlineHugeKernelsPass.h"
#include "compiler/passes/workgroup/ReplaceLocalModuleScopeVariablesPass.h"
#include "compiler/passes/workgroup/StreamingStoresPass.h"
#include "compiler/passes/workgroup/WorkItemLoopsPass.h"
#include "compiler/support/CrashContainment.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace compiler::utils;

namespace compiler {

namespace {

/// Calls \p Handle(Key, Value) for each `key=value` in `a=1;b=2`.
template <class Handler>
Error forEachParam(StringRef Params, StringRef PassName, Handler Handle) {
  SmallVector<StringRef, 4> Items;
  Params.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    if (Error E = Handle(Key, Value))
      return E;
  }
  return Error::success();
}

Error unknownParam(StringRef PassName, StringRef Key) {
  return createStringError(inconvertibleErrorCode(),
                           "invalid %s pass parameter '%s'",
                           PassName.str().c_str(), Key.str().c_str());
}

Expected<AddMetadataPass::Options> parseAddMetadataOptions(StringRef Params) {
  AddMetadataPass::Options Opts;
  Error E = forEachParam(Params, "add-metadata",
                         [&](StringRef K, StringRef V) -> Error {
                           if (K == "target")
                             Opts.TargetName = V.str();
                           else if (K == "cpu")
                             Opts.CPUName = V.str();
                           else if (K == "features")
                             Opts.CPUFeatures = V.str();
                           else
                             return unknownParam("add-metadata", K);
                           return Error::success();
                         });
  if (E)
    return std::move(E);
  return Opts;
}

Expected<EncodeKernelMetadataPass::Options>
parseEncodeKernelMetadataOptions(StringRef Params) {
  EncodeKernelMetadataPass::Options Opts;
  Error E = forEachParam(
      Params, "encode-kernel-metadata", [&](StringRef K, StringRef V) -> Error {
        if (K != "width")
          return unknownParam("encode-kernel-metadata", K);
        if (V.getAsInteger(10, Opts.VectorizationWidth) ||
            Opts.VectorizationWidth == 0)
          return createStringError(
              inconvertibleErrorCode(),
              "encode-kernel-metadata: width must be a positive integer, "
              "not '%s'",
              V.str().c_str());
        return Error::success();
      });
  if (E)
    return std::move(E);
  return Opts;
}

Expected<LinkBuiltinsPass::Options> parseLinkBuiltinsOptions(StringRef Params) {
  LinkBuiltinsPass::Options Opts;
  if (Params.empty() || Params == "late")
    Opts.When = LinkBuiltinsPass::Stage::Late;
  else if (Params == "early")
    Opts.When = LinkBuiltinsPass::Stage::Early;
  else
    return createStringError(inconvertibleErrorCode(),
                             "link-builtins: the stage is 'early' or 'late', "
                             "not '%s'",
                             Params.str().c_str());
  return Opts;
}

/// Reads the one parameter `<Key>=N` of pass \p Pass into \p Count; \p What
/// says what N counts in the error for anything else.
Error parseCountParam(StringRef Params, StringRef Pass, StringRef Key,
                      StringRef What, uint64_t &Count) {
  return forEachParam(Params, Pass, [&](StringRef K, StringRef V) -> Error {
    if (K != Key)
      return unknownParam(Pass, K);
    if (V.getAsInteger(10, Count))
      return createStringError(inconvertibleErrorCode(),
                               "%s: %s must be a number of %s (0: never), "
                               "not '%s'",
                               Pass.str().c_str(), Key.str().c_str(),
                               What.str().c_str(), V.str().c_str());
    return Error::success();
  });
}

/// Sets \p Flag when \p Params is the one option \p Name of pass \p Pass;
/// anything else but nothing is an error.
Error parseFlagParam(StringRef Params, StringRef Pass, StringRef Name,
                     bool &Flag) {
  if (Params.empty())
    return Error::success();
  if (Params != Name)
    return createStringError(
        inconvertibleErrorCode(), "%s: the only option is '%s', not '%s'",
        Pass.str().c_str(), Name.str().c_str(), Params.str().c_str());
  Flag = true;
  return Error::success();
}

Expected<StreamingStoresPass::Options>
parseStreamingStoresOptions(StringRef Params) {
  StreamingStoresPass::Options Opts;
  if (Error E = parseCountParam(Params, "streaming-stores", "min-bytes",
                                "bytes", Opts.MinBytes))
    return std::move(E);
  return Opts;
}

Expected<LowerParallelLoopsPass::Options>
parseLowerParallelLoopsOptions(StringRef Params) {
  LowerParallelLoopsPass::Options Opts;
  if (Error E = parseCountParam(Params, "lower-parallel-loops", "granule",
                                "iterations", Opts.Granule))
    return std::move(E);
  return Opts;
}

Expected<OpenMPToParallelLoopsPass::Options>
parseOpenMPToParallelLoopsOptions(StringRef Params) {
  OpenMPToParallelLoopsPass::Options Opts;
  if (Error E = parseFlagParam(Params, "openmp-to-parallel-loops", "runtime",
                               Opts.RuntimeOnly))
    return std::move(E);
  return Opts;
}

Expected<OutlineHugeKernelsPass::Options>
parseOutlineHugeKernelsOptions(StringRef Params) {
  OutlineHugeKernelsPass::Options Opts;
  if (Error E =
          parseCountParam(Params, "outline-huge-kernels", "max-instructions",
                          "instructions", Opts.MaxInstructions))
    return std::move(E);
  return Opts;
}

Expected<WorkItemLoopsPass::Options>
parseWorkItemLoopsOptions(StringRef Params) {
  WorkItemLoopsPass::Options Opts;
  if (Error E = parseFlagParam(Params, "work-item-loops", "single-work-item",
                               Opts.SingleWorkItemWithoutLoops))
    return std::move(E);
  return Opts;
}

} // namespace

PassMachinery::PassMachinery(TargetMachine &TM,
                             std::shared_ptr<BuiltinInfo> Info,
                             TargetPassRegistry TargetPasses)
    : TM(TM), SI(/*DebugLogging=*/false) {
  SI.registerCallbacks(PIC, &FAM);
  utils::trackPasses(PIC);
#define MODULE_PASS(NAME, CLASS, CREATE)                                       \
  PIC.addClassToPassName(CLASS::name(), NAME);
#define MODULE_PASS_WITH_PARAMS(NAME, CLASS, PARSER, PARAMS)                   \
  PIC.addClassToPassName(CLASS::name(), NAME);
#include "passes/PassRegistry.def"

  PB = std::make_unique<PassBuilder>(&TM, PipelineTuningOptions(), None, &PIC);
  MAM.registerPass([Info] { return BuiltinInfoAnalysis(Info); });
  PB->registerModuleAnalyses(MAM);
  PB->registerCGSCCAnalyses(CGAM);
  PB->registerFunctionAnalyses(FAM);
  PB->registerLoopAnalyses(LAM);
  PB->crossRegisterProxies(LAM, FAM, CGAM, MAM);

  PB->registerPipelineParsingCallback(
      [this](StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
        return parseLoomPass(Name, MPM);
      });
  TargetPasses.registerWith(*PB, PIC, FAM, [this](std::string Error) {
    OptionsError = std::move(Error);
  });
}

PassMachinery::~PassMachinery() = default;

bool PassMachinery::parseLoomPass(StringRef Name, ModulePassManager &MPM) {
#define MODULE_PASS(NAME, CLASS, CREATE)                                       \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#define MODULE_PASS_WITH_PARAMS(NAME, CLASS, PARSER, PARAMS)                   \
  if (std::optional<StringRef> Params = getPassParams(Name, NAME)) {           \
    auto Opts = PARSER(*Params);                                               \
    if (!Opts) {                                                               \
      OptionsError = toString(Opts.takeError());                               \
      return false;                                                            \
    }                                                                          \
    MPM.addPass(CLASS(std::move(*Opts)));                                      \
    return true;                                                               \
  }
#include "passes/PassRegistry.def"
  return false;
}

Error PassMachinery::parsePipeline(ModulePassManager &MPM, StringRef Pipeline) {
  OptionsError.reset();
  Error E = PB->parsePassPipeline(MPM, Pipeline);
  if (E && OptionsError) {
    consumeError(std::move(E));
    return createStringError(inconvertibleErrorCode(), *OptionsError);
  }
  return E;
}

StringRef PassMachinery::getPassName(StringRef ClassName) {
  StringRef Name = PIC.getPassNameForClassName(ClassName);
  return Name.empty() ? ClassName : Name;
}

void PassMachinery::printPassNames(raw_ostream &OS) {
  OS << "Loom module passes:\n";
#define MODULE_PASS(NAME, CLASS, CREATE) OS << "  " << NAME << "\n";
#define MODULE_PASS_WITH_PARAMS(NAME, CLASS, PARSER, PARAMS)                   \
  OS << "  " << NAME << "<" << PARAMS << ">\n";
#include "passes/PassRegistry.def"
}

} // namespace compiler
