//===- InlineKernelPiecesPass.h - Whole again -------------------*- C++ -*-===//
///
/// \file
/// Assumes: kernels that outline-huge-kernels cut into pieces before the
/// generic optimization pipeline (functions marked "mux-kernel-piece").
/// Does: inlines every call to a piece and deletes the pieces, then
/// promotes to values what the pieces passed through the kernel's stack
/// (SROA on the kernels it changed).
/// Why: the generic pipeline's inliner, loop rotation and unrolling take
/// time that grows faster than the function they work on, so a huge kernel
/// goes through them in pieces; Vecz then needs the kernel whole, and the
/// late pipeline cuts it again after Vecz (doc/performance.md).
/// Produces: kernels without calls to pieces. Pipeline name:
/// `inline-kernel-pieces`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_INLINEKERNELPIECESPASS_H
#define COMPILER_PASSES_WORKGROUP_INLINEKERNELPIECESPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class InlineKernelPiecesPass
    : public llvm::PassInfoMixin<InlineKernelPiecesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_INLINEKERNELPIECESPASS_H
