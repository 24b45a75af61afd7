//===- api.cpp - The validating entry layer of mux/mux.h ------------------===//
///
/// \file
/// Every entry point checks every argument first, sets the thread's error
/// message and returns the documented code on a problem, and only then
/// touches the driver's objects. Objects are created fully or not at all.
///
//===----------------------------------------------------------------------===//

#include "mux/mux.h"

#include "objects.h"

#include <cstring>
#include <new>
#include <string>
#include <thread>

using namespace mux;
namespace md = loom::metadata;

namespace {

thread_local std::string LastError;

[[nodiscard]] mux_result_t fail(mux_result_t Code, std::string Message) {
  LastError = std::move(Message);
  return Code;
}

template <class T> constexpr ObjectKind kindOf();
template <> constexpr ObjectKind kindOf<mux_device_s>() { return ObjectKind::Device; }
template <> constexpr ObjectKind kindOf<mux_memory_s>() { return ObjectKind::Memory; }
template <> constexpr ObjectKind kindOf<mux_buffer_s>() { return ObjectKind::Buffer; }
template <> constexpr ObjectKind kindOf<mux_executable_s>() { return ObjectKind::Executable; }
template <> constexpr ObjectKind kindOf<mux_kernel_s>() { return ObjectKind::Kernel; }
template <> constexpr ObjectKind kindOf<mux_command_buffer_s>() { return ObjectKind::CommandBuffer; }
template <> constexpr ObjectKind kindOf<mux_queue_s>() { return ObjectKind::Queue; }

/// Whether \p Handle is a live object of its type.
template <class T> bool isValid(const T *Handle) {
  return Handle && Handle->Kind == kindOf<T>();
}

template <class T> void destroy(T *Object) {
  Object->Kind = ObjectKind::Destroyed;
  delete Object;
}

const mux_device_info_s &hostDeviceInfo() {
  static const mux_device_info_s Info = [] {
    mux_device_info_s I{};
    I.device_name = "Loom reference CPU";
    I.compute_units = ThreadPool::defaultWorkerCount();
    I.max_work_group_size[0] = I.max_work_group_size[1] =
        I.max_work_group_size[2] = 1024;
    I.max_work_items_per_group = 1024;
    I.address_bits = 64;
    I.memory_size = uint64_t(16) << 30;
    I.local_memory_size = uint64_t(256) << 10;
    return I;
  }();
  return Info;
}

bool isPowerOf2(uint64_t V) { return V != 0 && (V & (V - 1)) == 0; }

bool inBounds(uint64_t Offset, uint64_t Length, uint64_t Size) {
  return Offset <= Size && Length <= Size - Offset;
}

mux_result_t checkBufferRange(const mux_buffer_s *Buffer, uint64_t Offset,
                              uint64_t Size) {
  if (!isValid(Buffer))
    return fail(mux_error_invalid_handle, "invalid buffer handle");
  if (!Buffer->Data)
    return fail(mux_error_invalid_state, "buffer is not bound to memory");
  if (Size == 0 || !inBounds(Offset, Size, Buffer->Size))
    return fail(mux_error_invalid_value,
                "range [" + std::to_string(Offset) + ", +" +
                    std::to_string(Size) + ") is empty or outside the " +
                    std::to_string(Buffer->Size) + "-byte buffer");
  return mux_success;
}

mux_result_t checkRecording(const mux_command_buffer_s *CB) {
  if (!isValid(CB))
    return fail(mux_error_invalid_handle, "invalid command buffer handle");
  if (CB->Finalized)
    return fail(mux_error_invalid_state, "command buffer is finalized");
  return mux_success;
}

} // namespace

