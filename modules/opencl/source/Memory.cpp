//===- Memory.cpp - Buffers of Loom's OpenCL platform ---------------------===//
///
/// \file
/// See Memory.h.
///
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "Boxes.h"
#include "Context.h"
#include "Device.h"
#include "InfoWriter.h"
#include "Queue.h"
#include "SharedVirtualMemory.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>

namespace loom {
namespace opencl {

namespace {

constexpr cl_mem_flags AccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags HostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
constexpr cl_mem_flags HostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
constexpr cl_mem_flags KnownFlags =
    AccessFlags | HostAccessFlags | HostPtrFlags;

bool atMostOne(cl_mem_flags Flags) { return (Flags & (Flags - 1)) == 0; }

} // namespace

cl_int checkFlags(cl_mem_flags Flags, void *HostPtr) {
  if ((Flags & ~KnownFlags) || !atMostOne(Flags & AccessFlags) ||
      !atMostOne(Flags & HostAccessFlags) ||
      ((Flags & CL_MEM_USE_HOST_PTR) &&
       (Flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
    return CL_INVALID_VALUE;
  bool NeedsHostPtr = Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (NeedsHostPtr != (HostPtr != nullptr))
    return CL_INVALID_HOST_PTR;
  return CL_SUCCESS;
}

namespace {

/// Checks a sub-buffer's \p Flags against its parent's: no host pointer
/// flag, and no access, device or host, that the parent does not allow.
cl_int checkSubBufferFlags(cl_mem_flags Parent, cl_mem_flags Flags) {
  if (cl_int E = checkFlags(Flags & ~HostPtrFlags, nullptr))
    return E;
  auto Asks = [Flags](cl_mem_flags Access) { return (Flags & Access) != 0; };
  bool Refused =
      (Flags & HostPtrFlags) ||
      ((Parent & CL_MEM_WRITE_ONLY) &&
       Asks(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY)) ||
      ((Parent & CL_MEM_READ_ONLY) &&
       Asks(CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)) ||
      ((Parent & CL_MEM_HOST_WRITE_ONLY) && Asks(CL_MEM_HOST_READ_ONLY)) ||
      ((Parent & CL_MEM_HOST_READ_ONLY) && Asks(CL_MEM_HOST_WRITE_ONLY)) ||
      ((Parent & CL_MEM_HOST_NO_ACCESS) &&
       Asks(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY));
  return Refused ? CL_INVALID_VALUE : CL_SUCCESS;
}

/// A sub-buffer's flags: those asked for, and its parent's where it asks
/// for none of a kind (device access, host access, host pointer).
cl_mem_flags inheritFlags(cl_mem_flags Parent, cl_mem_flags Flags) {
  for (cl_mem_flags Kind : {AccessFlags, HostAccessFlags, HostPtrFlags})
    if (!(Flags & Kind))
      Flags |= Parent & Kind;
  return Flags;
}

/// A buffer's place in the memory it uses: its root buffer and its offset
/// there, to tell whether two ranges of buffers overlap.
std::pair<cl_mem, size_t> placeOf(cl_mem Buffer, size_t Offset) {
  return Buffer->Parent
             ? std::make_pair(Buffer->Parent, Buffer->Offset + Offset)
             : std::make_pair(Buffer, Offset);
}

/// Gives \p Buffer a driver buffer over the SVM allocation at \p Place
/// (CL_MEM_USE_HOST_PTR of a pointer into it).
cl_int useSvm(_cl_mem &Buffer, const SvmPlace &Place) {
  mux_device_t Mux = Buffer.Context->Mux;
  Buffer.UsesSvm = true;
  Buffer.Memory = Place.Memory;
  Buffer.MemoryOffset = Place.Offset;
  if (muxCreateBuffer(Mux, Buffer.Size, &Buffer.Buffer) != mux_success ||
      muxBindBufferMemory(Mux, Place.Memory, Buffer.Buffer, Place.Offset) !=
          mux_success)
    return CL_OUT_OF_RESOURCES;
  Buffer.Bytes = static_cast<uint8_t *>(Buffer.HostPtr);
  return CL_SUCCESS;
}

bool inRange(const _cl_mem &Buffer, size_t Offset, size_t Size) {
  return Offset <= Buffer.Size && Size <= Buffer.Size - Offset;
}

/// The checks every buffer command makes of its queue, buffers (no image)
/// and event list.
cl_int checkCommand(Enqueued &Command, cl_command_queue Queue,
                    std::initializer_list<cl_mem> Buffers, cl_uint NumWaits,
                    const cl_event *Waits) {
  if (cl_int E = checkMemoryCommand(Command, Queue, Buffers, NumWaits, Waits))
    return E;
  for (cl_mem Buffer : Buffers)
    if (Buffer->Type != CL_MEM_OBJECT_BUFFER)
      return CL_INVALID_MEM_OBJECT;
  return CL_SUCCESS;
}

/// Takes the mapping of \p Buffer at \p Pointer out of its list; none if
/// there is none.
std::optional<_cl_mem::Mapping> forgetMapping(_cl_mem &Buffer, void *Pointer) {
  std::lock_guard<std::mutex> Lock(Buffer.Mapped);
  auto It = std::find_if(
      Buffer.Mappings.begin(), Buffer.Mappings.end(),
      [&](const _cl_mem::Mapping &M) { return M.Pointer == Pointer; });
  if (It == Buffer.Mappings.end())
    return std::nullopt;
  _cl_mem::Mapping Found = *It;
  Buffer.Mappings.erase(It);
  return Found;
}

/// The buffer side of a rect command: its box, which must lie inside
/// \p Buffer.
cl_int bufferBox(const _cl_mem &Buffer, const size_t *Origin,
                 const size_t *Region, size_t RowPitch, size_t SlicePitch,
                 Box &Made) {
  if (!Origin || !isWholeRegion(Region))
    return CL_INVALID_VALUE;
  if (cl_int E = Box::make(Origin, Region, RowPitch, SlicePitch, Made))
    return E;
  return Made.end(Region) <= Buffer.Size ? CL_SUCCESS : CL_INVALID_VALUE;
}

std::array<size_t, 3> regionOf(const size_t *Region) {
  return {Region[0], Region[1], Region[2]};
}

/// Where a rect command between a buffer and host memory reads and writes:
/// its arguments as clEnqueueReadBufferRect and clEnqueueWriteBufferRect
/// take them.
struct HostRect {
  const size_t *BufferOrigin, *HostOrigin, *Region;
  size_t BufferRowPitch, BufferSlicePitch, HostRowPitch, HostSlicePitch;
};

/// The checks of a rect command between \p Buffer and the host memory at
/// \p Pointer, which the buffer's host access flags must not make one of
/// \p Forbidden; fills both boxes.
cl_int checkHostRect(Enqueued &Command, cl_command_queue Queue, cl_mem Buffer,
                     const void *Pointer, const HostRect &Rect,
                     cl_mem_flags Forbidden, cl_uint NumWaits,
                     const cl_event *Waits, Box &InBuffer, Box &InHost) {
  if (cl_int E = checkCommand(Command, Queue, {Buffer}, NumWaits, Waits))
    return E;
  if (!Pointer || !Rect.HostOrigin)
    return CL_INVALID_VALUE;
  if (cl_int E =
          bufferBox(*Buffer, Rect.BufferOrigin, Rect.Region,
                    Rect.BufferRowPitch, Rect.BufferSlicePitch, InBuffer))
    return E;
  if (cl_int E = Box::make(Rect.HostOrigin, Rect.Region, Rect.HostRowPitch,
                           Rect.HostSlicePitch, InHost))
    return E;
  return Buffer->Flags & Forbidden ? CL_INVALID_OPERATION : CL_SUCCESS;
}

/// The largest of \p Context's devices' answers to \p Param, and \p Least.
template <class T>
T largestAmongDevices(cl_context Context, cl_device_info Param, T Least) {
  T Largest = Least;
  for (cl_device_id Device : Context->Devices) {
    T Value = 0;
    getDeviceInfo(Device, Param, sizeof Value, &Value, nullptr);
    Largest = std::max(Largest, Value);
  }
  return Largest;
}

} // namespace

cl_int checkMemoryCommand(Enqueued &Command, cl_command_queue Queue,
                          std::initializer_list<cl_mem> Objects,
                          cl_uint NumWaits, const cl_event *Waits) {
  if (cl_int E = Command.check(NumWaits, Waits))
    return E;
  for (cl_mem Memory : Objects) {
    if (!isObject(Memory))
      return CL_INVALID_MEM_OBJECT;
    if (Memory->Context != Queue->Context)
      return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

/// Gives \p Buffer its driver memory, mapped, and its driver buffer.
cl_int allocate(_cl_mem &Buffer) {
  mux_device_t Mux = Buffer.Context->Mux;
  void *Bytes = nullptr;
  if (muxAllocateMemory(Mux, Buffer.Size, bufferAlignment(Buffer.Context),
                        mux_memory_property_host_coherent,
                        &Buffer.Memory) != mux_success ||
      muxCreateBuffer(Mux, Buffer.Size, &Buffer.Buffer) != mux_success ||
      muxBindBufferMemory(Mux, Buffer.Memory, Buffer.Buffer, 0) !=
          mux_success ||
      muxMapMemory(Mux, Buffer.Memory, 0, Buffer.Size, &Bytes) != mux_success)
    return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  Buffer.Bytes = static_cast<uint8_t *>(Bytes);
  return CL_SUCCESS;
}

size_t bufferAlignment(cl_context Context) {
  return largestAmongDevices<cl_uint>(Context, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                      8) /
         8;
}

cl_ulong maxAllocation(cl_context Context) {
  return largestAmongDevices<cl_ulong>(Context, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                                       0);
}

void keepAndCopyBack(Enqueued &Command, cl_mem Buffer) {
  Command.keepAlive(Buffer);
  // A buffer over SVM is the application's memory itself.
  if ((Buffer->Flags & CL_MEM_USE_HOST_PTR) && Buffer->HostPtr != Buffer->Bytes)
    Command.thenOnHost([Buffer] {
      std::memcpy(Buffer->HostPtr, Buffer->Bytes, Buffer->Size);
    });
}

cl_mem createBuffer(cl_context Context, cl_mem_flags Flags, size_t Size,
                    void *HostPtr, cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  if (cl_int E = checkFlags(Flags, HostPtr))
    return failWith(ErrorCode, E);
  if (Size == 0 || Size > maxAllocation(Context))
    return failWith(ErrorCode, CL_INVALID_BUFFER_SIZE);
  auto Buffer = std::make_unique<_cl_mem>();
  Buffer->Context = Context;
  retain(Context);
  Buffer->Flags = (Flags & AccessFlags) ? Flags : Flags | CL_MEM_READ_WRITE;
  Buffer->Size = Size;
  if (Flags & CL_MEM_USE_HOST_PTR)
    Buffer->HostPtr = HostPtr;
  SvmPlace Place;
  if ((Flags & CL_MEM_USE_HOST_PTR) && findSvm(*Context, HostPtr, 0, Place)) {
    // A pointer into SVM: the buffer is that memory, as OpenCL asks, and
    // may not be larger.
    if (!findSvm(*Context, HostPtr, Size, Place))
      return failWith(ErrorCode, CL_INVALID_BUFFER_SIZE);
    if (cl_int E = useSvm(*Buffer, Place))
      return failWith(ErrorCode, E);
  } else if (cl_int E = allocate(*Buffer)) {
    return failWith(ErrorCode, E);
  } else if (HostPtr) {
    std::memcpy(Buffer->Bytes, HostPtr, Size);
  }
  failWith(ErrorCode, CL_SUCCESS);
  return Buffer.release();
}

cl_mem createSubBuffer(cl_mem Parent, cl_mem_flags Flags,
                       cl_buffer_create_type Type, const void *Info,
                       cl_int *ErrorCode) {
  if (!isObject(Parent) || Parent->Parent ||
      Parent->Type != CL_MEM_OBJECT_BUFFER)
    return failWith(ErrorCode, CL_INVALID_MEM_OBJECT);
  if (cl_int E = checkSubBufferFlags(Parent->Flags, Flags))
    return failWith(ErrorCode, E);
  if (Type != CL_BUFFER_CREATE_TYPE_REGION || !Info)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  const auto &Region = *static_cast<const cl_buffer_region *>(Info);
  if (Region.size == 0)
    return failWith(ErrorCode, CL_INVALID_BUFFER_SIZE);
  if (!inRange(*Parent, Region.origin, Region.size))
    return failWith(ErrorCode, CL_INVALID_VALUE);
  if (Region.origin % bufferAlignment(Parent->Context))
    return failWith(ErrorCode, CL_MISALIGNED_SUB_BUFFER_OFFSET);
  auto Buffer = std::make_unique<_cl_mem>();
  Buffer->Context = Parent->Context;
  retain(Buffer->Context);
  Buffer->Parent = Parent;
  retain(Parent);
  Buffer->Offset = Region.origin;
  Buffer->Flags = inheritFlags(Parent->Flags, Flags);
  Buffer->Size = Region.size;
  if (Parent->HostPtr)
    Buffer->HostPtr = static_cast<uint8_t *>(Parent->HostPtr) + Region.origin;
  // A driver buffer over the parent's memory: each sees what the other
  // writes.
  Buffer->Memory = Parent->Memory;
  mux_device_t Mux = Buffer->Context->Mux;
  if (muxCreateBuffer(Mux, Region.size, &Buffer->Buffer) != mux_success ||
      muxBindBufferMemory(Mux, Parent->Memory, Buffer->Buffer,
                          Parent->MemoryOffset + Region.origin) != mux_success)
    return failWith(ErrorCode, CL_OUT_OF_RESOURCES);
  Buffer->Bytes = Parent->Bytes + Region.origin;
  failWith(ErrorCode, CL_SUCCESS);
  return Buffer.release();
}

cl_mem createBufferWithProperties(cl_context Context,
                                  const cl_mem_properties *Properties,
                                  cl_mem_flags Flags, size_t Size,
                                  void *HostPtr, cl_int *ErrorCode) {
  // OpenCL 3.0 defines no buffer property; only an empty list is valid.
  if (Properties && *Properties)
    return failWith(ErrorCode, CL_INVALID_PROPERTY);
  cl_mem Buffer = createBuffer(Context, Flags, Size, HostPtr, ErrorCode);
  if (Buffer && Properties)
    Buffer->Properties = {0};
  return Buffer;
}

cl_int retainMemObject(cl_mem Memory) {
  return retainObject<_cl_mem, CL_INVALID_MEM_OBJECT>(Memory);
}

cl_int releaseMemObject(cl_mem Memory) {
  return releaseObject<_cl_mem, CL_INVALID_MEM_OBJECT>(Memory);
}

cl_int setMemObjectDestructorCallback(cl_mem Memory,
                                      void(CL_CALLBACK *Notify)(cl_mem, void *),
                                      void *Data) {
  if (!isObject(Memory))
    return CL_INVALID_MEM_OBJECT;
  if (!Notify)
    return CL_INVALID_VALUE;
  Memory->Destructors.push(Notify, Data);
  return CL_SUCCESS;
}

cl_int getMemObjectInfo(cl_mem Memory, cl_mem_info Param, size_t Size,
                        void *Value, size_t *SizeRet) {
  if (!isObject(Memory))
    return CL_INVALID_MEM_OBJECT;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_MEM_TYPE:
    return Answer.value<cl_mem_object_type>(Memory->Type);
  case CL_MEM_FLAGS:
    return Answer.value(Memory->Flags);
  case CL_MEM_SIZE:
    return Answer.value<size_t>(Memory->Size);
  case CL_MEM_HOST_PTR:
    return Answer.value(Memory->HostPtr);
  case CL_MEM_MAP_COUNT: {
    std::lock_guard<std::mutex> Lock(Memory->Mapped);
    return Answer.value<cl_uint>(Memory->Mappings.size());
  }
  case CL_MEM_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Memory->References);
  case CL_MEM_CONTEXT:
    return Answer.value(Memory->Context);
  case CL_MEM_ASSOCIATED_MEMOBJECT:
    return Answer.value(Memory->Parent);
  case CL_MEM_OFFSET:
    return Answer.value<size_t>(Memory->Offset);
  case CL_MEM_USES_SVM_POINTER:
    return Answer.value<cl_bool>(Memory->UsesSvm ||
                                 (Memory->Parent && Memory->Parent->UsesSvm));
  case CL_MEM_PROPERTIES:
    return Answer.array(Memory->Properties);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int enqueueReadBuffer(cl_command_queue Queue, cl_mem Buffer,
                         cl_bool Blocking, size_t Offset, size_t Size,
                         void *Pointer, cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_READ_BUFFER);
  if (cl_int E = checkCommand(Command, Queue, {Buffer}, NumWaits, Waits))
    return E;
  if (!Pointer || !inRange(*Buffer, Offset, Size) || Size == 0)
    return CL_INVALID_VALUE;
  if (Buffer->Flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandReadBuffer(Commands, Buffer->Buffer, Offset, Pointer,
                                    Size);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Buffer);
  return Command.submit(Blocking, Event);
}

cl_int enqueueWriteBuffer(cl_command_queue Queue, cl_mem Buffer,
                          cl_bool Blocking, size_t Offset, size_t Size,
                          const void *Pointer, cl_uint NumWaits,
                          const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_WRITE_BUFFER);
  if (cl_int E = checkCommand(Command, Queue, {Buffer}, NumWaits, Waits))
    return E;
  if (!Pointer || !inRange(*Buffer, Offset, Size) || Size == 0)
    return CL_INVALID_VALUE;
  if (Buffer->Flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandWriteBuffer(Commands, Buffer->Buffer, Offset, Pointer,
                                     Size);
      }))
    return CL_OUT_OF_RESOURCES;
  keepAndCopyBack(Command, Buffer);
  return Command.submit(Blocking, Event);
}

cl_int enqueueCopyBuffer(cl_command_queue Queue, cl_mem Source,
                         cl_mem Destination, size_t SourceOffset,
                         size_t DestinationOffset, size_t Size,
                         cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_COPY_BUFFER);
  if (cl_int E =
          checkCommand(Command, Queue, {Source, Destination}, NumWaits, Waits))
    return E;
  if (Size == 0 || !inRange(*Source, SourceOffset, Size) ||
      !inRange(*Destination, DestinationOffset, Size))
    return CL_INVALID_VALUE;
  // Ranges of one buffer, or of sub-buffers of one buffer, may not overlap.
  auto [SourceRoot, From] = placeOf(Source, SourceOffset);
  auto [DestinationRoot, To] = placeOf(Destination, DestinationOffset);
  if (SourceRoot == DestinationRoot && From < To + Size && To < From + Size)
    return CL_MEM_COPY_OVERLAP;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandCopyBuffer(Commands, Source->Buffer, SourceOffset,
                                    Destination->Buffer, DestinationOffset,
                                    Size);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Source);
  keepAndCopyBack(Command, Destination);
  return Command.submit(false, Event);
}

cl_int enqueueFillBuffer(cl_command_queue Queue, cl_mem Buffer,
                         const void *Pattern, size_t PatternSize, size_t Offset,
                         size_t Size, cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_FILL_BUFFER);
  if (cl_int E = checkCommand(Command, Queue, {Buffer}, NumWaits, Waits))
    return E;
  bool PatternSizeValid = PatternSize && PatternSize <= 128 &&
                          (PatternSize & (PatternSize - 1)) == 0;
  if (!Pattern || !PatternSizeValid || !inRange(*Buffer, Offset, Size) ||
      Offset % PatternSize || Size % PatternSize)
    return CL_INVALID_VALUE;
  if (Size == 0)
    return Command.submit(false, Event);
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandFillBuffer(Commands, Buffer->Buffer, Offset, Size,
                                    Pattern, PatternSize);
      }))
    return CL_OUT_OF_RESOURCES;
  keepAndCopyBack(Command, Buffer);
  return Command.submit(false, Event);
}

