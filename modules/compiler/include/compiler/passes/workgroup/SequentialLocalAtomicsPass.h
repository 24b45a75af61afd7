//===- SequentialLocalAtomicsPass.h - Local atomics, one thread -*- C++ -*-===//
///
/// \file
/// Assumes: kernels whose work-groups each run on one thread, their
/// work-items one after the other between barriers: after work-item-loops
/// (the reference late pipeline adds it only when it adds those loops; a
/// target with a hardware thread per work-item keeps its atomics).
/// Does: makes each atomic read-modify-write and compare-and-swap on
/// `__local` memory (address space 3) that is not volatile an ordinary
/// load, operation and store (LLVM's lowerAtomicRMWInst and
/// lowerAtomicCmpXchgInst). Atomic loads and stores stay as they are (on
/// x86 they cost what plain ones do), as do atomics on other address spaces,
/// the generic one included, whose memory other work-groups share.
/// Why: a work-group's local memory is its own, and only its work-items,
/// all on the thread running the group, ever touch it; no other thread can
/// see an atomic's steps apart, nor synchronize with it (an atomic orders
/// other memory only for a thread that reads the same atomic object). A
/// `lock`-prefixed instruction costs about 8 cycles on x86 where the plain
/// ones cost 1 (a 256-bin local histogram, doc/performance.md).
/// Produces: no atomic read-modify-write on local memory. Pipeline name:
/// `sequential-local-atomics`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_SEQUENTIALLOCALATOMICSPASS_H
#define COMPILER_PASSES_WORKGROUP_SEQUENTIALLOCALATOMICSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class SequentialLocalAtomicsPass
    : public llvm::PassInfoMixin<SequentialLocalAtomicsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_SEQUENTIALLOCALATOMICSPASS_H
