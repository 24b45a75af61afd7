//===- fork_gate_test.cpp - Forks wait for in-process compiles ------------===//
///
/// compiler/support/ForkGate.h: a fork waits until no other thread compiles
/// in the process; a thread inside a compile may fork itself; in the child,
/// the gate is open.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/ForkGate.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

using namespace compiler::utils;

namespace {

/// The exit status of \p Child, or -1 if it has not ended within 10
/// seconds (it is then killed).
int waitForChild(pid_t Child) {
  for (int Tenth = 0; Tenth < 100; ++Tenth) {
    int Status = 0;
    pid_t Ended = ::waitpid(Child, &Status, WNOHANG);
    if (Ended == Child)
      return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ::kill(Child, SIGKILL);
  ::waitpid(Child, nullptr, 0);
  return -1;
}

TEST(ForkGate, AForkWaitsForAnotherThreadsCompile) {
  std::atomic<bool> Entered{false}, Leaving{false};
  std::thread Compiler([&] {
    InProcessCompile Section;
    Entered = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    Leaving = true;
  });
  while (!Entered)
    std::this_thread::yield();
  pid_t Child = forkAlone();
  // Only once the other thread's section ended: the child's copy says so.
  if (Child == 0)
    ::_exit(Leaving ? 0 : 1);
  Compiler.join();
  ASSERT_GT(Child, 0);
  EXPECT_EQ(waitForChild(Child), 0);
}

TEST(ForkGate, ACompileMayForkAndItsChildCompileAgain) {
  InProcessCompile Outer;
  InProcessCompile Nested;
  pid_t Child = forkAlone();
  if (Child == 0) {
    // The child's copy of the sections, and new ones, on its one thread.
    { InProcessCompile InChild; }
    pid_t Grandchild = forkAlone();
    if (Grandchild == 0)
      ::_exit(0);
    ::_exit(waitForChild(Grandchild) == 0 ? 0 : 1);
  }
  ASSERT_GT(Child, 0);
  EXPECT_EQ(waitForChild(Child), 0);
}

TEST(ForkGate, ACompileWaitsForAWaitingFork) {
  // A thread that comes to the gate while a fork waits there enters after
  // the fork, so that forks are not starved by compiles that overlap.
  std::atomic<bool> Entered{false};
  std::thread Holder([&] {
    InProcessCompile Section;
    Entered = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  });
  while (!Entered)
    std::this_thread::yield();
  std::atomic<bool> LateEntered{false};
  std::thread Late([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    InProcessCompile Section;
    LateEntered = true;
  });
  pid_t Child = forkAlone();
  if (Child == 0)
    ::_exit(LateEntered ? 1 : 0);
  Holder.join();
  Late.join();
  EXPECT_TRUE(LateEntered);
  ASSERT_GT(Child, 0);
  EXPECT_EQ(waitForChild(Child), 0);
}

} // namespace