cl_int enqueueReadBufferRect(cl_command_queue Queue, cl_mem Buffer,
                             cl_bool Blocking, const size_t *BufferOrigin,
                             const size_t *HostOrigin, const size_t *Region,
                             size_t BufferRowPitch, size_t BufferSlicePitch,
                             size_t HostRowPitch, size_t HostSlicePitch,
                             void *Pointer, cl_uint NumWaits,
                             const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_READ_BUFFER_RECT);
  Box InBuffer, InHost;
  if (cl_int E =
          checkHostRect(Command, Queue, Buffer, Pointer,
                        {BufferOrigin, HostOrigin, Region, BufferRowPitch,
                         BufferSlicePitch, HostRowPitch, HostSlicePitch},
                        CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS,
                        NumWaits, Waits, InBuffer, InHost))
    return E;
  Command.keepAlive(Buffer);
  // The buffer's memory is the host's: its bytes are current once the
  // commands before have run.
  Command.thenOnHost([=, Size = regionOf(Region)] {
    copyBox(static_cast<uint8_t *>(Pointer), InHost, Buffer->Bytes, InBuffer,
            Size.data());
  });
  return Command.submit(Blocking, Event);
}

cl_int enqueueWriteBufferRect(cl_command_queue Queue, cl_mem Buffer,
                              cl_bool Blocking, const size_t *BufferOrigin,
                              const size_t *HostOrigin, const size_t *Region,
                              size_t BufferRowPitch, size_t BufferSlicePitch,
                              size_t HostRowPitch, size_t HostSlicePitch,
                              const void *Pointer, cl_uint NumWaits,
                              const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_WRITE_BUFFER_RECT);
  Box InBuffer, InHost;
  if (cl_int E =
          checkHostRect(Command, Queue, Buffer, Pointer,
                        {BufferOrigin, HostOrigin, Region, BufferRowPitch,
                         BufferSlicePitch, HostRowPitch, HostSlicePitch},
                        CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, NumWaits,
                        Waits, InBuffer, InHost))
    return E;
  Command.thenOnHost([=, Size = regionOf(Region)] {
    copyBox(Buffer->Bytes, InBuffer, static_cast<const uint8_t *>(Pointer),
            InHost, Size.data());
  });
  keepAndCopyBack(Command, Buffer);
  return Command.submit(Blocking, Event);
}

