//===- OnDevice.h - What the OpenCL platform's tests share ------*- C++ -*-===//
//
// The tests reach Loom's platform through Debian's ICD loader as an
// application does, with OCL_ICD_VENDORS naming the build tree's loom.icd
// (set before main); OnDevice is a context and a queue on one device,
// released with what the test made in them.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TEST_OPENCL_ONDEVICE_H
#define LOOM_TEST_OPENCL_ONDEVICE_H

#define CL_TARGET_OPENCL_VERSION 300
// The platform implements the entry points OpenCL 3.0 deprecates too.
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include "CL/cl.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace loom_opencl_test {

// Only Loom's ICD, whatever else is installed; and no program cache, so
// that every build compiles (cache_test.cpp turns it on where it tests it).
inline const bool IcdChosen =
    setenv("OCL_ICD_VENDORS", LOOM_OPENCL_ICD, 1) == 0 &&
    setenv("LOOM_PROGRAM_CACHE", "0", 1) == 0;

inline std::vector<cl_device_id> loomDevices() {
  EXPECT_TRUE(IcdChosen);
  cl_platform_id Platform = nullptr;
  EXPECT_EQ(clGetPlatformIDs(1, &Platform, nullptr), CL_SUCCESS);
  cl_uint Count = 0;
  EXPECT_EQ(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &Count),
            CL_SUCCESS);
  std::vector<cl_device_id> Devices(Count);
  EXPECT_EQ(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, Count, Devices.data(),
                           nullptr),
            CL_SUCCESS);
  return Devices;
}

inline std::string deviceName(cl_device_id Device) {
  char Name[64] = {};
  clGetDeviceInfo(Device, CL_DEVICE_NAME, sizeof Name, Name, nullptr);
  return Name;
}

/// A device query's fixed-size answer (a failed query or a size other than
/// T's fails the test).
template <class T> T deviceValue(cl_device_id Device, cl_device_info Param) {
  T Value{};
  size_t Size = 0;
  EXPECT_EQ(clGetDeviceInfo(Device, Param, sizeof(T), &Value, &Size),
            CL_SUCCESS);
  EXPECT_EQ(Size, sizeof(T));
  return Value;
}

/// y = a * x + y, one element per work-item: a kernel several tests build.
inline const char *Saxpy = R"(
__kernel void saxpy(float a, __global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
})";

/// The first \p Count ints of \p Buffer, read when the commands before on
/// \p Queue have run (-1 where the read failed, which fails the test).
inline std::vector<cl_int> readInts(cl_command_queue Queue, cl_mem Buffer,
                                    size_t Count) {
  std::vector<cl_int> Values(Count, -1);
  EXPECT_EQ(clEnqueueReadBuffer(Queue, Buffer, CL_TRUE, 0,
                                Count * sizeof(cl_int), Values.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  return Values;
}

/// A context and queue on one device, released at the end of a test.
class OnDevice {
public:
  explicit OnDevice(cl_device_id Device,
                    cl_command_queue_properties Properties = 0)
      : Device(Device) {
    cl_int Error = CL_SUCCESS;
    Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
    cl_queue_properties List[] = {CL_QUEUE_PROPERTIES, Properties, 0};
    Queue = clCreateCommandQueueWithProperties(Context, Device, List, &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
  }
  ~OnDevice() {
    for (cl_kernel K : Kernels)
      clReleaseKernel(K);
    for (cl_program P : Programs)
      clReleaseProgram(P);
    for (cl_mem M : Buffers)
      clReleaseMemObject(M);
    clReleaseCommandQueue(Queue);
    clReleaseContext(Context);
  }

  cl_mem buffer(cl_mem_flags Flags, size_t Size, void *Host = nullptr) {
    cl_int Error = CL_SUCCESS;
    cl_mem Buffer = clCreateBuffer(Context, Flags, Size, Host, &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
    Buffers.push_back(Buffer);
    return Buffer;
  }
  /// The program \p Source built with \p Options; \p Status gets the build's
  /// result.
  cl_program program(const std::string &Source, const char *Options = "",
                     cl_int ExpectedBuild = CL_SUCCESS) {
    const char *Text = Source.c_str();
    cl_int Error = CL_SUCCESS;
    cl_program Program =
        clCreateProgramWithSource(Context, 1, &Text, nullptr, &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
    Programs.push_back(Program);
    EXPECT_EQ(clBuildProgram(Program, 1, &Device, Options, nullptr, nullptr),
              ExpectedBuild)
        << buildLog(Program);
    return Program;
  }
  /// The program of SPIR-V module \p IL built with \p Options, as program().
  cl_program ilProgram(const std::vector<char> &IL, const char *Options = "",
                       cl_int ExpectedBuild = CL_SUCCESS) {
    cl_int Error = CL_SUCCESS;
    cl_program Program =
        clCreateProgramWithIL(Context, IL.data(), IL.size(), &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
    Programs.push_back(Program);
    EXPECT_EQ(clBuildProgram(Program, 1, &Device, Options, nullptr, nullptr),
              ExpectedBuild)
        << buildLog(Program);
    return Program;
  }
  cl_kernel kernel(cl_program Program, const char *Name) {
    cl_int Error = CL_SUCCESS;
    cl_kernel Kernel = clCreateKernel(Program, Name, &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
    Kernels.push_back(Kernel);
    return Kernel;
  }
  std::string buildLog(cl_program Program) {
    size_t Size = 0;
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                          &Size);
    std::string Log(Size, '\0');
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, Size,
                          Log.data(), nullptr);
    return Log;
  }

  cl_device_id Device;
  cl_context Context = nullptr;
  cl_command_queue Queue = nullptr;

private:
  std::vector<cl_mem> Buffers;
  std::vector<cl_program> Programs;
  std::vector<cl_kernel> Kernels;
};

} // namespace loom_opencl_test

#endif // LOOM_TEST_OPENCL_ONDEVICE_H
