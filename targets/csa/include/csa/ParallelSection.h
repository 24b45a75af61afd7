//===- csa/ParallelSection.h - Where a loop's section goes ------*- C++ -*-===//
///
/// \file
/// The section-placement algorithm of CSA-3, apart from the pass so a test
/// can call it: the smallest single-entry single-exit part of a loop's body
/// that holds every subloop and every memory-touching instruction.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_PARALLELSECTION_H
#define CSA_PARALLELSECTION_H

#include <optional>

namespace llvm {
class DominatorTree;
class Instruction;
class Loop;
class LoopInfo;
} // namespace llvm

namespace csa {

struct SectionPlacement {
  /// The section entry goes before this instruction.
  llvm::Instruction *EntryBefore;
  /// The section exit goes before this instruction.
  llvm::Instruction *ExitBefore;
};

/// Whether \p I orders memory in the sense of CSA-3: it may read or write
/// memory and is not a CSA intrinsic, a lifetime marker or an assumption.
bool isMemoryTouching(const llvm::Instruction &I);

/// Whether \p L's body holds no memory-touching instruction and no subloop.
bool hasNothingToOrder(const llvm::Loop &L);

/// Where \p L's section goes, or None when no single-entry single-exit part
/// of the body holds everything (CSA-4). Briefly reroutes \p L's backedges
/// to compute post-dominators, and restores them. \p L must have something
/// to order.
std::optional<SectionPlacement>
findParallelSection(llvm::Loop &L, llvm::LoopInfo &LI, llvm::DominatorTree &DT);

} // namespace csa

#endif // CSA_PARALLELSECTION_H
