//===- openmp_runtime.cpp - The driver's OpenMP runtime -------------------===//
///
/// \file
/// See openmp_runtime.h. The functions follow the entry points of LLVM's
/// OpenMP runtime interface (kmp.h) that Clang 15 calls. This part forks
/// teams and leagues and keeps threadprivate data and what the `omp_*`
/// routines answer; openmp_schedules.cpp shares worksharing loops out,
/// openmp_sync.cpp synchronizes, openmp_tasks.cpp runs tasks.
///
//===----------------------------------------------------------------------===//

#include "openmp_runtime.h"

#include "kernel_faults.h"
#include "openmp_state.h"
#include "openmp_tasks.h"
#include "openmp_team.h"
#include "thread_pool.h"

#include "metadata/abi.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace mux {

thread_local TeamMember Member;

namespace {

/// The `thread_limit` and `num_teams` `__kmpc_push_num_teams` asked of the
/// next league.
thread_local uint32_t PushedThreadLimit = 0;
thread_local uint32_t PushedTeams = 0;
/// The team size `__kmpc_push_num_threads` asked of the next fork (0: the
/// pool's).
thread_local uint32_t PushedTeamSize = 0;

/// Each kernel launch's worker starts an epoch of threadprivate data
/// (startOpenMPInitialThread): its teams' copies belong to it.
std::atomic<uint64_t> EpochCount{0};
thread_local uint64_t LaunchEpoch = 0;

/// The epoch of the calling thread's threadprivate data: its launch's, or
/// the launch of the kernel thread whose region it is a member of.
uint64_t currentEpoch() { return Member.Epoch ? Member.Epoch : LaunchEpoch; }

/// Member \p Index of a region of \p Size threads that \p Parent forks,
/// of \p Team (null for one whose members never wait for each other);
/// active unless its threads run one after another (\p Active false).
TeamMember memberOf(const TeamMember &Parent, uint32_t Index, uint32_t Size,
                    TeamState *Team, bool Active) {
  TeamMember Child;
  Child.Index = Index;
  Child.Size = Size;
  Child.Team = Team;
  Child.Level = Parent.Level + 1;
  Child.ActiveLevel = Parent.ActiveLevel + (Active ? 1 : 0);
  Child.Parent = &Parent;
  Child.LeagueIndex = Parent.LeagueIndex;
  Child.LeagueSize = Parent.LeagueSize;
  Child.Icvs = Parent.Icvs;
  Child.Epoch = Parent.Epoch;
  return Child;
}

constexpr unsigned MaxArguments = LOOM_OPENMP_MAX_REGION_ARGUMENTS;

/// One fork: the outlined function, its arguments, the team's size.
struct Region {
  void *Microtask = nullptr;
  uint32_t ArgumentCount = 0;
  std::array<void *, MaxArguments> Arguments{};
  uint32_t TeamSize = 1;
  /// The forking thread's place, as it was at the fork.
  TeamMember Parent;
  TeamState Team;
};

/// Calls \p Microtask as `void(int32_t *gtid, int32_t *btid, void *...)`
/// with the first sizeof...(I) of \p Arguments.
template <size_t... I>
void callMicrotask(void *Microtask, int32_t *ThreadId, int32_t *BoundId,
                   void *const *Arguments, std::index_sequence<I...>) {
  using Function = void (*)(int32_t *, int32_t *,
                            std::conditional_t<true, void *, decltype(I)>...);
  reinterpret_cast<Function>(Microtask)(ThreadId, BoundId, Arguments[I]...);
}

using MicrotaskCaller = void (*)(void *, int32_t *, int32_t *, void *const *);

/// One caller per argument count, 0 to MaxArguments.
template <size_t... Count>
constexpr std::array<MicrotaskCaller, sizeof...(Count)>
makeMicrotaskCallers(std::index_sequence<Count...>) {
  return {[](void *Microtask, int32_t *ThreadId, int32_t *BoundId,
             void *const *Arguments) {
    callMicrotask(Microtask, ThreadId, BoundId, Arguments,
                  std::make_index_sequence<Count>());
  }...};
}

constexpr auto MicrotaskCallers =
    makeMicrotaskCallers(std::make_index_sequence<MaxArguments + 1>());

/// The workers a team may have: the calling worker's pool.
uint32_t poolSize() {
  ThreadPool *Pool = ThreadPool::current();
  return Pool ? Pool->size() : 1;
}

/// Team member \p Index of the region \p Context points at.
void runTeamMember(void *Context, uint32_t Index) {
  Region &R = *static_cast<Region *>(Context);
  TeamMember Outer = Member;
  Member = memberOf(R.Parent, Index, R.TeamSize, &R.Team, R.TeamSize > 1);
  {
    ImplicitTask Implicit(R.TeamSize > 1 ? &R.Team.Tasks : nullptr, Index,
                          R.Team.Launch);
    int32_t ThreadId = static_cast<int32_t>(Index);
    int32_t BoundId = ThreadId;
    MicrotaskCallers[R.ArgumentCount](R.Microtask, &ThreadId, &BoundId,
                                      R.Arguments.data());
    // The region's end: its tasks run before any member leaves.
    waitAtBarrier();
  }
  Member = Outer;
}

/// Runs \p Microtask with \p Arguments (\p ArgumentCount of them) on a new
/// team; returns a member's fault, once the team's state is gone.
std::optional<KernelFault> runTeam(void *Microtask, uint32_t ArgumentCount,
                                   void *const *Arguments) {
  Region R;
  R.Microtask = Microtask;
  R.ArgumentCount = ArgumentCount;
  std::copy(Arguments, Arguments + ArgumentCount, R.Arguments.begin());
  uint32_t Asked = PushedTeamSize;
  PushedTeamSize = 0;
  R.Parent = Member;
  // A region inside an active one runs on a team of one (as every region
  // does once max-active-levels-var says so). The members run at once,
  // each on a thread of its own.
  uint32_t Size = Asked ? Asked : defaultTeamSize(poolSize());
  if (Member.Icvs.ThreadLimit)
    Size = std::min(Size, Member.Icvs.ThreadLimit);
  TeamLaunch Launch(nestedRegionsInactive() ? 1 : Size);
  R.TeamSize = Launch.size();
  R.Team.Launch = &Launch;
  R.Team.Tasks.setMembers(R.TeamSize);
  return Launch.run(runTeamMember, &R);
}

/// `__kmpc_fork_call(loc, argc, microtask, ...)`. A member's fault is the
/// kernel's: raised here, where no object needs destroying, as the jump to
/// the kernel's catch point destroys none.
void forkCall(void *, int32_t ArgumentCount, void *Microtask, ...) {
  // The compiler refuses regions with more; the bound keeps a corrupt
  // binary inside the array.
  const auto Count = static_cast<uint32_t>(
      std::clamp<int32_t>(ArgumentCount, 0, MaxArguments));
  std::array<void *, MaxArguments> Arguments{};
  va_list List;
  va_start(List, Microtask);
  for (uint32_t I = 0; I < Count; ++I)
    Arguments[I] = va_arg(List, void *);
  va_end(List);
  if (std::optional<KernelFault> Fault =
          runTeam(Microtask, Count, Arguments.data()))
    raiseKernelFault(*Fault);
}

/// `__kmpc_push_num_teams(loc, gtid, num_teams, thread_limit)`: the next
/// league's teams and the threads each may have.
void pushNumTeams(void *, int32_t, int32_t Teams, int32_t Limit) {
  PushedTeams = Teams > 0 ? static_cast<uint32_t>(Teams) : 0;
  PushedThreadLimit = Limit > 0 ? static_cast<uint32_t>(Limit) : 0;
}

/// `__kmpc_fork_teams(loc, argc, microtask, ...)`: a league of the teams
/// `num_teams` asks (one without it), one after another with the calling
/// thread as each's initial thread (teams cannot wait for each other); a
/// `parallel` inside one is active, of at most `thread_limit` threads.
void forkTeams(void *, int32_t ArgumentCount, void *Microtask, ...) {
  std::array<void *, MaxArguments> Arguments{};
  const auto Count = static_cast<uint32_t>(
      std::clamp<int32_t>(ArgumentCount, 0, MaxArguments));
  va_list List;
  va_start(List, Microtask);
  for (uint32_t I = 0; I < Count; ++I)
    Arguments[I] = va_arg(List, void *);
  va_end(List);
  const TeamMember Outer = Member;
  const DataEnvironment &Icvs = Outer.Icvs;
  Member.Icvs.ThreadLimit =
      PushedThreadLimit ? PushedThreadLimit : Icvs.TeamsThreadLimit;
  Member.LeagueSize =
      PushedTeams ? PushedTeams : (Icvs.NumTeams ? Icvs.NumTeams : 1);
  PushedThreadLimit = 0;
  PushedTeams = 0;
  for (Member.LeagueIndex = 0; Member.LeagueIndex < Member.LeagueSize;
       ++Member.LeagueIndex) {
    int32_t ThreadId = static_cast<int32_t>(Member.Index);
    int32_t BoundId = ThreadId;
    MicrotaskCallers[Count](Microtask, &ThreadId, &BoundId, Arguments.data());
  }
  Member = Outer;
}

int ompGetNumTeams() { return static_cast<int>(Member.LeagueSize); }
int ompGetTeamNum() { return static_cast<int>(Member.LeagueIndex); }

/// `omp_set_num_teams(n)` and `omp_get_max_teams()`: nteams-var (a
/// non-positive n changes nothing); `omp_set_teams_thread_limit(n)` and
/// `omp_get_teams_thread_limit()`: teams-thread-limit-var (likewise).
void ompSetNumTeams(int Teams) {
  if (Teams > 0)
    Member.Icvs.NumTeams = static_cast<uint32_t>(Teams);
}
int ompGetMaxTeams() { return static_cast<int>(Member.Icvs.NumTeams); }
void ompSetTeamsThreadLimit(int Limit) {
  if (Limit > 0)
    Member.Icvs.TeamsThreadLimit = static_cast<uint32_t>(Limit);
}
int ompGetTeamsThreadLimit() {
  return static_cast<int>(Member.Icvs.TeamsThreadLimit);
}

/// `omp_control_tool(command, modifier, arg)`: no tool is attached.
int ompControlTool(int, int, void *) { return LOOM_OMP_CONTROL_TOOL_NOTOOL; }

/// The teams the calling thread was in before each serialized region it is
/// in (`__kmpc_serialized_parallel`), innermost last.
struct OuterTeam {
  TeamMember Member;
  /// The team it queued tasks on: a serialized region's run at once.
  TeamTasks *Tasks;
};
/// A deque: the members of the regions inside point at their elements.
thread_local std::deque<OuterTeam> OuterTeams;

/// `__kmpc_serialized_parallel(loc, gtid)`: a parallel region whose `if`
/// clause was false, which the calling thread runs itself as a team of one
/// (the compiler calls the outlined function directly).
void serializedParallel(void *, int32_t) {
  OuterTeams.push_back({Member, replaceTaskTeam(nullptr)});
  Member = memberOf(OuterTeams.back().Member, 0, 1, nullptr, false);
  PushedTeamSize = 0;
}

/// `__kmpc_end_serialized_parallel(loc, gtid)`: back in the team it was in.
void endSerializedParallel(void *, int32_t) {
  if (OuterTeams.empty())
    return;
  Member = OuterTeams.back().Member;
  replaceTaskTeam(OuterTeams.back().Tasks);
  OuterTeams.pop_back();
}

/// `__kmpc_push_proc_bind(loc, gtid, policy)`: `proc_bind`, a placement
/// hint for the next fork's threads, which run wherever the system puts
/// them: nothing to do.
void pushProcBind(void *, int32_t, int32_t) {}

/// `__kmpc_push_num_threads(loc, gtid, n)`: the next fork's team size.
void pushNumThreads(void *, int32_t, int32_t Count) {
  PushedTeamSize = Count > 0 ? static_cast<uint32_t>(Count) : 0;
}

/// `__kmpc_global_thread_num(loc)`.
int32_t globalThreadNum(void *) { return static_cast<int32_t>(Member.Index); }

/// A threadprivate variable's bytes as they were when the epoch first
/// asked for it: what the other threads' copies start from (OpenMP: as the
/// variable was initialized).
struct ThreadprivateImages {
  std::mutex Lock;
  std::map<std::pair<uint64_t, const void *>, std::vector<char>> Images;
};

ThreadprivateImages &threadprivateImages() {
  // Never destroyed: a worker may ask at exit.
  static auto *Images = new ThreadprivateImages;
  return *Images;
}

/// The image of \p Data (\p Size bytes) in \p Epoch, taken now if it was
/// not yet.
std::vector<char> threadprivateImage(uint64_t Epoch, const void *Data,
                                     size_t Size) {
  ThreadprivateImages &All = threadprivateImages();
  std::lock_guard<std::mutex> Guard(All.Lock);
  auto [It, New] = All.Images.try_emplace({Epoch, Data});
  if (New) {
    const auto *Bytes = static_cast<const char *>(Data);
    It->second.assign(Bytes, Bytes + Size);
  }
  return It->second;
}

void forgetThreadprivateImages(uint64_t Epoch) {
  if (!Epoch)
    return;
  ThreadprivateImages &All = threadprivateImages();
  std::lock_guard<std::mutex> Guard(All.Lock);
  auto It = All.Images.lower_bound({Epoch, nullptr});
  while (It != All.Images.end() && It->first.first == Epoch)
    It = All.Images.erase(It);
}

/// The calling thread's copy of one threadprivate variable.
struct ThreadprivateCopy {
  uint64_t Epoch = 0;
  /// Where the copy is: the variable itself on a thread that is no team
  /// thread of the runtime's.
  void *Address = nullptr;
  std::vector<std::max_align_t> Storage;
};

thread_local std::unordered_map<const void *, ThreadprivateCopy>
    ThreadprivateCopies;

/// `__kmpc_threadprivate_cached(loc, gtid, data, size, cache)`: the calling
/// thread's copy of the threadprivate variable \p Data. The thread that
/// runs the kernel (member 0 of its teams) has the variable itself; every
/// team thread a copy of its own, made from the variable's image of the
/// launch at its first use in the launch, and kept while the launch runs
/// (each forking thread's member I runs on the same thread every time).
void *threadprivateCached(void *, int32_t, void *Data, size_t Size, void ***) {
  const uint64_t Epoch = currentEpoch();
  ThreadprivateCopy &Copy = ThreadprivateCopies[Data];
  if (Copy.Address && Copy.Epoch == Epoch)
    return Copy.Address;
  Copy.Epoch = Epoch;
  std::vector<char> Image = threadprivateImage(Epoch, Data, Size);
  if (!isTeamThread()) {
    Copy.Address = Data;
    return Data;
  }
  Copy.Storage.assign((Size + sizeof(std::max_align_t) - 1) /
                          sizeof(std::max_align_t),
                      std::max_align_t());
  std::memcpy(Copy.Storage.data(), Image.data(), Size);
  Copy.Address = Copy.Storage.data();
  return Copy.Address;
}

int ompGetThreadNum() { return static_cast<int>(Member.Index); }
int ompGetNumThreads() { return static_cast<int>(Member.Size); }
int ompGetMaxThreads() { return static_cast<int>(defaultTeamSize(poolSize())); }

/// `omp_set_num_threads(n)`: the team size of the calling thread's next
/// regions that ask for none (n must be positive; other values change
/// nothing).
void ompSetNumThreads(int Count) {
  if (Count > 0)
    Member.Icvs.NumThreads = static_cast<uint32_t>(Count);
}

/// `omp_in_parallel()`: whether an active region encloses the calling
/// thread.
int ompInParallel() { return Member.ActiveLevel > 0; }

/// `omp_get_level()` and `omp_get_active_level()`: the regions around the
/// calling thread, and the active ones among them.
int ompGetLevel() { return static_cast<int>(Member.Level); }
int ompGetActiveLevel() { return static_cast<int>(Member.ActiveLevel); }

/// The calling thread's ancestor at \p Level (itself at its own level), or
/// null past either end.
const TeamMember *ancestorAt(int Level) {
  if (Level < 0 || static_cast<uint32_t>(Level) > Member.Level)
    return nullptr;
  const TeamMember *Ancestor = &Member;
  while (Ancestor && Ancestor->Level > static_cast<uint32_t>(Level))
    Ancestor = Ancestor->Parent;
  return Ancestor;
}

/// `omp_get_ancestor_thread_num(level)` and `omp_get_team_size(level)`: the
/// thread number of the calling thread's ancestor at \p Level, and the size
/// of its team; -1 for a level that is none of the calling thread's.
int ompGetAncestorThreadNum(int Level) {
  const TeamMember *Ancestor = ancestorAt(Level);
  return Ancestor ? static_cast<int>(Ancestor->Index) : -1;
}
int ompGetTeamSize(int Level) {
  const TeamMember *Ancestor = ancestorAt(Level);
  return Ancestor ? static_cast<int>(Ancestor->Size) : -1;
}

/// `omp_set_dynamic(flag)` and `omp_get_dynamic()`: dyn-var, which allows
/// the runtime to give a region fewer threads than it asks; Loom's never
/// does.
void ompSetDynamic(int Flag) { Member.Icvs.Dynamic = Flag != 0; }
int ompGetDynamic() { return Member.Icvs.Dynamic; }

/// `omp_set_max_active_levels(n)` and `omp_get_max_active_levels()`:
/// max-active-levels-var, at most the supported levels; a negative n
/// changes nothing.
void ompSetMaxActiveLevels(int Levels) {
  if (Levels >= 0)
    Member.Icvs.MaxActiveLevels =
        std::min(Levels, LOOM_OMP_SUPPORTED_ACTIVE_LEVELS);
}
int ompGetMaxActiveLevels() { return Member.Icvs.MaxActiveLevels; }
int ompGetSupportedActiveLevels() { return LOOM_OMP_SUPPORTED_ACTIVE_LEVELS; }

/// `omp_set_nested(flag)` and `omp_get_nested()`, deprecated for the
/// above: nesting on is as many active levels as supported, off is one.
void ompSetNested(int Flag) {
  ompSetMaxActiveLevels(Flag ? LOOM_OMP_SUPPORTED_ACTIVE_LEVELS : 1);
}
int ompGetNested() { return Member.Icvs.MaxActiveLevels > 1; }

/// `omp_get_thread_limit()`: thread-limit-var, a `teams` construct's
/// `thread_limit`, else no limit (libomp's INT_MAX).
int ompGetThreadLimit() {
  return Member.Icvs.ThreadLimit ? static_cast<int>(Member.Icvs.ThreadLimit)
                                 : std::numeric_limits<int>::max();
}

/// `omp_set_schedule(kind, chunk)`: run-sched-var, which `schedule(runtime)`
/// loops take. As libomp: an unknown kind is static; a chunk below 1 is
/// none for static, 1 for the others, and auto takes none.
void ompSetSchedule(int32_t Kind, int Chunk) {
  const int32_t Modifier = Kind & static_cast<int32_t>(LOOM_OMP_KIND_MONOTONIC);
  int32_t Plain = Kind & ~static_cast<int32_t>(LOOM_OMP_KIND_MONOTONIC);
  if (Plain < LOOM_OMP_KIND_STATIC || Plain > LOOM_OMP_KIND_AUTO) {
    Member.Icvs.RunScheduleKind = LOOM_OMP_KIND_STATIC;
    Member.Icvs.RunScheduleChunk = 0;
    return;
  }
  Member.Icvs.RunScheduleKind = Plain | Modifier;
  if (Plain == LOOM_OMP_KIND_STATIC)
    Member.Icvs.RunScheduleChunk = std::max(Chunk, 0);
  else if (Plain == LOOM_OMP_KIND_AUTO)
    Member.Icvs.RunScheduleChunk = 1;
  else
    Member.Icvs.RunScheduleChunk = std::max(Chunk, 1);
}

/// `omp_get_schedule(&kind, &chunk)`.
void ompGetSchedule(int32_t *Kind, int *Chunk) {
  *Kind = Member.Icvs.RunScheduleKind;
  *Chunk = Member.Icvs.RunScheduleChunk;
}

/// `omp_get_proc_bind()`: bind-var, false (Loom reads no OMP_PROC_BIND and
/// places no thread).
int ompGetProcBind() { return 0; }

/// The devices: the host alone, the initial device, numbered as OpenMP 5
/// numbers it (after the target devices, of which there are none).
/// default-device-var is kept for `omp_get_default_device` alone.
int ompGetNumDevices() { return 0; }
int ompGetInitialDevice() { return ompGetNumDevices(); }
int ompIsInitialDevice() { return 1; }
int ompGetDeviceNum() { return ompGetInitialDevice(); }

/// `omp_pause_resource(kind, device)` and `omp_pause_resource_all(kind)`:
/// the runtime holds nothing between regions to give back, so pausing
/// succeeds (0), on the host, the one device (-1 for another).
int ompPauseResource(int, int Device) {
  return Device == ompGetInitialDevice() ? 0 : -1;
}
int ompPauseResourceAll(int) { return 0; }
void ompSetDefaultDevice(int Device) { Member.Icvs.DefaultDevice = Device; }
int ompGetDefaultDevice() { return Member.Icvs.DefaultDevice; }

/// `omp_get_max_task_priority()`: max-task-priority-var, 0 (no
/// OMP_MAX_TASK_PRIORITY): a task's `priority` is a hint not taken.
int ompGetMaxTaskPriority() { return 0; }

/// The place list: one place, every processor of the pool (Loom reads no
/// OMP_PLACES), which every thread's partition is.
int ompGetNumPlaces() { return 1; }
int ompGetPlaceNumProcs(int Place) {
  return Place == 0 ? static_cast<int>(poolSize()) : 0;
}
void ompGetPlaceProcIds(int Place, int *Ids) {
  if (Place == 0)
    for (uint32_t Proc = 0; Proc < poolSize(); ++Proc)
      Ids[Proc] = static_cast<int>(Proc);
}
int ompGetPlaceNum() { return 0; }
int ompGetPartitionNumPlaces() { return 1; }
void ompGetPartitionPlaceNums(int *Places) { Places[0] = 0; }

/// `omp_get_num_procs()`: the processors a team may run on, the pool's
/// workers.
int ompGetNumProcs() { return static_cast<int>(poolSize()); }

/// `omp_get_wtime()`: seconds from a fixed point in the past.
double ompGetWtime() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// `omp_get_wtick()`: the resolution of omp_get_wtime, in seconds.
double ompGetWtick() {
  using Period = std::chrono::steady_clock::period;
  return static_cast<double>(Period::num) / static_cast<double>(Period::den);
}

const RuntimeFunction RuntimeFunctions[] = {
    {"__kmpc_fork_call", address(&forkCall)},
    {"__kmpc_push_num_threads", address(&pushNumThreads)},
    {"__kmpc_push_proc_bind", address(&pushProcBind)},
    {"__kmpc_push_num_teams", address(&pushNumTeams)},
    {"__kmpc_fork_teams", address(&forkTeams)},
    {"omp_get_num_teams", address(&ompGetNumTeams)},
    {"omp_get_team_num", address(&ompGetTeamNum)},
    {"__kmpc_serialized_parallel", address(&serializedParallel)},
    {"__kmpc_end_serialized_parallel", address(&endSerializedParallel)},
    {"__kmpc_global_thread_num", address(&globalThreadNum)},
    {"__kmpc_threadprivate_cached", address(&threadprivateCached)},
    {"omp_get_thread_num", address(&ompGetThreadNum)},
    {"omp_get_num_threads", address(&ompGetNumThreads)},
    {"omp_get_max_threads", address(&ompGetMaxThreads)},
    {"omp_set_num_threads", address(&ompSetNumThreads)},
    {"omp_in_parallel", address(&ompInParallel)},
    {"omp_get_level", address(&ompGetLevel)},
    {"omp_get_active_level", address(&ompGetActiveLevel)},
    {"omp_get_ancestor_thread_num", address(&ompGetAncestorThreadNum)},
    {"omp_get_team_size", address(&ompGetTeamSize)},
    {"omp_set_dynamic", address(&ompSetDynamic)},
    {"omp_get_dynamic", address(&ompGetDynamic)},
    {"omp_set_max_active_levels", address(&ompSetMaxActiveLevels)},
    {"omp_get_max_active_levels", address(&ompGetMaxActiveLevels)},
    {"omp_get_supported_active_levels", address(&ompGetSupportedActiveLevels)},
    {"omp_set_nested", address(&ompSetNested)},
    {"omp_get_nested", address(&ompGetNested)},
    {"omp_get_thread_limit", address(&ompGetThreadLimit)},
    {"omp_set_schedule", address(&ompSetSchedule)},
    {"omp_get_schedule", address(&ompGetSchedule)},
    {"omp_get_proc_bind", address(&ompGetProcBind)},
    {"omp_get_num_devices", address(&ompGetNumDevices)},
    {"omp_get_initial_device", address(&ompGetInitialDevice)},
    {"omp_pause_resource", address(&ompPauseResource)},
    {"omp_pause_resource_all", address(&ompPauseResourceAll)},
    {"omp_control_tool", address(&ompControlTool)},
    {"omp_set_num_teams", address(&ompSetNumTeams)},
    {"omp_get_max_teams", address(&ompGetMaxTeams)},
    {"omp_set_teams_thread_limit", address(&ompSetTeamsThreadLimit)},
    {"omp_get_teams_thread_limit", address(&ompGetTeamsThreadLimit)},
    {"omp_is_initial_device", address(&ompIsInitialDevice)},
    {"omp_get_device_num", address(&ompGetDeviceNum)},
    {"omp_set_default_device", address(&ompSetDefaultDevice)},
    {"omp_get_default_device", address(&ompGetDefaultDevice)},
    {"omp_get_max_task_priority", address(&ompGetMaxTaskPriority)},
    {"omp_get_num_places", address(&ompGetNumPlaces)},
    {"omp_get_place_num_procs", address(&ompGetPlaceNumProcs)},
    {"omp_get_place_proc_ids", address(&ompGetPlaceProcIds)},
    {"omp_get_place_num", address(&ompGetPlaceNum)},
    {"omp_get_partition_num_places", address(&ompGetPartitionNumPlaces)},
    {"omp_get_partition_place_nums", address(&ompGetPartitionPlaceNums)},
    {"omp_get_num_procs", address(&ompGetNumProcs)},
    {"omp_get_wtime", address(&ompGetWtime)},
    {"omp_get_wtick", address(&ompGetWtick)},
};

} // namespace

