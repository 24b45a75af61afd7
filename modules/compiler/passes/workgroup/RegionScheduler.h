//===- RegionScheduler.h - Runs a kernel's barrier regions ------*- C++ -*-===//
///
/// \file
/// The entry point WorkItemLoopsPass gives a kernel with barriers, cut
/// into regions (compiler/analysis/BarrierRegions.h). In pseudo C:
///
///   live = alloca(work-items * live bytes); next = alloca(work-items)
///   lo = exit; hi = 0;
///   for (every work-item i) {
///     next[i] = K.mux-barrier-region.0(P, live, i, n);
///     lo = min(lo, next[i]); hi = max(hi, next[i]);
///   }
///   for (;;) {
///     k = lo; if (k == exit) return;
///     if (hi == k) {           // every work-item waits at barrier k
///       lo = exit; hi = 0;
///       for (every work-item i) {
///         next[i] = K.mux-barrier-region.k(P, live, i, n);
///         lo = min(lo, next[i]); hi = max(hi, next[i]);
///       }
///     } else {
///       for (every work-item i) if (next[i] == k)
///         next[i] = K.mux-barrier-region.k(P, live, i, n);
///       lo = min(next[*]); hi = max(next[*]);
///     }
///   }
///
/// (lo and hi are counted as the work-items go, in registers once
/// optimized, not found by a scan of next: with barriers in a loop of few
/// work-items the scan took a fifth of the time. Only after the rare path,
/// where some work-items ran, is next scanned.)
///
/// A kernel with barriers and a vector variant (running W work-items of
/// dimension 0 per call) cut the same way runs every region in the
/// variant's split: the variant's region k for each run of W work-items
/// (its live values kept per run), the kernel's region k for the rest of
/// the row. A work-item is in a run or in its row's peel for the whole
/// launch, so the scheduler keeps live variables only for what runs: one
/// entry per run of the vector form's, one per peel work-item of the scalar
/// form's. A vector kernel then needs no more stack per work-item than the
/// larger of the two forms does, and launches wherever the scalar kernel
/// would.
///
/// Assumes: the regions of both forms have the same barriers in the same
/// order; the driver gives the entry point the stack liveStateStack says.
/// Produces: the entry point; the regions stay as they are (the caller
/// decides which to inline), but the calls of the path for work-items
/// waiting at different barriers are noinline, except for the regions
/// RegionForms::InlinedOnRarePath names, whose loops on that path the late
/// optimizer may vectorize (under the mask of the work-items waiting).
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_REGIONSCHEDULER_H
#define COMPILER_PASSES_WORKGROUP_REGIONSCHEDULER_H

#include "compiler/analysis/BarrierRegions.h"
#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Alignment.h"

namespace llvm {
class DataLayout;
class Function;
class Module;
} // namespace llvm

namespace compiler {

class BuiltinInfo;

namespace utils {

/// A kernel with barriers cut into regions, and its vector variant (running
/// W work-items of dimension 0 per call) cut the same way, if it has one.
struct RegionForms {
  const BarrierRegions &Scalar;
  const BarrierRegions *Vector = nullptr;
  unsigned Width = 1;
  /// The regions the path for work-items waiting at different barriers
  /// inlines too; it calls the others out of line.
  llvm::SmallPtrSet<const llvm::Function *, 8> InlinedOnRarePath;
};

/// The largest alignment an argument of a call in \p M asks for: its
/// type's ABI alignment, or a byval argument's own.
llvm::Align largestCallArgumentAlignment(const llvm::Module &M);

/// The alignment of each of the region scheduler's allocations (the live
/// variables of either form, the next regions). They are dynamic, and a
/// dynamic allocation leaves the stack pointer aligned to its own
/// alignment only, while the code generator assumes that a function which
/// realigns its frame keeps that alignment at its calls: a call passing
/// vectors in memory, beyond the registers, stores them with aligned moves
/// (x86's vmovaps), which fault on a stack the allocations left 16-byte
/// aligned (a host crash, CLsmith's `vectors` 1426). So each allocation is
/// aligned to what any call of the module may ask
/// (\p CallArgumentAlignment, largestCallArgumentAlignment), and to the
/// stack's.
llvm::Align schedulerStateAlignment(const RegionForms &Forms,
                                    llvm::Align CallArgumentAlignment,
                                    const llvm::DataLayout &DL);

/// The stack the region scheduler's allocations take: each work-item's
/// next region and live variables, of the scalar form or, in a run of W,
/// its share of the vector form's, whichever is larger; and each
/// allocation's padding to \p Alignment.
WorkGroupStack liveStateStack(const RegionForms &Forms, llvm::Align Alignment);

/// The entry point of \p Kernel, whose regions (and its vector variant's)
/// are \p Forms: the scheduler above, its allocations aligned to
/// \p StateAlignment (schedulerStateAlignment).
llvm::Function *createRegionSchedulerWrapper(llvm::Function &Kernel,
                                             const RegionForms &Forms,
                                             llvm::Align StateAlignment,
                                             const BuiltinInfo &BI);

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_REGIONSCHEDULER_H
