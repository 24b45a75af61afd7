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
#include "compiler/passes/input/IndVarsWithoutWideningPass.h"
#include "compiler/passes/input/InternalizeNonKernelsPass.h"
#include "compiler/passes/input/LinkBuiltinsPass.h"
#include "compiler/passes/input/LowerAtomicLibcallsPass.h"
#include "compiler/passes/input/LowerPrintfPass.h"
#include "compiler/passes/input/LowerToMuxBuiltinsPass.h"
#include "compiler/passes/input/MarkCKernelsPass.h"
#include "compiler/passes/input/RelaxedMathPass.h"
#include "compiler/passes/input/SelectKernelsPass.h"
#include "compiler/passes/input/TransferKernelMetadataPass.h"
#include "compiler/passes/input/TrapFreeDivisionPass.h"
#include "compiler/passes/parallel/LowerParallelLoopsPass.h"
#include "compiler/passes/parallel/OpenMPToParallelLoopsPass.h"
#include "compiler/passes/parallel/ParallelizationCleanupPass.h"
#include "compiler/passes/workgroup/AddEntryHookPass.h"
#include "compiler/passes/workgroup/AddKernelWrapperPass.h"
#include "compiler/passes/workgroup/AddMetadataPass.h"
#include "compiler/passes/workgroup/AddSchedulingParametersPass.h"
#include "compiler/passes/workgroup/BranchlessGathersPass.h"
#include "compiler/passes/workgroup/DefineMuxBuiltinsPass.h"
#include "compiler/passes/workgroup/FloatVectorDivisionPass.h"
#include "compiler/passes/workgroup/FoldCASLoopsPass.h"
#include "compiler/passes/workgroup/InlineKernelPiecesPass.h"
#include "compiler/passes/workgroup/InvariantDivisionPass.h"
#include "compiler/passes/workgroup/MarkAccumulatorsPass.h"
#include "compiler/passes/workgroup/NarrowDivisionPass.h"
#include "compiler/passes/workgroup/OutlineHugeKernelsPass.h"
#include "compiler/passes/workgroup/ReplaceLocalModuleScopeVariablesPass.h"
#include "compiler/passes/workgroup/SequentialLocalAtomicsPass.h"
#include "compiler/passes/workgroup/StreamingStoresPass.h"
#include "compiler/passes/workgroup/WideMasksPass.h"
#include "compiler/passes/workgroup/WorkItemLoopsPass.h"
#include "compiler/support/CrashContainment.h"

#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/SpeculativeExecution.h"

#include <optional>

using namespace llvm;
using namespace compiler::utils;

