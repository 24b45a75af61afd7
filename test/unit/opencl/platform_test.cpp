//===- platform_test.cpp - Loom's OpenCL platform and devices -------------===//
//
// Through Debian's ICD loader, as an application sees them: the loader finds
// Loom's ICD through OCL_ICD_VENDORS (the build tree's loom.icd, set before
// main), and every call goes through the dispatch table. One fixture per
// entry point; each checks the answers and the error codes the
// specification lists.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include "CL/cl_ext.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace loom_opencl_test;

cl_platform_id loomPlatform() {
  cl_platform_id Platform = nullptr;
  cl_uint Count = 0;
  EXPECT_TRUE(IcdChosen);
  EXPECT_EQ(clGetPlatformIDs(1, &Platform, &Count), CL_SUCCESS);
  EXPECT_EQ(Count, 1u);
  return Platform;
}

std::string platformString(cl_platform_info Param) {
  size_t Size = 0;
  EXPECT_EQ(clGetPlatformInfo(loomPlatform(), Param, 0, nullptr, &Size),
            CL_SUCCESS);
  std::string Text(Size, '\0');
  EXPECT_EQ(
      clGetPlatformInfo(loomPlatform(), Param, Size, Text.data(), nullptr),
      CL_SUCCESS);
  EXPECT_EQ(Text.back(), '\0');
  Text.pop_back();
  return Text;
}

std::string deviceString(cl_device_id Device, cl_device_info Param) {
  size_t Size = 0;
  EXPECT_EQ(clGetDeviceInfo(Device, Param, 0, nullptr, &Size), CL_SUCCESS);
  std::string Text(Size, '\0');
  EXPECT_EQ(clGetDeviceInfo(Device, Param, Size, Text.data(), nullptr),
            CL_SUCCESS);
  Text.pop_back();
  return Text;
}

TEST(ClGetPlatformIDs, TheLoaderFindsOneLoomPlatform) {
  EXPECT_EQ(platformString(CL_PLATFORM_NAME), "Loom");
}

TEST(ClGetPlatformIDs, RefusesNoEntriesWithAnArray) {
  cl_platform_id Platform;
  EXPECT_EQ(clGetPlatformIDs(0, &Platform, nullptr), CL_INVALID_VALUE);
}

