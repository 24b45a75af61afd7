//===- BaseModule.cpp - One kernel module being compiled ------------------===//
///
/// \file
/// See compiler/pipeline/BaseModule.h. finalize runs the generic front half of
/// the pipeline (doc/overview.md, steps 1-3), checks the module is within what
/// Loom supports, then runs the target's late passes.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BaseModule.h"

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
#include "compiler/passes/workgroup/InlineKernelPiecesPass.h"
#include "compiler/passes/workgroup/OutlineHugeKernelsPass.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/Target.h"
#include "compiler/pipeline/TargetPassRegistry.h"
#include "compiler/support/CrashContainment.h"
#include "compiler/support/DiagnosticError.h"
#include "compiler/support/Diagnostics.h"
#include "frontend/Isolation.h"
#include "frontend/OpenCLFrontend.h"
#include "frontend/SPIRVFrontend.h"
#include "pipeline/ModuleChecks.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/SubtargetFeature.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Host.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/X86TargetParser.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"
#include "llvm/Transforms/Vectorize/SLPVectorizer.h"

#include <mutex>

using namespace llvm;

namespace compiler {

namespace {

void initializeX86Backend() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  });
}

/// Every feature x86-64 CPU \p CPU has, as a feature string
/// (`+avx2,+fma,...`), or none when LLVM does not know it by that name.
std::optional<std::string> getCPUFeatureString(StringRef CPU) {
  if (X86::parseArchX86(CPU, /*Only64Bit=*/true) == X86::CK_None)
    return std::nullopt;
  SmallVector<StringRef, 64> Names;
  X86::getFeaturesForCPU(CPU, Names);
  SubtargetFeatures Features;
  for (StringRef Name : Names)
    Features.AddFeature(Name);
  return Features.getString();
}

std::string getHostFeatureString() {
  StringMap<bool> HostFeatures;
  SubtargetFeatures Features;
  if (sys::getHostCPUFeatures(HostFeatures))
    for (const auto &Feature : HostFeatures)
      Features.AddFeature(Feature.first(), Feature.second);
  return Features.getString();
}

/// Collects the errors passes report through the context, and forwards
/// warnings and the optimization remarks asked for (`-Rpass=`,
/// `-Rpass-missed=`), while a pipeline runs; restores the previous handler
/// after.
class PipelineDiagnostics {
public:
  PipelineDiagnostics(LLVMContext &Ctx, const CompileOptions &Opts,
                      const std::function<void(StringRef)> &OnWarning)
      : Ctx(Ctx), Previous(Ctx.getDiagnosticHandler()) {
    auto Handler = std::make_unique<Collector>(Opts, OnWarning);
    Errors = &Handler->Errors;
    Ctx.setDiagnosticHandler(std::move(Handler));
  }
  ~PipelineDiagnostics() { Ctx.setDiagnosticHandler(std::move(Previous)); }

  Error takeErrors() {
    if (Errors->empty())
      return Error::success();
    return makeFormattedDiagnosticError(*Errors);
  }

private:
  struct Collector : DiagnosticHandler {
    Collector(const CompileOptions &Opts,
              const std::function<void(StringRef)> &OnWarning)
        : FileName(Opts.FileName), OnWarning(OnWarning),
          Passed(Opts.RemarksPassed), Missed(Opts.RemarksMissed) {}

    bool isPassedOptRemarkEnabled(StringRef PassName) const override {
      return !Passed.empty() && Regex(Passed).match(PassName);
    }
    bool isMissedOptRemarkEnabled(StringRef PassName) const override {
      return !Missed.empty() && Regex(Missed).match(PassName);
    }
    bool isAnyRemarkEnabled() const override {
      return !Passed.empty() || !Missed.empty();
    }

    bool handleDiagnostics(const DiagnosticInfo &DI) override {
      if (const auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI))
        return handleRemark(*Remark);
      if (DI.getSeverity() != DS_Error && DI.getSeverity() != DS_Warning)
        return true;
      std::string Text;
      raw_string_ostream OS(Text);
      DiagnosticPrinterRawOStream Printer(OS);
      std::string Where = FileName;
      if (const auto *Located = dyn_cast<utils::LoomDiagnostic>(&DI))
        if (Located->isLocationAvailable())
          Where = Located->getSourceLocation();
      OS << Where << ": "
         << (DI.getSeverity() == DS_Error ? "error" : "warning") << ": ";
      DI.print(Printer);
      OS << "\n";
      OS.flush();
      if (DI.getSeverity() == DS_Error)
        Errors += Text;
      else if (OnWarning)
        OnWarning(Text);
      return true;
    }

