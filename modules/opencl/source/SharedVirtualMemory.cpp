//===- SharedVirtualMemory.cpp - OpenCL's SVM on Loom's platform ----------===//
///
/// \file
/// See SharedVirtualMemory.h.
///
//===----------------------------------------------------------------------===//

#include "SharedVirtualMemory.h"

#include "Context.h"
#include "Memory.h"
#include "Queue.h"

#include <cstring>
#include <vector>

namespace loom {
namespace opencl {

namespace {

constexpr cl_svm_mem_flags AccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;

bool isPowerOfTwo(size_t Value) { return Value && !(Value & (Value - 1)); }

bool atMostOne(cl_svm_mem_flags Flags) { return !(Flags & (Flags - 1)); }

/// What every device of \p Context has in common; 0 if one has no SVM.
cl_device_svm_capabilities contextCapabilities(const _cl_context &Context) {
  cl_device_svm_capabilities Common = ~cl_device_svm_capabilities(0);
  for (cl_device_id Device : Context.Devices)
    Common &= svmCapabilities(*Device);
  return Context.Devices.empty() ? 0 : Common;
}

/// Whether \p Flags ask for no more than \p Context's devices have.
bool validAllocationFlags(const _cl_context &Context, cl_svm_mem_flags Flags) {
  constexpr cl_svm_mem_flags Known =
      AccessFlags | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS;
  if ((Flags & ~Known) || !atMostOne(Flags & AccessFlags))
    return false;
  cl_device_svm_capabilities Has = contextCapabilities(Context);
  if ((Flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) &&
      !(Has & CL_DEVICE_SVM_FINE_GRAIN_BUFFER))
    return false;
  // Atomics are a kind of fine-grained buffer.
  return !(Flags & CL_MEM_SVM_ATOMICS) ||
         ((Flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) &&
          (Has & CL_DEVICE_SVM_ATOMICS));
}

/// The allocation \p Pointer lies in, or null; the caller holds SvmGuard.
const _cl_context::SvmAllocation *allocationHolding(const _cl_context &Context,
                                                    const void *Pointer,
                                                    uintptr_t &Base) {
  auto Address = reinterpret_cast<uintptr_t>(Pointer);
  auto After = Context.Svm.upper_bound(Address);
  if (After == Context.Svm.begin())
    return nullptr;
  auto It = std::prev(After);
  if (Address - It->first > It->second.Size)
    return nullptr;
  Base = It->first;
  return &It->second;
}

void release(mux_device_t Mux, const _cl_context::SvmAllocation &Allocation) {
  muxDestroyBuffer(Mux, Allocation.Buffer);
  muxFreeMemory(Mux, Allocation.Memory);
}

/// The checks of an SVM command: its queue and wait list, then whether the
/// queue's device has SVM.
cl_int checkSvmCommand(Enqueued &Command, cl_command_queue Queue,
                       cl_uint NumWaits, const cl_event *Waits) {
  if (cl_int E = Command.check(NumWaits, Waits))
    return E;
  return svmCapabilities(*Queue->Device) ? CL_SUCCESS : CL_INVALID_OPERATION;
}

bool validMapFlags(cl_map_flags Flags) {
  constexpr cl_map_flags Known =
      CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  return !(Flags & ~Known) && !((Flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                (Flags & (CL_MAP_READ | CL_MAP_WRITE)));
}

} // namespace

cl_device_svm_capabilities svmCapabilities(const _cl_device_id &Device) {
  uint32_t Memory = Device.MuxInfo->memory_properties;
  if (!(Memory & mux_memory_property_shared_address) ||
      !(Memory & mux_memory_property_host_visible))
    return 0;
  cl_device_svm_capabilities Has = CL_DEVICE_SVM_COARSE_GRAIN_BUFFER;
  if (!(Memory & mux_memory_property_coherent))
    return Has;
  Has |= CL_DEVICE_SVM_FINE_GRAIN_BUFFER;
  if (Memory & mux_memory_property_host_atomics)
    Has |= CL_DEVICE_SVM_ATOMICS;
  return Has;
}

bool hasSvm(const _cl_context &Context) {
  for (cl_device_id Device : Context.Devices)
    if (svmCapabilities(*Device))
      return true;
  return false;
}

void *svmAlloc(cl_context Context, cl_svm_mem_flags Flags, size_t Size,
               cl_uint Alignment) {
  if (!isObject(Context) || !hasSvm(*Context) ||
      !validAllocationFlags(*Context, Flags) || Size == 0 ||
      Size > maxAllocation(Context))
    return nullptr;
  size_t Largest = bufferAlignment(Context);
  if (Alignment == 0)
    Alignment = Largest;
  if (!isPowerOfTwo(Alignment) || Alignment > Largest)
    return nullptr;
  constexpr uint32_t Properties =
      mux_memory_property_host_coherent | mux_memory_property_shared_address;
  mux_device_t Mux = Context->Mux;
  _cl_context::SvmAllocation Allocation;
  Allocation.Size = Size;
  void *Bytes = nullptr;
  if (muxAllocateMemory(Mux, Size, Alignment, Properties, &Allocation.Memory) !=
          mux_success ||
      muxCreateBuffer(Mux, Size, &Allocation.Buffer) != mux_success ||
      muxBindBufferMemory(Mux, Allocation.Memory, Allocation.Buffer, 0) !=
          mux_success ||
      muxMapMemory(Mux, Allocation.Memory, 0, Size, &Bytes) != mux_success) {
    release(Mux, Allocation);
    return nullptr;
  }
  std::lock_guard<std::mutex> Lock(Context->SvmGuard);
  Context->Svm[reinterpret_cast<uintptr_t>(Bytes)] = Allocation;
  return Bytes;
}

void svmFree(cl_context Context, void *Pointer) {
  if (!isObject(Context) || !Pointer)
    return;
  _cl_context::SvmAllocation Allocation;
  {
    std::lock_guard<std::mutex> Lock(Context->SvmGuard);
    auto It = Context->Svm.find(reinterpret_cast<uintptr_t>(Pointer));
    if (It == Context->Svm.end())
      return;
    Allocation = It->second;
    Context->Svm.erase(It);
  }
  // A launch recorded with the buffer keeps its bytes until it has run.
  release(Context->Mux, Allocation);
}

bool findSvm(_cl_context &Context, const void *Pointer, size_t Size,
             SvmPlace &Place) {
  std::lock_guard<std::mutex> Lock(Context.SvmGuard);
  uintptr_t Base = 0;
  const _cl_context::SvmAllocation *Allocation =
      allocationHolding(Context, Pointer, Base);
  if (!Allocation)
    return false;
  Place.Offset = reinterpret_cast<uintptr_t>(Pointer) - Base;
  Place.Memory = Allocation->Memory;
  Place.Buffer = Allocation->Buffer;
  return Size <= Allocation->Size - Place.Offset;
}

void freeAllSvm(_cl_context &Context) {
  for (auto &[Base, Allocation] : Context.Svm)
    release(Context.Mux, Allocation);
  Context.Svm.clear();
}

cl_int enqueueSVMFree(cl_command_queue Queue, cl_uint Count, void *Pointers[],
                      SvmFreeCallback Free, void *Data, cl_uint NumWaits,
                      const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_SVM_FREE);
  if (cl_int E = checkSvmCommand(Command, Queue, NumWaits, Waits))
    return E;
  if ((Count == 0) != (Pointers == nullptr))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Count; ++I)
    if (!Pointers[I])
      return CL_INVALID_VALUE;
  // The application may reuse its array once the call returns.
  std::vector<void *> Freed(Pointers, Pointers + Count);
  cl_context Context = Queue->Context;
  Command.thenOnHost([=]() mutable {
    if (Free)
      Free(Queue, Count, Freed.data(), Data);
    else
      for (void *Pointer : Freed)
        svmFree(Context, Pointer);
  });
  return Command.submit(false, Event);
}

cl_int enqueueSVMMemcpy(cl_command_queue Queue, cl_bool Blocking,
                        void *Destination, const void *Source, size_t Size,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_SVM_MEMCPY);
  if (cl_int E = checkSvmCommand(Command, Queue, NumWaits, Waits))
    return E;
  if (!Destination || !Source)
    return CL_INVALID_VALUE;
  auto To = reinterpret_cast<uintptr_t>(Destination);
  auto From = reinterpret_cast<uintptr_t>(Source);
  if (From < To + Size && To < From + Size)
    return CL_MEM_COPY_OVERLAP;
  // The memory is the host's, coherent with the devices'.
  if (Size)
    Command.thenOnHost([=] { std::memcpy(Destination, Source, Size); });
  return Command.submit(Blocking, Event);
}