TEST(ClGetPlatformInfo, AnswersEveryQuery) {
  EXPECT_EQ(platformString(CL_PLATFORM_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(platformString(CL_PLATFORM_VERSION).rfind("OpenCL 3.0 Loom ", 0),
            0u);
  EXPECT_EQ(platformString(CL_PLATFORM_VENDOR), "The Loom project");
  EXPECT_EQ(platformString(CL_PLATFORM_EXTENSIONS), "cl_khr_icd");
  EXPECT_EQ(platformString(CL_PLATFORM_ICD_SUFFIX_KHR), "LOOM");
  cl_version Version = 0;
  EXPECT_EQ(clGetPlatformInfo(loomPlatform(), CL_PLATFORM_NUMERIC_VERSION,
                              sizeof Version, &Version, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Version, CL_MAKE_VERSION(3, 0, 0));
  cl_name_version Extension{};
  EXPECT_EQ(clGetPlatformInfo(loomPlatform(),
                              CL_PLATFORM_EXTENSIONS_WITH_VERSION,
                              sizeof Extension, &Extension, nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(Extension.name, "cl_khr_icd");
  cl_ulong Resolution = 1;
  EXPECT_EQ(clGetPlatformInfo(loomPlatform(), CL_PLATFORM_HOST_TIMER_RESOLUTION,
                              sizeof Resolution, &Resolution, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Resolution, 0u);
}

TEST(ClGetPlatformInfo, RefusesAnUnknownQueryAndASmallBuffer) {
  char Name[4];
  EXPECT_EQ(
      clGetPlatformInfo(loomPlatform(), 0x7fff, sizeof Name, Name, nullptr),
      CL_INVALID_VALUE);
  EXPECT_EQ(
      clGetPlatformInfo(loomPlatform(), CL_PLATFORM_NAME, 4, Name, nullptr),
      CL_INVALID_VALUE);
}

TEST(ClGetDeviceIDs, EveryTargetIsACpuDeviceTheReferenceTargetFirst) {
  std::vector<cl_device_id> Devices = loomDevices();
  ASSERT_GE(Devices.size(), 2u);
  EXPECT_EQ(deviceString(Devices[0], CL_DEVICE_NAME), "reference");
  std::vector<std::string> Names;
  for (cl_device_id Device : Devices) {
    Names.push_back(deviceString(Device, CL_DEVICE_NAME));
    EXPECT_EQ(deviceValue<cl_device_type>(Device, CL_DEVICE_TYPE),
              cl_device_type(CL_DEVICE_TYPE_CPU));
    EXPECT_EQ(deviceValue<cl_platform_id>(Device, CL_DEVICE_PLATFORM),
              loomPlatform());
  }
  EXPECT_NE(std::find(Names.begin(), Names.end(), "csa"), Names.end());
}

TEST(ClGetDeviceIDs, TheDefaultDeviceIsTheReferenceTarget) {
  cl_device_id Device = nullptr;
  cl_uint Count = 0;
  EXPECT_EQ(clGetDeviceIDs(loomPlatform(), CL_DEVICE_TYPE_DEFAULT, 1, &Device,
                           &Count),
            CL_SUCCESS);
  EXPECT_EQ(Count, 1u);
  EXPECT_EQ(Device, loomDevices()[0]);
}

TEST(ClGetDeviceIDs, FindsNoGpuAndRefusesBadArguments) {
  cl_device_id Device;
  cl_uint Count = 7;
  EXPECT_EQ(
      clGetDeviceIDs(loomPlatform(), CL_DEVICE_TYPE_GPU, 1, &Device, &Count),
      CL_DEVICE_NOT_FOUND);
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(clGetDeviceIDs(loomPlatform(), 0, 1, &Device, nullptr),
            CL_INVALID_DEVICE_TYPE);
  EXPECT_EQ(clGetDeviceIDs(loomPlatform(), cl_device_type(1) << 40, 1, &Device,
                           nullptr),
            CL_INVALID_DEVICE_TYPE);
  EXPECT_EQ(
      clGetDeviceIDs(loomPlatform(), CL_DEVICE_TYPE_ALL, 0, &Device, nullptr),
      CL_INVALID_VALUE);
  EXPECT_EQ(
      clGetDeviceIDs(loomPlatform(), CL_DEVICE_TYPE_ALL, 1, nullptr, nullptr),
      CL_INVALID_VALUE);
}

TEST(ClGetDeviceInfo, DescribesAnOpenCL30Device) {
  cl_device_id Device = loomDevices()[0];
  EXPECT_EQ(deviceString(Device, CL_DEVICE_VERSION).rfind("OpenCL 3.0 ", 0),
            0u);
  EXPECT_EQ(deviceValue<cl_version>(Device, CL_DEVICE_NUMERIC_VERSION),
            CL_MAKE_VERSION(3, 0, 0));
  EXPECT_EQ(deviceString(Device, CL_DEVICE_OPENCL_C_VERSION)
                .rfind("OpenCL C 1.2 ", 0),
            0u);
  EXPECT_EQ(deviceString(Device, CL_DEVICE_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_AVAILABLE), CL_TRUE);
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_COMPILER_AVAILABLE),
            CL_TRUE);
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_ADDRESS_BITS), 64u);
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS),
            3u);
  EXPECT_GE(deviceValue<size_t>(Device, CL_DEVICE_MAX_WORK_GROUP_SIZE), 1u);
  EXPECT_GE(deviceValue<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS), 1u);
  EXPECT_GE(deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE),
            cl_ulong(128) << 20);
  EXPECT_GE(deviceValue<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE),
            cl_ulong(32) << 10);
  EXPECT_GE(deviceValue<size_t>(Device, CL_DEVICE_MAX_PARAMETER_SIZE), 1024u);
  // Images: the driver's sizes, at least OpenCL 3.0's minimums.
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_IMAGE_SUPPORT), CL_TRUE);
  EXPECT_GE(deviceValue<size_t>(Device, CL_DEVICE_IMAGE2D_MAX_WIDTH), 16384u);
  EXPECT_GE(deviceValue<size_t>(Device, CL_DEVICE_IMAGE3D_MAX_DEPTH), 2048u);
  EXPECT_GE(deviceValue<size_t>(Device, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE),
            2048u);
  EXPECT_GE(deviceValue<size_t>(Device, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE),
            65536u);
  EXPECT_GE(deviceValue<cl_uint>(Device, CL_DEVICE_MAX_READ_IMAGE_ARGS), 128u);
  EXPECT_GE(deviceValue<cl_uint>(Device, CL_DEVICE_MAX_WRITE_IMAGE_ARGS), 64u);
  EXPECT_GE(deviceValue<cl_uint>(Device, CL_DEVICE_MAX_SAMPLERS), 16u);
  // The driver runs a smaller last group (OpenCL C 2.0 and later).
  EXPECT_EQ(
      deviceValue<cl_bool>(Device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT),
      CL_TRUE);
}

