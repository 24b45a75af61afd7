//===- elf_loader_fuzzer.cpp - libFuzzer target over the ELF loader -------===//
///
/// Feeds arbitrary bytes to the reference driver's ELF loader, built with
/// Clang 15's -fsanitize=fuzzer,address,undefined: any crash, out-of-bounds
/// read or undefined behaviour on a malformed object is a finding. The
/// loader must answer every input with an object or an error message.
///
//===----------------------------------------------------------------------===//

#include "elf_loader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Loaded = mux::loadElfObject(Data, Size, {".loom.metadata"});
  if (!Loaded.has_value() && Loaded.error().empty())
    __builtin_trap(); // an error must say what is wrong
  return 0;
}