cl_int enqueueSVMMemFill(cl_command_queue Queue, void *Pointer,
                         const void *Pattern, size_t PatternSize, size_t Size,
                         cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_SVM_MEMFILL);
  if (cl_int E = checkSvmCommand(Command, Queue, NumWaits, Waits))
    return E;
  if (!Pointer || !Pattern || !isPowerOfTwo(PatternSize) || PatternSize > 128 ||
      reinterpret_cast<uintptr_t>(Pointer) % PatternSize || Size % PatternSize)
    return CL_INVALID_VALUE;
  // The pattern may be reused once the call returns.
  const auto *First = static_cast<const uint8_t *>(Pattern);
  std::vector<uint8_t> Copy(First, First + PatternSize);
  auto *Bytes = static_cast<uint8_t *>(Pointer);
  Command.thenOnHost([=] {
    for (size_t At = 0; At < Size; At += Copy.size())
      std::memcpy(Bytes + At, Copy.data(), Copy.size());
  });
  return Command.submit(false, Event);
}

cl_int enqueueSVMMap(cl_command_queue Queue, cl_bool Blocking,
                     cl_map_flags Flags, void *Pointer, size_t Size,
                     cl_uint NumWaits, const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_SVM_MAP);
  if (cl_int E = checkSvmCommand(Command, Queue, NumWaits, Waits))
    return E;
  SvmPlace Place;
  if (!Pointer || Size == 0 || !validMapFlags(Flags) ||
      !findSvm(*Queue->Context, Pointer, Size, Place))
    return CL_INVALID_VALUE;
  // The host reads and writes the allocation itself: a map only keeps the
  // queue's order.
  return Command.submit(Blocking, Event);
}

