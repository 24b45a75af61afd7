//===- bounds_check.h - Buffers that fault when a kernel overruns them ----===//
///
/// \file
/// Bounds-checked buffers, the driver's opt-in debugging mode
/// (LOOM_CHECK_BOUNDS=1; `loom-run --check-bounds`; doc/overview.md,
/// "Bounds-checked buffers").
///
/// In that mode each memory allocation gets pages of its own, between two
/// inaccessible guards of 16 pages, with its end against the upper one
/// wherever its alignment allows (with no alignment asked for, the largest
/// power of two up to 128 that divides its size, which is the alignment of
/// its elements whatever their type). A kernel that reads or writes past
/// the end of a buffer faults at once instead of corrupting the memory next
/// to it; one that goes before its start faults once it leaves the
/// buffer's first page (the rest of that page lies below the buffer).
///
/// A SIGSEGV or SIGBUS in a guard page while a kernel runs ends the launch
/// (kernel_faults.h's handler asks findGuardedAllocation) with a fault the
/// host gets from muxWaitAll or muxTryWait, naming the kernel, the
/// argument, how far past its end and whether it was a read or a write.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_BOUNDS_CHECK_H
#define MUX_SOURCE_BOUNDS_CHECK_H

#include "kernel_faults.h"
#include "objects.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mux {

/// Whether LOOM_CHECK_BOUNDS is 1 (read once).
bool checkingBounds();

/// \p Size bytes between two inaccessible guards, ending against the upper
/// one when \p Alignment (0: the natural alignment of \p Size) allows;
/// null when the memory cannot be had.
SharedBytes allocateGuardedBytes(uint64_t Size, uint64_t Alignment);

/// For signal handlers: whether \p Address is in a guard page, and if so
/// the allocation whose it is (\p Begin, \p Size). kernel_faults.h's
/// handler makes such a fault in kernel code an access past a buffer
/// (KernelFault::OutOfBounds).
bool findGuardedAllocation(uintptr_t Address, uintptr_t &Begin, uint64_t &Size);

/// What the host is told of \p Fault in kernel \p Kernel, whose buffer
/// arguments are \p Arguments: "kernel 'k' wrote past the end of argument
/// 1 (a buffer of 1024 bytes): byte 1028", the first byte the access
/// touched in the guard page, counted from where the argument points.
std::string describeBoundsFault(const MemoryFault &Fault,
                                const std::string &Kernel,
                                const std::vector<CheckedArgument> &Arguments);

} // namespace mux

#endif // MUX_SOURCE_BOUNDS_CHECK_H
