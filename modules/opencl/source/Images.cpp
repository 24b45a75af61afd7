//===- Images.cpp - Images of Loom's OpenCL platform ----------------------===//
///
/// \file
/// See Images.h.
///
//===----------------------------------------------------------------------===//

#include "Images.h"

#include "Context.h"
#include "InfoWriter.h"
#include "Memory.h"
#include "Queue.h"

#include "metadata/image.h"
#include "mux/mux.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>

namespace loom {
namespace opencl {

namespace {

//===----------------------------------------------------------------------===//
// Formats
//===----------------------------------------------------------------------===//

/// The channel orders Loom has, in the order clGetSupportedImageFormats
/// lists them (metadata/image.h's values are OpenCL's).
constexpr cl_channel_order Orders[] = {CL_RGBA, CL_BGRA,      CL_R,
                                       CL_RG,   CL_A,         CL_RA,
                                       CL_ARGB, CL_INTENSITY, CL_LUMINANCE};
constexpr cl_channel_type Types[] = {
    CL_UNORM_INT8,     CL_UNORM_INT16,    CL_SNORM_INT8,   CL_SNORM_INT16,
    CL_SIGNED_INT8,    CL_SIGNED_INT16,   CL_SIGNED_INT32, CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,   CL_FLOAT};

bool isEightBit(cl_channel_type T) {
  return T == CL_UNORM_INT8 || T == CL_SNORM_INT8 || T == CL_SIGNED_INT8 ||
         T == CL_UNSIGNED_INT8;
}

bool isPacked(cl_channel_type T) {
  return T == CL_UNORM_SHORT_565 || T == CL_UNORM_SHORT_555 ||
         T == CL_UNORM_INT_101010 || T == CL_UNORM_INT_101010_2;
}

/// Whether \p F is a format the specification defines, whether or not Loom
/// has it: which orders go with which types.
bool isValidFormat(const cl_image_format &F) {
  cl_channel_order O = F.image_channel_order;
  cl_channel_type T = F.image_channel_data_type;
  bool KnownOrder = (O >= CL_R && O <= CL_ABGR);
  bool KnownType = (T >= CL_SNORM_INT8 && T <= CL_UNORM_INT_101010_2);
  if (!KnownOrder || !KnownType)
    return false;
  switch (O) {
  case CL_BGRA:
  case CL_ARGB:
  case CL_ABGR:
    return isEightBit(T);
  case CL_INTENSITY:
  case CL_LUMINANCE:
    return T == CL_UNORM_INT8 || T == CL_UNORM_INT16 || T == CL_SNORM_INT8 ||
           T == CL_SNORM_INT16 || T == CL_HALF_FLOAT || T == CL_FLOAT;
  case CL_RGB:
  case CL_RGBx:
    return isPacked(T);
  case CL_sRGB:
  case CL_sRGBx:
  case CL_sRGBA:
  case CL_sBGRA:
    return T == CL_UNORM_INT8;
  case CL_DEPTH:
    return T == CL_UNORM_INT16 || T == CL_FLOAT;
  case CL_DEPTH_STENCIL:
    return T == CL_UNORM_INT24 || T == CL_FLOAT;
  default:
    return !isPacked(T) || (O == CL_RGBA && T == CL_UNORM_INT_101010_2);
  }
}

size_t elementSize(const cl_image_format &F) {
  return loom_image_element_size(F.image_channel_order,
                                 F.image_channel_data_type);
}

/// Checks \p Format: CL_INVALID_IMAGE_FORMAT_DESCRIPTOR for none the
/// specification defines, CL_IMAGE_FORMAT_NOT_SUPPORTED for one Loom lacks.
cl_int checkFormat(const cl_image_format *Format) {
  if (!Format || !isValidFormat(*Format))
    return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
  return elementSize(*Format) ? CL_SUCCESS : CL_IMAGE_FORMAT_NOT_SUPPORTED;
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

bool isArray(cl_mem_object_type T) {
  return T == CL_MEM_OBJECT_IMAGE1D_ARRAY || T == CL_MEM_OBJECT_IMAGE2D_ARRAY;
}
bool hasHeight(cl_mem_object_type T) {
  return T == CL_MEM_OBJECT_IMAGE2D || T == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
         T == CL_MEM_OBJECT_IMAGE3D;
}
/// Whether the type has slices or layers with a pitch of their own.
bool hasSlices(cl_mem_object_type T) {
  return isArray(T) || T == CL_MEM_OBJECT_IMAGE3D;
}

/// The texels along each axis of an image as the driver sees them: width,
/// then height or layers, then depth or layers.
std::array<size_t, 3> extentOf(const cl_image_desc &D) {
  switch (D.image_type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return {D.image_width, D.image_array_size, 1};
  case CL_MEM_OBJECT_IMAGE2D:
    return {D.image_width, D.image_height, 1};
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return {D.image_width, D.image_height, D.image_array_size};
  case CL_MEM_OBJECT_IMAGE3D:
    return {D.image_width, D.image_height, D.image_depth};
  default:
    return {D.image_width, 1, 1};
  }
}

/// The largest extent the driver allows along each axis of \p Type.
std::array<size_t, 3> maximumExtent(cl_mem_object_type Type) {
  switch (Type) {
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return {MUX_IMAGE_MAX_BUFFER_TEXELS, 1, 1};
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return {MUX_IMAGE_MAX_1D_WIDTH, MUX_IMAGE_MAX_ARRAY_SIZE, 1};
  case CL_MEM_OBJECT_IMAGE2D:
    return {MUX_IMAGE_MAX_2D_SIZE, MUX_IMAGE_MAX_2D_SIZE, 1};
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return {MUX_IMAGE_MAX_2D_SIZE, MUX_IMAGE_MAX_2D_SIZE,
            MUX_IMAGE_MAX_ARRAY_SIZE};
  case CL_MEM_OBJECT_IMAGE3D:
    return {MUX_IMAGE_MAX_3D_SIZE, MUX_IMAGE_MAX_3D_SIZE,
            MUX_IMAGE_MAX_3D_SIZE};
  default:
    return {MUX_IMAGE_MAX_1D_WIDTH, 1, 1};
  }
}

/// Checks \p Desc, but for its pitches and buffer: a known type, no mip
/// levels or samples, no size of 0 (CL_INVALID_IMAGE_DESCRIPTOR) or past
/// the driver's (CL_INVALID_IMAGE_SIZE).
cl_int checkShape(const cl_image_desc *Desc) {
  if (!Desc || !loomImageType(Desc->image_type) || Desc->num_mip_levels ||
      Desc->num_samples)
    return CL_INVALID_IMAGE_DESCRIPTOR;
  if ((Desc->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) !=
      (Desc->buffer != nullptr))
    return CL_INVALID_IMAGE_DESCRIPTOR;
  std::array<size_t, 3> Extent = extentOf(*Desc);
  std::array<size_t, 3> Max = maximumExtent(Desc->image_type);
  for (int A = 0; A < 3; ++A)
    if (Extent[A] == 0)
      return CL_INVALID_IMAGE_DESCRIPTOR;
  for (int A = 0; A < 3; ++A)
    if (Extent[A] > Max[A])
      return CL_INVALID_IMAGE_SIZE;
  return CL_SUCCESS;
}

/// The application's pitches of \p Desc's image with \p Element-byte
/// texels, 0 resolved (a 1D array's slice pitch is its layers' pitch),
/// checked: CL_INVALID_IMAGE_DESCRIPTOR for pitches without a host pointer
/// or too small or misaligned ones.
cl_int hostPitches(const cl_image_desc &Desc, size_t Element, bool HasHostPtr,
                   size_t &Row, size_t &Slice) {
  size_t Given[2] = {Desc.image_row_pitch, Desc.image_slice_pitch};
  cl_mem_object_type T = Desc.image_type;
  if (!HasHostPtr && (Given[0] || Given[1]))
    return CL_INVALID_IMAGE_DESCRIPTOR;
  Row = Given[0] ? Given[0] : Desc.image_width * Element;
  if (Row < Desc.image_width * Element || Row % Element)
    return CL_INVALID_IMAGE_DESCRIPTOR;
  size_t Rows = hasHeight(T) ? Desc.image_height : 1;
  Slice = hasSlices(T) && Given[1] ? Given[1] : Row * Rows;
  if (hasSlices(T) && (Slice < Row * Rows || Slice % Row))
    return CL_INVALID_IMAGE_DESCRIPTOR;
  return CL_SUCCESS;
}

/// Copies the texels of an image of \p Extent between two layouts: rows
/// of \p RowBytes, rows and slices at the pitches given.
void copyTexels(uint8_t *To, size_t ToRow, size_t ToSlice, const uint8_t *From,
                size_t FromRow, size_t FromSlice, size_t RowBytes, size_t Rows,
                size_t Slices) {
  for (size_t Z = 0; Z < Slices; ++Z)
    for (size_t Y = 0; Y < Rows; ++Y)
      std::memcpy(To + Z * ToSlice + Y * ToRow,
                  From + Z * FromSlice + Y * FromRow, RowBytes);
}

/// The number of rows and slices the memory of an image of \p Desc holds
/// (a 1D array's layers are slices there, one row each).
std::pair<size_t, size_t> rowsAndSlices(const cl_image_desc &D) {
  switch (D.image_type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return {1, D.image_array_size};
  case CL_MEM_OBJECT_IMAGE2D:
    return {D.image_height, 1};
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return {D.image_height, D.image_array_size};
  case CL_MEM_OBJECT_IMAGE3D:
    return {D.image_height, D.image_depth};
  default:
    return {1, 1};
  }
}

/// Gives \p Image the bytes of its 1D image buffer's buffer, \p Buffer:
/// a driver buffer and the driver image, both over the buffer's memory.
cl_int useBuffer(_cl_mem &Image, cl_mem Buffer) {
  if (!isObject(Buffer) || Buffer->Type != CL_MEM_OBJECT_BUFFER ||
      Buffer->Context != Image.Context)
    return CL_INVALID_IMAGE_DESCRIPTOR;
  if (Image.Size > Buffer->Size)
    return CL_INVALID_IMAGE_SIZE;
  mux_device_t Mux = Image.Context->Mux;
  uint64_t Offset =
      (Buffer->Parent ? Buffer->Parent->MemoryOffset : Buffer->MemoryOffset) +
      Buffer->Offset;
  Image.Parent = Buffer;
  retain(Buffer);
  Image.Memory = Buffer->Memory;
  Image.Bytes = Buffer->Bytes;
  if (Buffer->HostPtr)
    Image.HostPtr = Buffer->HostPtr;
  if (muxCreateBuffer(Mux, Image.Size, &Image.Buffer) != mux_success ||
      muxBindBufferMemory(Mux, Image.Memory, Image.Buffer, Offset) !=
          mux_success ||
      muxBindImageMemory(Mux, Image.Memory, Image.Image, Offset) != mux_success)
    return CL_INVALID_IMAGE_SIZE;
  return CL_SUCCESS;
}

/// A 1D image buffer's flags: those given, its buffer's where it gives
/// none of a kind; CL_INVALID_VALUE for a host pointer flag or an access
/// its buffer does not allow.
cl_int inheritBufferFlags(cl_mem Buffer, cl_mem_flags &Flags) {
  constexpr cl_mem_flags Access =
      CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  constexpr cl_mem_flags Host =
      CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
  if (Flags &
      (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))
    return CL_INVALID_VALUE;
  if (!isObject(Buffer))
    return CL_SUCCESS; // checkShape's error.
  cl_mem_flags Parent = Buffer->Flags;
  bool Refused =
      ((Parent & CL_MEM_WRITE_ONLY) &&
       (Flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
      ((Parent & CL_MEM_READ_ONLY) &&
       (Flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) ||
      ((Parent & CL_MEM_HOST_WRITE_ONLY) && (Flags & CL_MEM_HOST_READ_ONLY)) ||
      ((Parent & CL_MEM_HOST_READ_ONLY) && (Flags & CL_MEM_HOST_WRITE_ONLY)) ||
      ((Parent & CL_MEM_HOST_NO_ACCESS) &&
       (Flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)));
  if (Refused)
    return CL_INVALID_VALUE;
  for (cl_mem_flags Kind : {Access, Host})
    if (!(Flags & Kind))
      Flags |= Parent & Kind;
  Flags |= Parent & CL_MEM_USE_HOST_PTR;
  return CL_SUCCESS;
}

/// clCreateImage and clCreateImageWithProperties.
cl_mem makeImage(cl_context Context, std::vector<cl_mem_properties> Properties,
                 cl_mem_flags Flags, const cl_image_format *Format,
                 const cl_image_desc *Desc, void *HostPtr, cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  bool FromBuffer = Desc && Desc->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER;
  if (FromBuffer) {
    if (cl_int E = checkFlags(Flags & ~CL_MEM_USE_HOST_PTR, nullptr))
      return failWith(ErrorCode, E);
    if (HostPtr)
      return failWith(ErrorCode, CL_INVALID_HOST_PTR);
    if (cl_int E = inheritBufferFlags(Desc->buffer, Flags))
      return failWith(ErrorCode, E);
  } else if (cl_int E = checkFlags(Flags, HostPtr)) {
    return failWith(ErrorCode, E);
  }
  if (cl_int E = checkFormat(Format))
    return failWith(ErrorCode, E);
  if (cl_int E = checkShape(Desc))
    return failWith(ErrorCode, E);
  size_t Element = elementSize(*Format);
  size_t Row, Slice;
  // A 1D image buffer's memory is its buffer's: it may give its row pitch.
  if (cl_int E = hostPitches(*Desc, Element, HostPtr || FromBuffer, Row, Slice))
    return failWith(ErrorCode, E);

  auto Image = std::make_unique<_cl_mem>();
  Image->Context = Context;
  retain(Context);
  Image->Type = Desc->image_type;
  Image->Properties = std::move(Properties);
  Image->Flags =
      (Flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY))
          ? Flags
          : Flags | CL_MEM_READ_WRITE;
  Image->Format = *Format;
  Image->ElementSize = Element;
  Image->Desc = *Desc;
  // The application's memory and the image's lie alike.
  bool UsesHost = Flags & CL_MEM_USE_HOST_PTR && !FromBuffer;
  mux_image_desc_s Mux = {};
  Mux.type = loomImageType(Desc->image_type);
  Mux.channel_order = Format->image_channel_order;
  Mux.channel_type = Format->image_channel_data_type;
  Mux.width = Desc->image_width;
  Mux.height = Desc->image_height;
  Mux.depth = Desc->image_depth;
  Mux.array_size = Desc->image_array_size;
  Mux.row_pitch = UsesHost ? Row : 0;
  Mux.slice_pitch = UsesHost && hasSlices(Desc->image_type) ? Slice : 0;
  uint64_t Size = 0, MuxRow = 0, MuxSlice = 0;
  if (muxCreateImage(Context->Mux, &Mux, &Image->Image) != mux_success ||
      muxGetImageLayout(Image->Image, &Size, &MuxRow, &MuxSlice) != mux_success)
    return failWith(ErrorCode, CL_INVALID_IMAGE_SIZE);
  Image->Size = Size;
  Image->Desc.image_row_pitch = MuxRow;
  Image->Desc.image_slice_pitch = hasSlices(Desc->image_type) ? MuxSlice : 0;
  if (FromBuffer) {
    if (cl_int E = useBuffer(*Image, Desc->buffer))
      return failWith(ErrorCode, E);
    failWith(ErrorCode, CL_SUCCESS);
    return Image.release();
  }
  if (Size > maxAllocation(Context))
    return failWith(ErrorCode, CL_INVALID_IMAGE_SIZE);
  if (UsesHost)
    Image->HostPtr = HostPtr;
  if (cl_int E = allocate(*Image))
    return failWith(ErrorCode, E);
  if (muxBindImageMemory(Context->Mux, Image->Memory, Image->Image, 0) !=
      mux_success)
    return failWith(ErrorCode, CL_MEM_OBJECT_ALLOCATION_FAILURE);
  if (HostPtr) {
    auto [Rows, Slices] = rowsAndSlices(*Desc);
    copyTexels(Image->Bytes, MuxRow, MuxSlice,
               static_cast<const uint8_t *>(HostPtr), Row, Slice,
               Desc->image_width * Element, Rows, Slices);
  }
  failWith(ErrorCode, CL_SUCCESS);
  return Image.release();
}

//===----------------------------------------------------------------------===//
// Commands
//===----------------------------------------------------------------------===//

bool isImage(cl_mem Memory) {
  return isObject(Memory) && Memory->Type != CL_MEM_OBJECT_BUFFER;
}

/// The checks of a command's box of \p Image: a known origin and region,
/// the coordinates the type does not have 0 in the origin and 1 in the
/// region, and the box inside the image (CL_INVALID_VALUE otherwise).
cl_int checkBox(const _cl_mem &Image, const size_t *Origin,
                const size_t *Region, mux_image_box_s &Box) {
  if (!Origin || !Region)
    return CL_INVALID_VALUE;
  std::array<size_t, 3> Extent = extentOf(Image.Desc);
  for (int A = 0; A < 3; ++A) {
    if (Region[A] == 0 || Origin[A] > Extent[A] ||
        Region[A] > Extent[A] - Origin[A])
      return CL_INVALID_VALUE;
    Box.origin[A] = Origin[A];
    Box.region[A] = Region[A];
  }
  return CL_SUCCESS;
}

/// The driver's pitches of host memory for a box of \p Image: OpenCL's row
/// and slice pitch, except for a 1D array, whose layers the driver steps
/// through as rows, by the slice pitch.
cl_int hostBoxPitches(const _cl_mem &Image, const size_t *Region,
                      size_t RowPitch, size_t SlicePitch, uint64_t &MuxRow,
                      uint64_t &MuxSlice) {
  size_t RowBytes = Region[0] * Image.ElementSize;
  size_t Row = RowPitch ? RowPitch : RowBytes;
  if (Row < RowBytes)
    return CL_INVALID_VALUE;
  if (Image.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
    size_t Layer = SlicePitch ? SlicePitch : Row;
    if (Layer < Row)
      return CL_INVALID_VALUE;
    MuxRow = Layer;
    MuxSlice = Layer * Region[1];
    return CL_SUCCESS;
  }
  size_t Slice =
      hasSlices(Image.Type) && SlicePitch ? SlicePitch : Row * Region[1];
  if (Slice < Row * Region[1])
    return CL_INVALID_VALUE;
  MuxRow = Row;
  MuxSlice = Slice;
  return CL_SUCCESS;
}

/// The checks shared by the commands on one image: the queue, the image,
/// the event list and the box.
cl_int checkImageCommand(Enqueued &Command, cl_command_queue Queue,
                         cl_mem Image, const size_t *Origin,
                         const size_t *Region, cl_uint NumWaits,
                         const cl_event *Waits, mux_image_box_s &Box) {
  if (cl_int E = checkMemoryCommand(Command, Queue, {Image}, NumWaits, Waits))
    return E;
  if (!isImage(Image))
    return CL_INVALID_MEM_OBJECT;
  return checkBox(*Image, Origin, Region, Box);
}

/// The checks of a command's second memory object, \p Memory, once the
/// command and its first have been checked (Enqueued::check takes the
/// event list once).
cl_int checkSecondObject(cl_command_queue Queue, cl_mem Memory) {
  if (!isObject(Memory))
    return CL_INVALID_MEM_OBJECT;
  return Memory->Context == Queue->Context ? CL_SUCCESS : CL_INVALID_CONTEXT;
}

/// A transfer between an image's box and host memory, once checked.
struct HostTransfer {
  mux_image_box_s Box;
  /// The host memory's pitches, as the driver takes them (hostBoxPitches).
  uint64_t Row = 0;
  uint64_t Slice = 0;
};

/// The checks of reading or writing \p Image from or to the host memory at
/// \p Pointer: the command's, the host pitches, and that \p Image's host
/// flags have none of \p Forbidden.
cl_int checkHostTransfer(Enqueued &Command, cl_command_queue Queue,
                         cl_mem Image, const size_t *Origin,
                         const size_t *Region, size_t RowPitch,
                         size_t SlicePitch, const void *Pointer,
                         cl_mem_flags Forbidden, cl_uint NumWaits,
                         const cl_event *Waits, HostTransfer &Transfer) {
  if (cl_int E = checkImageCommand(Command, Queue, Image, Origin, Region,
                                   NumWaits, Waits, Transfer.Box))
    return E;
  if (!Pointer || hostBoxPitches(*Image, Region, RowPitch, SlicePitch,
                                 Transfer.Row, Transfer.Slice))
    return CL_INVALID_VALUE;
  return Image->Flags & Forbidden ? CL_INVALID_OPERATION : CL_SUCCESS;
}

/// The checks of copying \p Image's box at \p Origin and \p Region to or
/// from \p Buffer at \p Offset, whose texels lie there one after the other.
cl_int checkBufferCopy(Enqueued &Command, cl_command_queue Queue, cl_mem Image,
                       cl_mem Buffer, const size_t *Origin,
                       const size_t *Region, size_t Offset, cl_uint NumWaits,
                       const cl_event *Waits, mux_image_box_s &Box) {
  if (cl_int E = checkImageCommand(Command, Queue, Image, Origin, Region,
                                   NumWaits, Waits, Box))
    return E;
  if (cl_int E = checkSecondObject(Queue, Buffer))
    return E;
  if (Buffer->Type != CL_MEM_OBJECT_BUFFER)
    return CL_INVALID_MEM_OBJECT;
  size_t Bytes = Region[0] * Region[1] * Region[2] * Image->ElementSize;
  if (Offset > Buffer->Size || Bytes > Buffer->Size - Offset)
    return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

/// Stores float \p V as a channel of type \p Type at \p P, as write_imagef
/// does: scaled, rounded to nearest even and saturated, NaN as 0.
void packFloat(uint8_t *P, cl_channel_type Type, float V) {
  auto Scaled = [V](float Scale, float Lo, float Hi) {
    return std::isnan(V) ? 0.0f : std::nearbyint(std::clamp(V * Scale, Lo, Hi));
  };
  switch (Type) {
  case CL_UNORM_INT8:
    *P = static_cast<uint8_t>(Scaled(255.0f, 0, 255));
    return;
  case CL_SNORM_INT8:
    *P = static_cast<uint8_t>(static_cast<int8_t>(Scaled(127.0f, -128, 127)));
    return;
  case CL_UNORM_INT16: {
    auto S = static_cast<uint16_t>(Scaled(65535.0f, 0, 65535));
    std::memcpy(P, &S, 2);
    return;
  }
  case CL_SNORM_INT16: {
    auto S = static_cast<int16_t>(Scaled(32767.0f, -32768, 32767));
    std::memcpy(P, &S, 2);
    return;
  }
  case CL_HALF_FLOAT: {
    auto S = static_cast<_Float16>(V);
    std::memcpy(P, &S, 2);
    return;
  }
  default:
    std::memcpy(P, &V, 4);
  }
}

/// Stores integer \p V (signed for the signed types) as a channel of type
/// \p Type at \p P, saturated, as write_imagei and write_imageui do.
void packInteger(uint8_t *P, cl_channel_type Type, uint32_t V) {
  int64_t Signed = static_cast<int32_t>(V);
  switch (Type) {
  case CL_SIGNED_INT8:
    *P = static_cast<uint8_t>(std::clamp<int64_t>(Signed, -128, 127));
    return;
  case CL_SIGNED_INT16: {
    auto S = static_cast<int16_t>(std::clamp<int64_t>(Signed, -32768, 32767));
    std::memcpy(P, &S, 2);
    return;
  }
  case CL_UNSIGNED_INT8:
    *P = static_cast<uint8_t>(std::min<uint32_t>(V, 255));
    return;
  case CL_UNSIGNED_INT16: {
    auto S = static_cast<uint16_t>(std::min<uint32_t>(V, 65535));
    std::memcpy(P, &S, 2);
    return;
  }
  default:
    std::memcpy(P, &V, 4);
  }
}

/// The texel of \p Format that fill color \p Color (four floats, ints or
/// uints as the format's type reads) is.
std::vector<uint8_t> packTexel(const cl_image_format &Format,
                               const void *Color) {
  cl_channel_order Order = Format.image_channel_order;
  cl_channel_type Type = Format.image_channel_data_type;
  // The color's channel each stored channel is, in the order's order.
  std::array<int, 4> From = {0, 1, 2, 3};
  if (Order == CL_A)
    From = {3, 0, 0, 0};
  else if (Order == CL_RA)
    From = {0, 3, 0, 0};
  else if (Order == CL_BGRA)
    From = {2, 1, 0, 3};
  else if (Order == CL_ARGB)
    From = {3, 0, 1, 2};
  uint32_t Channels = loom_image_channel_count(Order);
  uint32_t Bytes = loom_image_channel_bytes(Type);
  std::vector<uint8_t> Texel(Channels * Bytes);
  for (uint32_t K = 0; K < Channels; ++K) {
    uint32_t Word;
    std::memcpy(&Word, static_cast<const uint8_t *>(Color) + 4 * From[K], 4);
    if (loom_image_type_is_integer(Type)) {
      packInteger(&Texel[K * Bytes], Type, Word);
    } else {
      float V;
      std::memcpy(&V, &Word, 4);
      packFloat(&Texel[K * Bytes], Type, V);
    }
  }
  return Texel;
}

/// Where texel \p Origin of \p Image starts in its bytes, and the bytes to
/// the end of the box of \p Region from it.
std::pair<size_t, size_t> spanOf(const _cl_mem &Image, const size_t *Origin,
                                 const size_t *Region) {
  size_t Pitch[2] = {Image.Desc.image_row_pitch, Image.Desc.image_slice_pitch};
  if (Image.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
    Pitch[0] = Image.Desc.image_slice_pitch;
  auto At = [&](size_t X, size_t Y, size_t Z) {
    return X * Image.ElementSize + Y * Pitch[0] + Z * Pitch[1];
  };
  size_t Start = At(Origin[0], Origin[1], Origin[2]);
  size_t End = At(Origin[0] + Region[0], Origin[1] + Region[1] - 1,
                  Origin[2] + Region[2] - 1);
  return {Start, End - Start};
}

} // namespace

uint32_t loomImageType(cl_mem_object_type Type) {
  switch (Type) {
  case CL_MEM_OBJECT_IMAGE1D:
    return LOOM_IMAGE_1D;
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return LOOM_IMAGE_1D_BUFFER;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return LOOM_IMAGE_1D_ARRAY;
  case CL_MEM_OBJECT_IMAGE2D:
    return LOOM_IMAGE_2D;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return LOOM_IMAGE_2D_ARRAY;
  case CL_MEM_OBJECT_IMAGE3D:
    return LOOM_IMAGE_3D;
  default:
    return 0;
  }
}

cl_mem createImage(cl_context Context, cl_mem_flags Flags,
                   const cl_image_format *Format, const cl_image_desc *Desc,
                   void *HostPtr, cl_int *ErrorCode) {
  return makeImage(Context, {}, Flags, Format, Desc, HostPtr, ErrorCode);
}

cl_mem createImageWithProperties(cl_context Context,
                                 const cl_mem_properties *Properties,
                                 cl_mem_flags Flags,
                                 const cl_image_format *Format,
                                 const cl_image_desc *Desc, void *HostPtr,
                                 cl_int *ErrorCode) {
  // No property is defined for images in OpenCL 3.0.
  if (Properties && *Properties)
    return failWith(ErrorCode, CL_INVALID_PROPERTY);
  std::vector<cl_mem_properties> Kept;
  if (Properties)
    Kept.push_back(0);
  return makeImage(Context, std::move(Kept), Flags, Format, Desc, HostPtr,
                   ErrorCode);
}

cl_mem createImage2D(cl_context Context, cl_mem_flags Flags,
                     const cl_image_format *Format, size_t Width, size_t Height,
                     size_t RowPitch, void *HostPtr, cl_int *ErrorCode) {
  cl_image_desc Desc = {};
  Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  Desc.image_width = Width;
  Desc.image_height = Height;
  Desc.image_row_pitch = RowPitch;
  return createImage(Context, Flags, Format, &Desc, HostPtr, ErrorCode);
}

cl_mem createImage3D(cl_context Context, cl_mem_flags Flags,
                     const cl_image_format *Format, size_t Width, size_t Height,
                     size_t Depth, size_t RowPitch, size_t SlicePitch,
                     void *HostPtr, cl_int *ErrorCode) {
  cl_image_desc Desc = {};
  Desc.image_type = CL_MEM_OBJECT_IMAGE3D;
  Desc.image_width = Width;
  Desc.image_height = Height;
  Desc.image_depth = Depth;
  Desc.image_row_pitch = RowPitch;
  Desc.image_slice_pitch = SlicePitch;
  return createImage(Context, Flags, Format, &Desc, HostPtr, ErrorCode);
}

cl_int getImageInfo(cl_mem Image, cl_image_info Param, size_t Size, void *Value,
                    size_t *SizeRet) {
  if (!isImage(Image))
    return CL_INVALID_MEM_OBJECT;
  InfoWriter Answer(Size, Value, SizeRet);
  const cl_image_desc &D = Image->Desc;
  switch (Param) {
  case CL_IMAGE_FORMAT:
    return Answer.value(Image->Format);
  case CL_IMAGE_ELEMENT_SIZE:
    return Answer.value<size_t>(Image->ElementSize);
  case CL_IMAGE_ROW_PITCH:
    return Answer.value<size_t>(D.image_row_pitch);
  case CL_IMAGE_SLICE_PITCH:
    return Answer.value<size_t>(D.image_slice_pitch);
  case CL_IMAGE_WIDTH:
    return Answer.value<size_t>(D.image_width);
  case CL_IMAGE_HEIGHT:
    return Answer.value<size_t>(hasHeight(Image->Type) ? D.image_height : 0);
  case CL_IMAGE_DEPTH:
    return Answer.value<size_t>(
        Image->Type == CL_MEM_OBJECT_IMAGE3D ? D.image_depth : 0);
  case CL_IMAGE_ARRAY_SIZE:
    return Answer.value<size_t>(isArray(Image->Type) ? D.image_array_size : 0);
  case CL_IMAGE_BUFFER:
    return Answer.value<cl_mem>(
        Image->Type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? Image->Parent : nullptr);
  case CL_IMAGE_NUM_MIP_LEVELS:
  case CL_IMAGE_NUM_SAMPLES:
    return Answer.value<cl_uint>(0);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int getSupportedImageFormats(cl_context Context, cl_mem_flags Flags,
                                cl_mem_object_type Type, cl_uint NumEntries,
                                cl_image_format *Formats, cl_uint *NumFormats) {
  if (!isObject(Context))
    return CL_INVALID_CONTEXT;
  constexpr cl_mem_flags Known =
      CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY |
      CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS |
      CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR |
      CL_MEM_KERNEL_READ_AND_WRITE;
  if (!loomImageType(Type) || (Flags & ~Known) || (NumEntries == 0 && Formats))
    return CL_INVALID_VALUE;
  cl_uint Count = 0;
  for (cl_channel_order Order : Orders)
    for (cl_channel_type T : Types) {
      if (!loom_image_element_size(Order, T))
        continue;
      if (Formats && Count < NumEntries)
        Formats[Count] = {Order, T};
      ++Count;
    }
  if (NumFormats)
    *NumFormats = Count;
  return CL_SUCCESS;
}

cl_int enqueueReadImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                        const size_t *Origin, const size_t *Region,
                        size_t RowPitch, size_t SlicePitch, void *Pointer,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_READ_IMAGE);
  HostTransfer T;
  if (cl_int E = checkHostTransfer(
          Command, Queue, Image, Origin, Region, RowPitch, SlicePitch, Pointer,
          CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, NumWaits, Waits, T))
    return E;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandReadImage(Commands, Image->Image, &T.Box, Pointer,
                                   T.Row, T.Slice);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Image);
  return Command.submit(Blocking, Event);
}

cl_int enqueueWriteImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                         const size_t *Origin, const size_t *Region,
                         size_t RowPitch, size_t SlicePitch,
                         const void *Pointer, cl_uint NumWaits,
                         const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_WRITE_IMAGE);
  HostTransfer T;
  if (cl_int E = checkHostTransfer(
          Command, Queue, Image, Origin, Region, RowPitch, SlicePitch, Pointer,
          CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, NumWaits, Waits, T))
    return E;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandWriteImage(Commands, Image->Image, &T.Box, Pointer,
                                    T.Row, T.Slice);
      }))
    return CL_OUT_OF_RESOURCES;
  keepAndCopyBack(Command, Image);
  return Command.submit(Blocking, Event);
}

