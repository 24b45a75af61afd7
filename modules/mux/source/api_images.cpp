//===- api_images.cpp - The validating entry layer: images ----------------===//
///
/// \file
/// The entry points of mux/mux.h for images: creating and binding them, and
/// the commands that move their texels. An image lies in its memory as
/// metadata/image.h says, so every command is a box of rows copied between
/// two places (a RegionCopyCommand), checked against the image here first.
///
//===----------------------------------------------------------------------===//

#include "mux/mux.h"

#include "validation.h"

#include <cstring>
#include <new>
#include <string>

using namespace mux;

namespace {

/// The most texels along each axis an image of \p Type may have (width,
/// then height or layers, then depth or layers), or 0 for an unknown type.
bool maximumExtent(uint32_t Type, uint64_t Max[3]) {
  Max[0] = Max[1] = Max[2] = 1;
  switch (Type) {
  case LOOM_IMAGE_1D:
    Max[0] = MUX_IMAGE_MAX_1D_WIDTH;
    return true;
  case LOOM_IMAGE_1D_BUFFER:
    Max[0] = MUX_IMAGE_MAX_BUFFER_TEXELS;
    return true;
  case LOOM_IMAGE_1D_ARRAY:
    Max[0] = MUX_IMAGE_MAX_1D_WIDTH;
    Max[1] = MUX_IMAGE_MAX_ARRAY_SIZE;
    return true;
  case LOOM_IMAGE_2D:
    Max[0] = Max[1] = MUX_IMAGE_MAX_2D_SIZE;
    return true;
  case LOOM_IMAGE_2D_ARRAY:
    Max[0] = Max[1] = MUX_IMAGE_MAX_2D_SIZE;
    Max[2] = MUX_IMAGE_MAX_ARRAY_SIZE;
    return true;
  case LOOM_IMAGE_3D:
    Max[0] = Max[1] = Max[2] = MUX_IMAGE_MAX_3D_SIZE;
    return true;
  default:
    return false;
  }
}

/// The texels along each axis of an image described by \p D.
void extentOf(const mux_image_desc_s &D, uint64_t Extent[3]) {
  Extent[0] = D.width;
  Extent[1] = Extent[2] = 1;
  switch (D.type) {
  case LOOM_IMAGE_1D_ARRAY:
    Extent[1] = D.array_size;
    break;
  case LOOM_IMAGE_2D:
    Extent[1] = D.height;
    break;
  case LOOM_IMAGE_2D_ARRAY:
    Extent[1] = D.height;
    Extent[2] = D.array_size;
    break;
  case LOOM_IMAGE_3D:
    Extent[1] = D.height;
    Extent[2] = D.depth;
    break;
  }
}

/// Fills in \p Image's layout from \p D, checked.
mux_result_t layOut(const mux_image_desc_s &D, mux_image_s &Image) {
  uint64_t Max[3];
  if (!maximumExtent(D.type, Max))
    return fail(mux_error_invalid_value,
                "unknown image type " + std::to_string(D.type));
  uint32_t Element = loom_image_element_size(D.channel_order, D.channel_type);
  if (Element == 0)
    return fail(mux_error_invalid_value, "no image format has channel order " +
                                             std::to_string(D.channel_order) +
                                             " and channel type " +
                                             std::to_string(D.channel_type));
  uint64_t Extent[3];
  extentOf(D, Extent);
  for (int A = 0; A < 3; ++A)
    if (Extent[A] == 0 || Extent[A] > Max[A])
      return fail(mux_error_invalid_value,
                  "image size " + std::to_string(Extent[A]) + " of axis " +
                      std::to_string(A) + " is not 1 to " +
                      std::to_string(Max[A]));
  // A 1D array's layers are its rows: its slice pitch is its row pitch.
  bool LayersAreRows = D.type == LOOM_IMAGE_1D_ARRAY;
  uint64_t Row = D.row_pitch ? D.row_pitch : Extent[0] * Element;
  uint64_t Rows = LayersAreRows ? 1 : Extent[1];
  uint64_t Slice = D.slice_pitch ? D.slice_pitch : Row * Rows;
  if (Row < Extent[0] * Element || Row % Element != 0 || Slice < Row * Rows ||
      Slice % Element != 0)
    return fail(mux_error_invalid_value,
                "image pitches " + std::to_string(Row) + " and " +
                    std::to_string(Slice) +
                    " are smaller than its rows and slices or not multiples "
                    "of its " +
                    std::to_string(Element) + "-byte texels");
  uint64_t Slices = LayersAreRows ? Extent[1] : Extent[2];
  Image.Desc = D;
  Image.Desc.row_pitch = Row;
  Image.Desc.slice_pitch = Slice;
  Image.Size = Slice * (Slices - 1) + Row * (Rows - 1) + Extent[0] * Element;
  Image.AxisPitch[0] = LayersAreRows ? Slice : Row;
  Image.AxisPitch[1] = Slice;
  for (int A = 0; A < 3; ++A)
    Image.Extent[A] = Extent[A];
  loom_image_t &H = *Image.Header;
  H.data = 0;
  H.row_pitch = Row;
  H.slice_pitch = Slice;
  H.width = static_cast<uint32_t>(D.width);
  bool HasHeight = D.type == LOOM_IMAGE_2D || D.type == LOOM_IMAGE_2D_ARRAY ||
                   D.type == LOOM_IMAGE_3D;
  bool IsArray = D.type == LOOM_IMAGE_1D_ARRAY || D.type == LOOM_IMAGE_2D_ARRAY;
  H.height = HasHeight ? static_cast<uint32_t>(D.height) : 1;
  H.depth = D.type == LOOM_IMAGE_3D ? static_cast<uint32_t>(D.depth) : 1;
  H.array_size = IsArray ? static_cast<uint32_t>(D.array_size) : 1;
  H.channel_order = D.channel_order;
  H.channel_type = D.channel_type;
  H.element_size = Element;
  H.type = D.type;
  return mux_success;
}

/// Where a box of an image lies: its first byte, and the bytes of a row.
struct ImageBox {
  uint8_t *Start;
  uint64_t RowBytes;
};

/// Checks that \p Box lies in \p Image, which must be bound.
mux_result_t locateBox(const mux_image_s &Image, const uint64_t Origin[3],
                       const uint64_t Region[3], const char *Which,
                       ImageBox &Out) {
  if (!Image.Data)
    return fail(mux_error_invalid_state,
                std::string("the ") + Which + " is not bound to memory");
  for (int A = 0; A < 3; ++A) {
    if (Region[A] == 0)
      return fail(mux_error_invalid_value, "the region is empty");
    if (!inBounds(Origin[A], Region[A], Image.Extent[A]))
      return fail(mux_error_invalid_value,
                  std::string("the box leaves the ") + Which + " on axis " +
                      std::to_string(A) + " (" + std::to_string(Origin[A]) +
                      " + " + std::to_string(Region[A]) + " > " +
                      std::to_string(Image.Extent[A]) + ")");
  }
  uint64_t Element = Image.Header->element_size;
  Out.Start = Image.Data + Origin[2] * Image.AxisPitch[1] +
              Origin[1] * Image.AxisPitch[0] + Origin[0] * Element;
  Out.RowBytes = Region[0] * Element;
  return mux_success;
}

/// The checks every image command makes of its command buffer, image and
/// box.
mux_result_t checkImageCommand(const mux_command_buffer_s *CB,
                               const mux_image_s *Image,
                               const mux_image_box_s *Box) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!isValid(Image))
    return fail(mux_error_invalid_handle, "invalid image handle");
  if (!Box)
    return fail(mux_error_null_out_parameter, "box is null");
  return mux_success;
}

