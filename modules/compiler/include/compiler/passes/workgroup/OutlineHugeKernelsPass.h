//===- OutlineHugeKernelsPass.h - Pieces ------------------------*- C++ -*-===//
///
/// \file
/// Assumes: kernel entry points before work-item-loops, each with one return;
/// their vector variants, if any, named by !mux_vector_variant. BaseModule
/// runs it twice: before the generic optimization pipeline (and
/// inline-kernel-pieces after it, as Vecz needs a kernel whole), and in the
/// reference late pipeline after mark-accumulators, for good.
/// Does: cuts each kernel, and each vector variant of it, of more than
/// MaxInstructions instructions into consecutive pieces of about that many,
/// each moved into a function of its own (`<kernel>.piece<N>`, internal,
/// noinline, "mux-kernel-piece") that the kernel calls in turn: values live
/// from one piece to the next pass as arguments, and out through pointers to
/// the caller's stack. Before the generic pipeline the source's variables
/// are still stack slots: a slot whose lifetime markers lie in one piece
/// moves into it, the others stay in the kernel and the pieces get their
/// addresses (promoting them first, on the whole kernel, took time that grew
/// with the square of its size). A piece runs from one block every path through
/// the kernel passes, outside any loop, to the next such block, so it has
/// one entry and one exit; what is left after the last piece, under the
/// limit, stays in the kernel. Code that calls a work-group barrier
/// (directly or through a function that does) stays in the kernel too, and
/// a piece ends before it: the region scheduler cuts the kernel there, and
/// its regions call the pieces.
/// Why: LLVM's inliner pipeline, loop rotation and full unrolling, the
/// register allocator and the coalescer take time that grows faster than
/// the function they work on (doc/performance.md, "Compile time against
/// kernel size"); pieces of bounded size keep a huge kernel's compile time
/// in proportion to its size, for one call per piece per run of the
/// kernel.
/// Produces: the kernels calling their pieces. Pipeline name:
/// `outline-huge-kernels<max-instructions=N>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_OUTLINEHUGEKERNELSPASS_H
#define COMPILER_PASSES_WORKGROUP_OUTLINEHUGEKERNELSPASS_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace compiler {
namespace utils {

class OutlineHugeKernelsPass
    : public llvm::PassInfoMixin<OutlineHugeKernelsPass> {
public:
  struct Options {
    /// Kernels of more instructions are cut into pieces of about this many
    /// (0: none is).
    uint64_t MaxInstructions = DefaultOutlineInstructions;
  };
  OutlineHugeKernelsPass() = default;
  explicit OutlineHugeKernelsPass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);

  /// The options `<...>` of the pass's pipeline name give (PassRegistry.def).
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_OUTLINEHUGEKERNELSPASS_H
