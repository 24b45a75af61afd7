//===- opencl_dispatch.cpp - What a launch costs through OpenCL -----------===//
///
/// \file
/// Prints the host's time of one launch of an empty kernel (one work-item),
/// the median of --repeat after a warm-up:
///  - through the reference driver as Loom's OpenCL platform drives it: a
///    command buffer recorded, finalized, dispatched with a fence and waited
///    for, then destroyed (bench/dispatch_kernels.cl's `empty`, CSA target);
///  - through OpenCL, clEnqueueNDRangeKernel then clFinish, on a platform
///    found through the ICD loader (Loom's, by default its `csa` device; with
///    --platform NAME, the first device of the platform whose name starts
///    with NAME, e.g. "Portable" for pocl).
/// The difference is what the OpenCL layer adds to the driver.
///
//===----------------------------------------------------------------------===//

#define CL_TARGET_OPENCL_VERSION 300
#include "CL/cl.h"

#include "dispatch_kernels.h"
#include "mux/mux.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double medianNs(std::vector<double> Times) {
  std::nth_element(Times.begin(), Times.begin() + Times.size() / 2,
                   Times.end());
  return Times[Times.size() / 2];
}

/// The driver's round trip, as the OpenCL layer makes it per command.
bool timeMux(unsigned Repeat, double &Median) {
  mux_device_info_t Info;
  mux_device_t Device = nullptr;
  mux_queue_t Queue = nullptr;
  mux_executable_t Executable = nullptr;
  mux_kernel_t Kernel = nullptr;
  mux_memory_t Memory = nullptr;
  mux_buffer_t Buffer = nullptr;
  if (muxGetDeviceInfos(1, &Info, nullptr) ||
      muxCreateDevices(1, &Info, &Device) || muxGetQueue(Device, 0, &Queue) ||
      muxCreateExecutable(Device, dispatch_kernels_loom,
                          dispatch_kernels_loom_size, &Executable) ||
      muxCreateKernel(Device, Executable, "empty", 5, &Kernel) ||
      muxAllocateMemory(Device, 64, 0, mux_memory_property_host_coherent,
                        &Memory) ||
      muxCreateBuffer(Device, 64, &Buffer) ||
      muxBindBufferMemory(Device, Memory, Buffer, 0)) {
    std::fprintf(stderr, "opencl-dispatch: error: %s\n",
                 muxGetLastErrorMessage());
    return false;
  }
  mux_descriptor_info_s Arg = {};
  Arg.type = mux_descriptor_info_type_buffer;
  Arg.buffer = Buffer;
  uint64_t Global = 1;
  mux_ndrange_options_s Options = {};
  Options.descriptors = &Arg;
  Options.descriptors_length = 1;
  Options.local_size[0] = Options.local_size[1] = Options.local_size[2] = 1;
  Options.global_size = &Global;
  Options.dimensions = 1;
  std::vector<double> Times;
  bool Ok = true;
  for (unsigned I = 0; Ok && I <= Repeat; ++I) {
    Clock::time_point Start = Clock::now();
    mux_command_buffer_t CB = nullptr;
    mux_fence_t Fence = nullptr;
    Ok = !muxCreateCommandBuffer(Device, &CB) &&
         !muxCommandNDRange(CB, Kernel, &Options) &&
         !muxFinalizeCommandBuffer(CB) && !muxCreateFence(Device, &Fence) &&
         !muxDispatch(Queue, CB, Fence, nullptr, 0, nullptr, 0, nullptr,
                      nullptr) &&
         !muxTryWait(Queue, UINT64_MAX, Fence);
    muxDestroyFence(Device, Fence);
    muxDestroyCommandBuffer(Device, CB);
    if (I > 0) // The first one warms up.
      Times.push_back(
          std::chrono::duration<double, std::nano>(Clock::now() - Start)
              .count());
  }
  muxDestroyBuffer(Device, Buffer);
  muxFreeMemory(Device, Memory);
  muxDestroyKernel(Device, Kernel);
  muxDestroyExecutable(Device, Executable);
  muxDestroyDevice(Device);
  if (!Ok) {
    std::fprintf(stderr, "opencl-dispatch: error: %s\n",
                 muxGetLastErrorMessage());
    return false;
  }
  Median = medianNs(Times);
  return true;
}

