//===- openmp_levels_test.cpp - OpenMP levels, ICVs and doacross ----------===//
///
/// The driver's OpenMP runtime as a kernel reaches it, by name: the levels
/// (omp_get_level, omp_get_active_level, the ancestors' thread numbers and
/// team sizes) in a team, in a region nested in it, and in the workers of a
/// Loom parallel loop (`__loom_parallel_map`); the ICVs the routines set,
/// which a region's members inherit, with `schedule(runtime)` taking
/// run-sched-var and a max-active-levels-var of 0 making every region
/// inactive; the devices (the host alone) and the place list (one place);
/// doacross loops, whose iterations wait for the ones they name; and Loom's
/// omp.h, whose omp_sched_t has the runtime's values.
///
//===----------------------------------------------------------------------===//

#include "external_symbols.h"
#include "openmp_hooks.h"
#include "openmp_runtime.h"
#include "thread_pool.h"

#include "metadata/abi.h"
#include "metadata/openmp_kinds.h"

// Loom's own, which kernels include (modules/compiler/frontend/headers).
#include "omp.h"

#include <gtest/gtest.h>

#include <atomic>
#include <climits>
#include <cstdint>
#include <vector>

static_assert(omp_sched_static == LOOM_OMP_KIND_STATIC &&
                  omp_sched_dynamic == LOOM_OMP_KIND_DYNAMIC &&
                  omp_sched_guided == LOOM_OMP_KIND_GUIDED &&
                  omp_sched_auto == LOOM_OMP_KIND_AUTO &&
                  static_cast<uint32_t>(omp_sched_monotonic) ==
                      LOOM_OMP_KIND_MONOTONIC,
              "omp.h's omp_sched_t is the runtime's");

namespace {

using namespace openmp_hooks;

using Query = int (*)();
using LevelQuery = int (*)(int);
using Setter = void (*)(int);
using SetSchedule = void (*)(int32_t, int);
using GetSchedule = void (*)(int32_t *, int *);
using ParallelMap = void (*)(uint32_t, void (*)(void *, uint32_t), void *);
using ParallelWorkers = uint32_t (*)();

int query(const char *Name) { return hook<Query>(Name)(); }
int levelQuery(const char *Name, int Level) {
  return hook<LevelQuery>(Name)(Level);
}

/// What a member saw, by its thread number.
struct Levels {
  static constexpr int Members = 3;
  std::atomic<int> Level[Members], Active[Members], Ancestor1[Members],
      Size1[Members], Ancestor0[Members], Size0[Members], Beyond[Members];
  std::atomic<int> InnerLevel[Members], InnerActive[Members],
      InnerThreads[Members], InnerAncestor1[Members], InnerSize2[Members];
};

void innerMember(int32_t *, int32_t *, void *Context) {
  auto &L = *static_cast<Levels *>(Context);
  const int Outer = levelQuery("omp_get_ancestor_thread_num", 1);
  L.InnerLevel[Outer] = query("omp_get_level");
  L.InnerActive[Outer] = query("omp_get_active_level");
  L.InnerThreads[Outer] = query("omp_get_num_threads");
  L.InnerAncestor1[Outer] = Outer;
  L.InnerSize2[Outer] = levelQuery("omp_get_team_size", 2);
}

void levelsMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &L = *static_cast<Levels *>(Context);
  const int32_t Me = *ThreadId;
  L.Level[Me] = query("omp_get_level");
  L.Active[Me] = query("omp_get_active_level");
  L.Ancestor1[Me] = levelQuery("omp_get_ancestor_thread_num", 1);
  L.Size1[Me] = levelQuery("omp_get_team_size", 1);
  L.Ancestor0[Me] = levelQuery("omp_get_ancestor_thread_num", 0);
  L.Size0[Me] = levelQuery("omp_get_team_size", 0);
  L.Beyond[Me] = levelQuery("omp_get_ancestor_thread_num", 2) +
                 levelQuery("omp_get_team_size", -1);
  // A region inside the team: inactive, one thread, one level deeper.
  fork(innerMember, Context, 2);
}

