//===- api_commands.cpp - The validating entry layer: commands ------------===//
///
/// \file
/// The entry points of mux/mux.h that record, dispatch and wait for
/// commands. Like api.cpp, every one checks every argument first and
/// records a command only when all of it is valid; the ND-range launch,
/// whose recording is the most work, is built apart, from checked arguments
/// (ndrange_command.h).
///
//===----------------------------------------------------------------------===//

#include "mux/mux.h"

#include "ndrange_command.h"
#include "validation.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>

using namespace mux;
namespace md = loom::metadata;

extern "C" {

mux_result_t muxCreateCommandBuffer(mux_device_t Device,
                                    mux_command_buffer_t *OutCommandBuffer) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!OutCommandBuffer)
    return fail(mux_error_null_out_parameter, "out_command_buffer is null");
  auto *CB = new (std::nothrow) mux_command_buffer_s();
  if (!CB)
    return fail(mux_error_out_of_memory, "cannot allocate a command buffer");
  CB->Device = Device;
  *OutCommandBuffer = CB;
  return mux_success;
}

void muxDestroyCommandBuffer(mux_device_t Device, mux_command_buffer_t CB) {
  if (!isValid(Device) || !isValid(CB))
    return;
  // Destroying one that still executes would free what the queue reads.
  retire(Device->Queue, CB);
  destroy(CB);
}

} // extern "C"

namespace {

/// The checks shared by reads and writes between a buffer and host memory.
mux_result_t checkHostTransfer(const mux_command_buffer_s *CB,
                               const mux_buffer_s *Buffer, uint64_t Offset,
                               const void *HostPointer, uint64_t Size) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!HostPointer)
    return fail(mux_error_null_out_parameter, "host_pointer is null");
  return checkBufferRange(Buffer, Offset, Size);
}

} // namespace

extern "C" {

mux_result_t muxCommandWriteBuffer(mux_command_buffer_t CB, mux_buffer_t Buffer,
                                   uint64_t Offset, const void *HostPointer,
                                   uint64_t Size) {
  if (mux_result_t R = checkHostTransfer(CB, Buffer, Offset, HostPointer, Size))
    return R;
  CB->Commands.push_back(
      WriteCommand{Buffer->Data + Offset, HostPointer, Size});
  CB->uses(*Buffer);
  return mux_success;
}

mux_result_t muxCommandReadBuffer(mux_command_buffer_t CB, mux_buffer_t Buffer,
                                  uint64_t Offset, void *HostPointer,
                                  uint64_t Size) {
  if (mux_result_t R = checkHostTransfer(CB, Buffer, Offset, HostPointer, Size))
    return R;
  CB->Commands.push_back(ReadCommand{HostPointer, Buffer->Data + Offset, Size});
  CB->uses(*Buffer);
  return mux_success;
}

mux_result_t muxCommandCopyBuffer(mux_command_buffer_t CB, mux_buffer_t Src,
                                  uint64_t SrcOffset, mux_buffer_t Dst,
                                  uint64_t DstOffset, uint64_t Size) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (mux_result_t R = checkBufferRange(Src, SrcOffset, Size))
    return R;
  if (mux_result_t R = checkBufferRange(Dst, DstOffset, Size))
    return R;
  CB->Commands.push_back(
      CopyCommand{Dst->Data + DstOffset, Src->Data + SrcOffset, Size});
  CB->uses(*Src);
  CB->uses(*Dst);
  return mux_success;
}

