//===- accumulators.h - Private copies of add-only buffers -----*- C++ -*-===//
///
/// \file
/// A buffer a kernel only adds to (an accumulator: the descriptor's
/// AccumulatorBytes, doc/kernel-abi.md) ends a launch as its first contents
/// plus the sum of the additions, whatever their order. When two workers add
/// to the same few cache lines (a histogram's bins), every addition moves a
/// line between cores; a zeroed copy per worker, added into the buffer when
/// the worker's part of the launch is done, keeps the additions in each
/// core's own cache. This decides when a launch does that, and adds the
/// copies in.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_ACCUMULATORS_H
#define MUX_SOURCE_ACCUMULATORS_H

#include "mux/mux.h"
#include "objects.h"

#include <cstdint>

namespace mux {

/// A launch gets private copies only when it makes at least this many
/// additions per element, counting one per work-item: fewer, and zeroing
/// and adding the copies costs more than the contention it saves.
constexpr uint64_t MinWorkItemsPerAccumulatorElement = 16;

/// The most bytes of copies one worker keeps for a launch: they should stay
/// in its own caches. On the development machine (2 MiB of L2 per core) a
/// 1M-item histogram gained 16% with 64 KiB of bins, 6% with 128 KiB and
/// lost 5% with 256 KiB (doc/performance.md, "Accumulators").
constexpr uint64_t MaxAccumulatorCopyBytes = 128 << 10;

/// Fills \p Launch's Accumulators and AccumulatorCopyBytes with the
/// accumulator arguments of kernel \p K, bound as \p Descriptors say, that
/// each of \p Workers workers should add to a copy of for a launch of
/// \p WorkItems work-items. None when there is one worker, when
/// LOOM_PRIVATE_ACCUMULATORS=0, or when a buffer is too large for the launch
/// (above), misaligned for its additions, or overlaps another buffer
/// argument (which the kernel may read).
void planPrivateAccumulators(const loom::metadata::KernelDescriptor &K,
                             const mux_descriptor_info_s *Descriptors,
                             uint64_t WorkItems, unsigned Workers,
                             NDRangeCommand &Launch);

/// Adds the nonzero elements of one worker's \p Copies into \p Launch's
/// accumulators, atomically: other workers may be adding theirs.
void addAccumulatorCopies(const uint8_t *Copies, const NDRangeCommand &Launch);

} // namespace mux

#endif // MUX_SOURCE_ACCUMULATORS_H
