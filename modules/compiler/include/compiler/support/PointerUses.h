//===- PointerUses.h - What a pointer is used for ---------------*- C++ -*-===//
///
/// \file
/// Walks the pointers derived from one pointer by address arithmetic, for
/// passes that need to know everything done through a buffer argument.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_POINTERUSES_H
#define COMPILER_SUPPORT_POINTERUSES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Use.h"

namespace compiler {
namespace utils {

/// Calls \p Accept on each use of \p Base, and of every pointer derived from
/// it through getelementptr, bitcast, addrspacecast, phi and select, that is
/// not such a derivation itself: the loads, stores, atomics and calls that
/// reach memory through it, and anything that lets it escape. Returns false
/// as soon as \p Accept does, true when it accepted them all.
bool allUsesThroughPointer(const llvm::Value &Base,
                           llvm::function_ref<bool(const llvm::Use &)> Accept);

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_POINTERUSES_H