mux_result_t muxCommandFillBuffer(mux_command_buffer_t CB, mux_buffer_t Buffer,
                                  uint64_t Offset, uint64_t Size,
                                  const void *Pattern, uint64_t PatternSize) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!Pattern)
    return fail(mux_error_null_out_parameter, "pattern is null");
  if (!isPowerOf2(PatternSize) || PatternSize > 128)
    return fail(mux_error_invalid_value,
                "pattern size must be a power of two up to 128");
  if (Offset % PatternSize || Size % PatternSize)
    return fail(mux_error_invalid_value,
                "offset and size must be multiples of the pattern size");
  if (mux_result_t R = checkBufferRange(Buffer, Offset, Size))
    return R;
  FillCommand Fill{
      Buffer->Data + Offset, Size, {}, static_cast<uint32_t>(PatternSize)};
  std::memcpy(Fill.Pattern.data(), Pattern, PatternSize);
  CB->Commands.push_back(Fill);
  CB->uses(*Buffer);
  return mux_success;
}

} // extern "C"

namespace {

/// Where a box starts in its buffer and how far it reaches, with the
/// pitches made explicit (0 means tightly packed), or an error.
struct Box {
  uint64_t Start, End, RowPitch, SlicePitch;
};

mux_result_t describeBox(const mux_buffer_s &Buffer, const uint64_t Region[3],
                         const uint64_t Origin[3], const uint64_t Pitch[2],
                         const char *Which, Box &Out) {
  uint64_t Row = Pitch[0] ? Pitch[0] : Region[0];
  uint64_t Slice = Pitch[1] ? Pitch[1] : Row * Region[1];
  uint64_t Start, Last, Term;
  bool Overflow = Row < Region[0] || Slice < Row * Region[1] ||
                  __builtin_mul_overflow(Origin[2], Slice, &Start) ||
                  __builtin_mul_overflow(Origin[1], Row, &Term) ||
                  __builtin_add_overflow(Start, Term, &Start) ||
                  __builtin_add_overflow(Start, Origin[0], &Start) ||
                  __builtin_mul_overflow(Region[2] - 1, Slice, &Last) ||
                  __builtin_mul_overflow(Region[1] - 1, Row, &Term) ||
                  __builtin_add_overflow(Last, Term, &Last) ||
                  __builtin_add_overflow(Last, Region[0], &Last) ||
                  __builtin_add_overflow(Last, Start, &Last);
  if (Overflow || Last > Buffer.Size)
    return fail(mux_error_invalid_value,
                std::string("the ") + Which +
                    " box does not fit its buffer with these pitches");
  Out = {Start, Last, Row, Slice};
  return mux_success;
}

} // namespace

extern "C" {

mux_result_t muxCommandCopyBufferRegion(mux_command_buffer_t CB,
                                        mux_buffer_t Src, mux_buffer_t Dst,
                                        const mux_buffer_region_info_s *Info) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!Info)
    return fail(mux_error_null_out_parameter, "region is null");
  for (mux_buffer_s *Buffer : {Src, Dst}) {
    if (!isValid(Buffer))
      return fail(mux_error_invalid_handle, "invalid buffer handle");
    if (!Buffer->Data)
      return fail(mux_error_invalid_state, "buffer is not bound to memory");
  }
  if (!Info->region[0] || !Info->region[1] || !Info->region[2])
    return fail(mux_error_invalid_value, "the region is empty");
  Box From, To;
  if (mux_result_t R = describeBox(*Src, Info->region, Info->src_origin,
                                   Info->src_pitch, "source", From))
    return R;
  if (mux_result_t R = describeBox(*Dst, Info->region, Info->dst_origin,
                                   Info->dst_pitch, "destination", To))
    return R;
  if (Src->Data == Dst->Data && From.Start < To.End && To.Start < From.End)
    return fail(mux_error_invalid_value,
                "the source and destination boxes overlap");
  CB->Commands.push_back(RegionCopyCommand{
      Dst->Data + To.Start, Src->Data + From.Start, Info->region[0],
      Info->region[1], Info->region[2], To.RowPitch, To.SlicePitch,
      From.RowPitch, From.SlicePitch});
  CB->uses(*Src);
  CB->uses(*Dst);
  return mux_success;
}

mux_result_t muxCommandUserCallback(mux_command_buffer_t CB,
                                    mux_command_user_callback_t Callback,
                                    void *UserData) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!Callback)
    return fail(mux_error_null_out_parameter, "callback is null");
  CB->Commands.push_back(CallbackCommand{Callback, UserData});
  return mux_success;
}

