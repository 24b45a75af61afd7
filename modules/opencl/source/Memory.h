//===- Memory.h - Buffers of Loom's OpenCL platform -------------*- C++ -*-===//
///
/// \file
/// A buffer is memory of its context's driver device, host-coherent and
/// mapped once, with a driver buffer bound to it; reads, writes, copies and
/// fills are the driver's commands. With CL_MEM_USE_HOST_PTR the
/// application's memory is copied in when the buffer is made and copied
/// back after every command that may write the buffer, so it holds the
/// buffer's contents whenever no command runs. A mapping is the buffer's
/// own bytes (or the application's memory, with CL_MEM_USE_HOST_PTR, copied
/// back into the buffer when a mapping for writing ends).
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_MEMORY_H
#define OPENCL_MEMORY_H

#include "Objects.h"

#include <initializer_list>

namespace loom {
namespace opencl {

/// The alignment, in bytes, every device of \p Context asks of a buffer's
/// address and a sub-buffer's offset (CL_DEVICE_MEM_BASE_ADDR_ALIGN, in
/// bits: the widest type's size, so that an array of long16 in a buffer is
/// aligned).
size_t bufferAlignment(cl_context Context);
/// The largest allocation any of \p Context's devices allows.
cl_ulong maxAllocation(cl_context Context);

cl_mem createBuffer(cl_context Context, cl_mem_flags Flags, size_t Size,
                    void *HostPtr, cl_int *ErrorCode);
cl_mem createBufferWithProperties(cl_context Context,
                                  const cl_mem_properties *Properties,
                                  cl_mem_flags Flags, size_t Size,
                                  void *HostPtr, cl_int *ErrorCode);
/// A sub-buffer: a driver buffer bound to a region of its parent's memory,
/// so that each sees what the other writes. Its offset must be aligned for
/// every device of the context (CL_DEVICE_MEM_BASE_ADDR_ALIGN); it inherits
/// the kinds of flags it does not give, and holds a reference to its
/// parent.
cl_mem createSubBuffer(cl_mem Parent, cl_mem_flags Flags,
                       cl_buffer_create_type Type, const void *Info,
                       cl_int *ErrorCode);
cl_int retainMemObject(cl_mem Memory);
cl_int releaseMemObject(cl_mem Memory);
cl_int setMemObjectDestructorCallback(cl_mem Memory,
                                      void(CL_CALLBACK *Notify)(cl_mem, void *),
                                      void *Data);
cl_int getMemObjectInfo(cl_mem Memory, cl_mem_info Param, size_t Size,
                        void *Value, size_t *SizeRet);

cl_int enqueueReadBuffer(cl_command_queue Queue, cl_mem Buffer,
                         cl_bool Blocking, size_t Offset, size_t Size,
                         void *Pointer, cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event);
cl_int enqueueWriteBuffer(cl_command_queue Queue, cl_mem Buffer,
                          cl_bool Blocking, size_t Offset, size_t Size,
                          const void *Pointer, cl_uint NumWaits,
                          const cl_event *Waits, cl_event *Event);
cl_int enqueueCopyBuffer(cl_command_queue Queue, cl_mem Source,
                         cl_mem Destination, size_t SourceOffset,
                         size_t DestinationOffset, size_t Size,
                         cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event);
cl_int enqueueFillBuffer(cl_command_queue Queue, cl_mem Buffer,
                         const void *Pattern, size_t PatternSize, size_t Offset,
                         size_t Size, cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event);

/// The rect commands: boxes of bytes (Boxes.h) between a buffer and the
/// host, copied on the host once the commands before have run (the
/// buffer's memory is the host's), or between buffers, by the driver.
cl_int enqueueReadBufferRect(cl_command_queue Queue, cl_mem Buffer,
                             cl_bool Blocking, const size_t *BufferOrigin,
                             const size_t *HostOrigin, const size_t *Region,
                             size_t BufferRowPitch, size_t BufferSlicePitch,
                             size_t HostRowPitch, size_t HostSlicePitch,
                             void *Pointer, cl_uint NumWaits,
                             const cl_event *Waits, cl_event *Event);
cl_int enqueueWriteBufferRect(cl_command_queue Queue, cl_mem Buffer,
                              cl_bool Blocking, const size_t *BufferOrigin,
                              const size_t *HostOrigin, const size_t *Region,
                              size_t BufferRowPitch, size_t BufferSlicePitch,
                              size_t HostRowPitch, size_t HostSlicePitch,
                              const void *Pointer, cl_uint NumWaits,
                              const cl_event *Waits, cl_event *Event);
cl_int enqueueCopyBufferRect(cl_command_queue Queue, cl_mem Source,
                             cl_mem Destination, const size_t *SourceOrigin,
                             const size_t *DestinationOrigin,
                             const size_t *Region, size_t SourceRowPitch,
                             size_t SourceSlicePitch,
                             size_t DestinationRowPitch,
                             size_t DestinationSlicePitch, cl_uint NumWaits,
                             const cl_event *Waits, cl_event *Event);
/// Nothing to move: every device's memory is the host's.
cl_int enqueueMigrateMemObjects(cl_command_queue Queue, cl_uint Count,
                                const cl_mem *Objects,
                                cl_mem_migration_flags Flags, cl_uint NumWaits,
                                const cl_event *Waits, cl_event *Event);

void *enqueueMapBuffer(cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
                       cl_map_flags Flags, size_t Offset, size_t Size,
                       cl_uint NumWaits, const cl_event *Waits, cl_event *Event,
                       cl_int *ErrorCode);
cl_int enqueueUnmapMemObject(cl_command_queue Queue, cl_mem Memory,
                             void *Pointer, cl_uint NumWaits,
                             const cl_event *Waits, cl_event *Event);

/// No memory object is a pipe: the devices have no pipes.
cl_int getPipeInfo(cl_mem Pipe, cl_pipe_info Param, size_t Size, void *Value,
                   size_t *SizeRet);

class Enqueued;

/// Checks memory flags as clCreateBuffer and clCreateImage do: known
/// flags, at most one of each kind, a host pointer exactly when a flag
/// needs one.
cl_int checkFlags(cl_mem_flags Flags, void *HostPtr);

/// Gives \p Buffer (a buffer or an image, its Size and Context set) its
/// driver memory, mapped, and a driver buffer over all of it.
cl_int allocate(_cl_mem &Buffer);

/// The checks every command on memory objects makes of its queue, objects
/// (buffers or images) and event list.
cl_int checkMemoryCommand(Enqueued &Command, cl_command_queue Queue,
                          std::initializer_list<cl_mem> Objects,
                          cl_uint NumWaits, const cl_event *Waits);

/// Maps [Offset, Offset + Size) of \p Buffer's bytes (a buffer's or an
/// image's, checked by the caller) with \p Flags as \p Command, which has
/// been checked: the mapping clEnqueueMapBuffer and clEnqueueMapImage make.
void *mapBytes(Enqueued &Command, cl_mem Buffer, cl_bool Blocking,
               cl_map_flags Flags, size_t Offset, size_t Size, cl_event *Event,
               cl_int *ErrorCode);

/// Makes \p Command, which may write \p Buffer, keep the buffer alive and,
/// once it has run, copy the buffer's contents to its application memory
/// if it has CL_MEM_USE_HOST_PTR.
void keepAndCopyBack(Enqueued &Command, cl_mem Buffer);

} // namespace opencl
} // namespace loom

#endif // OPENCL_MEMORY_H
