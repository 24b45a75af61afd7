//===- DeviceInfo.cpp - clGetDeviceInfo for Loom's devices ----------------===//
///
/// \file
/// Every OpenCL 3.0 device query, answered in groups: what the device is,
/// how it runs kernels, its memory, its arithmetic, its images, and what it
/// does not have (pipes, independent sub-groups, device-side enqueue,
/// partitioning),
/// whose queries answer zero, false or nothing as the specification says
/// for a device without them; its SVM is the driver's
/// (SharedVirtualMemory.h). The OpenCL C features and extensions are
/// those the driver's device reports (mux_device_info_s::builtin_features,
/// the compiler's set); the sizes are the driver's limits and the host's.
///
//===----------------------------------------------------------------------===//

#include "Device.h"

#include "InfoWriter.h"
#include "Objects.h"
#include "Platform.h"
#include "SharedVirtualMemory.h"

#include "compiler/pipeline/CompileOptions.h"
#include "compiler/pipeline/Target.h"
#include "mux/mux.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Host.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace loom {
namespace opencl {

namespace {

/// The version OpenCL C 3.0's optional features are reported with.
constexpr cl_version OpenCLC30 = CL_MAKE_VERSION(3, 0, 0);

/// The names in the driver's feature list that start with \p Prefix.
std::vector<std::string> featuresStartingWith(const _cl_device_id &Device,
                                              llvm::StringRef Prefix) {
  llvm::SmallVector<llvm::StringRef, 32> Words;
  llvm::StringRef(Device.MuxInfo->builtin_features).split(Words, ' ');
  std::vector<std::string> Found;
  for (llvm::StringRef Word : Words)
    if (Word.startswith(Prefix))
      Found.push_back(Word.str());
  return Found;
}

std::vector<cl_name_version> withVersion(const std::vector<std::string> &Names,
                                         cl_version Version) {
  std::vector<cl_name_version> Named(Names.size());
  for (size_t I = 0; I < Names.size(); ++I) {
    Named[I].version = Version;
    size_t Length =
        std::min<size_t>(Names[I].size(), CL_NAME_VERSION_MAX_NAME_SIZE - 1);
    std::memcpy(Named[I].name, Names[I].data(), Length);
    Named[I].name[Length] = '\0';
  }
  return Named;
}

/// The SPIR-V versions the SDK reads (compiler/pipeline/SPIRVModules.h):
/// 1.0 to its newest.
std::vector<cl_version> spirvVersions() {
  std::vector<cl_version> Versions;
  for (uint32_t Minor = 0;
       Minor <= ((compiler::NewestSPIRVVersion >> 8) & 0xff); ++Minor)
    Versions.push_back(CL_MAKE_VERSION(1, Minor, 0));
  return Versions;
}

/// The extensions of the OpenCL C the driver's device compiles, and the
/// API's own: programs from SPIR-V.
std::vector<std::string> extensions(const _cl_device_id &Device) {
  std::vector<std::string> Names = featuresStartingWith(Device, "cl_");
  Names.push_back("cl_khr_il_program");
  return Names;
}

std::string joined(const std::vector<std::string> &Names) {
  std::string Text;
  for (const std::string &Name : Names)
    Text += (Text.empty() ? "" : " ") + Name;
  return Text;
}

bool hasFeature(const _cl_device_id &Device, llvm::StringRef Name) {
  for (const std::string &Feature : featuresStartingWith(Device, "__opencl_c_"))
    if (Feature == Name)
      return true;
  return false;
}

/// The widest vector register the host has for floating point (\p Float)
/// or integers, in bits.
unsigned hostVectorBits(bool Float) {
  llvm::StringMap<bool> Features;
  llvm::sys::getHostCPUFeatures(Features);
  if (Features.lookup("avx512f"))
    return 512;
  if (Features.lookup("avx2") || (Float && Features.lookup("avx")))
    return 256;
  return 128;
}

/// The host's highest clock, in MHz, or 0 where it cannot be read.
cl_uint hostClockMHz() {
  auto Read = [](const char *Path) -> std::optional<double> {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> File =
        llvm::MemoryBuffer::getFileAsStream(Path);
    if (!File)
      return std::nullopt;
    llvm::StringRef Text = (*File)->getBuffer();
    if (size_t At = Text.find("cpu MHz"); At != llvm::StringRef::npos)
      Text = Text.drop_front(At).split(':').second;
    double Value = 0;
    if (Text.split('\n').first.trim().getAsDouble(Value))
      return std::nullopt;
    return Value;
  };
  if (std::optional<double> KHz =
          Read("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"))
    return static_cast<cl_uint>(*KHz / 1000);
  return static_cast<cl_uint>(Read("/proc/cpuinfo").value_or(0));
}

template <class T> T sysconfOr(int Name, T Fallback) {
  long Value = sysconf(Name);
  return Value > 0 ? static_cast<T>(Value) : Fallback;
}

/// Bytes one allocation may take: a quarter of the memory, as most
/// implementations answer (the specification's minimum).
cl_ulong maxAllocation(const _cl_device_id &Device) {
  return Device.MuxInfo->memory_size / 4;
}

std::optional<cl_int> answerIdentity(const _cl_device_id &Device,
                                     cl_device_info Param,
                                     const InfoWriter &Answer) {
  switch (Param) {
  case CL_DEVICE_TYPE:
    return Answer.value<cl_device_type>(CL_DEVICE_TYPE_CPU);
  case CL_DEVICE_VENDOR_ID:
    return Answer.value<cl_uint>(0);
  case CL_DEVICE_NAME:
    return Answer.string(Device.Target->Name);
  case CL_DEVICE_VENDOR:
    return Answer.string("The Loom project");
  case CL_DRIVER_VERSION:
    return Answer.string(LOOM_VERSION);
  case CL_DEVICE_PROFILE:
    return Answer.string("FULL_PROFILE");
  case CL_DEVICE_VERSION:
    // Caches of program binaries key on the device's version (PyOpenCL's
    // does): it names what makes Loom's binaries of one build loadable by
    // another, so that a cache made by an incompatible build is not used.
    return Answer.string(
        implementedVersionText() + " Loom " LOOM_VERSION " (kernel ABI " +
        std::to_string(LOOM_ABI_VERSION) + ", descriptors " +
        std::to_string(loom::metadata::DescriptorFormatVersion) + ")");
  case CL_DEVICE_NUMERIC_VERSION:
    return Answer.value<cl_version>(implementedVersion());
  case CL_DEVICE_OPENCL_C_VERSION:
    // The highest 1.x version, for programs that predate OpenCL 3.0.
    return Answer.string("OpenCL C 1.2 Loom");
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
    return Answer.array(std::vector<cl_name_version>{
#define LOOM_OPENCL_C_VERSION_REPORTED(Major, Minor)                           \
  {CL_MAKE_VERSION(Major, Minor, 0), "OpenCL C"},
        LOOM_OPENCL_C_VERSIONS(LOOM_OPENCL_C_VERSION_REPORTED)
#undef LOOM_OPENCL_C_VERSION_REPORTED
    });
  case CL_DEVICE_OPENCL_C_FEATURES:
    return Answer.array(
        withVersion(featuresStartingWith(Device, "__opencl_c_"), OpenCLC30));
  case CL_DEVICE_EXTENSIONS:
    return Answer.string(joined(extensions(Device)));
  case CL_DEVICE_EXTENSIONS_WITH_VERSION:
    return Answer.array(
        withVersion(extensions(Device), CL_MAKE_VERSION(1, 0, 0)));
  case CL_DEVICE_PLATFORM:
    return Answer.value(Device.Platform);
  case CL_DEVICE_AVAILABLE:
  case CL_DEVICE_COMPILER_AVAILABLE:
  case CL_DEVICE_LINKER_AVAILABLE:
    return Answer.value<cl_bool>(CL_TRUE);
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
    // Not submitted for conformance: the form the specification gives,
    // with no date.
    return Answer.string("v0000-01-01-00");
  case CL_DEVICE_REFERENCE_COUNT:
    return Answer.value<cl_uint>(1);
  case CL_DEVICE_PARENT_DEVICE:
    return Answer.value<cl_device_id>(nullptr);
  case CL_DEVICE_BUILT_IN_KERNELS:
    return Answer.string("");
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
    return Answer.array(std::vector<cl_name_version>{});
  case CL_DEVICE_IL_VERSION: {
    std::string Names;
    for (cl_version Version : spirvVersions())
      Names += (Names.empty() ? "SPIR-V_" : " SPIR-V_") +
               std::to_string(CL_VERSION_MAJOR(Version)) + "." +
               std::to_string(CL_VERSION_MINOR(Version));
    return Answer.string(Names);
  }
  case CL_DEVICE_ILS_WITH_VERSION: {
    std::vector<cl_name_version> Named;
    for (cl_version Version : spirvVersions())
      Named.push_back(withVersion({"SPIR-V"}, Version).front());
    return Answer.array(Named);
  }
  default:
    return std::nullopt;
  }
}

std::optional<cl_int> answerExecution(const _cl_device_id &Device,
                                      cl_device_info Param,
                                      const InfoWriter &Answer) {
  const mux_device_info_s &Host = *Device.MuxInfo;
  switch (Param) {
  case CL_DEVICE_MAX_COMPUTE_UNITS:
    return Answer.value<cl_uint>(Host.compute_units);
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
    return Answer.value<cl_uint>(3);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES:
    return Answer.array(
        std::vector<size_t>(std::begin(Host.max_work_group_size),
                            std::end(Host.max_work_group_size)));
  case CL_DEVICE_MAX_WORK_GROUP_SIZE:
    return Answer.value<size_t>(Host.max_work_items_per_group);
  case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    return Answer.value<cl_uint>(static_cast<cl_uint>(
        Host.max_work_items_per_group / compiler::SubGroupSize));
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    // A float vector register's lanes: the width Vecz widens kernels to.
    return Answer.value<size_t>(hostVectorBits(true) / 32);
  case CL_DEVICE_MAX_CLOCK_FREQUENCY:
    return Answer.value<cl_uint>(hostClockMHz());
  case CL_DEVICE_ADDRESS_BITS:
    return Answer.value<cl_uint>(Host.address_bits);
  case CL_DEVICE_MAX_PARAMETER_SIZE:
    return Answer.value<size_t>(1024);
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
    return Answer.value<size_t>(1);
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    return Answer.value<cl_device_exec_capabilities>(CL_EXEC_KERNEL);
  case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
    return Answer.value<cl_command_queue_properties>(
        CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  case CL_DEVICE_PRINTF_BUFFER_SIZE:
    return Answer.value<size_t>(Host.printf_buffer_size);
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
  case CL_DEVICE_ENDIAN_LITTLE:
    return Answer.value<cl_bool>(CL_TRUE);
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
    return Answer.value<cl_bool>(CL_TRUE);
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    return Answer.value<cl_bool>(CL_FALSE);
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    return Answer.value<cl_bool>(
        hasFeature(Device, "__opencl_c_work_group_collective_functions"));
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    return Answer.value<cl_bool>(
        hasFeature(Device, "__opencl_c_generic_address_space"));
  default:
    return std::nullopt;
  }
}

/// The preferred and native vector widths: a vector register's lanes of
/// each type; none of half, which the device does not have.
std::optional<cl_int> answerVectorWidths(cl_device_info Param,
                                         const InfoWriter &Answer) {
  auto Lanes = [&](unsigned Bytes, bool Float) {
    return Answer.value<cl_uint>(hostVectorBits(Float) / (8 * Bytes));
  };
  switch (Param) {
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    return Lanes(1, false);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    return Lanes(2, false);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    return Lanes(4, false);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    return Lanes(8, false);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    return Lanes(4, true);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    return Lanes(8, true);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
    return Answer.value<cl_uint>(0);
  default:
    return std::nullopt;
  }
}

std::optional<cl_int> answerMemory(const _cl_device_id &Device,
                                   cl_device_info Param,
                                   const InfoWriter &Answer) {
  switch (Param) {
  case CL_DEVICE_GLOBAL_MEM_SIZE:
    return Answer.value<cl_ulong>(Device.MuxInfo->memory_size);
  case CL_DEVICE_SVM_CAPABILITIES:
    return Answer.value(svmCapabilities(Device));
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
    return Answer.value<cl_ulong>(maxAllocation(Device));
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    return Answer.value<cl_device_mem_cache_type>(CL_READ_WRITE_CACHE);
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
    return Answer.value<cl_uint>(
        sysconfOr<cl_uint>(_SC_LEVEL1_DCACHE_LINESIZE, 64));
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
    return Answer.value<cl_ulong>(sysconfOr<cl_ulong>(
        _SC_LEVEL3_CACHE_SIZE, sysconfOr<cl_ulong>(_SC_LEVEL2_CACHE_SIZE, 0)));
  case CL_DEVICE_LOCAL_MEM_TYPE:
    // A work-group's local memory is host memory, as its global memory is.
    return Answer.value<cl_device_local_mem_type>(CL_GLOBAL);
  case CL_DEVICE_LOCAL_MEM_SIZE:
    return Answer.value<cl_ulong>(Device.MuxInfo->local_memory_size);
  case CL_DEVICE_MAX_CONSTANT_ARGS:
    return Answer.value<cl_uint>(64);
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
    // Bits: buffers are aligned for the widest type, long16.
    return Answer.value<cl_uint>(1024);
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
    return Answer.value<cl_uint>(128);
  case CL_DEVICE_HOST_UNIFIED_MEMORY:
    return Answer.value<cl_bool>(CL_TRUE);
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
    return Answer.value<size_t>(
        hasFeature(Device, "__opencl_c_program_scope_global_variables")
            ? 64 * 1024
            : 0);
  default:
    return std::nullopt;
  }
}

std::optional<cl_int> answerArithmetic(const _cl_device_id &Device,
                                       cl_device_info Param,
                                       const InfoWriter &Answer) {
  constexpr cl_device_fp_config Common =
      CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;
  switch (Param) {
  case CL_DEVICE_SINGLE_FP_CONFIG:
    return Answer.value<cl_device_fp_config>(Common);
  case CL_DEVICE_DOUBLE_FP_CONFIG:
    // The rounding modes OpenCL asks of a device with doubles, which the
    // host's SSE2 arithmetic has.
    return Answer.value<cl_device_fp_config>(
        hasFeature(Device, "__opencl_c_fp64")
            ? Common | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF
            : 0);
  case CL_DEVICE_HALF_FP_CONFIG:
    return Answer.value<cl_device_fp_config>(0);
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
    return Answer.value<cl_device_atomic_capabilities>(
        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
        CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
        CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
  case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    return Answer.value<cl_device_atomic_capabilities>(
        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
        CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM |
        CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
        CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
  default:
    return std::nullopt;
  }
}

/// Its images (Images.h): the driver's sizes, and OpenCL's minimums for
/// the arguments. No image is made from a buffer but a 1D one
/// (cl_khr_image2d_from_buffer's pitch alignments are 0).
std::optional<cl_int> answerImages(cl_device_info Param,
                                   const InfoWriter &Answer) {
  switch (Param) {
  case CL_DEVICE_IMAGE_SUPPORT:
    return Answer.value<cl_bool>(CL_TRUE);
  case CL_DEVICE_IMAGE2D_MAX_WIDTH:
  case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    return Answer.value<size_t>(MUX_IMAGE_MAX_2D_SIZE);
  case CL_DEVICE_IMAGE3D_MAX_WIDTH:
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
  case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    return Answer.value<size_t>(MUX_IMAGE_MAX_3D_SIZE);
  case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    return Answer.value<size_t>(MUX_IMAGE_MAX_BUFFER_TEXELS);
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
    return Answer.value<size_t>(MUX_IMAGE_MAX_ARRAY_SIZE);
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    return Answer.value<cl_uint>(128);
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
    return Answer.value<cl_uint>(64);
  case CL_DEVICE_MAX_SAMPLERS:
    return Answer.value<cl_uint>(16);
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
  case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    return Answer.value<cl_uint>(0);
  default:
    return std::nullopt;
  }
}

/// What the device does not have: pipes, shared virtual memory (but what
/// SharedVirtualMemory.h has), device-side enqueue and partitioning; and
/// sub-groups that progress independently (a work-group's run one after
/// the other).
std::optional<cl_int> answerAbsent(cl_device_info Param,
                                   const InfoWriter &Answer) {
  switch (Param) {
  case CL_DEVICE_PIPE_SUPPORT:
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    return Answer.value<cl_bool>(CL_FALSE);
  case CL_DEVICE_MAX_PIPE_ARGS:
  case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
  case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
  case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
    return Answer.value<cl_uint>(0);
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
    return Answer.value<cl_device_device_enqueue_capabilities>(0);
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    return Answer.value<cl_command_queue_properties>(0);
  case CL_DEVICE_PARTITION_PROPERTIES:
    // A device that cannot be partitioned: one 0.
    return Answer.array(std::vector<cl_device_partition_property>{0});
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
    return Answer.value<cl_device_affinity_domain>(0);
  case CL_DEVICE_PARTITION_TYPE:
    // A root device: no partition.
    return Answer.array(std::vector<cl_device_partition_property>{});
  default:
    return std::nullopt;
  }
}

} // namespace

cl_int getDeviceInfo(cl_device_id Device, cl_device_info Param, size_t Size,
                     void *Value, size_t *SizeRet) {
  if (!isObject(Device))
    return CL_INVALID_DEVICE;
  InfoWriter Answer(Size, Value, SizeRet);
  if (std::optional<cl_int> R = answerIdentity(*Device, Param, Answer))
    return *R;
  if (std::optional<cl_int> R = answerExecution(*Device, Param, Answer))
    return *R;
  if (std::optional<cl_int> R = answerVectorWidths(Param, Answer))
    return *R;
  if (std::optional<cl_int> R = answerMemory(*Device, Param, Answer))
    return *R;
  if (std::optional<cl_int> R = answerArithmetic(*Device, Param, Answer))
    return *R;
  if (std::optional<cl_int> R = answerImages(Param, Answer))
    return *R;
  if (std::optional<cl_int> R = answerAbsent(Param, Answer))
    return *R;
  return CL_INVALID_VALUE;
}

} // namespace opencl
} // namespace loom
