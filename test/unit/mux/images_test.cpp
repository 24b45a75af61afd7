//===- images_test.cpp - Images: layout, binding and their commands -------===//
///
/// The layout muxCreateImage chooses for each type, the texel descriptions
/// kernels read (metadata/image.h), every image command run on the driver
/// with every byte it should change and every byte it should not checked,
/// and each documented misuse.
///
//===----------------------------------------------------------------------===//

#include "MuxDeviceTest.h"
#include "mux/mux.h"
#include "objects.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace {

mux_image_desc_s describe(uint32_t Type, uint64_t W, uint64_t H = 0,
                          uint64_t D = 0, uint64_t Layers = 0) {
  mux_image_desc_s Desc = {};
  Desc.type = Type;
  Desc.channel_order = LOOM_ORDER_RGBA;
  Desc.channel_type = LOOM_TYPE_UNORM_INT8;
  Desc.width = W;
  Desc.height = H;
  Desc.depth = D;
  Desc.array_size = Layers;
  return Desc;
}

class MuxImagesTest : public MuxDeviceTest {
protected:
  void SetUp() override {
    MuxDeviceTest::SetUp();
    ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  }
  void TearDown() override {
    muxDestroyCommandBuffer(Device, CB);
    for (mux_image_t I : Images)
      muxDestroyImage(Device, I);
    for (mux_buffer_t B : Buffers)
      muxDestroyBuffer(Device, B);
    for (mux_memory_t M : Memories)
      muxFreeMemory(Device, M);
    MuxDeviceTest::TearDown();
  }

  mux_memory_t memory(uint64_t Size) {
    mux_memory_t Memory = nullptr;
    EXPECT_EQ(muxAllocateMemory(Device, Size, 0,
                                mux_memory_property_host_coherent, &Memory),
              mux_success);
    Memories.push_back(Memory);
    return Memory;
  }

  /// An image as \p Desc says, bound to memory of its own whose bytes
  /// count up from 0.
  mux_image_t image(const mux_image_desc_s &Desc) {
    mux_image_t Image = nullptr;
    EXPECT_EQ(muxCreateImage(Device, &Desc, &Image), mux_success);
    if (!Image)
      return nullptr;
    Images.push_back(Image);
    uint64_t Size = 0;
    EXPECT_EQ(muxGetImageLayout(Image, &Size, nullptr, nullptr), mux_success);
    mux_memory_t Memory = memory(Size);
    void *Bytes = nullptr;
    EXPECT_EQ(muxMapMemory(Device, Memory, 0, Size, &Bytes), mux_success);
    std::iota(static_cast<uint8_t *>(Bytes),
              static_cast<uint8_t *>(Bytes) + Size, uint8_t(0));
    EXPECT_EQ(muxBindImageMemory(Device, Memory, Image, 0), mux_success);
    return Image;
  }

  mux_buffer_t buffer(uint64_t Size) {
    mux_buffer_t Buffer = nullptr;
    EXPECT_EQ(muxCreateBuffer(Device, Size, &Buffer), mux_success);
    Buffers.push_back(Buffer);
    EXPECT_EQ(muxBindBufferMemory(Device, memory(Size), Buffer, 0),
              mux_success);
    return Buffer;
  }

  void run() {
    ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
    ASSERT_EQ(muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr,
                          nullptr),
              mux_success);
    ASSERT_EQ(muxWaitAll(Queue), mux_success);
  }

  mux_command_buffer_t CB = nullptr;
  std::vector<mux_memory_t> Memories;
  std::vector<mux_buffer_t> Buffers;
  std::vector<mux_image_t> Images;
};

