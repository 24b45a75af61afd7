//===- il_test.cpp - Programs from SPIR-V ---------------------------------===//
//
// clCreateProgramWithIL (and cl_khr_il_program's clCreateProgramWithILKHR)
// with SPIR-V modules assembled at build time (Inputs/*.spvasm): built and run
// on every device with its specialization constants at their defaults and as
// set; the program's IL given back; and the errors for what is not SPIR-V, not
// valid, or not a specialization constant of the module. Every element is
// checked against the host's own values.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <fstream>
#include <iterator>
#include <vector>

namespace {

using namespace loom_opencl_test;

/// Inputs/<Name>.spvasm, assembled at build time.
std::vector<char> spirvModule(const std::string &Name) {
  std::ifstream File(std::string(LOOM_OPENCL_SPIRV_DIR) + "/" + Name + ".spv",
                     std::ios::binary);
  return {std::istreambuf_iterator<char>(File),
          std::istreambuf_iterator<char>()};
}

std::vector<char> specConstantsModule() {
  return spirvModule("spec_constants");
}

constexpr size_t N = 256;

/// Runs `fill` of \p Program over N work-items; what it wrote.
std::vector<cl_uint> runFill(OnDevice &On, cl_program Program) {
  cl_int Error = CL_SUCCESS;
  cl_kernel Kernel = clCreateKernel(Program, "fill", &Error);
  EXPECT_EQ(Error, CL_SUCCESS);
  cl_mem Out = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(cl_uint));
  EXPECT_EQ(clSetKernelArg(Kernel, 0, sizeof Out, &Out), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  std::vector<cl_uint> Values(N, 0xdeadbeef);
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, Out, CL_TRUE, 0, N * sizeof(cl_uint),
                                Values.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clReleaseKernel(Kernel), CL_SUCCESS);
  return Values;
}

TEST(ClCreateProgramWithIL, BuildsSPIRVWithItsSpecializationConstants) {
  std::vector<char> IL = specConstantsModule();
  ASSERT_GT(IL.size(), 20u);
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_int Error = CL_INVALID_VALUE;
    cl_program Program =
        clCreateProgramWithIL(On.Context, IL.data(), IL.size(), &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    size_t Size = 0;
    ASSERT_EQ(clGetProgramInfo(Program, CL_PROGRAM_IL, 0, nullptr, &Size),
              CL_SUCCESS);
    std::vector<char> Given(Size);
    ASSERT_EQ(
        clGetProgramInfo(Program, CL_PROGRAM_IL, Size, Given.data(), nullptr),
        CL_SUCCESS);
    EXPECT_EQ(Given, IL);

    // The defaults: Scale 2, Offset false.
    ASSERT_EQ(clBuildProgram(Program, 1, &Device, "", nullptr, nullptr),
              CL_SUCCESS)
        << On.buildLog(Program);
    std::vector<cl_uint> Values = runFill(On, Program);
    for (cl_uint I = 0; I < N; ++I)
      ASSERT_EQ(Values[I], 2 * I) << "at " << I;

    // Set, then built again: Scale 5, Offset true.
    const cl_uint Scale = 5;
    const cl_uchar Offset = 1;
    const cl_ulong Unused = 1ull << 40;
    EXPECT_EQ(
        clSetProgramSpecializationConstant(Program, 3, sizeof Scale, &Scale),
        CL_SUCCESS);
    EXPECT_EQ(
        clSetProgramSpecializationConstant(Program, 7, sizeof Offset, &Offset),
        CL_SUCCESS);
    EXPECT_EQ(
        clSetProgramSpecializationConstant(Program, 9, sizeof Unused, &Unused),
        CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(Program, 1, &Device, "", nullptr, nullptr),
              CL_SUCCESS)
        << On.buildLog(Program);
    Values = runFill(On, Program);
    for (cl_uint I = 0; I < N; ++I)
      ASSERT_EQ(Values[I], 5 * I + 1000) << "at " << I;
    EXPECT_EQ(clReleaseProgram(Program), CL_SUCCESS);
  }
}

