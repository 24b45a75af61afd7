//===- Program.h - Programs of Loom's OpenCL platform -----------*- C++ -*-===//
///
/// \file
/// A program from OpenCL C source or SPIR-V is built for each device by the
/// device's target, in process: the build options are loomc's (CompileOptions),
/// the build log holds the compiler's diagnostics, and the binary, an ELF
/// object of the target, is loaded into the context's driver device. Its
/// kernel descriptors (compiler/pipeline/BinaryDescriptors.h) describe the
/// kernels' arguments. A program made from binaries (what
/// CL_PROGRAM_BINARIES gave, or loomc's objects for the device's target)
/// skips the compile: its build loads them.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_PROGRAM_H
#define OPENCL_PROGRAM_H

#include "Objects.h"

namespace loom {
namespace opencl {

using BuildNotify = void(CL_CALLBACK *)(cl_program, void *);

cl_program createProgramWithSource(cl_context Context, cl_uint Count,
                                   const char **Strings, const size_t *Lengths,
                                   cl_int *ErrorCode);
/// A program from SPIR-V (cl_khr_il_program, OpenCL 2.1): built by the
/// SDK's SPIR-V frontend (BaseModule::loadSPIRV), which validates it; what
/// is not SPIR-V at all is refused here.
cl_program createProgramWithIL(cl_context Context, const void *IL,
                               size_t Length, cl_int *ErrorCode);
/// Sets a specialization constant of a program from SPIR-V for its next
/// build: the id and the size must be the module's.
cl_int setProgramSpecializationConstant(cl_program Program, cl_uint SpecId,
                                        size_t Size, const void *Value);
cl_program createProgramWithBinary(cl_context Context, cl_uint NumDevices,
                                   const cl_device_id *Devices,
                                   const size_t *Lengths,
                                   const unsigned char **Binaries,
                                   cl_int *BinaryStatus, cl_int *ErrorCode);
cl_int buildProgram(cl_program Program, cl_uint NumDevices,
                    const cl_device_id *Devices, const char *Options,
                    BuildNotify Notify, void *NotifyData);
/// Compiles a program's OpenCL C (with headers from other programs, under
/// the names \p HeaderNames) or SPIR-V to a compiled object per device:
/// the compiled module as bitcode, which clLinkProgram takes.
cl_int compileProgram(cl_program Program, cl_uint NumDevices,
                      const cl_device_id *Devices, const char *Options,
                      cl_uint NumHeaders, const cl_program *Headers,
                      const char **HeaderNames, BuildNotify Notify,
                      void *NotifyData);
/// Links compiled objects and libraries into an executable program, or,
/// with -create-library, a library; a failed link still gives its program,
/// whose log says why (CL_LINK_PROGRAM_FAILURE).
cl_program linkProgram(cl_context Context, cl_uint NumDevices,
                       const cl_device_id *Devices, const char *Options,
                       cl_uint NumInputs, const cl_program *Inputs,
                       BuildNotify Notify, void *NotifyData, cl_int *ErrorCode);
cl_int retainProgram(cl_program Program);
cl_int releaseProgram(cl_program Program);
cl_int getProgramInfo(cl_program Program, cl_program_info Param, size_t Size,
                      void *Value, size_t *SizeRet);
cl_int getProgramBuildInfo(cl_program Program, cl_device_id Device,
                           cl_program_build_info Param, size_t Size,
                           void *Value, size_t *SizeRet);

/// The build of \p Program for \p Device, if it succeeded.
const _cl_program::Build *findBuild(const _cl_program &Program,
                                    cl_device_id Device);

} // namespace opencl
} // namespace loom

#endif // OPENCL_PROGRAM_H