extern "C" {

const char *muxGetLastErrorMessage(void) { return LastError.c_str(); }

mux_result_t muxGetDeviceInfos(uint32_t Count, mux_device_info_t *Infos,
                               uint32_t *OutCount) {
  if (!Infos && !OutCount)
    return fail(mux_error_null_out_parameter, "infos and out_count are null");
  if (Infos && Count == 0)
    return fail(mux_error_invalid_value, "infos given with count 0");
  if (Infos)
    Infos[0] = &hostDeviceInfo();
  if (OutCount)
    *OutCount = 1;
  return mux_success;
}

mux_result_t muxCreateDevices(uint32_t Count, const mux_device_info_t *Infos,
                              mux_device_t *OutDevices) {
  if (!Infos || !OutDevices)
    return fail(mux_error_null_out_parameter, "infos or out_devices is null");
  if (Count == 0)
    return fail(mux_error_invalid_value, "count is 0");
  for (uint32_t I = 0; I < Count; ++I)
    if (Infos[I] != &hostDeviceInfo())
      return fail(mux_error_invalid_value,
                  "infos[" + std::to_string(I) + "] is not a device info");
  for (uint32_t I = 0; I < Count; ++I) {
    auto *Device = new (std::nothrow) mux_device_s();
    if (!Device) {
      for (uint32_t J = 0; J < I; ++J)
        muxDestroyDevice(OutDevices[J]);
      return fail(mux_error_out_of_memory, "cannot allocate a device");
    }
    Device->Info = Infos[I];
    Device->Workers =
        std::make_unique<ThreadPool>(ThreadPool::defaultWorkerCount());
    Device->WorkerStates.resize(Device->Workers->size());
    startQueue(Device->Queue, *Device);
    OutDevices[I] = Device;
  }
  return mux_success;
}

void muxDestroyDevice(mux_device_t Device) {
  if (!isValid(Device))
    return;
  waitIdle(Device->Queue);
  stopQueue(Device->Queue);
  destroy(Device);
}

mux_result_t muxAllocateMemory(mux_device_t Device, uint64_t Size,
                               uint64_t Alignment, mux_memory_t *OutMemory) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!OutMemory)
    return fail(mux_error_null_out_parameter, "out_memory is null");
  if (Alignment == 0)
    Alignment = 64;
  if (Size == 0 || !isPowerOf2(Alignment) || Alignment > 4096)
    return fail(mux_error_invalid_value,
                "size must be non-zero and alignment a power of two <= 4096");
  auto *Memory = new (std::nothrow) mux_memory_s();
  AlignedBytes Data = allocateAligned(Size, std::max<uint64_t>(Alignment, 64));
  if (!Memory || !Data) {
    delete Memory;
    return fail(mux_error_out_of_memory,
                "cannot allocate " + std::to_string(Size) + " bytes");
  }
  Memory->Data = std::move(Data);
  Memory->Size = Size;
  *OutMemory = Memory;
  return mux_success;
}

void muxFreeMemory(mux_device_t Device, mux_memory_t Memory) {
  if (isValid(Device) && isValid(Memory))
    destroy(Memory);
}

mux_result_t muxMapMemory(mux_device_t Device, mux_memory_t Memory,
                          uint64_t Offset, uint64_t Size, void **OutData) {
  if (!isValid(Device) || !isValid(Memory))
    return fail(mux_error_invalid_handle, "invalid device or memory handle");
  if (!OutData)
    return fail(mux_error_null_out_parameter, "out_data is null");
  if (Size == 0 || !inBounds(Offset, Size, Memory->Size))
    return fail(mux_error_invalid_value, "mapped range outside the memory");
  *OutData = Memory->Data.get() + Offset;
  return mux_success;
}

mux_result_t muxUnmapMemory(mux_device_t Device, mux_memory_t Memory) {
  if (!isValid(Device) || !isValid(Memory))
    return fail(mux_error_invalid_handle, "invalid device or memory handle");
  return mux_success;
}

mux_result_t muxCreateBuffer(mux_device_t Device, uint64_t Size,
                             mux_buffer_t *OutBuffer) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!OutBuffer)
    return fail(mux_error_null_out_parameter, "out_buffer is null");
  if (Size == 0)
    return fail(mux_error_invalid_value, "buffer size is 0");
  auto *Buffer = new (std::nothrow) mux_buffer_s();
  if (!Buffer)
    return fail(mux_error_out_of_memory, "cannot allocate a buffer");
  Buffer->Size = Size;
  *OutBuffer = Buffer;
  return mux_success;
}

