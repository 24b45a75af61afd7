//===- openmp_tasks.h - OpenMP tasks on a team's threads -------*- C++ -*-===//
///
/// \file
/// The driver's OpenMP runtime's tasks (`task`, `taskwait`, `taskgroup`,
/// `taskyield`, `taskloop`, `depend`, `detach`, task reductions and the
/// reduction's `task` modifier), with the entry points and the task
/// layout Clang 15 uses (LLVM's kmp.h): `__kmpc_omp_task_alloc` gives the
/// compiler a `kmp_task_t` (shareds pointer, routine, part id, two data
/// words, then the task's private copies), followed by room for the
/// addresses of its shared variables, behind a header of the runtime's own.
///
/// A task a team's member creates goes on the team's queue, unless the
/// queue is long (then, as libomp throttles, it runs at once); outside a
/// team, in a team of one, or under a `final` task, it runs at once.
/// Each member queues its tasks on a queue of its own and takes its latest
/// first (the deepest in a recursion, whose data it just touched); a member
/// whose queue is empty takes another's oldest (the largest, in a
/// recursion). They do so at the scheduling points:
/// `taskwait` (until the calling task's children are done), the end of a
/// `taskgroup` (until every task created in it is), `taskyield`, and the
/// team's barriers, the region's end among them, which no member passes
/// while a task of the team is unfinished. A task's header lives while the
/// task or any child of it is unfinished. Dependences (`depend`) are kept
/// by waiting for the creating task's earlier children before the task is
/// queued, unless its dependences are `in`, `out`, `inout`,
/// `mutexinoutset` or `inoutset` ones: then it waits for its predecessors
/// alone, the earlier siblings that write what it names, and that read
/// what it writes (the last two kinds as `inout`, which keeps more order
/// than OpenMP asks, never less); a task held so is queued by the
/// predecessor that completes last. A detachable task
/// completes when both its code has run and its event is fulfilled,
/// whichever is last. OpenMP's task scheduling constraint is kept, as
/// libomp keeps it: a thread waiting in a tied task (`taskwait`, a
/// taskgroup's end, `taskyield`; an implicit task too, but not at a
/// barrier) runs only a tied task that descends from it, so that a task
/// holding a lock or a critical section while it waits is never resumed
/// under a task that wants the same (untied tasks may run anywhere).
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_OPENMP_TASKS_H
#define MUX_SOURCE_OPENMP_TASKS_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string_view>

namespace mux {

class TeamLaunch;
class TeamTasks;
struct DependenceLinks;
struct DependenceMap;
struct KmpTask;
struct ReductionModifier;
struct TaskGroup;

/// The runtime's header before each `kmp_task_t` (and the implicit task of
/// each team member, which has no `kmp_task_t`).
struct alignas(16) TaskHeader {
  /// The task that created it; null for an implicit task, or for one
  /// created outside any (which runs at once, nothing waits for it).
  TaskHeader *Parent = nullptr;
  /// The team whose queue it went on; null if it ran at once.
  TeamTasks *Team = nullptr;
  /// The taskgroup it counts in, and the innermost one its code is in.
  TaskGroup *Group = nullptr;
  TaskGroup *Innermost = nullptr;
  /// Its unfinished children, which taskwait waits for.
  std::atomic<uint32_t> Children{0};
  /// One for itself until it finishes, one for each unfinished child: the
  /// header goes when none is left.
  std::atomic<uint32_t> References{1};
  /// What it waits for to complete: its code's end, and a detachable
  /// task's event (`detach`), fulfilled by `omp_fulfill_event`.
  std::atomic<uint32_t> CompletionHolds{1};
  /// A task with dependences (`depend`): the tasks waiting for it, and
  /// whether it has completed (openmp_tasks.cpp).
  DependenceLinks *Links = nullptr;
  /// What its children's dependences are on: for each address, the last
  /// child that writes it and the ones that read it since.
  DependenceMap *Dependences = nullptr;
  /// Of its predecessors, how many have not completed (and one while its
  /// creator records them): it is queued when none is left, on the team
  /// it was created in, as member HeldIndex's.
  std::atomic<uint32_t> Unmet{0};
  TeamTasks *HeldOn = nullptr;
  uint32_t HeldIndex = 0;
  /// The task the thread ran before this undeferred one (if0).
  TaskHeader *Resumed = nullptr;
  /// The bytes of the kmp_task_t with its private copies, and of the
  /// shared variables' addresses after them: a taskloop copies both.
  size_t TaskBytes = 0;
  size_t SharedsBytes = 0;
  int32_t Flags = 0;
  /// How many tasks it descends from (an implicit task: 0).
  uint32_t Depth = 0;
  /// The thread's innermost tied task before this undeferred one began.
  TaskHeader *OuterTied = nullptr;
  /// A final task, or one inside one: its children run at once.
  bool Final = false;
  bool Implicit = false;
  /// Tied to the thread that begins it (every task but an `untied` one).
  bool Tied = true;

