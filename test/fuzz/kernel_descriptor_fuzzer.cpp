//===- kernel_descriptor_fuzzer.cpp - libFuzzer target over descriptors ---===//
///
/// Feeds arbitrary bytes to the kernel-descriptor decoder the driver runs on
/// every binary's LOOM_DESCRIPTOR_SECTION, built with Clang 15's
/// -fsanitize=fuzzer,address,undefined: a crash, an out-of-bounds read or
/// undefined behaviour is a finding, and so is a refusal without a message.
/// What it accepts must survive a round trip: written again and read back,
/// it is the same program.
///
//===----------------------------------------------------------------------===//

#include "metadata/kernel_descriptor.h"

#include <cstddef>
#include <cstdint>

using namespace loom::metadata;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Read = readProgramDescriptor(Data, Size);
  if (!Read) {
    if (Read.error().empty())
      __builtin_trap(); // an error must say what is wrong
    return 0;
  }
  std::vector<uint8_t> Again = writeProgramDescriptor(*Read);
  auto Reread = readProgramDescriptor(Again.data(), Again.size());
  if (!Reread || !(*Reread == *Read))
    __builtin_trap(); // what was accepted must round-trip
  return 0;
}
