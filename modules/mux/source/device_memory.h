//===- device_memory.h - The bytes behind a mux_memory_t -------*- C++ -*-===//
///
/// \file
/// Allocates the bytes of device memory (muxAllocateMemory). With
/// LOOM_HUGE_PAGES=1, an allocation of 2 MiB or more is aligned to 2 MiB and
/// asks the kernel for transparent huge pages (madvise), which Debian's
/// default (`madvise` mode) gives only on request. It is off by default: it
/// gains 5 to 10% on kernels streaming through buffers of a few MiB, loses 2
/// to 4% on others, and the first touch of such memory, usually 6x faster,
/// now and then stalls for half a second while the kernel compacts memory
/// (doc/performance.md, "Huge pages").
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_DEVICE_MEMORY_H
#define MUX_SOURCE_DEVICE_MEMORY_H

#include "objects.h"

#include <cstdint>

namespace mux {

/// The size of a transparent huge page on x86-64.
inline constexpr uint64_t HugePageBytes = uint64_t(2) << 20;

/// Whether an allocation of \p Size bytes goes on huge pages: it is at least
/// one huge page, and LOOM_HUGE_PAGES is 1.
bool wantsHugePages(uint64_t Size);

/// \p Size bytes aligned to \p Alignment (a power of two), on huge pages when
/// wantsHugePages(Size); null when the memory cannot be had. A refused
/// madvise (a kernel without transparent huge pages) is not an error: the
/// bytes are the same, on ordinary pages.
AlignedBytes allocateDeviceBytes(uint64_t Size, uint64_t Alignment);

} // namespace mux

#endif // MUX_SOURCE_DEVICE_MEMORY_H
