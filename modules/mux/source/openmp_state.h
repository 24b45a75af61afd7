//===- openmp_state.h - The OpenMP runtime's per-thread state --*- C++ -*-===//
///
/// \file
/// What the parts of the driver's OpenMP runtime share (openmp_runtime.cpp:
/// forks, leagues, threadprivate data and the `omp_*` routines;
/// openmp_schedules.cpp: worksharing loops; openmp_sync.cpp: barriers,
/// `single`, critical sections, reductions and locks): the state of a
/// team, the calling thread's place in it, and each part's table of the
/// entry points it provides.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_OPENMP_STATE_H
#define MUX_SOURCE_OPENMP_STATE_H

#include "openmp_tasks.h"

#include "metadata/openmp_kinds.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace mux {

class TeamLaunch;

/// One dispatched worksharing loop of a team (`__kmpc_dispatch_init_*`):
/// its iterations counted from 0, and how many the team's threads have
/// taken so far.
struct DispatchedLoop {
  bool Started = false;
  __int128 First = 0, Step = 1;
  uint64_t Trips = 0;
  uint64_t Chunk = 1;
  int32_t Kind = LOOM_OMP_SCHED_DYNAMIC_CHUNKED;
  std::atomic<uint64_t> Taken{0};
  /// An `ordered` loop's: the iteration whose ordered block runs next.
  bool Ordered = false;
  std::atomic<uint64_t> OrderedTurn{0};
};

/// One doacross loop of a team (`ordered(n)` with `depend(sink)` and
/// `depend(source)`, `__kmpc_doacross_init`): its iteration space, and
/// which iterations have posted (`depend(source)`), one bit each, counted
/// in lexicographic order. Past what memory holds, every iteration posts in
/// order instead, after the one before it (stronger than OpenMP asks).
struct DoacrossLoop {
  struct Dimension {
    int64_t Lower = 0, Step = 1;
    uint64_t Trips = 0;
  };
  bool Started = false;
  std::vector<Dimension> Dimensions;
  uint64_t Iterations = 0;
  std::unique_ptr<std::atomic<uint64_t>[]> Posted;
  /// Without the bits: the iterations that have posted, all the earliest.
  std::atomic<uint64_t> PostedInOrder{0};
};

/// A team's barrier: it opens once every member has arrived and every
/// task of the team has finished; the members run queued tasks meanwhile.
struct TeamBarrier {
  std::atomic<uint32_t> Arrived{0};
  /// How many times it has opened.
  std::atomic<uint32_t> Round{0};
};

/// What a team's threads share: its dispatched loops, in the order each
/// thread meets them (a thread may be on a later loop than another: a
/// `nowait` loop has no barrier after it), its barrier, the `single`
/// constructs its threads have taken, what a `single`'s copyprivate
/// broadcasts, and its tasks.
struct TeamState {
  std::mutex Lock;
  std::deque<DispatchedLoop> Loops;
  std::deque<DoacrossLoop> DoacrossLoops;
  /// The threads the team runs on.
  TeamLaunch *Launch = nullptr;
  TeamBarrier Barrier;
  std::atomic<uint32_t> SinglesTaken{0};
  std::atomic<void *> CopyPrivate{nullptr};
  TeamTasks Tasks;
};