mux_result_t muxBindBufferMemory(mux_device_t Device, mux_memory_t Memory,
                                 mux_buffer_t Buffer, uint64_t Offset) {
  if (!isValid(Device) || !isValid(Memory) || !isValid(Buffer))
    return fail(mux_error_invalid_handle,
                "invalid device, memory or buffer handle");
  if (Buffer->Data)
    return fail(mux_error_invalid_state, "buffer is already bound");
  if (!inBounds(Offset, Buffer->Size, Memory->Size))
    return fail(mux_error_invalid_value,
                "a " + std::to_string(Buffer->Size) +
                    "-byte buffer at offset " + std::to_string(Offset) +
                    " does not fit in " + std::to_string(Memory->Size) +
                    " bytes of memory");
  Buffer->Data = Memory->Data.get() + Offset;
  return mux_success;
}

void muxDestroyBuffer(mux_device_t Device, mux_buffer_t Buffer) {
  if (isValid(Device) && isValid(Buffer))
    destroy(Buffer);
}

mux_result_t muxCreateExecutable(mux_device_t Device, const void *Binary,
                                 uint64_t BinarySize,
                                 mux_executable_t *OutExecutable) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!Binary || !OutExecutable)
    return fail(mux_error_null_out_parameter, "binary or out_executable is null");
  auto Loaded = loadElfObject(Binary, BinarySize, {LOOM_DESCRIPTOR_SECTION});
  if (!Loaded)
    return fail(mux_error_invalid_binary, "invalid binary: " + Loaded.error());
  const std::vector<uint8_t> *Section =
      (*Loaded)->findSection(LOOM_DESCRIPTOR_SECTION);
  if (!Section)
    return fail(mux_error_invalid_binary,
                "invalid binary: no " LOOM_DESCRIPTOR_SECTION
                " section (not made by a Loom target?)");
  auto Program = md::readProgramDescriptor(Section->data(), Section->size());
  if (!Program)
    return fail(mux_error_invalid_binary,
                "invalid kernel descriptors: " + Program.error());
  if (Program->AbiVersion != LOOM_ABI_VERSION)
    return fail(mux_error_unsupported_binary,
                "binary uses kernel ABI version " +
                    std::to_string(Program->AbiVersion) +
                    ", this driver version " +
                    std::to_string(LOOM_ABI_VERSION));
  for (const md::KernelDescriptor &K : Program->Kernels)
    if (!(*Loaded)->findSymbol(K.EntrySymbol))
      return fail(mux_error_invalid_binary,
                  "invalid binary: entry point '" + K.EntrySymbol +
                      "' of kernel '" + K.Name + "' is not defined");
  auto *Executable = new (std::nothrow) mux_executable_s();
  if (!Executable)
    return fail(mux_error_out_of_memory, "cannot allocate an executable");
  Executable->Object = std::move(*Loaded);
  Executable->Program = std::move(*Program);
  *OutExecutable = Executable;
  return mux_success;
}

void muxDestroyExecutable(mux_device_t Device, mux_executable_t Executable) {
  if (isValid(Device) && isValid(Executable))
    destroy(Executable);
}

mux_result_t muxCreateKernel(mux_device_t Device, mux_executable_t Executable,
                             const char *Name, uint64_t NameLength,
                             mux_kernel_t *OutKernel) {
  if (!isValid(Device) || !isValid(Executable))
    return fail(mux_error_invalid_handle, "invalid device or executable handle");
  if (!Name || !OutKernel)
    return fail(mux_error_null_out_parameter, "name or out_kernel is null");
  std::string KernelName(Name, strnlen(Name, NameLength));
  const md::KernelDescriptor *K = Executable->Program.findKernel(KernelName);
  if (!K)
    return fail(mux_error_missing_kernel,
                "no kernel named '" + KernelName + "' in the executable");
  auto *Kernel = new (std::nothrow) mux_kernel_s();
  if (!Kernel)
    return fail(mux_error_out_of_memory, "cannot allocate a kernel");
  Kernel->Descriptor = K;
  Kernel->Entry = reinterpret_cast<loom_kernel_entry_t>(
      Executable->Object->findSymbol(K->EntrySymbol));
  *OutKernel = Kernel;
  return mux_success;
}