TEST_F(MuxImagesTest, EachTypeIsLaidOutAsRowsThenSlicesOrLayers) {
  struct Case {
    mux_image_desc_s Desc;
    uint64_t Size, RowPitch, SlicePitch;
    uint32_t Width, Height, Depth, Layers;
  };
  for (const Case &C :
       {Case{describe(LOOM_IMAGE_1D, 5), 20, 20, 20, 5, 1, 1, 1},
        Case{describe(LOOM_IMAGE_1D_BUFFER, 9), 36, 36, 36, 9, 1, 1, 1},
        Case{describe(LOOM_IMAGE_1D_ARRAY, 5, 0, 0, 3), 60, 20, 20, 5, 1, 1, 3},
        Case{describe(LOOM_IMAGE_2D, 5, 3), 60, 20, 60, 5, 3, 1, 1},
        Case{describe(LOOM_IMAGE_2D_ARRAY, 5, 3, 0, 2), 120, 20, 60, 5, 3, 1,
             2},
        Case{describe(LOOM_IMAGE_3D, 5, 3, 4), 240, 20, 60, 5, 3, 4, 1}}) {
    SCOPED_TRACE("type " + std::to_string(C.Desc.type));
    mux_image_t Image = image(C.Desc);
    ASSERT_NE(Image, nullptr);
    uint64_t Size, Row, Slice;
    ASSERT_EQ(muxGetImageLayout(Image, &Size, &Row, &Slice), mux_success);
    EXPECT_EQ(Size, C.Size);
    EXPECT_EQ(Row, C.RowPitch);
    EXPECT_EQ(Slice, C.SlicePitch);
    const loom_image_t &H = *Image->Header;
    EXPECT_EQ(H.data, reinterpret_cast<uint64_t>(Image->Data));
    EXPECT_EQ(H.row_pitch, C.RowPitch);
    EXPECT_EQ(H.slice_pitch, C.SlicePitch);
    EXPECT_EQ(H.width, C.Width);
    EXPECT_EQ(H.height, C.Height);
    EXPECT_EQ(H.depth, C.Depth);
    EXPECT_EQ(H.array_size, C.Layers);
    EXPECT_EQ(H.element_size, 4u);
    EXPECT_EQ(H.channel_order, uint32_t(LOOM_ORDER_RGBA));
    EXPECT_EQ(H.channel_type, uint32_t(LOOM_TYPE_UNORM_INT8));
    EXPECT_EQ(H.type, C.Desc.type);
  }
}

TEST_F(MuxImagesTest, PitchesMayLeaveRoom) {
  mux_image_desc_s Desc = describe(LOOM_IMAGE_2D_ARRAY, 3, 2, 0, 2);
  Desc.row_pitch = 16;
  Desc.slice_pitch = 40;
  mux_image_t Image = image(Desc);
  uint64_t Size;
  ASSERT_EQ(muxGetImageLayout(Image, &Size, nullptr, nullptr), mux_success);
  EXPECT_EQ(Size, 40u + 16 + 12);
  // Reading the whole image packs it: the bytes of each row, skipping the
  // room between rows and between layers.
  mux_image_box_s Box = {{0, 0, 0}, {3, 2, 2}};
  std::vector<uint8_t> Out(48, 0xee);
  ASSERT_EQ(muxCommandReadImage(CB, Image, &Box, Out.data(), 0, 0),
            mux_success);
  run();
  for (size_t Layer = 0; Layer < 2; ++Layer)
    for (size_t Row = 0; Row < 2; ++Row)
      for (size_t B = 0; B < 12; ++B)
        EXPECT_EQ(Out[Layer * 24 + Row * 12 + B],
                  uint8_t(Layer * 40 + Row * 16 + B));
}

TEST_F(MuxImagesTest, WriteAndReadMoveExactlyTheBox) {
  mux_image_t Image = image(describe(LOOM_IMAGE_3D, 4, 3, 3));
  // Texel (1, 1, 1) to (2, 2, 2): 2 x 2 x 2 texels of 4 bytes, from host
  // memory with rows of 10 bytes and slices of 25.
  std::vector<uint8_t> In(50);
  std::iota(In.begin(), In.end(), uint8_t(200));
  mux_image_box_s Box = {{1, 1, 1}, {2, 2, 2}};
  ASSERT_EQ(muxCommandWriteImage(CB, Image, &Box, In.data(), 10, 25),
            mux_success);
  mux_image_box_s All = {{0, 0, 0}, {4, 3, 3}};
  std::vector<uint8_t> Out(144);
  ASSERT_EQ(muxCommandReadImage(CB, Image, &All, Out.data(), 0, 0),
            mux_success);
  run();
  for (size_t Z = 0; Z < 3; ++Z)
    for (size_t Y = 0; Y < 3; ++Y)
      for (size_t X = 0; X < 16; ++X) {
        size_t At = Z * 48 + Y * 16 + X;
        bool Inside = Z >= 1 && Y >= 1 && X >= 4 && X < 12;
        uint8_t Want =
            Inside ? In[(Z - 1) * 25 + (Y - 1) * 10 + (X - 4)] : uint8_t(At);
        EXPECT_EQ(Out[At], Want) << Z << " " << Y << " " << X;
      }
}

