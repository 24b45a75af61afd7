//===- event_test.cpp - Events and the order of commands ------------------===//
//
// How commands wait for one another on Loom's platform: user events that
// hold commands back and release or fail them, event callbacks, markers and
// barriers, out-of-order queues, wait lists across queues and threads, and
// the times a profiling queue gives. Each test checks the events' states as
// the specification gives them and every element of the buffers the
// commands wrote against the host's own values.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace {

using namespace loom_opencl_test;

cl_int statusOf(cl_event Event) {
  cl_int Status = 99;
  EXPECT_EQ(clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                           sizeof Status, &Status, nullptr),
            CL_SUCCESS);
  return Status;
}

cl_event userEvent(cl_context Context) {
  cl_int Error = CL_INVALID_VALUE;
  cl_event Event = clCreateUserEvent(Context, &Error);
  EXPECT_EQ(Error, CL_SUCCESS);
  return Event;
}

cl_int fill(cl_command_queue Queue, cl_mem Buffer, cl_int Value, size_t Count,
            std::vector<cl_event> Waits = {}, cl_event *Event = nullptr) {
  return clEnqueueFillBuffer(Queue, Buffer, &Value, sizeof Value, 0,
                             Count * sizeof(cl_int), Waits.size(),
                             Waits.empty() ? nullptr : Waits.data(), Event);
}

const char *AddOne = R"(
__kernel void add_one(__global int *x) { x[get_global_id(0)] += 1; })";

constexpr size_t N = 1024;

TEST(ClCreateUserEvent, CommandsWaitForItAndRunOnceItCompletes) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_mem X = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
    cl_kernel Kernel = On.kernel(On.program(AddOne), "add_one");
    ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof X, &X), CL_SUCCESS);
    cl_event Gate = userEvent(On.Context);
    EXPECT_EQ(statusOf(Gate), CL_SUBMITTED);
    cl_command_type Type = 0;
    EXPECT_EQ(clGetEventInfo(Gate, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type,
                             nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Type, CL_COMMAND_USER);

    cl_event Filled = nullptr, Launched = nullptr, Read = nullptr;
    ASSERT_EQ(fill(On.Queue, X, 41, N, {Gate}, &Filled), CL_SUCCESS);
    // In order: the launch waits for the fill, the read for the launch.
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr,
                                     0, nullptr, &Launched),
              CL_SUCCESS);
    std::vector<cl_int> Values(N, -1);
    ASSERT_EQ(clEnqueueReadBuffer(On.Queue, X, CL_FALSE, 0, N * sizeof(cl_int),
                                  Values.data(), 0, nullptr, &Read),
              CL_SUCCESS);
    for (cl_event Held : {Filled, Launched, Read})
      EXPECT_EQ(statusOf(Held), CL_QUEUED);
    EXPECT_EQ(Values[0], -1);
    cl_ulong Time = 0;
    EXPECT_EQ(clGetEventProfilingInfo(Gate, CL_PROFILING_COMMAND_END,
                                      sizeof Time, &Time, nullptr),
              CL_PROFILING_INFO_NOT_AVAILABLE);

    EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
    EXPECT_EQ(clWaitForEvents(1, &Read), CL_SUCCESS);
    for (cl_event Done : {Gate, Filled, Launched, Read})
      EXPECT_EQ(statusOf(Done), CL_COMPLETE);
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(Values[I], 42) << "at " << I;
    for (cl_event E : {Gate, Filled, Launched, Read})
      EXPECT_EQ(clReleaseEvent(E), CL_SUCCESS);
  }
}

