//===- api.cpp - The validating entry layer: devices to kernels -----------===//
///
/// \file
/// Every entry point checks every argument first, sets the thread's error
/// message and returns the documented code on a problem, and only then
/// touches the driver's objects. Objects are created fully or not at all.
///
//===----------------------------------------------------------------------===//

#include "mux/mux.h"

#include "metadata/abi.h"

#include "bounds_check.h"
#include "device_memory.h"
#include "objects.h"
#include "printf.h"
#include "validation.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <new>
#include <string>
#include <thread>

#include <unistd.h>

using namespace mux;
namespace md = loom::metadata;

namespace {

const mux_device_info_s &hostDeviceInfo() {
  static const mux_device_info_s Info = [] {
    mux_device_info_s I{};
    I.device_name = "Loom reference CPU";
    I.compute_units = ThreadPool::defaultWorkerCount();
    // Kernels are compiled for at most LOOM_MAX_WORK_GROUP_ITEMS work-items
    // per group (the compiler assumes local ids and sizes within it).
    constexpr uint32_t MaxItems = 1024;
    static_assert(MaxItems <= LOOM_MAX_WORK_GROUP_ITEMS,
                  "the ABI bounds work-groups");
    I.max_work_group_size[0] = I.max_work_group_size[1] =
        I.max_work_group_size[2] = MaxItems;
    I.max_work_items_per_group = MaxItems;
    I.address_bits = 64;
    I.memory_size =
        uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE));
    I.local_memory_size = uint64_t(256) << 10;
    I.work_group_stack_size = workGroupStackSize() - WorkGroupStackReserve;
    I.builtin_features = mux::BuiltinFeatures;
    I.printf_buffer_size = printfCapacity();
    // The host's memory, which kernels run on at the host's address, with
    // the host's atomic instructions, on the device's own threads.
    I.memory_properties =
        mux_memory_property_host_visible | mux_memory_property_coherent |
        mux_memory_property_shared_address | mux_memory_property_host_atomics;
    return I;
  }();
  return Info;
}

/// The first dimension's default work-group size over \p Global work-items
/// (muxGetDefaultLocalSize): the largest divisor of \p Global up to \p Cap;
/// with \p PartialGroups, a divisor under half the cap gives way to the cap
/// (or to \p Global, when smaller), since groups of one or a few work-items
/// leave Vecz nothing to run side by side and pay the group's overhead per
/// work-item.
uint64_t defaultGroupSize(uint64_t Global, uint64_t Cap, bool PartialGroups) {
  uint64_t Divisor = std::min(Cap, Global);
  while (Global % Divisor != 0)
    --Divisor;
  if (PartialGroups && 2 * Divisor < Cap)
    return std::min(Cap, Global);
  return Divisor;
}

} // namespace

extern "C" {

const char *muxGetLastErrorMessage(void) { return lastErrorMessage(); }

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

mux_result_t muxSetPrintfCallback(mux_device_t Device,
                                  mux_printf_callback_t Callback,
                                  void *UserData) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  Device->PrintfCallback = Callback;
  Device->PrintfUserData = Callback ? UserData : nullptr;
  return mux_success;
}

