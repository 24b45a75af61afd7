//===- link_test.cpp - clCompileProgram and clLinkProgram -----------------===//
//
// Separate compilation as applications use it: programs compiled with
// headers given as other programs, linked into an executable program
// directly or through a library, and run on every device, every element
// checked against the host's own values; and what the specification
// refuses: a compile error, two definitions of one function, a function
// nobody defines, inputs that were never compiled.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <string>
#include <thread>
#include <vector>

namespace {

using namespace loom_opencl_test;

constexpr size_t N = 512;

const char *Defs = R"(
#define FACTOR 3
int scale(int x);
)";
const char *Helper = R"(
#include "util/defs.h"
int scale(int x) { return x * FACTOR; }
)";
const char *Kernel = R"(
#include "util/defs.h"
__kernel void apply(__global int *p) {
  size_t i = get_global_id(0);
  p[i] = scale(p[i]) + 1;
}
)";

cl_program source(cl_context Context, const char *Text) {
  cl_int Error = CL_INVALID_VALUE;
  cl_program Program =
      clCreateProgramWithSource(Context, 1, &Text, nullptr, &Error);
  EXPECT_EQ(Error, CL_SUCCESS);
  return Program;
}

cl_program_binary_type binaryType(cl_program Program, cl_device_id Device) {
  cl_program_binary_type Type = 0;
  EXPECT_EQ(clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BINARY_TYPE,
                                  sizeof Type, &Type, nullptr),
            CL_SUCCESS);
  return Type;
}

