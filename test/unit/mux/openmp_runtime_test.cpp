//===- openmp_runtime_test.cpp - The driver's OpenMP runtime --------------===//
///
/// The OpenMP runtime functions as a kernel reaches them, by name through
/// the driver's external symbols: every function of the list is there; a
/// team's static schedules, blocked and chunked, give each iteration to
/// exactly one member, for every team size and trip count, in OpenMP's
/// order; so do the dispatched schedules (dynamic, guided, runtime), two
/// loops of a region in a row, on the pool's threads too; members know
/// their number and their team's size; locks exclude, nested locks count
/// their owner's holds, and the time goes forward; a region inside
/// a team runs on a team of one; the reduction lock is released; a team's
/// members run at once, through barriers, singles and copyprivate; tasks
/// run on the team, taskwait waits for the caller's, the region's end for
/// all, and outside a team a task runs at once; a task reduction's tasks
/// update their member's copy, combined at the taskgroup's end.
///
//===----------------------------------------------------------------------===//

#include "external_symbols.h"
#include "openmp_hooks.h"
#include "openmp_runtime.h"
#include "thread_pool.h"

#include "metadata/abi.h"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace openmp_hooks;

using ThreadQuery = int (*)();
using ReduceNowait = int32_t (*)(void *, int32_t, int32_t, size_t, void *,
                                 void *, void *);
using EndReduceNowait = void (*)(void *, int32_t, void *);

