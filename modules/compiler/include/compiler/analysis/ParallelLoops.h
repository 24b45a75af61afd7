//===- ParallelLoops.h - Loom's parallel loops ------------------*- C++ -*-===//
///
/// \file
/// Loom's one internal form of a loop whose iterations may run on several
/// workers, whatever spelled it (the CSA builtins, OpenMP's `parallel for`,
/// a `DO CONCURRENT`), in the spirit of the parallelization-metadata RFC:
/// a region opened and closed by intrinsics around the loop, the loop's id
/// naming the region and the reductions the user declared, and LLVM's own
/// access groups for the memory accesses that carry no dependence. Every
/// part is safe to drop: the loop then runs serially, and
/// parallelization-cleanup drops the rest before anything lowers it.
/// doc/compiler-spec.md, "Parallel loops", is the specification.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_ANALYSIS_PARALLELLOOPS_H
#define COMPILER_ANALYSIS_PARALLELLOOPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/IVDescriptors.h"

#include <optional>

namespace llvm {
class AllocaInst;
class CallInst;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class MDNode;
class Module;
class Value;
} // namespace llvm

namespace compiler {
namespace utils {

/// The intrinsics of the form; each name is spelled once, here.
enum class ParallelIntrinsic {
  /// `token @llvm.loom.parallel.region.entry(i32 workers, i64 chunk)`
  RegionEntry,
  /// `void @llvm.loom.parallel.region.exit(token region)`
  RegionExit,
  /// `i32 @llvm.loom.parallel.worker(token region)`: the running worker's
  /// index, from 0 (the RFC's tidx).
  Worker,
  /// `i32 @llvm.loom.parallel.workers(token region)`: how many workers run
  /// the region (the RFC's nthreads).
  Workers,
  /// `void @llvm.loom.parallel.shared(token region, ptr memory)`: the
  /// region's workers share the stack memory \p memory points at, which its
  /// loop updates under synchronization no access group describes (a
  /// critical section's lock). The call captures the pointer, so that no
  /// pass makes that memory a value carried from one iteration to the next.
  Shared,
};

/// The name of \p Intrinsic in the IR.
llvm::StringRef getParallelIntrinsicName(ParallelIntrinsic Intrinsic);

/// Which intrinsic of the form \p F is, if any.
std::optional<ParallelIntrinsic>
identifyParallelIntrinsic(const llvm::Function &F);

/// \p Intrinsic's declaration in \p M, added with its attributes if needed.
llvm::Function *getOrDeclareParallelIntrinsic(llvm::Module &M,
                                              ParallelIntrinsic Intrinsic);

/// The metadata kind on a region entry naming its region (a distinct node
/// that loops refer to).
inline constexpr llvm::StringLiteral ParallelRegionMDKind =
    "loom.parallel.region";
/// The loop property `!{!"loom.parallel.loop", !region}`: this loop's
/// iterations are the work of that region.
inline constexpr llvm::StringLiteral ParallelLoopProperty =
    "loom.parallel.loop";
/// The loop property `!{!"loom.parallel.reductions", !"add", ...}`: the
/// kinds of the reductions the user declared for the loop.
inline constexpr llvm::StringLiteral ParallelReductionsProperty =
    "loom.parallel.reductions";

/// The loop property `!{!"loom.parallel.schedule", !"dynamic"}` (or
/// `!"guided"`): how the region's workers take the loop's chunks. Without
/// it, statically, as the region's chunk says.
inline constexpr llvm::StringLiteral ParallelScheduleProperty =
    "loom.parallel.schedule";

/// The loop property `!{!"loom.parallel.rolled"}`: the form added the
/// loop's `llvm.loop.unroll.disable`, for as long as the loop is the
/// region's work. Fully unrolled, a loop of a few iterations (OpenMP's
/// sections, a short `parallel for`) would be no loop, and its region would
/// run serially; its workers' copies may unroll again.
inline constexpr llvm::StringLiteral ParallelRolledProperty =
    "loom.parallel.rolled";

/// How a parallel loop's chunks go to the workers.
enum class ParallelSchedule {
  /// Dealt before the loop: one block per worker, or chunks round-robin.
  Static,
  /// Taken by each worker that is free, in order, chunk after chunk.
  Dynamic,
  /// Taken likewise, each a share of the iterations left (at least the
  /// region's chunk): large first, smaller towards the end.
  Guided,
};

/// A region as a function holds it.
struct ParallelRegion {
  llvm::CallInst *Entry = nullptr;
  /// The node the entry's !loom.parallel.region names; null when a pass
  /// dropped it.
  llvm::MDNode *Id = nullptr;
  llvm::SmallVector<llvm::CallInst *, 2> Exits;
  /// Calls of llvm.loom.parallel.worker and .workers on the region.
  llvm::SmallVector<llvm::CallInst *, 2> Queries;
  /// Calls of llvm.loom.parallel.shared on the region.
  llvm::SmallVector<llvm::CallInst *, 2> SharedMemory;
  /// What else uses the region's token (nothing, in a valid region).
  llvm::SmallVector<llvm::Instruction *, 2> OtherUsers;

