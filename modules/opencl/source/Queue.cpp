//===- Queue.cpp - Command queues and events ------------------------------===//
///
/// \file
/// See Queue.h.
///
//===----------------------------------------------------------------------===//

#include "Queue.h"

#include "Completer.h"
#include "Context.h"
#include "Events.h"
#include "InfoWriter.h"

#include <algorithm>
#include <utility>

namespace loom {
namespace opencl {

namespace {

constexpr cl_command_queue_properties SupportedProperties =
    CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
constexpr cl_command_queue_properties KnownProperties =
    CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
    CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;

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
  if (!isObject(Queue))
    return CL_INVALID_COMMAND_QUEUE;
  std::vector<cl_event> Left;
  {
    std::lock_guard<std::mutex> Lock(Queue->Ordering);
    Left.assign(Queue->Unfinished.begin(), Queue->Unfinished.end());
    for (cl_event Event : Left)
      retain(Event);
  }
  for (cl_event Event : Left) {
    awaitEvent(Event);
    release(Event);
  }
  return CL_SUCCESS;
}

/// A command from its enqueueing to its end: the driver's commands it runs,
/// what it keeps alive and does on the host, and how many of the events it
/// waits for have not ended (one more until it is submitted).
struct PendingCommand {
  explicit PendingCommand(cl_context Context) : Context(Context) {}
  ~PendingCommand() {
    letGo();
    if (Event)
      release(Event);
  }
  /// Gives back the driver's commands and the buffers used.
  void letGo() {
    if (Commands)
      muxDestroyCommandBuffer(Context->Mux, Commands);
    Commands = nullptr;
    for (cl_mem Memory : Used)
      release(Memory);
    Used.clear();
  }

