//===- sub_group_test.cpp - Sub-groups through the OpenCL API -------------===//
//
// Sub-groups (cl_khr_subgroups, OpenCL C 3.0's __opencl_c_subgroups) as
// applications use them: what the device reports, what
// clGetKernelSubGroupInfo answers, and what the sub-group functions give in
// a kernel, on every device of the platform. A kernel Vecz leaves scalar
// (one calling a sub-group function it has no vector form of) has
// sub-groups of one work-item each; one it vectorizes, the lanes of its
// vectors (doc/opencl.md). What the kernel sees must be what the host is
// told: the same size, count and ids.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace loom_opencl_test;

/// Every sub-group query a kernel can make, and a few of each extension's
/// collectives, whose results a sub-group of one work-item fixes (built
/// with ScalarOptions).
const char *SubGroupQueries = R"(
__kernel void queries(__global const int *in, __global uint *out) {
  size_t w = get_global_id(0) + get_global_id(1) * get_global_size(0);
  __global uint *o = out + w * 16;
  int x = in[w];
  o[0] = get_max_sub_group_size();
  o[1] = get_sub_group_size();
  o[2] = get_num_sub_groups();
  o[3] = get_enqueued_num_sub_groups();
  o[4] = get_sub_group_id();
  o[5] = get_sub_group_local_id();
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
  o[6] = sub_group_reduce_add(x) == x && sub_group_scan_inclusive_max(x) == x;
  o[7] = sub_group_scan_exclusive_add(x) == 0 &&
         sub_group_scan_exclusive_min(x) == INT_MAX &&
         sub_group_scan_exclusive_max(x) == INT_MIN &&
         sub_group_scan_exclusive_min((float)x) == INFINITY;
  o[8] = sub_group_broadcast(x, 0) == x && sub_group_shuffle(x, 0) == x &&
         sub_group_shuffle_xor(x, 0) == x && sub_group_shuffle_up(x, 0) == x;
  o[9] = sub_group_all(x > 0) == (x > 0) && sub_group_any(x > 0) == (x > 0);
  uint4 b = sub_group_ballot(x > 0);
  o[10] = b.x;
  o[11] = b.y | b.z | b.w;
  o[12] = sub_group_ballot_bit_count(b);
  o[13] = sub_group_elect();
  o[14] = sub_group_non_uniform_scan_exclusive_mul(x) == 1 &&
          sub_group_non_uniform_reduce_logical_or(x) == (x != 0) &&
          sub_group_clustered_reduce_add(x, 1) == x;
  o[15] = get_sub_group_eq_mask().x;
})";

/// Build options that keep a kernel scalar, its sub-groups of one
/// work-item each.
const char *ScalarOptions = "-cl-std=CL3.0 -cl-wfv=never";

size_t subGroupInfo(cl_kernel K, cl_device_id Device,
                    cl_kernel_sub_group_info Param,
                    const std::vector<size_t> &Input) {
  size_t Value = 12345;
  EXPECT_EQ(clGetKernelSubGroupInfo(K, Device, Param,
                                    Input.size() * sizeof(size_t), Input.data(),
                                    sizeof Value, &Value, nullptr),
            CL_SUCCESS);
  return Value;
}

/// -3 to 3, over and over.
std::vector<cl_int> smallInts(size_t N) {
  std::vector<cl_int> Values(N);
  for (size_t I = 0; I < N; ++I)
    Values[I] = int(I % 7) - 3;
  return Values;
}

/// Runs \p K(in, out) over the 2-D range \p Global in groups of \p Local,
/// with \p In in `in` and \p PerItem ints per work-item in `out`, which it
/// returns.
std::vector<cl_int> run2D(OnDevice &On, cl_kernel K,
                          const std::vector<cl_int> &In, const size_t *Global,
                          const size_t *Local, size_t PerItem) {
  cl_mem BIn =
      On.buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                In.size() * sizeof(cl_int), const_cast<cl_int *>(In.data()));
  cl_mem BOut =
      On.buffer(CL_MEM_WRITE_ONLY, In.size() * PerItem * sizeof(cl_int));
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof BIn, &BIn), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 1, sizeof BOut, &BOut), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, K, 2, nullptr, Global, Local, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  return readInts(On.Queue, BOut, In.size() * PerItem);
}

