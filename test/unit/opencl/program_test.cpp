//===- program_test.cpp - Kernels through Loom's OpenCL platform ---------===//
//
// OpenCL programs as applications write them, through Debian's ICD loader:
// contexts, queues, buffers, programs built from OpenCL C, kernels and
// ND-ranges on every device (target) of the platform, each output element
// checked against the host's own computation; and the error codes the
// specification lists for each entry point's misuse.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace loom_opencl_test;

const char *Saxpy = R"(
__kernel void saxpy(float a, __global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
})";

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

/// Argument \p Index's \p Param, a string or CL_KERNEL_ARG_INFO_NOT_AVAILABLE's
/// text.
std::string argString(cl_kernel Kernel, cl_uint Index,
                      cl_kernel_arg_info Param) {
  char Text[64] = {};
  cl_int Error =
      clGetKernelArgInfo(Kernel, Index, Param, sizeof Text, Text, nullptr);
  return Error == CL_KERNEL_ARG_INFO_NOT_AVAILABLE ? "not available" : Text;
}

template <class T>
T argValue(cl_kernel Kernel, cl_uint Index, cl_kernel_arg_info Param) {
  T Value{};
  EXPECT_EQ(
      clGetKernelArgInfo(Kernel, Index, Param, sizeof Value, &Value, nullptr),
      CL_SUCCESS);
  return Value;
}