TEST(OpenMPLevels, MembersKnowTheirLevelsAndAncestors) {
  mux::startOpenMPInitialThread();
  Levels L{};
  fork(levelsMember, &L, Levels::Members);
  for (int Me = 0; Me < Levels::Members; ++Me) {
    SCOPED_TRACE("member " + std::to_string(Me));
    EXPECT_EQ(L.Level[Me].load(), 1);
    EXPECT_EQ(L.Active[Me].load(), 1);
    EXPECT_EQ(L.Ancestor1[Me].load(), Me);
    EXPECT_EQ(L.Size1[Me].load(), Levels::Members);
    EXPECT_EQ(L.Ancestor0[Me].load(), 0);
    EXPECT_EQ(L.Size0[Me].load(), 1);
    EXPECT_EQ(L.Beyond[Me].load(), -2) << "no level 2, no level -1";
    EXPECT_EQ(L.InnerLevel[Me].load(), 2);
    EXPECT_EQ(L.InnerActive[Me].load(), 1) << "the inner region is inactive";
    EXPECT_EQ(L.InnerThreads[Me].load(), 1);
    EXPECT_EQ(L.InnerSize2[Me].load(), 1);
  }
  // Outside any region: level 0, the initial thread.
  EXPECT_EQ(query("omp_get_level"), 0);
  EXPECT_EQ(query("omp_get_active_level"), 0);
  EXPECT_EQ(levelQuery("omp_get_ancestor_thread_num", 0), 0);
  EXPECT_EQ(levelQuery("omp_get_team_size", 0), 1);
  EXPECT_EQ(levelQuery("omp_get_team_size", 1), -1);
}

/// What a Loom parallel loop's worker saw, by its index.
struct LoopWorkers {
  static constexpr uint32_t Count = 3;
  std::atomic<int> Level[Count], Active[Count], Ancestor1[Count], Size1[Count],
      InParallel[Count], Threads[Count];
  std::atomic<uint32_t> NestedWorkers[Count];
  /// A loop inside worker 0 of two indices (num_threads(2)): inactive, a
  /// team of one.
  std::atomic<int> InnerLevel[2], InnerActive[2], InnerThread[2],
      InnerThreads[2], InnerSize2[2];
};

void innerLoopWorker(void *Context, uint32_t Index) {
  auto &W = *static_cast<LoopWorkers *>(Context);
  W.InnerLevel[Index] = query("omp_get_level");
  W.InnerActive[Index] = query("omp_get_active_level");
  W.InnerThread[Index] = query("omp_get_thread_num");
  W.InnerThreads[Index] = query("omp_get_num_threads");
  W.InnerSize2[Index] = levelQuery("omp_get_team_size", 2);
}

void loopWorker(void *Context, uint32_t Index) {
  auto &W = *static_cast<LoopWorkers *>(Context);
  W.Level[Index] = query("omp_get_level");
  W.Active[Index] = query("omp_get_active_level");
  W.Ancestor1[Index] = levelQuery("omp_get_ancestor_thread_num", 1);
  W.Size1[Index] = levelQuery("omp_get_team_size", 1);
  W.InParallel[Index] = query("omp_in_parallel");
  W.Threads[Index] = query("omp_get_num_threads");
  W.NestedWorkers[Index] =
      hook<ParallelWorkers>(LOOM_PARALLEL_WORKERS_SYMBOL)();
  if (Index == 0)
    hook<ParallelMap>(LOOM_PARALLEL_MAP_SYMBOL)(2, innerLoopWorker, Context);
}

