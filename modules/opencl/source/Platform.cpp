//===- Platform.cpp - Loom's OpenCL platform ------------------------------===//
///
/// \file
/// See Platform.h.
///
//===----------------------------------------------------------------------===//

#include "Platform.h"

#include "Device.h"
#include "InfoWriter.h"
#include "Objects.h"
#include "Program.h"

#include "compiler/pipeline/CompileOptions.h"
#include "compiler/pipeline/Target.h"
#include "compiler/support/ForkGate.h"
#include "mux/mux.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstring>
#include <dlfcn.h>
#include <string>

#define LOOM_TARGET(Name)                                                      \
  void loomRegisterTarget##Name(compiler::TargetRegistry &);
#include "loom/Targets.def"
#undef LOOM_TARGET

extern "C" cl_int clIcdGetPlatformIDsKHR(cl_uint, cl_platform_id *, cl_uint *);

namespace loom {
namespace opencl {

namespace {

/// The suffix of the platform's extension functions' names (cl_khr_icd).
constexpr const char *IcdSuffix = "LOOM";

/// Registers the targets built with Loom, then the plugins beside this
/// library (`<libdir>/loom/targets`, as the installed tools find them from
/// `<prefix>/bin`) and of LOOM_TARGET_PATH. A plugin that does not load
/// gives no device; OpenCL has no channel to say why before a context
/// exists, and `loomc --load=` does.
void registerTargets() {
  compiler::utils::InProcessCompile Section;
  compiler::TargetRegistry &Registry = compiler::TargetRegistry::get();
#define LOOM_TARGET(Name) loomRegisterTarget##Name(Registry);
#include "loom/Targets.def"
#undef LOOM_TARGET
  Dl_info Library;
  if (!dladdr(reinterpret_cast<void *>(&registerTargets), &Library) ||
      !Library.dli_fname)
    return;
  llvm::SmallString<256> PluginDirectory(
      llvm::sys::path::parent_path(Library.dli_fname));
  llvm::sys::path::append(PluginDirectory, "loom", "targets");
  llvm::consumeError(compiler::loadTargetPlugins(PluginDirectory));
}

/// The platform with a device per target, the reference target first.
_cl_platform_id *makePlatform() {
  auto *Platform = new _cl_platform_id;
  registerTargets();
  mux_device_info_t Host = nullptr;
  uint32_t Count = 0;
  if (muxGetDeviceInfos(1, &Host, &Count) != mux_success || Count == 0)
    return Platform;
  std::vector<const compiler::Target *> Targets =
      compiler::TargetRegistry::get().targets();
  std::stable_partition(
      Targets.begin(), Targets.end(),
      [](const compiler::Target *T) { return T->Name == "reference"; });
  for (const compiler::Target *T : Targets)
    Platform->Devices.push_back(makeDevice(Platform, *T, Host));
  return Platform;
}

} // namespace

cl_version implementedVersion() {
  return CL_MAKE_VERSION(compiler::OpenCLDeviceMajorVersion,
                         compiler::OpenCLDeviceMinorVersion, 0);
}

std::string implementedVersionText() {
  return "OpenCL " + std::to_string(compiler::OpenCLDeviceMajorVersion) + "." +
         std::to_string(compiler::OpenCLDeviceMinorVersion);
}

cl_platform_id getPlatform() {
  // Made once, and never freed: handles to it stay valid for the process.
  static _cl_platform_id *Platform = makePlatform();
  return Platform;
}

cl_int getPlatformIDs(cl_uint NumEntries, cl_platform_id *Platforms,
                      cl_uint *NumPlatforms) {
  if ((NumEntries == 0 && Platforms) || (!Platforms && !NumPlatforms))
    return CL_INVALID_VALUE;
  if (Platforms)
    Platforms[0] = getPlatform();
  if (NumPlatforms)
    *NumPlatforms = 1;
  return CL_SUCCESS;
}

cl_int getPlatformInfo(cl_platform_id Platform, cl_platform_info Param,
                       size_t Size, void *Value, size_t *SizeRet) {
  if (!isObject(Platform))
    return CL_INVALID_PLATFORM;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_PLATFORM_PROFILE:
    return Answer.string("FULL_PROFILE");
  case CL_PLATFORM_VERSION:
    return Answer.string(implementedVersionText() + " Loom " LOOM_VERSION);
  case CL_PLATFORM_NUMERIC_VERSION:
    return Answer.value<cl_version>(implementedVersion());
  case CL_PLATFORM_NAME:
    return Answer.string("Loom");
  case CL_PLATFORM_VENDOR:
    return Answer.string("The Loom project");
  case CL_PLATFORM_EXTENSIONS:
    return Answer.string("cl_khr_icd");
  case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
    return Answer.array(
        std::vector<cl_name_version>{{CL_MAKE_VERSION(1, 0, 0), "cl_khr_icd"}});
  case CL_PLATFORM_HOST_TIMER_RESOLUTION:
    // No clGetHostTimer: the specification's answer is 0.
    return Answer.value<cl_ulong>(0);
  case CL_PLATFORM_ICD_SUFFIX_KHR:
    return Answer.string(IcdSuffix);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int unloadPlatformCompiler(cl_platform_id Platform) {
  return isObject(Platform) ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

cl_int unloadCompiler() { return CL_SUCCESS; }

void *getExtensionFunctionAddress(const char *Name) {
  if (!Name)
    return nullptr;
  if (std::strcmp(Name, "clIcdGetPlatformIDsKHR") == 0)
    return reinterpret_cast<void *>(&clIcdGetPlatformIDsKHR);
  // cl_khr_il_program's entry point is OpenCL 2.1's clCreateProgramWithIL.
  if (std::strcmp(Name, "clCreateProgramWithILKHR") == 0)
    return reinterpret_cast<void *>(&createProgramWithIL);
  return nullptr;
}

void *getExtensionFunctionAddressForPlatform(cl_platform_id Platform,
                                             const char *Name) {
  return isObject(Platform) ? getExtensionFunctionAddress(Name) : nullptr;
}

} // namespace opencl
} // namespace loom
