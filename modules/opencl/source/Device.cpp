//===- Device.cpp - The devices of Loom's OpenCL platform -----------------===//
///
/// \file
/// See Device.h. The device queries are in DeviceInfo.cpp.
///
//===----------------------------------------------------------------------===//

#include "Device.h"

#include "Objects.h"

namespace loom {
namespace opencl {

namespace {

constexpr cl_device_type KnownDeviceTypes =
    CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
    CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;

/// Whether the \p Index-th device of the platform is of type \p Type: every
/// device is a CPU, and the first is the default.
bool isOfType(cl_device_type Type, size_t Index) {
  return Type == CL_DEVICE_TYPE_ALL || (Type & CL_DEVICE_TYPE_CPU) ||
         ((Type & CL_DEVICE_TYPE_DEFAULT) && Index == 0);
}

} // namespace

cl_device_id makeDevice(cl_platform_id Platform, const compiler::Target &Target,
                        mux_device_info_t Host) {
  auto *Device = new _cl_device_id;
  Device->Platform = Platform;
  Device->Target = &Target;
  Device->MuxInfo = Host;
  return Device;
}

cl_int getDeviceIDs(cl_platform_id Platform, cl_device_type Type,
                    cl_uint NumEntries, cl_device_id *Devices,
                    cl_uint *NumDevices) {
  if (!isObject(Platform))
    return CL_INVALID_PLATFORM;
  if (Type == 0 ||
      (Type != CL_DEVICE_TYPE_ALL && (Type & ~KnownDeviceTypes) != 0))
    return CL_INVALID_DEVICE_TYPE;
  if ((NumEntries == 0 && Devices) || (!Devices && !NumDevices))
    return CL_INVALID_VALUE;
  cl_uint Found = 0;
  for (size_t I = 0; I < Platform->Devices.size(); ++I) {
    if (!isOfType(Type, I))
      continue;
    if (Devices && Found < NumEntries)
      Devices[Found] = Platform->Devices[I];
    ++Found;
  }
  if (NumDevices)
    *NumDevices = Found;
  return Found ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
}

cl_int retainDevice(cl_device_id Device) {
  return isObject(Device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int releaseDevice(cl_device_id Device) {
  return isObject(Device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

} // namespace opencl
} // namespace loom
