//===- openmp_api50_test.cpp - OpenMP 5.0's routines ----------------------===//
///
/// The driver's OpenMP runtime's OpenMP 5.0 routines, as a kernel reaches
/// them, by name, with the types of Loom's omp.h: memory allocators (their
/// traits' alignment, pool and fallbacks, the traits refused, the zeroed
/// and moved blocks, def-allocator-var), detachable tasks (a taskwait
/// waits for the event, which another member fulfills), nteams-var and
/// teams-thread-limit-var, which a league takes, and the routines with
/// fixed answers (pause, tools, omp_in_explicit_task). Also that omp.h's
/// values are the runtime's.
///
//===----------------------------------------------------------------------===//

#include "openmp_hooks.h"
#include "openmp_runtime.h"

#include "metadata/openmp_kinds.h"

// Loom's own, which kernels include (modules/compiler/frontend/headers).
#include "omp.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>

static_assert(omp_default_mem_alloc == LOOM_OMP_DEFAULT_MEM_ALLOC &&
                  omp_thread_mem_alloc < LOOM_OMP_FIRST_ALLOCATOR_OBJECT,
              "omp.h's predefined allocators are the runtime's");
static_assert(omp_atk_sync_hint == LOOM_OMP_ATK_SYNC_HINT &&
                  omp_atk_alignment == LOOM_OMP_ATK_ALIGNMENT &&
                  omp_atk_access == LOOM_OMP_ATK_ACCESS &&
                  omp_atk_pool_size == LOOM_OMP_ATK_POOL_SIZE &&
                  omp_atk_fallback == LOOM_OMP_ATK_FALLBACK &&
                  omp_atk_fb_data == LOOM_OMP_ATK_FB_DATA &&
                  omp_atk_pinned == LOOM_OMP_ATK_PINNED &&
                  omp_atk_partition == LOOM_OMP_ATK_PARTITION,
              "omp.h's trait keys are the runtime's");
static_assert(omp_atv_contended == LOOM_OMP_ATV_CONTENDED &&
                  omp_atv_private == LOOM_OMP_ATV_PRIVATE &&
                  omp_atv_all == LOOM_OMP_ATV_ALL &&
                  omp_atv_cgroup == LOOM_OMP_ATV_CGROUP &&
                  omp_atv_default_mem_fb == LOOM_OMP_ATV_DEFAULT_MEM_FB &&
                  omp_atv_null_fb == LOOM_OMP_ATV_NULL_FB &&
                  omp_atv_abort_fb == LOOM_OMP_ATV_ABORT_FB &&
                  omp_atv_allocator_fb == LOOM_OMP_ATV_ALLOCATOR_FB &&
                  omp_atv_environment == LOOM_OMP_ATV_ENVIRONMENT &&
                  omp_atv_interleaved == LOOM_OMP_ATV_INTERLEAVED &&
                  omp_atv_default == LOOM_OMP_ATV_DEFAULT,
              "omp.h's trait values are the runtime's");
static_assert(omp_control_tool_notool == LOOM_OMP_CONTROL_TOOL_NOTOOL,
              "omp.h's omp_control_tool_notool is the runtime's");

