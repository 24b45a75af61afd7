//===- launch_test.cpp - Kernels launched over ND-ranges -----------------===//
//
// clEnqueueNDRangeKernel as applications call it, through Debian's ICD
// loader: kernels built from OpenCL C run on every device (target) of the
// platform over uniform and non-uniform ranges, with local memory, global
// offsets, host-pointer buffers and printf, each output element checked
// against the host's own computation; and the ranges the specification
// says a device refuses.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace loom_opencl_test;

TEST(ClEnqueueNDRangeKernel, SaxpyOnEveryDeviceAgreesWithTheHost) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    const size_t N = 100000;
    std::vector<float> X(N), Y(N);
    for (size_t I = 0; I < N; ++I) {
      X[I] = float(I % 1000) * 0.5f;
      Y[I] = float(I % 7) - 3.0f;
    }
    cl_mem BX = On.buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                          N * sizeof(float), X.data());
    cl_mem BY = On.buffer(CL_MEM_READ_WRITE, N * sizeof(float));
    ASSERT_EQ(clEnqueueWriteBuffer(On.Queue, BY, CL_TRUE, 0, N * sizeof(float),
                                   Y.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    cl_kernel K = On.kernel(On.program(Saxpy), "saxpy");
    float A = 2.5f;
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof A, &A), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof BX, &BX), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 2, sizeof BY, &BY), CL_SUCCESS);
    size_t Global = N, Local = 100;
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global, &Local,
                                     0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<float> Result(N);
    ASSERT_EQ(clEnqueueReadBuffer(On.Queue, BY, CL_TRUE, 0, N * sizeof(float),
                                  Result.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(On.Queue), CL_SUCCESS);
    size_t Wrong = 0;
    for (size_t I = 0; I < N; ++I)
      Wrong += Result[I] != A * X[I] + Y[I];
    EXPECT_EQ(Wrong, 0u);
  }
}

// A work-group sum through __local memory and barriers, a global offset,
// and a work-group size Loom chooses.
TEST(ClEnqueueNDRangeKernel, LocalMemoryBarriersAndOffsets) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K = On.kernel(On.program(R"(
__kernel void group_sums(__global const int *in, __global int *out,
                         __local int *scratch) {
  size_t l = get_local_id(0), n = get_local_size(0);
  scratch[l] = in[get_global_id(0) - get_global_offset(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += scratch[i];
    out[get_group_id(0)] = sum;
  }
}
__kernel void offsets(__global int *out) {
  out[get_global_id(0) - 5] = (int)get_global_id(0);
})"),
                          "group_sums");
  const size_t N = 4096, Group = 64;
  std::vector<int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 % 101) - 50;
  cl_mem BIn = On.buffer(CL_MEM_COPY_HOST_PTR, N * sizeof(int), In.data());
  cl_mem BOut = On.buffer(CL_MEM_WRITE_ONLY, N / Group * sizeof(int));
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof BIn, &BIn), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof BOut, &BOut), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 2, Group * sizeof(int), nullptr), CL_SUCCESS);
  size_t Offset = 3;
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, &Offset, &N, &Group, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  std::vector<int> Sums(N / Group);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, BOut, CL_TRUE, 0,
                                Sums.size() * sizeof(int), Sums.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  for (size_t G = 0; G < Sums.size(); ++G) {
    int Expected = 0;
    for (size_t I = 0; I < Group; ++I)
      Expected += In[G * Group + I];
    EXPECT_EQ(Sums[G], Expected) << "group " << G;
  }
}

TEST(ClEnqueueNDRangeKernel, UseHostPtrBuffersHoldTheResultAfterwards) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K = On.kernel(On.program(R"(
__kernel void square(__global int *data) {
  size_t i = get_global_id(0);
  data[i] = data[i] * data[i];
})"),
                          "square");
  std::vector<int> Data(1000);
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = int(I) - 500;
  std::vector<int> Before = Data;
  cl_mem B =
      On.buffer(CL_MEM_USE_HOST_PTR, Data.size() * sizeof(int), Data.data());
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof B, &B), CL_SUCCESS);
  size_t Global = Data.size();
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clFinish(On.Queue), CL_SUCCESS);
  for (size_t I = 0; I < Data.size(); ++I)
    EXPECT_EQ(Data[I], Before[I] * Before[I]) << I;
}