cl_int enqueueCopyBufferRect(cl_command_queue Queue, cl_mem Source,
                             cl_mem Destination, const size_t *SourceOrigin,
                             const size_t *DestinationOrigin,
                             const size_t *Region, size_t SourceRowPitch,
                             size_t SourceSlicePitch,
                             size_t DestinationRowPitch,
                             size_t DestinationSlicePitch, cl_uint NumWaits,
                             const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_COPY_BUFFER_RECT);
  if (cl_int E =
          checkCommand(Command, Queue, {Source, Destination}, NumWaits, Waits))
    return E;
  Box From, To;
  if (cl_int E = bufferBox(*Source, SourceOrigin, Region, SourceRowPitch,
                           SourceSlicePitch, From))
    return E;
  if (cl_int E = bufferBox(*Destination, DestinationOrigin, Region,
                           DestinationRowPitch, DestinationSlicePitch, To))
    return E;
  if (Source == Destination &&
      (From.RowPitch != To.RowPitch || From.SlicePitch != To.SlicePitch))
    return CL_INVALID_VALUE;
  auto [SourceRoot, SourceBase] = placeOf(Source, 0);
  auto [DestinationRoot, DestinationBase] = placeOf(Destination, 0);
  if (SourceRoot == DestinationRoot &&
      boxesOverlap(SourceBase, From, DestinationBase, To, Region))
    return CL_MEM_COPY_OVERLAP;
  mux_buffer_region_info_s Info{};
  for (int D = 0; D < 3; ++D) {
    Info.region[D] = Region[D];
    Info.src_origin[D] = From.Origin[D];
    Info.dst_origin[D] = To.Origin[D];
  }
  Info.src_pitch[0] = From.RowPitch;
  Info.src_pitch[1] = From.SlicePitch;
  Info.dst_pitch[0] = To.RowPitch;
  Info.dst_pitch[1] = To.SlicePitch;
  if (Command.record([&](mux_command_buffer_t Commands) {
        return muxCommandCopyBufferRegion(Commands, Source->Buffer,
                                          Destination->Buffer, &Info);
      }))
    return CL_OUT_OF_RESOURCES;
  Command.keepAlive(Source);
  keepAndCopyBack(Command, Destination);
  return Command.submit(false, Event);
}

