//===- ndrange_command.h - An ND-range launch, recorded ---------*- C++ -*-===//
///
/// \file
/// The implementation behind muxCommandNDRange, apart from its validating
/// entry layer (api_commands.cpp): the kernel's arguments packed as its
/// descriptor lays them out, its __local buffers placed in the work-group's
/// arena after the kernel's own local memory, the range cut into groups,
/// and what bounds checking or private accumulators need. It assumes what
/// the entry layer checked; it fails only when memory runs out.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_NDRANGE_COMMAND_H
#define MUX_SOURCE_NDRANGE_COMMAND_H

#include "objects.h"

#include <cstdint>

namespace mux {

/// The largest __local buffer argument a launch may ask for.
constexpr uint64_t MaxLocalArgumentBytes = uint64_t(1) << 40;

/// Whether \p Arg is passed as a pointer into a mux buffer.
bool isBufferArgument(const loom::metadata::ArgDescriptor &Arg);

/// Bytes of the work-group's local-memory arena a launch of the kernel
/// \p K needs with the __local buffer arguments \p Descriptors give: the
/// kernel's own variables, then each buffer, aligned.
uint64_t getLocalArenaBytes(const loom::metadata::KernelDescriptor &K,
                            const mux_descriptor_info_s *Descriptors);

/// Records in \p CB the launch of \p Kernel over the range \p Options
/// describe, every argument of which is valid.
mux_result_t recordNDRange(mux_command_buffer_s &CB, const mux_kernel_s &Kernel,
                           const mux_ndrange_options_s &Options);

} // namespace mux

#endif // MUX_SOURCE_NDRANGE_COMMAND_H