mux_result_t muxAllocateMemory(mux_device_t Device, uint64_t Size,
                               uint64_t Alignment, uint32_t Properties,
                               mux_memory_t *OutMemory) {
  if (!isValid(Device))
    return fail(mux_error_invalid_handle, "invalid device handle");
  if (!OutMemory)
    return fail(mux_error_null_out_parameter, "out_memory is null");
  const uint64_t AskedAlignment = Alignment;
  if (Alignment == 0)
    Alignment = 64;
  if (Size == 0 || !isPowerOf2(Alignment) || Alignment > 4096)
    return fail(mux_error_invalid_value,
                "size must be non-zero and alignment a power of two <= 4096");
  if (Properties & ~hostDeviceInfo().memory_properties)
    return fail(mux_error_invalid_value, "memory properties " +
                                             std::to_string(Properties) +
                                             " include one the device lacks");
  auto *Memory = new (std::nothrow) mux_memory_s();
  // Bounds-checked buffers end against a guard page, so they keep only the
  // alignment asked for (or their elements').
  SharedBytes Data =
      checkingBounds()
          ? allocateGuardedBytes(Size, AskedAlignment)
          : SharedBytes(
                allocateDeviceBytes(Size, std::max<uint64_t>(Alignment, 64))
                    .release(),
                FreeDeleter());
  if (!Memory || !Data) {
    delete Memory;
    return fail(mux_error_out_of_memory,
                "cannot allocate " + std::to_string(Size) + " bytes");
  }
  Memory->Data = std::move(Data);
  Memory->Size = Size;
  Memory->Properties = Properties;
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
  if (!(Memory->Properties & mux_memory_property_host_visible))
    return fail(mux_error_invalid_value,
                "memory allocated without host_visible cannot be mapped");
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
  Buffer->Storage = Memory->Data;
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
    return fail(mux_error_null_out_parameter,
                "binary or out_executable is null");
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
  auto Shared = std::make_shared<LoadedProgram>();
  if (!Executable)
    return fail(mux_error_out_of_memory, "cannot allocate an executable");
  Shared->Object = std::move(*Loaded);
  Shared->Program = std::move(*Program);
  Executable->Loaded = std::move(Shared);
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
    return fail(mux_error_invalid_handle,
                "invalid device or executable handle");
  if (!Name || !OutKernel)
    return fail(mux_error_null_out_parameter, "name or out_kernel is null");
  std::string KernelName(Name, strnlen(Name, NameLength));
  const md::KernelDescriptor *K =
      Executable->Loaded->Program.findKernel(KernelName);
  if (!K)
    return fail(mux_error_missing_kernel,
                "no kernel named '" + KernelName + "' in the executable");
  auto *Kernel = new (std::nothrow) mux_kernel_s();
  if (!Kernel)
    return fail(mux_error_out_of_memory, "cannot allocate a kernel");
  const LoadedObject &Object = *Executable->Loaded->Object;
  Kernel->Descriptor = K;
  Kernel->Entry =
      reinterpret_cast<loom_kernel_entry_t>(Object.findSymbol(K->EntrySymbol));
  Kernel->PrintfSlot =
      static_cast<void **>(Object.findSymbol(LOOM_PRINTF_BUFFER_SYMBOL));
  Kernel->Image = &Object;
  Kernel->Loaded = Executable->Loaded;
  *OutKernel = Kernel;
  return mux_success;
}

void muxDestroyKernel(mux_device_t Device, mux_kernel_t Kernel) {
  if (isValid(Device) && isValid(Kernel))
    destroy(Kernel);
}

mux_result_t muxGetKernelArgumentCount(mux_kernel_t Kernel,
                                       uint32_t *OutCount) {
  if (!isValid(Kernel))
    return fail(mux_error_invalid_handle, "invalid kernel handle");
  if (!OutCount)
    return fail(mux_error_null_out_parameter, "out_count is null");
  *OutCount = static_cast<uint32_t>(Kernel->Descriptor->Args.size());
  return mux_success;
}

mux_result_t muxGetDefaultLocalSize(mux_device_t Device, mux_kernel_t Kernel,
                                    uint32_t Dimensions,
                                    const uint64_t *GlobalSize, uint32_t Flags,
                                    uint64_t OutLocalSize[3]) {
  if (!isValid(Device) || !isValid(Kernel))
    return fail(mux_error_invalid_handle, "invalid device or kernel handle");
  if (!GlobalSize || !OutLocalSize)
    return fail(mux_error_null_out_parameter,
                "global_size or out_local_size is null");
  if (Dimensions < 1 || Dimensions > 3 ||
      std::any_of(GlobalSize, GlobalSize + Dimensions,
                  [](uint64_t Size) { return Size == 0; }))
    return fail(mux_error_invalid_value,
                "dimensions must be 1 to 3, each global size above 0");
  if (Flags & ~uint32_t(mux_local_size_flag_partial_groups))
    return fail(mux_error_invalid_value,
                "unknown local size flags " + std::to_string(Flags));
  const std::array<uint32_t, 3> &Required =
      Kernel->Descriptor->RequiredWorkGroupSize;
  if (Required[0]) {
    std::copy(Required.begin(), Required.end(), OutLocalSize);
    return mux_success;
  }
  const mux_device_info_s &Info = *Device->Info;
  uint64_t Cap = std::min<uint64_t>(
      {256, Info.max_work_items_per_group, Info.max_work_group_size[0]});
  std::fill(OutLocalSize, OutLocalSize + 3, 1);
  OutLocalSize[0] = defaultGroupSize(
      GlobalSize[0], Cap, Flags & mux_local_size_flag_partial_groups);
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

} // extern "C"
