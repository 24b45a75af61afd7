//===- ir_fuzzer.cpp - libFuzzer target over LLVM IR ingestion -----------===//
///
/// Arbitrary bytes as LLVM IR, textual or bitcode (BaseModule::loadIR: the
/// reader, the verifier and Loom's checks that a valid module is one it can
/// compile: kernels, address spaces, calling conventions), then Loom's
/// pipeline and code generation over what it accepts. See
/// CompilerFuzzing.h for what counts as a finding.
///
//===----------------------------------------------------------------------===//

#include "CompilerFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  loom::fuzzing::compileInput(Data, Size, "fuzzed.ll", loom::InputKind::IR);
  return 0;
}
