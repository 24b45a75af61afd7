//===- DefinedConversionsPass.h - Casts to integers -------------*- C++ -*-===//
///
/// \file
/// Assumes: a module as a frontend left it, before the builtins library is
/// linked: its `fptosi` and `fptoui` are the kernel's own conversions of
/// floating-point values to integers (C casts; OpenCL's convert_* builtins
/// saturate already, and the library's internal conversions stay fast).
/// Does: makes each one `llvm.fptosi.sat` / `llvm.fptoui.sat` (scalar or
/// vector), which give the destination's minimum or maximum for a value
/// out of its range and 0 for NaN. OpenCL C leaves those results to the
/// implementation, and LLVM makes them poison, from which the optimizer may
/// derive anything; Loom defines them as `convert_<type>_sat` does, so a
/// cast and a convert agree (doc/compiler-spec.md). In range, the result is
/// the same.
/// Produces: no `fptosi` or `fptoui` in the module. Pipeline name:
/// `defined-conversions`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_DEFINEDCONVERSIONSPASS_H
#define COMPILER_PASSES_INPUT_DEFINEDCONVERSIONSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class DefinedConversionsPass
    : public llvm::PassInfoMixin<DefinedConversionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_DEFINEDCONVERSIONSPASS_H
