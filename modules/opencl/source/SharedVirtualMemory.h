//===- SharedVirtualMemory.h - OpenCL's SVM on Loom's platform --*- C++ -*-===//
///
/// \file
/// Shared virtual memory (OpenCL 2.0's SVM, optional in 3.0): memory the
/// host and kernels address with the same pointers. A device has it when
/// its driver device can allocate memory with
/// mux_memory_property_shared_address (the host's memory, which Loom's
/// devices all run kernels on): coarse-grained buffers, fine-grained
/// buffers too when that memory is coherent, and SVM atomics when kernels'
/// atomics on it are the host's too (mux_memory_property_host_atomics).
/// Not claimed: fine-grained system sharing (any host pointer).
///
/// An allocation (clSVMAlloc) is driver memory of the context, mapped once
/// at the address kernels see, with a driver buffer over the whole of it:
/// a kernel argument that points into it (clSetKernelArgSVMPointer) is that
/// buffer at the pointer's offset, found again when the kernel is enqueued,
/// so that a freed allocation makes the launch fail instead of reaching
/// freed memory. Since the memory is the host's and coherent, the SVM
/// commands do their work on the host in the queue's order (copies and
/// fills) or only keep that order (map, unmap, migrate), and a map's
/// pointer is the allocation's own.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_SHAREDVIRTUALMEMORY_H
#define OPENCL_SHAREDVIRTUALMEMORY_H

#include "Objects.h"

namespace loom {
namespace opencl {

/// What \p Device's driver device lets it claim; 0 when it has no SVM.
cl_device_svm_capabilities svmCapabilities(const _cl_device_id &Device);
/// Whether one of \p Context's devices has SVM.
bool hasSvm(const _cl_context &Context);

void *svmAlloc(cl_context Context, cl_svm_mem_flags Flags, size_t Size,
               cl_uint Alignment);
void svmFree(cl_context Context, void *Pointer);

/// Where \p Pointer lies in \p Context's SVM: its allocation's driver
/// memory and the driver buffer over it, and its offset there (which may be the
/// allocation's size: a pointer just past its end).
struct SvmPlace {
  mux_memory_t Memory = nullptr;
  mux_buffer_t Buffer = nullptr;
  uint64_t Offset = 0;
};
/// Whether \p Pointer, and the \p Size bytes from it, lie in one of
/// \p Context's SVM allocations; if so, \p Place says where.
bool findSvm(_cl_context &Context, const void *Pointer, size_t Size,
             SvmPlace &Place);
/// Frees what is left of \p Context's SVM when the context goes.
void freeAllSvm(_cl_context &Context);

using SvmFreeCallback = void(CL_CALLBACK *)(cl_command_queue, cl_uint, void *[],
                                            void *);
cl_int enqueueSVMFree(cl_command_queue Queue, cl_uint Count, void *Pointers[],
                      SvmFreeCallback Free, void *Data, cl_uint NumWaits,
                      const cl_event *Waits, cl_event *Event);
cl_int enqueueSVMMemcpy(cl_command_queue Queue, cl_bool Blocking,
                        void *Destination, const void *Source, size_t Size,
                        cl_uint NumWaits, const cl_event *Waits,
                        cl_event *Event);
cl_int enqueueSVMMemFill(cl_command_queue Queue, void *Pointer,
                         const void *Pattern, size_t PatternSize, size_t Size,
                         cl_uint NumWaits, const cl_event *Waits,
                         cl_event *Event);
cl_int enqueueSVMMap(cl_command_queue Queue, cl_bool Blocking,
                     cl_map_flags Flags, void *Pointer, size_t Size,
                     cl_uint NumWaits, const cl_event *Waits, cl_event *Event);
cl_int enqueueSVMUnmap(cl_command_queue Queue, void *Pointer, cl_uint NumWaits,
                       const cl_event *Waits, cl_event *Event);
cl_int enqueueSVMMigrateMem(cl_command_queue Queue, cl_uint Count,
                            const void **Pointers, const size_t *Sizes,
                            cl_mem_migration_flags Flags, cl_uint NumWaits,
                            const cl_event *Waits, cl_event *Event);

/// clSetKernelExecInfo: the SVM pointers a kernel reaches through others
/// (accepted: every allocation is the host's memory, always coherent), and
/// fine-grained system sharing, which no device has.
cl_int setKernelExecInfo(cl_kernel Kernel, cl_kernel_exec_info Param,
                         size_t Size, const void *Value);

} // namespace opencl
} // namespace loom

#endif // OPENCL_SHAREDVIRTUALMEMORY_H
