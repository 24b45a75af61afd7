//===- loomc.cpp - Loom's offline kernel compiler -------------------------===//
///
/// \file
/// loomc compiles an OpenCL C, SPIR-V or LLVM IR file for a Loom target into
/// an ELF object the reference driver loads (or, with -S, into the final
/// LLVM IR). Exit codes:
/// 0 success, 1 compile error, 2 usage or I/O error.
///
//===----------------------------------------------------------------------===//

#include "InputKind.h"
#include "RegisterTargets.h"
#include "ToolErrors.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/BinaryDescriptors.h"
#include "compiler/pipeline/Target.h"

#include "metadata/kernel_descriptor.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace {

void printKernel(const loom::metadata::KernelDescriptor &K, raw_ostream &OS) {
  OS << "kernel " << K.Name << " (entry " << K.EntrySymbol << ")\n";
  for (size_t I = 0; I < K.Args.size(); ++I) {
    const loom::metadata::ArgDescriptor &A = K.Args[I];
    OS << "  arg " << I << ": " << loom::metadata::argKindName(A.Kind);
    if (A.AddressSpace)
      OS << " (address space " << unsigned(A.AddressSpace) << ")";
    if (A.Access != loom::metadata::ArgAccess::None)
      OS << " " << loom::metadata::argAccessName(A.Access);
    for (auto [Bit, Word] : {std::pair{loom::metadata::ArgTypeConst, "const"},
                             {loom::metadata::ArgTypeRestrict, "restrict"},
                             {loom::metadata::ArgTypeVolatile, "volatile"},
                             {loom::metadata::ArgTypePipe, "pipe"}})
      if (A.TypeQualifiers & Bit)
        OS << " " << Word;
    if (!A.TypeName.empty())
      OS << " " << A.TypeName;
    if (!A.Name.empty())
      OS << " '" << A.Name << "'";
    OS << ", " << A.Size << " bytes at offset " << A.Offset;
    if (A.AccumulatorBytes)
      OS << ", accumulator of " << unsigned(A.AccumulatorBytes)
         << "-byte additions";
    OS << "\n";
  }
  auto PrintSize = [&](StringRef What, const std::array<uint32_t, 3> &Size) {
    OS << "  " << What << ": ";
    if (Size[0] == 0)
      OS << "none\n";
    else
      OS << Size[0] << " x " << Size[1] << " x " << Size[2] << "\n";
  };
  PrintSize("required work-group size", K.RequiredWorkGroupSize);
  PrintSize("work-group size hint", K.WorkGroupSizeHint);
  if (!K.VecTypeHint.empty())
    OS << "  vec_type_hint: " << K.VecTypeHint << "\n";
  OS << "  local memory: " << K.LocalMemoryBytes << " bytes\n";
  OS << "  vectorization width: " << K.VectorizationWidth << "\n";
  OS << "  sub-group size: " << K.SubGroupSize << "\n";
  OS << "  stack: " << K.StackBytes << " bytes + " << K.StackBytesPerWorkItem
     << " per work-item\n";
  OS << "  work-group info layout: "
     << (K.WorkGroupInfoLayout == LOOM_WORK_GROUP_INFO_CSA ? "csa"
                                                           : "reference")
     << "\n";
}

cl::OptionCategory LoomcCategory("loomc options");

cl::opt<std::string> InputFile(cl::Positional,
                               cl::desc("<kernel.cl|.spv|.ll|.bc>"),
                               cl::cat(LoomcCategory));
cl::opt<std::string> OutputFile("o",
                                cl::desc("Output file (default: the input's "
                                         "name with .o, .s, .ll, .bc or "
                                         ".spv, as --emit says)"),
                                cl::value_desc("file"), cl::cat(LoomcCategory));
cl::opt<std::string> TargetName("target", cl::desc("Target to compile for"),
                                cl::init("csa"), cl::cat(LoomcCategory));
cl::opt<bool> ListTargets("list-targets", cl::desc("List the targets and exit"),
                          cl::cat(LoomcCategory));
cl::opt<bool> EmitIR("S", cl::desc("Emit the final LLVM IR (--emit=ir)"),
                     cl::cat(LoomcCategory));
cl::opt<std::string> Emit("emit",
                          cl::desc("What to write: obj (default), asm, ir or "
                                   "bc (the final module), or spirv (the "
                                   "frontend's module, as SPIR-V)"),
                          cl::value_desc("kind"), cl::cat(LoomcCategory));
