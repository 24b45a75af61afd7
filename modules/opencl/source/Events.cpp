//===- Events.cpp - Events of Loom's OpenCL platform ----------------------===//
///
/// \file
/// See Events.h.
///
//===----------------------------------------------------------------------===//

#include "Events.h"

#include "Context.h"
#include "InfoWriter.h"

#include "cargo/spin.h"

#include <chrono>
#include <deque>
#include <memory>
#include <utility>

namespace loom {
namespace opencl {

namespace {

enum TimeIndex { Queued, Submitted, Started, Ended, Completed };

cl_ulong nowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool hasEnded(cl_int Status) { return Status <= CL_COMPLETE; }

/// The status a callback registered for \p Trigger is called with once its
/// event has reached \p Status: its own state, or the error that ended the
/// event.
cl_int callbackStatus(cl_int Trigger, cl_int Status) {
  return Status < 0 ? Status : Trigger;
}

/// Takes out of \p Event the callbacks that its status \p Status calls
/// (those registered for that state or an earlier one). Needs Event.Guard.
std::vector<_cl_event::Callback> takeCallbacksDue(_cl_event &Event,
                                                  cl_int Status) {
  std::vector<_cl_event::Callback> Due, Left;
  for (const _cl_event::Callback &C : Event.Callbacks)
    (C.Trigger >= Status ? Due : Left).push_back(C);
  Event.Callbacks = std::move(Left);
  return Due;
}

void callAll(cl_event Event, const std::vector<_cl_event::Callback> &Due,
             cl_int Status) {
  for (const _cl_event::Callback &C : Due)
    C.Notify(Event, callbackStatus(C.Trigger, Status), C.Data);
}

/// The work this thread has deferred while it runs deferred work; null
/// when it runs none.
thread_local std::deque<std::function<void()>> *Deferred = nullptr;

/// The event whose end's callbacks this thread is calling: a callback that
/// waits for its own event waits only for the event's end.
thread_local cl_event Settling = nullptr;

void runDeferredFrom(std::deque<std::function<void()>> &Work) {
  while (!Work.empty()) {
    std::function<void()> Next = std::move(Work.front());
    Work.pop_front();
    Next();
  }
}

} // namespace

cl_event makeCommandEvent(cl_command_queue Queue, cl_command_type Type) {
  auto *Event = new _cl_event;
  Event->Context = Queue->Context;
  retain(Event->Context);
  Event->Queue = Queue;
  retain(Queue);
  Event->Command = Type;
  Event->Times[Queued] = nowNanoseconds();
  return Event;
}

void advanceEvent(cl_event Event, cl_int Status) {
  std::vector<_cl_event::Callback> Due;
  {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    if (Event->Status <= Status)
      return;
    Event->Status = Status;
    Event->Times[Status == CL_SUBMITTED ? Submitted : Started] =
        nowNanoseconds();
    Due = takeCallbacksDue(*Event, Status);
  }
  callAll(Event, Due, Status);
}

bool endEvent(cl_event Event, cl_int Status) {
  // Destroyed last, outside the lock: it may hold the dispatch's fence.
  std::function<void()> Help;
  std::vector<_cl_event::Callback> Due;
  std::vector<std::function<void(cl_int)>> Waiting;
  {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    if (hasEnded(Event->Status))
      return false;
    Event->Status = Status;
    Event->Times[Ended] = Event->Times[Completed] = nowNanoseconds();
    Due = takeCallbacksDue(*Event, Status);
    Waiting = std::move(Event->Waiting);
    Help = std::move(Event->Help);
  }
  // Its callbacks first, so that a thread waiting for the event finds them
  // called once it returns.
  // Saved and restored: a callback may end another event.
  cl_event Outer = std::exchange(Settling, Event);
  callAll(Event, Due, Status);
  Settling = Outer;
  {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    Event->Settled.store(true, std::memory_order_release);
  }
  Event->Ended.notify_all();
  for (std::function<void(cl_int)> &Then : Waiting)
    runSoon([Then = std::move(Then), Status] { Then(Status); });
  return true;
}

void whenEnded(cl_event Event, std::function<void(cl_int)> Then) {
  cl_int Status;
  {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    Status = Event->Status;
    if (!hasEnded(Status)) {
      Event->Waiting.push_back(std::move(Then));
      return;
    }
  }
  Then(Status);
}

void helpEnd(cl_event Event, std::function<void()> Help) {
  std::lock_guard<std::mutex> Lock(Event->Guard);
  if (!hasEnded(Event->Status))
    Event->Help = std::move(Help);
}

cl_int awaitEvent(cl_event Event) {
  runDeferredWork();
  std::function<void()> Help;
  {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    if (!hasEnded(Event->Status))
      Help = Event->Help;
  }
  if (Help) {
    Help();
    // What the end released, if this thread defers work.
    runDeferredWork();
  }
  // A short command ends within a spin: waking from a sleep would cost more
  // than it took (cargo/spin.h).
  cargo::spinUntil(
      [Event] { return Event->Settled.load(std::memory_order_acquire); });
  std::unique_lock<std::mutex> Lock(Event->Guard);
  Event->Ended.wait(Lock, [Event] {
    return Event->Settled || (Settling == Event && hasEnded(Event->Status));
  });
  return Event->Status;
}

void runSoon(std::function<void()> Work) {
  if (Deferred) {
    Deferred->push_back(std::move(Work));
    return;
  }
  std::deque<std::function<void()>> Pending;
  Deferred = &Pending;
  Work();
  runDeferredFrom(Pending);
  Deferred = nullptr;
}

void runDeferredWork() {
  if (Deferred)
    runDeferredFrom(*Deferred);
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
  bool AnyFailed = false;
  for (cl_uint I = 0; I < Count; ++I)
    AnyFailed |= awaitEvent(Events[I]) < 0;
  return AnyFailed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
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
  case CL_EVENT_COMMAND_EXECUTION_STATUS: {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    return Answer.value(Event->Status);
  }
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
  std::lock_guard<std::mutex> Lock(Event->Guard);
  if (Event->Status != CL_COMPLETE)
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  return InfoWriter(Size, Value, SizeRet)
      .value(Event->Times[Param - CL_PROFILING_COMMAND_QUEUED]);
}

cl_int retainEvent(cl_event Event) {
  return retainObject<_cl_event, CL_INVALID_EVENT>(Event);
}

cl_int releaseEvent(cl_event Event) {
  return releaseObject<_cl_event, CL_INVALID_EVENT>(Event);
}

cl_event createUserEvent(cl_context Context, cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  auto *Event = new _cl_event;
  Event->Context = Context;
  retain(Context);
  Event->Command = CL_COMMAND_USER;
  Event->Status = CL_SUBMITTED;
  failWith(ErrorCode, CL_SUCCESS);
  return Event;
}

cl_int setUserEventStatus(cl_event Event, cl_int Status) {
  if (!isObject(Event) || Event->Command != CL_COMMAND_USER)
    return CL_INVALID_EVENT;
  if (Status > CL_COMPLETE)
    return CL_INVALID_VALUE;
  return endEvent(Event, Status) ? CL_SUCCESS : CL_INVALID_OPERATION;
}

cl_int setEventCallback(cl_event Event, cl_int Trigger,
                        void(CL_CALLBACK *Notify)(cl_event, cl_int, void *),
                        void *Data) {
  if (!isObject(Event))
    return CL_INVALID_EVENT;
  if (!Notify || (Trigger != CL_SUBMITTED && Trigger != CL_RUNNING &&
                  Trigger != CL_COMPLETE))
    return CL_INVALID_VALUE;
  cl_int Status;
  {
    std::lock_guard<std::mutex> Lock(Event->Guard);
    Status = Event->Status;
    if (Status > Trigger) {
      Event->Callbacks.push_back({Trigger, Notify, Data});
      return CL_SUCCESS;
    }
  }
  // The event is in that state already, or past it.
  Notify(Event, callbackStatus(Trigger, Status), Data);
  return CL_SUCCESS;
}

} // namespace opencl
} // namespace loom