  /// How many workers the region asks for (0: as many as the driver has).
  llvm::Value *getWorkers() const;
  /// The schedule: 0 one block of iterations per worker, 1 cyclic, k chunks
  /// of k iterations dealt round-robin.
  llvm::Value *getChunk() const;
};

/// Every region entry in \p F with its exits and queries, in block order.
llvm::SmallVector<ParallelRegion, 4> findParallelRegions(llvm::Function &F);

/// Opens a region before \p EntryPoint and closes it before each of
/// \p ExitPoints, naming it by a new distinct node, which records
/// \p Origin, the region's producer, when given ("openmp").
ParallelRegion
createParallelRegion(llvm::Instruction *EntryPoint,
                     llvm::ArrayRef<llvm::Instruction *> ExitPoints,
                     llvm::Value *Workers, llvm::Value *Chunk,
                     llvm::StringRef Origin = "");

/// The producer \p Region's node records ("openmp"), or an empty string.
llvm::StringRef getParallelRegionOrigin(const ParallelRegion &Region);

/// Says that \p Region runs serially and why: a warning at \p Loc, and a
/// missed-optimization remark of the pass its producer names
/// (`-Rpass-missed=openmp` for OpenMP's regions; `parallel-loops` for the
/// others).
void reportSerialRegion(const ParallelRegion &Region, const llvm::DebugLoc &Loc,
                        const llvm::Twine &Why);

/// Marks the stack memory \p Memory (an alloca before \p Region) shared by
/// \p Region's workers, with a call after its entry.
void markSharedMemory(ParallelRegion &Region, llvm::AllocaInst &Memory);

/// Makes \p L, a loop in simplified form, Loom's parallel loop: a region
/// of \p Workers (i32) workers and chunks of \p Chunk (i64) iterations,
/// values from before the loop, opened before its preheader's branch and
/// closed at its exits, its entry at \p Loc; \p L's memory accesses (those
/// \p Declared accepts, when given) declared independent; \p L marked as
/// the region's work with the reductions \p Reductions.
ParallelRegion makeParallelLoop(
    llvm::Loop &L, llvm::Value *Workers, llvm::Value *Chunk,
    const llvm::DebugLoc &Loc, llvm::ArrayRef<llvm::RecurKind> Reductions,
    llvm::function_ref<bool(const llvm::Instruction &)> Declared = nullptr,
    llvm::StringRef Origin = "");

/// The loop id \p LoopID without the `llvm.loop.unroll.disable` the form
/// added to it (ParallelRolledProperty), for a copy of the loop that is
/// not the region's work any more (a worker's).
llvm::MDNode *releaseRolledLoopID(llvm::MDNode *LoopID);

/// Marks \p L as the work of the region named \p RegionId, whose header
/// phis of kinds \p Reductions are reductions the user declared.
void markParallelLoop(llvm::Loop &L, llvm::MDNode *RegionId,
                      llvm::ArrayRef<llvm::RecurKind> Reductions);

/// Declares every instruction of \p L that may read or write memory (and
/// that \p Declared accepts, when given) free of dependences between
/// iterations, as the user who marks a loop parallel does: puts each in a
/// new access group that \p L's `llvm.loop.parallel_accesses` lists.
void declareIndependentAccesses(
    llvm::Loop &L,
    llvm::function_ref<bool(const llvm::Instruction &)> Declared = nullptr);

/// Gives \p Copy, a loop made from \p Original (an unrolled loop's
/// remainder, one version of an unswitched loop), \p Original's marks: its
/// region, declared reductions and `llvm.loop.parallel_accesses`. Its other
/// properties stay its own.
void copyParallelLoopMarks(llvm::Loop &Copy, const llvm::Loop &Original);

/// Whether everything that uses \p Slot, through address arithmetic, is in
/// \p L: a stack slot private to the loop's iterations, of which each worker
/// may have its own.
bool isPrivateToLoop(const llvm::AllocaInst &Slot, const llvm::Loop &L);

/// The region \p L's id names, or null.
llvm::MDNode *getParallelLoopRegion(const llvm::Loop &L);

/// The reduction kinds \p L's id declares; kinds the form does not know are
/// left out.
llvm::SmallVector<llvm::RecurKind, 4>
getDeclaredReductions(const llvm::Loop &L);

/// Whether a reduction LLVM recognises as \p Kind is one of \p Declared: a
/// chain of fused multiply-adds (FMulAdd) is an `fadd` reduction.
bool isDeclaredReduction(llvm::RecurKind Kind,
                         llvm::ArrayRef<llvm::RecurKind> Declared);

/// The schedule \p L's id declares (static without the property).
ParallelSchedule getParallelLoopSchedule(const llvm::Loop &L);

/// Declares \p Schedule for \p L (static: no property).
void setParallelLoopSchedule(llvm::Loop &L, ParallelSchedule Schedule);

/// Removes Loom's properties from \p L's id, and the
/// `llvm.loop.unroll.disable` the form added; LLVM's own stay.
void unmarkParallelLoop(llvm::Loop &L);

/// Every loop of \p LI whose id names \p RegionId.
llvm::SmallVector<llvm::Loop *, 2>
getLoopsOfRegion(llvm::LoopInfo &LI, const llvm::MDNode *RegionId);

/// Makes \p Region's work serial: each worker query becomes 0 or 1, the
/// entry and exits go, and so do the marks of the loops in \p LI naming it.
void removeParallelRegion(ParallelRegion &Region, llvm::LoopInfo &LI);

/// The form's name of a reduction kind (LLVM's RecurKind: add, mul, and,
/// or, xor, smin, smax, umin, umax, fadd, fmul, fmin, fmax), or empty when
/// the form has none.
llvm::StringRef getReductionName(llvm::RecurKind Kind);
std::optional<llvm::RecurKind> parseReductionName(llvm::StringRef Name);

} // namespace utils
} // namespace compiler

#endif // COMPILER_ANALYSIS_PARALLELLOOPS_H
