//===- bounds_check.cpp - Buffers that fault when a kernel overruns them --===//
///
/// \file
/// See bounds_check.h.
///
//===----------------------------------------------------------------------===//

#include "bounds_check.h"

#include "environment.h"
#include "kernel_faults.h"

#include <algorithm>
#include <atomic>
#include <sys/mman.h>
#include <unistd.h>

namespace mux {

namespace {

/// The largest alignment an OpenCL C type needs (long16, double16).
constexpr uint64_t LargestTypeAlignment = 128;

/// Pages of guard on each side: an access that jumps over a single page
/// (a large stride past the end) still lands in one.
constexpr uint64_t GuardPages = 16;

/// How many guarded allocations the fault handler can name at once; past
/// that, a fault in one is an ordinary crash.
constexpr unsigned MaxGuardedAllocations = 1 << 14;

/// A guarded allocation: its mapping (guard pages included) and its bytes.
struct GuardedAllocation {
  uintptr_t MapBegin;
  uint64_t MapSize;
  uintptr_t Begin;
  uint64_t Size;
};

/// Read by the signal handler, which may not lock: slots are claimed and
/// released with atomics, and an allocation is released only after no
/// launch can use it (its bytes are shared by every command using them).
std::atomic<const GuardedAllocation *> Allocations[MaxGuardedAllocations];

uint64_t pageSize() {
  static const uint64_t Size = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  return Size;
}

uint64_t roundUp(uint64_t Value, uint64_t Multiple) {
  return (Value + Multiple - 1) / Multiple * Multiple;
}

/// The alignment of the elements of a buffer of \p Size bytes, whatever
/// their type: the largest power of two dividing it, up to 128.
uint64_t naturalAlignment(uint64_t Size) {
  uint64_t Alignment = 1;
  while (Alignment < LargestTypeAlignment && Size % (Alignment * 2) == 0)
    Alignment *= 2;
  return Alignment;
}

void registerAllocation(const GuardedAllocation *A) {
  for (auto &Slot : Allocations) {
    const GuardedAllocation *Empty = nullptr;
    if (Slot.compare_exchange_strong(Empty, A, std::memory_order_release))
      return;
  }
}

void unregisterAllocation(const GuardedAllocation *A) {
  for (auto &Slot : Allocations) {
    const GuardedAllocation *Expected = A;
    if (Slot.compare_exchange_strong(Expected, nullptr,
                                     std::memory_order_acq_rel))
      return;
  }
}

/// The allocation one of whose guard pages holds \p Address, if any.
const GuardedAllocation *findGuardPage(uintptr_t Address) {
  for (auto &Slot : Allocations) {
    const GuardedAllocation *A = Slot.load(std::memory_order_acquire);
    if (A && Address >= A->MapBegin && Address < A->MapBegin + A->MapSize &&
        (Address < A->Begin || Address >= A->Begin + A->Size))
      return A;
  }
  return nullptr;
}

/// The argument a fault belongs to, among those pointing into the faulting
/// allocation: past its start, the last one starting at or before the
/// address; before it, the first.
const CheckedArgument *
findArgument(const MemoryFault &Fault,
             const std::vector<CheckedArgument> &Arguments) {
  const bool BeforeStart = Fault.Address < Fault.AllocationBegin;
  const CheckedArgument *Best = nullptr;
  for (const CheckedArgument &Arg : Arguments) {
    uintptr_t Begin = reinterpret_cast<uintptr_t>(Arg.Begin);
    if (Begin < Fault.AllocationBegin ||
        Begin > Fault.AllocationBegin + Fault.AllocationSize ||
        (!BeforeStart && Begin > Fault.Address))
      continue;
    if (!Best ||
        (BeforeStart ? Arg.Begin < Best->Begin : Arg.Begin > Best->Begin))
      Best = &Arg;
  }
  return Best;
}

} // namespace

bool checkingBounds() {
  static const bool Checking =
      readEnvironmentCount("LOOM_CHECK_BOUNDS", 0, 1).value_or(0) == 1;
  return Checking;
}

SharedBytes allocateGuardedBytes(uint64_t Size, uint64_t Alignment) {
  if (Alignment == 0)
    Alignment = naturalAlignment(Size);
  const uint64_t Page = pageSize();
  const uint64_t Guard = GuardPages * Page;
  const uint64_t Padded = roundUp(Size, Alignment);
  const uint64_t Inner = roundUp(Padded, Page);
  const uint64_t MapSize = Inner + 2 * Guard;
  void *Map =
      mmap(nullptr, MapSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Map == MAP_FAILED)
    return nullptr;
  auto *Base = static_cast<uint8_t *>(Map);
  auto *A = new (std::nothrow) GuardedAllocation{
      reinterpret_cast<uintptr_t>(Base), MapSize,
      reinterpret_cast<uintptr_t>(Base + Guard + Inner - Padded), Size};
  if (!A || mprotect(Base + Guard, Inner, PROT_READ | PROT_WRITE) != 0) {
    delete A;
    munmap(Map, MapSize);
    return nullptr;
  }
  registerAllocation(A);
  return SharedBytes(reinterpret_cast<uint8_t *>(A->Begin), [A](uint8_t *) {
    unregisterAllocation(A);
    munmap(reinterpret_cast<void *>(A->MapBegin), A->MapSize);
    delete A;
  });
}

bool findGuardedAllocation(uintptr_t Address, uintptr_t &Begin,
                           uint64_t &Size) {
  const GuardedAllocation *A = findGuardPage(Address);
  if (!A)
    return false;
  Begin = A->Begin;
  Size = A->Size;
  return true;
}

std::string describeBoundsFault(const MemoryFault &Fault,
                                const std::string &Kernel,
                                const std::vector<CheckedArgument> &Arguments) {
  std::string Verb = !Fault.KnowsAccessKind ? "touched"
                     : Fault.Write          ? "wrote"
                                            : "read";
  std::string Message = "kernel '" + Kernel + "' " + Verb + " ";
  const CheckedArgument *Arg = findArgument(Fault, Arguments);
  if (!Arg)
    return Message + "outside a buffer of " +
           std::to_string(Fault.AllocationSize) +
           " bytes that none of its arguments points into";
  uintptr_t Begin = reinterpret_cast<uintptr_t>(Arg->Begin);
  std::string Buffer = "argument " + std::to_string(Arg->Index) +
                       " (a buffer of " + std::to_string(Arg->Size) + " bytes)";
  if (Fault.Address < Begin)
    return Message + "before the start of " + Buffer + ": " +
           std::to_string(Begin - Fault.Address) + " bytes before it";
  return Message + "past the end of " + Buffer + ": byte " +
         std::to_string(Fault.Address - Begin);
}

} // namespace mux
