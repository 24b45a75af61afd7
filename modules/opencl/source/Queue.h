//===- Queue.h - Command queues and events ----------------------*- C++ -*-===//
///
/// \file
/// A command queue sends its commands to its context's queue of the
/// reference driver. So far every command runs when it is enqueued and is
/// complete when its clEnqueue* returns (in order, without profiling
/// overlap): its event, if asked for, is complete, and clFinish and
/// clFlush have nothing to wait for. Asynchronous queues, out-of-order
/// queues and user events are the next step (doc/opencl.md).
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_QUEUE_H
#define OPENCL_QUEUE_H

#include "Objects.h"

#include <functional>

namespace loom {
namespace opencl {

cl_command_queue createCommandQueue(cl_context Context, cl_device_id Device,
                                    cl_command_queue_properties Properties,
                                    cl_int *ErrorCode);
cl_command_queue
createCommandQueueWithProperties(cl_context Context, cl_device_id Device,
                                 const cl_queue_properties *Properties,
                                 cl_int *ErrorCode);
cl_int retainCommandQueue(cl_command_queue Queue);
cl_int releaseCommandQueue(cl_command_queue Queue);
cl_int getCommandQueueInfo(cl_command_queue Queue, cl_command_queue_info Param,
                           size_t Size, void *Value, size_t *SizeRet);
cl_int flush(cl_command_queue Queue);
cl_int finish(cl_command_queue Queue);

/// A command being enqueued on \p Queue: checks its wait list (\p Count
/// events at \p Waits), records the time it was queued, and makes its event.
class Enqueued {
public:
  Enqueued(cl_command_queue Queue, cl_command_type Command)
      : Queue(Queue), Command(Command) {}
  /// CL_SUCCESS, or what is wrong with the queue or the wait list.
  cl_int check(cl_uint Count, const cl_event *Waits);
  /// Runs the commands \p Record records into a command buffer on the
  /// driver and waits for them; a failed recording or run is reported to
  /// the context's callback. Returns the driver's result.
  mux_result_t
  run(const std::function<mux_result_t(mux_command_buffer_t)> &Record);
  /// Ends the command with \p Status, giving \p Event, if not null, a
  /// complete event; returns \p Status.
  cl_int finish(cl_int Status, cl_event *Event);

private:
  cl_command_queue Queue;
  cl_command_type Command;
  cl_ulong Times[5] = {};
};

/// The clWaitForEvents and event entry points.
cl_int waitForEvents(cl_uint Count, const cl_event *Events);
cl_int getEventInfo(cl_event Event, cl_event_info Param, size_t Size,
                    void *Value, size_t *SizeRet);
cl_int getEventProfilingInfo(cl_event Event, cl_profiling_info Param,
                             size_t Size, void *Value, size_t *SizeRet);
cl_int retainEvent(cl_event Event);
cl_int releaseEvent(cl_event Event);

} // namespace opencl
} // namespace loom

#endif // OPENCL_QUEUE_H
