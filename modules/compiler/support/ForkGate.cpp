//===- ForkGate.cpp - Forks while no thread compiles in-process -----------===//
///
/// \file
/// See compiler/support/ForkGate.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/ForkGate.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <pthread.h>
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
    if (Child == 0)
      return 0;
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

/// This process's gate. Never destroyed: a host thread may compile while
/// the process exits.
std::atomic<Gate *> Current{nullptr};

/// A child, which has one thread, gets a gate of its own, open: its copy
/// of its parent's stays as the fork left it (a condition variable that
/// may count the parent's waiting threads, a fork in progress), and is
/// left alone. So do the children of the host's own forks.
void makeGateInChild() { Current.store(new Gate()); }

Gate &getGate() {
  static const bool Registered = [] {
    Current.store(new Gate());
    return ::pthread_atfork(nullptr, nullptr, makeGateInChild) == 0;
  }();
  (void)Registered;
  return *Current.load();
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
  bool Inside = Depth > 0;
  if (Inside)
    getGate().leave();
  pid_t Child = getGate().forkAlone();
  // The section goes on: in the parent, and in the child, its copy, through
  // the child's own gate.
  if (Inside)
    getGate().enter();
  return Child;
}

} // namespace utils
} // namespace compiler