TEST(OpenMPRuntime, EveryFunctionOfTheListIsThere) {
#define LOOM_OPENMP_RUNTIME_FUNCTION(Name)                                     \
  EXPECT_NE(mux::findExternalSymbol(#Name), nullptr) << #Name;
#include "metadata/openmp_runtime.def"
}

/// What a region's members record: who ran each iteration.
struct Schedule {
  int32_t Kind;
  int32_t Chunk;
  int32_t Trips;
  std::vector<std::atomic<int>> Owner;
  std::atomic<int> Lasts{0};
  std::mutex Lock;
  std::vector<std::string> Errors;
  explicit Schedule(int32_t Kind, int32_t Chunk, int32_t Trips)
      : Kind(Kind), Chunk(Chunk), Trips(Trips), Owner(Trips) {
    for (auto &O : Owner)
      O = -1;
  }
};

/// A region's outlined function, as Clang shapes one: the member's share
/// from __kmpc_for_static_init_4, chunk after chunk.
void member(int32_t *ThreadId, int32_t *, void *Context) {
  auto &S = *static_cast<Schedule *>(Context);
  auto Init = hook<StaticInit4>("__kmpc_for_static_init_4");
  int32_t Last = 0, Lower = 0, Upper = S.Trips - 1, Stride = 1;
  Init(nullptr, *ThreadId, S.Kind, &Last, &Lower, &Upper, &Stride, 1, S.Chunk);
  S.Lasts += Last;
  for (;;) {
    int32_t End = std::min(Upper, S.Trips - 1);
    if (Lower > End)
      break;
    for (int32_t I = Lower; I <= End; ++I) {
      int Previous = S.Owner[I].exchange(*ThreadId);
      if (Previous != -1) {
        std::lock_guard<std::mutex> Guard(S.Lock);
        S.Errors.push_back("iteration " + std::to_string(I) + " twice");
      }
    }
    if (S.Kind != 33)
      break;
    Lower += Stride;
    Upper += Stride;
  }
}

void runTeam(Schedule &S, int32_t TeamSize) { fork(member, &S, TeamSize); }

TEST(OpenMPRuntime, StaticSchedulesShareEveryIterationOnce) {
  for (int32_t Kind : {34, 33})
    for (int32_t Chunk : {1, 3})
      for (int32_t Team : {1, 2, 3, 5})
        for (int32_t Trips : {1, 2, 4, 7, 17, 100}) {
          SCOPED_TRACE("schedule " + std::to_string(Kind) + ", chunk " +
                       std::to_string(Chunk) + ", team " +
                       std::to_string(Team) + ", " + std::to_string(Trips) +
                       " iterations");
          Schedule S(Kind, Chunk, Trips);
          runTeam(S, Team);
          EXPECT_TRUE(S.Errors.empty()) << S.Errors.front();
          for (int32_t I = 0; I < Trips; ++I) {
            // OpenMP's order: blocks of sizes differing by at most one, the
            // longer first; or chunks dealt round-robin.
            int Expected;
            if (Kind == 33) {
              Expected = (I / Chunk) % Team;
            } else {
              int32_t Small = Trips / Team, Extra = Trips % Team;
              int32_t Long = Extra * (Small + 1);
              Expected = I < Long ? I / (Small + 1)
                                  : Extra + (I - Long) / std::max(Small, 1);
            }
            ASSERT_EQ(S.Owner[I].load(), Expected) << "iteration " << I;
          }
          EXPECT_EQ(S.Lasts.load(), 1) << "one member runs the last";
        }
}

/// A region's outlined function for a dispatched schedule, as Clang shapes
/// one: chunk after chunk from __kmpc_dispatch_next_4 until it answers 0;
/// twice, the second loop over the iterations counted down by 2 from
/// 2 * (Trips - 1), to show the loops apart.
void dispatchedMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto *Loops = static_cast<Schedule *>(Context);
  auto Init = hook<DispatchInit4>("__kmpc_dispatch_init_4");
  auto Next = hook<DispatchNext4>("__kmpc_dispatch_next_4");
  for (int Which = 0; Which < 2; ++Which) {
    Schedule &S = Loops[Which];
    const int32_t First = Which ? 2 * (S.Trips - 1) : 0;
    const int32_t Last = Which ? 0 : S.Trips - 1, Step = Which ? -2 : 1;
    Init(nullptr, *ThreadId, S.Kind, First, Last, Step, S.Chunk);
    int32_t IsLast = 0, Lower = 0, Upper = 0, Stride = 0;
    while (Next(nullptr, *ThreadId, &IsLast, &Lower, &Upper, &Stride)) {
      S.Lasts += IsLast;
      for (int32_t V = Lower; Step > 0 ? V <= Upper : V >= Upper; V += Stride) {
        int32_t I = (V - First) / Step;
        if (I < 0 || I >= S.Trips || S.Owner[I].exchange(*ThreadId) != -1) {
          std::lock_guard<std::mutex> Guard(S.Lock);
          S.Errors.push_back("iteration " + std::to_string(I) +
                             " out of range or twice");
        }
      }
    }
  }
}

TEST(OpenMPRuntime, DispatchedSchedulesShareEveryIterationOnce) {
  mux::ThreadPool Pool(3);
  // dynamic and guided (with the nonmonotonic modifier Clang adds),
  // runtime and auto.
  for (int32_t Kind : {35 | (1 << 30), 36 | (1 << 30), 37, 38})
    for (int32_t Chunk : {1, 4})
      for (int32_t Team : {1, 2, 3, 5})
        for (int32_t Trips : {1, 2, 7, 100, 1001}) {
          SCOPED_TRACE("schedule " + std::to_string(Kind) + ", chunk " +
                       std::to_string(Chunk) + ", team " +
                       std::to_string(Team) + ", " + std::to_string(Trips) +
                       " iterations");
          Schedule Loops[2] = {Schedule(Kind, Chunk, Trips),
                               Schedule(Kind, Chunk, Trips)};
          Pool.runJob([&](unsigned Worker) {
            if (Worker != 0)
              return;
            fork(dispatchedMember, &Loops[0], Team);
          });
          for (Schedule &S : Loops) {
            EXPECT_TRUE(S.Errors.empty()) << S.Errors.front();
            for (int32_t I = 0; I < Trips; ++I)
              ASSERT_NE(S.Owner[I].load(), -1) << "iteration " << I;
            EXPECT_EQ(S.Lasts.load(), 1) << "one chunk holds the last";
          }
        }
}

TEST(OpenMPRuntime, TeamsRunOnThePool) {
  mux::ThreadPool Pool(3);
  Schedule S(34, 1, 900);
  Pool.runJob([&](unsigned Worker) {
    if (Worker == 0)
      runTeam(S, 3);
  });
  EXPECT_TRUE(S.Errors.empty());
  for (int32_t I = 0; I < 900; ++I)
    ASSERT_EQ(S.Owner[I].load(), I / 300) << "iteration " << I;
}

struct Numbers {
  std::atomic<int> Sum{0}, Sizes{0}, Nested{0};
};

void nestedMember(int32_t *, int32_t *, void *Context) {
  auto &N = *static_cast<Numbers *>(Context);
  N.Nested += hook<ThreadQuery>("omp_get_num_threads")();
}

void numberedMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &N = *static_cast<Numbers *>(Context);
  int Number = hook<ThreadQuery>("omp_get_thread_num")();
  EXPECT_EQ(Number, *ThreadId);
  N.Sum += Number;
  N.Sizes += hook<ThreadQuery>("omp_get_num_threads")();
  // A region inside the team: a team of one.
  hook<ForkCall>("__kmpc_fork_call")(
      nullptr, 1, reinterpret_cast<void *>(&nestedMember), Context);
}