void muxDestroyKernel(mux_device_t Device, mux_kernel_t Kernel) {
  if (isValid(Device) && isValid(Kernel))
    destroy(Kernel);
}

mux_result_t muxGetKernelArgumentCount(mux_kernel_t Kernel, uint32_t *OutCount) {
  if (!isValid(Kernel))
    return fail(mux_error_invalid_handle, "invalid kernel handle");
  if (!OutCount)
    return fail(mux_error_null_out_parameter, "out_count is null");
  *OutCount = static_cast<uint32_t>(Kernel->Descriptor->Args.size());
  return mux_success;
}

mux_result_t muxGetQueue(mux_device_t Device, uint32_t Index,
                         mux_queue_t *OutQueue) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!OutQueue)
    return fail(mux_error_null_out_parameter, "out_queue is null");
  if (Index != 0)
    return fail(mux_error_invalid_value, "the device has one queue, index 0");
  *OutQueue = &Device->Queue;
  return mux_success;
}

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
  waitIdle(Device->Queue);
  destroy(CB);
}

mux_result_t muxCommandWriteBuffer(mux_command_buffer_t CB, mux_buffer_t Buffer,
                                   uint64_t Offset, const void *HostPointer,
                                   uint64_t Size) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!HostPointer)
    return fail(mux_error_null_out_parameter, "host_pointer is null");
  if (mux_result_t R = checkBufferRange(Buffer, Offset, Size))
    return R;
  CB->Commands.push_back(WriteCommand{Buffer->Data + Offset, HostPointer, Size});
  return mux_success;
}

mux_result_t muxCommandReadBuffer(mux_command_buffer_t CB, mux_buffer_t Buffer,
                                  uint64_t Offset, void *HostPointer,
                                  uint64_t Size) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  if (!HostPointer)
    return fail(mux_error_null_out_parameter, "host_pointer is null");
  if (mux_result_t R = checkBufferRange(Buffer, Offset, Size))
    return R;
  CB->Commands.push_back(ReadCommand{HostPointer, Buffer->Data + Offset, Size});
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
                  "zero global or local size in dimension " + std::to_string(D));
    if (D >= Options.dimensions && Local != 1)
      return fail(mux_error_invalid_value,
                  "local size of unused dimension " + std::to_string(D) +
                      " is not 1");
    if (Global % Local != 0)
      return fail(mux_error_invalid_value,
                  "global size " + std::to_string(Global) +
                      " is not a multiple of local size " +
                      std::to_string(Local) + " in dimension " +
                      std::to_string(D));
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
  return mux_success;
}

uint64_t alignLocal(uint64_t Bytes) {
  return (Bytes + LOOM_LOCAL_MEMORY_ALIGNMENT - 1) /
         LOOM_LOCAL_MEMORY_ALIGNMENT * LOOM_LOCAL_MEMORY_ALIGNMENT;
}

/// Places a __local argument after what the arena already holds.
mux_result_t placeLocalArgument(const md::ArgDescriptor &Arg, uint32_t Index,
                                const mux_descriptor_info_s &Info,
                                NDRangeCommand &Launch) {
  std::string Where = "argument " + std::to_string(Index);
  if (Info.type != mux_descriptor_info_type_shared_local_buffer)
    return fail(mux_error_invalid_kernel_arguments,
                Where + " is a __local buffer, but its descriptor is not");
  if (Info.data_size == 0 || Info.data_size > (uint64_t(1) << 40))
    return fail(mux_error_invalid_kernel_arguments,
                Where + ": a __local buffer needs a size in data_size");
  Launch.ArenaSize = alignLocal(Launch.ArenaSize);
  Launch.LocalArguments.push_back({Arg.Offset, Launch.ArenaSize});
  Launch.ArenaSize += Info.data_size;
  return mux_success;
}