TEST(ClSetUserEventStatus, AnErrorStopsTheCommandsThatWaitForIt) {
  OnDevice On(loomDevices()[0]);
  cl_mem X = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
  ASSERT_EQ(fill(On.Queue, X, 7, N), CL_SUCCESS);
  cl_event Gate = userEvent(On.Context);
  cl_event Stopped = nullptr, After = nullptr;
  ASSERT_EQ(fill(On.Queue, X, 8, N, {Gate}, &Stopped), CL_SUCCESS);
  // In order, but not in the wait list: runs once the stopped fill ended.
  ASSERT_EQ(clEnqueueMarkerWithWaitList(On.Queue, 0, nullptr, &After),
            CL_SUCCESS);
  EXPECT_EQ(clSetUserEventStatus(Gate, -1234), CL_SUCCESS);
  EXPECT_EQ(statusOf(Gate), -1234);
  EXPECT_EQ(clWaitForEvents(1, &Stopped),
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(clFinish(On.Queue), CL_SUCCESS);
  EXPECT_EQ(statusOf(Stopped), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(statusOf(After), CL_COMPLETE);
  for (cl_int Value : readInts(On.Queue, X, N))
    ASSERT_EQ(Value, 7);
  // A blocking command whose wait list failed says so.
  cl_int Value = 0;
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, X, CL_TRUE, 0, sizeof Value, &Value,
                                1, &Gate, nullptr),
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);

  EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_INVALID_OPERATION);
  cl_event Other = userEvent(On.Context);
  EXPECT_EQ(clSetUserEventStatus(Other, CL_SUBMITTED), CL_INVALID_VALUE);
  EXPECT_EQ(clSetUserEventStatus(Stopped, CL_COMPLETE), CL_INVALID_EVENT);
  EXPECT_EQ(clSetUserEventStatus(nullptr, CL_COMPLETE), CL_INVALID_EVENT);
  cl_int Error = CL_SUCCESS;
  EXPECT_EQ(clCreateUserEvent(nullptr, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_CONTEXT);
  EXPECT_EQ(clSetUserEventStatus(Other, CL_COMPLETE), CL_SUCCESS);
  for (cl_event E : {Gate, Stopped, After, Other})
    EXPECT_EQ(clReleaseEvent(E), CL_SUCCESS);
}

/// What the callbacks of a test saw, in order: the event and the status.
struct CallbackLog {
  std::mutex Guard;
  std::vector<std::pair<cl_event, cl_int>> Calls;
  static void CL_CALLBACK record(cl_event Event, cl_int Status, void *Log) {
    auto &Self = *static_cast<CallbackLog *>(Log);
    std::lock_guard<std::mutex> Lock(Self.Guard);
    Self.Calls.emplace_back(Event, Status);
  }
};

TEST(ClSetEventCallback, CallsEachCallbackOnceItsStateIsReached) {
  OnDevice On(loomDevices()[0]);
  cl_mem X = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
  cl_event Gate = userEvent(On.Context);
  cl_event Held = nullptr, Failed = nullptr;
  ASSERT_EQ(fill(On.Queue, X, 3, N, {Gate}, &Held), CL_SUCCESS);
  CallbackLog Log;
  // Registered out of order: they are called in the order of the states.
  for (cl_int Trigger : {CL_COMPLETE, CL_RUNNING, CL_SUBMITTED})
    ASSERT_EQ(clSetEventCallback(Held, Trigger, CallbackLog::record, &Log),
              CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(Gate, CL_COMPLETE, CallbackLog::record, &Log),
            CL_SUCCESS);
  EXPECT_TRUE(Log.Calls.empty());
  EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(On.Queue), CL_SUCCESS);
  std::vector<std::pair<cl_event, cl_int>> Expected = {{Gate, CL_COMPLETE},
                                                       {Held, CL_SUBMITTED},
                                                       {Held, CL_RUNNING},
                                                       {Held, CL_COMPLETE}};
  EXPECT_EQ(Log.Calls, Expected);

  // On an event past the state, at once; a command stopped by its wait list
  // calls its callbacks with the error.
  Log.Calls.clear();
  ASSERT_EQ(clSetEventCallback(Held, CL_SUBMITTED, CallbackLog::record, &Log),
            CL_SUCCESS);
  cl_event Broken = userEvent(On.Context);
  ASSERT_EQ(fill(On.Queue, X, 4, N, {Broken}, &Failed), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(Failed, CL_COMPLETE, CallbackLog::record, &Log),
            CL_SUCCESS);
  EXPECT_EQ(clSetUserEventStatus(Broken, -5), CL_SUCCESS);
  Expected = {{Held, CL_SUBMITTED},
              {Failed, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST}};
  EXPECT_EQ(Log.Calls, Expected);

  EXPECT_EQ(clSetEventCallback(Held, CL_QUEUED, CallbackLog::record, &Log),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(Held, CL_COMPLETE, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(nullptr, CL_COMPLETE, CallbackLog::record, &Log),
            CL_INVALID_EVENT);
  for (cl_event E : {Gate, Held, Broken, Failed})
    EXPECT_EQ(clReleaseEvent(E), CL_SUCCESS);
}

