//===- BaseModule.cpp - One kernel module being compiled ------------------===//
///
/// \file
/// See compiler/pipeline/BaseModule.h. What a target may override, and the
/// order of the stages: the readers (frontend/), the target's early passes,
/// the generic half (GenericPipeline.h), the checks (ModuleChecks.h), the
/// target's late passes, and code generation (CodeGenerator.h).
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BaseModule.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/Target.h"
#include "compiler/pipeline/TargetPassRegistry.h"
#include "compiler/support/CrashContainment.h"
#include "compiler/support/DiagnosticError.h"
#include "compiler/support/ForkGate.h"
#include "frontend/IRReader.h"
#include "frontend/Isolation.h"
#include "frontend/OpenCLFrontend.h"
#include "frontend/SPIRVFrontend.h"
#include "pipeline/CodeGenerator.h"
#include "pipeline/GenericPipeline.h"
#include "pipeline/ModuleChecks.h"
#include "pipeline/PipelineDiagnostics.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace compiler {

BaseModule::BaseModule(const Target &T, LLVMContext &Ctx, CompileOptions Opts)
    : TheTarget(T), Ctx(Ctx), Opts(std::move(Opts)) {
  Ctx.setDiscardValueNames(!this->Opts.keepsValueNames());
}

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
  Expected<std::unique_ptr<Module>> Read = readKernelIR(Ctx, Buffer);
  if (!Read)
    return Read.takeError();
  M = std::move(*Read);
  CompiledSource.reset();
  return Error::success();
}

Error BaseModule::linkIR(MemoryBufferRef Buffer) {
  if (Crashed)
    return checkModuleIsUsable("linkIR");
  Expected<std::unique_ptr<Module>> Read = readLinkableIR(Ctx, Buffer);
  if (!Read)
    return Read.takeError();
  CompiledSource.reset();
  if (!M) {
    M = std::move(*Read);
    return Error::success();
  }
  // The linker reports a clash of definitions through the context's
  // diagnostic handler, and only returns that it failed.
  std::string Problems;
  auto *Previous = Ctx.getDiagnosticHandlerCallBack();
  void *PreviousContext = Ctx.getDiagnosticContext();
  Ctx.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo &Info, void *Text) {
        raw_string_ostream OS(*static_cast<std::string *>(Text));
        DiagnosticPrinterRawOStream Printer(OS);
        Info.print(Printer);
        OS << "\n";
      },
      &Problems);
  bool Failed = Linker::linkModules(*M, std::move(*Read));
  Ctx.setDiagnosticHandlerCallBack(Previous, PreviousContext);
  if (Failed)
    return makeDiagnosticError(Buffer.getBufferIdentifier(),
                               "cannot link: " + StringRef(Problems).trim());
  return Error::success();
}

Expected<SmallVector<char, 0>> BaseModule::createBitcode() {
  if (Error E = checkModuleIsUsable("createBitcode"))
    return std::move(E);
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(*M, OS);
  return Bitcode;
}

Expected<std::map<uint32_t, uint32_t>>
getSpecConstantSizes(StringRef Binary, StringRef FileName) {
  utils::InProcessCompile Section;
  return readSpecConstantSizes(Binary, FileName);
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
  return createHostTargetMachine(Opts.TargetCPU, Opts.OptDisable);
}

void BaseModule::getEarlyTargetPasses(ModulePassManager &, PassMachinery &) {}

void BaseModule::addGenericPasses(ModulePassManager &MPM,
                                  PassMachinery &Machinery) {
  addGenericPipeline(MPM, Machinery, Opts);
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
  if (Error E = checkSelectedKernels(*M, Opts.Kernels, Opts.FileName))
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
  (*Machinery)->learnLLVMPassNames();
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
  disableReciprocalEstimates(*M);
  SmallVector<char, 0> Object;
  raw_svector_ostream OS(Object);
  Expected<std::unique_ptr<legacy::PassManager>> Emitter =
      createCodeEmitter(*Machine, OS, Assembly);
  if (!Emitter)
    return Emitter.takeError();
  if (Error Crash = utils::runContainingCrashes(
          "code generation", [&] { (*Emitter)->run(*M); },
          [](StringRef Pass) { return Pass.str(); })) {
    Crashed = true;
    return makeDiagnosticError(Opts.FileName, toString(std::move(Crash)));
  }
  return std::move(Object);
}

} // namespace compiler
