//===- RelaxedMathPass.h - Relaxed-math builtins ----------------*- C++ -*-===//
///
/// \file
/// Assumes: a module as a frontend left it, before the builtins library is
/// linked: a call to a math builtin carries the fast-math flags of the
/// source's options, `afn` (approximate functions) where they relax its
/// accuracy (Clang sets it under -cl-fast-relaxed-math and
/// -cl-unsafe-math-optimizations).
/// Does: calls BuiltinInfo::getRelaxedBuiltin's builtin, of the same
/// signature, in place of each builtin an `afn` call names, where there is
/// one: by default the library's float-precision exponentials,
/// logarithms, trigonometric functions (of x and of pi x), inverse
/// trigonometric and hyperbolic functions, log1p, tanh, cbrt, erf and erfc,
/// within the
/// bounds OpenCL C allows under relaxed math, and the double exp2, exp10,
/// logarithms, sinpi, cospi, tanpi, inverse trigonometric functions, tanh,
/// lgamma and tgamma with
/// fewer double-double pairs, within the full-precision bounds
/// (doc/math.md). Calls without
/// `afn` keep the full-precision builtin, so a program may mix both. With
/// the `all` option (`relaxed-math<all>`, which the pipeline adds for
/// -cl-fast-relaxed-math and -cl-unsafe-math-optimizations) every call of
/// a builtin is taken as `afn`: SPIR-V and LLVM IR carry no such flag on
/// their calls of builtins, and the options relax them all. A declaration
/// left without calls is removed, so that `link-builtins` does not bring
/// in its body.
/// Produces: the same calls, some to relaxed builtins, which the
/// vectorizers widen and `link-builtins` links as they do any other.
/// Pipeline name: `relaxed-math`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_RELAXEDMATHPASS_H
#define COMPILER_PASSES_INPUT_RELAXEDMATHPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace compiler {
namespace utils {

class RelaxedMathPass : public llvm::PassInfoMixin<RelaxedMathPass> {
public:
  struct Options {
    /// Relax every call of a builtin, with `afn` or without.
    bool AllCalls = false;
  };
  RelaxedMathPass() = default;
  explicit RelaxedMathPass(Options Opts) : Opts(Opts) {}

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

#endif // COMPILER_PASSES_INPUT_RELAXEDMATHPASS_H