TEST(OutOfOrderQueues, RunWhatIsReadyAndBarriersHoldBackWhatFollows) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    cl_command_queue_properties Properties = 0;
    EXPECT_EQ(clGetCommandQueueInfo(On.Queue, CL_QUEUE_PROPERTIES,
                                    sizeof Properties, &Properties, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Properties, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    cl_mem X = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
    cl_mem Y = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
    cl_kernel Kernel = On.kernel(On.program(AddOne), "add_one");
    ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof X, &X), CL_SUCCESS);
    cl_event Gate = userEvent(On.Context);
    cl_event HeldFill, FreeFill, Marker, Barrier, Launch;
    ASSERT_EQ(fill(On.Queue, X, 10, N, {Gate}, &HeldFill), CL_SUCCESS);
    // Enqueued after the held fill, but waiting for nothing: it runs.
    ASSERT_EQ(fill(On.Queue, Y, 20, N, {}, &FreeFill), CL_SUCCESS);
    EXPECT_EQ(clWaitForEvents(1, &FreeFill), CL_SUCCESS);
    EXPECT_EQ(statusOf(HeldFill), CL_QUEUED);
    // A marker without a wait list watches every command before it.
    ASSERT_EQ(clEnqueueMarkerWithWaitList(On.Queue, 0, nullptr, &Marker),
              CL_SUCCESS);
    EXPECT_EQ(statusOf(Marker), CL_QUEUED);
    // A barrier holds back what follows: the launch waits for the fill.
    ASSERT_EQ(clEnqueueBarrierWithWaitList(On.Queue, 0, nullptr, &Barrier),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr,
                                     0, nullptr, &Launch),
              CL_SUCCESS);
    EXPECT_EQ(statusOf(Launch), CL_QUEUED);

    EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
    EXPECT_EQ(clFinish(On.Queue), CL_SUCCESS);
    for (cl_event Done : {HeldFill, Marker, Barrier, Launch})
      EXPECT_EQ(statusOf(Done), CL_COMPLETE);
    for (cl_int Value : readInts(On.Queue, X, N))
      ASSERT_EQ(Value, 11);
    for (cl_int Value : readInts(On.Queue, Y, N))
      ASSERT_EQ(Value, 20);
    for (cl_event E : {Gate, HeldFill, FreeFill, Marker, Barrier, Launch})
      EXPECT_EQ(clReleaseEvent(E), CL_SUCCESS);
  }
}

TEST(ClEnqueueWaitForEvents, EventsOfOneQueueHoldBackAnother) {
  cl_device_id Device = loomDevices()[0];
  OnDevice On(Device);
  cl_int Error = CL_SUCCESS;
  cl_command_queue Second =
      clCreateCommandQueueWithProperties(On.Context, Device, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  cl_mem X = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
  cl_event Gate = userEvent(On.Context);
  cl_event First = nullptr;
  ASSERT_EQ(fill(On.Queue, X, 5, N, {Gate}, &First), CL_SUCCESS);
  // The second queue copies what the first one filled, once it has.
  ASSERT_EQ(clEnqueueWaitForEvents(Second, 1, &First), CL_SUCCESS);
  cl_mem Y = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
  cl_event Copied = nullptr;
  ASSERT_EQ(clEnqueueCopyBuffer(Second, X, Y, 0, 0, N * sizeof(cl_int), 0,
                                nullptr, &Copied),
            CL_SUCCESS);
  EXPECT_EQ(statusOf(Copied), CL_QUEUED);
  EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &Copied), CL_SUCCESS);
  for (cl_int Value : readInts(Second, Y, N))
    ASSERT_EQ(Value, 5);

  EXPECT_EQ(clEnqueueWaitForEvents(Second, 0, nullptr), CL_INVALID_VALUE);
  cl_event Null = nullptr;
  EXPECT_EQ(clEnqueueWaitForEvents(Second, 1, &Null), CL_INVALID_EVENT);
  EXPECT_EQ(clEnqueueMarker(Second, nullptr), CL_INVALID_VALUE);
  OnDevice Elsewhere(Device);
  EXPECT_EQ(clEnqueueBarrierWithWaitList(Elsewhere.Queue, 1, &First, nullptr),
            CL_INVALID_CONTEXT);
  cl_event Marker = nullptr;
  EXPECT_EQ(clEnqueueMarker(Second, &Marker), CL_SUCCESS);
  EXPECT_EQ(clEnqueueBarrier(Second), CL_SUCCESS);
  EXPECT_EQ(clFinish(Second), CL_SUCCESS);
  EXPECT_EQ(statusOf(Marker), CL_COMPLETE);
  for (cl_event E : {Gate, First, Copied, Marker})
    EXPECT_EQ(clReleaseEvent(E), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(Second), CL_SUCCESS);
}

