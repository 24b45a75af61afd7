//===- opencl_c_fuzzer.cpp - libFuzzer target over OpenCL C -------------===//
///
/// Arbitrary bytes as OpenCL C source, mutated from the repository's
/// kernels: the frontend (Clang in process, Loom's header and checks), then
/// the whole pipeline (builtins, Vecz, work-item loops, the kernel wrapper)
/// and code generation over what compiles. See CompilerFuzzing.h for what
/// counts as a finding.
///
//===----------------------------------------------------------------------===//

#include "CompilerFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  loom::fuzzing::compileInput(Data, Size, "fuzzed.cl",
                              loom::InputKind::OpenCLC);
  return 0;
}
