//===- Kernel.h - Kernels of Loom's OpenCL platform -------------*- C++ -*-===//
///
/// \file
/// A kernel of a built program: its arguments are checked against the
/// kernel descriptor of the build (their kind, size and address space) as
/// they are set, and an ND-range becomes the driver's ND-range command on
/// the queue's device, with the work-group size the application gave, the
/// kernel's required size, or one Loom chooses.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_KERNEL_H
#define OPENCL_KERNEL_H

#include "Objects.h"

namespace loom {
namespace opencl {

cl_kernel createKernel(cl_program Program, const char *Name, cl_int *ErrorCode);
cl_int createKernelsInProgram(cl_program Program, cl_uint NumKernels,
                              cl_kernel *Kernels, cl_uint *NumKernelsRet);
/// A new kernel of \p Source's program and name with the arguments
/// \p Source has now (clCloneKernel).
cl_kernel cloneKernel(cl_kernel Source, cl_int *ErrorCode);
cl_int retainKernel(cl_kernel Kernel);
cl_int releaseKernel(cl_kernel Kernel);
cl_int setKernelArg(cl_kernel Kernel, cl_uint Index, size_t Size,
                    const void *Value);
/// clSetKernelArgSVMPointer: \p Pointer, null or in one of the context's
/// SVM allocations (SharedVirtualMemory.h), for a global or constant
/// pointer argument.
cl_int setKernelArgSVMPointer(cl_kernel Kernel, cl_uint Index,
                              const void *Pointer);
cl_int getKernelInfo(cl_kernel Kernel, cl_kernel_info Param, size_t Size,
                     void *Value, size_t *SizeRet);
/// What the kernel's descriptor says of argument \p Index: its address
/// and type qualifiers and type name always; its name only when the
/// program was compiled with -cl-kernel-arg-info (else
/// CL_KERNEL_ARG_INFO_NOT_AVAILABLE).
cl_int getKernelArgInfo(cl_kernel Kernel, cl_uint Index,
                        cl_kernel_arg_info Param, size_t Size, void *Value,
                        size_t *SizeRet);
cl_int getKernelWorkGroupInfo(cl_kernel Kernel, cl_device_id Device,
                              cl_kernel_work_group_info Param, size_t Size,
                              void *Value, size_t *SizeRet);
/// Sub-groups (OpenCL C 3.0's __opencl_c_subgroups): a kernel's rows are
/// cut into sub-groups of its descriptor's sub-group size
/// (metadata/sub_groups.h), so a count of sub-groups is a local size of
/// (count times that size, 1, 1) where the device allows it.
cl_int getKernelSubGroupInfo(cl_kernel Kernel, cl_device_id Device,
                             cl_kernel_sub_group_info Param, size_t InputSize,
                             const void *Input, size_t Size, void *Value,
                             size_t *SizeRet);
cl_int enqueueNDRangeKernel(cl_command_queue Queue, cl_kernel Kernel,
                            cl_uint Dimensions, const size_t *GlobalOffset,
                            const size_t *GlobalSize, const size_t *LocalSize,
                            cl_uint NumWaits, const cl_event *Waits,
                            cl_event *Event);
cl_int enqueueTask(cl_command_queue Queue, cl_kernel Kernel, cl_uint NumWaits,
                   const cl_event *Waits, cl_event *Event);

} // namespace opencl
} // namespace loom

#endif // OPENCL_KERNEL_H
