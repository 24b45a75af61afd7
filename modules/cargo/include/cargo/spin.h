//===- spin.h - Waiting without the kernel, for a short while --*- C++ -*-===//
///
/// \file
/// Waking a sleeping thread goes through the kernel and costs tens of
/// microseconds on a virtual machine (doc/performance.md, "Dispatch"), more
/// than a short launch takes. The threads that expect something soon (the
/// driver's worker between jobs, its queue between submissions, a host
/// waiting for its launch; the OpenCL platform's host waiting for an event)
/// first poll for it a little while with spinUntil, and sleep only when it
/// does not come. On a machine with fewer cores than
/// such threads, a spin gives its core up now and then, so that a thread
/// that needs the core (the one it waits for, or a host woken onto it) is
/// not held up by the spin.
///
//===----------------------------------------------------------------------===//

#ifndef CARGO_SPIN_H
#define CARGO_SPIN_H

#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace cargo {

/// Checks of a spin before sleeping: 20 to 40 microseconds, as the pause
/// instruction takes 40 to 140 cycles (35 on the development machine),
/// longer than the gap between the launches of a queue that is kept busy,
/// shorter than a scheduler tick.
constexpr unsigned SpinChecks = 1500;

/// Lets a hyperthread sibling run while this one polls.
inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

/// Checks between two offers of the core to another thread ready to run on
/// it: a thread that spins does not hold up the one it waits for, nor a
/// host that was woken onto its core (a yield with nobody waiting costs a
/// system call, a fraction of a microsecond).
constexpr unsigned ChecksPerYield = 64;

/// One check of a spin that does other work between its checks (a barrier
/// that runs queued tasks): pauses, or offers the core every
/// ChecksPerYield checks, and says to go on, for \p Limit checks counted in
/// \p Checks (from 0); then says the spin is over, and the caller sleeps.
inline bool spinAgain(unsigned &Checks, unsigned Limit = SpinChecks) {
  if (++Checks >= Limit)
    return false;
  if (Checks % ChecksPerYield == 0)
    std::this_thread::yield();
  else
    pause();
  return true;
}

/// Whether \p Ready() became true within \p Checks checks.
template <typename Predicate>
bool spinUntil(Predicate Ready, unsigned Checks = SpinChecks) {
  for (unsigned I = 1; I <= Checks; ++I) {
    if (Ready())
      return true;
    if (I % ChecksPerYield == 0)
      std::this_thread::yield();
    else
      pause();
  }
  return false;
}

} // namespace cargo

#endif // CARGO_SPIN_H
