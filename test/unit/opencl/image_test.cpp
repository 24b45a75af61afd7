//===- image_test.cpp - Images and samplers of the OpenCL platform --------===//
//
// clCreateImage and its errors, clGetImageInfo, clGetSupportedImageFormats,
// every image command (read, write, copy, fill, to and from buffers, map)
// with every byte checked, images made from host memory and from buffers,
// samplers, and kernels that read and write images through them, each
// result against values computed here.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numeric>

using namespace loom_opencl_test;

namespace {

cl_image_desc describe(cl_mem_object_type Type, size_t W, size_t H = 0,
                       size_t D = 0, size_t Layers = 0) {
  cl_image_desc Desc = {};
  Desc.image_type = Type;
  Desc.image_width = W;
  Desc.image_height = H;
  Desc.image_depth = D;
  Desc.image_array_size = Layers;
  return Desc;
}

constexpr cl_image_format RGBA8 = {CL_RGBA, CL_UNORM_INT8};
constexpr cl_image_format RGBAF = {CL_RGBA, CL_FLOAT};

/// Images an OnDevice releases with the rest.
struct Images {
  OnDevice &On;
  std::vector<cl_mem> Made;
  explicit Images(OnDevice &On) : On(On) {}
  ~Images() {
    for (cl_mem M : Made)
      clReleaseMemObject(M);
  }
  cl_mem make(const cl_image_format &Format, const cl_image_desc &Desc,
              cl_mem_flags Flags = CL_MEM_READ_WRITE, void *Host = nullptr) {
    cl_int Error = CL_SUCCESS;
    cl_mem Image =
        clCreateImage(On.Context, Flags, &Format, &Desc, Host, &Error);
    EXPECT_EQ(Error, CL_SUCCESS);
    if (Image)
      Made.push_back(Image);
    return Image;
  }
  cl_int error(const cl_image_format *Format, const cl_image_desc *Desc,
               cl_mem_flags Flags = CL_MEM_READ_WRITE, void *Host = nullptr) {
    cl_int Error = CL_SUCCESS;
    cl_mem Image = clCreateImage(On.Context, Flags, Format, Desc, Host, &Error);
    if (Image)
      clReleaseMemObject(Image);
    return Error;
  }
};

template <class T> T imageValue(cl_mem Image, cl_image_info Param) {
  T Value{};
  EXPECT_EQ(clGetImageInfo(Image, Param, sizeof Value, &Value, nullptr),
            CL_SUCCESS);
  return Value;
}

TEST(ClCreateImage, EachTypeIsDescribedAsCreated) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  cl_mem Buffer = On.buffer(CL_MEM_READ_WRITE, 64 * 4);
  cl_image_desc FromBuffer = describe(CL_MEM_OBJECT_IMAGE1D_BUFFER, 64);
  FromBuffer.buffer = Buffer;
  struct Case {
    cl_image_desc Desc;
    size_t Height, Depth, Layers, SlicePitch;
  };
  for (const Case &C :
       {Case{describe(CL_MEM_OBJECT_IMAGE1D, 17), 0, 0, 0, 0},
        Case{FromBuffer, 0, 0, 0, 0},
        Case{describe(CL_MEM_OBJECT_IMAGE1D_ARRAY, 17, 0, 0, 3), 0, 0, 3, 68},
        Case{describe(CL_MEM_OBJECT_IMAGE2D, 17, 5), 5, 0, 0, 0},
        Case{describe(CL_MEM_OBJECT_IMAGE2D_ARRAY, 17, 5, 0, 2), 5, 0, 2, 340},
        Case{describe(CL_MEM_OBJECT_IMAGE3D, 17, 5, 4), 5, 4, 0, 340}}) {
    SCOPED_TRACE(C.Desc.image_type);
    cl_mem Image = I.make(RGBA8, C.Desc);
    cl_mem_object_type Type = 0;
    ASSERT_EQ(
        clGetMemObjectInfo(Image, CL_MEM_TYPE, sizeof Type, &Type, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(Type, C.Desc.image_type);
    cl_image_format Format =
        imageValue<cl_image_format>(Image, CL_IMAGE_FORMAT);
    EXPECT_EQ(Format.image_channel_order, cl_channel_order(CL_RGBA));
    EXPECT_EQ(Format.image_channel_data_type, cl_channel_type(CL_UNORM_INT8));
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_ELEMENT_SIZE), 4u);
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_WIDTH), C.Desc.image_width);
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_HEIGHT), C.Height);
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_DEPTH), C.Depth);
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_ARRAY_SIZE), C.Layers);
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_ROW_PITCH),
              C.Desc.image_width * 4);
    EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_SLICE_PITCH), C.SlicePitch);
    EXPECT_EQ(imageValue<cl_mem>(Image, CL_IMAGE_BUFFER),
              C.Desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? Buffer
                                                                : nullptr);
    EXPECT_EQ(imageValue<cl_uint>(Image, CL_IMAGE_NUM_MIP_LEVELS), 0u);
  }
}

