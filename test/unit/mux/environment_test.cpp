//===- environment_test.cpp - The driver's environment settings -----------===//

#include "environment.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

constexpr const char *Name = "LOOM_TEST_ENVIRONMENT_COUNT";

std::optional<uint64_t> readAs(const char *Text) {
  setenv(Name, Text, 1);
  std::optional<uint64_t> Value = mux::readEnvironmentCount(Name, 1, 1024);
  unsetenv(Name);
  return Value;
}

TEST(EnvironmentTest, AcceptsACountInRange) {
  EXPECT_EQ(readAs("1"), 1u);
  EXPECT_EQ(readAs("64"), 64u);
  EXPECT_EQ(readAs("1024"), 1024u);
}

TEST(EnvironmentTest, IgnoresUnsetAndOutOfRange) {
  unsetenv(Name);
  EXPECT_EQ(mux::readEnvironmentCount(Name, 1, 1024), std::nullopt);
  EXPECT_EQ(readAs("0"), std::nullopt);
  EXPECT_EQ(readAs("1025"), std::nullopt);
  EXPECT_EQ(readAs("99999999999999999999999"), std::nullopt);
}

TEST(EnvironmentTest, IgnoresWhatIsNotADecimalCount) {
  for (const char *Text : {"", " 4", "+4", "-4", "4 ", "4x", "0x10", "four"})
    EXPECT_EQ(readAs(Text), std::nullopt) << '"' << Text << '"';
}

} // namespace
