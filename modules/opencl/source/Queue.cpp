//===- Queue.cpp - Command queues and events ------------------------------===//
///
/// \file
/// See Queue.h.
///
//===----------------------------------------------------------------------===//

#include "Queue.h"

#include "Context.h"
#include "InfoWriter.h"

#include <chrono>
#include <memory>

namespace loom {
namespace opencl {

namespace {

constexpr cl_command_queue_properties SupportedProperties =
    CL_QUEUE_PROFILING_ENABLE;
constexpr cl_command_queue_properties KnownProperties =
    CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
    CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;

cl_ulong nowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

enum TimeIndex { Queued, Submitted, Started, Ended, Completed };

cl_command_queue makeQueue(cl_context Context, cl_device_id Device,
                           cl_command_queue_properties Properties,
                           std::vector<cl_queue_properties> List,
                           cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  if (!isObject(Device) || !hasDevice(*Context, Device))
    return failWith(ErrorCode, CL_INVALID_DEVICE);
  if (Properties & ~KnownProperties)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  if (Properties & ~SupportedProperties)
    return failWith(ErrorCode, CL_INVALID_QUEUE_PROPERTIES);
  auto *Queue = new _cl_command_queue;
  Queue->Context = Context;
  retain(Context);
  Queue->Device = Device;
  Queue->Properties = Properties;
  Queue->PropertyList = std::move(List);
  failWith(ErrorCode, CL_SUCCESS);
  return Queue;
}

} // namespace

cl_command_queue createCommandQueue(cl_context Context, cl_device_id Device,
                                    cl_command_queue_properties Properties,
                                    cl_int *ErrorCode) {
  return makeQueue(Context, Device, Properties, {}, ErrorCode);
}

cl_command_queue
createCommandQueueWithProperties(cl_context Context, cl_device_id Device,
                                 const cl_queue_properties *Properties,
                                 cl_int *ErrorCode) {
  cl_command_queue_properties Bits = 0;
  std::vector<cl_queue_properties> List;
  for (const cl_queue_properties *P = Properties; P && *P; P += 2) {
    if (P[0] != CL_QUEUE_PROPERTIES)
      // CL_QUEUE_SIZE is for device-side queues, which Loom has none of.
      return failWith(ErrorCode, P[0] == CL_QUEUE_SIZE
                                     ? CL_INVALID_QUEUE_PROPERTIES
                                     : CL_INVALID_VALUE);
    Bits = P[1];
    List.insert(List.end(), P, P + 2);
  }
  if (Properties)
    List.push_back(0);
  return makeQueue(Context, Device, Bits, std::move(List), ErrorCode);
}

cl_int retainCommandQueue(cl_command_queue Queue) {
  return retainObject<_cl_command_queue, CL_INVALID_COMMAND_QUEUE>(Queue);
}

cl_int releaseCommandQueue(cl_command_queue Queue) {
  return releaseObject<_cl_command_queue, CL_INVALID_COMMAND_QUEUE>(Queue);
}

cl_int getCommandQueueInfo(cl_command_queue Queue, cl_command_queue_info Param,
                           size_t Size, void *Value, size_t *SizeRet) {
  if (!isObject(Queue))
    return CL_INVALID_COMMAND_QUEUE;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_QUEUE_CONTEXT:
    return Answer.value(Queue->Context);
  case CL_QUEUE_DEVICE:
    return Answer.value(Queue->Device);
  case CL_QUEUE_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Queue->References);
  case CL_QUEUE_PROPERTIES:
    return Answer.value(Queue->Properties);
  case CL_QUEUE_PROPERTIES_ARRAY:
    return Answer.array(Queue->PropertyList);
  case CL_QUEUE_DEVICE_DEFAULT:
    return Answer.value<cl_command_queue>(nullptr);
  case CL_QUEUE_SIZE:
    // Only a device-side queue has a size; the devices have none.
    return CL_INVALID_COMMAND_QUEUE;
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int flush(cl_command_queue Queue) {
  return isObject(Queue) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int finish(cl_command_queue Queue) {
  return isObject(Queue) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int Enqueued::check(cl_uint Count, const cl_event *Waits) {
  Times[Queued] = nowNanoseconds();
  if (!isObject(Queue))
    return CL_INVALID_COMMAND_QUEUE;
  if ((Count > 0) != (Waits != nullptr))
    return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint I = 0; I < Count; ++I) {
    if (!isObject(Waits[I]))
      return CL_INVALID_EVENT_WAIT_LIST;
    if (Waits[I]->Context != Queue->Context)
      return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

mux_result_t
Enqueued::run(const std::function<mux_result_t(mux_command_buffer_t)> &Record) {
  _cl_context &Context = *Queue->Context;
  std::lock_guard<std::mutex> Lock(Context.Submission);
  Times[Submitted] = nowNanoseconds();
  mux_command_buffer_t Commands = nullptr;
  mux_fence_t Fence = nullptr;
  mux_result_t Result = muxCreateCommandBuffer(Context.Mux, &Commands);
  if (Result == mux_success)
    Result = Record(Commands);
  if (Result == mux_success)
    Result = muxFinalizeCommandBuffer(Commands);
  if (Result == mux_success)
    Result = muxCreateFence(Context.Mux, &Fence);
  Times[Started] = nowNanoseconds();
  if (Result == mux_success)
    Result =
        muxDispatch(Context.MuxQueue, Commands, Fence, nullptr, 0, nullptr, 0);
  if (Result == mux_success)
    Result = muxTryWait(Context.MuxQueue, UINT64_MAX, Fence);
  Times[Ended] = Times[Completed] = nowNanoseconds();
  if (Result != mux_success)
    notify(Context, muxGetLastErrorMessage());
  muxDestroyFence(Context.Mux, Fence);
  muxDestroyCommandBuffer(Context.Mux, Commands);
  return Result;
}

cl_int Enqueued::finish(cl_int Status, cl_event *Event) {
  if (!Event || Status != CL_SUCCESS)
    return Status;
  auto *Made = new _cl_event;
  Made->Context = Queue->Context;
  retain(Made->Context);
  Made->Queue = Queue;
  retain(Queue);
  Made->Command = Command;
  std::copy(std::begin(Times), std::end(Times), Made->Times);
  *Event = Made;
  return Status;
}

cl_int waitForEvents(cl_uint Count, const cl_event *Events) {
  if (Count == 0 || !Events)
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Count; ++I) {
    if (!isObject(Events[I]))
      return CL_INVALID_EVENT;
    if (Events[I]->Context != Events[0]->Context)
      return CL_INVALID_CONTEXT;
  }
  for (cl_uint I = 0; I < Count; ++I)
    if (Events[I]->Status < 0)
      return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  return CL_SUCCESS;
}

cl_int getEventInfo(cl_event Event, cl_event_info Param, size_t Size,
                    void *Value, size_t *SizeRet) {
  if (!isObject(Event))
    return CL_INVALID_EVENT;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_EVENT_COMMAND_QUEUE:
    return Answer.value(Event->Queue);
  case CL_EVENT_CONTEXT:
    return Answer.value(Event->Context);
  case CL_EVENT_COMMAND_TYPE:
    return Answer.value(Event->Command);
  case CL_EVENT_COMMAND_EXECUTION_STATUS:
    return Answer.value(Event->Status);
  case CL_EVENT_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Event->References);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int getEventProfilingInfo(cl_event Event, cl_profiling_info Param,
                             size_t Size, void *Value, size_t *SizeRet) {
  if (!isObject(Event))
    return CL_INVALID_EVENT;
  if (!Event->Queue || !(Event->Queue->Properties & CL_QUEUE_PROFILING_ENABLE))
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  if (Param < CL_PROFILING_COMMAND_QUEUED ||
      Param > CL_PROFILING_COMMAND_COMPLETE)
    return CL_INVALID_VALUE;
  return InfoWriter(Size, Value, SizeRet)
      .value(Event->Times[Param - CL_PROFILING_COMMAND_QUEUED]);
}

cl_int retainEvent(cl_event Event) {
  return retainObject<_cl_event, CL_INVALID_EVENT>(Event);
}

cl_int releaseEvent(cl_event Event) {
  return releaseObject<_cl_event, CL_INVALID_EVENT>(Event);
}

} // namespace opencl
} // namespace loom
