//===- ForkGate.cpp - Forks while no thread compiles in-process -----------===//
///
/// \file
/// See compiler/support/ForkGate.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/ForkGate.h"

#include <condition_variable>
#include <mutex>
#include <new>
#include <unistd.h>

namespace compiler {
namespace utils {

namespace {

/// Threads inside an InProcessCompile, and forks waiting for them.
class Gate {
public:
  void enter() {
    std::unique_lock<std::mutex> Lock(Mutex);
    Changed.wait(Lock, [&] { return Forks == 0; });
    ++Compiles;
  }

  void leave() {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (--Compiles == 0)
      Changed.notify_all();
  }

  pid_t forkAlone() {
    std::unique_lock<std::mutex> Lock(Mutex);
    ++Forks;
    Changed.wait(Lock, [&] { return Compiles == 0 && !Forking; });
    Forking = true;
    // Not held across the fork: the child gets it unlocked.
    Lock.unlock();
    pid_t Child = ::fork();
    if (Child == 0) {
      // One thread, no compile in-process: the gate starts again, open.
      // Made anew, not reset: the condition variable's copy may count the
      // parent's waiting threads, which the child does not have.
      new (this) Gate();
      return 0;
    }
    Lock.lock();
    Forking = false;
    --Forks;
    Changed.notify_all();
    return Child;
  }

private:
  std::mutex Mutex;
  std::condition_variable Changed;
  unsigned Compiles = 0;
  /// Forks waiting for the compiles to leave, or forking.
  unsigned Forks = 0;
  bool Forking = false;
};

Gate &getGate() {
  // Never destroyed: a host thread may compile while the process exits.
  static Gate *G = new Gate();
  return *G;
}

/// How deep the calling thread is in InProcessCompile sections.
thread_local unsigned Depth = 0;

} // namespace

InProcessCompile::InProcessCompile() {
  if (Depth++ == 0)
    getGate().enter();
}

InProcessCompile::~InProcessCompile() {
  if (--Depth == 0)
    getGate().leave();
}

pid_t forkAlone() {
  Gate &G = getGate();
  bool Inside = Depth > 0;
  if (Inside)
    G.leave();
  pid_t Child = G.forkAlone();
  // The section goes on: in the parent, and in the child, its copy.
  if (Inside)
    G.enter();
  return Child;
}

} // namespace utils
} // namespace compiler