namespace compiler {

/// LLVM 15 prints SpeculativeExecutionPass without its one option and reads
/// the bare name as the pass that always runs, where the O2 pipeline's runs
/// only for targets whose branches diverge (none of Loom's, so it does
/// nothing): replayed, the printed pipeline would hoist code the compile
/// does not. Loom prints it, and reads it, under the name LLVM 16 gives it.
static constexpr const char SpeculativeExecutionIfDivergent[] =
    "speculative-execution<only-if-divergent-target>";

PassMachinery::PassMachinery(TargetMachine &TM,
                             std::shared_ptr<BuiltinInfo> Info,
                             TargetPassRegistry TargetPasses)
    : TM(TM), SI(/*DebugLogging=*/false) {
  SI.registerCallbacks(PIC, &FAM);
  utils::trackPasses(PIC);
#define MODULE_PASS(NAME, CLASS, CREATE)                                       \
  PIC.addClassToPassName(CLASS::name(), NAME);
#define FUNCTION_PASS(NAME, CLASS, CREATE)                                     \
  PIC.addClassToPassName(CLASS::name(), NAME);
#define LOOP_PASS(NAME, CLASS, CREATE)                                         \
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
  PB->registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return parseLoomFunctionPass(Name, FPM);
      });
  PB->registerPipelineParsingCallback(
      [](StringRef Name, LoopPassManager &LPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return parseLoomLoopPass(Name, LPM);
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

bool PassMachinery::parseLoomFunctionPass(StringRef Name,
                                          FunctionPassManager &FPM) {
  if (Name == SpeculativeExecutionIfDivergent) {
    FPM.addPass(SpeculativeExecutionPass(/*OnlyIfDivergentTarget=*/true));
    return true;
  }
#define FUNCTION_PASS(NAME, CLASS, CREATE)                                     \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "passes/PassRegistry.def"
  return false;
}

bool PassMachinery::parseLoomLoopPass(StringRef Name, LoopPassManager &LPM) {
#define LOOP_PASS(NAME, CLASS, CREATE)                                         \
  if (Name == NAME) {                                                          \
    LPM.addPass(CREATE);                                                       \
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
  // The O2 pipelines' only instances (above).
  if (ClassName == SpeculativeExecutionPass::name())
    return SpeculativeExecutionIfDivergent;
  StringRef Name = PIC.getPassNameForClassName(ClassName);
  return Name.empty() ? ClassName : Name;
}

namespace {

/// A section of PassBuilder::printPassNames, and how one of its passes, or
/// analyses (`require<NAME>`), is written alone in a module pipeline.
struct PassSection {
  StringRef Heading;
  StringRef Before;
  StringRef After;
};

const PassSection PassSections[] = {
    {"Module passes", "", ""},
    {"Module analyses", "require<", ">"},
    {"CGSCC passes", "cgscc(", ")"},
    {"CGSCC analyses", "cgscc(require<", ">)"},
    {"Function passes", "function(", ")"},
    {"Function analyses", "function(require<", ">)"},
    {"Function alias analyses", "function(require<", ">)"},
    {"Loop passes", "function(loop(", "))"},
    {"Loop analyses", "function(loop(require<", ">))"},
};

const PassSection *findPassSection(StringRef Heading) {
  for (const PassSection &Section : PassSections)
    if (Heading == (Section.Heading + ":").str() ||
        Heading == (Section.Heading + " with params:").str())
      return &Section;
  return nullptr;
}

/// The class of the pass or analysis \p Printed prints when it is one pass,
/// as \p Section writes it alone: `LICMPass` for `function(loop(LICMPass))`,
/// `GlobalsAA` for `require<GlobalsAA>`. None when the name makes several
/// passes (`inliner-wrapper` is an inliner and a CGSCC pipeline).
std::optional<StringRef> getOnlyClassName(StringRef Printed,
                                          const PassSection &Section) {
  if (!Printed.consume_front(Section.Before) ||
      !Printed.consume_back(Section.After))
    return std::nullopt;
  StringRef Class = Printed.take_until([](char C) { return C == '<'; });
  if (Class.empty() || Class.find_first_of("(),") != StringRef::npos)
    return std::nullopt;
  return Class;
}

} // namespace

void PassMachinery::learnLLVMPassNames() {
  std::string Listing;
  raw_string_ostream ListingOS(Listing);
  PB->printPassNames(ListingOS);
  SmallVector<StringRef, 512> Lines;
  StringRef(ListingOS.str()).split(Lines, '\n');
  const PassSection *Section = nullptr;
  for (StringRef Line : Lines) {
    if (!Line.startswith(" ")) {
      Section = findPassSection(Line.trim());
      continue;
    }
    if (!Section)
      continue;
    StringRef Name = Line.trim().split('<').first;
    ModulePassManager One;
    if (Error E = PB->parsePassPipeline(
            One, (Section->Before + Name + Section->After).str())) {
      consumeError(std::move(E)); // a pass that needs parameters
      continue;
    }
    std::string Printed;
    raw_string_ostream PrintedOS(Printed);
    One.printPipeline(PrintedOS, [](StringRef ClassName) { return ClassName; });
    if (std::optional<StringRef> Class =
            getOnlyClassName(PrintedOS.str(), *Section))
      PIC.addClassToPassName(*Class, Name);
  }
}

void PassMachinery::printPassNames(raw_ostream &OS) {
  OS << "Loom module passes:\n";
#define MODULE_PASS(NAME, CLASS, CREATE) OS << "  " << NAME << "\n";
#define MODULE_PASS_WITH_PARAMS(NAME, CLASS, PARSER, PARAMS)                   \
  OS << "  " << NAME << "<" << PARAMS << ">\n";
#include "passes/PassRegistry.def"
  OS << "Loom function passes:\n";
#define FUNCTION_PASS(NAME, CLASS, CREATE) OS << "  " << NAME << "\n";
#include "passes/PassRegistry.def"
  OS << "Loom loop passes:\n";
#define LOOP_PASS(NAME, CLASS, CREATE) OS << "  " << NAME << "\n";
#include "passes/PassRegistry.def"
}

} // namespace compiler