mux_result_t muxCreateQueryPool(mux_device_t Device, uint32_t Count,
                                mux_query_pool_t *OutPool) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!OutPool)
    return fail(mux_error_null_out_parameter, "out_query_pool is null");
  if (Count == 0 || Count > 65536)
    return fail(mux_error_invalid_value, "a pool holds 1 to 65536 queries");
  auto *Pool = new (std::nothrow) mux_query_pool_s();
  if (!Pool)
    return fail(mux_error_out_of_memory, "cannot allocate a query pool");
  Pool->Begin.assign(Count, 0);
  Pool->End.assign(Count, 0);
  *OutPool = Pool;
  return mux_success;
}

void muxDestroyQueryPool(mux_device_t Device, mux_query_pool_t Pool) {
  if (!isValid(Device) || !isValid(Pool))
    return;
  // A running query writes into the pool.
  waitIdle(Device->Queue);
  destroy(Pool);
}

} // extern "C"

namespace {

mux_result_t recordQuery(mux_command_buffer_t CB, mux_query_pool_t Pool,
                         uint32_t Index, bool Begin) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!isValid(Pool))
    return fail(mux_error_invalid_handle, "invalid query pool handle");
  if (Index >= Pool->Begin.size())
    return fail(mux_error_invalid_value,
                "query " + std::to_string(Index) + " is outside the pool");
  CB->Commands.push_back(QueryCommand{Pool, Index, Begin});
  return mux_success;
}

} // namespace

extern "C" {

mux_result_t muxCommandBeginQuery(mux_command_buffer_t CB,
                                  mux_query_pool_t Pool, uint32_t Index) {
  return recordQuery(CB, Pool, Index, /*Begin=*/true);
}

mux_result_t muxCommandEndQuery(mux_command_buffer_t CB, mux_query_pool_t Pool,
                                uint32_t Index) {
  return recordQuery(CB, Pool, Index, /*Begin=*/false);
}

mux_result_t muxGetQueryPoolResults(mux_query_pool_t Pool, uint32_t First,
                                    uint32_t Count, uint64_t *OutDurations) {
  if (!isValid(Pool))
    return fail(mux_error_invalid_handle, "invalid query pool handle");
  if (!OutDurations)
    return fail(mux_error_null_out_parameter, "out_durations_ns is null");
  if (Count == 0 || !inBounds(First, Count, Pool->Begin.size()))
    return fail(mux_error_invalid_value, "queries outside the pool");
  for (uint32_t I = First; I < First + Count; ++I) {
    if (!Pool->Begin[I] || Pool->End[I] < Pool->Begin[I])
      return fail(mux_error_invalid_state,
                  "query " + std::to_string(I) + " has not begun and ended");
    OutDurations[I - First] = Pool->End[I] - Pool->Begin[I];
  }
  return mux_success;
}

} // extern "C"