/// Compiles \p Text with util/defs.h available.
cl_program compiled(OnDevice &On, const char *Text) {
  cl_program Header = source(On.Context, Defs);
  cl_program Program = source(On.Context, Text);
  const char *Name = "util/defs.h";
  EXPECT_EQ(clCompileProgram(Program, 1, &On.Device, "", 1, &Header, &Name,
                             nullptr, nullptr),
            CL_SUCCESS)
      << On.buildLog(Program);
  EXPECT_EQ(binaryType(Program, On.Device),
            CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  EXPECT_EQ(clReleaseProgram(Header), CL_SUCCESS);
  return Program;
}

/// Runs `apply` of \p Program over 0..N-1 and checks every element.
void runApply(OnDevice &On, cl_program Program) {
  cl_int Error = CL_INVALID_VALUE;
  cl_kernel Apply = clCreateKernel(Program, "apply", &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  std::vector<cl_int> Values(N);
  for (size_t I = 0; I < N; ++I)
    Values[I] = static_cast<cl_int>(I);
  cl_mem P = On.buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                       N * sizeof(cl_int), Values.data());
  ASSERT_EQ(clSetKernelArg(Apply, 0, sizeof P, &P), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Apply, 1, nullptr, &N, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, P, CL_TRUE, 0, N * sizeof(cl_int),
                                Values.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Values[I], 3 * static_cast<cl_int>(I) + 1) << "at " << I;
  EXPECT_EQ(clReleaseKernel(Apply), CL_SUCCESS);
}

/// \p Program's binary for \p Device (CL_PROGRAM_BINARIES).
std::vector<unsigned char> binaryOf(cl_program Program) {
  size_t Size = 0;
  EXPECT_EQ(clGetProgramInfo(Program, CL_PROGRAM_BINARY_SIZES, sizeof Size,
                             &Size, nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> Binary(Size);
  unsigned char *Data = Binary.data();
  EXPECT_EQ(clGetProgramInfo(Program, CL_PROGRAM_BINARIES, sizeof Data, &Data,
                             nullptr),
            CL_SUCCESS);
  return Binary;
}

TEST(ClLinkProgram, LinksCompiledObjectsAndLibrariesIntoAnExecutable) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_program Objects[2] = {compiled(On, Helper), compiled(On, Kernel)};
    cl_int Error = CL_INVALID_VALUE;
    cl_program Linked = clLinkProgram(On.Context, 1, &Device, "", 2, Objects,
                                      nullptr, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS) << On.buildLog(Linked);
    EXPECT_EQ(binaryType(Linked, Device), CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
    runApply(On, Linked);

    // The helper as a library, linked with the kernel's object.
    cl_program Library =
        clLinkProgram(On.Context, 1, &Device, "-create-library", 1, &Objects[0],
                      nullptr, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS) << On.buildLog(Library);
    EXPECT_EQ(binaryType(Library, Device), CL_PROGRAM_BINARY_TYPE_LIBRARY);
    // Its binary given back is a library again (the CTS's
    // program_binary_type), which links as the library does.
    std::vector<unsigned char> Binary = binaryOf(Library);
    const unsigned char *Data = Binary.data();
    size_t Length = Binary.size();
    cl_program LibraryAgain = clCreateProgramWithBinary(
        On.Context, 1, &Device, &Length, &Data, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    EXPECT_EQ(binaryType(LibraryAgain, Device), CL_PROGRAM_BINARY_TYPE_LIBRARY);
    cl_program FromBinary[2] = {LibraryAgain, Objects[1]};
    cl_program Relinked = clLinkProgram(On.Context, 1, &Device, "", 2,
                                        FromBinary, nullptr, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS) << On.buildLog(Relinked);
    runApply(On, Relinked);
    for (cl_program P : {LibraryAgain, Relinked})
      EXPECT_EQ(clReleaseProgram(P), CL_SUCCESS);
    cl_program FromLibrary[2] = {Library, Objects[1]};
    cl_program Again = clLinkProgram(On.Context, 1, &Device, "", 2, FromLibrary,
                                     nullptr, nullptr, &Error);
    ASSERT_EQ(Error, CL_SUCCESS) << On.buildLog(Again);
    runApply(On, Again);
    for (cl_program P : {Objects[0], Objects[1], Linked, Library, Again})
      EXPECT_EQ(clReleaseProgram(P), CL_SUCCESS);
  }
}

// A link reads its inputs while another thread compiles one of them again:
// it waits for that compile and links what it made, never half of it
// (under TSan, a link that read the input unlocked was a data race).
TEST(ClLinkProgram, LinksAnInputThatAnotherThreadCompilesAgain) {
  OnDevice On(loomDevices()[0]);
  cl_program Objects[2] = {compiled(On, Helper), compiled(On, Kernel)};
  cl_program Header = source(On.Context, Defs);
  const char *Name = "util/defs.h";
  const int Rounds = 8;
  std::thread Recompiler([&] {
    for (int I = 0; I < Rounds; ++I)
      EXPECT_EQ(clCompileProgram(Objects[0], 1, &On.Device, "", 1, &Header,
                                 &Name, nullptr, nullptr),
                CL_SUCCESS);
  });
  for (int I = 0; I < Rounds; ++I) {
    cl_int Error = CL_INVALID_VALUE;
    cl_program Linked = clLinkProgram(On.Context, 1, &On.Device, "", 2, Objects,
                                      nullptr, nullptr, &Error);
    EXPECT_EQ(Error, CL_SUCCESS) << On.buildLog(Linked);
    if (Error == CL_SUCCESS)
      runApply(On, Linked);
    if (Linked)
      EXPECT_EQ(clReleaseProgram(Linked), CL_SUCCESS);
  }
  Recompiler.join();
  for (cl_program P : {Objects[0], Objects[1], Header})
    EXPECT_EQ(clReleaseProgram(P), CL_SUCCESS);
}

// A compiled object's binary is its bitcode: made into a program again, it
// links, or builds alone.
TEST(ClCreateProgramWithBinary, TakesCompiledObjectsBack) {
  OnDevice On(loomDevices()[0]);
  cl_program Helper1 = compiled(On, Helper);
  cl_program Apply = compiled(On, Kernel);
  std::vector<unsigned char> Binary = binaryOf(Helper1);
  ASSERT_GT(Binary.size(), 4u);
  const unsigned char *Data = Binary.data();
  size_t Length = Binary.size();
  cl_int Status = CL_INVALID_VALUE, Error = CL_INVALID_VALUE;
  cl_program Again = clCreateProgramWithBinary(On.Context, 1, &On.Device,
                                               &Length, &Data, &Status, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(Status, CL_SUCCESS);
  EXPECT_EQ(binaryType(Again, On.Device),
            CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  cl_program Inputs[2] = {Again, Apply};
  cl_program Linked = clLinkProgram(On.Context, 1, &On.Device, "", 2, Inputs,
                                    nullptr, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS) << On.buildLog(Linked);
  runApply(On, Linked);

  // One compiled object with the kernel and its helper, built alone.
  std::string Whole = std::string("#define FACTOR 3\n") +
                      "int scale(int x) { return x * FACTOR; }\n" +
                      "__kernel void apply(__global int *p) {\n" +
                      "  size_t i = get_global_id(0);\n" +
                      "  p[i] = scale(p[i]) + 1;\n}\n";
  cl_program Object = source(On.Context, Whole.c_str());
  ASSERT_EQ(clCompileProgram(Object, 1, &On.Device, "", 0, nullptr, nullptr,
                             nullptr, nullptr),
            CL_SUCCESS);
  Binary = binaryOf(Object);
  Data = Binary.data();
  Length = Binary.size();
  cl_program Built = clCreateProgramWithBinary(On.Context, 1, &On.Device,
                                               &Length, &Data, &Status, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(Built, 1, &On.Device, "", nullptr, nullptr),
            CL_SUCCESS)
      << On.buildLog(Built);
  EXPECT_EQ(binaryType(Built, On.Device), CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  runApply(On, Built);
  for (cl_program P : {Helper1, Apply, Again, Linked, Object, Built})
    EXPECT_EQ(clReleaseProgram(P), CL_SUCCESS);
}

TEST(ClLinkProgram, RefusesWhatCannotBeLinked) {
  OnDevice On(loomDevices()[0]);
  cl_program Helper1 = compiled(On, Helper);
  cl_program Helper2 = compiled(On, Helper);
  cl_program Apply = compiled(On, Kernel);
  cl_int Error = CL_SUCCESS;

  // Two definitions of scale: the program comes back with the reason.
  cl_program Twice[3] = {Helper1, Helper2, Apply};
  cl_program Clash = clLinkProgram(On.Context, 1, &On.Device, "", 3, Twice,
                                   nullptr, nullptr, &Error);
  EXPECT_EQ(Error, CL_LINK_PROGRAM_FAILURE);
  ASSERT_NE(Clash, nullptr);
  EXPECT_NE(On.buildLog(Clash).find("scale"), std::string::npos)
      << On.buildLog(Clash);
  // No definition of scale at all.
  cl_program Missing = clLinkProgram(On.Context, 1, &On.Device, "", 1, &Apply,
                                     nullptr, nullptr, &Error);
  EXPECT_EQ(Error, CL_LINK_PROGRAM_FAILURE);
  ASSERT_NE(Missing, nullptr);
  EXPECT_NE(On.buildLog(Missing).find("scale"), std::string::npos)
      << On.buildLog(Missing);

  // Inputs never compiled, and bad arguments.
  cl_program Uncompiled = source(On.Context, Helper);
  EXPECT_EQ(clLinkProgram(On.Context, 1, &On.Device, "", 1, &Uncompiled,
                          nullptr, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_OPERATION);
  EXPECT_EQ(clLinkProgram(On.Context, 1, &On.Device, "", 0, nullptr, nullptr,
                          nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(clCompileProgram(Uncompiled, 0, nullptr, "", 1, &Helper1, nullptr,
                             nullptr, nullptr),
            CL_INVALID_VALUE);

  // A compile error: the log has Clang's diagnostic.
  cl_program Broken = source(On.Context, "int f( { return 0; }");
  EXPECT_EQ(clCompileProgram(Broken, 1, &On.Device, "", 0, nullptr, nullptr,
                             nullptr, nullptr),
            CL_COMPILE_PROGRAM_FAILURE);
  EXPECT_NE(On.buildLog(Broken).find("error"), std::string::npos);
  for (cl_program P :
       {Helper1, Helper2, Apply, Clash, Missing, Uncompiled, Broken})
    EXPECT_EQ(clReleaseProgram(P), CL_SUCCESS);
}

} // namespace