/// Copies one argument into the packed block after checking it against the
/// kernel's descriptor.
mux_result_t packArgument(const md::ArgDescriptor &Arg, uint32_t Index,
                          const mux_descriptor_info_s &Info, uint8_t *Packed) {
  std::string Where = "argument " + std::to_string(Index);
  bool IsBuffer = Arg.Kind == md::ArgKind::GlobalBuffer ||
                  Arg.Kind == md::ArgKind::ConstantBuffer;
  if (IsBuffer) {
    if (Info.type != mux_descriptor_info_type_buffer)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + " is a buffer, but its descriptor is not");
    if (!isValid(Info.buffer) || !Info.buffer->Data ||
        Info.buffer_offset > Info.buffer->Size)
      return fail(mux_error_invalid_kernel_arguments,
                  Where + ": invalid, unbound or overrun buffer");
    uint8_t *Address = Info.buffer->Data + Info.buffer_offset;
    std::memcpy(Packed + Arg.Offset, &Address, sizeof(Address));
    return mux_success;
  }
  if (Info.type != mux_descriptor_info_type_plain_old_data || !Info.data)
    return fail(mux_error_invalid_kernel_arguments,
                Where + " is passed by value, but its descriptor has no data");
  if (Info.data_size != Arg.Size)
    return fail(mux_error_invalid_kernel_arguments,
                Where + " takes " + std::to_string(Arg.Size) + " bytes, not " +
                    std::to_string(Info.data_size));
  std::memcpy(Packed + Arg.Offset, Info.data, Arg.Size);
  return mux_success;
}

} // namespace

extern "C" {

mux_result_t muxCommandNDRange(mux_command_buffer_t CB, mux_kernel_t Kernel,
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

  NDRangeCommand Launch;
  Launch.Entry = Kernel->Entry;
  Launch.PackedArgs = allocateAligned(std::max<uint32_t>(K.PackedArgsSize, 1), 128);
  if (!Launch.PackedArgs)
    return fail(mux_error_out_of_memory, "cannot allocate kernel arguments");
  std::memset(Launch.PackedArgs.get(), 0, std::max<uint32_t>(K.PackedArgsSize, 1));
  Launch.PackedArgsSize = K.PackedArgsSize;
  Launch.ArenaSize = K.LocalMemoryBytes;
  for (uint32_t I = 0; I < K.Args.size(); ++I) {
    const mux_descriptor_info_s &Info = Options->descriptors[I];
    mux_result_t R = K.Args[I].Kind == md::ArgKind::LocalBuffer
                         ? placeLocalArgument(K.Args[I], I, Info, Launch)
                         : packArgument(K.Args[I], I, Info, Launch.PackedArgs.get());
    if (R != mux_success)
      return R;
  }
  uint64_t LocalLimit = CB->Device->Info->local_memory_size;
  if (Launch.ArenaSize > LocalLimit)
    return fail(mux_error_invalid_value,
                "kernel '" + K.Name + "' needs " + std::to_string(Launch.ArenaSize) +
                    " bytes of local memory; the device has " +
                    std::to_string(LocalLimit));
  for (uint32_t D = 0; D < 3; ++D) {
    bool Used = D < Options->dimensions;
    Launch.LocalSize[D] = Options->local_size[D];
    Launch.NumGroups[D] =
        Used ? Options->global_size[D] / Options->local_size[D] : 1;
    Launch.GlobalOffset[D] =
        Used && Options->global_offset ? Options->global_offset[D] : 0;
  }
  Launch.Dimensions = Options->dimensions;
  CB->Commands.push_back(std::move(Launch));
  return mux_success;
}

mux_result_t muxFinalizeCommandBuffer(mux_command_buffer_t CB) {
  if (mux_result_t R = checkRecording(CB))
    return R;
  CB->Finalized = true;
  return mux_success;
}

mux_result_t muxDispatch(mux_queue_t Queue, mux_command_buffer_t CB) {
  if (!isValid(Queue) || !isValid(CB))
    return fail(mux_error_invalid_handle, "invalid queue or command buffer");
  if (!CB->Finalized)
    return fail(mux_error_invalid_state, "command buffer is not finalized");
  if (CB->Device != Queue->Device)
    return fail(mux_error_invalid_value,
                "command buffer belongs to another device");
  enqueue(*Queue, *CB);
  return mux_success;
}

mux_result_t muxWaitAll(mux_queue_t Queue) {
  if (!isValid(Queue))
    return fail(mux_error_invalid_handle, "invalid queue handle");
  waitIdle(*Queue);
  return mux_success;
}

} // extern "C"