cl_int enqueueCopyImage(cl_command_queue Queue, cl_mem Source,
                        cl_mem Destination, const size_t *SourceOrigin,
                        const size_t *DestinationOrigin, const size_t *Region,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_COPY_IMAGE);
  mux_image_box_s From, To;
  if (cl_int E = checkImageCommand(Command, Queue, Source, SourceOrigin, Region,
                                   NumWaits, Waits, From))
    return E;
  if (cl_int E = checkSecondObject(Queue, Destination))
    return E;
  if (!isImage(Destination))
    return CL_INVALID_MEM_OBJECT;
  if (cl_int E = checkBox(*Destination, DestinationOrigin, Region, To))
    return E;
  if (Source->Format.image_channel_order !=
          Destination->Format.image_channel_order ||
      Source->Format.image_channel_data_type !=
          Destination->Format.image_channel_data_type)
    return CL_IMAGE_FORMAT_MISMATCH;
  if (Source == Destination) {
    bool Overlap = true;
    for (int A = 0; A < 3; ++A)
      Overlap &= SourceOrigin[A] < DestinationOrigin[A] + Region[A] &&
                 DestinationOrigin[A] < SourceOrigin[A] + Region[A];
    if (Overlap)
      return CL_MEM_COPY_OVERLAP;
  }
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandCopyImage(Commands, Source->Image, Destination->Image,
                                   &From, To.origin);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Source);
  keepAndCopyBack(Command, Destination);
  return Command.submit(false, Event);
}

