//===- commands_test.cpp - Copy, fill, region, callback and query commands ===//
///
/// Each command run on the driver with every byte it should change and every
/// byte it should not checked, and each documented misuse.
///
//===----------------------------------------------------------------------===//

#include "MuxDeviceTest.h"
#include "mux/mux.h"

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

namespace {

class MuxCommandsTest : public MuxDeviceTest {
protected:
  void SetUp() override {
    MuxDeviceTest::SetUp();
    ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  }
  void TearDown() override {
    muxDestroyCommandBuffer(Device, CB);
    for (mux_buffer_t B : Buffers)
      muxDestroyBuffer(Device, B);
    for (mux_memory_t M : Memories)
      muxFreeMemory(Device, M);
    MuxDeviceTest::TearDown();
  }

  /// A buffer holding \p Bytes, written by this test's command buffer.
  mux_buffer_t buffer(const std::vector<uint8_t> &Bytes) {
    mux_memory_t Memory;
    mux_buffer_t Buffer;
    EXPECT_EQ(muxAllocateMemory(Device, Bytes.size(), 0,
                                mux_memory_property_host_coherent, &Memory),
              mux_success);
    EXPECT_EQ(muxCreateBuffer(Device, Bytes.size(), &Buffer), mux_success);
    EXPECT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 0), mux_success);
    Memories.push_back(Memory);
    Buffers.push_back(Buffer);
    Initial.push_back(Bytes);
    EXPECT_EQ(muxCommandWriteBuffer(CB, Buffer, 0, Initial.back().data(),
                                    Bytes.size()),
              mux_success);
    return Buffer;
  }

  /// Finishes the command buffer with a read of \p Buffer and runs it.
  std::vector<uint8_t> runAndRead(mux_buffer_t Buffer, size_t Size) {
    std::vector<uint8_t> Out(Size);
    EXPECT_EQ(muxCommandReadBuffer(CB, Buffer, 0, Out.data(), Size),
              mux_success);
    EXPECT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
    EXPECT_EQ(muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr,
                          nullptr),
              mux_success);
    EXPECT_EQ(muxWaitAll(Queue), mux_success);
    return Out;
  }

  static std::vector<uint8_t> iota(size_t N, uint8_t Start) {
    std::vector<uint8_t> V(N);
    std::iota(V.begin(), V.end(), Start);
    return V;
  }

  mux_command_buffer_t CB = nullptr;
  std::vector<mux_memory_t> Memories;
  std::vector<mux_buffer_t> Buffers;
  std::vector<std::vector<uint8_t>> Initial;
};

TEST_F(MuxCommandsTest, CopyBufferMovesExactlyTheRange) {
  mux_buffer_t Src = buffer(iota(64, 100)),
               Dst = buffer(std::vector<uint8_t>(64, 0));
  ASSERT_EQ(muxCommandCopyBuffer(CB, Src, 8, Dst, 16, 20), mux_success);
  std::vector<uint8_t> Out = runAndRead(Dst, 64);
  for (size_t I = 0; I < 64; ++I)
    ASSERT_EQ(Out[I], I >= 16 && I < 36 ? uint8_t(100 + 8 + I - 16) : 0) << I;
}

TEST_F(MuxCommandsTest, CopyBufferOverlappingWithinOneBuffer) {
  mux_buffer_t B = buffer(iota(32, 0));
  ASSERT_EQ(muxCommandCopyBuffer(CB, B, 0, B, 4, 16), mux_success);
  std::vector<uint8_t> Out = runAndRead(B, 32);
  for (size_t I = 0; I < 32; ++I)
    ASSERT_EQ(Out[I], I >= 4 && I < 20 ? uint8_t(I - 4) : uint8_t(I)) << I;
}

TEST_F(MuxCommandsTest, CopyBufferOutOfRange) {
  mux_buffer_t Src = buffer(iota(16, 0)), Dst = buffer(iota(16, 0));
  EXPECT_EQ(muxCommandCopyBuffer(CB, Src, 8, Dst, 0, 16),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandCopyBuffer(CB, Src, 0, nullptr, 0, 4),
            mux_error_invalid_handle);
}

TEST_F(MuxCommandsTest, FillBufferRepeatsThePattern) {
  mux_buffer_t B = buffer(std::vector<uint8_t>(40, 0xee));
  const uint32_t Pattern = 0x04030201;
  ASSERT_EQ(muxCommandFillBuffer(CB, B, 8, 24, &Pattern, 4), mux_success);
  std::vector<uint8_t> Out = runAndRead(B, 40);
  for (size_t I = 0; I < 40; ++I)
    ASSERT_EQ(Out[I], I >= 8 && I < 32 ? uint8_t(1 + (I - 8) % 4) : 0xee) << I;
}

