//===- CodeGenerator.cpp - The host's code generator ----------------------===//
///
/// \file
/// See CodeGenerator.h.
///
//===----------------------------------------------------------------------===//

#include "pipeline/CodeGenerator.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Triple.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/SubtargetFeature.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Host.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/X86TargetParser.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>
#include <optional>

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
    // Writing an object parses the inline assembly of kernels given as
    // LLVM IR; without the parser that is a fatal error.
    LLVMInitializeX86AsmParser();
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

} // namespace

Expected<std::unique_ptr<TargetMachine>>
createHostTargetMachine(StringRef TargetCPU, bool OptDisable) {
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
  std::string CPU = TargetCPU.str(), Features;
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
  Options.TrapUnreachable = true;
  Options.NoTrapAfterNoreturn = false;
  CodeGenOpt::Level Level =
      OptDisable ? CodeGenOpt::None : CodeGenOpt::Aggressive;
  std::unique_ptr<TargetMachine> Machine(
      T->createTargetMachine(HostTriple.str(), CPU, Features, Options,
                             Reloc::PIC_, CodeModel::Small, Level));
  if (!Machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a code generator for " +
                                 HostTriple.str());
  return std::move(Machine);
}

void disableReciprocalEstimates(Module &M) {
  for (Function &F : M)
    if (!F.isDeclaration())
      F.addFnAttr("reciprocal-estimates", "none");
}

Expected<std::unique_ptr<legacy::PassManager>>
createCodeEmitter(TargetMachine &TM, raw_pwrite_stream &OS, bool Assembly) {
  auto Emitter = std::make_unique<legacy::PassManager>();
  if (TM.addPassesToEmitFile(*Emitter, OS, nullptr,
                             Assembly ? CGFT_AssemblyFile : CGFT_ObjectFile))
    return createStringError(
        inconvertibleErrorCode(),
        "the code generator cannot emit this kind of file");
  return std::move(Emitter);
}

} // namespace compiler