TEST(OpenMPRuntime, MembersKnowTheirNumbers) {
  Numbers N;
  fork(numberedMember, &N, 4);
  EXPECT_EQ(N.Sum.load(), 0 + 1 + 2 + 3);
  EXPECT_EQ(N.Sizes.load(), 4 * 4);
  EXPECT_EQ(N.Nested.load(), 4) << "four nested teams of one";
  // Outside any region: thread 0 of a team of one.
  EXPECT_EQ(hook<ThreadQuery>("omp_get_thread_num")(), 0);
  EXPECT_EQ(hook<ThreadQuery>("omp_get_num_threads")(), 1);
}

TEST(OpenMPRuntime, ReductionsCombineUnderALockTheyRelease) {
  auto Reduce = hook<ReduceNowait>("__kmpc_reduce_nowait");
  auto End = hook<EndReduceNowait>("__kmpc_end_reduce_nowait");
  for (int Round = 0; Round < 3; ++Round) {
    EXPECT_EQ(Reduce(nullptr, 0, 1, 4, nullptr, nullptr, nullptr), 1);
    End(nullptr, 0, nullptr);
  }
}

TEST(OpenMPRuntime, ARegionPassesItsArguments) {
  // All LOOM_OPENMP_MAX_REGION_ARGUMENTS of them, in order.
  static std::vector<uintptr_t> Seen;
  Seen.clear();
  auto Task = [](int32_t *, int32_t *, void *A0, void *A1, void *A2) {
    Seen = {reinterpret_cast<uintptr_t>(A0), reinterpret_cast<uintptr_t>(A1),
            reinterpret_cast<uintptr_t>(A2)};
  };
  void (*Microtask)(int32_t *, int32_t *, void *, void *, void *) = Task;
  hook<PushNumThreads>("__kmpc_push_num_threads")(nullptr, 0, 1);
  hook<ForkCall>("__kmpc_fork_call")(nullptr, 3,
                                     reinterpret_cast<void *>(Microtask),
                                     (void *)0x10, (void *)0x20, (void *)0x30);
  EXPECT_EQ(Seen, (std::vector<uintptr_t>{0x10, 0x20, 0x30}));
  static_assert(LOOM_OPENMP_MAX_REGION_ARGUMENTS >= 3);
}

} // namespace

namespace {

using LockFunction = void (*)(void **);
using TestLockFunction = int (*)(void **);

struct Counted {
  void *Lock = nullptr;
  void *Nest = nullptr;
  int Count = 0, NestCount = 0;
  std::atomic<int> Depths{0};
};

void lockedMember(int32_t *, int32_t *, void *Context) {
  auto &C = *static_cast<Counted *>(Context);
  for (int I = 0; I < 1000; ++I) {
    hook<LockFunction>("omp_set_lock")(&C.Lock);
    ++C.Count;
    hook<LockFunction>("omp_unset_lock")(&C.Lock);
    hook<LockFunction>("omp_set_nest_lock")(&C.Nest);
    // The owner holds it again at once, one level deeper.
    C.Depths += hook<TestLockFunction>("omp_test_nest_lock")(&C.Nest);
    ++C.NestCount;
    hook<LockFunction>("omp_unset_nest_lock")(&C.Nest);
    hook<LockFunction>("omp_unset_nest_lock")(&C.Nest);
  }
}

/// What the members of a team of barriers and singles record.
struct TeamRecord {
  static constexpr int Rounds = 50;
  int32_t Size = 0;
  std::atomic<int> Arrived{0};
  std::atomic<int> EarlyPasses{0};
  std::array<std::atomic<int>, Rounds> Singles{};
  std::atomic<int> Masters{0};
  std::atomic<int> Masked{0};
  std::atomic<int> WrongCopies{0};
};

using Barrier = void (*)(void *, int32_t);
using Single = int32_t (*)(void *, int32_t);
using Masked = int32_t (*)(void *, int32_t, int32_t);
using CopyPrivate = void (*)(void *, int32_t, size_t, void *,
                             void (*)(void *, void *), int32_t);

void copyInt(void *To, void *From) {
  *static_cast<int *>(To) = *static_cast<int *>(From);
}

/// Each round: every member counts itself in, waits at the barrier, and
/// finds every other member counted; then each meets a single, which one
/// member takes, and whose value the others get through copyprivate.
void barrierMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<TeamRecord *>(Context);
  auto Wait = hook<Barrier>("__kmpc_barrier");
  auto TakeSingle = hook<Single>("__kmpc_single");
  auto Copy = hook<CopyPrivate>("__kmpc_copyprivate");
  for (int Round = 0; Round < TeamRecord::Rounds; ++Round) {
    ++R.Arrived;
    Wait(nullptr, *ThreadId);
    if (R.Arrived.load() < (Round + 1) * R.Size)
      ++R.EarlyPasses;
    int Value = -1;
    int32_t Took = TakeSingle(nullptr, *ThreadId);
    if (Took) {
      ++R.Singles[Round];
      Value = Round * 7;
    }
    Copy(nullptr, *ThreadId, sizeof(int), &Value, copyInt, Took);
    if (Value != Round * 7)
      ++R.WrongCopies;
  }
  R.Masters += hook<Single>("__kmpc_master")(nullptr, *ThreadId);
  R.Masked += hook<Masked>("__kmpc_masked")(nullptr, *ThreadId, 1);
}