cl_int enqueueSVMUnmap(cl_command_queue Queue, void *Pointer, cl_uint NumWaits,
                       const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_SVM_UNMAP);
  if (cl_int E = checkSvmCommand(Command, Queue, NumWaits, Waits))
    return E;
  if (!Pointer)
    return CL_INVALID_VALUE;
  return Command.submit(false, Event);
}

cl_int enqueueSVMMigrateMem(cl_command_queue Queue, cl_uint Count,
                            const void **Pointers, const size_t *Sizes,
                            cl_mem_migration_flags Flags, cl_uint NumWaits,
                            const cl_event *Waits, cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_SVM_MIGRATE_MEM);
  if (cl_int E = checkSvmCommand(Command, Queue, NumWaits, Waits))
    return E;
  constexpr cl_mem_migration_flags Known =
      CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
  if (Count == 0 || !Pointers || (Flags & ~Known))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Count; ++I) {
    SvmPlace Place;
    // A size of 0 is the rest of the allocation.
    if (!Pointers[I] ||
        !findSvm(*Queue->Context, Pointers[I], Sizes ? Sizes[I] : 0, Place))
      return CL_INVALID_VALUE;
  }
  // Every device's memory is the host's: nothing moves.
  return Command.submit(false, Event);
}

cl_int setKernelExecInfo(cl_kernel Kernel, cl_kernel_exec_info Param,
                         size_t Size, const void *Value) {
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  if (!hasSvm(*Kernel->Program->Context))
    return CL_INVALID_OPERATION;
  switch (Param) {
  case CL_KERNEL_EXEC_INFO_SVM_PTRS:
    // The kernel may reach these through pointers stored in SVM: all of it
    // is the host's coherent memory, so nothing needs to be done for them.
    // None (0 and null) unsets those set before.
    return (Size % sizeof(void *)) || (Size && !Value) ? CL_INVALID_VALUE
                                                       : CL_SUCCESS;
  case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
    if (Size != sizeof(cl_bool) || !Value)
      return CL_INVALID_VALUE;
    // No device shares all of the host's memory with kernels.
    return *static_cast<const cl_bool *>(Value) ? CL_INVALID_OPERATION
                                                : CL_SUCCESS;
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace opencl
} // namespace loom
