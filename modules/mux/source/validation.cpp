//===- validation.cpp - Checks shared by the mux entry points -------------===//
///
/// \file
/// See validation.h.
///
//===----------------------------------------------------------------------===//

#include "validation.h"

namespace mux {

namespace {
thread_local std::string LastError;
} // namespace

mux_result_t fail(mux_result_t Code, std::string Message) {
  LastError = std::move(Message);
  return Code;
}

const char *lastErrorMessage() { return LastError.c_str(); }

mux_result_t checkBufferRange(const mux_buffer_s *Buffer, uint64_t Offset,
                              uint64_t Size) {
  if (!isValid(Buffer))
    return fail(mux_error_invalid_handle, "invalid buffer handle");
  if (!Buffer->Data)
    return fail(mux_error_invalid_state, "buffer is not bound to memory");
  if (Size == 0 || !inBounds(Offset, Size, Buffer->Size))
    return fail(mux_error_invalid_value,
                "range [" + std::to_string(Offset) + ", +" +
                    std::to_string(Size) + ") is empty or outside the " +
                    std::to_string(Buffer->Size) + "-byte buffer");
  return mux_success;
}

mux_result_t checkRecording(const mux_command_buffer_s *CB) {
  if (!isValid(CB))
    return fail(mux_error_invalid_handle, "invalid command buffer handle");
  if (CB->Finalized)
    return fail(mux_error_invalid_state, "command buffer is finalized");
  return mux_success;
}

} // namespace mux
