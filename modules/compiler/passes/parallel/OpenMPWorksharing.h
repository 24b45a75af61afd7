//===- OpenMPWorksharing.h - OpenMP's runtime calls and loops ---*- C++ -*-===//
///
/// \file
/// What openmp-to-parallel-loops reads of the code Clang 15 (or LLVM's
/// OpenMPIRBuilder) emits for OpenMP: the runtime calls it knows by name,
/// and the worksharing loop a microtask shares out through them, a static
/// schedule's `__kmpc_for_static_init_*` and `__kmpc_for_static_fini` or the
/// others' `__kmpc_dispatch_init_*` and `__kmpc_dispatch_next_*`; and the
/// rewrites that make such a loop the code one thread of a team of one
/// runs.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_PARALLEL_OPENMPWORKSHARING_H
#define COMPILER_PASSES_PARALLEL_OPENMPWORKSHARING_H

#include "compiler/analysis/ParallelLoops.h"

#include "metadata/openmp_kinds.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class DominatorTree;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class Value;
} // namespace llvm

namespace compiler {
namespace utils {
namespace openmp {

/// The OpenMP runtime functions Clang 15 emits for what Loom recognises.
enum class OpenMPCall {
  ForkCall,
  PushNumThreads,
  GlobalThreadNum,
  StaticInit,
  StaticFini,
  /// A dynamic, guided, runtime or auto schedule's loop: the thread takes
  /// chunk after chunk from the runtime until it answers 0.
  DispatchInit,
  DispatchNext,
  /// The combining of a region's reductions, `__kmpc_reduce_nowait` or (a
  /// loop that ends in a barrier, as OpenMPIRBuilder's for DO CONCURRENT's
  /// `reduce`) `__kmpc_reduce`, and its end: the same arguments.
  Reduce,
  EndReduce,
  ThreadNum,
  NumThreads,
  InParallel,
  Barrier,
  /// A critical section's start and end: left as they are, for the
  /// driver's runtime, wherever the loop runs.
  Critical,
  EndCritical,
};

/// The callee of \p I when it is a direct call.
llvm::Function *getCallee(const llvm::Instruction &I);

/// Whether \p Name is OpenMP's: a `__kmpc_*` or `omp_*` function.
bool isOpenMPRuntimeName(llvm::StringRef Name);

/// Whether \p Name is a function of the driver's runtime that any thread
/// may call anywhere, which answers a Loom parallel loop's workers as a
/// region's threads: the `omp_*` routines (locks, the time, levels,
/// settings) and `__kmpc_flush` (a fence, which `flush` and sequentially
/// consistent atomics call).
bool isPlainRuntimeFunction(llvm::StringRef Name);

/// Which of the runtime calls Loom recognises \p I is, if any.
std::optional<OpenMPCall> identifyOpenMPCall(const llvm::Instruction &I);

/// Every call of \p Kind in \p F.
llvm::SmallVector<llvm::CallBase *, 2> findCalls(llvm::Function &F,
                                                 OpenMPCall Kind);

/// libomp's schedule kinds (metadata/openmp_kinds.h): `schedule(static[,
/// chunk])`, `dynamic`, `guided`, `runtime` and `auto`, and the bits of the
/// `monotonic` and `nonmonotonic` modifiers Clang adds to them.
constexpr uint64_t StaticChunked = LOOM_OMP_SCHED_STATIC_CHUNKED;
constexpr uint64_t StaticUnchunked = LOOM_OMP_SCHED_STATIC;
constexpr uint64_t DynamicChunked = LOOM_OMP_SCHED_DYNAMIC_CHUNKED;
constexpr uint64_t GuidedChunked = LOOM_OMP_SCHED_GUIDED_CHUNKED;
constexpr uint64_t RuntimeSchedule = LOOM_OMP_SCHED_RUNTIME;
constexpr uint64_t AutoSchedule = LOOM_OMP_SCHED_AUTO;
constexpr uint64_t ScheduleModifiers = LOOM_OMP_SCHED_MODIFIERS;

/// The runtime calls that share out one worksharing loop: a static
/// schedule's `__kmpc_for_static_init_*` and `__kmpc_for_static_fini`, or
/// the others' `__kmpc_dispatch_init_*` and `__kmpc_dispatch_next_*`.
struct Worksharing {
  llvm::CallBase *Init = nullptr;
  /// The fini call, or the dispatch's next.
  llvm::CallBase *FiniOrNext = nullptr;
  /// The schedule kind, without modifiers; 0 for one Loom does not run (an
  /// `ordered` loop's).
  uint64_t Kind = 0;

  bool isDispatch() const { return Kind >= DynamicChunked; }
  /// Whether the iterations are the loop inside a loop over chunks.
  bool hasChunkLoop() const { return Kind != StaticUnchunked; }
  /// Where the runtime leaves the upper bound of the thread's iterations.
  llvm::Value *getUpperSlot() const;
  /// The last-iteration flag the runtime sets.
  llvm::Value *getLastFlag() const;
  /// The schedule Loom's parallel loop takes: a `runtime` schedule is
  /// static (Loom reads no OMP_SCHEDULE), and so is `auto`, the compiler's
  /// choice.
  ParallelSchedule getParallelSchedule() const;
  /// The chunk Loom's parallel loop takes (i64 0: one block per worker).
  llvm::Value *getChunk() const;
  /// Whether the loop is a `sections` construct's, over its sections (the
  /// source location Clang passes the init says so).
  bool sharesSections() const;
  /// The first instruction after the worksharing loop: the fini call, or
  /// where the dispatch loop, the loop of \p LI around the next call,
  /// leaves to. Null when that loop has several exits.
  llvm::Instruction *getEnd(const llvm::LoopInfo &LI) const;
};

/// The worksharing loop of \p Inits and \p Ends (the init calls and the
/// fini or next calls of one kind), if there is one of each.
std::optional<Worksharing>
findWorksharing(llvm::ArrayRef<llvm::CallBase *> Inits,
                llvm::ArrayRef<llvm::CallBase *> Ends);

/// The loop \p Shared shares out: the outermost loop after its init that
/// every path to its end (\p End) passes, or, for a chunked or dispatched
/// schedule, the one loop inside that one. Null when there is no such loop,
/// or several.
llvm::Loop *findWorksharingLoop(llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                                const Worksharing &Shared,
                                const llvm::Instruction &End);

/// Says that the counter of \p L's iterations never wraps (see the
/// definition); \p UpperSlot is where the runtime leaves the upper bound.
void markCounterNoWrap(const llvm::Loop &L, const llvm::Value *UpperSlot);

/// Replaces \p Shared's calls by what one thread of a team of one would get
/// from them: every iteration, and the last.
void runAsOneThread(const Worksharing &Shared);

} // namespace openmp
} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_PARALLEL_OPENMPWORKSHARING_H
