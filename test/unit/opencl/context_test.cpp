//===- context_test.cpp - Contexts, queues and what a device lacks --------===//
//
// Contexts and command queues through Debian's ICD loader: their reference
// counts, destructor callbacks in the order the specification gives, the
// error codes for bad arguments, device queues and images (which Loom's
// devices do not have) and the other optional features the CTS's test_api
// asks about, refused with the codes the specification lists.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <utility>
#include <vector>

namespace {

using namespace loom_opencl_test;

// What the CTS's test_api checks of optional features a device lacks, and
// of queries it found answered wrongly.
TEST(OptionalFeatures, AreRefusedWithTheCodesTheSpecificationGives) {
  OnDevice On(loomDevices()[0]);
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, 64);
  cl_uint Packet = 0;
  EXPECT_EQ(
      clGetPipeInfo(B, CL_PIPE_PACKET_SIZE, sizeof Packet, &Packet, nullptr),
      CL_INVALID_MEM_OBJECT);
  cl_uint QueueSize = 0;
  EXPECT_EQ(clGetCommandQueueInfo(On.Queue, CL_QUEUE_SIZE, sizeof QueueSize,
                                  &QueueSize, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  cl_device_fp_config Double = 0;
  EXPECT_EQ(clGetDeviceInfo(On.Device, CL_DEVICE_DOUBLE_FP_CONFIG,
                            sizeof Double, &Double, nullptr),
            CL_SUCCESS);
  const cl_device_fp_config OpenCL10Minimum =
      CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
      CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM;
  EXPECT_EQ(Double & OpenCL10Minimum, OpenCL10Minimum);
  cl_context_properties NotABool[] = {CL_CONTEXT_INTEROP_USER_SYNC, 2, 0};
  cl_int Error = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(NotABool, 1, &On.Device, nullptr, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_PROPERTY);
  cl_mem_properties None[] = {0};
  cl_mem WithProperties = clCreateBufferWithProperties(
      On.Context, None, CL_MEM_READ_WRITE, 64, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  size_t Size = 0;
  EXPECT_EQ(
      clGetMemObjectInfo(WithProperties, CL_MEM_PROPERTIES, 0, nullptr, &Size),
      CL_SUCCESS);
  EXPECT_EQ(Size, sizeof(cl_mem_properties));
  EXPECT_EQ(clReleaseMemObject(WithProperties), CL_SUCCESS);
}

TEST(ClCreateContext, CountsReferencesAndRefusesBadArguments) {
  cl_device_id Device = loomDevices()[0];
  cl_int Error = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(nullptr, 0, &Device, nullptr, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  cl_context_properties Bad[] = {0x7777, 0, 0};
  EXPECT_EQ(clCreateContext(Bad, 1, &Device, nullptr, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_PROPERTY);
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(clRetainContext(Context), CL_SUCCESS);
  cl_uint References = 0;
  EXPECT_EQ(clGetContextInfo(Context, CL_CONTEXT_REFERENCE_COUNT,
                             sizeof References, &References, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(References, 2u);
  cl_device_id Listed = nullptr;
  EXPECT_EQ(clGetContextInfo(Context, CL_CONTEXT_DEVICES, sizeof Listed,
                             &Listed, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Listed, Device);
  EXPECT_EQ(clReleaseContext(Context), CL_SUCCESS);
  EXPECT_EQ(clReleaseContext(Context), CL_SUCCESS);
  cl_context FromType = clCreateContextFromType(nullptr, CL_DEVICE_TYPE_CPU,
                                                nullptr, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  cl_uint Devices = 0;
  EXPECT_EQ(clGetContextInfo(FromType, CL_CONTEXT_NUM_DEVICES, sizeof Devices,
                             &Devices, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Devices, loomDevices().size());
  EXPECT_EQ(clReleaseContext(FromType), CL_SUCCESS);
}

/// What destructor callbacks saw: which callback ran (by its user data)
/// with which handle, in order.
struct Destroyed {
  std::vector<std::pair<int, void *>> Calls;
};
int CallbackIds[3] = {1, 2, 3};
Destroyed *Seen = nullptr;

template <class Handle>
void CL_CALLBACK recordDestruction(Handle Object, void *Data) {
  Seen->Calls.emplace_back(*static_cast<int *>(Data), Object);
}

TEST(DestructorCallbacks, RunLastRegisteredFirstWhenTheObjectGoes) {
  Destroyed Log;
  Seen = &Log;
  cl_device_id Device = loomDevices()[0];
  cl_int Error = CL_SUCCESS;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  std::vector<int> Host(16, 7);
  cl_mem Buffer =
      clCreateBuffer(Context, CL_MEM_USE_HOST_PTR, Host.size() * sizeof(int),
                     Host.data(), &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  for (int &Id : CallbackIds)
    ASSERT_EQ(clSetMemObjectDestructorCallback(Buffer,
                                               recordDestruction<cl_mem>, &Id),
              CL_SUCCESS);
  for (int &Id : CallbackIds)
    ASSERT_EQ(clSetContextDestructorCallback(
                  Context, recordDestruction<cl_context>, &Id),
              CL_SUCCESS);
  // Refused: no callback, or a handle of another kind.
  EXPECT_EQ(clSetMemObjectDestructorCallback(Buffer, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetMemObjectDestructorCallback(reinterpret_cast<cl_mem>(Context),
                                             recordDestruction<cl_mem>,
                                             nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetContextDestructorCallback(Context, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetContextDestructorCallback(
                nullptr, recordDestruction<cl_context>, nullptr),
            CL_INVALID_CONTEXT);

  // The buffer holds its context: releasing the context first destroys
  // nothing; the buffer's release destroys both, the buffer first.
  EXPECT_EQ(clReleaseContext(Context), CL_SUCCESS);
  EXPECT_TRUE(Log.Calls.empty());
  EXPECT_EQ(clReleaseMemObject(Buffer), CL_SUCCESS);
  std::vector<std::pair<int, void *>> Expected = {{3, Buffer},  {2, Buffer},
                                                  {1, Buffer},  {3, Context},
                                                  {2, Context}, {1, Context}};
  EXPECT_EQ(Log.Calls, Expected);
  Seen = nullptr;
}

TEST(ClCreateCommandQueueWithProperties, RefusesDeviceQueues) {
  cl_device_id Device = loomDevices()[0];
  cl_int Error = CL_SUCCESS;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
  cl_queue_properties DeviceSide[] = {
      CL_QUEUE_PROPERTIES,
      CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE, 0};
  EXPECT_EQ(
      clCreateCommandQueueWithProperties(Context, Device, DeviceSide, &Error),
      nullptr);
  EXPECT_EQ(Error, CL_INVALID_QUEUE_PROPERTIES);
  cl_queue_properties Sized[] = {CL_QUEUE_SIZE, 1024, 0};
  EXPECT_EQ(clCreateCommandQueueWithProperties(Context, Device, Sized, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_QUEUE_PROPERTIES);
  EXPECT_EQ(clReleaseContext(Context), CL_SUCCESS);
}

} // namespace