// Large fills are shared out among the workers in pieces that may begin
// inside a pattern; a pattern of one repeated byte takes another path.
TEST_F(MuxCommandsTest, LargeFillsRepeatEveryPatternSize) {
  // A length the pieces do not cut at multiples of the pattern.
  const size_t Size = (3 << 20) + 4096, Offset = 128, Length = (3 << 20) + 896;
  for (size_t PatternSize = 1; PatternSize <= 128; PatternSize *= 2) {
    for (bool Uniform : {false, true}) {
      SCOPED_TRACE(std::to_string(PatternSize) + (Uniform ? " uniform" : ""));
      // A command buffer of its own: runAndRead finalizes the last one.
      muxDestroyCommandBuffer(Device, CB);
      ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
      mux_buffer_t B = buffer(std::vector<uint8_t>(Size, 0xee));
      std::vector<uint8_t> Pattern =
          Uniform ? std::vector<uint8_t>(PatternSize, 0x5a)
                  : iota(PatternSize, 1);
      ASSERT_EQ(muxCommandFillBuffer(CB, B, Offset, Length, Pattern.data(),
                                     PatternSize),
                mux_success);
      std::vector<uint8_t> Out = runAndRead(B, Size);
      for (size_t I = 0; I < Size; ++I) {
        bool Filled = I >= Offset && I < Offset + Length;
        ASSERT_EQ(Out[I], Filled ? Pattern[(I - Offset) % PatternSize] : 0xee)
            << "byte " << I;
      }
    }
  }
}

TEST_F(MuxCommandsTest, FillBufferBadPattern) {
  mux_buffer_t B = buffer(std::vector<uint8_t>(64, 0));
  uint8_t Pattern[256] = {};
  EXPECT_EQ(muxCommandFillBuffer(CB, B, 0, 12, Pattern, 3),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandFillBuffer(CB, B, 0, 64, Pattern, 256),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandFillBuffer(CB, B, 2, 8, Pattern, 4),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandFillBuffer(CB, B, 0, 8, nullptr, 4),
            mux_error_null_out_parameter);
}

TEST_F(MuxCommandsTest, CopyRegionOf2DSubRectangle) {
  // Source: 8x6 bytes, row pitch 8; copy the 3x2 box at (2, 1) to the
  // destination's (1, 3), whose rows are 5 bytes apart.
  mux_buffer_t Src = buffer(iota(48, 0)),
               Dst = buffer(std::vector<uint8_t>(40, 0xff));
  mux_buffer_region_info_s Region = {};
  Region.region[0] = 3, Region.region[1] = 2, Region.region[2] = 1;
  Region.src_origin[0] = 2, Region.src_origin[1] = 1;
  Region.dst_origin[0] = 1, Region.dst_origin[1] = 3;
  Region.src_pitch[0] = 8;
  Region.dst_pitch[0] = 5;
  ASSERT_EQ(muxCommandCopyBufferRegion(CB, Src, Dst, &Region), mux_success);
  std::vector<uint8_t> Out = runAndRead(Dst, 40);
  for (size_t Row = 0; Row < 8; ++Row)
    for (size_t X = 0; X < 5; ++X) {
      bool Inside = Row >= 3 && Row < 5 && X >= 1 && X < 4;
      uint8_t Expected =
          Inside ? uint8_t((Row - 3 + 1) * 8 + (X - 1 + 2)) : 0xff;
      ASSERT_EQ(Out[Row * 5 + X], Expected) << "row " << Row << ", byte " << X;
    }
}

TEST_F(MuxCommandsTest, CopyRegionOf3DBox) {
  // A 2x2x2 box from a 4x4x4 cube (packed) to a 2x2x2 packed buffer.
  mux_buffer_t Src = buffer(iota(64, 0)),
               Dst = buffer(std::vector<uint8_t>(8, 0));
  mux_buffer_region_info_s Region = {};
  for (int D = 0; D < 3; ++D)
    Region.region[D] = 2, Region.src_origin[D] = 1;
  Region.src_pitch[0] = 4, Region.src_pitch[1] = 16;
  ASSERT_EQ(muxCommandCopyBufferRegion(CB, Src, Dst, &Region), mux_success);
  std::vector<uint8_t> Out = runAndRead(Dst, 8);
  for (size_t Z = 0; Z < 2; ++Z)
    for (size_t Y = 0; Y < 2; ++Y)
      for (size_t X = 0; X < 2; ++X)
        ASSERT_EQ(Out[Z * 4 + Y * 2 + X], (Z + 1) * 16 + (Y + 1) * 4 + X + 1);
}