cl_int enqueueMigrateMemObjects(cl_command_queue Queue, cl_uint Count,
                                const cl_mem *Objects,
                                cl_mem_migration_flags Flags, cl_uint NumWaits,
                                const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_MIGRATE_MEM_OBJECTS);
  if (cl_int E = Command.check(NumWaits, Waits))
    return E;
  constexpr cl_mem_migration_flags Known =
      CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
  if (Count == 0 || !Objects || (Flags & ~Known))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Count; ++I) {
    if (!isObject(Objects[I]))
      return CL_INVALID_MEM_OBJECT;
    if (Objects[I]->Context != Queue->Context)
      return CL_INVALID_CONTEXT;
  }
  // Every device's memory is the host's: there is nothing to move, only an
  // event in the queue's order.
  return Command.submit(false, Event);
}

void *enqueueMapBuffer(cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
                       cl_map_flags Flags, size_t Offset, size_t Size,
                       cl_uint NumWaits, const cl_event *Waits, cl_event *Event,
                       cl_int *ErrorCode) {
  Enqueued Command(Queue, CL_COMMAND_MAP_BUFFER);
  if (cl_int E = checkCommand(Command, Queue, {Buffer}, NumWaits, Waits))
    return failWith(ErrorCode, E);
  if (Size == 0 || !inRange(*Buffer, Offset, Size))
    return failWith(ErrorCode, CL_INVALID_VALUE);
  return mapBytes(Command, Buffer, Blocking, Flags, Offset, Size, Event,
                  ErrorCode);
}