TEST(ClGetKernelArgInfo, DescribesEachArgumentAndItsNameWithTheOption) {
  const char *Source = R"(
__kernel void k(__global const float *restrict in, __constant int *table,
                __local volatile int *scratch, uint4 n, float f) {})";
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Plain = On.kernel(On.program(Source), "k");
    cl_kernel Named = On.kernel(On.program(Source, "-cl-kernel-arg-info"), "k");
    for (cl_kernel K : {Plain, Named}) {
      const cl_kernel_arg_address_qualifier Spaces[] = {
          CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_CONSTANT,
          CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_ADDRESS_PRIVATE,
          CL_KERNEL_ARG_ADDRESS_PRIVATE};
      const char *Types[] = {"float*", "int*", "int*", "uint4", "float"};
      const cl_kernel_arg_type_qualifier Qualifiers[] = {
          CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT,
          CL_KERNEL_ARG_TYPE_CONST, CL_KERNEL_ARG_TYPE_VOLATILE,
          CL_KERNEL_ARG_TYPE_NONE, CL_KERNEL_ARG_TYPE_NONE};
      const char *Names[] = {"in", "table", "scratch", "n", "f"};
      for (cl_uint I = 0; I < 5; ++I) {
        SCOPED_TRACE(I);
        EXPECT_EQ(argValue<cl_kernel_arg_address_qualifier>(
                      K, I, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
                  Spaces[I]);
        EXPECT_EQ(argValue<cl_kernel_arg_access_qualifier>(
                      K, I, CL_KERNEL_ARG_ACCESS_QUALIFIER),
                  CL_KERNEL_ARG_ACCESS_NONE);
        EXPECT_EQ(argString(K, I, CL_KERNEL_ARG_TYPE_NAME), Types[I]);
        EXPECT_EQ(argValue<cl_kernel_arg_type_qualifier>(
                      K, I, CL_KERNEL_ARG_TYPE_QUALIFIER),
                  Qualifiers[I]);
        EXPECT_EQ(argString(K, I, CL_KERNEL_ARG_NAME),
                  K == Named ? Names[I] : "not available");
      }
    }
    EXPECT_EQ(
        clGetKernelArgInfo(Named, 5, CL_KERNEL_ARG_NAME, 0, nullptr, nullptr),
        CL_INVALID_ARG_INDEX);
    EXPECT_EQ(clGetKernelArgInfo(Named, 0, 0x1234, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(
        clGetKernelArgInfo(nullptr, 0, CL_KERNEL_ARG_NAME, 0, nullptr, nullptr),
        CL_INVALID_KERNEL);
  }
}

TEST(ClGetKernelInfo, AttributesAreTheSourcesAttributes) {
  OnDevice On(loomDevices()[0]);
  cl_program Program = On.program(R"(
__attribute__((reqd_work_group_size(8, 2, 1)))
__attribute__((vec_type_hint(ushort3)))
__kernel void both(__global int *p) {}
__attribute__((work_group_size_hint(4, 1, 1)))
__kernel void hint(__global int *p) {}
__kernel void none(__global int *p) {})");
  auto AttributesOf = [&](const char *Name) {
    cl_kernel Kernel = On.kernel(Program, Name);
    char Text[128] = {};
    EXPECT_EQ(clGetKernelInfo(Kernel, CL_KERNEL_ATTRIBUTES, sizeof Text, Text,
                              nullptr),
              CL_SUCCESS);
    return std::string(Text);
  };
  EXPECT_EQ(AttributesOf("both"),
            "reqd_work_group_size(8,2,1) vec_type_hint(ushort3)");
  EXPECT_EQ(AttributesOf("hint"), "work_group_size_hint(4,1,1)");
  EXPECT_EQ(AttributesOf("none"), "");
}

TEST(ClCloneKernel, CopiesTheArgumentsSetSoFarAndNothingAfter) {
  OnDevice On(loomDevices()[0]);
  cl_kernel Original = On.kernel(On.program(R"(
__kernel void offset(__global int *data, int by) {
  data[get_global_id(0)] += by;
})"),
                                 "offset");
  const size_t N = 64;
  std::vector<int> Zeros(N, 0);
  cl_mem First = On.buffer(CL_MEM_COPY_HOST_PTR, N * sizeof(int), Zeros.data());
  cl_mem Second =
      On.buffer(CL_MEM_COPY_HOST_PTR, N * sizeof(int), Zeros.data());
  int Ten = 10;
  ASSERT_EQ(clSetKernelArg(Original, 0, sizeof First, &First), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(Original, 1, sizeof Ten, &Ten), CL_SUCCESS);
  cl_int Error = CL_SUCCESS;
  cl_kernel Clone = clCloneKernel(Original, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  ASSERT_NE(Clone, Original);
  // The original changes after the clone; the clone keeps what it copied.
  int Three = 3;
  ASSERT_EQ(clSetKernelArg(Original, 0, sizeof Second, &Second), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(Original, 1, sizeof Three, &Three), CL_SUCCESS);
  for (cl_kernel K : {Original, Clone})
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &N, nullptr, 0,
                                     nullptr, nullptr),
              CL_SUCCESS);
  std::vector<int> InFirst(N), InSecond(N);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, First, CL_TRUE, 0, N * sizeof(int),
                                InFirst.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, Second, CL_TRUE, 0, N * sizeof(int),
                                InSecond.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t I = 0; I < N; ++I) {
    EXPECT_EQ(InFirst[I], 10) << I;
    EXPECT_EQ(InSecond[I], 3) << I;
  }
  char Name[16] = {};
  EXPECT_EQ(clGetKernelInfo(Clone, CL_KERNEL_FUNCTION_NAME, sizeof Name, Name,
                            nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(Name, "offset");
  EXPECT_EQ(clReleaseKernel(Clone), CL_SUCCESS);
  EXPECT_EQ(clCloneKernel(nullptr, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_KERNEL);
}

TEST(ClEnqueueFillBuffer, FillsAndCopiesAsTheHostWould) {
  OnDevice On(loomDevices()[0]);
  const size_t N = 1024;
  cl_mem A = On.buffer(CL_MEM_READ_WRITE, N);
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, N);
  const uint32_t Pattern = 0xa1b2c3d4;
  ASSERT_EQ(clEnqueueFillBuffer(On.Queue, A, &Pattern, sizeof Pattern, 0, N, 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  const uint8_t Zero = 0;
  ASSERT_EQ(
      clEnqueueFillBuffer(On.Queue, B, &Zero, 1, 0, N, 0, nullptr, nullptr),
      CL_SUCCESS);
  ASSERT_EQ(
      clEnqueueCopyBuffer(On.Queue, A, B, 16, 32, 100, 0, nullptr, nullptr),
      CL_SUCCESS);
  std::vector<uint8_t> Result(N);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0, N, Result.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  const auto *PatternBytes = reinterpret_cast<const uint8_t *>(&Pattern);
  for (size_t I = 0; I < N; ++I) {
    uint8_t Expected = I >= 32 && I < 132 ? PatternBytes[(I - 32 + 16) % 4] : 0;
    EXPECT_EQ(Result[I], Expected) << I;
  }
  EXPECT_EQ(clEnqueueCopyBuffer(On.Queue, A, A, 0, 8, 16, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(
      clEnqueueFillBuffer(On.Queue, A, &Pattern, 3, 0, N, 0, nullptr, nullptr),
      CL_INVALID_VALUE);
}

TEST(ClEnqueueMapBuffer, MapsTheBuffersBytesForReadingAndWriting) {
  OnDevice On(loomDevices()[0]);
  for (cl_mem_flags HostFlag :
       {cl_mem_flags(0), cl_mem_flags(CL_MEM_USE_HOST_PTR)}) {
    SCOPED_TRACE(HostFlag ? "USE_HOST_PTR" : "driver memory");
    std::vector<int> Host(256, 5);
    cl_mem B = On.buffer(HostFlag | (HostFlag ? 0 : CL_MEM_COPY_HOST_PTR),
                         Host.size() * sizeof(int), Host.data());
    cl_int Error = 1;
    auto *Mapped = static_cast<int *>(clEnqueueMapBuffer(
        On.Queue, B, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 16 * sizeof(int),
        32 * sizeof(int), 0, nullptr, nullptr, &Error));
    ASSERT_EQ(Error, CL_SUCCESS);
    ASSERT_NE(Mapped, nullptr);
    cl_uint Count = 0;
    EXPECT_EQ(
        clGetMemObjectInfo(B, CL_MEM_MAP_COUNT, sizeof Count, &Count, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(Count, 1u);
    for (int I = 0; I < 32; ++I) {
      EXPECT_EQ(Mapped[I], 5);
      Mapped[I] = 100 + I;
    }
    EXPECT_EQ(clEnqueueUnmapMemObject(On.Queue, B, Mapped, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clEnqueueUnmapMemObject(On.Queue, B, Mapped, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    std::vector<int> Result(256);
    ASSERT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0,
                                  Result.size() * sizeof(int), Result.data(), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    for (int I = 0; I < 256; ++I)
      EXPECT_EQ(Result[I], I >= 16 && I < 48 ? 100 + I - 16 : 5) << I;
    EXPECT_EQ(clEnqueueMapBuffer(On.Queue, B, CL_TRUE,
                                 CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION,
                                 0, 4, 0, nullptr, nullptr, &Error),
              nullptr);
    EXPECT_EQ(Error, CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueMapBuffer(On.Queue, B, CL_TRUE, CL_MAP_READ, 1020, 8, 0,
                                 nullptr, nullptr, &Error),
              nullptr);
    EXPECT_EQ(Error, CL_INVALID_VALUE);
  }
}

TEST(ClBuildProgram, AFailedBuildHasTheCompilersDiagnosticsInItsLog) {
  OnDevice On(loomDevices()[0]);
  cl_program Program = On.program("__kernel void k(__global int *p) { p[0] = "
                                  "undeclared; }",
                                  "", CL_BUILD_PROGRAM_FAILURE);
  std::string Log = On.buildLog(Program);
  EXPECT_NE(Log.find("error"), std::string::npos) << Log;
  EXPECT_NE(Log.find("undeclared"), std::string::npos) << Log;
  cl_build_status Status = CL_BUILD_NONE;
  EXPECT_EQ(clGetProgramBuildInfo(Program, On.Device, CL_PROGRAM_BUILD_STATUS,
                                  sizeof Status, &Status, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Status, CL_BUILD_ERROR);
  cl_int Error = CL_SUCCESS;
  EXPECT_EQ(clCreateKernel(Program, "k", &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_PROGRAM_EXECUTABLE);
}

TEST(ClBuildProgram, OptionsAreLoomcsAndBadOnesAreRefused) {
  OnDevice On(loomDevices()[0]);
  cl_program Program = On.program(
      "__kernel void k(__global int *p) { p[0] = VALUE; }", "-D VALUE=42");
  cl_kernel K = On.kernel(Program, "k");
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, sizeof(int));
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof B, &B), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(On.Queue, K, 0, nullptr, nullptr), CL_SUCCESS);
  int Value = 0;
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0, sizeof Value, &Value,
                                0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Value, 42);
  On.program("__kernel void k(__global int *p) { p[0] = 1; }",
             "-cl-no-such-option", CL_INVALID_BUILD_OPTIONS);
  // A kernel made from a program forbids building it again.
  EXPECT_EQ(clBuildProgram(Program, 0, nullptr, "", nullptr, nullptr),
            CL_INVALID_OPERATION);
}

// Every OpenCL C version the device reports builds (the CTS's
// opencl_c_versions builds with each), 2.0, which it does not report, is
// refused, and OpenCL 2.1's -cl-no-subgroup-ifp is taken.
TEST(ClBuildProgram, TakesTheOpenCLCVersionsTheDeviceReports) {
  OnDevice On(loomDevices()[0]);
  size_t Size = 0;
  ASSERT_EQ(clGetDeviceInfo(On.Device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0,
                            nullptr, &Size),
            CL_SUCCESS);
  std::vector<cl_name_version> Versions(Size / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(On.Device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, Size,
                            Versions.data(), nullptr),
            CL_SUCCESS);
  ASSERT_EQ(Versions.size(), 4u);
  const char *Source = "__kernel void k(__global int *p) { p[0] = 1; }";
  for (const cl_name_version &Version : Versions) {
    std::string Option =
        "-cl-std=CL" + std::to_string(CL_VERSION_MAJOR(Version.version)) + "." +
        std::to_string(CL_VERSION_MINOR(Version.version));
    On.program(Source, Option.c_str());
  }
  On.program(Source, "-cl-std=CL2.0", CL_INVALID_BUILD_OPTIONS);
  On.program(Source, "-cl-std=CL3.0 -cl-no-subgroup-ifp");
}

// Unloading the compiler is a hint: builds go on after it.
TEST(ClUnloadPlatformCompiler, IsAHintAfterWhichBuildsGoOn) {
  OnDevice On(loomDevices()[0]);
  cl_platform_id Platform = nullptr;
  ASSERT_EQ(clGetDeviceInfo(On.Device, CL_DEVICE_PLATFORM, sizeof Platform,
                            &Platform, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clUnloadPlatformCompiler(Platform), CL_SUCCESS);
  EXPECT_EQ(clUnloadPlatformCompiler(Platform), CL_SUCCESS);
  EXPECT_EQ(clUnloadCompiler(), CL_SUCCESS);
  On.program("__kernel void k(__global int *p) { p[0] = 1; }");
}

TEST(ClGetProgramInfo, NamesTheKernelsOnceBuilt) {
  OnDevice On(loomDevices()[0]);
  cl_program Program = On.program("__kernel void first(__global int *p) {}\n"
                                  "__kernel void second(__global int *p) {}\n");
  size_t Count = 0;
  EXPECT_EQ(clGetProgramInfo(Program, CL_PROGRAM_NUM_KERNELS, sizeof Count,
                             &Count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Count, 2u);
  char Names[64] = {};
  EXPECT_EQ(clGetProgramInfo(Program, CL_PROGRAM_KERNEL_NAMES, sizeof Names,
                             Names, nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(Names, "first;second");
  cl_kernel Kernels[2] = {};
  cl_uint Made = 0;
  EXPECT_EQ(clCreateKernelsInProgram(Program, 2, Kernels, &Made), CL_SUCCESS);
  EXPECT_EQ(Made, 2u);
  for (cl_kernel K : Kernels)
    EXPECT_EQ(clReleaseKernel(K), CL_SUCCESS);
}

TEST(ClCreateProgramWithBinary, RunsWhatCLProgramBinariesGave) {
  std::vector<cl_device_id> Devices = loomDevices();
  OnDevice On(Devices[0]);
  cl_program Source = On.program(Saxpy);
  size_t Size = 0;
  ASSERT_EQ(clGetProgramInfo(Source, CL_PROGRAM_BINARY_SIZES, sizeof Size,
                             &Size, nullptr),
            CL_SUCCESS);
  ASSERT_GT(Size, 0u);
  std::vector<unsigned char> Binary(Size);
  unsigned char *Pointer = Binary.data();
  ASSERT_EQ(clGetProgramInfo(Source, CL_PROGRAM_BINARIES, sizeof Pointer,
                             &Pointer, nullptr),
            CL_SUCCESS);
  const unsigned char *Binaries[] = {Binary.data()};
  cl_int Status = 1, Error = 1;
  cl_program Loaded = clCreateProgramWithBinary(
      On.Context, 1, &On.Device, &Size, Binaries, &Status, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(Status, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(Loaded, 0, nullptr, "", nullptr, nullptr),
            CL_SUCCESS);
  cl_kernel K = On.kernel(Loaded, "saxpy");
  std::vector<float> X = {1, 2, 3, 4}, Y = {10, 20, 30, 40};
  cl_mem BX = On.buffer(CL_MEM_COPY_HOST_PTR, sizeof(float) * 4, X.data());
  cl_mem BY = On.buffer(CL_MEM_COPY_HOST_PTR, sizeof(float) * 4, Y.data());
  float A = -2;
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof A, &A), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof BX, &BX), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof BY, &BY), CL_SUCCESS);
  size_t Global = 4;
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  std::vector<float> Result(4);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, BY, CL_TRUE, 0, sizeof(float) * 4,
                                Result.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(Result[I], A * X[I] + Y[I]);
  EXPECT_EQ(clReleaseProgram(Loaded), CL_SUCCESS);

  // Not a Loom object; a Loom object of another target.
  const unsigned char Garbage[] = "not an ELF object";
  const unsigned char *Bad[] = {Garbage};
  size_t BadSize = sizeof Garbage;
  EXPECT_EQ(clCreateProgramWithBinary(On.Context, 1, &On.Device, &BadSize, Bad,
                                      &Status, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_BINARY);
  EXPECT_EQ(Status, CL_INVALID_BINARY);
  if (Devices.size() > 1) {
    cl_int ContextError = CL_SUCCESS;
    cl_context Other = clCreateContext(nullptr, 1, &Devices[1], nullptr,
                                       nullptr, &ContextError);
    ASSERT_EQ(ContextError, CL_SUCCESS);
    EXPECT_EQ(clCreateProgramWithBinary(Other, 1, &Devices[1], &Size, Binaries,
                                        &Status, &Error),
              nullptr);
    EXPECT_EQ(Error, CL_INVALID_BINARY);
    EXPECT_EQ(clReleaseContext(Other), CL_SUCCESS);
  }
}

TEST(ClSetKernelArg, ChecksEachArgumentAgainstTheKernel) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K = On.kernel(On.program(R"(
__kernel void k(__global float *p, float4 v, __local int *l) {})"),
                          "k");
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, 64);
  float V[4] = {};
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof B, &B), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArg(K, 0, 4, &B), CL_INVALID_ARG_SIZE);
  cl_mem NotABuffer = reinterpret_cast<cl_mem>(K);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof NotABuffer, &NotABuffer),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 1, 8, V), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(K, 1, sizeof V, nullptr), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(K, 2, 16, V), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(K, 2, 0, nullptr), CL_INVALID_ARG_SIZE);
  size_t Global = 4;
  // Not every argument set yet.
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global, nullptr, 0,
                                   nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof B, &B), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 1, sizeof V, V), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 2, 16, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 1, nullptr, &Global, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
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

TEST(ClCreateBuffer, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  cl_int Error = CL_SUCCESS;
  int Host[4] = {};
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_READ_WRITE, 0, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_BUFFER_SIZE);
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16,
                           nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(
      clCreateBuffer(On.Context, CL_MEM_USE_HOST_PTR, 16, nullptr, &Error),
      nullptr);
  EXPECT_EQ(Error, CL_INVALID_HOST_PTR);
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_READ_WRITE, 16, Host, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_HOST_PTR);
  EXPECT_EQ(clCreateBuffer(On.Context,
                           CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, Host,
                           &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  cl_mem B = On.buffer(CL_MEM_HOST_NO_ACCESS, 16);
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0, 16, Host, 0, nullptr,
                                nullptr),
            CL_INVALID_OPERATION);
  cl_mem C = On.buffer(CL_MEM_READ_WRITE, 16);
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, C, CL_TRUE, 8, 16, Host, 0, nullptr,
                                nullptr),
            CL_INVALID_VALUE);
  size_t Size = 0;
  EXPECT_EQ(clGetMemObjectInfo(C, CL_MEM_SIZE, sizeof Size, &Size, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Size, 16u);
}