cl::opt<bool> PrintPipeline("print-pipeline",
                            cl::desc("Print the pipeline the target runs with "
                                     "these options, as loom-opt -passes= "
                                     "reads it, and exit"),
                            cl::cat(LoomcCategory));
const std::string StandardHelp =
    "OpenCL C version: " + compiler::describeOpenCLCVersions();
cl::opt<std::string> Standard("cl-std", cl::desc(StandardHelp),
                              cl::value_desc("version"),
                              cl::cat(LoomcCategory));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Define a macro"),
                              cl::value_desc("name[=value]"),
                              cl::cat(LoomcCategory));
cl::list<std::string> IncludeDirs("I", cl::Prefix,
                                  cl::desc("Add an include directory"),
                                  cl::value_desc("dir"),
                                  cl::cat(LoomcCategory));
cl::opt<bool> DebugInfo("g",
                        cl::desc("Line tables, so warnings say file:line:col"),
                        cl::cat(LoomcCategory));
cl::opt<bool> OptDisable("cl-opt-disable", cl::desc("Disable optimizations"),
                         cl::cat(LoomcCategory));
cl::opt<bool> OpenMPRuntime(
    "fopenmp-runtime",
    cl::desc("With OpenMP directives, run every parallel region on the "
             "driver's OpenMP runtime instead of as Loom's parallel loop"),
    cl::cat(LoomcCategory));
const std::string OpenMPVersionHelp = "The OpenMP version of the directives (" +
                                      compiler::describeOpenMPVersions() +
                                      "; default: Clang's, 50)";
cl::opt<std::string> OpenMPVersion("fopenmp-version",
                                   cl::desc(OpenMPVersionHelp),
                                   cl::value_desc("version"),
                                   cl::cat(LoomcCategory));
cl::opt<bool> OpenMP("fopenmp",
                     cl::desc("OpenMP directives: '#pragma omp parallel for' "
                              "runs on the driver's workers"),
                     cl::cat(LoomcCategory));
cl::opt<std::string> Vectorize("cl-vec",
                               cl::desc("Early vectorization of each "
                                        "work-item: none, loop, slp or all"),
                               cl::value_desc("kind"), cl::cat(LoomcCategory));
cl::opt<std::string>
    WholeFunctionVectorization("cl-wfv",
                               cl::desc("Vectorize kernels across work-items "
                                        "with Vecz: never, auto (the default: "
                                        "where its cost model says it pays) "
                                        "or always"),
                               cl::value_desc("never|auto|always"),
                               cl::cat(LoomcCategory));
// The --help texts of the numeric Vecz options quote their ranges from
// compiler/pipeline/CompileOptions.h.
const std::string VeczWidthHelp =
    "Work-items per vector for Vecz (" + compiler::VeczWidthRange.describe() +
    "; default: from the target's vector registers and the kernel's element "
    "types)";
const std::string VeczRowsHelp =
    "Rows of work-items (dimension 1) a vector kernel runs per call, jammed "
    "(" +
    compiler::VeczRowsRange.describe() +
    "; default: from the target's vector registers where the cost model says "
    "it pays, else 1)";
const std::string VeczInterleaveHelp =
    "Vectors of work-items a wide variant of a vector kernel runs per call, "
    "side by side (" +
    compiler::VeczInterleaveRange.describe() +
    "; default: for kernels with loops where the cost model says it pays, "
    "else 1)";
cl::opt<std::string> VeczWidth("vecz-width", cl::desc(VeczWidthHelp),
                               cl::value_desc("N"), cl::cat(LoomcCategory));
cl::opt<std::string> VeczRows("vecz-rows", cl::desc(VeczRowsHelp),
                              cl::value_desc("N"), cl::cat(LoomcCategory));
cl::opt<std::string> VeczInterleave("vecz-interleave",
                                    cl::desc(VeczInterleaveHelp),
                                    cl::value_desc("N"),
                                    cl::cat(LoomcCategory));
cl::opt<std::string> VeczLayout("vecz-layout",
                                cl::desc("How a vector kernel lays out values "
                                         "of vector types (float4): auto (the "
                                         "default: as the cost model picks), "
                                         "interleaved or scalarized"),
                                cl::value_desc("auto|interleaved|scalarized"),
                                cl::cat(LoomcCategory));
cl::opt<std::string> VeczTail(
    "vecz-tail",
    cl::desc("How a vector kernel runs each row's last work-items, past the "
             "largest multiple of its width: never (the default: the scalar "
             "kernel, one by one) or always (one masked vector, its tail "
             "variant)"),
    cl::value_desc("never|always"), cl::cat(LoomcCategory));
