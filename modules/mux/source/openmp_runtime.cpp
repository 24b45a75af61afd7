//===- openmp_runtime.cpp - The driver's OpenMP runtime -------------------===//
///
/// \file
/// See openmp_runtime.h. The functions follow the entry points of LLVM's
/// OpenMP runtime interface (kmp.h) that Clang 15 calls; their semantics
/// for a static schedule are OpenMP's (5.2, section 11.5.3): without a
/// chunk, the iterations in one contiguous block per thread, the blocks'
/// sizes differing by at most one; with chunk k, chunks of k iterations
/// dealt round-robin from thread 0. A dynamic schedule's chunks go to the
/// threads in the order they ask; a guided one's are a share of the
/// iterations left, at least the chunk (OpenMP leaves their sizes to the
/// implementation, as it does `runtime` and `auto`, static here).
///
//===----------------------------------------------------------------------===//

#include "openmp_runtime.h"

#include "kernel_faults.h"
#include "openmp_tasks.h"
#include "openmp_team.h"
#include "thread_pool.h"

#include "cargo/spin.h"

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
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace mux {

namespace {

/// libomp's schedule kinds (kmp_sched_t), and the bits of the `monotonic`
/// and `nonmonotonic` modifiers Clang adds to them.
constexpr int32_t StaticChunked = 33;
constexpr int32_t StaticUnchunked = 34;
constexpr int32_t DynamicChunked = 35;
constexpr int32_t GuidedChunked = 36;
constexpr int32_t ScheduleModifiers = 3 << 29;
/// `distribute`'s kinds: with a `dist_schedule(static, k)` chunk, and
/// without.
constexpr int32_t DistributeChunked = 91;
constexpr int32_t DistributeUnchunked = 92;
/// An `ordered` loop's kinds (kmp_ord_*) are the others' plus this.
constexpr int32_t OrderedKinds = 32;
constexpr int32_t OrderedStaticChunked = StaticChunked + OrderedKinds;
constexpr int32_t OrderedAuto = 38 + OrderedKinds;

/// One dispatched worksharing loop of a team (`__kmpc_dispatch_init_*`):
/// its iterations counted from 0, and how many the team's threads have
/// taken so far.
struct DispatchedLoop {
  bool Started = false;
  __int128 First = 0, Step = 1;
  uint64_t Trips = 0;
  uint64_t Chunk = 1;
  int32_t Kind = DynamicChunked;
  std::atomic<uint64_t> Taken{0};
  /// An `ordered` loop's: the iteration whose ordered block runs next.
  bool Ordered = false;
  std::atomic<uint64_t> OrderedTurn{0};
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
  /// The threads the team runs on.
  TeamLaunch *Launch = nullptr;
  TeamBarrier Barrier;
  std::atomic<uint32_t> SinglesTaken{0};
  std::atomic<void *> CopyPrivate{nullptr};
  TeamTasks Tasks;
};

/// The calling thread's place in the team running it: thread 0 of a team
/// of 1 outside any parallel region.
struct TeamMember {
  uint32_t Index = 0;
  uint32_t Size = 1;
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
};

thread_local TeamMember Member;
/// The `thread_limit` of the league of teams the calling thread runs (0:
/// none).
thread_local uint32_t ThreadLimit = 0;
/// The `thread_limit` and `num_teams` `__kmpc_push_num_teams` asked of the
/// next league.
thread_local uint32_t PushedThreadLimit = 0;
thread_local uint32_t PushedTeams = 0;
/// The league the calling thread runs a team of: its team's number and the
/// number of teams (one team outside `teams`).
thread_local uint32_t LeagueIndex = 0;
thread_local uint32_t LeagueSize = 1;
/// The team size `__kmpc_push_num_threads` asked of the next fork (0: the
/// pool's).
thread_local uint32_t PushedTeamSize = 0;
/// OpenMP's nthreads-var as `omp_set_num_threads` set it (0: unset, the
/// pool's size).
thread_local uint32_t NumThreadsVar = 0;

/// Each kernel launch's worker starts an epoch of threadprivate data
/// (startOpenMPInitialThread): its teams' copies belong to it.
std::atomic<uint64_t> EpochCount{0};
thread_local uint64_t LaunchEpoch = 0;

/// The epoch of the calling thread's threadprivate data.
uint64_t currentEpoch() { return Member.Team ? Member.Epoch : LaunchEpoch; }

/// The runtime's locks the calling thread holds for kernel code, each
/// once per time it took it: a fault's catch point releases them
/// (abandonOpenMPThreadState).
thread_local std::vector<std::mutex *> HeldLocks;
thread_local std::vector<std::recursive_mutex *> HeldNestLocks;

template <typename Mutex>
void lockHeld(Mutex &Lock, std::vector<Mutex *> &Held) {
  Lock.lock();
  Held.push_back(&Lock);
}

template <typename Mutex>
bool tryLockHeld(Mutex &Lock, std::vector<Mutex *> &Held) {
  if (!Lock.try_lock())
    return false;
  Held.push_back(&Lock);
  return true;
}

template <typename Mutex>
void unlockHeld(Mutex &Lock, std::vector<Mutex *> &Held) {
  // The latest taking of it: locks are released in the reverse order,
  // mostly, and a nested lock is taken several times.
  auto Latest = std::find(Held.rbegin(), Held.rend(), &Lock);
  if (Latest != Held.rend())
    Held.erase(std::next(Latest).base());
  Lock.unlock();
}

constexpr unsigned MaxArguments = LOOM_OPENMP_MAX_REGION_ARGUMENTS;

/// One fork: the outlined function, its arguments, the team's size.
struct Region {
  void *Microtask = nullptr;
  uint32_t ArgumentCount = 0;
  std::array<void *, MaxArguments> Arguments{};
  uint32_t TeamSize = 1;
  uint64_t Epoch = 0;
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

void waitAtBarrier();

/// Team member \p Index of the region \p Context points at.
void runTeamMember(void *Context, uint32_t Index) {
  Region &R = *static_cast<Region *>(Context);
  TeamMember Outer = Member;
  Member = {Index, R.TeamSize, &R.Team};
  Member.Epoch = R.Epoch;
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
  // Inside a team, a nested region runs on a team of one. The members run
  // at once, each on a thread of its own.
  R.Epoch = currentEpoch();
  uint32_t Size = Asked ? Asked : defaultTeamSize(poolSize());
  if (ThreadLimit)
    Size = std::min(Size, ThreadLimit);
  TeamLaunch Launch(Member.Size > 1 ? 1 : Size);
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
  const uint32_t OuterLimit = ThreadLimit;
  const uint32_t OuterIndex = LeagueIndex, OuterSize = LeagueSize;
  ThreadLimit = PushedThreadLimit;
  LeagueSize = PushedTeams ? PushedTeams : 1;
  PushedThreadLimit = 0;
  PushedTeams = 0;
  for (LeagueIndex = 0; LeagueIndex < LeagueSize; ++LeagueIndex) {
    int32_t ThreadId = static_cast<int32_t>(Member.Index);
    int32_t BoundId = ThreadId;
    MicrotaskCallers[Count](Microtask, &ThreadId, &BoundId, Arguments.data());
  }
  ThreadLimit = OuterLimit;
  LeagueIndex = OuterIndex;
  LeagueSize = OuterSize;
}

int ompGetNumTeams() { return static_cast<int>(LeagueSize); }
int ompGetTeamNum() { return static_cast<int>(LeagueIndex); }

/// The teams the calling thread was in before each serialized region it is
/// in (`__kmpc_serialized_parallel`), innermost last.
struct OuterTeam {
  TeamMember Member;
  /// The team it queued tasks on: a serialized region's run at once.
  TeamTasks *Tasks;
};
thread_local std::vector<OuterTeam> OuterTeams;

/// `__kmpc_serialized_parallel(loc, gtid)`: a parallel region whose `if`
/// clause was false, which the calling thread runs itself as a team of one
/// (the compiler calls the outlined function directly).
void serializedParallel(void *, int32_t) {
  OuterTeams.push_back({Member, replaceTaskTeam(nullptr)});
  Member = TeamMember();
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

/// `__kmpc_for_static_init_*(loc, gtid, schedule, &last, &lower, &upper,
/// &stride, increment, chunk)`: this thread's first chunk of the
/// iterations lower, lower + increment, ..., up to upper included.
template <typename T, typename Signed>
void forStaticInit(void *, int32_t, int32_t Schedule, int32_t *Last, T *Lower,
                   T *Upper, Signed *Stride, Signed Increment, Signed Chunk) {
  using Wide = __int128;
  const Wide First = *Lower, End = *Upper, Step = Increment ? Increment : 1;
  const Wide Trips =
      (Step > 0 ? End >= First : End <= First) ? (End - First) / Step + 1 : 0;
  // A `distribute` loop shares its iterations among the league's teams as
  // a worksharing loop does among a team's threads.
  const bool Distribute =
      Schedule == DistributeChunked || Schedule == DistributeUnchunked;
  const Wide Thread = Distribute ? LeagueIndex : Member.Index;
  const Wide Threads = Distribute ? LeagueSize : Member.Size;
  if ((Schedule == StaticChunked || Schedule == DistributeChunked) &&
      Chunk > 0) {
    const Wide Span = Wide(Chunk) * Step;
    *Lower = static_cast<T>(First + Thread * Span);
    *Upper = static_cast<T>(First + Thread * Span + Span - Step);
    *Stride = static_cast<Signed>(Threads * Span);
    *Last = Trips > 0 && ((Trips - 1) / Chunk) % Threads == Thread;
    return;
  }
  // One block each, the first Trips % Threads one iteration longer.
  const Wide Small = Trips / Threads, Extra = Trips % Threads;
  const Wide Begin = Thread * Small + std::min(Thread, Extra);
  const Wide Count = Small + (Thread < Extra ? 1 : 0);
  *Stride = static_cast<Signed>(Trips * Step);
  if (Count == 0) {
    // Past the end: the loop after the call runs no iteration.
    *Lower = static_cast<T>(End + Step);
    *Last = 0;
    return;
  }
  *Lower = static_cast<T>(First + Begin * Step);
  *Upper = static_cast<T>(First + (Begin + Count - 1) * Step);
  *Last = Begin + Count == Trips;
}

/// `__kmpc_for_static_fini(loc, gtid)`: nothing to release.
void forStaticFini(void *, int32_t) {}

/// The team the calling thread is in: outside a region, a team of its own.
TeamState &currentTeam() {
  thread_local TeamState Alone;
  if (Member.Team)
    return *Member.Team;
  // A thread alone starts its loops afresh each time.
  Alone.Loops.clear();
  Member.LoopsStarted = 0;
  return Alone;
}

/// `__kmpc_dispatch_init_*(loc, gtid, schedule, lower, upper, increment,
/// chunk)`: the calling thread starts the team's next dispatched loop, over
/// lower, lower + increment, ..., up to upper included; the first thread
/// there describes it for the others.
template <typename T, typename Signed>
void dispatchInit(void *, int32_t, int32_t Schedule, T Lower, T Upper,
                  Signed Increment, Signed Chunk) {
  TeamState &Team = currentTeam();
  uint32_t Which = Member.LoopsStarted++;
  std::lock_guard<std::mutex> Guard(Team.Lock);
  while (Team.Loops.size() <= Which)
    Team.Loops.emplace_back();
  DispatchedLoop &Loop = Team.Loops[Which];
  if (!Loop.Started) {
    using Wide = __int128;
    const Wide Step = Increment ? Increment : 1;
    const Wide First = Lower, End = Upper;
    const bool Any = Step > 0 ? End >= First : End <= First;
    Loop.First = First;
    Loop.Step = Step;
    Loop.Trips = Any ? static_cast<uint64_t>((End - First) / Step + 1) : 0;
    Loop.Chunk = Chunk > 0 ? static_cast<uint64_t>(Chunk) : 1;
    Loop.Kind = Schedule & ~ScheduleModifiers;
    if (Loop.Kind >= OrderedStaticChunked && Loop.Kind <= OrderedAuto) {
      // The same schedule, its ordered blocks in iteration order.
      Loop.Kind -= OrderedKinds;
      Loop.Ordered = true;
    }
    Loop.Started = true;
  }
  Member.Current = &Loop;
  Member.NextChunk = Member.Index;
}

/// The calling thread's next chunk of \p Loop, as the first iteration and
/// the count: none left when the count is 0.
std::pair<uint64_t, uint64_t> takeChunk(DispatchedLoop &Loop) {
  const uint64_t Trips = Loop.Trips, Threads = Member.Size;
  switch (Loop.Kind) {
  case DynamicChunked: {
    uint64_t Start = Loop.Taken.fetch_add(Loop.Chunk);
    return {Start, Start < Trips ? std::min(Loop.Chunk, Trips - Start) : 0};
  }
  case GuidedChunked: {
    // A share of what is left; another thread may take some meanwhile,
    // which only makes this chunk a little larger than its share.
    uint64_t Left = Trips - std::min(Loop.Taken.load(), Trips);
    uint64_t Size = std::max(Loop.Chunk, Left / (2 * Threads));
    uint64_t Start = Loop.Taken.fetch_add(Size);
    return {Start, Start < Trips ? std::min(Size, Trips - Start) : 0};
  }
  case StaticChunked: {
    // Chunks dealt round-robin from thread 0.
    uint64_t Start = Member.NextChunk * Loop.Chunk;
    Member.NextChunk += Threads;
    return {Start, Start < Trips ? std::min(Loop.Chunk, Trips - Start) : 0};
  }
  default: {
    // Static without a chunk, and `runtime` and `auto`, which are static
    // here: one block per thread, the first Trips % Threads one longer.
    if (Member.NextChunk != Member.Index)
      return {0, 0};
    Member.NextChunk += Threads;
    const uint64_t Index = Member.Index;
    const uint64_t Small = Trips / Threads, Extra = Trips % Threads;
    return {Index * Small + std::min(Index, Extra),
            Small + (Index < Extra ? 1 : 0)};
  }
  }
}

/// `__kmpc_dispatch_next_*(loc, gtid, &last, &lower, &upper, &stride)`:
/// 1 and the calling thread's next chunk, lower to upper included, with
/// \p Last set when it holds the loop's last iteration; 0 when none is
/// left.
template <typename T, typename Signed>
int32_t dispatchNext(void *, int32_t, int32_t *Last, T *Lower, T *Upper,
                     Signed *Stride) {
  DispatchedLoop *Loop = Member.Current;
  if (!Loop)
    return 0;
  auto [Start, Count] = takeChunk(*Loop);
  if (Count == 0) {
    Member.Current = nullptr;
    return 0;
  }
  *Lower = static_cast<T>(Loop->First + Loop->Step * Start);
  *Upper = static_cast<T>(Loop->First + Loop->Step * (Start + Count - 1));
  *Stride = static_cast<Signed>(Loop->Step);
  if (Last)
    *Last = Start + Count == Loop->Trips;
  Member.OrderedIteration = Start;
  Member.OrderedDone = false;
  return 1;
}

/// Waits until the calling thread's iteration of its `ordered` loop
/// \p Loop is the one whose ordered block runs next: every earlier
/// iteration's has run, or has been passed by (it had none).
void waitForOrderedTurn(DispatchedLoop &Loop) {
  auto MyTurn = [&] {
    return Loop.OrderedTurn.load(std::memory_order_acquire) ==
           Member.OrderedIteration;
  };
  while (!cargo::spinUntil(MyTurn))
    if (Member.Team && Member.Team->Launch && Member.Team->Launch->cancelled())
      leaveCancelledTeam();
}

/// The calling thread's `ordered` loop, if it is in one.
DispatchedLoop *currentOrderedLoop() {
  DispatchedLoop *Loop = Member.Current;
  return Loop && Loop->Ordered ? Loop : nullptr;
}

/// `__kmpc_ordered(loc, gtid)`: the start of an ordered block, which waits
/// for its iteration's turn.
void ordered(void *, int32_t) {
  if (DispatchedLoop *Loop = currentOrderedLoop())
    waitForOrderedTurn(*Loop);
}

/// `__kmpc_end_ordered(loc, gtid)`: the next iteration's turn.
void endOrdered(void *, int32_t) {
  if (DispatchedLoop *Loop = currentOrderedLoop()) {
    Member.OrderedDone = true;
    Loop->OrderedTurn.store(Member.OrderedIteration + 1,
                            std::memory_order_release);
  }
}

/// `__kmpc_dispatch_fini_*(loc, gtid)`: the end of an iteration of an
/// `ordered` loop. One whose ordered block did not run passes its turn on
/// when it comes.
void dispatchFini(void *, int32_t) {
  DispatchedLoop *Loop = currentOrderedLoop();
  if (!Loop)
    return;
  if (!Member.OrderedDone) {
    waitForOrderedTurn(*Loop);
    Loop->OrderedTurn.store(Member.OrderedIteration + 1,
                            std::memory_order_release);
  }
  ++Member.OrderedIteration;
  Member.OrderedDone = false;
}

/// The one lock reductions combine under.
std::mutex ReductionLock;

/// `__kmpc_reduce_nowait(...)`: 1, "combine your partial result yourself",
/// under the lock `__kmpc_end_reduce_nowait` releases.
int32_t reduceNowait(void *, int32_t, int32_t, size_t, void *, void *, void *) {
  lockHeld(ReductionLock, HeldLocks);
  return 1;
}

void endReduceNowait(void *, int32_t, void *) {
  unlockHeld(ReductionLock, HeldLocks);
}

/// The lock of a critical section named by \p Name, Clang's
/// `kmp_critical_name` (32 bytes, zero before the first use): made at the
/// first use, owned by the runtime (a binary's memory may be unloaded
/// before the process ends), and kept in the name's first 8 bytes, as libomp
/// keeps its own, so that later uses find it without the runtime's lock.
std::mutex &getCriticalLock(void *Name) {
  static_assert(sizeof(std::atomic<std::mutex *>) <= 32 &&
                    alignof(std::atomic<std::mutex *>) <= 8,
                "a kmp_critical_name holds a pointer");
  auto *Slot = static_cast<std::atomic<std::mutex *> *>(Name);
  if (std::mutex *Lock = Slot->load(std::memory_order_acquire))
    return *Lock;
  // Never destroyed: a worker may be in a critical section at exit. A
  // binary loaded where an unloaded one was finds the lock of the name that
  // was there, free.
  static std::mutex OwnersLock;
  static auto *Owners =
      new std::unordered_map<void *, std::unique_ptr<std::mutex>>();
  std::lock_guard<std::mutex> Guard(OwnersLock);
  std::unique_ptr<std::mutex> &Lock = (*Owners)[Name];
  if (!Lock)
    Lock = std::make_unique<std::mutex>();
  Slot->store(Lock.get(), std::memory_order_release);
  return *Lock;
}

/// `__kmpc_critical(loc, gtid, name)`: enters the section \p Name names.
void critical(void *, int32_t, void *Name) {
  lockHeld(getCriticalLock(Name), HeldLocks);
}

/// `__kmpc_end_critical(loc, gtid, name)`.
void endCritical(void *, int32_t, void *Name) {
  unlockHeld(getCriticalLock(Name), HeldLocks);
}

/// Waits until every member of the calling thread's team has come here
/// and every task of the team has finished, running queued tasks meanwhile
/// (nothing for a team of one). A member of a cancelled team leaves it.
void waitAtBarrier() {
  if (!Member.Team || Member.Size < 2)
    return;
  TeamState &Team = *Member.Team;
  TeamBarrier &Barrier = Team.Barrier;
  TeamTasks &Tasks = Team.Tasks;
  const uint32_t Size = Member.Size;
  const uint32_t Round = Barrier.Round.load(std::memory_order_acquire);
  Barrier.Arrived.fetch_add(1, std::memory_order_acq_rel);
  auto Passed = [&] {
    return Barrier.Round.load(std::memory_order_acquire) != Round;
  };
  auto CanOpen = [&] {
    return Barrier.Arrived.load(std::memory_order_acquire) == Size &&
           Tasks.allFinished();
  };
  unsigned Idle = 0;
  for (;;) {
    if (Passed())
      return;
    if (Team.Launch->cancelled())
      leaveCancelledTeam();
    if (Tasks.runOne(Member.Index)) {
      Idle = 0;
      continue;
    }
    if (CanOpen()) {
      // One of the members that see it opens it; the count starts afresh
      // before anyone can pass.
      uint32_t Everyone = Size;
      if (Barrier.Arrived.compare_exchange_strong(Everyone, 0,
                                                  std::memory_order_acq_rel)) {
        Barrier.Round.store(Round + 1, std::memory_order_release);
        Tasks.wakeNappers();
        return;
      }
      continue;
    }
    if (cargo::spinAgain(Idle))
      continue;
    Tasks.napUntil([&] { return Passed() || Tasks.anyQueued() || CanOpen(); });
  }
}

/// `__kmpc_barrier(loc, gtid)`: the team's barrier.
void barrier(void *, int32_t) { waitAtBarrier(); }

/// `__kmpc_reduce(...)` and `__kmpc_end_reduce(loc, gtid, lock)`: the
/// same, and the barrier that ends the worksharing loop after.
int32_t reduce(void *Loc, int32_t ThreadId, int32_t Count, size_t Size,
               void *Data, void *Combine, void *Lock) {
  return reduceNowait(Loc, ThreadId, Count, Size, Data, Combine, Lock);
}

void endReduce(void *Loc, int32_t ThreadId, void *Lock) {
  endReduceNowait(Loc, ThreadId, Lock);
  waitAtBarrier();
}

/// `__kmpc_single(loc, gtid)`: 1 for the first thread of the team to meet
/// this `single`, which runs its block; 0 for the others.
int32_t single(void *, int32_t) {
  if (!Member.Team)
    return 1;
  // The singles before this one are all taken: each was met by every
  // thread, and the first took it.
  uint32_t Mine = Member.SinglesMet++;
  return Member.Team->SinglesTaken.compare_exchange_strong(
      Mine, Mine + 1, std::memory_order_acq_rel);
}

/// `__kmpc_end_single(loc, gtid)`: the barrier after it is its own call.
void endSingle(void *, int32_t) {}

/// `__kmpc_copyprivate(loc, gtid, size, data, copy, didit)`: the thread
/// that ran the `single` (\p DidIt) gives its variables (\p Data, a list of
/// their addresses) to the others, which \p Copy(own, given) copies into
/// theirs; a barrier before and after.
void copyPrivate(void *, int32_t, size_t, void *Data,
                 void (*Copy)(void *, void *), int32_t DidIt) {
  if (!Member.Team || Member.Size < 2)
    return;
  TeamState &Team = *Member.Team;
  if (DidIt)
    Team.CopyPrivate.store(Data, std::memory_order_release);
  waitAtBarrier();
  if (!DidIt)
    Copy(Data, Team.CopyPrivate.load(std::memory_order_acquire));
  waitAtBarrier();
}

/// `__kmpc_cancel(loc, gtid, kind)` and `__kmpc_cancellationpoint`: 0, not
/// cancelled: OpenMP's cancel-var is false unless OMP_CANCELLATION says
/// otherwise, which Loom reads not (libomp's default, too), so a `cancel`
/// cancels nothing and the construct runs to its end.
int32_t cancel(void *, int32_t, int32_t) { return 0; }

/// `__kmpc_cancel_barrier(loc, gtid)`: a barrier of a construct that may
/// be cancelled, which never is: 0.
int32_t cancelBarrier(void *, int32_t) {
  waitAtBarrier();
  return 0;
}

/// `omp_get_cancellation()`: cancel-var, false.
int ompGetCancellation() { return 0; }

/// `__kmpc_master(loc, gtid)`: 1 for thread 0 of the team.
int32_t master(void *, int32_t) { return Member.Index == 0; }
void endMaster(void *, int32_t) {}

/// `__kmpc_masked(loc, gtid, filter)`: 1 for thread \p Filter of the team.
int32_t masked(void *, int32_t, int32_t Filter) {
  return Filter >= 0 && Member.Index == static_cast<uint32_t>(Filter);
}
void endMasked(void *, int32_t) {}

/// `__kmpc_flush(loc)`: every thread's memory operations ordered.
void flush(void *) { std::atomic_thread_fence(std::memory_order_seq_cst); }

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
    NumThreadsVar = static_cast<uint32_t>(Count);
}

/// `omp_in_parallel()`: whether the calling thread is in a team of more
/// than one.
int ompInParallel() { return Member.Size > 1; }

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

/// A simple lock (`omp_lock_t`, one pointer, as libomp's omp.h declares
/// it): `omp_init_lock` makes the mutex it points to, `omp_destroy_lock`
/// frees it.
struct SimpleLock {
  std::mutex *Lock;
};

void ompInitLock(SimpleLock *L) { L->Lock = new std::mutex; }
void ompDestroyLock(SimpleLock *L) {
  delete L->Lock;
  L->Lock = nullptr;
}
void ompSetLock(SimpleLock *L) { lockHeld(*L->Lock, HeldLocks); }
void ompUnsetLock(SimpleLock *L) { unlockHeld(*L->Lock, HeldLocks); }
int ompTestLock(SimpleLock *L) { return tryLockHeld(*L->Lock, HeldLocks); }

/// A nestable lock (`omp_nest_lock_t`, one pointer): a recursive mutex and
/// how many times its owner holds it.
struct NestLockState {
  std::recursive_mutex Lock;
  int Depth = 0;
};
struct NestLock {
  NestLockState *State;
};

void ompInitNestLock(NestLock *L) { L->State = new NestLockState; }
void ompDestroyNestLock(NestLock *L) {
  delete L->State;
  L->State = nullptr;
}
void ompSetNestLock(NestLock *L) {
  lockHeld(L->State->Lock, HeldNestLocks);
  ++L->State->Depth;
}
void ompUnsetNestLock(NestLock *L) {
  --L->State->Depth;
  unlockHeld(L->State->Lock, HeldNestLocks);
}
/// The new nesting depth, or 0 when another thread holds it.
int ompTestNestLock(NestLock *L) {
  if (!tryLockHeld(L->State->Lock, HeldNestLocks))
    return 0;
  return ++L->State->Depth;
}

struct RuntimeFunction {
  std::string_view Name;
  void *Address;
};

template <typename F> void *address(F *Function) {
  return reinterpret_cast<void *>(Function);
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
    {"__kmpc_for_static_init_4", address(&forStaticInit<int32_t, int32_t>)},
    {"__kmpc_for_static_init_4u", address(&forStaticInit<uint32_t, int32_t>)},
    {"__kmpc_for_static_init_8", address(&forStaticInit<int64_t, int64_t>)},
    {"__kmpc_for_static_init_8u", address(&forStaticInit<uint64_t, int64_t>)},
    {"__kmpc_for_static_fini", address(&forStaticFini)},
    {"__kmpc_dispatch_init_4", address(&dispatchInit<int32_t, int32_t>)},
    {"__kmpc_dispatch_init_4u", address(&dispatchInit<uint32_t, int32_t>)},
    {"__kmpc_dispatch_init_8", address(&dispatchInit<int64_t, int64_t>)},
    {"__kmpc_dispatch_init_8u", address(&dispatchInit<uint64_t, int64_t>)},
    {"__kmpc_dispatch_next_4", address(&dispatchNext<int32_t, int32_t>)},
    {"__kmpc_dispatch_next_4u", address(&dispatchNext<uint32_t, int32_t>)},
    {"__kmpc_dispatch_next_8", address(&dispatchNext<int64_t, int64_t>)},
    {"__kmpc_dispatch_next_8u", address(&dispatchNext<uint64_t, int64_t>)},
    {"__kmpc_reduce_nowait", address(&reduceNowait)},
    {"__kmpc_end_reduce_nowait", address(&endReduceNowait)},
    {"__kmpc_reduce", address(&reduce)},
    {"__kmpc_end_reduce", address(&endReduce)},
    {"__kmpc_single", address(&single)},
    {"__kmpc_end_single", address(&endSingle)},
    {"__kmpc_copyprivate", address(&copyPrivate)},
    {"__kmpc_master", address(&master)},
    {"__kmpc_end_master", address(&endMaster)},
    {"__kmpc_masked", address(&masked)},
    {"__kmpc_end_masked", address(&endMasked)},
    {"__kmpc_flush", address(&flush)},
    {"__kmpc_threadprivate_cached", address(&threadprivateCached)},
    {"__kmpc_cancel", address(&cancel)},
    {"__kmpc_cancellationpoint", address(&cancel)},
    {"__kmpc_cancel_barrier", address(&cancelBarrier)},
    {"omp_get_cancellation", address(&ompGetCancellation)},
    {"__kmpc_ordered", address(&ordered)},
    {"__kmpc_end_ordered", address(&endOrdered)},
    {"__kmpc_dispatch_fini_4", address(&dispatchFini)},
    {"__kmpc_dispatch_fini_4u", address(&dispatchFini)},
    {"__kmpc_dispatch_fini_8", address(&dispatchFini)},
    {"__kmpc_dispatch_fini_8u", address(&dispatchFini)},
    {"__kmpc_critical", address(&critical)},
    {"__kmpc_end_critical", address(&endCritical)},
    {"__kmpc_barrier", address(&barrier)},
    {"omp_get_thread_num", address(&ompGetThreadNum)},
    {"omp_get_num_threads", address(&ompGetNumThreads)},
    {"omp_get_max_threads", address(&ompGetMaxThreads)},
    {"omp_set_num_threads", address(&ompSetNumThreads)},
    {"omp_in_parallel", address(&ompInParallel)},
    {"omp_get_num_procs", address(&ompGetNumProcs)},
    {"omp_get_wtime", address(&ompGetWtime)},
    {"omp_get_wtick", address(&ompGetWtick)},
    {"omp_init_lock", address(&ompInitLock)},
    {"omp_destroy_lock", address(&ompDestroyLock)},
    {"omp_set_lock", address(&ompSetLock)},
    {"omp_unset_lock", address(&ompUnsetLock)},
    {"omp_test_lock", address(&ompTestLock)},
    {"omp_init_nest_lock", address(&ompInitNestLock)},
    {"omp_destroy_nest_lock", address(&ompDestroyNestLock)},
    {"omp_set_nest_lock", address(&ompSetNestLock)},
    {"omp_unset_nest_lock", address(&ompUnsetNestLock)},
    {"omp_test_nest_lock", address(&ompTestNestLock)},
};

} // namespace

bool inOpenMPTeam() { return Member.Size > 1; }

uint32_t defaultTeamSize(uint32_t PoolSize) {
  const uint32_t Size = NumThreadsVar ? NumThreadsVar : PoolSize;
  return ThreadLimit ? std::min(Size, ThreadLimit) : Size;
}

void startOpenMPInitialThread() {
  forgetThreadprivateImages(LaunchEpoch);
  LaunchEpoch = ++EpochCount;
  Member = TeamMember();
  PushedTeamSize = 0;
  NumThreadsVar = 0;
  ThreadLimit = 0;
  PushedThreadLimit = 0;
  PushedTeams = 0;
  LeagueIndex = 0;
  LeagueSize = 1;
  OuterTeams.clear();
}

void abandonOpenMPThreadState() {
  // Latest first, as the kernel would have.
  while (!HeldLocks.empty())
    unlockHeld(*HeldLocks.back(), HeldLocks);
  while (!HeldNestLocks.empty())
    unlockHeld(*HeldNestLocks.back(), HeldNestLocks);
  Member = TeamMember();
  PushedTeamSize = 0;
  OuterTeams.clear();
  abandonTasks();
}

void *findOpenMPRuntimeFunction(std::string_view Name) {
  for (const RuntimeFunction &Function : RuntimeFunctions)
    if (Function.Name == Name)
      return Function.Address;
  return findTaskFunction(Name);
}

} // namespace mux
