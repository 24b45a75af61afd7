//===- Images.h - Images of Loom's OpenCL platform --------------*- C++ -*-===//
///
/// \file
/// An image is a memory object (_cl_mem) with a driver image of its own
/// (mux_image_t, laid out as metadata/image.h says) bound to the start of
/// its memory, and a driver buffer over the same bytes, so that what is
/// done to a buffer's bytes (mapping, CL_MEM_USE_HOST_PTR's copies) is done
/// to an image's alike. An image made with a host pointer keeps the
/// application's pitches, so that its bytes and the application's lie
/// alike and copy as one block. A 1D image buffer is a driver image bound
/// to its buffer's memory. The image commands are the driver's.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_IMAGES_H
#define OPENCL_IMAGES_H

#include "Objects.h"

namespace loom {
namespace opencl {

/// The loom_image_type of an OpenCL image type, or 0 for none.
uint32_t loomImageType(cl_mem_object_type Type);

cl_mem createImage(cl_context Context, cl_mem_flags Flags,
                   const cl_image_format *Format, const cl_image_desc *Desc,
                   void *HostPtr, cl_int *ErrorCode);
cl_mem createImageWithProperties(cl_context Context,
                                 const cl_mem_properties *Properties,
                                 cl_mem_flags Flags,
                                 const cl_image_format *Format,
                                 const cl_image_desc *Desc, void *HostPtr,
                                 cl_int *ErrorCode);
cl_mem createImage2D(cl_context Context, cl_mem_flags Flags,
                     const cl_image_format *Format, size_t Width, size_t Height,
                     size_t RowPitch, void *HostPtr, cl_int *ErrorCode);
cl_mem createImage3D(cl_context Context, cl_mem_flags Flags,
                     const cl_image_format *Format, size_t Width, size_t Height,
                     size_t Depth, size_t RowPitch, size_t SlicePitch,
                     void *HostPtr, cl_int *ErrorCode);
cl_int getImageInfo(cl_mem Image, cl_image_info Param, size_t Size, void *Value,
                    size_t *SizeRet);
/// Every format of metadata/image.h, for every image type and access.
cl_int getSupportedImageFormats(cl_context Context, cl_mem_flags Flags,
                                cl_mem_object_type Type, cl_uint NumEntries,
                                cl_image_format *Formats, cl_uint *NumFormats);

cl_int enqueueReadImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                        const size_t *Origin, const size_t *Region,
                        size_t RowPitch, size_t SlicePitch, void *Pointer,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event);
cl_int enqueueWriteImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                         const size_t *Origin, const size_t *Region,
                         size_t RowPitch, size_t SlicePitch,
                         const void *Pointer, cl_uint NumWaits,
                         const cl_event *Waits, cl_event *Event);
cl_int enqueueCopyImage(cl_command_queue Queue, cl_mem Source,
                        cl_mem Destination, const size_t *SourceOrigin,
                        const size_t *DestinationOrigin, const size_t *Region,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event);
/// The fill color is converted to one texel of the image's format on the
/// host, with write_image's rules, and the driver fills the box with it.
cl_int enqueueFillImage(cl_command_queue Queue, cl_mem Image, const void *Color,
                        const size_t *Origin, const size_t *Region,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event);
cl_int enqueueCopyImageToBuffer(cl_command_queue Queue, cl_mem Image,
                                cl_mem Buffer, const size_t *Origin,
                                const size_t *Region, size_t Offset,
                                cl_uint NumWaits, const cl_event *Waits,
                                cl_event *Event);
cl_int enqueueCopyBufferToImage(cl_command_queue Queue, cl_mem Buffer,
                                cl_mem Image, size_t Offset,
                                const size_t *Origin, const size_t *Region,
                                cl_uint NumWaits, const cl_event *Waits,
                                cl_event *Event);
/// A mapping of an image is its own bytes, at its own pitches (the
/// application's memory with CL_MEM_USE_HOST_PTR, which lies alike).
void *enqueueMapImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                      cl_map_flags Flags, const size_t *Origin,
                      const size_t *Region, size_t *RowPitch,
                      size_t *SlicePitch, cl_uint NumWaits,
                      const cl_event *Waits, cl_event *Event,
                      cl_int *ErrorCode);

} // namespace opencl
} // namespace loom

#endif // OPENCL_IMAGES_H