TEST_F(MuxCommandsTest, CopyRegionErrors) {
  mux_buffer_t Src = buffer(iota(64, 0)), Dst = buffer(iota(64, 0));
  mux_buffer_region_info_s Region = {};
  Region.region[0] = Region.region[1] = Region.region[2] = 1;
  EXPECT_EQ(muxCommandCopyBufferRegion(CB, Src, Dst, nullptr),
            mux_error_null_out_parameter);
  Region.region[1] = 0;
  EXPECT_EQ(muxCommandCopyBufferRegion(CB, Src, Dst, &Region),
            mux_error_invalid_value);
  Region.region[0] = 8, Region.region[1] = 8;
  Region.src_pitch[0] = 4; // Narrower than the box.
  EXPECT_EQ(muxCommandCopyBufferRegion(CB, Src, Dst, &Region),
            mux_error_invalid_value);
  Region.src_pitch[0] = 8;
  Region.src_origin[1] = 1; // Runs past the end.
  EXPECT_EQ(muxCommandCopyBufferRegion(CB, Src, Dst, &Region),
            mux_error_invalid_value);
  Region.src_origin[1] = 0;
  EXPECT_EQ(muxCommandCopyBufferRegion(CB, Src, Src, &Region),
            mux_error_invalid_value)
      << "overlapping boxes of one buffer";
}

TEST_F(MuxCommandsTest, UserCallbacksRunInOrder) {
  std::vector<int> Calls;
  auto Record = [](mux_queue_t, mux_command_buffer_t, void *Data) {
    auto *Seen = static_cast<std::vector<int> *>(Data);
    Seen->push_back(static_cast<int>(Seen->size()));
  };
  mux_buffer_t B = buffer(std::vector<uint8_t>(4, 0));
  ASSERT_EQ(muxCommandUserCallback(CB, Record, &Calls), mux_success);
  ASSERT_EQ(muxCommandUserCallback(CB, Record, &Calls), mux_success);
  EXPECT_EQ(muxCommandUserCallback(CB, nullptr, &Calls),
            mux_error_null_out_parameter);
  runAndRead(B, 4);
  EXPECT_EQ(Calls, (std::vector<int>{0, 1}));
}

TEST_F(MuxCommandsTest, QueryMeasuresTheCommandsBetween) {
  mux_query_pool_t Pool;
  ASSERT_EQ(muxCreateQueryPool(Device, 2, &Pool), mux_success);
  mux_buffer_t B = buffer(std::vector<uint8_t>(1 << 20, 1));
  uint64_t Durations[2];
  EXPECT_EQ(muxGetQueryPoolResults(Pool, 0, 1, Durations),
            mux_error_invalid_state)
      << "not run yet";
  ASSERT_EQ(muxCommandBeginQuery(CB, Pool, 1), mux_success);
  const uint8_t Zero = 0;
  ASSERT_EQ(muxCommandFillBuffer(CB, B, 0, 1 << 20, &Zero, 1), mux_success);
  ASSERT_EQ(muxCommandEndQuery(CB, Pool, 1), mux_success);
  EXPECT_EQ(muxCommandEndQuery(CB, Pool, 2), mux_error_invalid_value);
  runAndRead(B, 16);
  ASSERT_EQ(muxGetQueryPoolResults(Pool, 1, 1, Durations), mux_success);
  EXPECT_GT(Durations[0], 0u) << "filling 1 MiB takes time";
  EXPECT_EQ(muxGetQueryPoolResults(Pool, 1, 2, Durations),
            mux_error_invalid_value);
  EXPECT_EQ(muxGetQueryPoolResults(Pool, 0, 1, nullptr),
            mux_error_null_out_parameter);
  muxDestroyQueryPool(Device, Pool);
}

TEST_F(MuxCommandsTest, QueryPoolSize) {
  mux_query_pool_t Pool;
  EXPECT_EQ(muxCreateQueryPool(Device, 0, &Pool), mux_error_invalid_value);
  EXPECT_EQ(muxCreateQueryPool(nullptr, 1, &Pool), mux_error_invalid_handle);
  EXPECT_EQ(muxCreateQueryPool(Device, 1, nullptr),
            mux_error_null_out_parameter);
}

} // namespace