void *mapBytes(Enqueued &Command, cl_mem Buffer, cl_bool Blocking,
               cl_map_flags Flags, size_t Offset, size_t Size, cl_event *Event,
               cl_int *ErrorCode) {
  constexpr cl_map_flags Known =
      CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if ((Flags & ~Known) || ((Flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                           (Flags & (CL_MAP_READ | CL_MAP_WRITE))))
    return failWith(ErrorCode, CL_INVALID_VALUE);
  bool Reads = Flags & CL_MAP_READ;
  bool Writes = Flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION);
  if ((Reads &&
       (Buffer->Flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
      (Writes &&
       (Buffer->Flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
    return failWith(ErrorCode, CL_INVALID_OPERATION);
  // Once the commands before it have run, the bytes are current.
  uint8_t *Base =
      Buffer->HostPtr ? static_cast<uint8_t *>(Buffer->HostPtr) : Buffer->Bytes;
  void *Pointer = Base + Offset;
  {
    std::lock_guard<std::mutex> Lock(Buffer->Mapped);
    Buffer->Mappings.push_back({Pointer, Offset, Size, Writes});
  }
  // The mapping holds a reference to the buffer until it is unmapped.
  retain(Buffer);
  if (cl_int E = Command.submit(Blocking, Event)) {
    forgetMapping(*Buffer, Pointer);
    release(Buffer);
    return failWith(ErrorCode, E);
  }
  failWith(ErrorCode, CL_SUCCESS);
  return Pointer;
}

cl_int enqueueUnmapMemObject(cl_command_queue Queue, cl_mem Memory,
                             void *Pointer, cl_uint NumWaits,
                             const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_UNMAP_MEM_OBJECT);
  if (cl_int E = checkMemoryCommand(Command, Queue, {Memory}, NumWaits, Waits))
    return E;
  std::optional<_cl_mem::Mapping> Ended = forgetMapping(*Memory, Pointer);
  if (!Ended)
    return CL_INVALID_VALUE;
  Command.keepAlive(Memory);
  if (Ended->Writes && Memory->HostPtr && Memory->HostPtr != Memory->Bytes)
    Command.thenOnHost([Memory, Mapping = *Ended] {
      std::memcpy(Memory->Bytes + Mapping.Offset, Mapping.Pointer,
                  Mapping.Size);
    });
  // The mapping's reference to the buffer ends with it; the command holds
  // its own.
  release(Memory);
  return Command.submit(false, Event);
}

cl_int getPipeInfo(cl_mem, cl_pipe_info, size_t, void *, size_t *) {
  return CL_INVALID_MEM_OBJECT;
}

} // namespace opencl
} // namespace loom