namespace {

using namespace openmp_hooks;

using InitAllocator = omp_allocator_handle_t (*)(omp_memspace_handle_t, int,
                                                 const omp_alloctrait_t *);
using DestroyAllocator = void (*)(omp_allocator_handle_t);
using Alloc = void *(*)(size_t, omp_allocator_handle_t);
using AlignedAlloc = void *(*)(size_t, size_t, omp_allocator_handle_t);
using Calloc = void *(*)(size_t, size_t, omp_allocator_handle_t);
using Realloc = void *(*)(void *, size_t, omp_allocator_handle_t,
                          omp_allocator_handle_t);
using Free = void (*)(void *, omp_allocator_handle_t);
using SetAllocator = void (*)(omp_allocator_handle_t);
using GetAllocator = omp_allocator_handle_t (*)();
using Query = int (*)();
using Setter = void (*)(int);

omp_allocator_handle_t makeAllocator(const omp_alloctrait_t *Traits,
                                     int Count) {
  return hook<InitAllocator>("omp_init_allocator")(omp_default_mem_space, Count,
                                                   Traits);
}
void *alloc(size_t Size, omp_allocator_handle_t With) {
  return hook<Alloc>("omp_alloc")(Size, With);
}
void release(void *Block, omp_allocator_handle_t With) {
  hook<Free>("omp_free")(Block, With);
}
bool alignedTo(const void *Block, uintptr_t Alignment) {
  return reinterpret_cast<uintptr_t>(Block) % Alignment == 0;
}

TEST(OpenMPAllocators, TheirTraitsAlignAndLimitTheirBlocks) {
  mux::startOpenMPInitialThread();
  const omp_alloctrait_t Traits[] = {{omp_atk_alignment, 256},
                                     {omp_atk_pool_size, 1000},
                                     {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t Pool = makeAllocator(Traits, 3);
  ASSERT_NE(Pool, omp_null_allocator);
  void *First = alloc(600, Pool);
  ASSERT_NE(First, nullptr);
  EXPECT_TRUE(alignedTo(First, 256));
  std::memset(First, 1, 600);
  EXPECT_EQ(alloc(600, Pool), nullptr) << "the pool is spent: null_fb";
  void *Rest = alloc(400, Pool);
  EXPECT_NE(Rest, nullptr) << "what is left of the pool";
  release(First, omp_null_allocator);
  void *Again = alloc(600, Pool);
  EXPECT_NE(Again, nullptr) << "a block freed goes back to its pool";
  release(Again, Pool);
  release(Rest, Pool);
  hook<DestroyAllocator>("omp_destroy_allocator")(Pool);
  // No bytes, or an alignment that is not a power of two: no block.
  EXPECT_EQ(alloc(0, omp_default_mem_alloc), nullptr);
  EXPECT_EQ(
      hook<AlignedAlloc>("omp_aligned_alloc")(24, 8, omp_default_mem_alloc),
      nullptr);
  void *Wide =
      hook<AlignedAlloc>("omp_aligned_alloc")(4096, 8, omp_large_cap_mem_alloc);
  EXPECT_TRUE(alignedTo(Wide, 4096));
  release(Wide, omp_large_cap_mem_alloc);
}

TEST(OpenMPAllocators, ASpentPoolFallsBackAsItsTraitsSay) {
  mux::startOpenMPInitialThread();
  // default_mem_fb (the default): the default allocator's memory.
  const omp_alloctrait_t Small[] = {{omp_atk_pool_size, 64}};
  omp_allocator_handle_t ToDefault = makeAllocator(Small, 1);
  void *Fallen = alloc(100, ToDefault);
  EXPECT_NE(Fallen, nullptr);
  release(Fallen, ToDefault);
  // allocator_fb: the allocator fb_data names, here one that aligns.
  const omp_alloctrait_t Aligning[] = {{omp_atk_alignment, 1024}};
  omp_allocator_handle_t Backup = makeAllocator(Aligning, 1);
  const omp_alloctrait_t Chained[] = {
      {omp_atk_pool_size, 64},
      {omp_atk_fallback, omp_atv_allocator_fb},
      {omp_atk_fb_data, static_cast<omp_uintptr_t>(Backup)}};
  omp_allocator_handle_t ToBackup = makeAllocator(Chained, 3);
  void *Near = alloc(32, ToBackup);
  void *Far = alloc(100, ToBackup);
  ASSERT_NE(Far, nullptr);
  EXPECT_TRUE(alignedTo(Far, 1024)) << "from the fallback allocator";
  release(Near, omp_null_allocator);
  release(Far, omp_null_allocator);
  for (omp_allocator_handle_t Made : {ToDefault, ToBackup, Backup})
    hook<DestroyAllocator>("omp_destroy_allocator")(Made);
}

TEST(OpenMPAllocators, TraitsOmpDoesNotAllowMakeNoAllocator) {
  const omp_alloctrait_t Refused[][1] = {
      {{omp_atk_alignment, 24}},
      {{omp_atk_fallback, omp_atv_all}},
      {{omp_atk_access, omp_atv_null_fb}},
      {{static_cast<omp_alloctrait_key_t>(99), 1}},
      // allocator_fb without an allocator to fall back to.
      {{omp_atk_fallback, omp_atv_allocator_fb}}};
  for (const auto &Traits : Refused)
    EXPECT_EQ(makeAllocator(Traits, 1), omp_null_allocator)
        << "key " << Traits[0].key << " value " << Traits[0].value;
  EXPECT_EQ(hook<InitAllocator>("omp_init_allocator")(
                static_cast<omp_memspace_handle_t>(50), 0, nullptr),
            omp_null_allocator)
      << "no such memory space";
  // Every trait at its default; destroying a handle of no allocator
  // changes nothing.
  const omp_alloctrait_t Defaults[] = {{omp_atk_sync_hint, omp_atv_default},
                                       {omp_atk_partition, omp_atv_default}};
  omp_allocator_handle_t Made = makeAllocator(Defaults, 2);
  EXPECT_NE(Made, omp_null_allocator);
  hook<DestroyAllocator>("omp_destroy_allocator")(Made);
  hook<DestroyAllocator>("omp_destroy_allocator")(Made);
  hook<DestroyAllocator>("omp_destroy_allocator")(omp_default_mem_alloc);
}

TEST(OpenMPAllocators, CallocZeroesAndReallocMovesTheBytes) {
  mux::startOpenMPInitialThread();
  auto *Zeroed = static_cast<unsigned char *>(
      hook<Calloc>("omp_calloc")(100, 3, omp_default_mem_alloc));
  ASSERT_NE(Zeroed, nullptr);
  for (int I = 0; I < 300; ++I)
    ASSERT_EQ(Zeroed[I], 0) << I;
  EXPECT_EQ(hook<Calloc>("omp_calloc")(SIZE_MAX / 2, 4, omp_default_mem_alloc),
            nullptr)
      << "a size that overflows";
  for (int I = 0; I < 300; ++I)
    Zeroed[I] = static_cast<unsigned char>(I);
  auto *Moved = static_cast<unsigned char *>(hook<Realloc>("omp_realloc")(
      Zeroed, 1000, omp_null_allocator, omp_null_allocator));
  ASSERT_NE(Moved, nullptr);
  for (int I = 0; I < 300; ++I)
    ASSERT_EQ(Moved[I], static_cast<unsigned char>(I)) << I;
  EXPECT_EQ(hook<Realloc>("omp_realloc")(Moved, 0, omp_null_allocator,
                                         omp_null_allocator),
            nullptr)
      << "to no bytes: freed";
}

TEST(OpenMPAllocators, TheDefaultAllocatorIsAnIcv) {
  mux::startOpenMPInitialThread();
  EXPECT_EQ(hook<GetAllocator>("omp_get_default_allocator")(),
            omp_default_mem_alloc);
  const omp_alloctrait_t Aligning[] = {{omp_atk_alignment, 512}};
  omp_allocator_handle_t Made = makeAllocator(Aligning, 1);
  hook<SetAllocator>("omp_set_default_allocator")(Made);
  EXPECT_EQ(hook<GetAllocator>("omp_get_default_allocator")(), Made);
  void *Block = alloc(8, omp_null_allocator);
  EXPECT_TRUE(alignedTo(Block, 512)) << "omp_null_allocator: the default";
  release(Block, omp_null_allocator);
  hook<SetAllocator>("omp_set_default_allocator")(omp_null_allocator);
  EXPECT_EQ(hook<GetAllocator>("omp_get_default_allocator")(), Made)
      << "omp_null_allocator changes nothing";
  hook<DestroyAllocator>("omp_destroy_allocator")(Made);
  // A launch starts from the defaults.
  mux::startOpenMPInitialThread();
  EXPECT_EQ(hook<GetAllocator>("omp_get_default_allocator")(),
            omp_default_mem_alloc);
}

/// What a detachable task's test records, and its task.
struct DetachRecord {
  std::atomic<int> Done{0};
  std::atomic<int> SeenAtWait{-1};
  std::atomic<void *> Event{nullptr};
};
struct RecordingTask {
  KmpTaskHead Head;
  DetachRecord *Record;
};

using AllowCompletion = void *(*)(void *, int32_t, void *);
using Fulfill = void (*)(void *);

int32_t markDone(int32_t, void *Task) {
  static_cast<RecordingTask *>(Task)->Record->Done = 1;
  return 0;
}

/// Member 0 creates a detachable task and waits for it; member 1 fulfills
/// its event a while after the task's code has run: the wait ends only
/// then.
void detachMember(int32_t *ThreadId, int32_t *, void *Context) {
  auto &R = *static_cast<DetachRecord *>(Context);
  if (*ThreadId == 0) {
    auto *Task = static_cast<RecordingTask *>(hook<TaskAlloc>(
        "__kmpc_omp_task_alloc")(nullptr, 0, 1 | 0x40, sizeof(RecordingTask), 0,
                                 reinterpret_cast<void *>(&markDone)));
    Task->Record = &R;
    R.Event = hook<AllowCompletion>("__kmpc_task_allow_completion_event")(
        nullptr, 0, Task);
    hook<TaskSubmit>("__kmpc_omp_task")(nullptr, 0, Task);
    hook<TaskWait>("__kmpc_omp_taskwait")(nullptr, 0);
    R.SeenAtWait = R.Done == 2;
  } else if (*ThreadId == 1) {
    while (!R.Event.load() || R.Done.load() != 1)
      std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    R.Done = 2;
    hook<Fulfill>("omp_fulfill_event")(R.Event.load());
  }
}

TEST(OpenMPTasks, ADetachableTaskCompletesWhenItsEventIsFulfilled) {
  for (int Round = 0; Round < 5; ++Round) {
    DetachRecord R;
    fork(detachMember, &R, 2);
    EXPECT_EQ(R.SeenAtWait.load(), 1)
        << "taskwait returned before the event was fulfilled";
  }
  // Fulfilled before its code runs (outside a team, it runs at once when
  // submitted): it completes when the code has run.
  DetachRecord Early;
  auto *Task = static_cast<RecordingTask *>(hook<TaskAlloc>(
      "__kmpc_omp_task_alloc")(nullptr, 0, 1 | 0x40, sizeof(RecordingTask), 0,
                               reinterpret_cast<void *>(&markDone)));
  Task->Record = &Early;
  void *Event = hook<AllowCompletion>("__kmpc_task_allow_completion_event")(
      nullptr, 0, Task);
  hook<Fulfill>("omp_fulfill_event")(Event);
  hook<TaskSubmit>("__kmpc_omp_task")(nullptr, 0, Task);
  EXPECT_EQ(Early.Done.load(), 1);
}

using ForkTeams = void (*)(void *, int32_t, void *, ...);

/// A league's team: how many teams it saw, and its thread limit.
void countTeam(int32_t *, int32_t *, void *Context) {
  auto *Seen = static_cast<std::atomic<int> *>(Context);
  Seen[0] += 1;
  Seen[1] = hook<Query>("omp_get_num_teams")();
  Seen[2] = hook<Query>("omp_get_thread_limit")();
}

TEST(OpenMPTeams, ALeagueTakesNteamsAndTeamsThreadLimit) {
  mux::startOpenMPInitialThread();
  EXPECT_EQ(hook<Query>("omp_get_max_teams")(), 0);
  EXPECT_EQ(hook<Query>("omp_get_teams_thread_limit")(), 0);
  hook<Setter>("omp_set_num_teams")(3);
  hook<Setter>("omp_set_teams_thread_limit")(2);
  hook<Setter>("omp_set_num_teams")(-1);
  hook<Setter>("omp_set_teams_thread_limit")(0);
  EXPECT_EQ(hook<Query>("omp_get_max_teams")(), 3)
      << "a non-positive value changes nothing";
  EXPECT_EQ(hook<Query>("omp_get_teams_thread_limit")(), 2);
  std::atomic<int> Seen[3] = {};
  hook<ForkTeams>("__kmpc_fork_teams")(
      nullptr, 1, reinterpret_cast<void *>(&countTeam), Seen);
  EXPECT_EQ(Seen[0].load(), 3);
  EXPECT_EQ(Seen[1].load(), 3);
  EXPECT_EQ(Seen[2].load(), 2);
  mux::startOpenMPInitialThread();
  EXPECT_EQ(hook<Query>("omp_get_max_teams")(), 0) << "a launch's defaults";
}

using PauseResource = int (*)(omp_pause_resource_t, int);
using PauseAll = int (*)(omp_pause_resource_t);
using ControlTool = int (*)(int, int, void *);

TEST(OpenMPRoutines, PausingToolsAndExplicitTasksAnswerAsDocumented) {
  mux::startOpenMPInitialThread();
  const int Host = hook<Query>("omp_get_initial_device")();
  EXPECT_EQ(hook<PauseResource>("omp_pause_resource")(omp_pause_soft, Host), 0);
  EXPECT_NE(hook<PauseResource>("omp_pause_resource")(omp_pause_hard, Host + 1),
            0)
      << "no such device";
  EXPECT_EQ(hook<PauseAll>("omp_pause_resource_all")(omp_pause_hard), 0);
  EXPECT_EQ(
      hook<ControlTool>("omp_control_tool")(omp_control_tool_flush, 0, nullptr),
      omp_control_tool_notool);
  EXPECT_EQ(hook<Query>("omp_in_explicit_task")(), 0);
}

} // namespace
