//===- expected_test.cpp - Tests of cargo::expected -----------------------===//

#include "cargo/expected.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

cargo::expected<int, std::string> parsePositive(int Value) {
  if (Value <= 0)
    return cargo::unexpected(std::string("not positive"));
  return Value;
}

TEST(Expected, HoldsValue) {
  auto Result = parsePositive(3);
  ASSERT_TRUE(Result.has_value());
  EXPECT_EQ(*Result, 3);
}

TEST(Expected, HoldsError) {
  auto Result = parsePositive(-1);
  ASSERT_FALSE(Result);
  EXPECT_EQ(Result.error(), "not positive");
}

TEST(Expected, MovesOutMoveOnlyValue) {
  cargo::expected<std::unique_ptr<int>, std::string> Result =
      std::make_unique<int>(7);
  std::unique_ptr<int> Taken = std::move(Result).value();
  ASSERT_NE(Taken, nullptr);
  EXPECT_EQ(*Taken, 7);
}

} // namespace
