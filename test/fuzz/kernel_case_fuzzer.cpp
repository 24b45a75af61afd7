//===- kernel_case_fuzzer.cpp - libFuzzer target over kernel cases --------===//
///
/// Feeds arbitrary bytes to loom-run's kernel-case reader as a case file,
/// then makes the initial contents of every buffer and the bytes of every
/// scalar it accepted, built with Clang 15's -fsanitize=fuzzer,address,
/// undefined: a crash, an out-of-bounds access or undefined behaviour is a
/// finding, and so is a failure without a message. Buffers above 64 KiB are
/// checked for size only, to keep runs fast.
///
//===----------------------------------------------------------------------===//

#include "KernelCase.h"

#include <cstddef>
#include <cstdint>

namespace {

constexpr uint64_t MaxMadeBytes = 64 << 10;

void requireMessage(llvm::Error E) {
  if (E && llvm::toString(std::move(E)).empty())
    __builtin_trap(); // an error must say what is wrong
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<loom::KernelCase> Case =
      loom::parseKernelCase(Text, "/cases/fuzzed.json");
  if (!Case) {
    requireMessage(Case.takeError());
    return 0;
  }
  for (const loom::CaseArg &Arg : Case->Args) {
    if (Arg.ArgKind == loom::CaseArg::Scalar) {
      auto Bytes = loom::makeScalarBytes(Arg);
      requireMessage(Bytes ? llvm::Error::success() : Bytes.takeError());
    } else if (Arg.ArgKind == loom::CaseArg::Buffer) {
      if (Arg.Count * loom::elementSize(Arg.Type) > loom::MaxBufferBytes)
        __builtin_trap(); // the reader lets no larger buffer through
      if (Arg.Count * loom::elementSize(Arg.Type) > MaxMadeBytes)
        continue;
      auto Bytes = loom::makeInitialContents(Arg);
      if (Bytes && Bytes->size() != Arg.Count * loom::elementSize(Arg.Type))
        __builtin_trap();
      requireMessage(Bytes ? llvm::Error::success() : Bytes.takeError());
    }
  }
  return 0;
}
