//===- missing_builtins.cpp - Every OpenCL C builtin has a definition -----===//
///
/// \file
/// Parses Clang's full OpenCL C header (opencl-c.h) for each OpenCL C version
/// Loom supports, with the extensions and features Loom's frontend reports
/// (compiler::OpenCLExtensions), mangles every
/// function it declares the way a kernel's call would name it, and checks
/// that each one is either defined in Loom's builtins library or lowered by
/// the compiler itself (work-item functions, barriers and fences). Pipe and
/// device-side enqueue functions, and those of extensions Loom does not
/// report (depth and multi-sample images among them), are outside Loom's
/// scope; the image functions are in it, with OpenCL C 3.0's images and
/// read-write images features on, which the OpenCL platform turns on once
/// it has images (doc/builtins.md).
///
/// usage: missing-builtins LIBRARY.bc KNOWN_MISSING.txt
///
/// KNOWN_MISSING.txt lists, one per line, name patterns (`convert_*`) of the
/// families still to be written. The check fails on a missing builtin no
/// pattern covers, and on a pattern that covers nothing any more, so the
/// list shrinks with the library. Prints one line per pattern with its count.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/pipeline/CompileOptions.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// A builtin declared by opencl-c.h: its source name and mangled name.
struct Declared {
  std::string Name;
  std::string Mangled;
};

bool outsideScope(const clang::FunctionDecl &FD) {
  StringRef Name = FD.getName();
  for (const clang::ParmVarDecl *P : FD.parameters()) {
    clang::QualType T = P->getType();
    if (T->isPipeType() || T->isQueueT() || T->isClkEventT() ||
        T->isReserveIDT() || T->isBlockPointerType())
      return true;
    // Depth and multi-sample images are extensions Loom does not report
    // (cl_khr_depth_images, cl_khr_gl_msaa_sharing).
    if (T->isImageType() &&
        (T.getAsString().find("depth") != std::string::npos ||
         T.getAsString().find("msaa") != std::string::npos))
      return true;
  }
  // Extensions Loom does not report, which opencl-c-base.h nevertheless
  // defines for every SPIR target: sub-group rotations, integer dot
  // products, extended bit operations, vendor extensions.
  for (StringRef Prefix :
       {"sub_group_rotate", "sub_group_clustered_rotate", "intel_", "amd_",
        "dot_4x8packed_", "dot_acc_sat", "bitfield_", "bit_reverse"})
    if (Name.startswith(Prefix))
      return true;
  // dot on char and uchar vectors is cl_khr_integer_dot_product's too.
  if (Name == "dot" && FD.getNumParams() &&
      FD.getParamDecl(0)->getType()->hasIntegerRepresentation())
    return true;
  return Name.startswith("enqueue_") || Name.startswith("get_kernel_") ||
         Name.startswith("ndrange_") || Name == "get_default_queue" ||
         Name.startswith("retain_event") || Name.startswith("release_event") ||
         Name.startswith("create_user_event") ||
         Name.startswith("set_user_event_status") ||
         Name.startswith("is_valid_event") ||
         Name.startswith("capture_event_profiling_info");
}

class Collector : public clang::ASTConsumer,
                  public clang::RecursiveASTVisitor<Collector> {
public:
  explicit Collector(std::vector<Declared> &Out) : Out(Out) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Mangler.reset(Ctx.createMangleContext());
    TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  bool VisitFunctionDecl(clang::FunctionDecl *FD) {
    if (FD->isThisDeclarationADefinition() || outsideScope(*FD) ||
        !Mangler->shouldMangleDeclName(FD))
      return true;
    std::string Mangled;
    raw_string_ostream OS(Mangled);
    Mangler->mangleName(clang::GlobalDecl(FD), OS);
    Out.push_back({FD->getNameAsString(), OS.str()});
    return true;
  }

private:
  std::vector<Declared> &Out;
  std::unique_ptr<clang::MangleContext> Mangler;
};

class CollectAction : public clang::ASTFrontendAction {
public:
  explicit CollectAction(std::vector<Declared> &Out) : Out(Out) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, StringRef) override {
    return std::make_unique<Collector>(Out);
  }

private:
  std::vector<Declared> &Out;
};