/// The pitches of host memory holding \p Region of \p RowBytes rows: 0
/// packs them.
mux_result_t hostPitches(const uint64_t Region[3], uint64_t RowBytes,
                         uint64_t &RowPitch, uint64_t &SlicePitch) {
  uint64_t Row = RowPitch ? RowPitch : RowBytes;
  uint64_t Slice = SlicePitch ? SlicePitch : Row * Region[1];
  if (Row < RowBytes || Slice < Row * Region[1])
    return fail(mux_error_invalid_value,
                "host pitches " + std::to_string(Row) + " and " +
                    std::to_string(Slice) +
                    " are smaller than the box's rows and slices");
  RowPitch = Row;
  SlicePitch = Slice;
  return mux_success;
}

/// The bytes \p Region of \p RowBytes rows takes packed, and whether
/// [Offset, Offset + that) lies in \p Buffer.
mux_result_t checkPackedInBuffer(const mux_buffer_s *Buffer, uint64_t Offset,
                                 const uint64_t Region[3], uint64_t RowBytes) {
  uint64_t Bytes;
  if (__builtin_mul_overflow(RowBytes, Region[1], &Bytes) ||
      __builtin_mul_overflow(Bytes, Region[2], &Bytes))
    return fail(mux_error_invalid_value, "the box is too large");
  return checkBufferRange(Buffer, Offset, Bytes);
}

} // namespace

