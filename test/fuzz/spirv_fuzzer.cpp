//===- spirv_fuzzer.cpp - libFuzzer target over SPIR-V ingestion ---------===//
///
/// Arbitrary bytes as a SPIR-V module (BaseModule::loadSPIRV: validation by
/// SPIRV-Tools, the fitting to the translator, the translator in its child
/// process), then Loom's pipeline and code generation over what it accepts.
/// See CompilerFuzzing.h for what counts as a finding.
///
//===----------------------------------------------------------------------===//

#include "CompilerFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  loom::fuzzing::compileInput(Data, Size, "fuzzed.spv", loom::InputKind::SPIRV);
  return 0;
}