TEST(ClSetUserEventStatus, ReleasesABlockingReadWaitingOnAnotherThread) {
  OnDevice On(loomDevices()[0]);
  cl_mem X = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
  cl_event Gate = userEvent(On.Context);
  ASSERT_EQ(fill(On.Queue, X, 9, N, {Gate}), CL_SUCCESS);
  std::atomic<bool> Released{false};
  std::thread Releaser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    Released = true;
    EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  });
  std::vector<cl_int> Values = readInts(On.Queue, X, N);
  EXPECT_TRUE(Released);
  Releaser.join();
  for (cl_int Value : Values)
    ASSERT_EQ(Value, 9);
  EXPECT_EQ(clReleaseEvent(Gate), CL_SUCCESS);
}

// Each command of an in-order queue waits for the one before: a long chain
// held back by one event runs as a loop once it is released, not as a
// recursion as deep as the chain.
TEST(ClSetUserEventStatus, ReleasesALongChainOfCommands) {
  OnDevice On(loomDevices()[0]);
  cl_mem X = On.buffer(CL_MEM_READ_WRITE, sizeof(cl_int));
  cl_event Gate = userEvent(On.Context);
  ASSERT_EQ(fill(On.Queue, X, 0, 1, {Gate}), CL_SUCCESS);
  for (int I = 0; I < 100000; ++I)
    ASSERT_EQ(clEnqueueMarkerWithWaitList(On.Queue, 0, nullptr, nullptr),
              CL_SUCCESS);
  ASSERT_EQ(fill(On.Queue, X, 12345, 1), CL_SUCCESS);
  EXPECT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(readInts(On.Queue, X, 1), std::vector<cl_int>{12345});
  EXPECT_EQ(clReleaseEvent(Gate), CL_SUCCESS);
}

TEST(ClGetEventProfilingInfo, TimesCommandsOnAProfilingQueue) {
  OnDevice On(loomDevices()[0], CL_QUEUE_PROFILING_ENABLE);
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, 1 << 20);
  const uint8_t Byte = 7;
  cl_event Event = nullptr;
  ASSERT_EQ(clEnqueueFillBuffer(On.Queue, B, &Byte, 1, 0, 1 << 20, 0, nullptr,
                                &Event),
            CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Event), CL_SUCCESS);
  cl_int Status = 1;
  EXPECT_EQ(clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                           sizeof Status, &Status, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Status, CL_COMPLETE);
  cl_ulong Times[4] = {};
  const cl_profiling_info Params[4] = {
      CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
      CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(clGetEventProfilingInfo(Event, Params[I], sizeof Times[I],
                                      &Times[I], nullptr),
              CL_SUCCESS);
  EXPECT_LE(Times[0], Times[1]);
  EXPECT_LE(Times[1], Times[2]);
  EXPECT_LE(Times[2], Times[3]);
  EXPECT_EQ(clReleaseEvent(Event), CL_SUCCESS);

  OnDevice Plain(loomDevices()[0]);
  cl_mem C = Plain.buffer(CL_MEM_READ_WRITE, 64);
  ASSERT_EQ(
      clEnqueueFillBuffer(Plain.Queue, C, &Byte, 1, 0, 64, 0, nullptr, &Event),
      CL_SUCCESS);
  EXPECT_EQ(clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_END,
                                    sizeof Times[0], &Times[0], nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  EXPECT_EQ(clReleaseEvent(Event), CL_SUCCESS);
}

} // namespace
