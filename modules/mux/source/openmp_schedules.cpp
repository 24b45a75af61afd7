//===- openmp_schedules.cpp - OpenMP worksharing loops --------------------===//
///
/// \file
/// The OpenMP runtime's worksharing loops (see openmp_runtime.h). Their
/// semantics for a static schedule are OpenMP's (5.2, section 11.5.3):
/// without a chunk, the iterations in one contiguous block per thread, the
/// blocks' sizes differing by at most one; with chunk k, chunks of k
/// iterations dealt round-robin from thread 0. A dynamic schedule's chunks
/// go to the threads in the order they ask; a guided one's are a share of
/// the iterations left, at least the chunk (OpenMP leaves their sizes to
/// the implementation, as it does `runtime` and `auto`, static here). An
/// `ordered` loop's ordered blocks run in iteration order; a `distribute`
/// loop shares its iterations among the league's teams.
///
//===----------------------------------------------------------------------===//

#include "openmp_state.h"
#include "openmp_team.h"

#include "cargo/spin.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <new>
#include <optional>
#include <utility>

namespace mux {

namespace {

constexpr int32_t StaticChunked = LOOM_OMP_SCHED_STATIC_CHUNKED;
constexpr int32_t DynamicChunked = LOOM_OMP_SCHED_DYNAMIC_CHUNKED;
constexpr int32_t GuidedChunked = LOOM_OMP_SCHED_GUIDED_CHUNKED;
constexpr int32_t DistributeChunked = LOOM_OMP_SCHED_DISTRIBUTE_CHUNKED;
constexpr int32_t DistributeUnchunked = LOOM_OMP_SCHED_DISTRIBUTE;
constexpr int32_t OrderedKinds = LOOM_OMP_SCHED_ORDERED_OFFSET;
constexpr int32_t OrderedStaticChunked = StaticChunked + OrderedKinds;
constexpr int32_t OrderedAuto = LOOM_OMP_SCHED_AUTO + OrderedKinds;

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
  const Wide Thread = Distribute ? Member.LeagueIndex : Member.Index;
  const Wide Threads = Distribute ? Member.LeagueSize : Member.Size;
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

/// Makes `schedule(runtime)`'s \p Loop the schedule of the calling
/// thread's run-sched-var (`omp_set_schedule`; static by default).
void takeRunSchedule(DispatchedLoop &Loop) {
  const DataEnvironment &Icvs = Member.Icvs;
  const int32_t Chunk = Icvs.RunScheduleChunk;
  Loop.Chunk = Chunk > 0 ? static_cast<uint64_t>(Chunk) : 1;
  switch (Icvs.RunScheduleKind &
          ~static_cast<int32_t>(LOOM_OMP_KIND_MONOTONIC)) {
  case LOOM_OMP_KIND_DYNAMIC:
    Loop.Kind = DynamicChunked;
    return;
  case LOOM_OMP_KIND_GUIDED:
    Loop.Kind = GuidedChunked;
    return;
  case LOOM_OMP_KIND_STATIC:
    Loop.Kind = Chunk > 0 ? StaticChunked : LOOM_OMP_SCHED_STATIC;
    return;
  default:
    // auto: static, one block per thread.
    Loop.Kind = LOOM_OMP_SCHED_AUTO;
    return;
  }
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
    Loop.Kind = Schedule & ~static_cast<int32_t>(LOOM_OMP_SCHED_MODIFIERS);
    if (Loop.Kind >= OrderedStaticChunked && Loop.Kind <= OrderedAuto) {
      // The same schedule, its ordered blocks in iteration order.
      Loop.Kind -= OrderedKinds;
      Loop.Ordered = true;
    }
    if (Loop.Kind == LOOM_OMP_SCHED_RUNTIME)
      takeRunSchedule(Loop);
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

/// Spins until \p Done, leaving a cancelled team.
template <typename Predicate> void waitInTeam(Predicate Done) {
  while (!cargo::spinUntil(Done))
    if (Member.Team && Member.Team->Launch && Member.Team->Launch->cancelled())
      leaveCancelledTeam();
}

/// Waits until the calling thread's iteration of its `ordered` loop
/// \p Loop is the one whose ordered block runs next: every earlier
/// iteration's has run, or has been passed by (it had none).
void waitForOrderedTurn(DispatchedLoop &Loop) {
  waitInTeam([&] {
    return Loop.OrderedTurn.load(std::memory_order_acquire) ==
           Member.OrderedIteration;
  });
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
/// `kmp_dim`: one loop of a doacross nest, lower to upper included.
struct KmpDimension {
  int64_t Lower, Upper, Step;
};

/// `__kmpc_doacross_init(loc, gtid, num_dims, dims)`: the calling thread
/// starts the team's next doacross loop, the nest \p Dims describes
/// (outermost first); the first thread there makes its bits.
void doacrossInit(void *, int32_t, int32_t Count, const KmpDimension *Dims) {
  Member.CurrentDoacross = nullptr;
  if (!Member.Team || Member.Size < 2 || Count < 1)
    return;
  TeamState &Team = *Member.Team;
  uint32_t Which = Member.DoacrossStarted++;
  std::lock_guard<std::mutex> Guard(Team.Lock);
  while (Team.DoacrossLoops.size() <= Which)
    Team.DoacrossLoops.emplace_back();
  DoacrossLoop &Loop = Team.DoacrossLoops[Which];
  Member.CurrentDoacross = &Loop;
  if (Loop.Started)
    return;
  Loop.Started = true;
  unsigned __int128 Iterations = 1;
  for (int32_t D = 0; D < Count; ++D) {
    using Wide = __int128;
    const Wide Lower = Dims[D].Lower, Upper = Dims[D].Upper;
    const Wide Step = Dims[D].Step ? Dims[D].Step : 1;
    const bool Any = Step > 0 ? Upper >= Lower : Upper <= Lower;
    const uint64_t Trips =
        Any ? static_cast<uint64_t>((Upper - Lower) / Step + 1) : 0;
    Loop.Dimensions.push_back(
        {Dims[D].Lower, static_cast<int64_t>(Step), Trips});
    Iterations = std::min<unsigned __int128>(Iterations * Trips, ~0ull);
  }
  Loop.Iterations = static_cast<uint64_t>(Iterations);
  // One bit per iteration, up to 1 GiB of them.
  constexpr uint64_t MaxWords = uint64_t(1) << 27;
  const uint64_t Words = Loop.Iterations / 64 + 1;
  if (Words <= MaxWords)
    Loop.Posted.reset(new (std::nothrow) std::atomic<uint64_t>[Words]());
}

/// The number of the iteration \p Vector names in \p Loop, in lexicographic
/// order; none when it is outside the nest (a sink OpenMP ignores).
std::optional<uint64_t> doacrossIteration(const DoacrossLoop &Loop,
                                          const int64_t *Vector) {
  uint64_t Number = 0;
  for (size_t D = 0; D < Loop.Dimensions.size(); ++D) {
    const DoacrossLoop::Dimension &Dim = Loop.Dimensions[D];
    const __int128 Offset = __int128(Vector[D]) - Dim.Lower;
    if (Offset % Dim.Step != 0)
      return std::nullopt;
    const __int128 Index = Offset / Dim.Step;
    if (Index < 0 || Index >= Dim.Trips)
      return std::nullopt;
    Number = Number * Dim.Trips + static_cast<uint64_t>(Index);
  }
  return Number;
}

bool hasPosted(const DoacrossLoop &Loop, uint64_t Iteration) {
  if (!Loop.Posted)
    return Loop.PostedInOrder.load(std::memory_order_acquire) > Iteration;
  const uint64_t Bits =
      Loop.Posted[Iteration / 64].load(std::memory_order_acquire);
  return (Bits >> (Iteration % 64)) & 1;
}

/// `__kmpc_doacross_wait(loc, gtid, vec)`: `depend(sink: vec)`, which waits
/// until iteration \p Vector has posted.
void doacrossWait(void *, int32_t, const int64_t *Vector) {
  const DoacrossLoop *Loop = Member.CurrentDoacross;
  if (!Loop)
    return;
  if (std::optional<uint64_t> Sink = doacrossIteration(*Loop, Vector))
    waitInTeam([&] { return hasPosted(*Loop, *Sink); });
}

/// `__kmpc_doacross_post(loc, gtid, vec)`: `depend(source)`, iteration
/// \p Vector has posted.
void doacrossPost(void *, int32_t, const int64_t *Vector) {
  DoacrossLoop *Loop = Member.CurrentDoacross;
  if (!Loop)
    return;
  std::optional<uint64_t> Source = doacrossIteration(*Loop, Vector);
  if (!Source)
    return;
  if (Loop->Posted) {
    Loop->Posted[*Source / 64].fetch_or(uint64_t(1) << (*Source % 64),
                                        std::memory_order_release);
    return;
  }
  waitInTeam([&] {
    return Loop->PostedInOrder.load(std::memory_order_acquire) == *Source;
  });
  Loop->PostedInOrder.store(*Source + 1, std::memory_order_release);
}

/// `__kmpc_doacross_fini(loc, gtid)`: the loop's bits stay until the
/// region ends, as a slower thread may still read them.
void doacrossFini(void *, int32_t) { Member.CurrentDoacross = nullptr; }

const RuntimeFunction ScheduleFunctions[] = {
    {"__kmpc_for_static_init_4", address(&forStaticInit<int32_t, int32_t>)},
    {"__kmpc_for_static_init_4u", address(&forStaticInit<uint32_t, int32_t>)},
    {"__kmpc_for_static_init_8", address(&forStaticInit<int64_t, int64_t>)},
    {"__kmpc_for_static_init_8u", address(&forStaticInit<uint64_t, int64_t>)},
    {"__kmpc_for_static_fini", address(&forStaticFini)},
    {"__kmpc_doacross_init", address(&doacrossInit)},
    {"__kmpc_doacross_wait", address(&doacrossWait)},
    {"__kmpc_doacross_post", address(&doacrossPost)},
    {"__kmpc_doacross_fini", address(&doacrossFini)},
    {"__kmpc_dispatch_init_4", address(&dispatchInit<int32_t, int32_t>)},
    {"__kmpc_dispatch_init_4u", address(&dispatchInit<uint32_t, int32_t>)},
    {"__kmpc_dispatch_init_8", address(&dispatchInit<int64_t, int64_t>)},
    {"__kmpc_dispatch_init_8u", address(&dispatchInit<uint64_t, int64_t>)},
    {"__kmpc_dispatch_next_4", address(&dispatchNext<int32_t, int32_t>)},
    {"__kmpc_dispatch_next_4u", address(&dispatchNext<uint32_t, int32_t>)},
    {"__kmpc_dispatch_next_8", address(&dispatchNext<int64_t, int64_t>)},
    {"__kmpc_dispatch_next_8u", address(&dispatchNext<uint64_t, int64_t>)},
    {"__kmpc_ordered", address(&ordered)},
    {"__kmpc_end_ordered", address(&endOrdered)},
    {"__kmpc_dispatch_fini_4", address(&dispatchFini)},
    {"__kmpc_dispatch_fini_4u", address(&dispatchFini)},
    {"__kmpc_dispatch_fini_8", address(&dispatchFini)},
    {"__kmpc_dispatch_fini_8u", address(&dispatchFini)},
};

} // namespace

void *findScheduleFunction(std::string_view Name) {
  return lookUp(ScheduleFunctions, Name);
}

} // namespace mux
