//===- LowerPrintfPass.h - printf into a buffer -----------------*- C++ -*-===//
///
/// \file
/// Assumes: calls of OpenCL C's `printf(constant char *format, ...)` as Clang
/// emits them (floats promoted to double, chars and shorts to int, vectors
/// as they are) or SPIRV-LLVM-Translator does (scalars as the SPIR-V passed
/// them), before work-item builtins are lowered.
/// Does: applies C's default argument promotions to scalar arguments (half
/// and float to double, narrower integers to int), which a SPIR-V printf
/// need not have applied, then replaces each call by a record appended to
/// the printf buffer the
/// driver provides through the module variable `__loom_printf_buffer` (a
/// pointer, defined here, that the driver sets before each ND-range). The
/// buffer starts with two 32-bit words, the bytes used so far and the
/// capacity; a record takes its place with one atomic add on the first, and
/// is dropped (printf returns -1) when it would not fit. A record is
///   u32 size, u32 local linear id, u64 group linear id, u64 format address,
/// then each argument in an 8-byte-aligned slot of its store size. Format
/// and `%s` strings stay in the binary, where the driver reads them.
/// Produces: no printf calls; calls of get_group_id, get_num_groups,
/// get_local_id and get_local_size, which lower-to-mux-builtins lowers. The
/// driver (modules/mux/source/printf.cpp) formats the records after the
/// kernel, in work-item order within each work-group. Pipeline name:
/// `lower-printf`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_LOWERPRINTFPASS_H
#define COMPILER_PASSES_INPUT_LOWERPRINTFPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class LowerPrintfPass : public llvm::PassInfoMixin<LowerPrintfPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_LOWERPRINTFPASS_H