TEST(ClGetKernelSubGroupInfo, AnswersWhatTheKernelSees) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel K =
        On.kernel(On.program(SubGroupQueries, ScalarOptions), "queries");
    // 2-D groups of 6 x 5, the last ones in y of 2 x ... 4 x 2 rows.
    const size_t Global[2] = {12, 12}, Local[2] = {6, 5};
    std::vector<cl_int> In = smallInts(Global[0] * Global[1]);
    std::vector<cl_int> Out = run2D(On, K, In, Global, Local, 16);

    size_t MaxSize =
        subGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                     {Local[0], Local[1]});
    size_t Count = subGroupInfo(
        K, Device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, {Local[0], Local[1]});
    EXPECT_EQ(MaxSize, 1u);
    EXPECT_EQ(Count, Local[0] * Local[1]);
    for (size_t Y = 0; Y < Global[1]; ++Y)
      for (size_t X = 0; X < Global[0]; ++X) {
        size_t W = X + Y * Global[0];
        const cl_int *O = Out.data() + W * 16;
        SCOPED_TRACE("work-item (" + std::to_string(X) + ", " +
                     std::to_string(Y) + ")");
        // The group's own size in y: 5, or 2 for the last row of groups.
        size_t GroupY = std::min(Local[1], Global[1] - Y / Local[1] * Local[1]);
        size_t LocalId = X % Local[0] + Y % Local[1] * Local[0];
        EXPECT_EQ(size_t(O[0]), MaxSize);
        EXPECT_EQ(size_t(O[1]), MaxSize);
        EXPECT_EQ(size_t(O[2]), Local[0] * GroupY);
        EXPECT_EQ(size_t(O[3]), Count);
        EXPECT_EQ(size_t(O[4]), LocalId);
        EXPECT_EQ(O[5], 0);
        for (int Check : {6, 7, 8, 9, 13, 14})
          EXPECT_EQ(O[Check], 1) << "check " << Check;
        EXPECT_EQ(O[10], In[W] > 0 ? 1 : 0);
        EXPECT_EQ(O[11], 0);
        EXPECT_EQ(O[12], In[W] > 0 ? 1 : 0);
        EXPECT_EQ(O[15], 1);
      }
  }
}

/// Collectives Vecz makes operations across a vector's lanes: the kernel's
/// sub-groups are its vectors' lanes.
const char *VectorSubGroups = R"(
__kernel void lanes(__global const int *in, __global uint *out) {
  size_t w = get_global_id(0) + get_global_id(1) * get_global_size(0);
  __global uint *o = out + w * 8;
  int x = in[w];
  o[0] = get_max_sub_group_size();
  o[1] = get_sub_group_size();
  o[2] = get_num_sub_groups();
  o[3] = get_enqueued_num_sub_groups();
  o[4] = get_sub_group_id();
  o[5] = get_sub_group_local_id();
  o[6] = sub_group_reduce_add(x);
  o[7] = sub_group_scan_inclusive_add(1);
})";

TEST(ClGetKernelSubGroupInfo, AnswersWhatAVectorKernelSees) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel K =
        On.kernel(On.program(VectorSubGroups, "-cl-std=CL3.0"), "lanes");
    // Rows of 21 work-items, not a multiple of any width.
    const size_t Global[2] = {42, 3}, Local[2] = {21, 3};
    std::vector<cl_int> In = smallInts(Global[0] * Global[1]);
    std::vector<cl_int> Out = run2D(On, K, In, Global, Local, 8);

    const size_t Size =
        subGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                     {Local[0], Local[1]});
    const size_t Count = subGroupInfo(
        K, Device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, {Local[0], Local[1]});
    // Vecz, on auto for every device, makes the kernel's sub-groups its
    // vectors.
    EXPECT_GT(Size, 1u);
    const size_t PerRow = (Local[0] + Size - 1) / Size;
    EXPECT_EQ(Count, PerRow * Local[1]);
    for (size_t Y = 0; Y < Global[1]; ++Y)
      for (size_t X = 0; X < Global[0]; ++X) {
        size_t W = X + Y * Global[0];
        const cl_int *O = Out.data() + W * 8;
        SCOPED_TRACE("work-item (" + std::to_string(X) + ", " +
                     std::to_string(Y) + ")");
        size_t Lx = X % Local[0], First = Lx / Size * Size;
        size_t Members = std::min(Size, Local[0] - First);
        int Sum = 0;
        for (size_t I = 0; I < Members; ++I)
          Sum += In[W - Lx + First + I];
        EXPECT_EQ(size_t(O[0]), Size);
        EXPECT_EQ(size_t(O[1]), Members);
        EXPECT_EQ(size_t(O[2]), Count);
        EXPECT_EQ(size_t(O[3]), Count);
        EXPECT_EQ(size_t(O[4]), Y * PerRow + Lx / Size);
        EXPECT_EQ(size_t(O[5]), Lx - First);
        EXPECT_EQ(O[6], Sum);
        EXPECT_EQ(size_t(O[7]), Lx - First + 1);
      }
    // A count of sub-groups is that many full ones in a row.
    size_t Wanted = 3, Sizes[3] = {0, 0, 0};
    ASSERT_EQ(clGetKernelSubGroupInfo(
                  K, Device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                  sizeof Wanted, &Wanted, sizeof Sizes, Sizes, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Sizes[0], 3 * Size);
    EXPECT_EQ(Sizes[1] * Sizes[2], 1u);
  }
}

