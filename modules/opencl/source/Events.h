//===- Events.h - Events of Loom's OpenCL platform --------------*- C++ -*-===//
///
/// \file
/// An event is the state of one command (or, for a user event, of what the
/// application says): CL_QUEUED, CL_SUBMITTED, CL_RUNNING, then ended,
/// CL_COMPLETE or a negative error. It moves only forward. When it moves,
/// the callbacks registered for the state it reached (or passed) are
/// called, and when it ends, what waits for it (the commands whose wait
/// lists, or whose queues' order, hold it) is told its final status.
///
/// What an event's end starts runs on the thread that ended it, after the
/// work that thread is already doing: a chain of commands, each waiting for
/// the one before, runs as a loop, not as a recursion as deep as the chain
/// (runSoon). A thread about to wait first runs what it has deferred, so a
/// callback that waits does not wait for work only it would run.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_EVENTS_H
#define OPENCL_EVENTS_H

#include "Objects.h"

#include <functional>

namespace loom {
namespace opencl {

/// The event of a command of \p Type on \p Queue, CL_QUEUED from now; its
/// one reference is the caller's.
cl_event makeCommandEvent(cl_command_queue Queue, cl_command_type Type);

/// Moves \p Event forward to \p Status (CL_SUBMITTED or CL_RUNNING),
/// recording the time, and calls the callbacks registered for it.
void advanceEvent(cl_event Event, cl_int Status);

/// Ends \p Event with \p Status, CL_COMPLETE or a negative error: records
/// the time, calls its callbacks, wakes its waiters and then tells what
/// waits for it (whenEnded). An ended event does not change: returns
/// whether this call ended it.
bool endEvent(cl_event Event, cl_int Status);

/// Calls \p Then with \p Event's final status once it has ended: at once,
/// on this thread, if it has already.
void whenEnded(cl_event Event, std::function<void(cl_int)> Then);

/// Gives \p Event what a thread about to wait for it calls first (the
/// completer's finish of its dispatch), until it ends.
void helpEnd(cl_event Event, std::function<void()> Help);

/// Waits until \p Event has ended and the callbacks of its end have been
/// called (except on a thread calling them); its final status.
cl_int awaitEvent(cl_event Event);

/// Runs \p Work on this thread: now, or, if the thread is running deferred
/// work already, once that is done.
void runSoon(std::function<void()> Work);

/// Runs what this thread has deferred, before it waits.
void runDeferredWork();

/// The event entry points.
cl_int waitForEvents(cl_uint Count, const cl_event *Events);
cl_int getEventInfo(cl_event Event, cl_event_info Param, size_t Size,
                    void *Value, size_t *SizeRet);
cl_int getEventProfilingInfo(cl_event Event, cl_profiling_info Param,
                             size_t Size, void *Value, size_t *SizeRet);
cl_int retainEvent(cl_event Event);
cl_int releaseEvent(cl_event Event);
cl_event createUserEvent(cl_context Context, cl_int *ErrorCode);
cl_int setUserEventStatus(cl_event Event, cl_int Status);
cl_int setEventCallback(cl_event Event, cl_int Trigger,
                        void(CL_CALLBACK *Notify)(cl_event, cl_int, void *),
                        void *Data);

} // namespace opencl
} // namespace loom

#endif // OPENCL_EVENTS_H