cl_int enqueueFillImage(cl_command_queue Queue, cl_mem Image, const void *Color,
                        const size_t *Origin, const size_t *Region,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_FILL_IMAGE);
  mux_image_box_s Box;
  if (cl_int E = checkImageCommand(Command, Queue, Image, Origin, Region,
                                   NumWaits, Waits, Box))
    return E;
  if (!Color)
    return CL_INVALID_VALUE;
  std::vector<uint8_t> Texel = packTexel(Image->Format, Color);
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandFillImage(Commands, Image->Image, Texel.data(), &Box);
      }))
    return CL_OUT_OF_RESOURCES;
  keepAndCopyBack(Command, Image);
  return Command.submit(false, Event);
}

cl_int enqueueCopyImageToBuffer(cl_command_queue Queue, cl_mem Image,
                                cl_mem Buffer, const size_t *Origin,
                                const size_t *Region, size_t Offset,
                                cl_uint NumWaits, const cl_event *Waits,
                                cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_COPY_IMAGE_TO_BUFFER);
  mux_image_box_s Box;
  if (cl_int E = checkBufferCopy(Command, Queue, Image, Buffer, Origin, Region,
                                 Offset, NumWaits, Waits, Box))
    return E;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandCopyImageToBuffer(Commands, Image->Image, &Box,
                                           Buffer->Buffer, Offset);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Image);
  keepAndCopyBack(Command, Buffer);
  return Command.submit(false, Event);
}

