//===- program_test.cpp - Programs and kernels through Loom's OpenCL ------===//
//
// Programs as applications build them, through Debian's ICD loader: builds
// from OpenCL C with Loom's options and the OpenCL C versions the device
// reports, their logs, binaries that build again, the kernels a program
// names, and what clGetKernelArgInfo, clGetKernelInfo,
// clGetKernelWorkGroupInfo, clCloneKernel and clSetKernelArg give for them;
// with the error codes the specification lists for each entry point's
// misuse.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <string>
#include <utility>
#include <vector>

namespace {

using namespace loom_opencl_test;

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

TEST(ClGetKernelArgInfo, AnImagesAccessQualifierIsTheSources) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K = On.kernel(On.program(R"(
__kernel void k(read_only image2d_t a, write_only image2d_t b, sampler_t s,
                __global float4 *out) {
  out[0] = read_imagef(a, s, (int2)(0, 0));
  write_imagef(b, (int2)(0, 0), out[1]);
})"),
                          "k");
  const cl_kernel_arg_access_qualifier Access[] = {
      CL_KERNEL_ARG_ACCESS_READ_ONLY, CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
      CL_KERNEL_ARG_ACCESS_NONE, CL_KERNEL_ARG_ACCESS_NONE};
  const cl_kernel_arg_address_qualifier Spaces[] = {
      CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_GLOBAL,
      CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_GLOBAL};
  for (cl_uint I = 0; I < 4; ++I) {
    SCOPED_TRACE(I);
    EXPECT_EQ(argValue<cl_kernel_arg_access_qualifier>(
                  K, I, CL_KERNEL_ARG_ACCESS_QUALIFIER),
              Access[I]);
    EXPECT_EQ(argValue<cl_kernel_arg_address_qualifier>(
                  K, I, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
              Spaces[I]);
  }
  // A buffer is no image, and a sampler argument takes a cl_sampler.
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, 64);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof B, &B), CL_INVALID_ARG_VALUE);
  cl_uint Bits = 0x10;
  EXPECT_EQ(clSetKernelArg(K, 2, sizeof Bits, &Bits), CL_INVALID_ARG_SIZE);
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

// A kernel sees the device's OpenCL version as __OPENCL_VERSION__ in every
// OpenCL C version it builds with, and the language's as
// __OPENCL_C_VERSION__ (the CTS's test_basic work_item_functions_out_of_range
// writes its results under `#if __OPENCL_VERSION__ >= CL_VERSION_1_1`).
TEST(ClBuildProgram, KernelsSeeTheDevicesOpenCLVersion) {
  const char *Source = R"(
__kernel void versions(__global int *out) {
  out[0] = __OPENCL_VERSION__;
  out[1] = __OPENCL_C_VERSION__;
})";
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    const cl_version Version =
        deviceValue<cl_version>(Device, CL_DEVICE_NUMERIC_VERSION);
    const int DeviceMacro =
        CL_VERSION_MAJOR(Version) * 100 + CL_VERSION_MINOR(Version) * 10;
    for (auto [Option, LanguageMacro] :
         {std::pair{"-cl-std=CL1.0", 100}, std::pair{"-cl-std=CL1.2", 120},
          std::pair{"-cl-std=CL3.0", 300}}) {
      SCOPED_TRACE(Option);
      cl_kernel Kernel = On.kernel(On.program(Source, Option), "versions");
      cl_mem Out = On.buffer(CL_MEM_READ_WRITE, 2 * sizeof(cl_int));
      ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Out, &Out), CL_SUCCESS);
      const size_t One = 1;
      ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &One,
                                       nullptr, 0, nullptr, nullptr),
                CL_SUCCESS);
      EXPECT_EQ(readInts(On.Queue, Out, 2),
                (std::vector<cl_int>{DeviceMacro, LanguageMacro}));
    }
  }
}

// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE is the bytes of the program's
// variables in the global address space once built (the CTS's test_basic
// progvar_* tests ask for at least their variables' sizes), 0 before.
TEST(ClGetProgramBuildInfo, GlobalVariableTotalSizeIsTheProgramsGlobals) {
  const char *Source = R"(
global int counts[10];
global long total = 5;
constant int weights[3] = {1, 2, 3};
kernel void k(global int *out) {
  static global short calls;
  calls += 1;
  counts[out[0]] += weights[out[1]];
  out[2] = total + calls;
})";
  OnDevice On(loomDevices()[0]);
  auto TotalSize = [&](cl_program Program) {
    size_t Bytes = 1;
    EXPECT_EQ(clGetProgramBuildInfo(Program, On.Device,
                                    CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                    sizeof Bytes, &Bytes, nullptr),
              CL_SUCCESS);
    return Bytes;
  };
  const char *Text = Source;
  cl_int Error = CL_SUCCESS;
  cl_program Unbuilt =
      clCreateProgramWithSource(On.Context, 1, &Text, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(TotalSize(Unbuilt), 0u);
  clReleaseProgram(Unbuilt);
  EXPECT_EQ(TotalSize(On.program(Source, "-cl-std=CL3.0")), 40u + 8 + 2);
  EXPECT_EQ(TotalSize(On.program("kernel void k(global int *p) { *p = 1; }")),
            0u);
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

} // namespace
