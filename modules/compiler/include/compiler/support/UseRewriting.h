//===- UseRewriting.h - Values rebuilt at each use --------------*- C++ -*-===//
///
/// \file
/// Helpers for passes that replace a value by something computed afresh
/// where it is used (a load from memory, a re-issued builtin call, an
/// address): where such a computation may go for a given use, and the
/// rewrite of every use that way.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_USEREWRITING_H
#define COMPILER_SUPPORT_USEREWRITING_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace compiler {
namespace utils {

/// Where a value feeding \p U can be computed: just before its user, or for
/// a phi, at the end of the incoming block.
llvm::Instruction *getInsertionPointForUse(const llvm::Use &U);

/// Replaces each use of \p V that \p ShouldRewrite accepts by the value
/// \p Make builds at that use's insertion point.
void rewriteUses(
    llvm::Value &V, llvm::function_ref<llvm::Value *(llvm::IRBuilder<> &)> Make,
    llvm::function_ref<bool(const llvm::Use &)> ShouldRewrite =
        [](const llvm::Use &) { return true; });

/// Turns every constant expression or aggregate (a vector of pointers, an
/// array, a structure) that uses \p C, directly or through other such
/// constants, into instructions at its uses in functions, so that \p C is
/// then used by instructions only (uses in global initializers stay).
void expandConstantExpressionUsers(llvm::Constant &C);

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_USEREWRITING_H