    /// `file: remark: message [-Rpass-missed=pass]`, as Clang prints one.
    bool handleRemark(const DiagnosticInfoOptimizationBase &Remark) {
      bool Missed = Remark.getKind() == DK_OptimizationRemarkMissed;
      bool Wanted = Missed ? isMissedOptRemarkEnabled(Remark.getPassName())
                           : Remark.getKind() == DK_OptimizationRemark &&
                                 isPassedOptRemarkEnabled(Remark.getPassName());
      if (Wanted && OnWarning)
        OnWarning((FileName + ": remark: " + Remark.getMsg() + " [-Rpass" +
                   (Missed ? "-missed=" : "=") + Remark.getPassName() + "]\n")
                      .str());
      return true;
    }

    std::string FileName;
    const std::function<void(StringRef)> &OnWarning;
    std::string Passed;
    std::string Missed;
    std::string Errors;
  };

  LLVMContext &Ctx;
  std::unique_ptr<DiagnosticHandler> Previous;
  std::string *Errors;
};

/// IR Loom can compile: for spir64 (what Clang and SPIR-V producers emit) or
/// x86-64, or with no triple, and with at least one kernel.
Error checkIRIsUsable(const Module &M, StringRef FileName) {
  Triple T(M.getTargetTriple());
  bool Usable = M.getTargetTriple().empty() || T.getArch() == Triple::spir64 ||
                T.getArch() == Triple::x86_64;
  if (!Usable)
    return makeDiagnosticError(
        FileName, "target triple '" + M.getTargetTriple() +
                      "' is not usable: Loom compiles IR for spir64 (as Clang "
                      "and SPIR-V producers emit it) or x86_64");
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::SPIR_KERNEL)
      return Error::success();
  return makeDiagnosticError(FileName, "no kernels: a kernel is a function "
                                       "with the spir_kernel calling "
                                       "convention");
}

} // namespace

BaseModule::BaseModule(const Target &T, LLVMContext &Ctx, CompileOptions Opts)
    : TheTarget(T), Ctx(Ctx), Opts(std::move(Opts)) {}

BaseModule::~BaseModule() = default;

StringRef BaseModule::getTargetName() const { return TheTarget.Name; }

Error BaseModule::compile(StringRef Source) {
  // Clang crashes on some malformed sources: it runs in a child process
  // (Isolation.h), whose warnings come back as what it printed.
  auto CompileSource = [&](LLVMContext &Own) {
    return compileOpenCLSource(Own, Source, Opts, getTargetHeaders(),
                               [](StringRef Warnings) { errs() << Warnings; });
  };
  std::string Warnings;
  Expected<std::unique_ptr<Module>> Compiled = makeModuleIsolated(
      Ctx, CompileSource, Opts.FileName, "Clang", "source", &Warnings);
  if (!Compiled)
    return Compiled.takeError();
  if (!Warnings.empty() && WarningHandler)
    WarningHandler(Warnings);
  M = std::move(*Compiled);
  CompiledSource = Source.str();
  return Error::success();
}

Error BaseModule::loadIR(MemoryBufferRef Buffer) {
  StringRef Name = Buffer.getBufferIdentifier();
  // LLVM's IR lexer reads up to a NUL after the text, which the caller's
  // buffer need not have: parse a copy that has it.
  std::unique_ptr<MemoryBuffer> Terminated =
      MemoryBuffer::getMemBufferCopy(Buffer.getBuffer(), Name);
  // The bitcode reader crashes, or aborts allocating gigabytes, on some
  // malformed bitcode: it runs in a child process (Isolation.h), and so
  // does the verifier, before the module is written back to the parent.
  auto Parse = [&](LLVMContext &Own) -> Expected<std::unique_ptr<Module>> {
    SMDiagnostic Diagnostic;
    std::unique_ptr<Module> Parsed =
        parseIR(Terminated->getMemBufferRef(), Diagnostic, Own);
    std::string Text;
    raw_string_ostream OS(Text);
    if (!Parsed) {
      Diagnostic.print(nullptr, OS, /*ShowColors=*/false);
      return makeFormattedDiagnosticError(OS.str());
    }
    if (verifyModule(*Parsed, &OS))
      return makeDiagnosticError(Name, "invalid module: " + OS.str());
    return std::move(Parsed);
  };
  Expected<std::unique_ptr<Module>> Parsed =
      makeModuleIsolated(Ctx, Parse, Name, "LLVM's IR reader", "input");
  if (!Parsed)
    return Parsed.takeError();
  if (Error E = checkIRIsUsable(**Parsed, Name))
    return E;
  M = std::move(*Parsed);
  CompiledSource.reset();
  return Error::success();
}

