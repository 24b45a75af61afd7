//===- BarrierRegions.h - A kernel cut at barriers --------------*- C++ -*-===//
///
/// \file
/// Cuts a kernel with work-group barriers into barrier regions, the code
/// that runs between two barriers along the control flow, so that
/// WorkItemLoopsPass can run each region for every work-item before any
/// work-item goes past the barrier that ends it.
///
/// Region 0 starts at the kernel's entry; region k (k >= 1) starts just
/// after barrier k. Barriers are numbered in a reverse post-order of the CFG
/// in which each loop's blocks come together, so that a smaller number is
/// earlier in the program and a barrier inside a loop numbers below every
/// barrier after it: where work-items wait at different barriers (a loop
/// whose trip count differs per work-item), the scheduler runs the smallest
/// first. Each region becomes a function
///
///   i32 <kernel>.mux-barrier-region.<k>(<kernel params>, ptr %live,
///                                       i64 %wi.index, i64 %wi.count)
///
/// that runs one work-item from its start to the next barrier and returns
/// that barrier's number, or ExitRegion at the end of the kernel.
///
/// Values that cross a barrier are kept per work-item in the work-group's
/// live variables at `%live`: every private array (alloca) and every SSA
/// value live just after some barrier, except work-item builtins with
/// constant arguments, which are re-issued where they are used instead, and
/// pure operations (at most 8: arithmetic but division, casts, compares,
/// selects) on those builtins, arguments and constants, computed again
/// where they are used. The
/// layout is a structure of arrays: each value has one array with an entry
/// per work-item (`%wi.index` of `%wi.count`), so a loop over work-items
/// reads and writes it contiguously, and vectorizes.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_ANALYSIS_BARRIERREGIONS_H
#define COMPILER_ANALYSIS_BARRIERREGIONS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace llvm {
class CallInst;
class Function;
class Module;
} // namespace llvm

namespace compiler {

class BuiltinInfo;

namespace utils {

/// The number a region function returns when the work-item has finished.
constexpr uint32_t ExitRegion = UINT32_MAX;

struct BarrierRegions {
  /// Regions[k] is the function of region k.
  llvm::SmallVector<llvm::Function *, 4> Regions;
  /// Bytes of live variables per work-item (the work-group needs this many
  /// times its size), a multiple of LiveAlignment.
  uint64_t LiveSize = 0;
  uint64_t LiveAlignment = 1;
  /// BarrierIds[k - 1] is the id (first argument) of barrier k: two cuts of
  /// one kernel (its scalar and vector forms) agree when these do.
  llvm::SmallVector<uint64_t, 4> BarrierIds;
};

/// The defined functions of \p M that contain a work-group barrier, directly
/// or through calls.
llvm::SmallPtrSet<const llvm::Function *, 8>
findFunctionsWithBarriers(const llvm::Module &M, const BuiltinInfo &BI);

/// Inlines into \p Kernel every call to a function that (transitively)
/// contains a work-group barrier. Returns whether the kernel has barriers,
/// or an error naming the function that cannot be inlined and why (it
/// calls itself; LLVM's inliner refuses it), leaving \p Kernel with calls
/// to it: a kernel must never run as if its barriers were not there.
llvm::Expected<bool> inlineCallsWithBarriers(llvm::Function &Kernel,
                                             const BuiltinInfo &BI);

/// Cuts \p Kernel, whose barriers are all in its own body, into region
/// functions. \p Kernel is left with no body: its caller replaces it.
BarrierRegions buildBarrierRegions(llvm::Function &Kernel,
                                   const BuiltinInfo &BI);

} // namespace utils
} // namespace compiler

#endif // COMPILER_ANALYSIS_BARRIERREGIONS_H