/// The internal control variables (OpenMP's ICVs) of an implicit task's
/// data environment that its routines set and read, which the implicit
/// tasks of a region it forks start with. Their initial values are
/// libomp's defaults; Loom reads no OMP_* environment variable.
struct DataEnvironment {
  /// nthreads-var as `omp_set_num_threads` set it (0: unset, the pool's
  /// size).
  uint32_t NumThreads = 0;
  /// thread-limit-var: a `teams` construct's `thread_limit` (0: none).
  uint32_t ThreadLimit = 0;
  /// dyn-var: whether the runtime may give a region fewer threads than it
  /// asks (it never does).
  bool Dynamic = false;
  /// max-active-levels-var, at most LOOM_OMP_SUPPORTED_ACTIVE_LEVELS.
  int32_t MaxActiveLevels = LOOM_OMP_SUPPORTED_ACTIVE_LEVELS;
  /// run-sched-var, which `schedule(runtime)` loops take: an omp_sched_t
  /// kind, with its modifier, and a chunk (0: none).
  int32_t RunScheduleKind = LOOM_OMP_KIND_STATIC;
  int32_t RunScheduleChunk = 0;
  /// default-device-var: the host's number, as `omp_get_initial_device`.
  int32_t DefaultDevice = 0;
  /// def-allocator-var: omp_default_mem_alloc's handle, or another
  /// allocator's (openmp_memory.cpp).
  uintptr_t DefaultAllocator = 1;
  /// nteams-var and teams-thread-limit-var (OpenMP 5.1): what a `teams`
  /// without `num_teams` or `thread_limit` takes (0: unset).
  uint32_t NumTeams = 0;
  uint32_t TeamsThreadLimit = 0;
};

/// The calling thread's place in the team running it: thread 0 of a team
/// of 1 outside any parallel region.
struct TeamMember {
  uint32_t Index = 0;
  uint32_t Size = 1;
  /// The parallel regions around it, and how many of those are active (of
  /// more than one thread).
  uint32_t Level = 0;
  uint32_t ActiveLevel = 0;
  /// The member that forked its region (null outside any region): a copy
  /// that lives as long as the region.
  const TeamMember *Parent = nullptr;
  /// The league it runs a team of (`teams`): its team's number and the
  /// number of teams (one team outside `teams`).
  uint32_t LeagueIndex = 0;
  uint32_t LeagueSize = 1;
  DataEnvironment Icvs;
  /// Null outside a region: the thread is a team of its own.
  TeamState *Team = nullptr;
  /// How many dispatched loops it has started, and the one it is in.
  uint32_t LoopsStarted = 0;
  DispatchedLoop *Current = nullptr;
  /// A static schedule's next chunk of this thread, by number.
  uint64_t NextChunk = 0;
  /// In an `ordered` loop: the iteration it runs (counted from 0), and
  /// whether that iteration's ordered block has run.
  uint64_t OrderedIteration = 0;
  bool OrderedDone = false;
  /// The launch its team's threadprivate copies belong to (0: none).
  uint64_t Epoch = 0;
  /// How many `single` constructs it has met.
  uint32_t SinglesMet = 0;
  /// How many doacross loops it has started, and the one it is in.
  uint32_t DoacrossStarted = 0;
  DoacrossLoop *CurrentDoacross = nullptr;
};

/// The calling thread's place in its team.
extern thread_local TeamMember Member;

/// Waits until every member of the calling thread's team has come here
/// and every task of the team has finished, running queued tasks meanwhile
/// (nothing for a team of one). A member of a cancelled team leaves it.
void waitAtBarrier();

/// Releases the runtime's locks the calling thread holds for kernel code
/// (critical sections, reductions, omp locks), latest first.
void releaseHeldLocks();

/// One entry point of the runtime, by the name kernels call it.
struct RuntimeFunction {
  std::string_view Name;
  void *Address;
};

template <typename F> void *address(F *Function) {
  return reinterpret_cast<void *>(Function);
}

/// The address of \p Name in \p Table, or null.
template <size_t N>
void *lookUp(const RuntimeFunction (&Table)[N], std::string_view Name) {
  for (const RuntimeFunction &Function : Table)
    if (Function.Name == Name)
      return Function.Address;
  return nullptr;
}

/// The entry points of worksharing loops (openmp_schedules.cpp) and of
/// synchronization (openmp_sync.cpp) named \p Name, or null.
void *findScheduleFunction(std::string_view Name);
void *findSyncFunction(std::string_view Name);
void *findMemoryFunction(std::string_view Name);

} // namespace mux

#endif // MUX_SOURCE_OPENMP_STATE_H
