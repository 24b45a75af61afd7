//===- KernelCrashGuard.cpp - How loom-run dies when a kernel crashes -----===//

#include "KernelCrashGuard.h"

#include <cstring>
#include <iterator>
#include <unistd.h>

namespace {

struct FatalSignal {
  int Number;
  const char *Name;
};

constexpr FatalSignal FatalSignals[] = {
    {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
    {SIGILL, "SIGILL"},   {SIGABRT, "SIGABRT"}, {SIGTRAP, "SIGTRAP"},
    {SIGSYS, "SIGSYS"}};

// Everything the handler writes is a constant: it may not format or
// allocate, since the heap may be what broke.
constexpr char MessageStart[] = "loom-run: error: the process got ";
constexpr char MessageEnd[] =
    " while the kernel ran or its buffers were freed: the kernel crashed, or "
    "wrote past its buffers into loom-run's memory\n";

// write(2) and strlen are async-signal-safe; a short write is retried, a
// failed one given up on (there is nobody left to tell).
void writeToStderr(const char *Text) {
  size_t Left = std::strlen(Text);
  while (Left != 0) {
    ssize_t Written = write(STDERR_FILENO, Text, Left);
    if (Written <= 0)
      return;
    Text += Written;
    Left -= size_t(Written);
  }
}

extern "C" void dieOfFatalSignal(int Signal) {
  writeToStderr(MessageStart);
  for (const FatalSignal &Fatal : FatalSignals)
    if (Fatal.Number == Signal)
      writeToStderr(Fatal.Name);
  writeToStderr(MessageEnd);
  // SA_RESETHAND has put back the default action, and SA_NODEFER lets the
  // signal through at once: the process ends by it, as it would have.
  raise(Signal);
}

} // namespace

namespace loom {

static_assert(std::size(FatalSignals) == KernelCrashGuard::NumSignals,
              "one replaced action per fatal signal");

KernelCrashGuard::KernelCrashGuard() {
  struct sigaction Action = {};
  Action.sa_handler = dieOfFatalSignal;
  Action.sa_flags = SA_RESETHAND | SA_NODEFER;
  sigemptyset(&Action.sa_mask);
  for (int I = 0; I != NumSignals; ++I)
    sigaction(FatalSignals[I].Number, &Action, &Replaced[I]);
}

KernelCrashGuard::~KernelCrashGuard() {
  for (int I = 0; I != NumSignals; ++I)
    sigaction(FatalSignals[I].Number, &Replaced[I], nullptr);
}

} // namespace loom
