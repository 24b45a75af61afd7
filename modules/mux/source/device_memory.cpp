//===- device_memory.cpp - The bytes behind a mux_memory_t ----------------===//
///
/// \file
/// See device_memory.h.
///
//===----------------------------------------------------------------------===//

#include "device_memory.h"

#include "environment.h"

#include <algorithm>
#include <sys/mman.h>

namespace mux {

bool wantsHugePages(uint64_t Size) {
  return Size >= HugePageBytes &&
         readEnvironmentCount("LOOM_HUGE_PAGES", 0, 1).value_or(0) == 1;
}

AlignedBytes allocateDeviceBytes(uint64_t Size, uint64_t Alignment) {
  if (!wantsHugePages(Size))
    return allocateAligned(Size, Alignment);
  // Whole huge pages, so the allocation shares none with the heap around it.
  AlignedBytes Bytes =
      allocateAligned(Size, std::max(Alignment, HugePageBytes));
  if (Bytes) {
    uint64_t Rounded =
        (Size + HugePageBytes - 1) / HugePageBytes * HugePageBytes;
    (void)madvise(Bytes.get(), Rounded, MADV_HUGEPAGE);
  }
  return Bytes;
}

} // namespace mux