TEST(OpenMPRuntime, TeamMembersRunAtOnceThroughBarriersAndSingles) {
  // More members than the machine has cores: each has a thread of its own.
  for (int32_t Size : {2, 3, 8}) {
    SCOPED_TRACE("team of " + std::to_string(Size));
    TeamRecord R;
    R.Size = Size;
    fork(barrierMember, &R, Size);
    EXPECT_EQ(R.Arrived.load(), Size * TeamRecord::Rounds);
    EXPECT_EQ(R.EarlyPasses.load(), 0) << "a member passed a barrier early";
    for (int Round = 0; Round < TeamRecord::Rounds; ++Round)
      EXPECT_EQ(R.Singles[Round].load(), 1) << "single " << Round;
    EXPECT_EQ(R.WrongCopies.load(), 0);
    EXPECT_EQ(R.Masters.load(), 1);
    EXPECT_EQ(R.Masked.load(), 1);
  }
}

/// What a team's tasks record: how many ran, per creator, and which member
/// ran each.
struct TaskRecord {
  static constexpr int PerMember = 200;
  std::array<std::atomic<int>, 4> Ran{};
  std::array<std::atomic<int>, 4> RanBy{};
  std::atomic<int> EarlyWaits{0};
};

/// A counted task: its record and the member that made it.
struct CountedTask {
  KmpTaskHead Head;
  TaskRecord *Record;
  int32_t Creator;
};

int32_t countTask(int32_t, void *Task) {
  auto &T = *static_cast<CountedTask *>(Task);
  ++T.Record->Ran[T.Creator];
  ++T.Record->RanBy[hook<ThreadQuery>("omp_get_thread_num")()];
  return 0;
}

/// Members 0 and 1 create tasks; member 1 waits for its own, member 0 does
/// not: the region's end waits for them.
void taskMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<TaskRecord *>(Context);
  if (*ThreadId > 1)
    return;
  for (int I = 0; I < TaskRecord::PerMember; ++I) {
    void *Task = hook<TaskAlloc>("__kmpc_omp_task_alloc")(
        nullptr, *ThreadId, 1, sizeof(CountedTask), 0,
        reinterpret_cast<void *>(&countTask));
    static_cast<CountedTask *>(Task)->Record = &R;
    static_cast<CountedTask *>(Task)->Creator = *ThreadId;
    hook<TaskSubmit>("__kmpc_omp_task")(nullptr, *ThreadId, Task);
  }
  if (*ThreadId == 1) {
    hook<TaskWait>("__kmpc_omp_taskwait")(nullptr, *ThreadId);
    if (R.Ran[1].load() != TaskRecord::PerMember)
      ++R.EarlyWaits;
  }
}

TEST(OpenMPRuntime, TasksRunOnTheTeamBeforeTheRegionEnds) {
  for (int Round = 0; Round < 20; ++Round) {
    TaskRecord R;
    fork(taskMember, &R, 4);
    EXPECT_EQ(R.Ran[0].load(), TaskRecord::PerMember) << "round " << Round;
    EXPECT_EQ(R.Ran[1].load(), TaskRecord::PerMember) << "round " << Round;
    EXPECT_EQ(R.EarlyWaits.load(), 0) << "taskwait returned early";
    int Total = 0;
    for (auto &By : R.RanBy)
      Total += By.load();
    EXPECT_EQ(Total, 2 * TaskRecord::PerMember);
  }
  // Outside a team, a task runs at once.
  TaskRecord Alone;
  void *Task = hook<TaskAlloc>("__kmpc_omp_task_alloc")(
      nullptr, 0, 1, sizeof(CountedTask), 0,
      reinterpret_cast<void *>(&countTask));
  static_cast<CountedTask *>(Task)->Record = &Alone;
  static_cast<CountedTask *>(Task)->Creator = 2;
  hook<TaskSubmit>("__kmpc_omp_task")(nullptr, 0, Task);
  EXPECT_EQ(Alone.Ran[2].load(), 1);
}