  /// The `kmp_task_t` after it.
  KmpTask *task();
  static TaskHeader &of(void *Task) {
    return *(static_cast<TaskHeader *>(Task) - 1);
  }
};

/// The tasks of one team: those queued, and how many are unfinished; and
/// where its members sleep when they wait with nothing to run.
class TeamTasks {
public:
  TeamTasks();
  /// Frees the tasks a cancelled team never ran.
  ~TeamTasks();
  TeamTasks(const TeamTasks &) = delete;
  TeamTasks &operator=(const TeamTasks &) = delete;

  /// Runs one queued task on the calling thread, member \p Index: its own
  /// latest, else another member's oldest, of those OpenMP's task
  /// scheduling constraint allows (a tied one must descend from
  /// \p Suspended, the thread's innermost tied task, unless that is null:
  /// an implicit task at a barrier); false when there is none.
  bool runOne(uint32_t Index, const TaskHeader *Suspended);
  /// Whether every task queued on the team has finished.
  bool allFinished() const {
    return Unfinished.load(std::memory_order_acquire) == 0;
  }
  /// Whether a task is queued.
  bool anyQueued() const { return Queued.load(std::memory_order_acquire) != 0; }

  /// Sleeps until \p Ready(), or another thread queues or finishes a task
  /// or wakes the team, for a millisecond at most (a cancelled team wakes
  /// nobody).
  template <typename Predicate> void napUntil(Predicate Ready) {
    std::unique_lock<std::mutex> Guard(SleepLock);
    Sleepers.fetch_add(1, std::memory_order_seq_cst);
    if (!Ready())
      Wake.wait_for(Guard, std::chrono::milliseconds(1));
    Sleepers.fetch_sub(1, std::memory_order_seq_cst);
  }
  /// Wakes the members napping: what they wait for may have come.
  void wakeNappers();

  /// Makes the queues of a team of \p Count members, which also sizes its
  /// taskloops; before any member runs.
  void setMembers(uint32_t Count);
  uint32_t members() const { return static_cast<uint32_t>(Queues.size()); }

  /// The team's reduction modifiers' state: a worksharing construct's
  /// (\p Worksharing), or `parallel`'s.
  ReductionModifier &reductionModifier(bool Worksharing);

  /// Queues \p Task, which member \p Index created, or runs it at once if
  /// the queues are long and \p MayRunAtOnce.
  void queue(TaskHeader &Task, uint32_t Index, bool MayRunAtOnce = true);
  /// Says \p Task, which was queued here, finished.
  void finished();

private:
  struct MemberQueue {
    std::mutex Lock;
    std::deque<TaskHeader *> Tasks;
  };
  /// Takes a task from \p Queue that \p Suspended allows: its latest, or
  /// its oldest.
  TaskHeader *take(MemberQueue &Queue, bool Latest,
                   const TaskHeader *Suspended);

  std::deque<MemberQueue> Queues;
  std::unique_ptr<ReductionModifier> Modifiers[2];
  std::atomic<uint32_t> Queued{0};
  std::atomic<uint32_t> Unfinished{0};
  std::mutex SleepLock;
  std::condition_variable Wake;
  std::atomic<uint32_t> Sleepers{0};
};

/// The implicit task of a team member (or of a team of one) for as long as
/// it lives: the tasks the member creates are its children, queued on
/// \p Team (null: each runs at once) as member \p Index; \p Launch says when
/// the team is cancelled (null: never).
class ImplicitTask {
public:
  ImplicitTask(TeamTasks *Team, uint32_t Index, const TeamLaunch *Launch);
  ~ImplicitTask();
  ImplicitTask(const ImplicitTask &) = delete;
  ImplicitTask &operator=(const ImplicitTask &) = delete;

private:
  /// On the member's stack: a fault that leaves the member's frames leaves
  /// nothing to free.
  TaskHeader Header;
  TaskHeader *OuterTask;
  TeamTasks *OuterTeam;
  uint32_t OuterIndex;
  const TeamLaunch *OuterLaunch;
};

/// The team the calling thread queues its tasks on (null: they run at
/// once), which \p Team replaces; returns the one it replaced. A serialized
/// region (`if` false) is a team of one: its tasks run at once.
TeamTasks *replaceTaskTeam(TeamTasks *Team);

/// The address of task runtime function \p Name, or null.
void *findTaskFunction(std::string_view Name);

/// For a kernel fault's catch point: the calling thread runs no task any
/// more.
void abandonTasks();

} // namespace mux

#endif // MUX_SOURCE_OPENMP_TASKS_H