TEST_F(MuxImagesTest, CopyFillAndBufferCopiesMoveTexels) {
  mux_image_t A = image(describe(LOOM_IMAGE_2D, 4, 4));
  mux_image_t B = image(describe(LOOM_IMAGE_2D, 4, 4));
  // A's texels (0, 0) to (1, 1) into B at (2, 1); then B's row 3 filled.
  mux_image_box_s Box = {{0, 0, 0}, {2, 2, 1}};
  const uint64_t To[3] = {2, 1, 0};
  ASSERT_EQ(muxCommandCopyImage(CB, A, B, &Box, To), mux_success);
  const uint8_t Texel[4] = {9, 8, 7, 6};
  mux_image_box_s Row = {{0, 3, 0}, {4, 1, 1}};
  ASSERT_EQ(muxCommandFillImage(CB, B, Texel, &Row), mux_success);
  // B whole into a buffer at 4, then the buffer's texels 1 and 2 back into
  // A's texels (3, 0) and (3, 1) as a 1 x 2 box.
  mux_buffer_t Buffer = buffer(72);
  mux_image_box_s All = {{0, 0, 0}, {4, 4, 1}};
  ASSERT_EQ(muxCommandCopyImageToBuffer(CB, B, &All, Buffer, 4), mux_success);
  mux_image_box_s Column = {{3, 0, 0}, {1, 2, 1}};
  ASSERT_EQ(muxCommandCopyBufferToImage(CB, Buffer, 8, A, &Column),
            mux_success);
  std::vector<uint8_t> OutA(64), OutB(72);
  ASSERT_EQ(muxCommandReadImage(CB, A, &All, OutA.data(), 0, 0), mux_success);
  ASSERT_EQ(muxCommandReadBuffer(CB, Buffer, 0, OutB.data(), 72), mux_success);
  run();
  std::vector<uint8_t> WantB(64);
  std::iota(WantB.begin(), WantB.end(), uint8_t(0)); // B's own bytes
  for (int Y = 0; Y < 2; ++Y)
    for (int X = 0; X < 8; ++X)
      WantB[(1 + Y) * 16 + 8 + X] = uint8_t(Y * 16 + X);
  for (int X = 0; X < 16; ++X)
    WantB[48 + X] = Texel[X % 4];
  EXPECT_EQ(std::vector<uint8_t>(OutB.begin() + 4, OutB.begin() + 68), WantB);
  std::vector<uint8_t> WantA(64);
  std::iota(WantA.begin(), WantA.end(), uint8_t(0));
  // A's column 3, rows 0 and 1: the packed texels 1 and 2 of the buffer
  // from byte 8, which are B's texels (1, 0) and (2, 0).
  for (int Y = 0; Y < 2; ++Y)
    for (int K = 0; K < 4; ++K)
      WantA[Y * 16 + 12 + K] = WantB[4 + Y * 4 + K];
  EXPECT_EQ(OutA, WantA);
}