TEST(ClGetDeviceInfo, WorkItemSizesAreThreeWithinTheGroupLimit) {
  cl_device_id Device = loomDevices()[0];
  size_t Sizes[3] = {};
  size_t Size = 0;
  EXPECT_EQ(clGetDeviceInfo(Device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof Sizes,
                            Sizes, &Size),
            CL_SUCCESS);
  EXPECT_EQ(Size, sizeof Sizes);
  for (size_t Dimension : Sizes)
    EXPECT_GE(Dimension, 1u);
}

TEST(ClGetDeviceInfo, ExtensionsAndFeaturesAgreeWithTheirVersionedLists) {
  cl_device_id Device = loomDevices()[0];
  std::string Extensions = deviceString(Device, CL_DEVICE_EXTENSIONS);
  EXPECT_NE(Extensions.find("cl_khr_fp64"), std::string::npos);
  EXPECT_NE(Extensions.find("cl_khr_3d_image_writes"), std::string::npos);
  // Programs from SPIR-V, of the versions the SDK reads.
  EXPECT_NE(Extensions.find("cl_khr_il_program"), std::string::npos);
  EXPECT_EQ(deviceString(Device, CL_DEVICE_IL_VERSION),
            "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4");
  cl_name_version ILs[8] = {};
  size_t ILBytes = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_ILS_WITH_VERSION, sizeof ILs, ILs,
                            &ILBytes),
            CL_SUCCESS);
  ASSERT_EQ(ILBytes, 5 * sizeof(cl_name_version));
  for (cl_uint Minor = 0; Minor < 5; ++Minor) {
    EXPECT_STREQ(ILs[Minor].name, "SPIR-V");
    EXPECT_EQ(ILs[Minor].version, CL_MAKE_VERSION(1, Minor, 0));
  }
  // Nothing the device does not do yet.
  for (const char *Absent :
       {"cl_khr_fp16", "cl_khr_subgroup_rotate", "cl_khr_depth_images",
        "cl_khr_subgroups", "cl_khr_mipmap_image"})
    EXPECT_EQ(Extensions.find(Absent), std::string::npos) << Absent;
  size_t Size = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0,
                            nullptr, &Size),
            CL_SUCCESS);
  std::vector<cl_name_version> Versioned(Size / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS_WITH_VERSION, Size,
                            Versioned.data(), nullptr),
            CL_SUCCESS);
  std::string Joined;
  for (const cl_name_version &Extension : Versioned)
    Joined += (Joined.empty() ? "" : " ") + std::string(Extension.name);
  EXPECT_EQ(Joined, Extensions);
  ASSERT_EQ(
      clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &Size),
      CL_SUCCESS);
  std::vector<cl_name_version> Features(Size / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, Size,
                            Features.data(), nullptr),
            CL_SUCCESS);
  bool HasFp64 = false;
  for (const cl_name_version &Feature : Features)
    HasFp64 |= std::strcmp(Feature.name, "__opencl_c_fp64") == 0;
  EXPECT_TRUE(HasFp64);
  EXPECT_NE(
      deviceValue<cl_device_fp_config>(Device, CL_DEVICE_DOUBLE_FP_CONFIG), 0u);
}

