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
/// A SIGSEGV or SIGBUS in a guard page while a kernel runs returns to the
/// worker's catch point (kernel_faults.h), which ends the launch with a
/// fault the host gets from muxWaitAll or muxTryWait, naming the kernel,
/// the argument, how far past its end and whether it was a read or a
/// write; any other fault in kernel code ends it as an invalid access, in
/// either mode, and a fault outside kernel code goes to the handler that
/// was there before. The handler is put in place at the start of each
/// launch when it is not already, so a handler the host installs later
/// (loom-run's crash guard) does not hide it.
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

/// Puts the handler of SIGSEGV and SIGBUS in place, unless it already is:
/// in kernel code, a fault in a guard page ends the launch as an access
/// past a buffer (KernelFault::OutOfBounds), any other as an invalid
/// access (kernel_faults.h). armKernelFaultHandlers calls it.
void armMemoryFaultHandler();

/// What the host is told of \p Fault in kernel \p Kernel, whose buffer
/// arguments are \p Arguments: "kernel 'k' wrote past the end of argument
/// 1 (a buffer of 1024 bytes): byte 1028", the first byte the access
/// touched in the guard page, counted from where the argument points.
std::string describeBoundsFault(const BoundsFault &Fault,
                                const std::string &Kernel,
                                const std::vector<CheckedArgument> &Arguments);

} // namespace mux

#endif // MUX_SOURCE_BOUNDS_CHECK_H