TEST(ClCreateImage, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  cl_image_desc Desc = describe(CL_MEM_OBJECT_IMAGE2D, 8, 8);
  const cl_image_format BgraFloat = {CL_BGRA, CL_FLOAT};
  const cl_image_format Srgba = {CL_sRGBA, CL_UNORM_INT8};
  const cl_image_format Unknown = {0x1234, CL_FLOAT};
  EXPECT_EQ(I.error(nullptr, &Desc), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(I.error(&BgraFloat, &Desc), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(I.error(&Unknown, &Desc), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(I.error(&Srgba, &Desc), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_EQ(I.error(&RGBA8, nullptr), CL_INVALID_IMAGE_DESCRIPTOR);
  cl_image_desc Bad = Desc;
  Bad.image_height = 0;
  EXPECT_EQ(I.error(&RGBA8, &Bad), CL_INVALID_IMAGE_DESCRIPTOR);
  Bad = Desc;
  Bad.image_width = 1 << 20;
  EXPECT_EQ(I.error(&RGBA8, &Bad), CL_INVALID_IMAGE_SIZE);
  Bad = Desc;
  Bad.image_row_pitch = 64;
  EXPECT_EQ(I.error(&RGBA8, &Bad), CL_INVALID_IMAGE_DESCRIPTOR)
      << "a pitch without a host pointer";
  std::vector<uint8_t> Host(1024);
  Bad.image_row_pitch = 30;
  EXPECT_EQ(I.error(&RGBA8, &Bad, CL_MEM_COPY_HOST_PTR, Host.data()),
            CL_INVALID_IMAGE_DESCRIPTOR)
      << "a pitch smaller than a row";
  Bad.image_row_pitch = 34;
  EXPECT_EQ(I.error(&RGBA8, &Bad, CL_MEM_COPY_HOST_PTR, Host.data()),
            CL_INVALID_IMAGE_DESCRIPTOR)
      << "a pitch not a multiple of a texel";
  Bad = Desc;
  Bad.num_samples = 2;
  EXPECT_EQ(I.error(&RGBA8, &Bad), CL_INVALID_IMAGE_DESCRIPTOR);
  Bad = Desc;
  Bad.image_type = CL_MEM_OBJECT_BUFFER;
  EXPECT_EQ(I.error(&RGBA8, &Bad), CL_INVALID_IMAGE_DESCRIPTOR);
  cl_image_desc NoBuffer = describe(CL_MEM_OBJECT_IMAGE1D_BUFFER, 8);
  EXPECT_EQ(I.error(&RGBA8, &NoBuffer), CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(I.error(&RGBA8, &Desc, CL_MEM_USE_HOST_PTR), CL_INVALID_HOST_PTR);
  EXPECT_EQ(I.error(&RGBA8, &Desc, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY),
            CL_INVALID_VALUE);
  cl_int Error = CL_SUCCESS;
  EXPECT_EQ(clCreateImage(nullptr, 0, &RGBA8, &Desc, nullptr, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_CONTEXT);
  cl_mem Image = I.make(RGBA8, Desc);
  EXPECT_EQ(clGetImageInfo(Image, 0x7777, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  cl_mem Buffer = On.buffer(CL_MEM_READ_WRITE, 64);
  size_t Width;
  EXPECT_EQ(
      clGetImageInfo(Buffer, CL_IMAGE_WIDTH, sizeof Width, &Width, nullptr),
      CL_INVALID_MEM_OBJECT);
  // Buffer commands do not take images.
  uint8_t Bytes[16];
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, Image, CL_TRUE, 0, 16, Bytes, 0,
                                nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  cl_buffer_region Region = {0, 16};
  EXPECT_EQ(clCreateSubBuffer(Image, 0, CL_BUFFER_CREATE_TYPE_REGION, &Region,
                              &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_MEM_OBJECT);
}

TEST(ClGetSupportedImageFormats, ListsEveryFormatTheBuiltinsRead) {
  OnDevice On(loomDevices()[0]);
  cl_uint Count = 0;
  ASSERT_EQ(clGetSupportedImageFormats(On.Context, CL_MEM_READ_WRITE,
                                       CL_MEM_OBJECT_IMAGE2D, 0, nullptr,
                                       &Count),
            CL_SUCCESS);
  EXPECT_EQ(Count, 80u);
  std::vector<cl_image_format> Formats(Count);
  ASSERT_EQ(clGetSupportedImageFormats(On.Context, CL_MEM_READ_ONLY,
                                       CL_MEM_OBJECT_IMAGE3D, Count,
                                       Formats.data(), nullptr),
            CL_SUCCESS);
  // OpenCL 3.0's minimum list for read-only and write-only images.
  for (cl_image_format Want : {cl_image_format{CL_RGBA, CL_UNORM_INT8},
                               {CL_RGBA, CL_UNORM_INT16},
                               {CL_RGBA, CL_SIGNED_INT8},
                               {CL_RGBA, CL_SIGNED_INT16},
                               {CL_RGBA, CL_SIGNED_INT32},
                               {CL_RGBA, CL_UNSIGNED_INT8},
                               {CL_RGBA, CL_UNSIGNED_INT16},
                               {CL_RGBA, CL_UNSIGNED_INT32},
                               {CL_RGBA, CL_HALF_FLOAT},
                               {CL_RGBA, CL_FLOAT},
                               {CL_BGRA, CL_UNORM_INT8}})
    EXPECT_TRUE(std::any_of(Formats.begin(), Formats.end(),
                            [&](const cl_image_format &F) {
                              return F.image_channel_order ==
                                         Want.image_channel_order &&
                                     F.image_channel_data_type ==
                                         Want.image_channel_data_type;
                            }))
        << Want.image_channel_order << " " << Want.image_channel_data_type;
  EXPECT_EQ(clGetSupportedImageFormats(On.Context, 0, CL_MEM_OBJECT_BUFFER, 0,
                                       nullptr, &Count),
            CL_INVALID_VALUE);
}

TEST(ClEnqueueReadImage, BoxesMoveWithTheHostsPitches) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  cl_mem Image = I.make(RGBA8, describe(CL_MEM_OBJECT_IMAGE3D, 5, 4, 3));
  std::vector<uint8_t> Zero(5 * 4 * 3 * 4, 0);
  size_t Origin[3] = {0, 0, 0}, All[3] = {5, 4, 3};
  ASSERT_EQ(clEnqueueWriteImage(On.Queue, Image, CL_TRUE, Origin, All, 0, 0,
                                Zero.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  // 2 x 2 x 2 texels at (1, 1, 1) from host rows of 12 bytes and slices of
  // 30.
  std::vector<uint8_t> In(60);
  std::iota(In.begin(), In.end(), uint8_t(1));
  size_t At[3] = {1, 1, 1}, Box[3] = {2, 2, 2};
  ASSERT_EQ(clEnqueueWriteImage(On.Queue, Image, CL_TRUE, At, Box, 12, 30,
                                In.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<uint8_t> Out(Zero.size(), 0xee);
  ASSERT_EQ(clEnqueueReadImage(On.Queue, Image, CL_TRUE, Origin, All, 0, 0,
                               Out.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t Z = 0; Z < 3; ++Z)
    for (size_t Y = 0; Y < 4; ++Y)
      for (size_t X = 0; X < 20; ++X) {
        bool Inside = Z >= 1 && Y >= 1 && Y < 3 && X >= 4 && X < 12;
        uint8_t Want =
            Inside ? In[(Z - 1) * 30 + (Y - 1) * 12 + (X - 4)] : uint8_t(0);
        EXPECT_EQ(Out[(Z * 4 + Y) * 20 + X], Want) << Z << " " << Y << " " << X;
      }
  size_t Past[3] = {4, 0, 0};
  EXPECT_EQ(clEnqueueReadImage(On.Queue, Image, CL_TRUE, Past, Box, 0, 0,
                               Out.data(), 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadImage(On.Queue, Image, CL_TRUE, Origin, All, 8, 0,
                               Out.data(), 0, nullptr, nullptr),
            CL_INVALID_VALUE)
      << "a row pitch smaller than a row";
}

TEST(ClEnqueueFillImage, FillsWithTheColorInTheImagesFormat) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  const cl_image_format Bgra = {CL_BGRA, CL_UNORM_INT8};
  cl_mem Image = I.make(Bgra, describe(CL_MEM_OBJECT_IMAGE2D, 4, 3));
  std::vector<uint8_t> Zero(48, 0);
  size_t Origin[3] = {0, 0, 0}, All[3] = {4, 3, 1};
  ASSERT_EQ(clEnqueueWriteImage(On.Queue, Image, CL_FALSE, Origin, All, 0, 0,
                                Zero.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  const float Color[4] = {1.0f, 0.5f, 0.25f, 2.0f}; // r, g, b, a
  size_t At[3] = {1, 1, 0}, Box[3] = {2, 2, 1};
  ASSERT_EQ(
      clEnqueueFillImage(On.Queue, Image, Color, At, Box, 0, nullptr, nullptr),
      CL_SUCCESS);
  std::vector<uint8_t> Out(48);
  ASSERT_EQ(clEnqueueReadImage(On.Queue, Image, CL_TRUE, Origin, All, 0, 0,
                               Out.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  // Stored b, g, r, a: 0.25 * 255 = 63.75 and 0.5 * 255 = 127.5 round to
  // 64 and 128 (to even); alpha saturates.
  const uint8_t Texel[4] = {64, 128, 255, 255};
  for (size_t Y = 0; Y < 3; ++Y)
    for (size_t X = 0; X < 4; ++X)
      for (size_t K = 0; K < 4; ++K) {
        bool Inside = X >= 1 && X < 3 && Y >= 1;
        EXPECT_EQ(Out[(Y * 4 + X) * 4 + K], Inside ? Texel[K] : 0)
            << X << " " << Y << " " << K;
      }
}

TEST(ClEnqueueCopyImage, CopiesBetweenImagesAndBuffers) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  std::vector<uint8_t> Texels(4 * 4 * 4);
  std::iota(Texels.begin(), Texels.end(), uint8_t(0));
  cl_mem A = I.make(RGBA8, describe(CL_MEM_OBJECT_IMAGE2D, 4, 4),
                    CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, Texels.data());
  cl_mem B = I.make(RGBA8, describe(CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 0, 2));
  std::vector<uint8_t> Zero(128, 0);
  size_t Origin[3] = {0, 0, 0}, AllOfB[3] = {4, 4, 2};
  ASSERT_EQ(clEnqueueWriteImage(On.Queue, B, CL_FALSE, Origin, AllOfB, 0, 0,
                                Zero.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  // A's texels (1, 0) to (2, 1) into B's layer 1 at (0, 2).
  size_t From[3] = {1, 0, 0}, To[3] = {0, 2, 1}, Box[3] = {2, 2, 1};
  ASSERT_EQ(
      clEnqueueCopyImage(On.Queue, A, B, From, To, Box, 0, nullptr, nullptr),
      CL_SUCCESS);
  // B whole into a buffer at 8, then its texels 24 and 25 (layer 1, row 2:
  // the copy's first row) back into A's row 3.
  cl_mem Buffer = On.buffer(CL_MEM_READ_WRITE, 8 + 128);
  ASSERT_EQ(clEnqueueCopyImageToBuffer(On.Queue, B, Buffer, Origin, AllOfB, 8,
                                       0, nullptr, nullptr),
            CL_SUCCESS);
  size_t Row3[3] = {0, 3, 0}, Two[3] = {2, 1, 1};
  ASSERT_EQ(clEnqueueCopyBufferToImage(On.Queue, Buffer, A, 8 + 4 * 24, Row3,
                                       Two, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<uint8_t> OutB(136), OutA(64);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, Buffer, CL_TRUE, 0, 136, OutB.data(),
                                0, nullptr, nullptr),
            CL_SUCCESS);
  size_t AllOfA[3] = {4, 4, 1};
  ASSERT_EQ(clEnqueueReadImage(On.Queue, A, CL_TRUE, Origin, AllOfA, 0, 0,
                               OutA.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<uint8_t> WantB(128, 0);
  for (size_t Y = 0; Y < 2; ++Y)
    for (size_t X = 0; X < 8; ++X)
      WantB[64 + (2 + Y) * 16 + X] = Texels[Y * 16 + 4 + X];
  EXPECT_EQ(std::vector<uint8_t>(OutB.begin() + 8, OutB.end()), WantB);
  std::vector<uint8_t> WantA = Texels;
  for (size_t X = 0; X < 8; ++X)
    WantA[48 + X] = WantB[4 * 24 + X];
  EXPECT_EQ(OutA, WantA);
  const cl_image_format Other = {CL_RGBA, CL_SIGNED_INT8};
  cl_mem C = I.make(Other, describe(CL_MEM_OBJECT_IMAGE2D, 4, 4));
  EXPECT_EQ(clEnqueueCopyImage(On.Queue, A, C, Origin, Origin, Box, 0, nullptr,
                               nullptr),
            CL_IMAGE_FORMAT_MISMATCH);
  size_t Near[3] = {1, 1, 0};
  EXPECT_EQ(clEnqueueCopyImage(On.Queue, A, A, Origin, Near, Box, 0, nullptr,
                               nullptr),
            CL_MEM_COPY_OVERLAP);
}

TEST(ClEnqueueCopyImage, CopiesWaitForTheirWaitLists) {
  // The CTS's test_events found the copies with a second memory object
  // starting before the events they wait for.
  OnDevice On(loomDevices()[0]);
  Images I(On);
  std::vector<uint8_t> Texels(4 * 4 * 4, 7);
  cl_mem A = I.make(RGBA8, describe(CL_MEM_OBJECT_IMAGE2D, 4, 4),
                    CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, Texels.data());
  cl_mem B = I.make(RGBA8, describe(CL_MEM_OBJECT_IMAGE2D, 4, 4));
  cl_mem Buffer = On.buffer(CL_MEM_READ_WRITE, 64);
  cl_int Error = CL_SUCCESS;
  cl_event Gate = clCreateUserEvent(On.Context, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  size_t Origin[3] = {0, 0, 0}, All[3] = {4, 4, 1};
  cl_event Copies[3] = {};
  ASSERT_EQ(clEnqueueCopyImage(On.Queue, A, B, Origin, Origin, All, 1, &Gate,
                               &Copies[0]),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueCopyImageToBuffer(On.Queue, A, Buffer, Origin, All, 0, 1,
                                       &Gate, &Copies[1]),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueCopyBufferToImage(On.Queue, Buffer, B, 0, Origin, All, 1,
                                       &Gate, &Copies[2]),
            CL_SUCCESS);
  for (cl_event Copy : Copies) {
    cl_int Status = CL_COMPLETE;
    ASSERT_EQ(clGetEventInfo(Copy, CL_EVENT_COMMAND_EXECUTION_STATUS,
                             sizeof Status, &Status, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Status, CL_QUEUED) << "ran before the event it waits for";
  }
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(3, Copies), CL_SUCCESS);
  std::vector<uint8_t> Out(64);
  ASSERT_EQ(clEnqueueReadImage(On.Queue, B, CL_TRUE, Origin, All, 0, 0,
                               Out.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Out, Texels);
  for (cl_event E : Copies)
    clReleaseEvent(E);
  clReleaseEvent(Gate);
}

TEST(ClEnqueueMapImage, AMappingIsTheImageAtItsPitches) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  // The application's memory, with rows of 48 bytes: the image keeps them.
  std::vector<float> Host(12 * 3, 0.0f);
  cl_image_desc Desc = describe(CL_MEM_OBJECT_IMAGE2D, 2, 3);
  Desc.image_row_pitch = 48;
  cl_mem Image =
      I.make(RGBAF, Desc, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, Host.data());
  EXPECT_EQ(imageValue<size_t>(Image, CL_IMAGE_ROW_PITCH), 48u);
  size_t At[3] = {1, 1, 0}, Box[3] = {1, 2, 1}, RowPitch = 0;
  cl_int Error = CL_SUCCESS;
  auto *Mapped = static_cast<float *>(
      clEnqueueMapImage(On.Queue, Image, CL_TRUE, CL_MAP_WRITE, At, Box,
                        &RowPitch, nullptr, 0, nullptr, nullptr, &Error));
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(RowPitch, 48u);
  // With CL_MEM_USE_HOST_PTR the mapping is the application's memory.
  EXPECT_EQ(Mapped, Host.data() + 12 + 4);
  for (int K = 0; K < 4; ++K) {
    Mapped[K] = 1.0f + K;
    Mapped[12 + K] = 5.0f + K;
  }
  ASSERT_EQ(
      clEnqueueUnmapMemObject(On.Queue, Image, Mapped, 0, nullptr, nullptr),
      CL_SUCCESS);
  std::vector<float> Out(2 * 3 * 4, -1.0f);
  size_t Origin[3] = {0, 0, 0}, All[3] = {2, 3, 1};
  ASSERT_EQ(clEnqueueReadImage(On.Queue, Image, CL_TRUE, Origin, All, 0, 0,
                               Out.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int K = 0; K < 4; ++K) {
    EXPECT_EQ(Out[(1 * 2 + 1) * 4 + K], 1.0f + K);
    EXPECT_EQ(Out[(2 * 2 + 1) * 4 + K], 5.0f + K);
    EXPECT_EQ(Out[K], 0.0f);
  }
  EXPECT_EQ(clEnqueueMapImage(On.Queue, Image, CL_TRUE, CL_MAP_READ, At, Box,
                              nullptr, nullptr, 0, nullptr, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE) << "no row pitch to answer";
}

TEST(ClCreateSampler, KeepsItsPropertiesAndRefusesOthers) {
  OnDevice On(loomDevices()[0]);
  cl_int Error = CL_SUCCESS;
  cl_sampler Sampler = clCreateSampler(On.Context, CL_TRUE, CL_ADDRESS_REPEAT,
                                       CL_FILTER_LINEAR, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  cl_bool Normalized = CL_FALSE;
  cl_addressing_mode Addressing = 0;
  cl_filter_mode Filter = 0;
  cl_context Context = nullptr;
  EXPECT_EQ(clGetSamplerInfo(Sampler, CL_SAMPLER_NORMALIZED_COORDS,
                             sizeof Normalized, &Normalized, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetSamplerInfo(Sampler, CL_SAMPLER_ADDRESSING_MODE,
                             sizeof Addressing, &Addressing, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetSamplerInfo(Sampler, CL_SAMPLER_FILTER_MODE, sizeof Filter,
                             &Filter, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetSamplerInfo(Sampler, CL_SAMPLER_CONTEXT, sizeof Context,
                             &Context, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Normalized, CL_TRUE);
  EXPECT_EQ(Addressing, cl_addressing_mode(CL_ADDRESS_REPEAT));
  EXPECT_EQ(Filter, cl_filter_mode(CL_FILTER_LINEAR));
  EXPECT_EQ(Context, On.Context);
  EXPECT_EQ(clReleaseSampler(Sampler), CL_SUCCESS);

  const cl_sampler_properties Properties[] = {CL_SAMPLER_ADDRESSING_MODE,
                                              CL_ADDRESS_NONE, 0};
  Sampler = clCreateSamplerWithProperties(On.Context, Properties, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(clGetSamplerInfo(Sampler, CL_SAMPLER_NORMALIZED_COORDS,
                             sizeof Normalized, &Normalized, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Normalized, CL_TRUE) << "the default";
  cl_sampler_properties Kept[3] = {};
  size_t Size = 0;
  EXPECT_EQ(clGetSamplerInfo(Sampler, CL_SAMPLER_PROPERTIES, sizeof Kept, Kept,
                             &Size),
            CL_SUCCESS);
  EXPECT_EQ(Size, sizeof Kept);
  EXPECT_EQ(Kept[1], cl_sampler_properties(CL_ADDRESS_NONE));
  EXPECT_EQ(clReleaseSampler(Sampler), CL_SUCCESS);

  EXPECT_EQ(
      clCreateSampler(On.Context, CL_TRUE, 0x9999, CL_FILTER_LINEAR, &Error),
      nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  const cl_sampler_properties Twice[] = {
      CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, CL_SAMPLER_FILTER_MODE,
      CL_FILTER_NEAREST, 0};
  EXPECT_EQ(clCreateSamplerWithProperties(On.Context, Twice, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSampler(nullptr, CL_TRUE, CL_ADDRESS_CLAMP,
                            CL_FILTER_NEAREST, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_CONTEXT);
  EXPECT_EQ(clRetainSampler(nullptr), CL_INVALID_SAMPLER);
}

/// A 3 x 3 box blur through a linear sampler's halfway points, and a copy
/// through a 1D image buffer: what the bench's blur and image-buffer
/// programs do.
const char *BlurSource = R"(
__kernel void blur(read_only image2d_t in, write_only image2d_t out,
                   sampler_t s) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float2 c = convert_float2(p) + 0.5f;
  float4 sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += read_imagef(in, s, c + (float2)(dx, dy));
  write_imagef(out, p, sum / 9.0f);
}
__kernel void twice(read_only image1d_buffer_t in, __global uint4 *out) {
  int i = get_global_id(0);
  out[i] = read_imageui(in, i) * 2;
})";

TEST(ClEnqueueNDRangeKernel, KernelsReadAndWriteImagesThroughSamplers) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    Images I(On);
    const size_t W = 9, H = 7;
    std::vector<float> In(W * H * 4);
    for (size_t K = 0; K < In.size(); ++K)
      In[K] = float((K * 37) % 29) / 4.0f;
    cl_mem Source = I.make(RGBAF, describe(CL_MEM_OBJECT_IMAGE2D, W, H),
                           CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, In.data());
    cl_mem Result =
        I.make(RGBAF, describe(CL_MEM_OBJECT_IMAGE2D, W, H), CL_MEM_WRITE_ONLY);
    cl_int Error = CL_SUCCESS;
    cl_sampler Sampler =
        clCreateSampler(On.Context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE,
                        CL_FILTER_LINEAR, &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    cl_kernel Blur = On.kernel(On.program(BlurSource), "blur");
    ASSERT_EQ(clSetKernelArg(Blur, 0, sizeof Source, &Source), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(Blur, 1, sizeof Result, &Result), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(Blur, 2, sizeof Sampler, &Sampler), CL_SUCCESS);
    // The kernel keeps the sampler's bits: it may go before the launch.
    ASSERT_EQ(clReleaseSampler(Sampler), CL_SUCCESS);
    size_t Global[2] = {W, H};
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Blur, 2, nullptr, Global,
                                     nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<float> Out(In.size(), -1.0f);
    size_t Origin[3] = {0, 0, 0}, All[3] = {W, H, 1};
    ASSERT_EQ(clEnqueueReadImage(On.Queue, Result, CL_TRUE, Origin, All, 0, 0,
                                 Out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    // Texel centres: each read is one texel, the edges clamped.
    for (size_t Y = 0; Y < H; ++Y)
      for (size_t X = 0; X < W; ++X)
        for (size_t K = 0; K < 4; ++K) {
          float Sum = 0;
          for (int DY = -1; DY <= 1; ++DY)
            for (int DX = -1; DX <= 1; ++DX) {
              size_t SX = std::clamp<int>(int(X) + DX, 0, W - 1);
              size_t SY = std::clamp<int>(int(Y) + DY, 0, H - 1);
              Sum += In[(SY * W + SX) * 4 + K];
            }
          EXPECT_NEAR(Out[(Y * W + X) * 4 + K], Sum / 9.0f, 1e-5f)
              << X << " " << Y << " " << K;
        }

    // A 1D image over a buffer sees the buffer's bytes.
    std::vector<cl_uint> Words(16 * 4);
    std::iota(Words.begin(), Words.end(), 7u);
    cl_mem Buffer = On.buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              Words.size() * 4, Words.data());
    cl_image_desc OverBuffer = describe(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16);
    OverBuffer.buffer = Buffer;
    const cl_image_format RGBA32 = {CL_RGBA, CL_UNSIGNED_INT32};
    cl_mem View = I.make(RGBA32, OverBuffer, 0);
    cl_mem Twice = On.buffer(CL_MEM_WRITE_ONLY, Words.size() * 4);
    cl_kernel Double = On.kernel(On.program(BlurSource), "twice");
    ASSERT_EQ(clSetKernelArg(Double, 0, sizeof View, &View), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(Double, 1, sizeof Twice, &Twice), CL_SUCCESS);
    size_t Sixteen = 16;
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Double, 1, nullptr, &Sixteen,
                                     nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_int> Doubled = readInts(On.Queue, Twice, Words.size());
    for (size_t K = 0; K < Words.size(); ++K)
      EXPECT_EQ(Doubled[K], cl_int(2 * Words[K]));
  }
}

TEST(ClSetKernelArg, AnImageMustFitItsArgument) {
  OnDevice On(loomDevices()[0]);
  Images I(On);
  cl_kernel Blur = On.kernel(On.program(BlurSource), "blur");
  cl_mem ReadOnly =
      I.make(RGBAF, describe(CL_MEM_OBJECT_IMAGE2D, 4, 4), CL_MEM_READ_ONLY);
  cl_mem WriteOnly =
      I.make(RGBAF, describe(CL_MEM_OBJECT_IMAGE2D, 4, 4), CL_MEM_WRITE_ONLY);
  cl_mem Volume = I.make(RGBAF, describe(CL_MEM_OBJECT_IMAGE3D, 4, 4, 4));
  cl_mem Buffer = On.buffer(CL_MEM_READ_WRITE, 64);
  EXPECT_EQ(clSetKernelArg(Blur, 0, sizeof ReadOnly, &ReadOnly), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(Blur, 0, sizeof WriteOnly, &WriteOnly),
            CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(Blur, 1, sizeof ReadOnly, &ReadOnly),
            CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(Blur, 0, sizeof Volume, &Volume),
            CL_INVALID_ARG_VALUE)
      << "a 3D image for a 2D argument";
  EXPECT_EQ(clSetKernelArg(Blur, 0, sizeof Buffer, &Buffer),
            CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(Blur, 0, 4, &ReadOnly), CL_INVALID_ARG_SIZE);
  cl_sampler NotASampler = reinterpret_cast<cl_sampler>(Buffer);
  EXPECT_EQ(clSetKernelArg(Blur, 2, sizeof NotASampler, &NotASampler),
            CL_INVALID_SAMPLER);
  cl_kernel Twice = On.kernel(On.program(BlurSource), "twice");
  EXPECT_EQ(clSetKernelArg(Twice, 1, sizeof ReadOnly, &ReadOnly),
            CL_INVALID_MEM_OBJECT)
      << "an image for a buffer argument";
}

} // namespace
