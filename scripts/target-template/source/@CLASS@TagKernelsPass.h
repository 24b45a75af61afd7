//===- @CLASS@TagKernelsPass.h - Marks the @NAME@ kernels -----*- C++ -*-===//
///
/// \file
/// An example of a target's own pass, to replace with real ones.
/// Assumes: kernel entry points marked as Loom's generic pipeline marks them
/// (compiler/analysis/KernelMetadata.h).
/// Does: gives each kernel entry point the function attribute
/// `"@NAME@-kernel"`, as a target would mark functions its code generator
/// treats specially.
/// Produces: the attribute. Pipeline name: `@NAME@-tag-kernels`.
///
//===----------------------------------------------------------------------===//

#ifndef @UPPER@_@UPPER@TAGKERNELSPASS_H
#define @UPPER@_@UPPER@TAGKERNELSPASS_H

#include "llvm/IR/PassManager.h"

namespace @NAME@ {

class @CLASS@TagKernelsPass
    : public llvm::PassInfoMixin<@CLASS@TagKernelsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace @NAME@

#endif // @UPPER@_@UPPER@TAGKERNELSPASS_H
