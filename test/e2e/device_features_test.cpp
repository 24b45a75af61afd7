//===- device_features_test.cpp - Driver and compiler agree on features ---===//
///
/// The reference driver reports the OpenCL C extensions and features its
/// device runs (mux_device_info_s::builtin_features); the compiler reports
/// what the builtins library provides (compiler::OpenCLExtensions). The two
/// lists are kept by hand in two layers that may not include each other, so
/// this test holds them equal.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/CompileOptions.h"
#include "mux/mux.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

namespace {

TEST(DeviceFeatures, DriverAndCompilerAgree) {
  std::set<std::string> Compiler;
  std::stringstream Ext(compiler::OpenCLExtensions);
  for (std::string Item; std::getline(Ext, Item, ',');)
    if (Item != "-all") {
      ASSERT_EQ(Item[0], '+') << Item;
      Compiler.insert(Item.substr(1));
    }
  mux_device_info_t Info;
  uint32_t Count = 0;
  ASSERT_EQ(muxGetDeviceInfos(1, &Info, &Count), mux_success);
  std::set<std::string> Driver;
  std::stringstream Features(Info->builtin_features);
  for (std::string Item; Features >> Item;)
    if (Item.rfind("CL", 0) != 0)
      Driver.insert(Item);
  EXPECT_EQ(Driver, Compiler);
}

} // namespace