cl_int enqueueCopyBufferToImage(cl_command_queue Queue, cl_mem Buffer,
                                cl_mem Image, size_t Offset,
                                const size_t *Origin, const size_t *Region,
                                cl_uint NumWaits, const cl_event *Waits,
                                cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_COPY_BUFFER_TO_IMAGE);
  mux_image_box_s Box;
  if (cl_int E = checkBufferCopy(Command, Queue, Image, Buffer, Origin, Region,
                                 Offset, NumWaits, Waits, Box))
    return E;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandCopyBufferToImage(Commands, Buffer->Buffer, Offset,
                                           Image->Image, &Box);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Buffer);
  keepAndCopyBack(Command, Image);
  return Command.submit(false, Event);
}

void *enqueueMapImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                      cl_map_flags Flags, const size_t *Origin,
                      const size_t *Region, size_t *RowPitch,
                      size_t *SlicePitch, cl_uint NumWaits,
                      const cl_event *Waits, cl_event *Event,
                      cl_int *ErrorCode) {
  Enqueued Command(Queue, CL_COMMAND_MAP_IMAGE);
  mux_image_box_s Box;
  if (cl_int E = checkImageCommand(Command, Queue, Image, Origin, Region,
                                   NumWaits, Waits, Box))
    return failWith(ErrorCode, E);
  if (!RowPitch || (hasSlices(Image->Type) && !SlicePitch))
    return failWith(ErrorCode, CL_INVALID_VALUE);
  auto [Offset, Size] = spanOf(*Image, Origin, Region);
  void *Pointer =
      mapBytes(Command, Image, Blocking, Flags, Offset, Size, Event, ErrorCode);
  if (Pointer) {
    *RowPitch = Image->Desc.image_row_pitch;
    if (SlicePitch)
      *SlicePitch = Image->Desc.image_slice_pitch;
  }
  return Pointer;
}

} // namespace opencl
} // namespace loom
