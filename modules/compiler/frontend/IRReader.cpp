//===- IRReader.cpp - LLVM IR and bitcode inputs --------------------------===//
///
/// \file
/// See IRReader.h.
///
//===----------------------------------------------------------------------===//

#include "frontend/IRReader.h"

#include "compiler/support/DiagnosticError.h"
#include "frontend/Isolation.h"

#include "llvm/ADT/Triple.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace compiler {

namespace {

/// IR Loom can compile: for spir64 (what Clang and SPIR-V producers emit) or
/// x86-64, or with no triple.
Error checkTargetIsUsable(const Module &M, StringRef FileName) {
  Triple T(M.getTargetTriple());
  bool Usable = M.getTargetTriple().empty() || T.getArch() == Triple::spir64 ||
                T.getArch() == Triple::x86_64;
  if (Usable)
    return Error::success();
  return makeDiagnosticError(
      FileName, "target triple '" + M.getTargetTriple() +
                    "' is not usable: Loom compiles IR for spir64 (as Clang "
                    "and SPIR-V producers emit it) or x86_64");
}

/// A module of kernels: with at least one.
Error checkHasKernel(const Module &M, StringRef FileName) {
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::SPIR_KERNEL)
      return Error::success();
  return makeDiagnosticError(FileName, "no kernels: a kernel is a function "
                                       "with the spir_kernel calling "
                                       "convention");
}

/// The module \p Buffer holds, parsed and verified in a child process.
Expected<std::unique_ptr<Module>> readIR(LLVMContext &Ctx,
                                         MemoryBufferRef Buffer) {
  StringRef Name = Buffer.getBufferIdentifier();
  // LLVM's IR lexer reads up to a NUL after the text, which the caller's
  // buffer need not have: parse a copy that has it.
  std::unique_ptr<MemoryBuffer> Terminated =
      MemoryBuffer::getMemBufferCopy(Buffer.getBuffer(), Name);
  // The bitcode reader crashes, or aborts allocating gigabytes, on some
  // malformed bitcode: it runs in a child process (Isolation.h), and so
  // does the verifier, before the module is written back to the parent.
  auto Parse = [&](LLVMContext &Own) -> Expected<std::unique_ptr<Module>> {
    // LLVM's IR parser refuses text in a context that drops value names;
    // the parent's context drops them, if it does, as it reads the module.
    Own.setDiscardValueNames(false);
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
  if (Error E = checkTargetIsUsable(**Parsed, Name))
    return std::move(E);
  return Parsed;
}

} // namespace

Expected<std::unique_ptr<Module>> readKernelIR(LLVMContext &Ctx,
                                               MemoryBufferRef Buffer) {
  Expected<std::unique_ptr<Module>> Read = readIR(Ctx, Buffer);
  if (!Read)
    return Read.takeError();
  if (Error E = checkHasKernel(**Read, Buffer.getBufferIdentifier()))
    return std::move(E);
  return Read;
}

Expected<std::unique_ptr<Module>> readLinkableIR(LLVMContext &Ctx,
                                                 MemoryBufferRef Buffer) {
  return readIR(Ctx, Buffer);
}

} // namespace compiler