/// OpenMP's task scheduling constraint: what ran while a tied task held
/// its "lock" and waited.
struct ConstraintRecord {
  std::atomic<bool> FirstHolds{false};
  std::atomic<bool> FirstDone{false};
  std::atomic<int> SecondRanInsideFirst{0};
  int32_t SecondFlags = 1;
};

/// A task of the constraint's test, with its record.
struct ConstrainedTask {
  KmpTaskHead Head;
  ConstraintRecord *Record;
};

using TaskYield = int32_t (*)(void *, int32_t, int32_t);

ConstrainedTask *makeConstrainedTask(ConstraintRecord &R, int32_t Flags,
                                     int32_t (*Routine)(int32_t, void *)) {
  auto *Task = static_cast<ConstrainedTask *>(hook<TaskAlloc>(
      "__kmpc_omp_task_alloc")(nullptr, 0, Flags, sizeof(ConstrainedTask), 0,
                               reinterpret_cast<void *>(Routine)));
  Task->Record = &R;
  return Task;
}

int32_t secondTask(int32_t, void *Task) {
  auto &R = *static_cast<ConstrainedTask *>(Task)->Record;
  if (R.FirstHolds)
    ++R.SecondRanInsideFirst;
  return 0;
}

/// The first task's child: a scheduling point while the first waits.
int32_t yieldingChild(int32_t, void *) {
  hook<TaskYield>("__kmpc_omp_taskyield")(nullptr, 0, 0);
  return 0;
}

/// Holds the "lock", creates a child and waits for it, lets go.
int32_t firstTask(int32_t, void *Task) {
  auto &R = *static_cast<ConstrainedTask *>(Task)->Record;
  R.FirstHolds = true;
  hook<TaskSubmit>("__kmpc_omp_task")(
      nullptr, 0, makeConstrainedTask(R, 1, &yieldingChild));
  hook<TaskWait>("__kmpc_omp_taskwait")(nullptr, 0);
  R.FirstHolds = false;
  R.FirstDone = true;
  return 0;
}

/// Member 0 queues the second task, then the first, and waits for them;
/// member 1 stays out of the way (no scheduling point) until the first is
/// done. Member 0 runs the first (its latest), whose child yields while the
/// first waits: the second, queued and not the first's descendant, must
/// not run there unless it is untied.
void constraintMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<ConstraintRecord *>(Context);
  if (*ThreadId != 0) {
    while (!R.FirstDone)
      std::this_thread::yield();
    return;
  }
  hook<TaskSubmit>("__kmpc_omp_task")(
      nullptr, 0, makeConstrainedTask(R, R.SecondFlags, &secondTask));
  hook<TaskSubmit>("__kmpc_omp_task")(nullptr, 0,
                                      makeConstrainedTask(R, 1, &firstTask));
  hook<TaskWait>("__kmpc_omp_taskwait")(nullptr, 0);
}

TEST(OpenMPRuntime, AWaitingTiedTaskRunsOnlyItsDescendants) {
  for (int32_t SecondFlags : {1, 0}) {
    ConstraintRecord R;
    R.SecondFlags = SecondFlags;
    fork(constraintMember, &R, 2);
    if (SecondFlags == 1)
      EXPECT_EQ(R.SecondRanInsideFirst.load(), 0)
          << "a tied task ran inside another it does not descend from";
    else
      EXPECT_EQ(R.SecondRanInsideFirst.load(), 1)
          << "an untied task may run at any scheduling point";
  }
}

/// `kmp_depend_info_t`, and its flags.
struct DependInfo {
  intptr_t Address;
  size_t Size;
  uint8_t Flags;
};
constexpr uint8_t DependIn = 1, DependInOut = 3;

using TaskWithDeps = int32_t (*)(void *, int32_t, void *, int32_t, void *,
                                 int32_t, void *);
using WaitDeps = void (*)(void *, int32_t, int32_t, void *, int32_t, void *);

/// What the dependences' tests saw.
struct DependenceRecord {
  std::atomic<bool> OtherDone{false};
  std::atomic<bool> FirstDone{false};
  std::atomic<int> FirstTimedOut{0};
  std::atomic<int> ReadBeforeFirst{0};
  /// The chain: a value its writers update in turn, what each reader saw
  /// against what it should have.
  int64_t Value = 0;
  std::atomic<int> WrongReads{0};
  int A = 0, B = 0;
};

struct DependentTask {
  KmpTaskHead Head;
  DependenceRecord *Record;
  int64_t Step;
  int64_t Expected;
};

DependentTask *makeDependentTask(DependenceRecord &R,
                                 int32_t (*Routine)(int32_t, void *)) {
  auto *Task = static_cast<DependentTask *>(hook<TaskAlloc>(
      "__kmpc_omp_task_alloc")(nullptr, 0, 1, sizeof(DependentTask), 0,
                               reinterpret_cast<void *>(Routine)));
  Task->Record = &R;
  return Task;
}

