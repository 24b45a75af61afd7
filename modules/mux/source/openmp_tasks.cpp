//===- openmp_tasks.cpp - OpenMP tasks on a team's threads ----------------===//
///
/// \file
/// See openmp_tasks.h.
///
//===----------------------------------------------------------------------===//

#include "openmp_tasks.h"

#include "openmp_state.h"
#include "openmp_team.h"

#include "cargo/spin.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace mux {

/// `kmp_task_t` as Clang 15 lays it out; the task's private copies follow.
struct KmpTask {
  void *Shareds;
  int32_t (*Routine)(int32_t, void *);
  int32_t PartId;
  /// kmp_cmplrdata_t: the priority, or the destructors' thunk.
  union {
    int32_t Priority;
    int32_t (*Destructors)(int32_t, void *);
  } Data1;
  union {
    int32_t Priority;
    void *Pointer;
  } Data2;
};

/// `kmp_taskred_input_t`, one item of a `task_reduction` clause as Clang 15
/// gives `__kmpc_taskred_init`: the shared variable, the original one, the
/// item's size, how to initialize, finish and combine a private copy
/// (`init(private, original)`, `fini(private)`, `combine(shared,
/// private)`), and flags (a lazy private copy: made eagerly here).
struct TaskReductionInput {
  void *Shared;
  void *Original;
  size_t Size;
  void (*Init)(void *, void *);
  void (*Fini)(void *);
  void (*Combine)(void *, void *);
  uint32_t Flags;
};

/// The private copies of a task reduction's items, one per member of the
/// team that made it, which the tasks that take part (`in_reduction`)
/// update on the member running them.
struct TaskReductionCopies {
  struct Item {
    /// Members' copies, one after another, each Stride bytes.
    std::vector<std::max_align_t> Storage;
    size_t Stride = 0;
  };
  std::vector<Item> Items;
  uint32_t Members = 1;

  void *copy(size_t Index, uint32_t Member) {
    Item &Of = Items[Index];
    return reinterpret_cast<char *>(Of.Storage.data()) + Member * Of.Stride;
  }
};

/// A team's task reductions of one kind made by the reduction modifier
/// (`parallel reduction(task, ...)`, or a worksharing construct's): its
/// members take part in one at a time, the n-th each begins being the
/// team's n-th. The first member to begin one makes its copies, which the
/// others share; the last to end it combines them into its own variable
/// (the construct's reduction then combines the members' variables).
struct ReductionModifier {
  std::mutex Lock;
  /// The copies of the one the members are in; null between two.
  std::shared_ptr<TaskReductionCopies> Copies;
  /// The number of the one they are in, or of the last that ended.
  uint64_t Current = 0;
  /// How many members ended the current one.
  uint32_t Ended = 0;
  /// How many each member began.
  std::vector<uint64_t> Begun;
};

/// A taskgroup's task reduction: its items as the member that made the
/// group gave them (its shared variables, where the group's end combines
/// the copies), the copies, and the team's reduction modifier, if the
/// modifier made it.
struct TaskReduction {
  std::vector<TaskReductionInput> Inputs;
  std::shared_ptr<TaskReductionCopies> Copies;
  ReductionModifier *Modifier = nullptr;
};

/// A `taskgroup`: how many tasks created in it are unfinished, and its task
/// reduction, if it has one.
struct TaskGroup {
  std::atomic<uint32_t> Pending{0};
  TaskGroup *Outer = nullptr;
  std::unique_ptr<TaskReduction> Reduction;
};

/// `kmp_depend_info_t`, one item of a `depend` clause as Clang 15 gives
/// it: the storage's address and size, and what the task does with it.
struct DependInfo {
  intptr_t Address;
  size_t Size;
  uint8_t Flags;
};

/// DependInfo's flags: `in` 1, `out` 2 (`inout` both), `mutexinoutset` 4,
/// `inoutset` 8; any other bit (`omp_all_memory`'s 0x80) is one the runtime
/// keeps by waiting for every earlier sibling.
constexpr uint8_t DependIn = 1;
constexpr uint8_t DependKnown = 0xf;

/// A task with dependences: the tasks waiting for it to complete, and
/// whether it has (after which no task waits for it).
struct DependenceLinks {
  std::mutex Lock;
  bool Completed = false;
  std::vector<TaskHeader *> Successors;
};

/// What a task's children's dependences are on: for each address, the
/// last child that writes it and the children that read it since, each
/// held by a reference (their headers live as long as the map).
struct DependenceMap {
  struct Entry {
    TaskHeader *Writer = nullptr;
    std::vector<TaskHeader *> Readers;
  };
  std::unordered_map<intptr_t, Entry> Entries;
};

KmpTask *TaskHeader::task() { return reinterpret_cast<KmpTask *>(this + 1); }

namespace {

/// kmp_tasking_flags_t's bits that change what the runtime does.
constexpr int32_t TiedFlag = 1 << 0;
constexpr int32_t FinalFlag = 1 << 1;
constexpr int32_t DestructorsThunkFlag = 1 << 3;

/// The tasks a team's queue holds before a new one runs at once instead.
constexpr uint32_t MaxQueuedPerMember = 256;

} // namespace