TEST(ClGetSupportedImageFormats, ADeviceWithoutImagesHasNoFormats) {
  OnDevice On(loomDevices()[0]);
  cl_uint Count = 7;
  EXPECT_EQ(clGetSupportedImageFormats(On.Context, CL_MEM_READ_WRITE,
                                       CL_MEM_OBJECT_IMAGE2D, 0, nullptr,
                                       &Count),
            CL_SUCCESS);
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(clGetSupportedImageFormats(On.Context, CL_MEM_READ_WRITE,
                                       CL_MEM_OBJECT_BUFFER, 0, nullptr,
                                       &Count),
            CL_INVALID_VALUE);
}

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

TEST(ClGetKernelWorkGroupInfo, LocalMemoryCountsTheLocalArguments) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K = On.kernel(On.program(R"(
__kernel void k(__global int *p, __local int *l) {
  __local int own[16];
  own[get_local_id(0)] = l[0];
  p[0] = own[0];
})"),
                          "k");
  cl_ulong Before = 0, After = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, On.Device, CL_KERNEL_LOCAL_MEM_SIZE,
                                     sizeof Before, &Before, nullptr),
            CL_SUCCESS);
  EXPECT_GE(Before, 16 * sizeof(int));
  ASSERT_EQ(clSetKernelArg(K, 1, 1000, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, On.Device, CL_KERNEL_LOCAL_MEM_SIZE,
                                     sizeof After, &After, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(After, Before + 1000);
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