  cl_context Context;
  /// The command's event, with a reference of the command's own.
  cl_event Event = nullptr;
  mux_command_buffer_t Commands = nullptr;
  std::vector<cl_mem> Used;
  std::vector<std::function<void()>> OnHost;
  std::atomic<unsigned> Unmet{1};
  std::atomic<bool> WaitListFailed{false};
};

namespace {

/// Dispatches \p Commands, the driver commands of \p Event's command, to the
/// context's driver queue and returns: once they have run, the context's
/// completer, or a thread about to wait for \p Event, calls \p Then with
/// the driver's result; if they could not be dispatched, this thread does
/// now. A failed run (a kernel that faulted) is told to the context's
/// callback.
void dispatchThen(_cl_context &Context, cl_event Event,
                  mux_command_buffer_t Commands,
                  std::function<void(mux_result_t)> Then) {
  // Held by the dispatch until after its fence is destroyed, so that the
  // context's driver device outlives the fence.
  retain(&Context);
  std::shared_ptr<_cl_context> Holding(&Context, release<_cl_context>);
  Completer::Continuation TellFailure =
      [Holding = std::move(Holding),
       Then = std::move(Then)](mux_result_t Result) {
        if (Result != mux_success)
          notify(*Holding, muxGetLastErrorMessage());
        Then(Result);
      };
  // The command may end on the completer before helpEnd, and its end drop
  // the event's last reference but this one.
  retain(Event);
  mux_result_t Result;
  std::shared_ptr<Completer::Dispatch> Sent =
      Context.Completions->dispatch(Commands, TellFailure, Result);
  if (Sent)
    helpEnd(Event, [Completions = Context.Completions, Sent] {
      Completions->finish(*Sent);
    });
  release(Event);
  if (!Sent)
    TellFailure(Result);
}

/// Removes an ended command from its queue's unfinished ones, dropping the
/// queue's reference to its event.
void forgetEnded(cl_event Event) {
  _cl_command_queue &Queue = *Event->Queue;
  {
    std::lock_guard<std::mutex> Lock(Queue.Ordering);
    auto It =
        std::find(Queue.Unfinished.begin(), Queue.Unfinished.end(), Event);
    if (It != Queue.Unfinished.end())
      Queue.Unfinished.erase(It);
    if (Queue.Barrier == Event)
      Queue.Barrier = nullptr;
  }
  release(Event);
}

/// Ends \p Command's event with \p Status. The buffers and driver commands
/// it holds are given back first, so that a thread that waited for the
/// event finds a buffer the application released meanwhile gone (its
/// destructor callbacks called); its reference to the event goes last.
void endCommand(PendingCommand &Command, cl_int Status) {
  Command.letGo();
  cl_event Event = std::exchange(Command.Event, nullptr);
  endEvent(Event, Status);
  forgetEnded(Event);
  // Last: the event may hold the last reference to the context.
  release(Event);
}

/// Ends \p Command after its driver commands have run with \p Result: its
/// host work, then its event.
void complete(const std::shared_ptr<PendingCommand> &Command,
              mux_result_t Result) {
  for (const std::function<void()> &Work : Command->OnHost)
    Work();
  // A kernel that faulted (bounds-checked buffers) or could not run; the
  // context's callback has the driver's message.
  endCommand(*Command,
             Result == mux_success ? CL_COMPLETE : CL_OUT_OF_RESOURCES);
}

/// Runs a command whose wait is over, or ends it unrun if its wait list
/// failed. Its driver commands are dispatched, and the rest follows once
/// they have run, on the completer's thread or on a thread that waits for
/// its event.
void execute(const std::shared_ptr<PendingCommand> &Command) {
  cl_event Event = Command->Event;
  if (Command->WaitListFailed) {
    endCommand(*Command, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    return;
  }
  advanceEvent(Event, CL_SUBMITTED);
  advanceEvent(Event, CL_RUNNING);
  if (!Command->Commands) {
    complete(Command, mux_success);
    return;
  }
  dispatchThen(*Command->Context, Event, Command->Commands,
               [Command](mux_result_t Result) {
                 // What its end releases runs as a loop on this thread.
                 runSoon([Command, Result] { complete(Command, Result); });
               });
}

/// What tells \p Command that an event it waits for has ended; \p InWaitList
/// for an event of its wait list, whose failure stops it.
std::function<void(cl_int)>
waiterFor(const std::shared_ptr<PendingCommand> &Command, bool InWaitList) {
  return [Command, InWaitList](cl_int Status) {
    if (InWaitList && Status < 0)
      Command->WaitListFailed = true;
    if (--Command->Unmet == 0)
      execute(Command);
  };
}

cl_int currentStatus(cl_event Event) {
  std::lock_guard<std::mutex> Lock(Event->Guard);
  return Event->Status;
}

} // namespace

cl_int Enqueued::check(cl_uint Count, const cl_event *List) {
  if (!isObject(Queue))
    return CL_INVALID_COMMAND_QUEUE;
  if ((Count > 0) != (List != nullptr))
    return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint I = 0; I < Count; ++I) {
    if (!isObject(List[I]))
      return CL_INVALID_EVENT_WAIT_LIST;
    if (List[I]->Context != Queue->Context)
      return CL_INVALID_CONTEXT;
  }
  Waits.assign(List, List + Count);
  Made = std::make_shared<PendingCommand>(Queue->Context);
  return CL_SUCCESS;
}

mux_result_t Enqueued::record(
    const std::function<mux_result_t(mux_command_buffer_t)> &Record) {
  if (!Made->Commands) {
    if (mux_result_t Result =
            muxCreateCommandBuffer(Queue->Context->Mux, &Made->Commands))
      return Result;
  }
  return Record(Made->Commands);
}

void Enqueued::keepAlive(cl_mem Memory) {
  retain(Memory);
  Made->Used.push_back(Memory);
}

void Enqueued::thenOnHost(std::function<void()> Work) {
  Made->OnHost.push_back(std::move(Work));
}

cl_int Enqueued::submit(bool Blocking, cl_event *EventOut) {
  std::shared_ptr<PendingCommand> Command = std::move(Made);
  if (Command->Commands && muxFinalizeCommandBuffer(Command->Commands))
    return CL_OUT_OF_RESOURCES;
  cl_event Event = makeCommandEvent(Queue, Type);
  Command->Event = Event;
  {
    std::lock_guard<std::mutex> Lock(Queue->Ordering);
    std::deque<cl_event> &Unfinished = Queue->Unfinished;
    std::vector<cl_event> Before;
    if (!(Queue->Properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) {
      if (!Unfinished.empty())
        Before.push_back(Unfinished.back());
    } else if (WaitsForAll) {
      Before.assign(Unfinished.begin(), Unfinished.end());
    } else if (Queue->Barrier) {
      Before.push_back(Queue->Barrier);
    }
    for (cl_event Earlier : Before) {
      ++Command->Unmet;
      whenEnded(Earlier, waiterFor(Command, false));
    }
    retain(Event);
    Unfinished.push_back(Event);
    if (IsBarrier)
      Queue->Barrier = Event;
  }
  for (cl_event Wait : Waits) {
    ++Command->Unmet;
    whenEnded(Wait, waiterFor(Command, true));
  }
  // The command's and the queue's references go at its end, which may come
  // on another thread before this returns: this one is the caller's.
  retain(Event);
  if (--Command->Unmet == 0)
    runSoon([Command] { execute(Command); });
  cl_int Status = Blocking ? awaitEvent(Event) : currentStatus(Event);
  bool StoppedByWaitList =
      Status == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  bool Failed = Status < 0 && (Blocking || !StoppedByWaitList);
  if (EventOut && !Failed) {
    *EventOut = Event;
    return CL_SUCCESS;
  }
  release(Event);
  return Failed ? Status : CL_SUCCESS;
}

namespace {

cl_int enqueueSynchronization(cl_command_queue Queue, cl_command_type Type,
                              bool IsBarrier, cl_uint NumWaits,
                              const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, Type);
  if (cl_int E = Command.check(NumWaits, Waits))
    return E;
  if (NumWaits == 0)
    Command.waitForEveryCommandBefore();
  if (IsBarrier)
    Command.holdBackLaterCommands();
  return Command.submit(false, Event);
}

} // namespace

cl_int enqueueMarkerWithWaitList(cl_command_queue Queue, cl_uint NumWaits,
                                 const cl_event *Waits, cl_event *Event) {
  return enqueueSynchronization(Queue, CL_COMMAND_MARKER, false, NumWaits,
                                Waits, Event);
}

cl_int enqueueBarrierWithWaitList(cl_command_queue Queue, cl_uint NumWaits,
                                  const cl_event *Waits, cl_event *Event) {
  return enqueueSynchronization(Queue, CL_COMMAND_BARRIER, true, NumWaits,
                                Waits, Event);
}

cl_int enqueueMarker(cl_command_queue Queue, cl_event *Event) {
  if (isObject(Queue) && !Event)
    return CL_INVALID_VALUE;
  return enqueueMarkerWithWaitList(Queue, 0, nullptr, Event);
}

cl_int enqueueBarrier(cl_command_queue Queue) {
  return enqueueBarrierWithWaitList(Queue, 0, nullptr, nullptr);
}

cl_int enqueueWaitForEvents(cl_command_queue Queue, cl_uint Count,
                            const cl_event *Events) {
  if (!isObject(Queue))
    return CL_INVALID_COMMAND_QUEUE;
  if (Count == 0 || !Events)
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Count; ++I)
    if (!isObject(Events[I]))
      return CL_INVALID_EVENT;
  return enqueueSynchronization(Queue, CL_COMMAND_BARRIER, true, Count, Events,
                                nullptr);
}

} // namespace opencl
} // namespace loom