void submitWithDeps(DependentTask *Task, std::initializer_list<DependInfo> On) {
  std::vector<DependInfo> Items(On);
  hook<TaskWithDeps>("__kmpc_omp_task_with_deps")(
      nullptr, 0, Task, static_cast<int32_t>(Items.size()), Items.data(), 0,
      nullptr);
}

DependInfo on(const void *Address, uint8_t Flags) {
  return {reinterpret_cast<intptr_t>(Address), sizeof(int), Flags};
}

/// Waits (two seconds at most) for the unrelated task, which comes after
/// it.
int32_t waitForOther(int32_t, void *Task) {
  auto &R = *static_cast<DependentTask *>(Task)->Record;
  auto Until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (!R.OtherDone && std::chrono::steady_clock::now() < Until)
    std::this_thread::yield();
  R.FirstTimedOut = !R.OtherDone;
  R.FirstDone = true;
  return 0;
}
int32_t readAfterFirst(int32_t, void *Task) {
  auto &R = *static_cast<DependentTask *>(Task)->Record;
  R.ReadBeforeFirst += !R.FirstDone;
  return 0;
}
int32_t markOtherDone(int32_t, void *Task) {
  static_cast<DependentTask *>(Task)->Record->OtherDone = true;
  return 0;
}

/// Member 0 creates a task writing A that waits for a later one writing B,
/// and one reading A: the task on B must not wait for the task on A, the
/// reader must.
void independentMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<DependenceRecord *>(Context);
  if (*ThreadId != 0)
    return;
  submitWithDeps(makeDependentTask(R, &waitForOther), {on(&R.A, DependInOut)});
  submitWithDeps(makeDependentTask(R, &readAfterFirst), {on(&R.A, DependIn)});
  submitWithDeps(makeDependentTask(R, &markOtherDone), {on(&R.B, DependInOut)});
  hook<TaskWait>("__kmpc_omp_taskwait")(nullptr, 0);
}

TEST(OpenMPRuntime, ATaskWaitsForItsPredecessorsAlone) {
  for (int Round = 0; Round < 5; ++Round) {
    DependenceRecord R;
    fork(independentMember, &R, 2);
    EXPECT_EQ(R.FirstTimedOut.load(), 0) << "a task on B waited for one on A";
    EXPECT_EQ(R.ReadBeforeFirst.load(), 0) << "a reader of A ran too soon";
  }
}

/// One step of the chain: Value = (Value * 3 + Step) mod 2^40.
int64_t nextValue(int64_t Value, int64_t Step) {
  return (Value * 3 + Step) % (int64_t(1) << 40);
}
int32_t writeStep(int32_t, void *Task) {
  auto &T = *static_cast<DependentTask *>(Task);
  T.Record->Value = nextValue(T.Record->Value, T.Step);
  return 0;
}
int32_t readStep(int32_t, void *Task) {
  auto &T = *static_cast<DependentTask *>(Task);
  T.Record->WrongReads += T.Record->Value != T.Expected;
  return 0;
}

/// Member 0 makes a chain of writers of Value, each followed by readers,
/// which may run at once, then waits for Value with `taskwait depend`.
void chainMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<DependenceRecord *>(Context);
  if (*ThreadId != 0)
    return;
  int64_t Expected = 0;
  for (int64_t Step = 1; Step <= 200; ++Step) {
    DependentTask *Writer = makeDependentTask(R, &writeStep);
    Writer->Step = Step;
    submitWithDeps(Writer, {on(&R.Value, DependInOut)});
    Expected = nextValue(Expected, Step);
    for (int Reader = 0; Reader < 3; ++Reader) {
      DependentTask *Read = makeDependentTask(R, &readStep);
      Read->Expected = Expected;
      submitWithDeps(Read, {on(&R.Value, DependIn)});
    }
  }
  std::vector<DependInfo> Value = {on(&R.Value, DependIn)};
  hook<WaitDeps>("__kmpc_omp_wait_deps")(nullptr, 0, 1, Value.data(), 0,
                                         nullptr);
  R.A = R.Value == Expected;
}

TEST(OpenMPRuntime, DependencesOrderWritersAndReaders) {
  for (int Round = 0; Round < 3; ++Round) {
    DependenceRecord R;
    fork(chainMember, &R, 3);
    EXPECT_EQ(R.WrongReads.load(), 0) << "round " << Round;
    EXPECT_EQ(R.A, 1) << "taskwait depend returned before the last writer";
  }
}

