//===- byte_io_test.cpp - Tests of cargo::ByteReader/ByteWriter -----------===//

#include "cargo/byte_io.h"

#include <gtest/gtest.h>

namespace {

TEST(ByteIO, RoundTripsIntegersAndStrings) {
  cargo::ByteWriter W;
  W.write<uint8_t>(0xab);
  W.write<int16_t>(-2);
  W.write<uint32_t>(0x01020304);
  W.write<uint64_t>(0x1122334455667788ull);
  W.writeString("kernel");
  cargo::ByteReader R(W.bytes().data(), W.size());
  EXPECT_EQ(R.read<uint8_t>(), 0xab);
  EXPECT_EQ(R.read<int16_t>(), -2);
  EXPECT_EQ(R.read<uint32_t>(), 0x01020304u);
  EXPECT_EQ(R.read<uint64_t>(), 0x1122334455667788ull);
  EXPECT_EQ(R.readString(), "kernel");
  EXPECT_TRUE(R.ok());
  EXPECT_EQ(R.remaining(), 0u);
}

TEST(ByteIO, WritesLittleEndian) {
  cargo::ByteWriter W;
  W.write<uint32_t>(0x01020304);
  ASSERT_EQ(W.size(), 4u);
  EXPECT_EQ(W.bytes()[0], 0x04);
  EXPECT_EQ(W.bytes()[3], 0x01);
}

TEST(ByteIO, ShortReadFailsAndRemembersWhere) {
  const uint8_t Bytes[] = {1, 2, 3};
  cargo::ByteReader R(Bytes, sizeof(Bytes));
  EXPECT_EQ(R.read<uint16_t>(), 0x0201);
  EXPECT_EQ(R.read<uint32_t>(), 0u);
  EXPECT_FALSE(R.ok());
  EXPECT_EQ(R.failureOffset(), 2u);
  // Once failed, reads return zero even where bytes remain.
  EXPECT_EQ(R.read<uint8_t>(), 0u);
}

TEST(ByteIO, StringLongerThanDataFails) {
  cargo::ByteWriter W;
  W.write<uint32_t>(1000); // Claims 1000 characters, has none.
  cargo::ByteReader R(W.bytes().data(), W.size());
  EXPECT_EQ(R.readString(), "");
  EXPECT_FALSE(R.ok());
}

TEST(ByteIO, StringOverMaximumFails) {
  cargo::ByteWriter W;
  W.writeString("abcdef");
  cargo::ByteReader R(W.bytes().data(), W.size());
  EXPECT_EQ(R.readString(/*MaxLength=*/3), "");
  EXPECT_FALSE(R.ok());
}

TEST(ByteIO, SubReaderIsBounded) {
  cargo::ByteWriter W;
  W.write<uint32_t>(7);
  W.write<uint32_t>(9);
  cargo::ByteReader R(W.bytes().data(), W.size());
  cargo::ByteReader Sub = R.sub(4);
  EXPECT_EQ(Sub.read<uint32_t>(), 7u);
  EXPECT_EQ(Sub.read<uint32_t>(), 0u);
  EXPECT_FALSE(Sub.ok());
  EXPECT_EQ(R.read<uint32_t>(), 9u);
  EXPECT_TRUE(R.ok());
}

} // namespace