const std::string StreamingStoreHelp =
    "A vector store to an output-only buffer bypasses the caches when the "
    "launch writes at least this many bytes through it (0: never; default " +
    std::to_string(compiler::DefaultStreamingStoreBytes) + ")";
const std::string OutlineHelp =
    "Cut kernels of more instructions than this into functions of about this "
    "many, and inline barrier regions into a kernel's entry point up to this "
    "many instructions in all (the smallest first; the others are called), so "
    "that compile time grows in proportion to kernel size (0: never; default " +
    std::to_string(compiler::DefaultOutlineInstructions) + ")";
cl::opt<std::string> StreamingStoreBytes("streaming-store-bytes",
                                         cl::desc(StreamingStoreHelp),
                                         cl::value_desc("N"),
                                         cl::cat(LoomcCategory));
cl::opt<std::string> OutlineInstructions("outline-instructions",
                                         cl::desc(OutlineHelp),
                                         cl::value_desc("N"),
                                         cl::cat(LoomcCategory));
cl::opt<std::string> RemarksPassed("Rpass",
                                   cl::desc("Print the optimization remarks "
                                            "of the passes matching this "
                                            "regular expression (-Rpass=vecz)"),
                                   cl::value_desc("regex"),
                                   cl::cat(LoomcCategory));
cl::opt<std::string>
    RemarksMissed("Rpass-missed",
                  cl::desc("Print why the passes matching this regular "
                           "expression did not transform (-Rpass-missed=vecz)"),
                  cl::value_desc("regex"), cl::cat(LoomcCategory));
#define LOOM_CLANG_OPTION(Name, Description)                                   \
  cl::opt<bool>(Name, cl::desc(Description), cl::cat(LoomcCategory)),
cl::opt<bool> ClangOptions[] = {LOOM_CLANG_BUILD_OPTIONS(LOOM_CLANG_OPTION)};
#undef LOOM_CLANG_OPTION
cl::opt<bool> PrintKernels("print-kernels",
                           cl::desc("Print each kernel's descriptor, as read "
                                    "back from the binary"),
                           cl::cat(LoomcCategory));
cl::opt<std::string> InputKind("x",
                               cl::desc("Input kind: cl, c, spirv, ir or bc "
                                        "(default: SPIR-V and bitcode by "
                                        "their contents, else by the "
                                        "extension: .c C, .spv SPIR-V, .ll "
                                        "and .bc IR, anything else OpenCL "
                                        "C)"),
                               cl::value_desc("kind"), cl::cat(LoomcCategory));
cl::list<std::string> Kernels("kernel",
                              cl::desc("Compile only this kernel (repeat for "
                                       "more; default: every kernel)"),
                              cl::value_desc("name"), cl::cat(LoomcCategory));
cl::list<std::string> SpecConstants("spec-const",
                                    cl::desc("Set a SPIR-V specialization "
                                             "constant"),
                                    cl::value_desc("id=value"),
                                    cl::cat(LoomcCategory));

cl::extrahelp MoreHelp(
    "\nLLVM's --print-after=<pass> and --print-before=<pass> print the IR "
    "around any pass of the pipeline, Loom's included (e.g. work-item-loops); "
    "--time-passes reports the time each pass took.\nExit codes: 0 success, "
    "1 compile error, 2 usage or I/O error.\n");

constexpr int ExitCompileError = 1;
constexpr int ExitUsageError = 2;

int usageError(const Twine &Message) {
  WithColor::error(errs(), "loomc") << Message << "\n";
  return ExitUsageError;
}

enum class Output { Object, Assembly, IRText, Bitcode, SPIRV };

Expected<Output> getOutputKind() {
  if (Emit.empty())
    return EmitIR ? Output::IRText : Output::Object;
  std::optional<Output> Kind =
      StringSwitch<std::optional<Output>>(StringRef(Emit))
          .Case("obj", Output::Object)
          .Case("asm", Output::Assembly)
          .Case("ir", Output::IRText)
          .Case("bc", Output::Bitcode)
          .Case("spirv", Output::SPIRV)
          .Default(std::nullopt);
  if (!Kind)
    return createStringError(
        inconvertibleErrorCode(),
        "unknown --emit kind '%s' (obj, asm, ir, bc or spirv)", Emit.c_str());
  return *Kind;
}

std::string defaultOutputName(Output Kind) {
  static const char *Extensions[] = {"o", "s", "ll", "bc", "spv"};
  SmallString<128> Name(sys::path::filename(InputFile));
  sys::path::replace_extension(Name, Extensions[static_cast<int>(Kind)]);
  return std::string(Name);
}

