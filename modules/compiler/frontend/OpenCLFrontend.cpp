//===- OpenCLFrontend.cpp - OpenCL C to LLVM IR through Clang -------------===//
///
/// \file
/// See OpenCLFrontend.h. Clang's OpenCL builtin declarations come from
/// `-fdeclare-opencl-builtins` (declared on first use from a table compiled
/// into Clang) rather than by parsing opencl-c.h, which would dominate the
/// compile time of a small kernel (doc/overview.md has the measurement).
///
//===----------------------------------------------------------------------===//

#include "frontend/OpenCLFrontend.h"

#include "frontend/OpenMPLoopConstructs.h"

#include "compiler/support/DiagnosticError.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Pass.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace compiler {

namespace {

/// Where target headers appear to be; no such directory exists on disk.
constexpr const char *TargetHeaderDir = "/loom-target-include";

/// The omp.h of kernels (frontend/headers/omp.h).
constexpr const char OpenMPHeader[] =
#include "omp_header.inc"
    ;

/// Included after Clang's opencl-c-base.h, which defines for every SPIR
/// target, whatever -cl-ext says (from OpenCL C 2.0), the macros of
/// extensions whose builtins Loom does not have: sub-group rotations,
/// extended bit operations, integer dot products. A program testing them
/// must take its other path.
constexpr const char *FeatureFixupsName = "/loom-internal/feature-fixups.h";
constexpr const char *FeatureFixups =
    "#undef cl_khr_subgroup_rotate\n"
    "#undef cl_khr_extended_bit_ops\n"
    "#undef cl_khr_integer_dot_product\n"
    "#undef __opencl_c_integer_dot_product_input_4x8bit\n"
    "#undef __opencl_c_integer_dot_product_input_4x8bit_packed\n";

std::vector<std::string> buildCC1Args(const CompileOptions &Opts,
                                      bool HasTargetHeaders,
                                      bool TypedPointers) {
  // Options and their values in pairs. No -disable-free: Clang would keep
  // its AST and Sema per compile, a leak in a process compiling many
  // programs.
  std::vector<std::string> Args = {"-triple", "spir64-unknown-unknown"};
  if (Opts.Language == SourceLanguage::C) {
    // Plain C: no OpenCL header, and Clang's own freestanding headers
    // (stdint.h, stddef.h, ...) rather than the host's C library.
    Args.insert(Args.end(),
                {"-x", "c", "-std=c11", "-ffreestanding", "-nostdsysteminc"});
  } else {
    // Clang defines __IMAGE_SUPPORT__ for every SPIR triple, as Loom's
    // devices have images.
    Args.insert(Args.end(),
                {"-x", "cl", "-cl-std=" + Opts.Standard,
                 std::string("-cl-ext=") + OpenCLExtensions,
                 "-finclude-default-header", "-fdeclare-opencl-builtins",
                 "-D__OPENCL_VERSION__=" +
                     std::to_string(OpenCLDeviceMajorVersion * 100 +
                                    OpenCLDeviceMinorVersion * 10)});
  }
  // The target's headers and the SDK's come before Clang's own: Loom's
  // omp.h, not libomp's, which needs a C library.
  if (HasTargetHeaders)
    Args.insert(Args.end(), {"-internal-isystem", TargetHeaderDir});
  // Loom verifies the module itself, once it has repaired what Clang 15
  // gets wrong (repairAddressSpaceBitcasts).
  Args.insert(Args.end(),
              {"-internal-isystem", LOOM_CLANG_RESOURCE_DIR "/include",
               "-emit-llvm", "-ffp-contract=on", "-fno-dwarf-directory-asm",
               "-disable-llvm-verifier"});
  if (TypedPointers)
    Args.push_back("-no-opaque-pointers");
  if (Opts.OptDisable) {
    Args.insert(Args.end(), {"-O0", "-disable-O0-optnone"});
  } else {
    // Clang's own passes are left to Loom's pipeline, but -O2 still changes
    // the IR Clang emits (TBAA, lifetime markers).
    Args.insert(Args.end(), {"-O2", "-disable-llvm-passes"});
  }
  // Clang outlines each parallel region into a call of the OpenMP runtime;
  // openmp-to-parallel-loops puts it back (doc/passes.md).
  if (Opts.OpenMP) {
    Args.push_back("-fopenmp");
    if (!Opts.OpenMPVersion.empty())
      Args.push_back("-fopenmp-version=" + Opts.OpenMPVersion);
  }
  for (const std::string &Define : Opts.Defines)
    Args.push_back("-D" + Define);
  for (const std::string &Dir : Opts.IncludeDirs)
    Args.insert(Args.end(), {"-I", Dir});
  // Line tables only serve diagnostics (code generation strips them). OpenMP
  // needs them without -g: Clang writes a directive's line into the runtime
  // calls only then, and openmp-to-parallel-loops and
  // parallelization-cleanup name the directive by its line.
  if (Opts.DebugInfo || Opts.OpenMP)
    Args.insert(Args.end(),
                {"-debug-info-kind=line-tables-only", "-dwarf-version=4"});
  // OpenCL build options; C takes none of them.
  if (Opts.Language == SourceLanguage::OpenCLC)
    for (const std::string &Flag : Opts.ClangFlags)
      // The one build option Clang's driver, not cc1, knows by this name.
      Args.push_back(Flag == "cl-denorms-are-zero"
                         ? "-fdenormal-fp-math-f32=preserve-sign,preserve-sign"
                         : "-" + Flag);
  if (Opts.ColorDiagnostics)
    Args.push_back("-fcolor-diagnostics");
  Args.push_back(Opts.FileName);
  return Args;
}

/// Makes each bitcast of \p M between pointers of different address spaces
/// the addrspacecast it must be. Clang 15 writes such bitcasts for the
/// atomic library's calls of `#pragma omp atomic` in OpenCL C (a global
/// pointer cast to the generic address space of the library's `void *`
/// parameters), which its own verifier then rejects: the module is broken
/// only by that.
void repairAddressSpaceBitcasts(Module &M) {
  SmallVector<BitCastInst *, 8> Casts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Cast = dyn_cast<BitCastInst>(&I);
          Cast && Cast->getSrcTy()->isPointerTy() &&
          Cast->getDestTy()->isPointerTy() &&
          Cast->getSrcTy()->getPointerAddressSpace() !=
              Cast->getDestTy()->getPointerAddressSpace())
        Casts.push_back(Cast);
  for (BitCastInst *Cast : Casts) {
    auto *Repaired =
        new AddrSpaceCastInst(Cast->getOperand(0), Cast->getDestTy(), "", Cast);
    Repaired->takeName(Cast);
    Repaired->setDebugLoc(Cast->getDebugLoc());
    Cast->replaceAllUsesWith(Repaired);
    Cast->eraseFromParent();
  }
}