bool nestedRegionsInactive() {
  return Member.ActiveLevel >=
         static_cast<uint32_t>(Member.Icvs.MaxActiveLevels);
}

uint32_t defaultTeamSize(uint32_t PoolSize) {
  const DataEnvironment &Icvs = Member.Icvs;
  const uint32_t Size = Icvs.NumThreads ? Icvs.NumThreads : PoolSize;
  return Icvs.ThreadLimit ? std::min(Size, Icvs.ThreadLimit) : Size;
}

void startOpenMPInitialThread() {
  forgetThreadprivateImages(LaunchEpoch);
  LaunchEpoch = ++EpochCount;
  Member = TeamMember();
  Member.Epoch = LaunchEpoch;
  PushedTeamSize = 0;
  PushedThreadLimit = 0;
  PushedTeams = 0;
  OuterTeams.clear();
}

namespace {

/// A Loom parallel loop's call of `__loom_parallel_map`: its members' body,
/// and the calling thread's place, as it was at the call.
struct LoopTeam {
  void (*Fn)(void *, uint32_t);
  void *Ctx;
  uint32_t Size;
  bool Active;
  TeamMember Parent;
};

void runLoopMember(void *Context, uint32_t Index) {
  const LoopTeam &Loop = *static_cast<const LoopTeam *>(Context);
  TeamMember Outer = Member;
  // An inactive region is a team of one, whose thread 0 runs every index.
  Member = Loop.Active ? memberOf(Loop.Parent, Index, Loop.Size, nullptr, true)
                       : memberOf(Loop.Parent, 0, 1, nullptr, false);
  {
    ImplicitTask Implicit(nullptr, Member.Index, nullptr);
    Loop.Fn(Loop.Ctx, Index);
  }
  Member = Outer;
}

} // namespace

void runParallelLoopMembers(ThreadPool *Pool, uint32_t Count,
                            void (*Fn)(void *, uint32_t), void *Ctx) {
  // Inside an active region the loop is an inactive one: its indices run
  // one after another on the calling thread (a loop asks for more than one
  // only with num_threads(n); __loom_parallel_workers() answered 1).
  const bool Active = Count > 1 && !nestedRegionsInactive();
  LoopTeam Loop{Fn, Ctx, Count, Active, Member};
  runParallelMapCatchingKernelFaults(Active ? Pool : nullptr, Count,
                                     runLoopMember, &Loop);
}

void abandonOpenMPThreadState() {
  releaseHeldLocks();
  Member = TeamMember();
  PushedTeamSize = 0;
  OuterTeams.clear();
  abandonTasks();
}

void *findOpenMPRuntimeFunction(std::string_view Name) {
  for (void *Found : {lookUp(RuntimeFunctions, Name),
                      findScheduleFunction(Name), findSyncFunction(Name),
                      findTaskFunction(Name), findMemoryFunction(Name)})
    if (Found)
      return Found;
  return nullptr;
}

} // namespace mux