TEST(OpenMPLevels, AParallelLoopsWorkersAreARegionsThreads) {
  mux::ThreadPool Pool(3);
  LoopWorkers W{};
  Pool.runJob([&](unsigned Worker) {
    if (Worker != 0)
      return;
    mux::startOpenMPInitialThread();
    hook<ParallelMap>(LOOM_PARALLEL_MAP_SYMBOL)(LoopWorkers::Count, loopWorker,
                                                &W);
  });
  for (uint32_t I = 0; I < LoopWorkers::Count; ++I) {
    SCOPED_TRACE("worker " + std::to_string(I));
    EXPECT_EQ(W.Level[I].load(), 1);
    EXPECT_EQ(W.Active[I].load(), 1);
    EXPECT_EQ(W.Ancestor1[I].load(), static_cast<int>(I));
    EXPECT_EQ(W.Size1[I].load(), static_cast<int>(LoopWorkers::Count));
    EXPECT_EQ(W.InParallel[I].load(), 1);
    EXPECT_EQ(W.Threads[I].load(), static_cast<int>(LoopWorkers::Count));
    EXPECT_EQ(W.NestedWorkers[I].load(), 1u) << "a nested loop is inactive";
  }
  for (int I = 0; I < 2; ++I) {
    EXPECT_EQ(W.InnerLevel[I].load(), 2);
    EXPECT_EQ(W.InnerActive[I].load(), 1) << "inactive, on the worker alone";
    EXPECT_EQ(W.InnerThread[I].load(), 0) << "every index on thread 0";
    EXPECT_EQ(W.InnerThreads[I].load(), 1);
    EXPECT_EQ(W.InnerSize2[I].load(), 1);
  }
}

/// What a member of a region after the settings saw, and which member ran
/// each iteration of its schedule(runtime) loop.
struct Inherited {
  static constexpr int32_t Trips = 20;
  std::atomic<int> Dynamic{-1}, Kind{-1}, Chunk{-1};
  std::atomic<int> Owner[Trips];
  Inherited() {
    for (auto &O : Owner)
      O = -1;
  }
};

void inheritingMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &I = *static_cast<Inherited *>(Context);
  if (*ThreadId == 1) {
    I.Dynamic = query("omp_get_dynamic");
    int32_t Kind = 0;
    int Chunk = 0;
    hook<GetSchedule>("omp_get_schedule")(&Kind, &Chunk);
    I.Kind = Kind;
    I.Chunk = Chunk;
  }
  hook<DispatchInit4>("__kmpc_dispatch_init_4")(nullptr, *ThreadId,
                                                LOOM_OMP_SCHED_RUNTIME, 0,
                                                Inherited::Trips - 1, 1, 0);
  int32_t Last = 0, Lower = 0, Upper = 0, Stride = 0;
  while (hook<DispatchNext4>("__kmpc_dispatch_next_4")(
      nullptr, *ThreadId, &Last, &Lower, &Upper, &Stride))
    for (int32_t It = Lower; It <= Upper; ++It)
      I.Owner[It] = *ThreadId;
}