/// The real file system with \p Headers laid over it in TargetHeaderDir.
IntrusiveRefCntPtr<vfs::FileSystem>
createFileSystem(ArrayRef<TargetHeader> Headers) {
  auto Overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto InMemory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  for (const TargetHeader &Header : Headers)
    InMemory->addFile(
        std::string(TargetHeaderDir) + "/" + Header.Path.str(),
        /*ModificationTime=*/0,
        MemoryBuffer::getMemBuffer(Header.Contents, Header.Path,
                                   /*RequiresNullTerminator=*/false));
  Overlay->pushOverlay(InMemory);
  return Overlay;
}

/// Clang's code generation, after, with OpenMP, the check of the `loop`
/// constructs Clang 15 does not run as OpenMP says (an error there stops
/// the code generation).
class EmitLLVMCheckingOpenMP : public clang::EmitLLVMOnlyAction {
public:
  using EmitLLVMOnlyAction::EmitLLVMOnlyAction;

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> CodeGen =
        EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile);
    if (!CodeGen || !CI.getLangOpts().OpenMP)
      return CodeGen;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(createOpenMPLoopConstructCheck(CI.getDiagnostics()));
    Consumers.push_back(std::move(CodeGen));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }
};

} // namespace

Expected<std::unique_ptr<Module>> compileOpenCLSource(
    LLVMContext &Ctx, StringRef Source, const CompileOptions &Opts,
    ArrayRef<TargetHeader> TargetHeaders,
    const std::function<void(StringRef)> &OnWarnings, bool TypedPointers) {
  std::string DiagnosticText;
  raw_string_ostream DiagnosticStream(DiagnosticText);
  clang::CompilerInstance Clang;

  // Arguments are parsed with a temporary engine; the instance's engine is
  // made afterwards from the parsed options, so -w and -Werror apply.
  IntrusiveRefCntPtr<clang::DiagnosticOptions> ParseOpts =
      new clang::DiagnosticOptions();
  clang::TextDiagnosticPrinter ParsePrinter(DiagnosticStream, ParseOpts.get());
  clang::DiagnosticsEngine ParseDiagnostics(new clang::DiagnosticIDs(),
                                            ParseOpts.get(), &ParsePrinter,
                                            /*ShouldOwnClient=*/false);
  // The target's headers, and the SDK's own: omp.h, whose routines the
  // driver provides with -fopenmp or without (OpenMP's serial stubs).
  SmallVector<TargetHeader, 4> Headers(TargetHeaders.begin(),
                                       TargetHeaders.end());
  Headers.push_back({"omp.h", OpenMPHeader});
  std::vector<std::string> Args =
      buildCC1Args(Opts, !Headers.empty(), TypedPointers);
  // Clang's code generator sets the context's value-name policy from its
  // own option, so the option must say what the context does.
  if (Ctx.shouldDiscardValueNames())
    Args.insert(Args.end() - 1, "-discard-value-names");
  std::vector<const char *> ArgPtrs;
  for (const std::string &Arg : Args)
    ArgPtrs.push_back(Arg.c_str());
  bool Parsed = clang::CompilerInvocation::CreateFromArgs(
      Clang.getInvocation(), ArgPtrs, ParseDiagnostics);
  if (Parsed) {
    Clang.getDiagnosticOpts().ShowColors = Opts.ColorDiagnostics;
    Clang.createDiagnostics(new clang::TextDiagnosticPrinter(
                                DiagnosticStream, &Clang.getDiagnosticOpts()),
                            /*ShouldOwnClient=*/true);
    // "N errors generated." belongs with the diagnostics, not on stderr.
    Clang.setVerboseOutputStream(DiagnosticStream);
    if (!Headers.empty())
      Clang.createFileManager(createFileSystem(Headers));
    // The source is in memory: map the file name diagnostics use onto it.
    clang::PreprocessorOptions &PPOpts = Clang.getPreprocessorOpts();
    PPOpts.addRemappedFile(
        Opts.FileName,
        MemoryBuffer::getMemBufferCopy(Source, Opts.FileName).release());
    if (Opts.Language == SourceLanguage::OpenCLC) {
      PPOpts.addRemappedFile(
          FeatureFixupsName,
          MemoryBuffer::getMemBuffer(FeatureFixups, FeatureFixupsName)
              .release());
      PPOpts.Includes.push_back(FeatureFixupsName);
    }
  }

  EmitLLVMCheckingOpenMP Action(&Ctx);
  // Clang's backend sets LLVM's global pass timing from its own options; the
  // user's --time-passes is for Loom's pipeline, which runs afterwards.
  bool TimePasses = TimePassesIsEnabled;
  bool Compiled = Parsed && Clang.ExecuteAction(Action);
  TimePassesIsEnabled = TimePasses;
  DiagnosticStream.flush();
  if (!Compiled)
    return makeFormattedDiagnosticError(DiagnosticText);
  if (!DiagnosticText.empty() && OnWarnings)
    OnWarnings(DiagnosticText);
  std::unique_ptr<Module> M = Action.takeModule();
  if (!M)
    return makeDiagnosticError(Opts.FileName, "Clang produced no module");
  repairAddressSpaceBitcasts(*M);
  std::string Broken;
  raw_string_ostream BrokenStream(Broken);
  if (verifyModule(*M, &BrokenStream))
    return makeDiagnosticError(Opts.FileName,
                               "Clang produced an invalid module: " +
                                   StringRef(BrokenStream.str()).trim());
  return std::move(M);
}

} // namespace compiler
