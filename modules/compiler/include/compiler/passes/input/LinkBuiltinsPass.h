//===- LinkBuiltinsPass.h - The builtins library ----------------*- C++ -*-===//
///
/// \file
/// Assumes: calls to OpenCL C builtins as Clang declares them (mangled
/// names). Runs before LowerToMuxBuiltinsPass, so the work-item queries and
/// barriers of library functions (the work-group functions) are lowered
/// with the kernel's.
/// Does: links from Loom's builtins library (modules/compiler/builtins,
/// embedded as bitcode part by part, with an index of what each part
/// defines) exactly the functions the module uses, and those they use: it
/// reads lazily only the parts that define them, round after round, so
/// only those parts are even loaded. They take the module's triple, data
/// layout and the C calling convention, and internal linkage.
/// The early stage runs before the early optimizations, so builtins are
/// inlined and optimized with the kernels, except those
/// BuiltinInfo::isLinkedAfterVectorization names (by default the
/// floating-point builtins the library has vector forms of; and the
/// widenable any), which stay calls for the vectorizer to widen; the late
/// stage, after vectorization, links those and their vector forms, and
/// makes the integer divisions of what it links unable to trap
/// (TrapFreeDivisionPass does the rest early).
/// Produces: internal definitions of the used builtins. Pipeline name:
/// `link-builtins<early>`, `link-builtins<late>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_LINKBUILTINSPASS_H
#define COMPILER_PASSES_INPUT_LINKBUILTINSPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace compiler {
namespace utils {

class LinkBuiltinsPass : public llvm::PassInfoMixin<LinkBuiltinsPass> {
public:
  enum class Stage { Early, Late };
  struct Options {
    Stage When = Stage::Late;
  };
  LinkBuiltinsPass() = default;
  explicit LinkBuiltinsPass(Options Opts) : Opts(Opts) {}

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

#endif // COMPILER_PASSES_INPUT_LINKBUILTINSPASS_H