namespace {

/// The task the calling thread runs, the team it queues tasks on, and that
/// team's launch (which says when it is cancelled).
thread_local TaskHeader *CurrentTask = nullptr;
thread_local TeamTasks *CurrentTeam = nullptr;
thread_local uint32_t CurrentIndex = 0;
thread_local const TeamLaunch *CurrentLaunch = nullptr;
/// The innermost tied task the calling thread runs (an implicit task is
/// tied), which constrains the tasks it may run while that one waits.
thread_local TaskHeader *InnermostTied = nullptr;
/// The innermost taskgroup of a thread that runs no task (no team's
/// member), whose tasks all run at once.
thread_local TaskGroup *OutsideInnermost = nullptr;

/// The calling thread's innermost taskgroup.
TaskGroup *&innermostGroup() {
  return CurrentTask ? CurrentTask->Innermost : OutsideInnermost;
}

size_t roundUp(size_t Bytes, size_t To) { return (Bytes + To - 1) / To * To; }

TaskHeader *allocateTask(size_t TaskBytes, size_t SharedsBytes, int32_t Flags) {
  TaskBytes =
      roundUp(std::max(TaskBytes, sizeof(KmpTask)), alignof(TaskHeader));
  void *Memory = ::operator new(sizeof(TaskHeader) + TaskBytes + SharedsBytes,
                                std::align_val_t(alignof(TaskHeader)));
  auto *Header = new (Memory) TaskHeader;
  Header->TaskBytes = TaskBytes;
  Header->SharedsBytes = SharedsBytes;
  Header->Flags = Flags;
  Header->Tied = (Flags & TiedFlag) != 0;
  std::memset(Header->task(), 0, TaskBytes);
  Header->task()->Shareds =
      SharedsBytes ? reinterpret_cast<char *>(Header->task()) + TaskBytes
                   : nullptr;
  return Header;
}

void release(TaskHeader &Header);

/// Drops \p Header's record of its children's dependences, and the
/// references it held to them.
void forgetDependences(TaskHeader &Header) {
  DependenceMap *Map = std::exchange(Header.Dependences, nullptr);
  if (!Map)
    return;
  for (auto &[Address, Entry] : Map->Entries) {
    if (Entry.Writer)
      release(*Entry.Writer);
    for (TaskHeader *Reader : Entry.Readers)
      release(*Reader);
  }
  delete Map;
}

void freeTask(TaskHeader &Header) {
  forgetDependences(Header);
  delete Header.Links;
  Header.~TaskHeader();
  ::operator delete(&Header, std::align_val_t(alignof(TaskHeader)));
}

/// Drops one of \p Header's references; the last frees it.
void release(TaskHeader &Header) {
  if (Header.References.fetch_sub(1, std::memory_order_acq_rel) == 1 &&
      !Header.Implicit)
    freeTask(Header);
}

/// Makes \p Header a child of the calling thread's task, in its innermost
/// taskgroup.
void adopt(TaskHeader &Header) {
  TaskHeader *Parent = CurrentTask;
  Header.Parent = Parent;
  if (Parent) {
    Parent->Children.fetch_add(1, std::memory_order_relaxed);
    Parent->References.fetch_add(1, std::memory_order_relaxed);
    Header.Group = Parent->Innermost;
    Header.Final = Parent->Final;
    Header.Depth = Parent->Depth + 1;
  }
  Header.Final |= (Header.Flags & FinalFlag) != 0;
  Header.Innermost = Header.Group;
  if (Header.Group)
    Header.Group->Pending.fetch_add(1, std::memory_order_relaxed);
}

void queueHeld(TaskHeader &Header);

/// \p Header has completed: each task waiting for it and for nothing else
/// is queued.
void releaseSuccessors(TaskHeader &Header) {
  DependenceLinks *Links = Header.Links;
  if (!Links)
    return;
  std::vector<TaskHeader *> Successors;
  {
    std::lock_guard<std::mutex> Guard(Links->Lock);
    Links->Completed = true;
    Successors.swap(Links->Successors);
  }
  for (TaskHeader *Successor : Successors)
    if (Successor->Unmet.fetch_sub(1, std::memory_order_acq_rel) == 1)
      queueHeld(*Successor);
}

/// \p Header has run: its taskgroup, its parent and its team hear of it,
/// the team last (a barrier that sees the team's tasks all finished may end
/// the region, and with it the parents that are implicit tasks).
void finishTask(TaskHeader &Header) {
  TeamTasks *Team = Header.Team;
  // Before the team hears of it: a successor queued now keeps a barrier
  // closed.
  releaseSuccessors(Header);
  if (Header.Group)
    Header.Group->Pending.fetch_sub(1, std::memory_order_release);
  if (TaskHeader *Parent = Header.Parent) {
    Parent->Children.fetch_sub(1, std::memory_order_release);
    release(*Parent);
  }
  release(Header);
  if (Team)
    Team->finished();
}

/// Drops one of what \p Header waits for to complete; the last finishes
/// it.
void completeTask(TaskHeader &Header) {
  if (Header.CompletionHolds.fetch_sub(1, std::memory_order_acq_rel) == 1)
    finishTask(Header);
}

/// Runs \p Header's task on the calling thread, then completes it (a
/// detachable task may wait for its event still).
void runTask(TaskHeader &Header) {
  TaskHeader *Outer = CurrentTask;
  TaskHeader *OuterTied = InnermostTied;
  CurrentTask = &Header;
  if (Header.Tied)
    InnermostTied = &Header;
  KmpTask *Task = Header.task();
  Task->Routine(0, Task);
  if (Header.Flags & DestructorsThunkFlag)
    Task->Data1.Destructors(0, Task);
  CurrentTask = Outer;
  InnermostTied = OuterTied;
  completeTask(Header);
}

/// Runs queued tasks until \p Done(): a task scheduling point.
template <typename Predicate> void waitRunningTasks(Predicate Done) {
  TeamTasks *Team = CurrentTeam;
  unsigned Idle = 0;
  while (!Done()) {
    if (CurrentLaunch && CurrentLaunch->cancelled())
      leaveCancelledTeam();
    if (Team && Team->runOne(CurrentIndex, InnermostTied)) {
      Idle = 0;
      continue;
    }
    if (cargo::spinAgain(Idle))
      continue;
    if (Team)
      Team->napUntil([&] { return Done() || Team->anyQueued(); });
    else
      std::this_thread::yield();
  }
}

/// Waits for the calling task's children, running queued tasks meanwhile.
void waitForChildren() {
  TaskHeader *Task = CurrentTask;
  if (!Task)
    return;
  waitRunningTasks(
      [Task] { return Task->Children.load(std::memory_order_acquire) == 0; });
}

/// `__kmpc_omp_task_alloc(loc, gtid, flags, sizeof_kmp_task_t,
/// sizeof_shareds, routine)`.
void *taskAlloc(void *, int32_t, int32_t Flags, size_t TaskBytes,
                size_t SharedsBytes, void *Routine) {
  TaskHeader *Header = allocateTask(TaskBytes, SharedsBytes, Flags);
  Header->task()->Routine =
      reinterpret_cast<int32_t (*)(int32_t, void *)>(Routine);
  return Header->task();
}

/// Whether a task the calling thread creates runs at once: outside a
/// team, or under a final task.
bool runsAtOnce() {
  return !CurrentTeam || (CurrentTask && CurrentTask->Final);
}

/// Queues the task \p Header, or runs it at once.
void submit(TaskHeader &Header) {
  const bool AtOnce = runsAtOnce();
  adopt(Header);
  if (AtOnce)
    runTask(Header);
  else
    CurrentTeam->queue(Header, CurrentIndex);
}

/// Queues \p Header, held until its predecessors completed, on the team
/// it was created in.
void queueHeld(TaskHeader &Header) {
  // Never at once: a chain of held tasks would nest on this thread's stack.
  Header.HeldOn->queue(Header, Header.HeldIndex, /*MayRunAtOnce=*/false);
}

/// `__kmpc_omp_task(loc, gtid, task)`: 0, "not queued as the current task".
int32_t task(void *, int32_t, void *Task) {
  submit(TaskHeader::of(Task));
  return 0;
}

/// `__kmpc_omp_task_begin_if0(loc, gtid, task)` and
/// `__kmpc_omp_task_complete_if0`: an undeferred task, which the compiler
/// runs itself between them.
void taskBeginIf0(void *, int32_t, void *Task) {
  TaskHeader &Header = TaskHeader::of(Task);
  adopt(Header);
  Header.Resumed = CurrentTask;
  Header.OuterTied = InnermostTied;
  CurrentTask = &Header;
  if (Header.Tied)
    InnermostTied = &Header;
}

void taskCompleteIf0(void *, int32_t, void *Task) {
  TaskHeader &Header = TaskHeader::of(Task);
  CurrentTask = Header.Resumed;
  InnermostTied = Header.OuterTied;
  completeTask(Header);
}

/// `__kmpc_task_allow_completion_event(loc, gtid, task)`: \p Task, just
/// allocated, is detachable (`detach(event)`): it completes once its code
/// has run and its event, which this returns, is fulfilled. The event is
/// the task's header, which lives until then.
void *taskAllowCompletionEvent(void *, int32_t, void *Task) {
  TaskHeader &Header = TaskHeader::of(Task);
  Header.CompletionHolds.fetch_add(1, std::memory_order_relaxed);
  return &Header;
}

/// `omp_fulfill_event(event)`: the detachable task whose event it is may
/// complete (at once, if its code has run).
void ompFulfillEvent(void *Event) {
  if (Event)
    completeTask(*static_cast<TaskHeader *>(Event));
}

/// `__kmpc_omp_taskwait(loc, gtid)`.
int32_t taskwait(void *, int32_t) {
  waitForChildren();
  return 0;
}

/// `__kmpc_omp_taskyield(loc, gtid, end_part)`: runs a queued task, if any.
int32_t taskyield(void *, int32_t, int32_t) {
  if (CurrentTeam)
    CurrentTeam->runOne(CurrentIndex, InnermostTied);
  return 0;
}

/// `__kmpc_taskgroup(loc, gtid)`: the tasks the calling task creates until
/// the group's end count in it, and so do their descendants.
void taskgroup(void *, int32_t) {
  TaskGroup *&Innermost = innermostGroup();
  auto *Group = new TaskGroup;
  Group->Outer = Innermost;
  Innermost = Group;
}

/// Combines the members' copies of each item of \p Reduction into its
/// shared variable, and finishes them.
void combineTaskReduction(TaskReduction &Reduction) {
  TaskReductionCopies &Copies = *Reduction.Copies;
  for (size_t I = 0; I < Reduction.Inputs.size(); ++I) {
    const TaskReductionInput &Item = Reduction.Inputs[I];
    for (uint32_t Member = 0; Member < Copies.Members; ++Member) {
      Item.Combine(Item.Shared, Copies.copy(I, Member));
      if (Item.Fini)
        Item.Fini(Copies.copy(I, Member));
    }
  }
}

/// Whether the calling member ends the last of \p Reduction's taskgroups,
/// a reduction modifier's one on each member, then combines.
bool endsReductionModifier(TaskReduction &Reduction) {
  ReductionModifier &Modifier = *Reduction.Modifier;
  std::lock_guard<std::mutex> Guard(Modifier.Lock);
  if (++Modifier.Ended < Modifier.Begun.size())
    return false;
  Modifier.Copies.reset();
  return true;
}

/// `__kmpc_end_taskgroup(loc, gtid)`: waits for them, then combines the
/// group's task reduction (a reduction modifier's, on the last member to
/// end it).
void endTaskgroup(void *, int32_t) {
  TaskGroup *&Innermost = innermostGroup();
  TaskGroup *Group = Innermost;
  if (!Group)
    return;
  waitRunningTasks(
      [Group] { return Group->Pending.load(std::memory_order_acquire) == 0; });
  if (TaskReduction *Reduction = Group->Reduction.get()) {
    if (!Reduction->Modifier) {
      combineTaskReduction(*Reduction);
    } else if (endsReductionModifier(*Reduction)) {
      combineTaskReduction(*Reduction);
      // A member may wait to begin the next one.
      if (CurrentTeam)
        CurrentTeam->wakeNappers();
    }
  }
  Innermost = Group->Outer;
  delete Group;
}

/// The copies of \p Count items of \p Inputs for \p Members members, each
/// initialized from the item's original variable.
std::shared_ptr<TaskReductionCopies>
makeTaskReductionCopies(int32_t Count, const TaskReductionInput *Inputs,
                        uint32_t Members) {
  auto Copies = std::make_shared<TaskReductionCopies>();
  Copies->Members = Members;
  for (int32_t I = 0; I < Count; ++I) {
    const TaskReductionInput &Input = Inputs[I];
    TaskReductionCopies::Item &Item = Copies->Items.emplace_back();
    Item.Stride =
        roundUp(std::max<size_t>(Input.Size, 1), sizeof(std::max_align_t));
    Item.Storage.resize(Item.Stride / sizeof(std::max_align_t) * Members);
    for (uint32_t Member = 0; Member < Members; ++Member) {
      void *Copy = Copies->copy(static_cast<size_t>(I), Member);
      if (Input.Init)
        Input.Init(Copy, Input.Original);
      else
        std::memset(Copy, 0, Input.Size);
    }
  }
  return Copies;
}

/// Gives the calling thread's innermost taskgroup \p Copies of the items
/// of \p Inputs; returns the group's reduction, for
/// `__kmpc_task_reduction_get_th_data`.
TaskReduction *
reduceInInnermostGroup(int32_t Count, const TaskReductionInput *Inputs,
                       std::shared_ptr<TaskReductionCopies> Copies,
                       ReductionModifier *Modifier) {
  TaskGroup *Group = innermostGroup();
  auto Reduction = std::make_unique<TaskReduction>();
  Reduction->Inputs.assign(Inputs, Inputs + Count);
  Reduction->Copies = std::move(Copies);
  Reduction->Modifier = Modifier;
  Group->Reduction = std::move(Reduction);
  return Group->Reduction.get();
}

/// `__kmpc_taskred_init(gtid, count, inputs)`: the task reduction of the
/// calling thread's innermost taskgroup (`task_reduction`), of \p Count
/// items, each member's copies initialized from the original; returns it,
/// for `__kmpc_task_reduction_get_th_data`.
void *taskReductionInit(int32_t, int32_t Count,
                        const TaskReductionInput *Inputs) {
  if (!innermostGroup() || Count < 0)
    return nullptr;
  const uint32_t Members = CurrentTeam ? CurrentTeam->members() : 1;
  return reduceInInnermostGroup(
      Count, Inputs, makeTaskReductionCopies(Count, Inputs, Members), nullptr);
}

/// `__kmpc_taskred_modifier_init(loc, gtid, is_ws, count, inputs)`: a
/// reduction with the `task` modifier, on `parallel` or (\p Worksharing) a
/// worksharing construct, which each member of the team begins with its
/// own variables as the items' shared ones: a taskgroup on each member,
/// whose task reduction has copies all the team's share (libomp's design).
/// Returns the member's, for `__kmpc_task_reduction_get_th_data`.
void *taskReductionModifierInit(void *Loc, int32_t ThreadId,
                                int32_t Worksharing, int32_t Count,
                                const TaskReductionInput *Inputs) {
  taskgroup(Loc, ThreadId);
  if (Count < 0)
    return nullptr;
  if (!CurrentTeam || CurrentTeam->members() == 1)
    return taskReductionInit(ThreadId, Count, Inputs);
  ReductionModifier &Modifier =
      CurrentTeam->reductionModifier(Worksharing != 0);
  uint64_t Mine;
  {
    std::lock_guard<std::mutex> Guard(Modifier.Lock);
    Mine = ++Modifier.Begun[CurrentIndex];
  }
  // A member that ended the team's last one early waits for the others to
  // end it too.
  std::shared_ptr<TaskReductionCopies> Copies;
  waitRunningTasks([&] {
    std::lock_guard<std::mutex> Guard(Modifier.Lock);
    if (Modifier.Current == Mine && Modifier.Copies) {
      Copies = Modifier.Copies;
    } else if (Modifier.Current + 1 == Mine && !Modifier.Copies) {
      Modifier.Copies =
          makeTaskReductionCopies(Count, Inputs, CurrentTeam->members());
      Modifier.Current = Mine;
      Modifier.Ended = 0;
      Copies = Modifier.Copies;
    }
    return Copies != nullptr;
  });
  return reduceInInnermostGroup(Count, Inputs, std::move(Copies), &Modifier);
}

/// `__kmpc_task_reduction_modifier_fini(loc, gtid, is_ws)`: the member's
/// end of it, the end of its taskgroup.
void taskReductionModifierFini(void *Loc, int32_t ThreadId, int32_t) {
  endTaskgroup(Loc, ThreadId);
}

/// `__kmpc_task_reduction_get_th_data(gtid, reduction, item)`: the calling
/// member's copy of the item whose shared or original variable is at
/// \p Address, in \p Reduction, or (null) in the innermost of the running
/// task's taskgroups that has it; \p Address itself when none has.
void *taskReductionData(int32_t, void *Reduction, void *Address) {
  auto Find = [&](TaskReduction &In) -> void * {
    TaskReductionCopies &Copies = *In.Copies;
    for (size_t I = 0; I < In.Inputs.size(); ++I)
      if (In.Inputs[I].Shared == Address || In.Inputs[I].Original == Address)
        return Copies.copy(I, std::min(CurrentIndex, Copies.Members - 1));
    return nullptr;
  };
  if (Reduction)
    if (void *Copy = Find(*static_cast<TaskReduction *>(Reduction)))
      return Copy;
  for (TaskGroup *Group = innermostGroup(); Group; Group = Group->Outer)
    if (Group->Reduction)
      if (void *Copy = Find(*Group->Reduction))
        return Copy;
  return Address;
}

/// The dependences of a `depend` clause: \p Count items at \p Items and
/// \p NoAliasCount at \p NoAlias; false if one has a kind the runtime
/// keeps only by waiting for every earlier sibling.
bool collectDependences(int32_t Count, const DependInfo *Items,
                        int32_t NoAliasCount, const DependInfo *NoAlias,
                        std::vector<DependInfo> &Into) {
  for (auto [Number, From] :
       {std::pair(Count, Items), std::pair(NoAliasCount, NoAlias)})
    for (int32_t I = 0; I < Number; ++I) {
      if (From[I].Flags & ~DependKnown)
        return false;
      Into.push_back(From[I]);
    }
  return true;
}

/// The calling task's earlier children that a task with \p Dependences
/// must wait for: those that write what it names, and those that read
/// what it writes.
std::vector<TaskHeader *>
findPredecessors(const DependenceMap &Map,
                 const std::vector<DependInfo> &Dependences) {
  std::vector<TaskHeader *> Found;
  for (const DependInfo &Item : Dependences) {
    auto Entry = Map.Entries.find(Item.Address);
    if (Entry == Map.Entries.end())
      continue;
    if (Entry->second.Writer)
      Found.push_back(Entry->second.Writer);
    if (Item.Flags != DependIn)
      Found.insert(Found.end(), Entry->second.Readers.begin(),
                   Entry->second.Readers.end());
  }
  return Found;
}

/// Records \p Task, a child of the calling task, as what later children
/// with \p Dependences depend on.
void recordDependences(DependenceMap &Map, TaskHeader &Task,
                       const std::vector<DependInfo> &Dependences) {
  for (const DependInfo &Item : Dependences) {
    DependenceMap::Entry &Entry = Map.Entries[Item.Address];
    Task.References.fetch_add(1, std::memory_order_relaxed);
    if (Item.Flags == DependIn) {
      Entry.Readers.push_back(&Task);
      continue;
    }
    if (Entry.Writer)
      release(*Entry.Writer);
    for (TaskHeader *Reader : Entry.Readers)
      release(*Reader);
    Entry.Readers.clear();
    Entry.Writer = &Task;
  }
}

/// Whether every one of \p Tasks has completed.
bool allCompleted(const std::vector<TaskHeader *> &Tasks) {
  for (TaskHeader *Task : Tasks) {
    std::lock_guard<std::mutex> Guard(Task->Links->Lock);
    if (!Task->Links->Completed)
      return false;
  }
  return true;
}

/// `__kmpc_omp_task_with_deps(loc, gtid, task, ndeps, deps, ndeps_noalias,
/// noalias_deps)`: the task, once its predecessors have completed.
int32_t taskWithDeps(void *Loc, int32_t ThreadId, void *Task, int32_t Count,
                     void *Items, int32_t NoAliasCount, void *NoAlias) {
  TaskHeader *Parent = CurrentTask;
  std::vector<DependInfo> Dependences;
  if (!Parent ||
      !collectDependences(Count, static_cast<DependInfo *>(Items), NoAliasCount,
                          static_cast<DependInfo *>(NoAlias), Dependences)) {
    waitForChildren();
    return task(Loc, ThreadId, Task);
  }
  TaskHeader &Header = TaskHeader::of(Task);
  if (!Parent->Dependences)
    Parent->Dependences = new DependenceMap;
  DependenceMap &Map = *Parent->Dependences;
  // The map holds the predecessors until the task is recorded in it.
  std::vector<TaskHeader *> Predecessors = findPredecessors(Map, Dependences);
  Header.Links = new DependenceLinks;
  if (runsAtOnce()) {
    // Its predecessors ran at once too, unless one waits for its event.
    waitRunningTasks([&] { return allCompleted(Predecessors); });
    recordDependences(Map, Header, Dependences);
    submit(Header);
    return 0;
  }
  adopt(Header);
  Header.HeldOn = CurrentTeam;
  Header.HeldIndex = CurrentIndex;
  // One for the linking, so that no predecessor queues it meanwhile.
  Header.Unmet.store(1, std::memory_order_relaxed);
  for (TaskHeader *Predecessor : Predecessors) {
    std::lock_guard<std::mutex> Guard(Predecessor->Links->Lock);
    if (Predecessor->Links->Completed)
      continue;
    Predecessor->Links->Successors.push_back(&Header);
    Header.Unmet.fetch_add(1, std::memory_order_relaxed);
  }
  recordDependences(Map, Header, Dependences);
  if (Header.Unmet.fetch_sub(1, std::memory_order_acq_rel) == 1)
    queueHeld(Header);
  return 0;
}

/// `__kmpc_omp_wait_deps(loc, gtid, ndeps, deps, ndeps_noalias,
/// noalias_deps)`: an undeferred task's, or `taskwait depend`'s, wait for
/// the predecessors of its dependences.
void waitDeps(void *, int32_t, int32_t Count, void *Items, int32_t NoAliasCount,
              void *NoAlias) {
  TaskHeader *Parent = CurrentTask;
  std::vector<DependInfo> Dependences;
  if (!Parent || !Parent->Dependences ||
      !collectDependences(Count, static_cast<DependInfo *>(Items), NoAliasCount,
                          static_cast<DependInfo *>(NoAlias), Dependences)) {
    waitForChildren();
    return;
  }
  // The map holds its tasks; the calling task adds none while it waits.
  std::vector<TaskHeader *> Predecessors =
      findPredecessors(*Parent->Dependences, Dependences);
  waitRunningTasks([&] { return allCompleted(Predecessors); });
}

/// A copy of the task \p Pattern, its private copies and its shared
/// variables' addresses.
TaskHeader &copyTask(TaskHeader &Pattern) {
  TaskHeader *Copy =
      allocateTask(Pattern.TaskBytes, Pattern.SharedsBytes, Pattern.Flags);
  void *Shareds = Copy->task()->Shareds;
  std::memcpy(Copy->task(), Pattern.task(),
              Pattern.TaskBytes + Pattern.SharedsBytes);
  Copy->task()->Shareds = Shareds;
  return *Copy;
}

/// `__kmpc_taskloop(loc, gtid, task, if, &lb, &ub, st, nogroup, sched,
/// grainsize, task_dup)`: the iterations lb, lb + st, ..., up to ub
/// included, shared out among copies of \p Task (whose private copies hold
/// lb and ub): `grainsize(g)` (sched 1), about g iterations each;
/// `num_tasks(n)` (sched 2), n tasks; else four per member of the team.
/// Each copy gets its bounds, then task_dup(copy, pattern, last) its
/// firstprivate and lastprivate state.
void taskloop(void *Loc, int32_t ThreadId, void *Task, int32_t If,
              uint64_t *Lower, uint64_t *Upper, int64_t Step, int32_t NoGroup,
              int32_t Schedule, uint64_t Grain, void *Dup) {
  TaskHeader &Pattern = TaskHeader::of(Task);
  const auto *Base = reinterpret_cast<const char *>(Task);
  const size_t LowerAt = reinterpret_cast<const char *>(Lower) - Base;
  const size_t UpperAt = reinterpret_cast<const char *>(Upper) - Base;
  using Wide = __int128;
  const Wide First = static_cast<int64_t>(*Lower);
  const Wide Last = static_cast<int64_t>(*Upper);
  const Wide By = Step ? Step : 1;
  const bool Any = By > 0 ? Last >= First : Last <= First;
  const uint64_t Trips =
      Any ? static_cast<uint64_t>((Last - First) / By + 1) : 0;
  if (!NoGroup)
    taskgroup(Loc, ThreadId);
  if (Trips) {
    uint64_t Tasks;
    if (Schedule == 1)
      Tasks = std::max<uint64_t>(1, Trips / std::max<uint64_t>(Grain, 1));
    else if (Schedule == 2)
      Tasks = std::min<uint64_t>(std::max<uint64_t>(Grain, 1), Trips);
    else
      Tasks = std::min<uint64_t>(
          Trips, CurrentTeam ? 4 * uint64_t(CurrentTeam->members()) : 1);
    using DupFunction = void (*)(void *, void *, int32_t);
    const uint64_t Small = Trips / Tasks, Extra = Trips % Tasks;
    uint64_t Begin = 0;
    for (uint64_t K = 0; K < Tasks; ++K) {
      const uint64_t Count = Small + (K < Extra ? 1 : 0);
      TaskHeader &Copy = copyTask(Pattern);
      auto *CopyBase = reinterpret_cast<char *>(Copy.task());
      const auto From = static_cast<int64_t>(First + Wide(Begin) * By);
      const auto To =
          static_cast<int64_t>(First + Wide(Begin + Count - 1) * By);
      std::memcpy(CopyBase + LowerAt, &From, sizeof(From));
      std::memcpy(CopyBase + UpperAt, &To, sizeof(To));
      if (Dup)
        reinterpret_cast<DupFunction>(Dup)(Copy.task(), Task, K + 1 == Tasks);
      if (If) {
        submit(Copy);
      } else {
        adopt(Copy);
        runTask(Copy);
      }
      Begin += Count;
    }
  }
  if (!NoGroup)
    endTaskgroup(Loc, ThreadId);
  // The pattern never runs.
  freeTask(Pattern);
}

/// `__kmpc_omp_target_task_alloc(loc, gtid, flags, sizeof_kmp_task_t,
/// sizeof_shareds, routine, device_id)`: a `target nowait`'s task, whose
/// target region runs on the host (Clang without offload targets calls its
/// host version): a task as any other, on the one device there is.
void *targetTaskAlloc(void *Loc, int32_t ThreadId, int32_t Flags,
                      size_t TaskBytes, size_t SharedsBytes, void *Routine,
                      int64_t) {
  return taskAlloc(Loc, ThreadId, Flags, TaskBytes, SharedsBytes, Routine);
}

/// `omp_in_final()`: whether the calling thread runs a final task.
int ompInFinal() { return CurrentTask && CurrentTask->Final; }

/// `omp_in_explicit_task()`: whether it runs an explicit one.
int ompInExplicitTask() { return CurrentTask && !CurrentTask->Implicit; }

const RuntimeFunction TaskFunctions[] = {
    {"__kmpc_omp_task_alloc", address(&taskAlloc)},
    {"__kmpc_omp_target_task_alloc", address(&targetTaskAlloc)},
    {"omp_in_final", address(&ompInFinal)},
    {"omp_in_explicit_task", address(&ompInExplicitTask)},
    {"__kmpc_task_allow_completion_event", address(&taskAllowCompletionEvent)},
    {"omp_fulfill_event", address(&ompFulfillEvent)},
    {"__kmpc_omp_task", address(&task)},
    {"__kmpc_omp_task_begin_if0", address(&taskBeginIf0)},
    {"__kmpc_omp_task_complete_if0", address(&taskCompleteIf0)},
    {"__kmpc_omp_taskwait", address(&taskwait)},
    {"__kmpc_omp_taskyield", address(&taskyield)},
    {"__kmpc_taskgroup", address(&taskgroup)},
    {"__kmpc_taskred_init", address(&taskReductionInit)},
    {"__kmpc_task_reduction_get_th_data", address(&taskReductionData)},
    {"__kmpc_taskred_modifier_init", address(&taskReductionModifierInit)},
    {"__kmpc_task_reduction_modifier_fini",
     address(&taskReductionModifierFini)},
    {"__kmpc_end_taskgroup", address(&endTaskgroup)},
    {"__kmpc_omp_task_with_deps", address(&taskWithDeps)},
    {"__kmpc_omp_wait_deps", address(&waitDeps)},
    {"__kmpc_taskloop", address(&taskloop)},
};

} // namespace