// printf writes to the host's stdout when the launch ends, each
// work-item's lines together, launches in the queue's order.
TEST(ClEnqueueNDRangeKernel, PrintfGoesToStdoutInTheQueuesOrder) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Kernel = On.kernel(On.program(R"(
__kernel void say(int launch) {
  int i = (int)get_global_id(0);
  printf("launch %d item %d: %.2f\n", launch, i, 0.5f * i);
  printf("launch %d item %d: %s\n", launch, i, i % 2 ? "odd" : "even");
})"),
                                 "say");
    testing::internal::CaptureStdout();
    for (cl_int Launch : {1, 2}) {
      ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Launch, &Launch), CL_SUCCESS);
      const size_t Items = 4;
      ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Items,
                                       &Items, 0, nullptr, nullptr),
                CL_SUCCESS);
    }
    ASSERT_EQ(clFinish(On.Queue), CL_SUCCESS);
    std::string Printed = testing::internal::GetCapturedStdout();
    std::string Expected;
    for (int Launch : {1, 2})
      for (int I = 0; I < 4; ++I) {
        char Lines[128];
        std::snprintf(Lines, sizeof Lines,
                      "launch %d item %d: %.2f\nlaunch %d item %d: %s\n",
                      Launch, I, 0.5f * I, Launch, I, I % 2 ? "odd" : "even");
        Expected += Lines;
      }
    EXPECT_EQ(Printed, Expected);
  }
}

TEST(ClEnqueueNDRangeKernel, RefusesRangesTheDeviceCannotRun) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K = On.kernel(On.program("__kernel void k() {}"), "k");
  size_t Global[3] = {64, 64, 64}, Local[3] = {7, 1, 1};
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 0, nullptr, Global, nullptr, 0,
                                   nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 4, nullptr, Global, nullptr, 0,
                                   nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  // No global size is no work-item: a command that does nothing (2.1+).
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, nullptr, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, Global, Local, 0,
                                   nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  size_t TooMany[3] = {64, 64, 1};
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 3, nullptr, Global, TooMany, 0,
                                   nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  cl_event Stray = reinterpret_cast<cl_event>(K);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, Global, nullptr, 1,
                                   &Stray, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, Global, nullptr, 1,
                                   nullptr, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
}

/// Writes each work-item's local size and enqueued local size.
const char *SizesSource = R"(
__kernel void sizes(__global int *local_size, __global int *enqueued) {
  size_t i = get_global_id(0);
  local_size[i] = (int)get_local_size(0);
  enqueued[i] = (int)get_enqueued_local_size(0);
})";

// OpenCL C 2.0 and later run a global size the local size does not divide:
// the last group has the rest of the work-items.
TEST(ClEnqueueNDRangeKernel, RunsNonUniformRangesOfOpenCLC30) {
  for (cl_device_id Device : loomDevices()) {
    OnDevice On(Device);
    cl_kernel K = On.kernel(On.program(SizesSource, "-cl-std=CL3.0"), "sizes");
    const size_t N = 100, Group = 16;
    cl_mem Sizes = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(int));
    cl_mem Enqueued = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(int));
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof Sizes, &Sizes), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof Enqueued, &Enqueued), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &N, &Group, 0,
                                     nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_int> Local = readInts(On.Queue, Sizes, N);
    std::vector<cl_int> Launch = readInts(On.Queue, Enqueued, N);
    for (size_t I = 0; I < N; ++I) {
      EXPECT_EQ(Local[I], I < 96 ? 16 : 4) << "work-item " << I;
      EXPECT_EQ(Launch[I], 16) << "work-item " << I;
    }
  }
}

