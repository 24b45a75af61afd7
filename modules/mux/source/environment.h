//===- environment.h - The driver's environment variables ------*- C++ -*-===//
///
/// \file
/// The driver reads a few settings from the environment (LOOM_NUM_THREADS,
/// LOOM_PIN_WORKERS, LOOM_PRIVATE_ACCUMULATORS, LOOM_HUGE_PAGES,
/// LOOM_WORK_GROUP_STACK_MIB, LOOM_PRINTF_BUFFER_SIZE, LOOM_CHECK_BOUNDS,
/// LOOM_PERF_MAP). Each
/// is a decimal count in a range; anything else (empty, trailing characters,
/// out of range) is ignored and the driver's default applies, so a mistyped
/// setting never changes behaviour silently into something unintended.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_ENVIRONMENT_H
#define MUX_SOURCE_ENVIRONMENT_H

#include <cstdint>
#include <optional>

namespace mux {

/// The value of environment variable \p Name when it is a decimal count in
/// [\p Min, \p Max]; nothing when it is unset or anything else.
std::optional<uint64_t> readEnvironmentCount(const char *Name, uint64_t Min,
                                             uint64_t Max);

} // namespace mux

#endif // MUX_SOURCE_ENVIRONMENT_H
