//===- Queue.h - Command queues and events ----------------------*- C++ -*-===//
///
/// \file
/// Command queues, in order or out of order, and how a command waits for
/// others and runs (Enqueued): it records the reference driver's commands
/// when it is enqueued and dispatches them to its context's driver queue
/// once what it waits for has ended. clFinish waits for every command of
/// the queue; clFlush has nothing to do, since a command is sent to the
/// driver as soon as it is ready.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_QUEUE_H
#define OPENCL_QUEUE_H

#include "Objects.h"

#include <functional>
#include <memory>
#include <vector>

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

cl_int enqueueMarkerWithWaitList(cl_command_queue Queue, cl_uint NumWaits,
                                 const cl_event *Waits, cl_event *Event);
cl_int enqueueBarrierWithWaitList(cl_command_queue Queue, cl_uint NumWaits,
                                  const cl_event *Waits, cl_event *Event);
/// The OpenCL 1.1 forms: a marker of every command before it, a barrier
/// after every command before it, and a barrier after \p Count events.
cl_int enqueueMarker(cl_command_queue Queue, cl_event *Event);
cl_int enqueueBarrier(cl_command_queue Queue);
cl_int enqueueWaitForEvents(cl_command_queue Queue, cl_uint Count,
                            const cl_event *Events);

struct PendingCommand;

/// A command being enqueued on a queue. Its entry point checks the queue
/// and wait list (check), then its own arguments; records what the driver
/// is to do (record: an ND-range's arguments are taken as they are now);
/// names the buffers it uses, which live until it has run, and what the
/// host does after the driver; and submits it.
///
/// A submitted command runs once every event of its wait list has ended
/// and, on an in-order queue, the command before it; on an out-of-order
/// queue, once the last barrier before it has ended (a marker or barrier
/// without a wait list waits for every command before it). A command ready
/// when it is submitted runs at once, on the application's thread, so a
/// launch costs no hand-off; one that waits runs on the thread that ends
/// the last event it waits for (a command's, or clSetUserEventStatus's).
/// A command whose wait list holds an event that ended in error does not
/// run: it ends with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST.
class Enqueued {
public:
  Enqueued(cl_command_queue Queue, cl_command_type Type)
      : Queue(Queue), Type(Type) {}
  /// CL_SUCCESS, or what is wrong with the queue or the wait list (\p Count
  /// events at \p Waits).
  cl_int check(cl_uint Count, const cl_event *Waits);
  /// Records what \p Record records into the command's driver command
  /// buffer; the driver's result.
  mux_result_t
  record(const std::function<mux_result_t(mux_command_buffer_t)> &Record);
  /// Keeps \p Memory alive until the command has run.
  void keepAlive(cl_mem Memory);
  /// Runs \p Work on the host once the driver has run the command.
  void thenOnHost(std::function<void()> Work);
  /// Makes a marker or barrier without a wait list wait for every command
  /// enqueued before it.
  void waitForEveryCommandBefore() { WaitsForAll = true; }
  /// Makes a barrier: every command enqueued after it waits for it.
  void holdBackLaterCommands() { IsBarrier = true; }
  /// Hands the command to its queue, gives \p Event, if not null, its
  /// event, and, if \p Blocking, returns once it has ended. Returns
  /// CL_SUCCESS, the error of a command that has already failed (giving no
  /// event), or, if \p Blocking, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
  /// for a command its wait list stopped.
  cl_int submit(bool Blocking, cl_event *Event);

private:
  cl_command_queue Queue;
  cl_command_type Type;
  std::vector<cl_event> Waits;
  bool WaitsForAll = false;
  bool IsBarrier = false;
  /// What becomes the command, made once the queue is known to be valid.
  std::shared_ptr<PendingCommand> Made;
};

} // namespace opencl
} // namespace loom

#endif // OPENCL_QUEUE_H
