//===- Objects.h - The objects of Loom's OpenCL platform --------*- C++ -*-===//
///
/// \file
/// Every handle Loom's platform gives an application points to one of these
/// structs. Its first member is the cl_khr_icd dispatch table that the ICD
/// loader calls through (CL/cl_icd.h), its second a tag saying what kind of
/// object it is, so that an entry point given a handle of another kind, or
/// null, returns the specification's CL_INVALID_* code instead of using it.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_OBJECTS_H
#define OPENCL_OBJECTS_H

#include "CL/cl_icd.h"

#include <cstdint>
#include <string>
#include <vector>

namespace compiler {
struct Target;
} // namespace compiler

typedef const struct mux_device_info_s *mux_device_info_t;

namespace loom {
namespace opencl {

enum class ObjectKind : uint32_t {
  Platform = 0x4c4f0001,
  Device = 0x4c4f0002,
};

/// The table every object's first member points to (Dispatch.cpp).
cl_icd_dispatch *getDispatchTable();

} // namespace opencl
} // namespace loom

struct _cl_platform_id {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Platform;
  std::vector<cl_device_id> Devices;
};

struct _cl_device_id {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Device;
  cl_platform_id Platform = nullptr;
  /// The target that compiles the device's programs; the device is named
  /// after it.
  const compiler::Target *Target = nullptr;
  /// The reference driver's device that runs them.
  mux_device_info_t MuxInfo = nullptr;
};

namespace loom {
namespace opencl {

template <class T> constexpr ObjectKind KindOf = ObjectKind::Platform;
template <> constexpr ObjectKind KindOf<_cl_device_id> = ObjectKind::Device;

/// Whether \p Object is a live object of its kind (not null, the right tag).
template <class T> bool isObject(const T *Object) {
  return Object && Object->Kind == KindOf<T>;
}

} // namespace opencl
} // namespace loom

#endif // OPENCL_OBJECTS_H