extern "C" {

mux_result_t muxCreateImage(mux_device_t Device, const mux_image_desc_s *Desc,
                            mux_image_t *OutImage) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!Desc || !OutImage)
    return fail(mux_error_null_out_parameter, "desc or out_image is null");
  auto *Image = new (std::nothrow) mux_image_s();
  if (!Image)
    return fail(mux_error_out_of_memory, "cannot allocate an image");
  Image->Header = std::make_shared<loom_image_t>();
  if (mux_result_t R = layOut(*Desc, *Image)) {
    destroy(Image);
    return R;
  }
  *OutImage = Image;
  return mux_success;
}

mux_result_t muxGetImageLayout(mux_image_t Image, uint64_t *OutSize,
                               uint64_t *OutRowPitch, uint64_t *OutSlicePitch) {
  if (!isValid(Image))
    return fail(mux_error_invalid_handle, "invalid image handle");
  if (OutSize)
    *OutSize = Image->Size;
  if (OutRowPitch)
    *OutRowPitch = Image->Desc.row_pitch;
  if (OutSlicePitch)
    *OutSlicePitch = Image->Desc.slice_pitch;
  return mux_success;
}

mux_result_t muxBindImageMemory(mux_device_t Device, mux_memory_t Memory,
                                mux_image_t Image, uint64_t Offset) {
  if (!isValid(Device) || !isValid(Memory) || !isValid(Image))
    return fail(mux_error_invalid_handle,
                "invalid device, memory or image handle");
  if (Image->Data)
    return fail(mux_error_invalid_state, "image is already bound");
  uint32_t Channel = loom_image_channel_bytes(Image->Desc.channel_type);
  if (Offset % Channel != 0)
    return fail(mux_error_invalid_value,
                "image offset " + std::to_string(Offset) +
                    " is not a multiple of its " + std::to_string(Channel) +
                    "-byte channels");
  if (!inBounds(Offset, Image->Size, Memory->Size))
    return fail(mux_error_invalid_value,
                "a " + std::to_string(Image->Size) + "-byte image at offset " +
                    std::to_string(Offset) + " does not fit in " +
                    std::to_string(Memory->Size) + " bytes of memory");
  Image->Data = Memory->Data.get() + Offset;
  Image->Storage = Memory->Data;
  Image->Header->data = reinterpret_cast<uint64_t>(Image->Data);
  return mux_success;
}

void muxDestroyImage(mux_device_t Device, mux_image_t Image) {
  if (isValid(Device) && isValid(Image))
    destroy(Image);
}

mux_result_t muxCommandReadImage(mux_command_buffer_t CB, mux_image_t Image,
                                 const mux_image_box_s *Box, void *Dst,
                                 uint64_t RowPitch, uint64_t SlicePitch) {
  if (mux_result_t R = checkImageCommand(CB, Image, Box))
    return R;
  if (!Dst)
    return fail(mux_error_null_out_parameter, "dst is null");
  ImageBox From;
  if (mux_result_t R =
          locateBox(*Image, Box->origin, Box->region, "image", From))
    return R;
  if (mux_result_t R =
          hostPitches(Box->region, From.RowBytes, RowPitch, SlicePitch))
    return R;
  CB->Commands.push_back(
      RegionCopyCommand{static_cast<uint8_t *>(Dst), From.Start, From.RowBytes,
                        Box->region[1], Box->region[2], RowPitch, SlicePitch,
                        Image->AxisPitch[0], Image->AxisPitch[1]});
  CB->uses(*Image);
  return mux_success;
}

mux_result_t muxCommandWriteImage(mux_command_buffer_t CB, mux_image_t Image,
                                  const mux_image_box_s *Box, const void *Src,
                                  uint64_t RowPitch, uint64_t SlicePitch) {
  if (mux_result_t R = checkImageCommand(CB, Image, Box))
    return R;
  if (!Src)
    return fail(mux_error_null_out_parameter, "src is null");
  ImageBox To;
  if (mux_result_t R = locateBox(*Image, Box->origin, Box->region, "image", To))
    return R;
  if (mux_result_t R =
          hostPitches(Box->region, To.RowBytes, RowPitch, SlicePitch))
    return R;
  CB->Commands.push_back(RegionCopyCommand{
      To.Start, static_cast<const uint8_t *>(Src), To.RowBytes, Box->region[1],
      Box->region[2], Image->AxisPitch[0], Image->AxisPitch[1], RowPitch,
      SlicePitch});
  CB->uses(*Image);
  return mux_success;
}

