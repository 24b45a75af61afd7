//===- openmp_team.cpp - OpenMP teams on threads of their own -------------===//
///
/// \file
/// See openmp_team.h.
///
//===----------------------------------------------------------------------===//

#include "openmp_team.h"

#include "worker_thread.h"

#include "cargo/spin.h"

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <system_error>

namespace mux {

namespace {

/// How long a team thread spins for its next member before it sleeps:
/// about 300 microseconds, more than the serial code between the regions
/// of a loop usually takes.
constexpr unsigned NextMemberSpinChecks = 15 * cargo::SpinChecks;

/// The threads no team has now; never destroyed, as a thread may still
/// sleep in it when the process ends.
struct IdleThreads {
  std::mutex Lock;
  std::vector<TeamThread *> Threads;
};

IdleThreads &idleThreads() {
  static auto *Idle = new IdleThreads;
  return *Idle;
}

/// Lets the calling thread run on any core the process may use: a thread
/// starts with the affinity of the thread that made it, a pool worker
/// pinned to one core (thread_pool.h), where the team's members would take
/// turns.
void runOnAnyCore() {
#ifdef __linux__
  cpu_set_t Cpus;
  CPU_ZERO(&Cpus);
  // The main thread's: the process's.
  if (sched_getaffinity(getpid(), sizeof(Cpus), &Cpus) == 0)
    (void)pthread_setaffinity_np(pthread_self(), sizeof(Cpus), &Cpus);
#endif
}

/// Set on the runtime's team threads.
thread_local bool ServesTeams = false;

} // namespace

bool isTeamThread() { return ServesTeams; }

/// A thread of the runtime's own, which runs one team member after another.
class TeamThread {
public:
  TeamThread() : Thread([this] { serve(); }) {}

  /// Runs member \p Index of \p Launch.
  void start(TeamLaunch &Launch, uint32_t Index) {
    this->Index = Index;
    Given.store(&Launch, std::memory_order_release);
    std::lock_guard<std::mutex> Guard(Lock);
    if (Sleeping)
      Changed.notify_all();
  }

  /// Waits until the member it was given has returned.
  void waitUntilFinished() {
    auto Finished = [this] { return !Given.load(std::memory_order_acquire); };
    if (cargo::spinUntil(Finished))
      return;
    std::unique_lock<std::mutex> Guard(Lock);
    Changed.wait(Guard, Finished);
  }

private:
  void serve() {
    runOnAnyCore();
    ServesTeams = true;
    for (;;) {
      auto Ready = [this] {
        return Given.load(std::memory_order_acquire) != nullptr;
      };
      if (!cargo::spinUntil(Ready, NextMemberSpinChecks)) {
        std::unique_lock<std::mutex> Guard(Lock);
        Sleeping = true;
        Changed.wait(Guard, Ready);
        Sleeping = false;
      }
      Given.load(std::memory_order_acquire)->runMember(Index);
      {
        // Under the lock: the forking thread may be between its check and
        // its sleep.
        std::lock_guard<std::mutex> Guard(Lock);
        Given.store(nullptr, std::memory_order_release);
      }
      Changed.notify_all();
    }
  }

  std::mutex Lock;
  std::condition_variable Changed;
  bool Sleeping = false;
  /// The team of the member it runs; null between members.
  std::atomic<TeamLaunch *> Given{nullptr};
  uint32_t Index = 0;
  /// Last: it starts serving once the rest is in place.
  WorkerThread Thread;
};

namespace {

/// Takes a thread no team has, or makes one; null when none can be made.
TeamThread *takeIdleThread() {
  {
    IdleThreads &Idle = idleThreads();
    std::lock_guard<std::mutex> Guard(Idle.Lock);
    if (!Idle.Threads.empty()) {
      TeamThread *Thread = Idle.Threads.back();
      Idle.Threads.pop_back();
      return Thread;
    }
  }
  try {
    return new TeamThread;
  } catch (const std::system_error &) {
    // OpenMP lets a team have fewer threads than asked for.
    return nullptr;
  }
}

void giveBackIdleThreads(const std::vector<TeamThread *> &Threads) {
  IdleThreads &Idle = idleThreads();
  std::lock_guard<std::mutex> Guard(Idle.Lock);
  Idle.Threads.insert(Idle.Threads.end(), Threads.begin(), Threads.end());
}

/// The threads of the teams the calling thread forks: member I + 1 runs on
/// thread I every time, so that a `threadprivate` variable keeps its value
/// from one region to the next, as OpenMP says it does for teams of the
/// same size. Back to the idle ones when the thread ends.
struct HotTeam {
  std::vector<TeamThread *> Threads;
  /// Whether a team of the calling thread runs on them now (a region in a
  /// serialized region inside it takes idle threads instead).
  bool Busy = false;
  ~HotTeam() { giveBackIdleThreads(Threads); }
};

thread_local HotTeam Hot;

} // namespace

TeamLaunch::TeamLaunch(uint32_t Wanted) {
  const uint32_t Others = Wanted > 1 ? Wanted - 1 : 0;
  if (!Others)
    return;
  UsesHotTeam = !Hot.Busy;
  if (UsesHotTeam) {
    Hot.Busy = true;
    while (Hot.Threads.size() < Others)
      if (TeamThread *Thread = takeIdleThread())
        Hot.Threads.push_back(Thread);
      else
        break;
    Threads.assign(Hot.Threads.begin(),
                   Hot.Threads.begin() +
                       std::min<size_t>(Others, Hot.Threads.size()));
    return;
  }
  while (Threads.size() < Others)
    if (TeamThread *Thread = takeIdleThread())
      Threads.push_back(Thread);
    else
      break;
}

TeamLaunch::~TeamLaunch() {
  if (UsesHotTeam)
    Hot.Busy = false;
  else
    giveBackIdleThreads(Threads);
}

std::optional<KernelFault> TeamLaunch::run(void (*Member)(void *, uint32_t),
                                           void *Ctx) {
  this->Member = Member;
  this->Ctx = Ctx;
  for (uint32_t I = 0; I < Threads.size(); ++I)
    Threads[I]->start(*this, I + 1);
  runMember(0);
  for (TeamThread *Thread : Threads)
    Thread->waitUntilFinished();
  if (cancelled())
    return Fault;
  return std::nullopt;
}

void TeamLaunch::runMember(uint32_t Index) {
  // A member leaving a cancelled team raises a fault too; only the first
  // one counts.
  if (std::optional<KernelFault> Caught =
          callCatchingKernelFaults(Member, Ctx, Index);
      Caught && !Cancelled.exchange(true, std::memory_order_acq_rel))
    Fault = *Caught;
}

void leaveCancelledTeam() {
  // The fault is the team's first member's; this one's is not reported.
  raiseKernelFault(KernelFault{KernelFault::Trap, 0, {}});
}

} // namespace mux
