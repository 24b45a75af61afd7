//===- Device.h - The devices of Loom's OpenCL platform ---------*- C++ -*-===//
///
/// \file
/// A device of Loom's platform is a target of the compiler's registry,
/// whose programs the reference driver runs on the host's CPU: the device
/// is named after its target, and answers every OpenCL 3.0 device query
/// from the driver's limits (mux_device_info_s), the host's caches, memory
/// and vector registers, and what Loom supports (DeviceInfo.cpp). Devices
/// live as long as the platform: retaining or releasing one does nothing.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_DEVICE_H
#define OPENCL_DEVICE_H

#include "Objects.h"

namespace loom {
namespace opencl {

/// A device of \p Platform compiling with \p Target for the driver's
/// device \p Host.
cl_device_id makeDevice(cl_platform_id Platform, const compiler::Target &Target,
                        mux_device_info_t Host);

cl_int getDeviceIDs(cl_platform_id Platform, cl_device_type Type,
                    cl_uint NumEntries, cl_device_id *Devices,
                    cl_uint *NumDevices);
cl_int getDeviceInfo(cl_device_id Device, cl_device_info Param, size_t Size,
                     void *Value, size_t *SizeRet);
cl_int retainDevice(cl_device_id Device);
cl_int releaseDevice(cl_device_id Device);

} // namespace opencl
} // namespace loom

#endif // OPENCL_DEVICE_H