mux_result_t muxCommandCopyImage(mux_command_buffer_t CB, mux_image_t Src,
                                 mux_image_t Dst, const mux_image_box_s *Box,
                                 const uint64_t DstOrigin[3]) {
  if (mux_result_t R = checkImageCommand(CB, Src, Box))
    return R;
  if (!isValid(Dst))
    return fail(mux_error_invalid_handle, "invalid image handle");
  if (!DstOrigin)
    return fail(mux_error_null_out_parameter, "dst_origin is null");
  if (Src->Desc.channel_order != Dst->Desc.channel_order ||
      Src->Desc.channel_type != Dst->Desc.channel_type)
    return fail(mux_error_invalid_value,
                "the source and destination images have different formats");
  ImageBox From, To;
  if (mux_result_t R =
          locateBox(*Src, Box->origin, Box->region, "source image", From))
    return R;
  if (mux_result_t R =
          locateBox(*Dst, DstOrigin, Box->region, "destination image", To))
    return R;
  if (Src->Data == Dst->Data) {
    bool Overlap = true;
    for (int A = 0; A < 3; ++A)
      Overlap &= Box->origin[A] < DstOrigin[A] + Box->region[A] &&
                 DstOrigin[A] < Box->origin[A] + Box->region[A];
    if (Overlap)
      return fail(mux_error_invalid_value,
                  "the source and destination boxes overlap");
  }
  CB->Commands.push_back(
      RegionCopyCommand{To.Start, From.Start, From.RowBytes, Box->region[1],
                        Box->region[2], Dst->AxisPitch[0], Dst->AxisPitch[1],
                        Src->AxisPitch[0], Src->AxisPitch[1]});
  CB->uses(*Src);
  CB->uses(*Dst);
  return mux_success;
}

mux_result_t muxCommandFillImage(mux_command_buffer_t CB, mux_image_t Image,
                                 const void *Texel,
                                 const mux_image_box_s *Box) {
  if (mux_result_t R = checkImageCommand(CB, Image, Box))
    return R;
  if (!Texel)
    return fail(mux_error_null_out_parameter, "texel is null");
  ImageBox To;
  if (mux_result_t R = locateBox(*Image, Box->origin, Box->region, "image", To))
    return R;
  // One row of the texel, which the copy reads again for every row.
  SharedBytes Row(new (std::nothrow) uint8_t[To.RowBytes],
                  std::default_delete<uint8_t[]>());
  if (!Row)
    return fail(mux_error_out_of_memory, "cannot allocate the fill's row");
  uint32_t Element = Image->Header->element_size;
  for (uint64_t X = 0; X < To.RowBytes; X += Element)
    std::memcpy(Row.get() + X, Texel, Element);
  CB->Commands.push_back(RegionCopyCommand{
      To.Start, Row.get(), To.RowBytes, Box->region[1], Box->region[2],
      Image->AxisPitch[0], Image->AxisPitch[1], 0, 0});
  CB->keep(Row);
  CB->uses(*Image);
  return mux_success;
}

mux_result_t muxCommandCopyImageToBuffer(mux_command_buffer_t CB,
                                         mux_image_t Image,
                                         const mux_image_box_s *Box,
                                         mux_buffer_t Buffer,
                                         uint64_t BufferOffset) {
  if (mux_result_t R = checkImageCommand(CB, Image, Box))
    return R;
  ImageBox From;
  if (mux_result_t R =
          locateBox(*Image, Box->origin, Box->region, "image", From))
    return R;
  if (mux_result_t R =
          checkPackedInBuffer(Buffer, BufferOffset, Box->region, From.RowBytes))
    return R;
  CB->Commands.push_back(RegionCopyCommand{
      Buffer->Data + BufferOffset, From.Start, From.RowBytes, Box->region[1],
      Box->region[2], From.RowBytes, From.RowBytes * Box->region[1],
      Image->AxisPitch[0], Image->AxisPitch[1]});
  CB->uses(*Image);
  CB->uses(*Buffer);
  return mux_success;
}

mux_result_t muxCommandCopyBufferToImage(mux_command_buffer_t CB,
                                         mux_buffer_t Buffer,
                                         uint64_t BufferOffset,
                                         mux_image_t Image,
                                         const mux_image_box_s *Box) {
  if (mux_result_t R = checkImageCommand(CB, Image, Box))
    return R;
  ImageBox To;
  if (mux_result_t R = locateBox(*Image, Box->origin, Box->region, "image", To))
    return R;
  if (mux_result_t R =
          checkPackedInBuffer(Buffer, BufferOffset, Box->region, To.RowBytes))
    return R;
  CB->Commands.push_back(RegionCopyCommand{
      To.Start, Buffer->Data + BufferOffset, To.RowBytes, Box->region[1],
      Box->region[2], Image->AxisPitch[0], Image->AxisPitch[1], To.RowBytes,
      To.RowBytes * Box->region[1]});
  CB->uses(*Image);
  CB->uses(*Buffer);
  return mux_success;
}

} // extern "C"