Error BaseModule::loadSPIRV(MemoryBufferRef Buffer) {
  Expected<std::unique_ptr<Module>> Translated =
      translateSPIRV(Ctx, Buffer.getBuffer(), Buffer.getBufferIdentifier(),
                     Opts.SpecConstants);
  if (!Translated)
    return Translated.takeError();
  M = std::move(*Translated);
  CompiledSource.reset();
  return Error::success();
}

Expected<std::unique_ptr<PassMachinery>> BaseModule::createPassMachinery() {
  Expected<TargetMachine &> Machine = getTargetMachine();
  if (!Machine)
    return Machine.takeError();
  TargetPassRegistry TargetPasses;
  if (TheTarget.RegisterPasses)
    TheTarget.RegisterPasses(TargetPasses);
  return std::make_unique<PassMachinery>(*Machine, createBuiltinInfo(),
                                         std::move(TargetPasses));
}

std::shared_ptr<BuiltinInfo> BaseModule::createBuiltinInfo() const {
  return std::make_shared<BuiltinInfo>();
}

Expected<TargetMachine &> BaseModule::getTargetMachine() {
  if (!TM) {
    Expected<std::unique_ptr<TargetMachine>> Created = createTargetMachine();
    if (!Created)
      return Created.takeError();
    TM = std::move(*Created);
  }
  return *TM;
}

Expected<std::unique_ptr<TargetMachine>> BaseModule::createTargetMachine() {
  initializeX86Backend();
  Triple HostTriple(sys::getProcessTriple());
  if (HostTriple.getArch() != Triple::x86_64)
    return createStringError(inconvertibleErrorCode(),
                             "the reference driver runs x86-64 code, and this "
                             "host is " +
                                 HostTriple.str());
  std::string Problem;
  const llvm::Target *T =
      llvm::TargetRegistry::lookupTarget(HostTriple.str(), Problem);
  if (!T)
    return createStringError(inconvertibleErrorCode(), Problem);
  std::string CPU = Opts.TargetCPU, Features;
  if (CPU.empty()) {
    CPU = sys::getHostCPUName().str();
    Features = getHostFeatureString();
  } else if (std::optional<std::string> Known = getCPUFeatureString(CPU)) {
    Features = std::move(*Known);
  } else {
    return createStringError(inconvertibleErrorCode(),
                             "unknown -mcpu= value '" + CPU +
                                 "' (an x86-64 CPU as LLVM names it: znver3, "
                                 "skylake-avx512, x86-64-v4, ...)");
  }
  TargetOptions Options;
  CodeGenOpt::Level Level =
      Opts.OptDisable ? CodeGenOpt::None : CodeGenOpt::Aggressive;
  std::unique_ptr<TargetMachine> Machine(
      T->createTargetMachine(HostTriple.str(), CPU, Features, Options,
                             Reloc::PIC_, CodeModel::Small, Level));
  if (!Machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a code generator for " +
                                 HostTriple.str());
  return std::move(Machine);
}

/// The early vectorization of doc/overview.md: loop rotation and cleanup,
/// then the vectorizers `-cl-vec=` asks for, then the load/store vectorizer.
static FunctionPassManager buildEarlyVectorization(EarlyVectorization Kind) {
  FunctionPassManager FPM;
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopRotatePass()));
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(DCEPass());
  if (Kind == EarlyVectorization::Loop || Kind == EarlyVectorization::All)
    FPM.addPass(LoopVectorizePass());
  if (Kind == EarlyVectorization::SLP || Kind == EarlyVectorization::All)
    FPM.addPass(SLPVectorizerPass());
  FPM.addPass(LoadStoreVectorizerPass());
  FPM.addPass(SimplifyCFGPass());
  return FPM;
}

