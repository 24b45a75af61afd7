//===- CompilerFuzzing.h - One fuzzed input through the compiler -*- C++
//-*-===//
///
/// \file
/// What the compiler's fuzzers share: an input of one kind goes the way
/// loomc takes it (identified, loaded, then finalized and made into an ELF
/// object for the reference target). Every step may fail, but a failure must
/// come back as an error with a message; a crash, a sanitizer report, a hang
/// or an error without a message is a finding.
///
//===----------------------------------------------------------------------===//

#ifndef TEST_FUZZ_COMPILERFUZZING_H
#define TEST_FUZZ_COMPILERFUZZING_H

#include "InputKind.h"
#include "RegisterTargets.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/pipeline/Target.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <cstdint>

namespace loom::fuzzing {

/// Traps on an error without a message (so that libFuzzer reports it) and
/// consumes any other: for a fuzzer, refusing bad input is success.
inline void requireMessage(llvm::Error E) {
  if (E && llvm::toString(std::move(E)).empty())
    __builtin_trap();
}

inline const compiler::Target &referenceTarget() {
  static const compiler::Target *Reference = [] {
    registerAllTargets();
    return compiler::TargetRegistry::get().find("reference");
  }();
  if (!Reference)
    __builtin_trap(); // the build has no reference target
  return *Reference;
}

/// Takes \p Data, named \p Name (whose extension may decide its kind, as
/// loomc's input name does), as \p Kind through the whole compiler.
inline void compileInput(const uint8_t *Data, size_t Size, llvm::StringRef Name,
                         InputKind Kind) {
  llvm::MemoryBufferRef Input(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size), Name);
  llvm::Expected<InputKind> Identified = identifyInput(Input, Kind);
  if (!Identified)
    return requireMessage(Identified.takeError());

  llvm::LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module =
      referenceTarget().createModule(Ctx, compiler::CompileOptions());
  Module->setWarningHandler([](llvm::StringRef) {});
  if (llvm::Error E = loadInput(*Module, Input, *Identified))
    return requireMessage(std::move(E));
  if (llvm::Error E = Module->finalize())
    return requireMessage(std::move(E));
  llvm::Expected<llvm::SmallVector<char, 0>> Object = Module->createBinary();
  if (!Object)
    return requireMessage(Object.takeError());
  if (Object->empty())
    __builtin_trap(); // success must produce an object
}

} // namespace loom::fuzzing

#endif // TEST_FUZZ_COMPILERFUZZING_H