/// What \p Input holds: as `-x` says (checked already), or as its contents
/// do (InputKind.h).
Expected<loom::InputKind> getInputKind(MemoryBufferRef Input) {
  return loom::identifyInput(Input, InputKind.empty()
                                        ? std::nullopt
                                        : loom::parseInputKind(InputKind));
}

/// Parses `--spec-const=id=value` options into \p Opts.
Error parseSpecConstants(compiler::CompileOptions &Opts) {
  for (StringRef Option : SpecConstants) {
    auto [Id, Value] = Option.split('=');
    uint32_t IdNumber;
    uint64_t ValueNumber;
    if (Id.getAsInteger(0, IdNumber) || Value.getAsInteger(0, ValueNumber))
      return createStringError(inconvertibleErrorCode(),
                               "--spec-const takes id=value, not '%s'",
                               Option.str().c_str());
    Opts.SpecConstants[IdNumber] = ValueNumber;
  }
  return Error::success();
}

/// Prints the kernels the descriptors of \p Object describe.
Error printKernels(ArrayRef<char> Object, raw_ostream &OS) {
  Expected<loom::metadata::ProgramDescriptor> Program =
      compiler::readBinaryDescriptors(Object);
  if (!Program)
    return Program.takeError();
  for (const loom::metadata::KernelDescriptor &K : Program->Kernels)
    printKernel(K, OS);
  OS << "global variables: " << Program->GlobalVariableBytes << " bytes\n";
  return Error::success();
}

int listTargets() {
  for (const compiler::Target *T : compiler::TargetRegistry::get().targets())
    outs() << "  " << T->Name << " - " << T->Description << "\n";
  return 0;
}

Expected<SmallVector<char, 0>> produce(compiler::BaseModule &Module,
                                       Output Kind) {
  switch (Kind) {
  case Output::Object:
    return Module.createBinary();
  case Output::Assembly:
    return Module.createAssembly();
  case Output::SPIRV:
    return Module.createSPIRV();
  case Output::IRText:
  case Output::Bitcode: {
    SmallVector<char, 0> Bytes;
    raw_svector_ostream OS(Bytes);
    if (Kind == Output::IRText)
      Module.getModule()->print(OS, nullptr);
    else
      WriteBitcodeToFile(*Module.getModule(), OS);
    return std::move(Bytes);
  }
  }
  llvm_unreachable("unknown output kind");
}

