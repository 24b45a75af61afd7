//===- compiler/analysis/LocalMemory.h - The local-memory arena -*- C++ -*-===//
///
/// \file
/// Where kernel-scope `__local` variables live in the work-group's
/// local-memory arena (metadata/abi.h): one module-wide layout, in module
/// order, each variable at its alignment, so every function that names a
/// variable agrees on its offset. A kernel needs the arena up to the end of
/// the last variable it (or a callee) uses; `__local` pointer arguments go
/// after that, placed by the driver.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_ANALYSIS_LOCALMEMORY_H
#define COMPILER_ANALYSIS_LOCALMEMORY_H

#include "compiler/support/AddressSpaces.h"

#include "llvm/ADT/MapVector.h"

#include <cstdint>

namespace llvm {
class Function;
class GlobalVariable;
class Module;
} // namespace llvm

namespace compiler {
namespace utils {

struct LocalMemoryLayout {
  llvm::MapVector<const llvm::GlobalVariable *, uint64_t> Offsets;
};

LocalMemoryLayout computeLocalMemoryLayout(const llvm::Module &M);

/// The bytes of the arena \p Kernel needs for the variables it and its
/// callees use.
uint64_t getLocalMemoryNeeded(const llvm::Function &Kernel,
                              const LocalMemoryLayout &Layout);

} // namespace utils
} // namespace compiler

#endif // COMPILER_ANALYSIS_LOCALMEMORY_H