TeamTasks::TeamTasks() = default;

TeamTasks::~TeamTasks() {
  for (MemberQueue &Queue : Queues)
    for (TaskHeader *Header : Queue.Tasks)
      freeTask(*Header);
}

void TeamTasks::setMembers(uint32_t Count) {
  Queues.resize(Count);
  for (std::unique_ptr<ReductionModifier> &Modifier : Modifiers) {
    Modifier = std::make_unique<ReductionModifier>();
    Modifier->Begun.resize(Count);
  }
}

ReductionModifier &TeamTasks::reductionModifier(bool Worksharing) {
  return *Modifiers[Worksharing];
}

/// Whether OpenMP's task scheduling constraint lets a thread whose
/// innermost tied task, waiting, is \p Suspended run \p Candidate: an
/// untied one, or one descending from it.
bool mayRunWhileSuspended(const TaskHeader &Candidate,
                          const TaskHeader *Suspended) {
  if (!Suspended || !Candidate.Tied)
    return true;
  // A task's ancestors are unfinished, so their headers live; each is one
  // level shallower.
  for (const TaskHeader *Ancestor = Candidate.Parent;
       Ancestor && Ancestor->Depth >= Suspended->Depth;
       Ancestor = Ancestor->Parent)
    if (Ancestor == Suspended)
      return true;
  return false;
}

