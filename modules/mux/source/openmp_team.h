//===- openmp_team.h - OpenMP teams on threads of their own ----*- C++ -*-===//
///
/// \file
/// The threads the driver's OpenMP runtime runs a team on. A team's members
/// must run at once: a barrier, a `single`'s broadcast or a wait for tasks
/// holds each member until the others come, which a parallel map
/// (ThreadPool::parallelMap), whose indices may run one after another on
/// one thread, cannot promise. So member 0 runs on the forking thread and
/// every other member on a thread of the runtime's own (a WorkerThread:
/// work-group stack, signal stack), as libomp's teams do. The threads are
/// made when a team first needs them and kept, each forking thread's own
/// (member I on the same thread every time, so that threadprivate data
/// lasts from one region to the next); between teams each spins a little
/// while (regions in a loop fork again soon), then sleeps. A thread that
/// ends gives its team's threads to the others.
///
/// Each member runs under a catch point of its own
/// (callCatchingKernelFaults). The first fault cancels the team: members
/// that wait for others see it and leave (leaveCancelledTeam), and once
/// every member has returned the fork raises it as the forking thread's
/// kernel code's own.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_OPENMP_TEAM_H
#define MUX_SOURCE_OPENMP_TEAM_H

#include "kernel_faults.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace mux {

class TeamThread;

/// One fork's members, each on a thread of its own.
class TeamLaunch {
public:
  /// Takes threads for a team of \p Wanted members (at least one): the
  /// calling thread and \p Wanted - 1 of the runtime's, fewer when no more
  /// threads can be made.
  explicit TeamLaunch(uint32_t Wanted);
  /// Gives the threads back for later teams.
  ~TeamLaunch();
  TeamLaunch(const TeamLaunch &) = delete;
  TeamLaunch &operator=(const TeamLaunch &) = delete;

  /// The team's size: how many members run.
  uint32_t size() const { return static_cast<uint32_t>(Threads.size()) + 1; }

  /// Runs \p Member(\p Ctx, I) for every member I at once, 0 on the calling
  /// thread; returns when every member has, with the first member's fault
  /// if one faulted: the caller raises it (raiseKernelFault) once the
  /// team's state and this launch are gone, as the jump to its catch point
  /// destroys nothing.
  std::optional<KernelFault> run(void (*Member)(void *, uint32_t), void *Ctx);

  /// Whether a member faulted: members waiting for others stop waiting.
  bool cancelled() const { return Cancelled.load(std::memory_order_acquire); }

private:
  friend class TeamThread;
  /// Member \p Index, under a catch point; records the first fault.
  void runMember(uint32_t Index);

  std::vector<TeamThread *> Threads;
  /// Whether they are the forking thread's own (openmp_team.cpp, HotTeam).
  bool UsesHotTeam = false;
  void (*Member)(void *, uint32_t) = nullptr;
  void *Ctx = nullptr;
  std::atomic<bool> Cancelled{false};
  /// The first member's fault: written before that member's thread says
  /// it finished, read after.
  KernelFault Fault = {};
};

/// Whether the calling thread is one of the runtime's team threads.
bool isTeamThread();

/// For a member of a cancelled team that was waiting for the others: ends
/// its kernel code at its catch point. Returns only outside kernel code.
void leaveCancelledTeam();

} // namespace mux

#endif // MUX_SOURCE_OPENMP_TEAM_H
