//===- compile_options_test.cpp - What build options promise --------------===//
///
/// compiler/pipeline/CompileOptions.h: which builds promise uniform
/// work-groups, the rule the OpenCL layer applies to every launch (a
/// non-uniform range of such a build is CL_INVALID_WORK_GROUP_SIZE).
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

using compiler::CompileOptions;
using compiler::ProgramInput;

namespace {

CompileOptions parsed(const char *Options) {
  CompileOptions Opts;
  llvm::Error E = Opts.parseBuildOptions(Options);
  EXPECT_FALSE(E) << "'" << Options << "': " << llvm::toString(std::move(E));
  return Opts;
}

TEST(CompileOptions, OpenCLC1SourceRequiresUniformWorkGroups) {
  for (const char *Options : {"", "-cl-std=CL1.2", "-cl-std=CL1.2 -w"})
    EXPECT_TRUE(parsed(Options).requiresUniformWorkGroups(ProgramInput::Source))
        << "'" << Options << "'";
}

TEST(CompileOptions, OpenCLC3SourceAllowsNonUniformWorkGroups) {
  EXPECT_FALSE(
      parsed("-cl-std=CL3.0").requiresUniformWorkGroups(ProgramInput::Source));
}

TEST(CompileOptions, SPIRVHasNoOpenCLCVersionToRequireUniformWorkGroups) {
  for (const char *Options : {"", "-cl-std=CL1.2", "-cl-std=CL3.0"})
    EXPECT_FALSE(parsed(Options).requiresUniformWorkGroups(ProgramInput::SPIRV))
        << "'" << Options << "'";
}

TEST(CompileOptions, TheUniformFlagRequiresUniformWorkGroupsOfEveryInput) {
  for (ProgramInput Input : {ProgramInput::Source, ProgramInput::SPIRV})
    EXPECT_TRUE(parsed("-cl-std=CL3.0 -cl-uniform-work-group-size")
                    .requiresUniformWorkGroups(Input));
}

} // namespace