void BaseModule::getEarlyTargetPasses(ModulePassManager &, PassMachinery &) {}

/// Parallel loops (doc/compiler-spec.md) checked against what the
/// optimizations left and lowered onto the driver's workers, before the
/// vectorizers make several loops of each.
static void addParallelLoopLowering(ModulePassManager &MPM) {
  MPM.addPass(utils::ParallelizationCleanupPass());
  MPM.addPass(utils::LowerParallelLoopsPass());
}

void BaseModule::addGenericPasses(ModulePassManager &MPM,
                                  PassMachinery &Machinery) {
  MPM.addPass(utils::MarkCKernelsPass());
  MPM.addPass(utils::TransferKernelMetadataPass());
  MPM.addPass(utils::FixupCallingConventionsPass());
  // OpenMP's outlined loops back in place, before builtins are linked and
  // before the optimizer, which should see the loops.
  MPM.addPass(utils::OpenMPToParallelLoopsPass({Opts.OpenMPRuntime}));
  MPM.addPass(utils::FixupTranslatorBuiltinsPass());
  MPM.addPass(utils::LowerPrintfPass());
  // The kernel's own casts, not the library's internal conversions.
  MPM.addPass(utils::DefinedConversionsPass());
  // Builtins first: the library's own barriers and work-item queries are
  // lowered with the kernels'.
  MPM.addPass(utils::LinkBuiltinsPass({utils::LinkBuiltinsPass::Stage::Early}));
  // Before anything optimizes: the source's divisions, and the library's,
  // get their defined results while every one is still there to guard.
  MPM.addPass(utils::TrapFreeDivisionPass());
  MPM.addPass(utils::LowerToMuxBuiltinsPass());
  MPM.addPass(utils::EncodeKernelMetadataPass());
  if (Opts.OptDisable) {
    addParallelLoopLowering(MPM);
    return;
  }
  // A huge kernel goes through the simplification pipeline in pieces of
  // bounded size, and is whole again for Vecz (doc/performance.md).
  if (Opts.OutlineInstructions)
    MPM.addPass(utils::OutlineHugeKernelsPass({Opts.OutlineInstructions}));
  MPM.addPass(Machinery.getPassBuilder().buildModuleSimplificationPipeline(
      OptimizationLevel::O2, ThinOrFullLTOPhase::None));
  addParallelLoopLowering(MPM);
  if (Opts.Vectorize != EarlyVectorization::None)
    MPM.addPass(createModuleToFunctionPassAdaptor(
        buildEarlyVectorization(Opts.Vectorize)));
  if (Opts.OutlineInstructions)
    MPM.addPass(utils::InlineKernelPiecesPass());
}

Error BaseModule::runPipeline(PassMachinery &Machinery,
                              ModulePassManager &MPM) {
  PipelineDiagnostics Diagnostics(Ctx, Opts, WarningHandler);
  if (Error Crash = utils::runContainingCrashes(
          "the pipeline", [&] { MPM.run(*M, Machinery.getMAM()); },
          [&](StringRef Pass) { return Machinery.getPassName(Pass).str(); })) {
    Crashed = true;
    // What the passes that ran before the crash reported may say why.
    return joinErrors(
        makeDiagnosticError(Opts.FileName, toString(std::move(Crash))),
        Diagnostics.takeErrors());
  }
  return Diagnostics.takeErrors();
}

/// An error, instead of LLVM's abort, when the pipeline (Loom's or a
/// target's passes) has made an invalid module: a bug, but not the host's
/// end.
static Error checkPipelineOutput(const Module &M, StringRef FileName) {
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (!verifyModule(M, &OS))
    return Error::success();
  return makeDiagnosticError(FileName, "internal compiler error: the "
                                       "pipeline made an invalid module: " +
                                           OS.str());
}

Error BaseModule::checkModuleIsUsable(StringRef Caller) const {
  if (Crashed)
    return createStringError(inconvertibleErrorCode(),
                             Caller + " called after the compiler crashed");
  if (!M)
    return createStringError(inconvertibleErrorCode(),
                             Caller + " called before compile");
  return Error::success();
}