// OpenCL C 1.2, the default, and -cl-uniform-work-group-size promise the
// kernels uniform ranges: a non-uniform one is refused.
TEST(ClEnqueueNDRangeKernel, RefusesNonUniformRangesWhenTheBuildSaysUniform) {
  OnDevice On(loomDevices()[0]);
  const char *Source = "__kernel void k(__global int *out) {"
                       "  out[get_global_id(0)] = 1; }";
  const size_t N = 100, Group = 16, Whole = 96;
  cl_mem Out = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(int));
  for (const char *Options :
       {"", "-cl-std=CL1.2", "-cl-std=CL3.0 -cl-uniform-work-group-size"}) {
    cl_kernel K = On.kernel(On.program(Source, Options), "k");
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof Out, &Out), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &N, &Group, 0,
                                     nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE)
        << "options '" << Options << "'";
    EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Whole, &Group, 0,
                                     nullptr, nullptr),
              CL_SUCCESS)
        << "options '" << Options << "'";
  }
  EXPECT_EQ(clFinish(On.Queue), CL_SUCCESS);
}

// Without a local size, a prime global size runs in groups of one when the
// build promises uniform ranges (only 1 divides it), and in groups of 256
// with a smaller last one when it does not.
TEST(ClEnqueueNDRangeKernel, ChoosesGroupsThatNeedNotDivideANonUniformRange) {
  const char *Source = R"(
    __kernel void sizes(__global int *local_size, __global int *group) {
      size_t i = get_global_id(0);
      local_size[i] = (int)get_local_size(0);
      group[i] = (int)get_group_id(0);
    })";
  const size_t N = 1031; // a prime: 4 groups of 256 and one of 7
  for (cl_device_id Device : loomDevices()) {
    OnDevice On(Device);
    cl_mem Sizes = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(int));
    cl_mem Groups = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(int));
    for (const char *Options : {"-cl-std=CL3.0", "-cl-std=CL1.2"}) {
      bool Uniform = std::string(Options) == "-cl-std=CL1.2";
      cl_kernel K = On.kernel(On.program(Source, Options), "sizes");
      ASSERT_EQ(clSetKernelArg(K, 0, sizeof Sizes, &Sizes), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(K, 1, sizeof Groups, &Groups), CL_SUCCESS);
      ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &N, nullptr, 0,
                                       nullptr, nullptr),
                CL_SUCCESS);
      std::vector<cl_int> Local = readInts(On.Queue, Sizes, N);
      std::vector<cl_int> Group = readInts(On.Queue, Groups, N);
      for (size_t I = 0; I < N; ++I) {
        int ExpectedSize = Uniform ? 1 : I < 1024 ? 256 : 7;
        int ExpectedGroup = Uniform ? int(I) : int(I / 256);
        ASSERT_EQ(Local[I], ExpectedSize) << Options << ", work-item " << I;
        ASSERT_EQ(Group[I], ExpectedGroup) << Options << ", work-item " << I;
      }
    }
  }
}

} // namespace

namespace {

/// Doubles each element, except that work-item `bad` traps.
const char *TrapSource = R"(
__kernel void trap_at(__global int *out, int bad) {
  size_t i = get_global_id(0);
  if ((int)i == bad)
    __builtin_trap();
  out[i] = (int)i * 2;
})";

