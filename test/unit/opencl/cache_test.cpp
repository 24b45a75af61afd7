//===- cache_test.cpp - Loom's program cache on disk ----------------------===//
//
// clBuildProgram through the program cache (ProgramCache.h), in a folder of
// the test's own: a build keeps its object there and a second build of the
// same program loads it (shown by putting another program's object in its
// place, whose kernel the second build then has); other options make
// another entry; an entry that does not load is compiled again and
// replaced; LOOM_PROGRAM_CACHE=0 keeps nothing. Kernels built either way
// run, every element checked.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace loom_opencl_test;

/// The program cache on, in a new folder, for one test.
class ProgramCacheTest : public testing::Test {
protected:
  void SetUp() override {
    EXPECT_TRUE(IcdChosen);
    std::string Template =
        (std::filesystem::temp_directory_path() / "loom-cache-test-XXXXXX")
            .string();
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    Folder = Template;
    setenv("LOOM_PROGRAM_CACHE_DIR", Folder.c_str(), 1);
    setenv("LOOM_PROGRAM_CACHE", "1", 1);
  }
  void TearDown() override {
    setenv("LOOM_PROGRAM_CACHE", "0", 1);
    unsetenv("LOOM_PROGRAM_CACHE_DIR");
    std::filesystem::remove_all(Folder);
  }

  /// The cache's objects.
  std::vector<std::string> objects() {
    std::vector<std::string> Found;
    for (const auto &Entry : std::filesystem::directory_iterator(Folder))
      if (Entry.path().extension() == ".o")
        Found.push_back(Entry.path().string());
    return Found;
  }

  std::string Folder;
};

const char *Twice = R"(
__kernel void twice(__global int *p) { p[get_global_id(0)] *= 2; })";
const char *Thrice = R"(
__kernel void thrice(__global int *p) { p[get_global_id(0)] *= 3; })";

std::string kernelNames(cl_program Program) {
  char Names[128] = {};
  EXPECT_EQ(clGetProgramInfo(Program, CL_PROGRAM_KERNEL_NAMES, sizeof Names,
                             Names, nullptr),
            CL_SUCCESS);
  return Names;
}

/// Runs kernel \p Name of \p Program over 1..64; what it made.
std::vector<cl_int> run(OnDevice &On, cl_program Program, const char *Name) {
  std::vector<cl_int> Values(64);
  for (size_t I = 0; I < Values.size(); ++I)
    Values[I] = static_cast<cl_int>(I + 1);
  cl_mem P = On.buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                       Values.size() * sizeof(cl_int), Values.data());
  cl_kernel Kernel = On.kernel(Program, Name);
  EXPECT_EQ(clSetKernelArg(Kernel, 0, sizeof P, &P), CL_SUCCESS);
  const size_t N = Values.size();
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, P, CL_TRUE, 0, N * sizeof(cl_int),
                                Values.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  return Values;
}

void copyFile(const std::string &From, const std::string &To) {
  std::ifstream In(From, std::ios::binary);
  std::ofstream Out(To, std::ios::binary | std::ios::trunc);
  Out << In.rdbuf();
}

TEST_F(ProgramCacheTest, ASecondBuildLoadsTheFirstOnesObject) {
  OnDevice On(loomDevices()[0]);
  On.program(Twice);
  std::vector<std::string> First = objects();
  ASSERT_EQ(First.size(), 1u);
  On.program(Thrice);
  std::vector<std::string> Both = objects();
  ASSERT_EQ(Both.size(), 2u);
  std::string ThriceEntry = Both[0] == First[0] ? Both[1] : Both[0];
  // Other options: an entry of their own.
  On.program(Twice, "-cl-wfv=never");
  EXPECT_EQ(objects().size(), 3u);

  // With thrice's object in twice's entry, a build of twice loads it.
  copyFile(ThriceEntry, First[0]);
  cl_program Loaded = On.program(Twice);
  EXPECT_EQ(kernelNames(Loaded), "thrice");
  std::vector<cl_int> Values = run(On, Loaded, "thrice");
  for (size_t I = 0; I < Values.size(); ++I)
    ASSERT_EQ(Values[I], 3 * static_cast<cl_int>(I + 1)) << "at " << I;
}

TEST_F(ProgramCacheTest, AnEntryThatDoesNotLoadIsCompiledAgain) {
  OnDevice On(loomDevices()[0]);
  On.program(Twice);
  std::vector<std::string> Entries = objects();
  ASSERT_EQ(Entries.size(), 1u);
  {
    std::ofstream Broken(Entries[0], std::ios::trunc);
    Broken << "not an object";
  }
  cl_program Program = On.program(Twice);
  std::vector<cl_int> Values = run(On, Program, "twice");
  for (size_t I = 0; I < Values.size(); ++I)
    ASSERT_EQ(Values[I], 2 * static_cast<cl_int>(I + 1)) << "at " << I;
  std::ifstream Replaced(Entries[0], std::ios::binary);
  std::string Head(4, '\0');
  Replaced.read(Head.data(), 4);
  EXPECT_EQ(Head, "\x7f"
                  "ELF");
}

TEST_F(ProgramCacheTest, IsOffWithLoomProgramCacheZero) {
  setenv("LOOM_PROGRAM_CACHE", "0", 1);
  OnDevice On(loomDevices()[0]);
  On.program(Twice);
  EXPECT_TRUE(objects().empty());
}

} // namespace