/// `kmp_taskred_input_t`.
struct TaskReductionInput {
  void *Shared, *Original;
  size_t Size;
  void (*Init)(void *, void *);
  void (*Fini)(void *);
  void (*Combine)(void *, void *);
  uint32_t Flags;
};

using TaskgroupCall = void (*)(void *, int32_t);
using TaskReductionInit = void *(*)(int32_t, int32_t,
                                    const TaskReductionInput *);
using TaskReductionData = void *(*)(int32_t, void *, void *);

/// A task of a task reduction: adds its value to the running member's copy
/// of the sum.
struct ReducingTask {
  KmpTaskHead Head;
  void *Reduction;
  int64_t *Sum;
  int64_t Value;
};

int32_t addToReduction(int32_t ThreadId, void *Task) {
  auto &T = *static_cast<ReducingTask *>(Task);
  auto *Copy = static_cast<int64_t *>(hook<TaskReductionData>(
      "__kmpc_task_reduction_get_th_data")(ThreadId, T.Reduction, T.Sum));
  *Copy += T.Value;
  return 0;
}

/// A taskgroup with a task_reduction of Sum (starting from 1000), and
/// Count tasks that add 1..Count in_reduction.
void reduceInTasks(int32_t ThreadId, int64_t &Sum, int Count) {
  TaskReductionInput Input{
      &Sum,
      &Sum,
      sizeof(int64_t),
      [](void *Copy, void *) { *static_cast<int64_t *>(Copy) = 0; },
      nullptr,
      [](void *Shared, void *Copy) {
        *static_cast<int64_t *>(Shared) += *static_cast<int64_t *>(Copy);
      },
      0};
  hook<TaskgroupCall>("__kmpc_taskgroup")(nullptr, ThreadId);
  void *Reduction =
      hook<TaskReductionInit>("__kmpc_taskred_init")(ThreadId, 1, &Input);
  for (int I = 1; I <= Count; ++I) {
    auto *Task = static_cast<ReducingTask *>(hook<TaskAlloc>(
        "__kmpc_omp_task_alloc")(nullptr, ThreadId, 1, sizeof(ReducingTask), 0,
                                 reinterpret_cast<void *>(&addToReduction)));
    Task->Reduction = Reduction;
    Task->Sum = &Sum;
    Task->Value = I;
    hook<TaskSubmit>("__kmpc_omp_task")(nullptr, ThreadId, Task);
  }
  hook<TaskgroupCall>("__kmpc_end_taskgroup")(nullptr, ThreadId);
}

void reducingMember(int32_t *ThreadId, int32_t *, void *Context) {
  if (*ThreadId == 0)
    reduceInTasks(*ThreadId, *static_cast<int64_t *>(Context), 2000);
}

TEST(OpenMPRuntime, TaskReductionsCombineTheMembersCopiesAtTheGroupsEnd) {
  for (int Round = 0; Round < 10; ++Round) {
    int64_t Sum = 1000;
    fork(reducingMember, &Sum, 3);
    EXPECT_EQ(Sum, 1000 + 2000 * 2001 / 2) << "round " << Round;
  }
  // Outside a team: the tasks run at once, on the one copy.
  int64_t Alone = 1000;
  reduceInTasks(0, Alone, 10);
  EXPECT_EQ(Alone, 1055);
}

using ModifierInit = void *(*)(void *, int32_t, int32_t, int32_t,
                               const TaskReductionInput *);
using ModifierFini = void (*)(void *, int32_t, int32_t);

/// A team's reduction modifiers: what all of them must add up to.
struct ModifierRecord {
  static constexpr int Rounds = 40, TasksPerMember = 25;
  int64_t Original = 0;
  std::atomic<int64_t> Total{0};
};

/// Each member begins a worksharing construct's task reduction, Rounds
/// times in a row with no barrier between (`nowait`: a member may begin the
/// next while another is in this one), creates tasks adding to it, ends it,
/// and adds its own variable to the total (the construct's reduction): the
/// last member to end each has all the tasks' copies in its variable.
void modifierMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<ModifierRecord *>(Context);
  for (int Round = 0; Round < ModifierRecord::Rounds; ++Round) {
    int64_t Mine = 0;
    TaskReductionInput Input{
        &Mine,
        &R.Original,
        sizeof(int64_t),
        [](void *Copy, void *) { *static_cast<int64_t *>(Copy) = 0; },
        nullptr,
        [](void *Shared, void *Copy) {
          *static_cast<int64_t *>(Shared) += *static_cast<int64_t *>(Copy);
        },
        0};
    void *Reduction = hook<ModifierInit>("__kmpc_taskred_modifier_init")(
        nullptr, *ThreadId, 1, 1, &Input);
    for (int I = 1; I <= ModifierRecord::TasksPerMember; ++I) {
      auto *Task =
          static_cast<ReducingTask *>(hook<TaskAlloc>("__kmpc_omp_task_alloc")(
              nullptr, *ThreadId, 1, sizeof(ReducingTask), 0,
              reinterpret_cast<void *>(&addToReduction)));
      Task->Reduction = Reduction;
      Task->Sum = &Mine;
      Task->Value = Round * 1000 + I;
      hook<TaskSubmit>("__kmpc_omp_task")(nullptr, *ThreadId, Task);
    }
    hook<ModifierFini>("__kmpc_task_reduction_modifier_fini")(nullptr,
                                                              *ThreadId, 1);
    R.Total += Mine;
  }
}