// A kernel that traps fails its event, and only it: the application, its
// queue and the kernel go on (doc/overview.md, "A kernel that faults").
TEST(ClEnqueueNDRangeKernel, AKernelThatTrapsFailsItsEventAndTheAppGoesOn) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    const size_t N = 1000;
    cl_mem Out = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_int));
    cl_kernel K = On.kernel(On.program(TrapSource), "trap_at");
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof Out, &Out), CL_SUCCESS);
    cl_int Bad = 617;
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof Bad, &Bad), CL_SUCCESS);
    size_t Global = N, Local = 100;
    // The launch may have run and failed before the enqueue returns, which
    // then says so; otherwise its event does.
    cl_event Trapped = nullptr;
    cl_int Enqueued = clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global,
                                             &Local, 0, nullptr, &Trapped);
    if (Enqueued == CL_SUCCESS) {
      EXPECT_EQ(clWaitForEvents(1, &Trapped),
                CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
      cl_int Status = CL_COMPLETE;
      ASSERT_EQ(clGetEventInfo(Trapped, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof Status, &Status, nullptr),
                CL_SUCCESS);
      EXPECT_EQ(Status, CL_OUT_OF_RESOURCES);
      clReleaseEvent(Trapped);
    } else {
      EXPECT_EQ(Enqueued, CL_OUT_OF_RESOURCES);
    }

    Bad = -1;
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof Bad, &Bad), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global, &Local,
                                     0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_int> Result = readInts(On.Queue, Out, N);
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(Result[I], cl_int(I) * 2) << "element " << I;
  }
}

/// The messages a context's callback was given.
struct ContextMessages {
  std::mutex Guard;
  std::vector<std::string> Messages;
  static void CL_CALLBACK record(const char *What, const void *, size_t,
                                 void *Data) {
    auto &M = *static_cast<ContextMessages *>(Data);
    std::lock_guard<std::mutex> Lock(M.Guard);
    M.Messages.push_back(What);
  }
};

// A command nobody waits for is ended by the context's own thread, a
// fault's message included: the application only polls its event.
TEST(ClEnqueueNDRangeKernel, AFaultNobodyWaitsForIsToldToTheContext) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    ContextMessages Told;
    cl_int Error = CL_SUCCESS;
    cl_context Context = clCreateContext(
        nullptr, 1, &Device, ContextMessages::record, &Told, &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    cl_command_queue Queue =
        clCreateCommandQueueWithProperties(Context, Device, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    const size_t N = 64;
    cl_mem Out = clCreateBuffer(Context, CL_MEM_READ_WRITE, N * sizeof(cl_int),
                                nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    cl_program Program =
        clCreateProgramWithSource(Context, 1, &TrapSource, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(Program, 1, &Device, "", nullptr, nullptr),
              CL_SUCCESS);
    cl_kernel K = clCreateKernel(Program, "trap_at", &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof Out, &Out), CL_SUCCESS);
    cl_int Bad = 5;
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof Bad, &Bad), CL_SUCCESS);
    size_t Global = N;
    cl_event Trapped = nullptr;
    cl_int Enqueued = clEnqueueNDRangeKernel(Queue, K, 1, nullptr, &Global,
                                             nullptr, 0, nullptr, &Trapped);
    // The launch may have run and failed before the enqueue returns, which
    // then says so; otherwise its event does.
    if (Enqueued == CL_SUCCESS) {
      cl_int Status = CL_QUEUED;
      auto Deadline =
          std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (Status > CL_COMPLETE &&
             std::chrono::steady_clock::now() < Deadline) {
        ASSERT_EQ(clGetEventInfo(Trapped, CL_EVENT_COMMAND_EXECUTION_STATUS,
                                 sizeof Status, &Status, nullptr),
                  CL_SUCCESS);
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      }
      EXPECT_EQ(Status, CL_OUT_OF_RESOURCES);
      clReleaseEvent(Trapped);
    } else {
      EXPECT_EQ(Enqueued, CL_OUT_OF_RESOURCES);
    }
    {
      std::lock_guard<std::mutex> Lock(Told.Guard);
      ASSERT_EQ(Told.Messages.size(), 1u);
      EXPECT_NE(Told.Messages[0].find("kernel 'trap_at' stopped at a trap"),
                std::string::npos)
          << Told.Messages[0];
    }
    clReleaseKernel(K);
    clReleaseProgram(Program);
    clReleaseMemObject(Out);
    clReleaseCommandQueue(Queue);
    clReleaseContext(Context);
  }
}

} // namespace