TEST_F(MuxImagesTest, MisuseIsRefusedWithTheDocumentedCode) {
  mux_image_t Image = nullptr;
  mux_image_desc_s Desc = describe(LOOM_IMAGE_2D, 4, 4);
  EXPECT_EQ(muxCreateImage(Device, nullptr, &Image),
            mux_error_null_out_parameter);
  EXPECT_EQ(muxCreateImage(nullptr, &Desc, &Image), mux_error_invalid_handle);
  auto Refused = [&](mux_image_desc_s D) {
    mux_image_t I = nullptr;
    mux_result_t R = muxCreateImage(Device, &D, &I);
    muxDestroyImage(Device, I);
    return R == mux_error_invalid_value && !I;
  };
  mux_image_desc_s Bad = Desc;
  Bad.type = 99;
  EXPECT_TRUE(Refused(Bad)) << "unknown type";
  Bad = Desc;
  Bad.channel_order = LOOM_ORDER_BGRA;
  Bad.channel_type = LOOM_TYPE_FLOAT;
  EXPECT_TRUE(Refused(Bad)) << "BGRA of floats";
  Bad = Desc;
  Bad.height = 0;
  EXPECT_TRUE(Refused(Bad)) << "no height";
  Bad = Desc;
  Bad.width = MUX_IMAGE_MAX_2D_SIZE + 1;
  EXPECT_TRUE(Refused(Bad)) << "too wide";
  Bad = Desc;
  Bad.row_pitch = 15;
  EXPECT_TRUE(Refused(Bad)) << "pitch smaller than a row";
  Bad.row_pitch = 18;
  EXPECT_TRUE(Refused(Bad)) << "pitch not a multiple of a texel";

  mux_image_t A = image(Desc);
  mux_memory_t Memory = memory(256);
  EXPECT_EQ(muxBindImageMemory(Device, Memory, A, 0), mux_error_invalid_state);
  mux_image_t Unbound = nullptr;
  Desc.channel_type = LOOM_TYPE_FLOAT;
  ASSERT_EQ(muxCreateImage(Device, &Desc, &Unbound), mux_success);
  Images.push_back(Unbound);
  EXPECT_EQ(muxBindImageMemory(Device, Memory, Unbound, 2),
            mux_error_invalid_value)
      << "misaligned";
  EXPECT_EQ(muxBindImageMemory(Device, Memory, Unbound, 4),
            mux_error_invalid_value)
      << "does not fit";

  mux_image_box_s Box = {{0, 0, 0}, {4, 4, 1}};
  std::vector<uint8_t> Host(64);
  EXPECT_EQ(muxCommandReadImage(CB, Unbound, &Box, Host.data(), 0, 0),
            mux_error_invalid_state);
  EXPECT_EQ(muxCommandReadImage(CB, A, nullptr, Host.data(), 0, 0),
            mux_error_null_out_parameter);
  EXPECT_EQ(muxCommandReadImage(CB, A, &Box, nullptr, 0, 0),
            mux_error_null_out_parameter);
  mux_image_box_s Outside = {{1, 0, 0}, {4, 4, 1}};
  EXPECT_EQ(muxCommandReadImage(CB, A, &Outside, Host.data(), 0, 0),
            mux_error_invalid_value);
  mux_image_box_s Empty = {{0, 0, 0}, {0, 4, 1}};
  EXPECT_EQ(muxCommandWriteImage(CB, A, &Empty, Host.data(), 0, 0),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandWriteImage(CB, A, &Box, Host.data(), 8, 0),
            mux_error_invalid_value)
      << "host pitch smaller than a row";
  mux_image_box_s Half = {{0, 0, 0}, {2, 4, 1}};
  const uint64_t Overlapping[3] = {1, 0, 0};
  EXPECT_EQ(muxCommandCopyImage(CB, A, A, &Half, Overlapping),
            mux_error_invalid_value);
  mux_image_t Floats = image(Desc);
  const uint64_t Origin[3] = {0, 0, 0};
  EXPECT_EQ(muxCommandCopyImage(CB, A, Floats, &Box, Origin),
            mux_error_invalid_value)
      << "formats differ";
  mux_buffer_t Small = buffer(63);
  EXPECT_EQ(muxCommandCopyImageToBuffer(CB, A, &Box, Small, 0),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandCopyBufferToImage(CB, Small, 0, A, &Box),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandFillImage(CB, A, nullptr, &Box),
            mux_error_null_out_parameter);
  EXPECT_EQ(muxGetImageLayout(nullptr, nullptr, nullptr, nullptr),
            mux_error_invalid_handle);
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  EXPECT_EQ(muxCommandFillImage(CB, A, Host.data(), &Box),
            mux_error_invalid_state);
}

} // namespace