TEST(OpenMPRuntime, ReductionModifiersOfATeamFollowOneAnother) {
  constexpr int Members = 3;
  int64_t Expected = 0;
  for (int Round = 0; Round < ModifierRecord::Rounds; ++Round)
    for (int I = 1; I <= ModifierRecord::TasksPerMember; ++I)
      Expected += Members * (Round * 1000 + I);
  for (int Repeat = 0; Repeat < 5; ++Repeat) {
    ModifierRecord R;
    fork(modifierMember, &R, Members);
    EXPECT_EQ(R.Total.load(), Expected) << "repeat " << Repeat;
  }
  // Outside a team: a taskgroup whose tasks run at once.
  ModifierRecord Alone;
  int32_t ThreadId = 0;
  modifierMember(&ThreadId, nullptr, &Alone);
  EXPECT_EQ(Alone.Total.load(), Expected / Members);
}

} // namespace

TEST(OpenMPRuntime, LocksExcludeAndNestedLocksCount) {
  mux::ThreadPool Pool(3);
  Counted C;
  hook<LockFunction>("omp_init_lock")(&C.Lock);
  hook<LockFunction>("omp_init_nest_lock")(&C.Nest);
  ASSERT_NE(C.Lock, nullptr);
  // Held, a simple lock cannot be taken again, by its owner either.
  hook<LockFunction>("omp_set_lock")(&C.Lock);
  EXPECT_EQ(hook<TestLockFunction>("omp_test_lock")(&C.Lock), 0);
  hook<LockFunction>("omp_unset_lock")(&C.Lock);
  EXPECT_EQ(hook<TestLockFunction>("omp_test_lock")(&C.Lock), 1);
  hook<LockFunction>("omp_unset_lock")(&C.Lock);
  Pool.runJob([&](unsigned Worker) {
    if (Worker != 0)
      return;
    fork(lockedMember, &C, 3);
  });
  EXPECT_EQ(C.Count, 3 * 1000);
  EXPECT_EQ(C.NestCount, 3 * 1000);
  EXPECT_EQ(C.Depths.load(), 3 * 1000 * 2);
  hook<LockFunction>("omp_destroy_lock")(&C.Lock);
  hook<LockFunction>("omp_destroy_nest_lock")(&C.Nest);
  EXPECT_EQ(C.Lock, nullptr);
}

TEST(OpenMPRuntime, TimeGoesForward) {
  using Time = double (*)();
  double Before = hook<Time>("omp_get_wtime")();
  double Tick = hook<Time>("omp_get_wtick")();
  EXPECT_GT(Tick, 0.0);
  EXPECT_LT(Tick, 1e-3);
  EXPECT_GE(hook<Time>("omp_get_wtime")(), Before);
  EXPECT_EQ(hook<ThreadQuery>("omp_in_parallel")(), 0);
  EXPECT_GE(hook<ThreadQuery>("omp_get_num_procs")(), 1);
}

TEST(OpenMPRuntime, SetNumThreadsSizesLaterTeamsUntilTheLaunchEnds) {
  using SetNumThreads = void (*)(int);
  Numbers N;
  hook<SetNumThreads>("omp_set_num_threads")(3);
  EXPECT_EQ(hook<ThreadQuery>("omp_get_max_threads")(), 3);
  hook<ForkCall>("__kmpc_fork_call")(
      nullptr, 1, reinterpret_cast<void *>(&numberedMember), &N);
  // Three members, each in a team of three.
  EXPECT_EQ(N.Sizes.load(), 9);
  // num_threads still wins.
  Numbers Pushed;
  fork(numberedMember, &Pushed, 2);
  EXPECT_EQ(Pushed.Sizes.load(), 4);
  // A new launch starts afresh: a team of one on a thread of no pool.
  mux::startOpenMPInitialThread();
  EXPECT_EQ(hook<ThreadQuery>("omp_get_max_threads")(), 1);
}
