//===- openmp_sync.cpp - OpenMP barriers, critical sections, locks --------===//
///
/// \file
/// The OpenMP runtime's synchronization (see openmp_runtime.h): the team's
/// barrier, which runs the team's queued tasks while it waits; `single`
/// (with `copyprivate`), `master` and `masked`; `flush`; critical sections,
/// reductions and omp locks, each a mutex of the runtime's, which a kernel
/// fault's catch point releases if the kernel held it; and cancellation,
/// which is off.
///
//===----------------------------------------------------------------------===//

#include "openmp_state.h"
#include "openmp_team.h"

#include "cargo/spin.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iterator>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace mux {

namespace {

/// The runtime's locks the calling thread holds for kernel code, each
/// once per time it took it: a fault's catch point releases them
/// (releaseHeldLocks).
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

/// `__kmpc_critical_with_hint(loc, gtid, name, hint)`: the same; the hint
/// (contended, speculative, ...) is one the runtime may ignore, and does.
void criticalWithHint(void *Loc, int32_t ThreadId, void *Name, uint32_t) {
  critical(Loc, ThreadId, Name);
}

/// `__kmpc_end_critical(loc, gtid, name)`.
void endCritical(void *, int32_t, void *Name) {
  unlockHeld(getCriticalLock(Name), HeldLocks);
}

} // namespace

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
    // The member's implicit task waits in a barrier: the scheduling
    // constraint does not hold it.
    if (Tasks.runOne(Member.Index, nullptr)) {
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

namespace {

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

/// A simple lock (`omp_lock_t`, one pointer, as libomp's omp.h declares
/// it): `omp_init_lock` makes the mutex it points to, `omp_destroy_lock`
/// frees it.
struct SimpleLock {
  std::mutex *Lock;
};

void ompInitLock(SimpleLock *L) { L->Lock = new std::mutex; }
/// `omp_init_lock_with_hint(lock, hint)`: the hint (contended, speculative,
/// ...) is one the runtime may ignore, and does.
void ompInitLockWithHint(SimpleLock *L, int32_t) { ompInitLock(L); }
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
void ompInitNestLockWithHint(NestLock *L, int32_t) { ompInitNestLock(L); }
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
const RuntimeFunction SyncFunctions[] = {
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
    {"__kmpc_cancel", address(&cancel)},
    {"__kmpc_cancellationpoint", address(&cancel)},
    {"__kmpc_cancel_barrier", address(&cancelBarrier)},
    {"omp_get_cancellation", address(&ompGetCancellation)},
    {"__kmpc_critical", address(&critical)},
    {"__kmpc_critical_with_hint", address(&criticalWithHint)},
    {"__kmpc_end_critical", address(&endCritical)},
    {"__kmpc_barrier", address(&barrier)},
    {"omp_init_lock", address(&ompInitLock)},
    {"omp_init_lock_with_hint", address(&ompInitLockWithHint)},
    {"omp_destroy_lock", address(&ompDestroyLock)},
    {"omp_set_lock", address(&ompSetLock)},
    {"omp_unset_lock", address(&ompUnsetLock)},
    {"omp_test_lock", address(&ompTestLock)},
    {"omp_init_nest_lock", address(&ompInitNestLock)},
    {"omp_init_nest_lock_with_hint", address(&ompInitNestLockWithHint)},
    {"omp_destroy_nest_lock", address(&ompDestroyNestLock)},
    {"omp_set_nest_lock", address(&ompSetNestLock)},
    {"omp_unset_nest_lock", address(&ompUnsetNestLock)},
    {"omp_test_nest_lock", address(&ompTestNestLock)},
};

} // namespace

void *findSyncFunction(std::string_view Name) {
  return lookUp(SyncFunctions, Name);
}

void releaseHeldLocks() {
  while (!HeldLocks.empty())
    unlockHeld(*HeldLocks.back(), HeldLocks);
  while (!HeldNestLocks.empty())
    unlockHeld(*HeldNestLocks.back(), HeldNestLocks);
}

} // namespace mux
