//===- PrivateMemory.h - Private memory's bytes -----------------*- C++ -*-===//
///
/// \file
/// A work-item's private memory is its functions' allocas, on the stack of
/// the driver thread running its work-group. These count the allocas of a
/// constant size (Vecz declines the others), each at its alignment: what a
/// kernel's descriptor reports (AddMetadataPass) and what Vecz's lanes
/// would multiply.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_ANALYSIS_PRIVATEMEMORY_H
#define COMPILER_ANALYSIS_PRIVATEMEMORY_H

#include <cstdint>

namespace llvm {
class Function;
} // namespace llvm

namespace compiler {
namespace utils {

/// Bytes of \p F's own private memory.
uint64_t getPrivateMemoryBytes(const llvm::Function &F);

/// Bytes of the private memory of \p Entry and of every function it calls,
/// each counted once: the frame \p Entry has with all of them inlined,
/// which it mostly is.
uint64_t getPrivateMemoryBytesWithCallees(const llvm::Function &Entry);

} // namespace utils
} // namespace compiler

#endif // COMPILER_ANALYSIS_PRIVATEMEMORY_H