TaskHeader *TeamTasks::take(MemberQueue &Queue, bool Latest,
                            const TaskHeader *Suspended) {
  std::lock_guard<std::mutex> Guard(Queue.Lock);
  auto Allowed = [Suspended](const TaskHeader *Candidate) {
    return mayRunWhileSuspended(*Candidate, Suspended);
  };
  std::deque<TaskHeader *> &Tasks = Queue.Tasks;
  TaskHeader *Header = nullptr;
  if (Latest) {
    auto Found = std::find_if(Tasks.rbegin(), Tasks.rend(), Allowed);
    if (Found == Tasks.rend())
      return nullptr;
    Header = *Found;
    Tasks.erase(std::next(Found).base());
  } else {
    auto Found = std::find_if(Tasks.begin(), Tasks.end(), Allowed);
    if (Found == Tasks.end())
      return nullptr;
    Header = *Found;
    Tasks.erase(Found);
  }
  Queued.fetch_sub(1, std::memory_order_release);
  return Header;
}

bool TeamTasks::runOne(uint32_t Index, const TaskHeader *Suspended) {
  if (!anyQueued() || Queues.empty())
    return false;
  const auto Count = static_cast<uint32_t>(Queues.size());
  TaskHeader *Header = take(Queues[Index % Count], /*Latest=*/true, Suspended);
  for (uint32_t I = 1; !Header && I < Count; ++I)
    Header = take(Queues[(Index + I) % Count], /*Latest=*/false, Suspended);
  if (!Header)
    return false;
  runTask(*Header);
  return true;
}