Error writeOutput(ArrayRef<char> Bytes, Output Kind, StringRef Path) {
  std::error_code EC;
  bool Text = Kind == Output::IRText || Kind == Output::Assembly;
  ToolOutputFile Out(Path, EC, Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return createFileError(Path, EC);
  Out.os().write(Bytes.data(), Bytes.size());
  Out.keep();
  if (PrintKernels && Kind == Output::Object)
    return printKernels(Bytes, outs());
  return Error::success();
}

/// Sets \p Opts from loomc's options: the build options of the same name
/// (`-<name>=<value>`, which CompileOptions parses and checks) and the
/// others.
Error setCompileOptions(compiler::CompileOptions &Opts, loom::InputKind Input) {
  Opts.FileName = InputFile;
  if (Error E = parseSpecConstants(Opts))
    return E;
  Opts.Defines.assign(Defines.begin(), Defines.end());
  Opts.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  Opts.Kernels.assign(Kernels.begin(), Kernels.end());
  Opts.OptDisable = OptDisable;
  Opts.OpenMP = OpenMP || OpenMPRuntime;
  Opts.OpenMPRuntime = OpenMPRuntime;
  Opts.DebugInfo = DebugInfo;
  Opts.RemarksPassed = RemarksPassed;
  Opts.RemarksMissed = RemarksMissed;
  if (Input == loom::InputKind::C)
    Opts.Language = compiler::SourceLanguage::C;
  for (cl::opt<bool> &Option : ClangOptions)
    if (Option)
      Opts.ClangFlags.push_back(Option.ArgStr.str());
  // LLVM's own -mcpu (its code generation flags, which libLLVM registers).
  std::string CPU = codegen::getMCPU();
  const std::pair<StringRef, const std::string *> BuildOptions[] = {
      {"-cl-std=", &Standard},
      {"-fopenmp-version=", &OpenMPVersion},
      {"-cl-vec=", &Vectorize},
      {"-cl-wfv=", &WholeFunctionVectorization},
      {"-mcpu=", &CPU},
      {"-vecz-width=", &VeczWidth},
      {"-vecz-layout=", &VeczLayout},
      {"-vecz-rows=", &VeczRows},
      {"-vecz-interleave=", &VeczInterleave},
      {"-vecz-tail=", &VeczTail},
      {"-streaming-store-bytes=", &StreamingStoreBytes},
      {"-outline-instructions=", &OutlineInstructions}};
  for (const auto &[Flag, Value] : BuildOptions)
    if (!Value->empty())
      if (Error E = Opts.parseBuildOptions((Flag + *Value).str()))
        return E;
  Opts.ColorDiagnostics = sys::Process::StandardErrHasColors();
  return Error::success();
}

/// Compiles \p Source as \p Opts say and writes what \p Kind asks for.
int compileAndWrite(const compiler::Target &Target,
                    const compiler::CompileOptions &Opts,
                    MemoryBufferRef Source, loom::InputKind Input,
                    Output Kind) {
  LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module = Target.createModule(Ctx, Opts);
  Module->setWarningHandler([](StringRef Text) { errs() << Text; });
  if (Error E = loom::loadInput(*Module, Source, Input)) {
    loom::printToolError(std::move(E), "loomc");
    return ExitCompileError;
  }
  // SPIR-V is the frontend's module, before Loom's pipeline.
  if (Kind != Output::SPIRV)
    if (Error E = Module->finalize()) {
      loom::printToolError(std::move(E), "loomc");
      return ExitCompileError;
    }
  // Code generation and the SPIR-V writer can still refuse the module.
  Expected<SmallVector<char, 0>> Bytes = produce(*Module, Kind);
  if (!Bytes) {
    loom::printToolError(Bytes.takeError(), "loomc");
    return ExitCompileError;
  }
  std::string Path = OutputFile.empty() ? defaultOutputName(Kind) : OutputFile;
  if (Error E = writeOutput(*Bytes, Kind, Path)) {
    WithColor::error(errs(), "loomc") << toString(std::move(E)) << "\n";
    return ExitUsageError;
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  if (Error E = loom::registerTargetsAndPlugins(Argv[0]))
    return usageError(toString(std::move(E)));
  cl::HideUnrelatedOptions(
      {&LoomcCategory, &compiler::getTargetOptionCategory()});
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "loomc: compiles OpenCL C, SPIR-V or LLVM "
                                   "IR kernels for a Loom target into ELF "
                                   "objects for the reference driver\n",
                                   &errs()))
    return ExitUsageError;
  if (Error E = loom::takeLoadOptionErrors())
    return usageError(toString(std::move(E)));
  if (ListTargets)
    return listTargets();
  Expected<Output> OutputKind = getOutputKind();
  if (!OutputKind)
    return usageError(toString(OutputKind.takeError()));
  if (InputFile.empty() && !PrintPipeline)
    return usageError("no input file (see --help)");
  const compiler::Target *Target =
      compiler::TargetRegistry::get().find(TargetName);
  if (!Target)
    return usageError("unknown target '" + TargetName +
                      "' (--list-targets lists them)");

  if (PrintPipeline) {
    // The pipeline the same command would run on an OpenCL C input, its
    // options included, as `loom-opt -passes=` reads it.
    compiler::CompileOptions Opts;
    if (Error E = setCompileOptions(Opts, loom::InputKind::OpenCLC))
      return usageError(toString(std::move(E)));
    LLVMContext Ctx;
    if (Error E = Target->createModule(Ctx, Opts)->printPipeline(outs()))
      return usageError(toString(std::move(E)));
    return 0;
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> Source =
      MemoryBuffer::getFileOrSTDIN(InputFile);
  if (!Source)
    return usageError("cannot read '" + InputFile +
                      "': " + Source.getError().message());
  MemoryBufferRef Buffer((*Source)->getBuffer(), InputFile);
  if (!InputKind.empty() && !loom::parseInputKind(InputKind))
    return usageError("unknown input kind '" + InputKind +
                      "' in -x (cl, c, spirv, ir or bc)");
  Expected<loom::InputKind> Input = getInputKind(Buffer);
  if (!Input) {
    errs() << toString(Input.takeError()) << "\n";
    return ExitCompileError;
  }
  compiler::CompileOptions Opts;
  if (Error E = setCompileOptions(Opts, *Input))
    return usageError(toString(std::move(E)));
  // Value names are for someone reading the module; an object or its
  // assembly has no use for them (their labels are the code generator's).
  Opts.KeepValueNames = *OutputKind == Output::IRText ||
                        *OutputKind == Output::Bitcode ||
                        *OutputKind == Output::SPIRV;
  return compileAndWrite(*Target, Opts, Buffer, *Input, *OutputKind);
}