namespace {

mux_result_t checkRange(const mux_device_s &Device, const mux_kernel_s &Kernel,
                        const mux_ndrange_options_s &Options) {
  if (Options.dimensions < 1 || Options.dimensions > 3)
    return fail(mux_error_invalid_value, "dimensions must be 1, 2 or 3");
  if (!Options.global_size)
    return fail(mux_error_null_out_parameter, "global_size is null");
  uint64_t Items = 1;
  for (uint32_t D = 0; D < 3; ++D) {
    uint64_t Local = Options.local_size[D];
    uint64_t Global = D < Options.dimensions ? Options.global_size[D] : 1;
    if (Local == 0 || Global == 0)
      return fail(mux_error_invalid_value,
                  "zero global or local size in dimension " +
                      std::to_string(D));
    if (D >= Options.dimensions && Local != 1)
      return fail(mux_error_invalid_value, "local size of unused dimension " +
                                               std::to_string(D) + " is not 1");
    if (Local > Device.Info->max_work_group_size[D])
      return fail(mux_error_invalid_work_group_size,
                  "local size " + std::to_string(Local) +
                      " exceeds the device maximum in dimension " +
                      std::to_string(D));
    uint32_t Required = Kernel.Descriptor->RequiredWorkGroupSize[D];
    if (Required != 0 && Required != Local)
      return fail(mux_error_invalid_work_group_size,
                  "kernel requires local size " + std::to_string(Required) +
                      " in dimension " + std::to_string(D));
    Items *= Local;
  }
  if (Items > Device.Info->max_work_items_per_group)
    return fail(mux_error_invalid_work_group_size,
                "work-group of " + std::to_string(Items) +
                    " work-items exceeds the device maximum");
  const md::KernelDescriptor &K = *Kernel.Descriptor;
  // Saturating: a descriptor's counts are the binary's word, not checked.
  uint64_t PerItems = K.StackBytesPerWorkItem > UINT64_MAX / Items
                          ? UINT64_MAX
                          : K.StackBytesPerWorkItem * Items;
  uint64_t Stack = PerItems > UINT64_MAX - K.StackBytes
                       ? UINT64_MAX
                       : PerItems + K.StackBytes;
  if (Stack > Device.Info->work_group_stack_size)
    return fail(mux_error_invalid_work_group_size,
                "kernel '" + K.Name + "' needs " + std::to_string(Stack) +
                    " bytes of stack for a work-group of " +
                    std::to_string(Items) + " work-items (" +
                    std::to_string(K.StackBytes) + " of private memory, " +
                    std::to_string(K.StackBytesPerWorkItem) +
                    " per work-item live across barriers); a work-group has " +
                    std::to_string(Device.Info->work_group_stack_size) +
                    " (LOOM_WORK_GROUP_STACK_MIB sets the threads' stacks)");
  return mux_success;
}

/// Checks argument \p Index, \p Info, against the kernel's \p Arg: the
/// descriptor of its kind, a bound buffer with its offset inside it (or
/// null), the size of a value or of a __local buffer.
mux_result_t checkArgument(const md::ArgDescriptor &Arg, uint32_t Index,
                           const mux_descriptor_info_s &Info) {
  std::string Where = "argument " + std::to_string(Index);
  if (Arg.Kind == md::ArgKind::LocalBuffer) {
    if (Info.type != mux_descriptor_info_type_shared_local_buffer)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + " is a __local buffer, but its descriptor is not");
    if (Info.data_size == 0 || Info.data_size > MaxLocalArgumentBytes)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + ": a __local buffer needs a size in data_size");
    return mux_success;
  }
  if (isBufferArgument(Arg)) {
    if (Info.type != mux_descriptor_info_type_buffer)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + " is a buffer, but its descriptor is not");
    // A null buffer is a null pointer, which has no offset.
    if (!Info.buffer && Info.buffer_offset == 0)
      return mux_success;
    if (!isValid(Info.buffer) || !Info.buffer->Data ||
        Info.buffer_offset > Info.buffer->Size)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + ": invalid, unbound or overrun buffer");
    return mux_success;
  }
  if (Arg.Kind == md::ArgKind::Image) {
    if (Info.type != mux_descriptor_info_type_image)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + " is an image, but its descriptor is not");
    if (!isValid(Info.image) || !Info.image->Data)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + ": invalid or unbound image");
    if (Info.image->Desc.type != Arg.ImageType)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + " is an image of type " +
                      std::to_string(Arg.ImageType) + ", not " +
                      std::to_string(Info.image->Desc.type));
    return mux_success;
  }
  if (Arg.Kind == md::ArgKind::Sampler) {
    if (Info.type != mux_descriptor_info_type_sampler)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + " is a sampler, but its descriptor is not");
    return mux_success;
  }
  if (Info.type != mux_descriptor_info_type_plain_old_data || !Info.data)
    return fail(mux_error_invalid_kernel_arguments,
                Where + " is passed by value, but its descriptor has no data");
  if (Info.data_size != Arg.Size)
    return fail(mux_error_invalid_kernel_arguments,
                Where + " takes " + std::to_string(Arg.Size) + " bytes, not " +
                    std::to_string(Info.data_size));
  return mux_success;
}