void TeamTasks::queue(TaskHeader &Header, uint32_t Index, bool MayRunAtOnce) {
  // Counted even if it runs at once: a detachable task may complete later.
  Header.Team = this;
  Unfinished.fetch_add(1, std::memory_order_relaxed);
  // A long queue: the task runs at once, as libomp throttles.
  if (Queues.empty() ||
      (MayRunAtOnce && Queued.load(std::memory_order_relaxed) >=
                           MaxQueuedPerMember * members())) {
    runTask(Header);
    return;
  }
  {
    MemberQueue &Queue = Queues[Index % Queues.size()];
    std::lock_guard<std::mutex> Guard(Queue.Lock);
    Queue.Tasks.push_back(&Header);
    Queued.fetch_add(1, std::memory_order_release);
  }
  wakeNappers();
}

void TeamTasks::finished() {
  Unfinished.fetch_sub(1, std::memory_order_acq_rel);
  wakeNappers();
}

void TeamTasks::wakeNappers() {
  // Against napUntil's count and check: either it sees what changed, or
  // this sees it napping.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (!Sleepers.load(std::memory_order_seq_cst))
    return;
  std::lock_guard<std::mutex> Guard(SleepLock);
  Wake.notify_all();
}

ImplicitTask::ImplicitTask(TeamTasks *Team, uint32_t Index,
                           const TeamLaunch *Launch)
    : OuterTask(CurrentTask), OuterTeam(CurrentTeam), OuterIndex(CurrentIndex),
      OuterLaunch(CurrentLaunch) {
  Header.Implicit = true;
  Header.OuterTied = InnermostTied;
  CurrentTask = &Header;
  InnermostTied = &Header;
  CurrentTeam = Team;
  CurrentIndex = Index;
  CurrentLaunch = Launch;
}

ImplicitTask::~ImplicitTask() {
  // Its children have all finished: the team's barrier waited for them.
  forgetDependences(Header);
  CurrentTask = OuterTask;
  InnermostTied = Header.OuterTied;
  CurrentTeam = OuterTeam;
  CurrentIndex = OuterIndex;
  CurrentLaunch = OuterLaunch;
}

TeamTasks *replaceTaskTeam(TeamTasks *Team) {
  TeamTasks *Replaced = CurrentTeam;
  CurrentTeam = Team;
  return Replaced;
}

void *findTaskFunction(std::string_view Name) {
  return lookUp(TaskFunctions, Name);
}

void abandonTasks() {
  // The kernel code whose groups these were is gone.
  while (TaskGroup *Group = OutsideInnermost) {
    OutsideInnermost = Group->Outer;
    delete Group;
  }
  CurrentTask = nullptr;
  InnermostTied = nullptr;
  CurrentTeam = nullptr;
  CurrentLaunch = nullptr;
}

} // namespace mux