/// The device to time: Loom's `csa` device, or the first device of the
/// platform whose name starts with \p Platform.
cl_device_id findDevice(const std::string &Platform, std::string &Name) {
  cl_platform_id Platforms[16];
  cl_uint Count = 0;
  if (clGetPlatformIDs(16, Platforms, &Count) != CL_SUCCESS)
    return nullptr;
  for (cl_uint P = 0; P < std::min<cl_uint>(Count, 16); ++P) {
    char PlatformName[256] = {};
    clGetPlatformInfo(Platforms[P], CL_PLATFORM_NAME, sizeof PlatformName,
                      PlatformName, nullptr);
    if (std::string(PlatformName).rfind(Platform, 0) != 0)
      continue;
    cl_device_id Devices[16];
    cl_uint Found = 0;
    if (clGetDeviceIDs(Platforms[P], CL_DEVICE_TYPE_ALL, 16, Devices, &Found) !=
        CL_SUCCESS)
      continue;
    for (cl_uint D = 0; D < std::min<cl_uint>(Found, 16); ++D) {
      char DeviceName[256] = {};
      clGetDeviceInfo(Devices[D], CL_DEVICE_NAME, sizeof DeviceName, DeviceName,
                      nullptr);
      if (Platform != "Loom" || std::strcmp(DeviceName, "csa") == 0) {
        Name = std::string(PlatformName) + " / " + DeviceName;
        return Devices[D];
      }
    }
  }
  return nullptr;
}

bool timeOpenCL(const std::string &Platform, unsigned Repeat, double &Median,
                std::string &Name) {
  cl_device_id Device = findDevice(Platform, Name);
  if (!Device) {
    std::fprintf(stderr, "opencl-dispatch: error: no device of platform %s\n",
                 Platform.c_str());
    return false;
  }
  cl_int Error = CL_SUCCESS;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
  cl_command_queue Queue =
      clCreateCommandQueueWithProperties(Context, Device, nullptr, &Error);
  const char *Source = "__kernel void empty(__global int *unused) {}";
  cl_program Program =
      clCreateProgramWithSource(Context, 1, &Source, nullptr, &Error);
  if (clBuildProgram(Program, 1, &Device, "", nullptr, nullptr) != CL_SUCCESS) {
    std::fprintf(stderr, "opencl-dispatch: error: the build failed\n");
    return false;
  }
  cl_kernel Kernel = clCreateKernel(Program, "empty", &Error);
  cl_mem Buffer =
      clCreateBuffer(Context, CL_MEM_READ_WRITE, 64, nullptr, &Error);
  clSetKernelArg(Kernel, 0, sizeof Buffer, &Buffer);
  const size_t One = 1;
  std::vector<double> Times;
  bool Ok = true;
  for (unsigned I = 0; Ok && I <= Repeat; ++I) {
    Clock::time_point Start = Clock::now();
    Ok = clEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &One, &One, 0,
                                nullptr, nullptr) == CL_SUCCESS &&
         clFinish(Queue) == CL_SUCCESS;
    if (I > 0)
      Times.push_back(
          std::chrono::duration<double, std::nano>(Clock::now() - Start)
              .count());
  }
  clReleaseMemObject(Buffer);
  clReleaseKernel(Kernel);
  clReleaseProgram(Program);
  clReleaseCommandQueue(Queue);
  clReleaseContext(Context);
  if (!Ok) {
    std::fprintf(stderr, "opencl-dispatch: error: a launch failed\n");
    return false;
  }
  Median = medianNs(Times);
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Repeat = 2000;
  std::string Platform = "Loom";
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--repeat" && I + 1 < Argc) {
      Repeat = std::max(1, std::atoi(Argv[++I]));
    } else if (Arg == "--platform" && I + 1 < Argc) {
      Platform = Argv[++I];
    } else {
      std::fprintf(stderr,
                   "usage: opencl-dispatch [--repeat N] [--platform NAME]\n");
      return 2;
    }
  }
  // Loom's build-tree ICD unless the environment names one.
  setenv("OCL_ICD_VENDORS", LOOM_OPENCL_ICD, 0);
  double Mux = 0, OpenCL = 0;
  std::string Name;
  if (!timeMux(Repeat, Mux) || !timeOpenCL(Platform, Repeat, OpenCL, Name))
    return 1;
  std::printf("one empty launch, median of %u (host time, us)\n", Repeat);
  std::printf("%-48s %10.2f\n", "reference driver: record, dispatch, wait",
              Mux / 1000);
  std::printf("%-48s %10.2f\n", ("OpenCL enqueue + finish: " + Name).c_str(),
              OpenCL / 1000);
  std::printf("%-48s %10.2f\n", "difference", (OpenCL - Mux) / 1000);
  return 0;
}
