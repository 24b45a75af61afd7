//===- FixupTranslatorBuiltinsPass.h - SPIR-V forms -------------*- C++ -*-===//
///
/// \file
/// Assumes: a module from SPIRV-LLVM-Translator, which reads a SPIR-V
/// work-item built-in variable as the three calls of an OpenCL work-item
/// function (dimensions 0, 1, 2) packed into a vector with insertelement,
/// then picks the dimension the kernel asked for with extractelement.
/// Does: replaces each such extractelement by one call of the function with
/// the index as its dimension. This restores OpenCL's result for a
/// dimension out of range (a size of 1, an id of 0), which the vector form
/// turns into poison, and drops the two unused calls.
/// Produces: plain calls of the work-item functions. Harmless on other input
/// (it looks for the translator's exact shape). Pipeline name:
/// `fixup-translator-builtins`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_FIXUPTRANSLATORBUILTINSPASS_H
#define COMPILER_PASSES_INPUT_FIXUPTRANSLATORBUILTINSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class FixupTranslatorBuiltinsPass
    : public llvm::PassInfoMixin<FixupTranslatorBuiltinsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_FIXUPTRANSLATORBUILTINSPASS_H
