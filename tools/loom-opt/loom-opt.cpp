//===- loom-opt.cpp - Runs Loom and LLVM passes on IR ---------------------===//
///
/// \file
/// Like LLVM's opt for Loom: reads an .ll or .bc file, runs the pipeline
/// given with -passes= (Loom's pass names and LLVM's), verifies the result
/// and writes it as text (-S) or bitcode. The passes see the analyses of the
/// target --target names (its BuiltinInfo) and can be its own passes;
/// --print-passes lists them from the target's registration.
///
//===----------------------------------------------------------------------===//

#include "RegisterTargets.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/Target.h"
#include "compiler/pipeline/TargetPassRegistry.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

cl::OptionCategory LoomOptCategory("loom-opt options");

cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input .ll/.bc>"),
                               cl::init("-"), cl::cat(LoomOptCategory));
cl::opt<std::string> OutputFile("o", cl::desc("Output file"), cl::init("-"),
                                cl::value_desc("file"),
                                cl::cat(LoomOptCategory));
cl::opt<std::string> Passes("passes", cl::desc("The pipeline to run"),
                            cl::value_desc("pipeline"),
                            cl::cat(LoomOptCategory));
cl::opt<bool> EmitText("S", cl::desc("Write LLVM IR as text"),
                       cl::cat(LoomOptCategory));
cl::opt<std::string> TargetName("target",
                                cl::desc("Target whose analyses passes see"),
                                cl::init("reference"),
                                cl::cat(LoomOptCategory));
cl::opt<bool> DisableOutput("disable-output",
                            cl::desc("Write no module (for analysis printers)"),
                            cl::cat(LoomOptCategory));
cl::opt<bool> PrintPasses("print-passes", cl::desc("List Loom's passes"),
                          cl::cat(LoomOptCategory));

int fail(const Twine &Message) {
  WithColor::error(errs(), "loom-opt") << Message << "\n";
  return 1;
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  if (Error E = loom::registerTargetsAndPlugins(Argv[0]))
    return fail(toString(std::move(E)));
  cl::HideUnrelatedOptions(
      {&LoomOptCategory, &compiler::getTargetOptionCategory()});
  if (!cl::ParseCommandLineOptions(Argc, Argv, "loom-opt: runs Loom's passes\n",
                                   &errs()))
    return 2;
  if (Error E = loom::takeLoadOptionErrors())
    return fail(toString(std::move(E)));
  const compiler::Target *Target =
      compiler::TargetRegistry::get().find(TargetName);
  if (!Target)
    return fail("unknown target '" + TargetName + "'");
  if (PrintPasses) {
    compiler::PassMachinery::printPassNames(outs());
    compiler::TargetPassRegistry TargetPasses;
    if (Target->RegisterPasses)
      Target->RegisterPasses(TargetPasses);
    TargetPasses.print(outs(), Target->Name);
    return 0;
  }

  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(InputFile, Diag, Ctx);
  if (!M) {
    Diag.print("loom-opt", errs());
    return 1;
  }
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  if (verifyModule(*M, &BrokenOS))
    return fail("input module is broken:\n" + BrokenOS.str());

  compiler::CompileOptions Options;
  // LLVM's own -mcpu (its code generation flags, which libLLVM registers).
  Options.TargetCPU = codegen::getMCPU();
  // The passes' output is IR for someone to read, as opt's is.
  Options.KeepValueNames = true;
  std::unique_ptr<compiler::BaseModule> TargetModule =
      Target->createModule(Ctx, Options);
  Expected<std::unique_ptr<compiler::PassMachinery>> Machinery =
      TargetModule->createPassMachinery();
  if (!Machinery)
    return fail(toString(Machinery.takeError()));
  ModulePassManager MPM;
  if (Error E = (*Machinery)->parsePipeline(MPM, Passes))
    return fail(toString(std::move(E)));
  MPM.addPass(VerifierPass());
  MPM.run(*M, (*Machinery)->getMAM());

  if (DisableOutput)
    return 0;
  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC,
                     EmitText ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return fail("cannot open '" + OutputFile + "': " + EC.message());
  if (EmitText)
    M->print(Out.os(), nullptr);
  else
    WriteBitcodeToFile(*M, Out.os());
  Out.keep();
  return 0;
}