TEST(OpenMPLevels, RegionsInheritTheSettingsAndRuntimeLoopsTheSchedule) {
  mux::startOpenMPInitialThread();
  // libomp's defaults.
  EXPECT_EQ(query("omp_get_dynamic"), 0);
  EXPECT_EQ(query("omp_get_max_active_levels"), 1);
  EXPECT_EQ(query("omp_get_supported_active_levels"), 1);
  EXPECT_EQ(query("omp_get_nested"), 0);
  EXPECT_EQ(query("omp_get_thread_limit"), INT_MAX);
  EXPECT_EQ(query("omp_get_proc_bind"), 0);
  EXPECT_EQ(query("omp_in_final"), 0);
  int32_t Kind = 0;
  int Chunk = -1;
  hook<GetSchedule>("omp_get_schedule")(&Kind, &Chunk);
  EXPECT_EQ(Kind, omp_sched_static);
  EXPECT_EQ(Chunk, 0);
  // As libomp keeps them: a chunk below 1 is 1 for dynamic and guided; an
  // unknown kind is static without a chunk.
  hook<SetSchedule>("omp_set_schedule")(omp_sched_guided, -5);
  hook<GetSchedule>("omp_get_schedule")(&Kind, &Chunk);
  EXPECT_EQ(Kind * 100 + Chunk, 301);
  hook<SetSchedule>("omp_set_schedule")(9, 3);
  hook<GetSchedule>("omp_get_schedule")(&Kind, &Chunk);
  EXPECT_EQ(Kind * 100 + Chunk, 100);

  // Static chunks of 2, dealt round-robin, on a team of two that dyn-var
  // does not shrink.
  hook<SetSchedule>("omp_set_schedule")(omp_sched_static, 2);
  hook<Setter>("omp_set_dynamic")(1);
  Inherited I;
  fork(inheritingMember, &I, 2);
  EXPECT_EQ(I.Dynamic.load(), 1);
  EXPECT_EQ(I.Kind.load(), omp_sched_static);
  EXPECT_EQ(I.Chunk.load(), 2);
  for (int32_t It = 0; It < Inherited::Trips; ++It)
    EXPECT_EQ(I.Owner[It].load(), (It / 2) % 2) << "iteration " << It;

  // max-active-levels-var: at most the one level supported; a negative
  // count changes nothing; 0 makes every region inactive.
  hook<Setter>("omp_set_max_active_levels")(5);
  EXPECT_EQ(query("omp_get_max_active_levels"), 1);
  hook<Setter>("omp_set_max_active_levels")(-1);
  EXPECT_EQ(query("omp_get_max_active_levels"), 1);
  hook<Setter>("omp_set_nested")(1);
  EXPECT_EQ(query("omp_get_nested"), 0) << "one level is all there is";
  hook<Setter>("omp_set_max_active_levels")(0);
  EXPECT_EQ(hook<ParallelWorkers>(LOOM_PARALLEL_WORKERS_SYMBOL)(), 1u);
  Levels L{};
  fork(levelsMember, &L, Levels::Members);
  EXPECT_EQ(L.Level[0].load(), 1);
  EXPECT_EQ(L.Active[0].load(), 0);
  EXPECT_EQ(L.Size1[0].load(), 1) << "a team of one";
  EXPECT_EQ(L.Level[1].load(), 0) << "no member 1";
  // A new launch starts from the defaults.
  mux::startOpenMPInitialThread();
  EXPECT_EQ(query("omp_get_max_active_levels"), 1);
  EXPECT_EQ(query("omp_get_dynamic"), 0);
}

TEST(OpenMPLevels, TheHostIsTheOneDeviceAndItsProcessorsOnePlace) {
  mux::ThreadPool Pool(2);
  Pool.runJob([&](unsigned Worker) {
    if (Worker != 0)
      return;
    mux::startOpenMPInitialThread();
    EXPECT_EQ(query("omp_get_num_devices"), 0);
    EXPECT_EQ(query("omp_get_initial_device"), 0);
    EXPECT_EQ(query("omp_is_initial_device"), 1);
    EXPECT_EQ(query("omp_get_device_num"), 0);
    hook<Setter>("omp_set_default_device")(3);
    EXPECT_EQ(query("omp_get_default_device"), 3);
    EXPECT_EQ(query("omp_get_max_task_priority"), 0);
    EXPECT_EQ(query("omp_get_num_places"), 1);
    EXPECT_EQ(query("omp_get_place_num"), 0);
    EXPECT_EQ(query("omp_get_partition_num_places"), 1);
    EXPECT_EQ(levelQuery("omp_get_place_num_procs", 0), 2);
    EXPECT_EQ(levelQuery("omp_get_place_num_procs", 1), 0);
    int Ids[2] = {-1, -1};
    hook<void (*)(int, int *)>("omp_get_place_proc_ids")(0, Ids);
    EXPECT_EQ(Ids[0], 0);
    EXPECT_EQ(Ids[1], 1);
    int Place = -1;
    hook<void (*)(int *)>("omp_get_partition_place_nums")(&Place);
    EXPECT_EQ(Place, 0);
    // A lock made with a hint is a lock.
    void *Lock = nullptr;
    hook<void (*)(void **, int)>("omp_init_lock_with_hint")(
        &Lock, omp_lock_hint_contended);
    EXPECT_EQ(hook<int (*)(void **)>("omp_test_lock")(&Lock), 1);
    hook<void (*)(void **)>("omp_unset_lock")(&Lock);
    hook<void (*)(void **)>("omp_destroy_lock")(&Lock);
  });
}