TEST(ClCreateProgramWithIL, RefusesWhatIsNotSPIRVOrNotTheModules) {
  OnDevice On(loomDevices()[0]);
  std::vector<char> IL = specConstantsModule();
  cl_int Error = CL_SUCCESS;
  const char Text[] = "__kernel void k() {}";
  EXPECT_EQ(clCreateProgramWithIL(On.Context, Text, sizeof Text, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(On.Context, nullptr, 20, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(On.Context, IL.data(), 0, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(nullptr, IL.data(), IL.size(), &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_CONTEXT);

  cl_program Program =
      clCreateProgramWithIL(On.Context, IL.data(), IL.size(), &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  const cl_uint Value = 1;
  EXPECT_EQ(
      clSetProgramSpecializationConstant(Program, 4, sizeof Value, &Value),
      CL_INVALID_SPEC_ID);
  EXPECT_EQ(clSetProgramSpecializationConstant(Program, 3, 8, &Value),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetProgramSpecializationConstant(Program, 3, 4, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clReleaseProgram(Program), CL_SUCCESS);
  cl_program FromSource = On.program("__kernel void k() {}");
  EXPECT_EQ(
      clSetProgramSpecializationConstant(FromSource, 3, sizeof Value, &Value),
      CL_INVALID_PROGRAM);

  // A SPIR-V header and nothing else: made, but its build fails with the
  // validator's reason in the log.
  std::vector<char> Header(IL.begin(), IL.begin() + 20);
  Program = On.ilProgram(Header, "", CL_BUILD_PROGRAM_FAILURE);
  EXPECT_NE(On.buildLog(Program).find("invalid SPIR-V"), std::string::npos)
      << On.buildLog(Program);
}

// A SPIR-V printf passes a float as a float, not promoted to double as
// OpenCL C's is; it prints as the format says all the same.
TEST(ClCreateProgramWithIL, PrintfOfAnUnpromotedFloat) {
  std::vector<char> IL = spirvModule("printf_float");
  ASSERT_GT(IL.size(), 20u);
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Say = On.kernel(On.ilProgram(IL), "say");
    const cl_float F = 2.5f;
    ASSERT_EQ(clSetKernelArg(Say, 0, sizeof F, &F), CL_SUCCESS);
    testing::internal::CaptureStdout();
    const size_t One = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, Say, 1, nullptr, &One, &One, 0,
                                     nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clFinish(On.Queue), CL_SUCCESS);
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "x=2.5\n");
  }
}

// SPIR-V has no OpenCL C version to promise uniform ranges: its kernels run
// non-uniform ones, unless built with -cl-uniform-work-group-size.
TEST(ClCreateProgramWithIL, RunsNonUniformRangesUnlessBuiltUniform) {
  std::vector<char> IL = specConstantsModule();
  ASSERT_GT(IL.size(), 20u);
  const size_t Items = 100, Group = 16;
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_mem Out = On.buffer(CL_MEM_READ_WRITE, N * sizeof(cl_uint));
    const cl_int Unwritten = -1;
    EXPECT_EQ(clEnqueueFillBuffer(On.Queue, Out, &Unwritten, sizeof Unwritten,
                                  0, N * sizeof(cl_uint), 0, nullptr, nullptr),
              CL_SUCCESS);
    cl_kernel Fill = On.kernel(On.ilProgram(IL), "fill");
    ASSERT_EQ(clSetKernelArg(Fill, 0, sizeof Out, &Out), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Fill, 1, nullptr, &Items, &Group,
                                     0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_int> Values = readInts(On.Queue, Out, N);
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(Values[I], I < Items ? cl_int(2 * I) : Unwritten) << "at " << I;

    cl_kernel Uniform =
        On.kernel(On.ilProgram(IL, "-cl-uniform-work-group-size"), "fill");
    ASSERT_EQ(clSetKernelArg(Uniform, 0, sizeof Out, &Out), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, Uniform, 1, nullptr, &Items,
                                     &Group, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
  }
}

TEST(ClCreateProgramWithILKHR, IsTheExtensionsNameOfTheSameEntryPoint) {
  OnDevice On(loomDevices()[0]);
  cl_platform_id Platform = nullptr;
  ASSERT_EQ(clGetPlatformIDs(1, &Platform, nullptr), CL_SUCCESS);
  using CreateFn =
      cl_program(CL_API_CALL *)(cl_context, const void *, size_t, cl_int *);
  auto Create =
      reinterpret_cast<CreateFn>(clGetExtensionFunctionAddressForPlatform(
          Platform, "clCreateProgramWithILKHR"));
  ASSERT_NE(Create, nullptr);
  std::vector<char> IL = specConstantsModule();
  cl_int Error = CL_INVALID_VALUE;
  cl_program Program = Create(On.Context, IL.data(), IL.size(), &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(Program, 1, &On.Device, "", nullptr, nullptr),
            CL_SUCCESS);
  std::vector<cl_uint> Values = runFill(On, Program);
  for (cl_uint I = 0; I < N; ++I)
    ASSERT_EQ(Values[I], 2 * I) << "at " << I;
  EXPECT_EQ(clReleaseProgram(Program), CL_SUCCESS);
}

} // namespace
