//===- validation.h - Checks shared by the mux entry points ----*- C++ -*-===//
///
/// \file
/// What every entry point of mux/mux.h uses to check its arguments and
/// report a problem: the thread's last error, handle checks by object kind,
/// range checks, and the checks shared by the commands.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_VALIDATION_H
#define MUX_SOURCE_VALIDATION_H

#include "objects.h"

#include <string>

namespace mux {

/// Sets the calling thread's error message and returns \p Code.
[[nodiscard]] mux_result_t fail(mux_result_t Code, std::string Message);
const char *lastErrorMessage();

template <class T> constexpr ObjectKind kindOf();
template <> constexpr ObjectKind kindOf<mux_device_s>() {
  return ObjectKind::Device;
}
template <> constexpr ObjectKind kindOf<mux_memory_s>() {
  return ObjectKind::Memory;
}
template <> constexpr ObjectKind kindOf<mux_buffer_s>() {
  return ObjectKind::Buffer;
}
template <> constexpr ObjectKind kindOf<mux_image_s>() {
  return ObjectKind::Image;
}
template <> constexpr ObjectKind kindOf<mux_executable_s>() {
  return ObjectKind::Executable;
}
template <> constexpr ObjectKind kindOf<mux_kernel_s>() {
  return ObjectKind::Kernel;
}
template <> constexpr ObjectKind kindOf<mux_command_buffer_s>() {
  return ObjectKind::CommandBuffer;
}
template <> constexpr ObjectKind kindOf<mux_queue_s>() {
  return ObjectKind::Queue;
}
template <> constexpr ObjectKind kindOf<mux_query_pool_s>() {
  return ObjectKind::QueryPool;
}
template <> constexpr ObjectKind kindOf<mux_semaphore_s>() {
  return ObjectKind::Semaphore;
}
template <> constexpr ObjectKind kindOf<mux_fence_s>() {
  return ObjectKind::Fence;
}

/// Whether \p Handle is a live object of its type.
template <class T> bool isValid(const T *Handle) {
  return Handle && Handle->Kind == kindOf<T>();
}

/// Marks \p Object destroyed, so a stale handle is caught, and frees it.
template <class T> void destroy(T *Object) {
  Object->Kind = ObjectKind::Destroyed;
  delete Object;
}

inline bool isPowerOf2(uint64_t V) { return V != 0 && (V & (V - 1)) == 0; }

/// Whether [Offset, Offset + Length) lies within [0, Size), without overflow.
inline bool inBounds(uint64_t Offset, uint64_t Length, uint64_t Size) {
  return Offset <= Size && Length <= Size - Offset;
}

/// A live, bound buffer holding the non-empty range [Offset, Offset + Size).
mux_result_t checkBufferRange(const mux_buffer_s *Buffer, uint64_t Offset,
                              uint64_t Size);
/// A live command buffer that is still recording.
mux_result_t checkRecording(const mux_command_buffer_s *CB);

} // namespace mux

#endif // MUX_SOURCE_VALIDATION_H