/// The builtins opencl-c.h declares for OpenCL C \p Standard.
Expected<std::vector<Declared>> declaredBuiltins(StringRef Standard) {
  std::vector<std::string> Args = {
      "-triple", "spir64-unknown-unknown", "-x", "cl",
      ("-cl-std=" + Standard).str(),
      // The library defines the image functions, which OpenCL C 1.2
      // declares in every program; OpenCL C 3.0 with these features.
      std::string("-cl-ext=") + compiler::OpenCLExtensions +
          ",+__opencl_c_images,+__opencl_c_read_write_images",
      "-finclude-default-header", "-internal-isystem",
      LOOM_CLANG_RESOURCE_DIR "/include", "-fsyntax-only", "empty.cl"};
  std::vector<const char *> ArgPtrs;
  for (const std::string &Arg : Args)
    ArgPtrs.push_back(Arg.c_str());
  clang::CompilerInstance Clang;
  std::string Diagnostics;
  raw_string_ostream DiagStream(Diagnostics);
  IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
      new clang::DiagnosticOptions();
  clang::TextDiagnosticPrinter Printer(DiagStream, DiagOpts.get());
  clang::DiagnosticsEngine Engine(new clang::DiagnosticIDs(), DiagOpts.get(),
                                  &Printer, /*ShouldOwnClient=*/false);
  if (!clang::CompilerInvocation::CreateFromArgs(Clang.getInvocation(), ArgPtrs,
                                                 Engine))
    return createStringError(inconvertibleErrorCode(), DiagStream.str());
  Clang.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  Clang.getPreprocessorOpts().addRemappedFile(
      "empty.cl", MemoryBuffer::getMemBufferCopy("", "empty.cl").release());
  std::vector<Declared> Out;
  CollectAction Action(Out);
  if (!Clang.ExecuteAction(Action))
    return createStringError(inconvertibleErrorCode(), DiagStream.str());
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    errs() << "usage: missing-builtins LIBRARY.bc KNOWN_MISSING.txt\n";
    return 2;
  }
  LLVMContext Ctx;
  auto Buffer = MemoryBuffer::getFile(Argv[1]);
  if (!Buffer) {
    errs() << "missing-builtins: error: " << Argv[1] << ": "
           << Buffer.getError().message() << "\n";
    return 2;
  }
  Expected<std::unique_ptr<Module>> Library =
      parseBitcodeFile((*Buffer)->getMemBufferRef(), Ctx);
  if (!Library) {
    errs() << "missing-builtins: error: " << toString(Library.takeError())
           << "\n";
    return 2;
  }
  StringSet<> Defined;
  for (const Function &F : **Library)
    if (!F.isDeclaration())
      Defined.insert(F.getName());

  auto PatternsText = MemoryBuffer::getFile(Argv[2]);
  if (!PatternsText) {
    errs() << "missing-builtins: error: " << Argv[2] << ": "
           << PatternsText.getError().message() << "\n";
    return 2;
  }
  std::vector<std::pair<std::string, GlobPattern>> Patterns;
  SmallVector<StringRef, 32> Lines;
  (*PatternsText)->getBuffer().split(Lines, '\n', -1, false);
  for (StringRef Line : Lines) {
    Line = Line.split('#').first.trim();
    if (Line.empty())
      continue;
    Expected<GlobPattern> P = GlobPattern::create(Line);
    if (!P) {
      errs() << "missing-builtins: error: " << Argv[2] << ": " << Line << ": "
             << toString(P.takeError()) << "\n";
      return 2;
    }
    Patterns.emplace_back(Line.str(), std::move(*P));
  }

  std::map<std::string, unsigned> Covered;
  std::map<std::string, std::string> Uncovered; // mangled -> name
  size_t Checked = 0;
  for (StringRef Standard : {"CL1.2", "CL3.0"}) {
    Expected<std::vector<Declared>> Decls = declaredBuiltins(Standard);
    if (!Decls) {
      errs() << "missing-builtins: error: parsing opencl-c.h for " << Standard
             << ": " << toString(Decls.takeError()) << "\n";
      return 2;
    }
    for (const Declared &D : *Decls) {
      ++Checked;
      if (Defined.count(D.Mangled) ||
          compiler::BuiltinInfo::getMuxBuiltinForOpenCL(D.Mangled) ||
          compiler::BuiltinInfo::getSynchronizationBuiltin(D.Mangled))
        continue;
      bool Known = false;
      for (auto &[Text, P] : Patterns)
        if (P.match(D.Name)) {
          ++Covered[Text];
          Known = true;
          break;
        }
      if (!Known)
        Uncovered.emplace(D.Mangled, D.Name);
    }
  }

  unsigned Failures = 0;
  for (auto &[Text, P] : Patterns) {
    unsigned Count = Covered[Text];
    outs() << "still missing: " << Text << " (" << Count << " overloads)\n";
    if (Count == 0) {
      outs() << "error: " << Text
             << " covers no missing builtin: remove it from the list\n";
      ++Failures;
    }
  }
  for (auto &[Mangled, Name] : Uncovered) {
    outs() << "error: " << Name << " (" << Mangled
           << ") has no definition and is not listed as known missing\n";
    ++Failures;
  }
  outs() << Checked << " declarations checked (OpenCL C 1.2 and 3.0)\n";
  return Failures ? 1 : 0;
}
