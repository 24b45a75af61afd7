//===- Platform.h - Loom's OpenCL platform ----------------------*- C++ -*-===//
///
/// \file
/// The one platform Loom's ICD offers, and its entry points: the platform
/// query, platform info, the extension functions (of which the ICD loader
/// asks for `clIcdGetPlatformIDsKHR`) and the compiler's unloading. Its devices
/// are made on first use, one per target the compiler's registry knows (the
/// targets built with Loom and the plugins of `<libdir>/loom/targets` and
/// `LOOM_TARGET_PATH`), the reference target first.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_PLATFORM_H
#define OPENCL_PLATFORM_H

#include "CL/cl.h"

#include <string>

namespace loom {
namespace opencl {

/// The OpenCL version the platform and every device implement (one fact:
/// compiler::OpenCLDeviceMajorVersion, which kernels see as
/// __OPENCL_VERSION__), and the "OpenCL <major>.<minor>" that begins their
/// version strings.
cl_version implementedVersion();
std::string implementedVersionText();

/// The platform, its devices made.
cl_platform_id getPlatform();

cl_int getPlatformIDs(cl_uint NumEntries, cl_platform_id *Platforms,
                      cl_uint *NumPlatforms);
cl_int getPlatformInfo(cl_platform_id Platform, cl_platform_info Param,
                       size_t Size, void *Value, size_t *SizeRet);
void *getExtensionFunctionAddress(const char *Name);
/// clUnloadPlatformCompiler: a hint that releases nothing, since the
/// compiler is a library linked in that holds no state between builds; a
/// later build compiles as before. CL_INVALID_PLATFORM for another handle.
cl_int unloadPlatformCompiler(cl_platform_id Platform);
/// clUnloadCompiler, OpenCL 1.1's form: the same hint, always CL_SUCCESS.
cl_int unloadCompiler();
void *getExtensionFunctionAddressForPlatform(cl_platform_id Platform,
                                             const char *Name);

} // namespace opencl
} // namespace loom

#endif // OPENCL_PLATFORM_H