// Every query of the OpenCL 3.0 core an application (clinfo, the CTS's
// test_computeinfo) may make is answered.
TEST(ClGetDeviceInfo, AnswersEveryCoreQuery) {
  const cl_device_info Queries[] = {
      CL_DEVICE_TYPE,
      CL_DEVICE_VENDOR_ID,
      CL_DEVICE_MAX_COMPUTE_UNITS,
      CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
      CL_DEVICE_MAX_WORK_GROUP_SIZE,
      CL_DEVICE_MAX_WORK_ITEM_SIZES,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE,
      CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_INT,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
      CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF,
      CL_DEVICE_MAX_CLOCK_FREQUENCY,
      CL_DEVICE_ADDRESS_BITS,
      CL_DEVICE_MAX_MEM_ALLOC_SIZE,
      CL_DEVICE_IMAGE_SUPPORT,
      CL_DEVICE_MAX_READ_IMAGE_ARGS,
      CL_DEVICE_MAX_WRITE_IMAGE_ARGS,
      CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS,
      CL_DEVICE_IL_VERSION,
      CL_DEVICE_ILS_WITH_VERSION,
      CL_DEVICE_IMAGE2D_MAX_WIDTH,
      CL_DEVICE_IMAGE2D_MAX_HEIGHT,
      CL_DEVICE_IMAGE3D_MAX_WIDTH,
      CL_DEVICE_IMAGE3D_MAX_HEIGHT,
      CL_DEVICE_IMAGE3D_MAX_DEPTH,
      CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
      CL_DEVICE_IMAGE_MAX_ARRAY_SIZE,
      CL_DEVICE_MAX_SAMPLERS,
      CL_DEVICE_IMAGE_PITCH_ALIGNMENT,
      CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT,
      CL_DEVICE_MAX_PIPE_ARGS,
      CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS,
      CL_DEVICE_PIPE_MAX_PACKET_SIZE,
      CL_DEVICE_MAX_PARAMETER_SIZE,
      CL_DEVICE_MEM_BASE_ADDR_ALIGN,
      CL_DEVICE_SINGLE_FP_CONFIG,
      CL_DEVICE_DOUBLE_FP_CONFIG,
      CL_DEVICE_GLOBAL_MEM_CACHE_TYPE,
      CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE,
      CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
      CL_DEVICE_GLOBAL_MEM_SIZE,
      CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE,
      CL_DEVICE_MAX_CONSTANT_ARGS,
      CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE,
      CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE,
      CL_DEVICE_LOCAL_MEM_TYPE,
      CL_DEVICE_LOCAL_MEM_SIZE,
      CL_DEVICE_ERROR_CORRECTION_SUPPORT,
      CL_DEVICE_PROFILING_TIMER_RESOLUTION,
      CL_DEVICE_ENDIAN_LITTLE,
      CL_DEVICE_AVAILABLE,
      CL_DEVICE_COMPILER_AVAILABLE,
      CL_DEVICE_LINKER_AVAILABLE,
      CL_DEVICE_EXECUTION_CAPABILITIES,
      CL_DEVICE_QUEUE_ON_HOST_PROPERTIES,
      CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES,
      CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE,
      CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE,
      CL_DEVICE_MAX_ON_DEVICE_QUEUES,
      CL_DEVICE_MAX_ON_DEVICE_EVENTS,
      CL_DEVICE_BUILT_IN_KERNELS,
      CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION,
      CL_DEVICE_PLATFORM,
      CL_DEVICE_NAME,
      CL_DEVICE_VENDOR,
      CL_DRIVER_VERSION,
      CL_DEVICE_PROFILE,
      CL_DEVICE_VERSION,
      CL_DEVICE_NUMERIC_VERSION,
      CL_DEVICE_OPENCL_C_VERSION,
      CL_DEVICE_OPENCL_C_ALL_VERSIONS,
      CL_DEVICE_OPENCL_C_FEATURES,
      CL_DEVICE_EXTENSIONS,
      CL_DEVICE_EXTENSIONS_WITH_VERSION,
      CL_DEVICE_PRINTF_BUFFER_SIZE,
      CL_DEVICE_PREFERRED_INTEROP_USER_SYNC,
      CL_DEVICE_PARENT_DEVICE,
      CL_DEVICE_PARTITION_MAX_SUB_DEVICES,
      CL_DEVICE_PARTITION_PROPERTIES,
      CL_DEVICE_PARTITION_AFFINITY_DOMAIN,
      CL_DEVICE_PARTITION_TYPE,
      CL_DEVICE_REFERENCE_COUNT,
      CL_DEVICE_SVM_CAPABILITIES,
      CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT,
      CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT,
      CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT,
      CL_DEVICE_MAX_NUM_SUB_GROUPS,
      CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
      CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES,
      CL_DEVICE_ATOMIC_FENCE_CAPABILITIES,
      CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
      CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
      CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
      CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
      CL_DEVICE_PIPE_SUPPORT,
      CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
      CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED,
      CL_DEVICE_HALF_FP_CONFIG,
      CL_DEVICE_HOST_UNIFIED_MEMORY,
      CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE};
  for (cl_device_id Device : loomDevices())
    for (cl_device_info Query : Queries) {
      size_t Size = 0;
      EXPECT_EQ(clGetDeviceInfo(Device, Query, 0, nullptr, &Size), CL_SUCCESS)
          << "query 0x" << std::hex << Query;
      std::vector<unsigned char> Value(Size + 1);
      EXPECT_EQ(clGetDeviceInfo(Device, Query, Size, Value.data(), nullptr),
                CL_SUCCESS)
          << "query 0x" << std::hex << Query;
      if (Size)
        EXPECT_EQ(
            clGetDeviceInfo(Device, Query, Size - 1, Value.data(), nullptr),
            CL_INVALID_VALUE)
            << "query 0x" << std::hex << Query;
    }
}