/// `kmp_dim`.
struct Dimension {
  int64_t Lower, Upper, Step;
};

using DoacrossInit = void (*)(void *, int32_t, int32_t, const Dimension *);
using DoacrossVector = void (*)(void *, int32_t, const int64_t *);
using DoacrossFini = void (*)(void *, int32_t);

/// A running sum's iterations 1..Trips-1, chunks of one dealt round-robin:
/// each waits for the one before and finds it done; and a 2-deep nest,
/// blocks of rows, whose (i, j) waits for (i - 1, j) and (i, j - 1).
struct Doacross {
  static constexpr int32_t Trips = 300, Side = 24;
  std::atomic<int> Done[Trips];
  std::atomic<int> Grid[Side][Side];
  std::atomic<int> Early{0};
  Doacross() {
    for (auto &D : Done)
      D = 0;
    for (auto &Row : Grid)
      for (auto &Cell : Row)
        Cell = 0;
  }
};

void doacrossMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &D = *static_cast<Doacross *>(Context);
  auto Init = hook<DoacrossInit>("__kmpc_doacross_init");
  auto Wait = hook<DoacrossVector>("__kmpc_doacross_wait");
  auto Post = hook<DoacrossVector>("__kmpc_doacross_post");
  auto Fini = hook<DoacrossFini>("__kmpc_doacross_fini");
  auto StaticInit = hook<StaticInit4>("__kmpc_for_static_init_4");

  const Dimension Sum{1, Doacross::Trips - 1, 1};
  Init(nullptr, *ThreadId, 1, &Sum);
  int32_t Last = 0, Lower = 1, Upper = Doacross::Trips - 1, Stride = 1;
  StaticInit(nullptr, *ThreadId, LOOM_OMP_SCHED_STATIC_CHUNKED, &Last, &Lower,
             &Upper, &Stride, 1, 1);
  for (; Lower < Doacross::Trips; Lower += Stride) {
    const int64_t I = Lower;
    const int64_t Sink = I - 1;
    Wait(nullptr, *ThreadId, &Sink);
    if (I > 1 && !D.Done[I - 1].load())
      ++D.Early;
    D.Done[I] = 1;
    Post(nullptr, *ThreadId, &I);
  }
  Fini(nullptr, *ThreadId);

  const Dimension Nest[2] = {{1, Doacross::Side - 1, 1},
                             {1, Doacross::Side - 1, 1}};
  Init(nullptr, *ThreadId, 2, Nest);
  Lower = 1;
  Upper = Doacross::Side - 1;
  StaticInit(nullptr, *ThreadId, LOOM_OMP_SCHED_STATIC, &Last, &Lower, &Upper,
             &Stride, 1, 1);
  for (int64_t I = Lower; I <= Upper; ++I)
    for (int64_t J = 1; J < Doacross::Side; ++J) {
      const int64_t Up[2] = {I - 1, J}, Left[2] = {I, J - 1};
      Wait(nullptr, *ThreadId, Up);
      Wait(nullptr, *ThreadId, Left);
      // Row 0 and column 0 are outside the nest: no wait for them.
      if ((I > 1 && !D.Grid[I - 1][J].load()) ||
          (J > 1 && !D.Grid[I][J - 1].load()))
        ++D.Early;
      D.Grid[I][J] = 1;
      const int64_t Here[2] = {I, J};
      Post(nullptr, *ThreadId, Here);
    }
  Fini(nullptr, *ThreadId);
}

TEST(OpenMPLevels, DoacrossIterationsWaitForTheOnesTheyName) {
  mux::startOpenMPInitialThread();
  for (int32_t Team : {1, 2, 3}) {
    SCOPED_TRACE("team " + std::to_string(Team));
    Doacross D;
    fork(doacrossMember, &D, Team);
    EXPECT_EQ(D.Early.load(), 0);
    for (int32_t I = 1; I < Doacross::Trips; ++I)
      ASSERT_EQ(D.Done[I].load(), 1) << "iteration " << I;
  }
}

} // namespace