/// Checks a launch of \p Kernel as \p Options describe it on \p CB: the
/// range, every argument, and the local memory it needs.
mux_result_t checkNDRange(mux_command_buffer_t CB, mux_kernel_t Kernel,
                          const mux_ndrange_options_s *Options) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!isValid(Kernel))
    return fail(mux_error_invalid_handle, "invalid kernel handle");
  if (!Options)
    return fail(mux_error_null_out_parameter, "options is null");
  if (mux_result_t R = checkRange(*CB->Device, *Kernel, *Options))
    return R;
  const md::KernelDescriptor &K = *Kernel->Descriptor;
  if (Options->descriptors_length != K.Args.size() ||
      (!Options->descriptors && !K.Args.empty()))
    return fail(mux_error_invalid_kernel_arguments,
                "kernel '" + K.Name + "' takes " +
                    std::to_string(K.Args.size()) + " arguments, " +
                    std::to_string(Options->descriptors_length) + " given");
  for (uint32_t I = 0; I < K.Args.size(); ++I)
    if (mux_result_t R = checkArgument(K.Args[I], I, Options->descriptors[I]))
      return R;
  uint64_t Needed = getLocalArenaBytes(K, Options->descriptors);
  uint64_t LocalLimit = CB->Device->Info->local_memory_size;
  if (Needed > LocalLimit)
    return fail(mux_error_invalid_value,
                "kernel '" + K.Name + "' needs " + std::to_string(Needed) +
                    " bytes of local memory; the device has " +
                    std::to_string(LocalLimit));
  return mux_success;
}

} // namespace

extern "C" {

mux_result_t muxCommandNDRange(mux_command_buffer_t CB, mux_kernel_t Kernel,
                               const mux_ndrange_options_s *Options) {
  if (mux_result_t R = checkNDRange(CB, Kernel, Options))
    return R;
  return recordNDRange(*CB, *Kernel, *Options);
}

mux_result_t muxFinalizeCommandBuffer(mux_command_buffer_t CB) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  CB->Finalized = true;
  return mux_success;
}

} // extern "C"

namespace {

/// Creates a semaphore or fence of \p Device.
template <class T>
mux_result_t createSyncObject(mux_device_t Device, T **Out, const char *What) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!Out)
    return fail(mux_error_null_out_parameter,
                std::string("out_") + What + " is null");
  auto *Object = new (std::nothrow) T();
  if (!Object)
    return fail(mux_error_out_of_memory,
                std::string("cannot allocate a ") + What);
  Object->Device = Device;
  *Out = Object;
  return mux_success;
}

template <class T> void destroySyncObject(mux_device_t Device, T *Object) {
  if (!isValid(Device) || !isValid(Object) || Object->Device != Device)
    return;
  retire(Device->Queue, Object);
  destroy(Object);
}

template <class T> mux_result_t resetSyncObject(T *Object, const char *What) {
  if (!isValid(Object))
    return fail(mux_error_invalid_handle,
                std::string("invalid ") + What + " handle");
  reset(Object->Device->Queue, *Object);
  return mux_success;
}

/// Checks one list of muxDispatch's semaphores and copies it into \p Out.
mux_result_t collectSemaphores(const mux_queue_s &Queue,
                               const mux_semaphore_t *Semaphores,
                               uint32_t Length, const char *What,
                               std::vector<mux_semaphore_s *> &Out) {
  if (Length && !Semaphores)
    return fail(mux_error_null_out_parameter,
                std::string(What) + " is null but its length is " +
                    std::to_string(Length));
  for (uint32_t I = 0; I < Length; ++I) {
    std::string Which = std::string(What) + "[" + std::to_string(I) + "]";
    if (!isValid(Semaphores[I]))
      return fail(mux_error_invalid_handle, Which + " is not a semaphore");
    if (Semaphores[I]->Device != Queue.Device)
      return fail(mux_error_invalid_value,
                  Which + " belongs to another device");
    Out.push_back(Semaphores[I]);
  }
  return mux_success;
}

} // namespace