TEST(ClGetDeviceInfo, RefusesAnUnknownQueryAndAnotherKindOfHandle) {
  cl_device_id Device = loomDevices()[0];
  cl_uint Value;
  EXPECT_EQ(clGetDeviceInfo(Device, 0x7fff, sizeof Value, &Value, nullptr),
            CL_INVALID_VALUE);
  // Through the loader, a platform passed as a device reaches the ICD,
  // which tells the kinds apart.
  EXPECT_EQ(clGetDeviceInfo(reinterpret_cast<cl_device_id>(loomPlatform()),
                            CL_DEVICE_NAME, sizeof Value, &Value, nullptr),
            CL_INVALID_DEVICE);
}

TEST(ClRetainDevice, RootDevicesNeedNoCounting) {
  cl_device_id Device = loomDevices()[0];
  EXPECT_EQ(clRetainDevice(Device), CL_SUCCESS);
  EXPECT_EQ(clReleaseDevice(Device), CL_SUCCESS);
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_REFERENCE_COUNT), 1u);
}

// Entry points of later steps are refused with an error, never a crash.
TEST(Unimplemented, EntryPointsRefuseWithInvalidOperation) {
  cl_device_id Device = loomDevices()[0];
  cl_int Error = CL_SUCCESS;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  cl_device_id Sub[2];
  cl_device_partition_property Equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  EXPECT_EQ(clCreateSubDevices(Device, Equally, 2, Sub, nullptr),
            CL_INVALID_OPERATION);
  EXPECT_EQ(clReleaseContext(Context), CL_SUCCESS);
}

TEST(ClGetExtensionFunctionAddressForPlatform, KnowsTheExtensionsEntries) {
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(loomPlatform(),
                                                     "clNoSuchFunctionLOOM"),
            nullptr);
  EXPECT_NE(clGetExtensionFunctionAddressForPlatform(
                loomPlatform(), "clCreateProgramWithILKHR"),
            nullptr);
}

} // namespace