TEST(ClGetKernelSubGroupInfo, CountsAndLocalSizes) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K =
      On.kernel(On.program(SubGroupQueries, ScalarOptions), "queries");
  size_t MaxItems =
      deviceValue<size_t>(On.Device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  EXPECT_EQ(subGroupInfo(K, On.Device, CL_KERNEL_MAX_NUM_SUB_GROUPS, {}),
            MaxItems);
  EXPECT_EQ(deviceValue<cl_uint>(On.Device, CL_DEVICE_MAX_NUM_SUB_GROUPS),
            MaxItems);
  EXPECT_EQ(subGroupInfo(K, On.Device, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, {}),
            0u);
  EXPECT_EQ(subGroupInfo(K, On.Device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                         {4, 3, 2}),
            24u);
  // A local size of that many sub-groups, in as many dimensions as asked.
  size_t Count = 24, Local[3] = {9, 9, 9};
  ASSERT_EQ(clGetKernelSubGroupInfo(
                K, On.Device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                sizeof Count, &Count, sizeof Local, Local, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Local[0] * Local[1] * Local[2], 24u);
  size_t Local2[2] = {9, 9}, SizeRet = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(
                K, On.Device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                sizeof Count, &Count, sizeof Local2, Local2, &SizeRet),
            CL_SUCCESS);
  EXPECT_EQ(SizeRet, sizeof Local2);
  EXPECT_EQ(Local2[0] * Local2[1], 24u);
  // More sub-groups than a group can have: zeros.
  Count = MaxItems + 1;
  ASSERT_EQ(clGetKernelSubGroupInfo(
                K, On.Device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                sizeof Count, &Count, sizeof Local, Local, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Local[0] + Local[1] + Local[2], 0u);
}

TEST(ClGetKernelSubGroupInfo, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  cl_kernel K =
      On.kernel(On.program(SubGroupQueries, ScalarOptions), "queries");
  size_t Local[4] = {8, 1, 1, 1}, Value = 0;
  auto Query = [&](cl_kernel Kernel, cl_kernel_sub_group_info Param,
                   size_t InputSize, const void *Input) {
    return clGetKernelSubGroupInfo(Kernel, On.Device, Param, InputSize, Input,
                                   sizeof Value, &Value, nullptr);
  };
  EXPECT_EQ(Query(nullptr, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                  sizeof(size_t), Local),
            CL_INVALID_KERNEL);
  // A local size of no dimension, of four, of a partial size_t, or none.
  EXPECT_EQ(Query(K, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, 0, Local),
            CL_INVALID_VALUE);
  EXPECT_EQ(
      Query(K, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof Local, Local),
      CL_INVALID_VALUE);
  EXPECT_EQ(Query(K, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 3, Local),
            CL_INVALID_VALUE);
  EXPECT_EQ(
      Query(K, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof(size_t), nullptr),
      CL_INVALID_VALUE);
  EXPECT_EQ(Query(K, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                  2 * sizeof(size_t), Local),
            CL_INVALID_VALUE);
  EXPECT_EQ(Query(K, CL_KERNEL_WORK_GROUP_SIZE, sizeof(size_t), Local),
            CL_INVALID_VALUE);
}

TEST(ClGetDeviceInfo, ReportsSubGroupsAsTheOpenCLC30Feature) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    char Extensions[4096] = {};
    ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS, sizeof Extensions,
                              Extensions, nullptr),
              CL_SUCCESS);
    std::string List = std::string(" ") + Extensions + " ";
    for (const char *Name :
         {"cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
          "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic",
          "cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative",
          "cl_khr_subgroup_clustered_reduce"})
      EXPECT_NE(List.find(std::string(" ") + Name + " "), std::string::npos)
          << Name;
    // Not the extension of OpenCL 2.x, which asks for sub-groups that
    // progress independently, nor rotations.
    EXPECT_EQ(List.find("cl_khr_subgroups"), std::string::npos);
    EXPECT_EQ(List.find("cl_khr_subgroup_rotate"), std::string::npos);
    char Features[4096] = {};
    size_t FeaturesSize = 0;
    ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES,
                              sizeof Features, Features, &FeaturesSize),
              CL_SUCCESS);
    bool HasFeature = false;
    for (size_t At = 0; At + sizeof(cl_name_version) <= FeaturesSize;
         At += sizeof(cl_name_version)) {
      cl_name_version Feature;
      std::memcpy(&Feature, Features + At, sizeof Feature);
      HasFeature |= std::string(Feature.name) == "__opencl_c_subgroups";
    }
    EXPECT_TRUE(HasFeature);
    EXPECT_EQ(deviceValue<cl_bool>(
                  Device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS),
              CL_FALSE);
  }
}

} // namespace
