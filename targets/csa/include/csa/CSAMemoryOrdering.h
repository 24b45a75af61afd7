//===- csa/CSAMemoryOrdering.h - Orderings sections drop --------*- C++ -*-===//
///
/// \file
/// The semantics of CSA parallel regions and sections (CSA-10..14) as an
/// analysis. It takes a function's region and section intrinsics and
/// memory-touching instructions and decides, for every pair of memory
/// operations A, B where B can run after A, and for every set of loop
/// backedges a path from A to B crosses, whether the ordering edge B-after-A
/// may be dropped:
/// - CSA-10: each intrinsic belongs to one region id, traced through phis
///   and selects to region entries; two ids is an error.
/// - CSA-11: forward dataflow over the CFG gives each point, per region id,
///   outside / inside the region / inside one of its sections; a point that
///   is one on a path and another on another path, an entry or exit in the
///   wrong state, or a region still open at a return is an error.
/// - CSA-12: an edge may be dropped along a path when, for some region, A
///   and B are both inside sections of it and the path crosses a section
///   exit then entry of that region, and not a region exit then entry. All
///   paths with the same backedge set must agree, or it is an error.
/// - CSA-13: an operation inside a region but in no section keeps its
///   ordering.
/// - CSA-14: on any error the function keeps full ordering (nothing is
///   dropped); the errors are kept for the warning.
/// A function with more than 64 loops or 1024 memory operations keeps full
/// ordering (the exploration is pairwise). Printable with
/// `-passes='print<csa-memory-ordering>'`.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAMEMORYORDERING_H
#define CSA_CSAMEMORYORDERING_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Instruction;
class Loop;
class LoopInfo;
class raw_ostream;
} // namespace llvm

namespace csa {

class MemoryOrdering {
public:
  /// The ordering of To after From along the paths that cross exactly the
  /// backedges of the loops in BackedgeLoops (in LoopInfo preorder).
  struct Edge {
    llvm::Instruction *From;
    llvm::Instruction *To;
    llvm::SmallVector<llvm::Loop *, 2> BackedgeLoops;
    bool Dropped;
  };

  /// Analyzes \p F. Functions without region intrinsics have nothing
  /// dropped and no edges recorded.
  static MemoryOrdering compute(llvm::Function &F, llvm::LoopInfo &LI);

  bool hasRegions() const { return HasRegions; }
  /// The errors of CSA-10..12; when any, nothing is dropped.
  const std::vector<std::string> &getErrors() const { return Errors; }
  const std::vector<Edge> &getEdges() const { return Edges; }
  /// Loops whose iterations may run in any order: every edge between memory
  /// operations of the loop along paths carried by its backedge (crossing
  /// it, and otherwise only backedges of its subloops) is dropped.
  const llvm::SmallVector<llvm::Loop *, 4> &getParallelLoops() const {
    return ParallelLoops;
  }

  void print(llvm::raw_ostream &OS, const llvm::Function &F) const;

  bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &Inv);

private:
  friend class MemoryOrderingBuilder;
  bool HasRegions = false;
  std::vector<std::string> Errors;
  std::vector<Edge> Edges;
  llvm::SmallVector<llvm::Loop *, 4> ParallelLoops;
};

class CSAMemoryOrderingAnalysis
    : public llvm::AnalysisInfoMixin<CSAMemoryOrderingAnalysis> {
public:
  using Result = MemoryOrdering;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);

private:
  friend llvm::AnalysisInfoMixin<CSAMemoryOrderingAnalysis>;
  static llvm::AnalysisKey Key;
};

/// `print<csa-memory-ordering>`.
class CSAMemoryOrderingPrinterPass
    : public llvm::PassInfoMixin<CSAMemoryOrderingPrinterPass> {
public:
  explicit CSAMemoryOrderingPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);

private:
  llvm::raw_ostream &OS;
};

} // namespace csa

#endif // CSA_CSAMEMORYORDERING_H