extern "C" {

mux_result_t muxCreateSemaphore(mux_device_t Device,
                                mux_semaphore_t *OutSemaphore) {
  return createSyncObject(Device, OutSemaphore, "semaphore");
}

void muxDestroySemaphore(mux_device_t Device, mux_semaphore_t Semaphore) {
  destroySyncObject(Device, Semaphore);
}

mux_result_t muxResetSemaphore(mux_semaphore_t Semaphore) {
  return resetSyncObject(Semaphore, "semaphore");
}

mux_result_t muxCreateFence(mux_device_t Device, mux_fence_t *OutFence) {
  return createSyncObject(Device, OutFence, "fence");
}

void muxDestroyFence(mux_device_t Device, mux_fence_t Fence) {
  destroySyncObject(Device, Fence);
}

mux_result_t muxResetFence(mux_fence_t Fence) {
  return resetSyncObject(Fence, "fence");
}

mux_result_t muxDispatch(mux_queue_t Queue, mux_command_buffer_t CB,
                         mux_fence_t Fence, const mux_semaphore_t *Waits,
                         uint32_t WaitsLength, const mux_semaphore_t *Signals,
                         uint32_t SignalsLength,
                         mux_dispatch_callback_t Callback, void *UserData) {
  if (!isValid(Queue) || !isValid(CB))
    return fail(mux_error_invalid_handle, "invalid queue or command buffer");
  if (!CB->Finalized)
    return fail(mux_error_invalid_state, "command buffer is not finalized");
  if (CB->Device != Queue->Device)
    return fail(mux_error_invalid_value,
                "command buffer belongs to another device");
  if (Fence && !isValid(Fence))
    return fail(mux_error_invalid_handle, "invalid fence handle");
  if (Fence && Fence->Device != Queue->Device)
    return fail(mux_error_invalid_value, "fence belongs to another device");
  Submission S;
  S.CB = CB;
  S.Fence = Fence;
  S.Callback = Callback;
  S.UserData = UserData;
  if (mux_result_t R = collectSemaphores(*Queue, Waits, WaitsLength,
                                         "wait_semaphores", S.Waits))
    return R;
  if (mux_result_t R = collectSemaphores(*Queue, Signals, SignalsLength,
                                         "signal_semaphores", S.Signals))
    return R;
  enqueue(*Queue, std::move(S));
  return mux_success;
}

mux_result_t muxTryWait(mux_queue_t Queue, uint64_t Timeout,
                        mux_fence_t Fence) {
  if (!isValid(Queue) || !isValid(Fence))
    return fail(mux_error_invalid_handle, "invalid queue or fence");
  if (Fence->Device != Queue->Device)
    return fail(mux_error_invalid_value, "fence belongs to another device");
  std::string Fault;
  if (!waitForFence(*Queue, *Fence, Timeout, Fault))
    return mux_fence_not_ready;
  if (!Fault.empty())
    return fail(mux_error_kernel_fault, Fault);
  return mux_success;
}

mux_result_t muxWaitAll(mux_queue_t Queue) {
  if (!isValid(Queue))
    return fail(mux_error_invalid_handle, "invalid queue handle");
  std::string Fault;
  bool Idle = waitIdle(*Queue, &Fault);
  if (!Fault.empty())
    return fail(mux_error_kernel_fault, Fault);
  if (!Idle)
    return fail(mux_error_invalid_state,
                "dispatches wait on semaphores that nothing queued will "
                "signal");
  return mux_success;
}

} // extern "C"