Error BaseModule::finalize() {
  if (Error E = checkModuleIsUsable("finalize"))
    return E;
  Expected<TargetMachine &> Machine = getTargetMachine();
  if (!Machine)
    return Machine.takeError();
  M->setTargetTriple(Machine->getTargetTriple().str());
  M->setDataLayout(Machine->createDataLayout());

  Expected<std::unique_ptr<PassMachinery>> Machinery = createPassMachinery();
  if (!Machinery)
    return Machinery.takeError();

  ModulePassManager Early;
  getEarlyTargetPasses(Early, **Machinery);
  if (Error E = runPipeline(**Machinery, Early))
    return E;

  ModulePassManager Generic;
  addGenericPasses(Generic, **Machinery);
  if (Error E = runPipeline(**Machinery, Generic))
    return E;

  const BuiltinInfo &BI =
      (*Machinery)->getMAM().getResult<BuiltinInfoAnalysis>(*M).get();
  if (Error E = checkModuleIsSupported(*M, BI, Opts.FileName))
    return E;

  ModulePassManager Late;
  getLateTargetPasses(Late, **Machinery);
  if (Error E = runPipeline(**Machinery, Late))
    return E;
  return checkPipelineOutput(*M, Opts.FileName);
}

Error BaseModule::printPipeline(raw_ostream &OS) {
  Expected<std::unique_ptr<PassMachinery>> Machinery = createPassMachinery();
  if (!Machinery)
    return Machinery.takeError();
  auto Name = [&](StringRef ClassName) {
    return (*Machinery)->getPassName(ClassName);
  };
  ModulePassManager Early, Generic, Late;
  getEarlyTargetPasses(Early, **Machinery);
  addGenericPasses(Generic, **Machinery);
  getLateTargetPasses(Late, **Machinery);
  if (!Early.isEmpty()) {
    OS << "early (" << getTargetName() << "): ";
    Early.printPipeline(OS, Name);
    OS << "\n";
  }
  OS << "generic: ";
  Generic.printPipeline(OS, Name);
  OS << "\nlate (" << getTargetName() << "): ";
  Late.printPipeline(OS, Name);
  OS << "\n";
  return Error::success();
}

Expected<SmallVector<char, 0>> BaseModule::createBinary() {
  return generateCode(/*Assembly=*/false);
}

Expected<SmallVector<char, 0>> BaseModule::createAssembly() {
  return generateCode(/*Assembly=*/true);
}

Expected<SmallVector<char, 0>> BaseModule::createSPIRV() {
  if (Error E = checkModuleIsUsable("createSPIRV"))
    return std::move(E);
  auto CompileTyped = [this](LLVMContext &Typed) {
    return compileOpenCLSource(Typed, *CompiledSource, Opts, getTargetHeaders(),
                               /*OnWarnings=*/nullptr,
                               /*TypedPointers=*/true);
  };
  Expected<std::string> Words = writeSPIRVModule(
      *M, CompiledSource ? ModuleFactory(CompileTyped) : ModuleFactory());
  if (!Words)
    return Words.takeError();
  return SmallVector<char, 0>(Words->begin(), Words->end());
}

Expected<SmallVector<char, 0>> BaseModule::generateCode(bool Assembly) {
  if (Error E = checkModuleIsUsable("code generation"))
    return std::move(E);
  Expected<TargetMachine &> Machine = getTargetMachine();
  if (!Machine)
    return Machine.takeError();
  // The reference driver's loader takes no DWARF; -g was for diagnostics.
  StripDebugInfo(*M);
  SmallVector<char, 0> Object;
  raw_svector_ostream OS(Object);
  legacy::PassManager CodeGen;
  if (Machine->addPassesToEmitFile(
          CodeGen, OS, nullptr, Assembly ? CGFT_AssemblyFile : CGFT_ObjectFile))
    return createStringError(
        inconvertibleErrorCode(),
        "the code generator cannot emit this kind of file");
  if (Error Crash = utils::runContainingCrashes(
          "code generation", [&] { CodeGen.run(*M); },
          [](StringRef Pass) { return Pass.str(); })) {
    Crashed = true;
    return makeDiagnosticError(Opts.FileName, toString(std::move(Crash)));
  }
  return std::move(Object);
}

} // namespace compiler
