//===- svm_test.cpp - Shared virtual memory as applications use it --------===//
//
// OpenCL's SVM on every device, one fixture per entry point: allocations
// the host and kernels address with the same pointers (a kernel follows a
// list whose links the host wrote, across two allocations, and a pointer
// into the middle of one), buffers over SVM, the copies, fills, maps,
// frees and migrations in the queue's order, and the error codes the
// specification gives for what it refuses. Every value is checked against
// the host's own.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace {

using namespace loom_opencl_test;

constexpr cl_device_svm_capabilities BufferSharing =
    CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
    CL_DEVICE_SVM_ATOMICS;

/// An SVM allocation of \p Count ints, freed at the end of the test.
class SvmInts {
public:
  SvmInts(cl_context Context, size_t Count,
          cl_svm_mem_flags Flags = CL_MEM_READ_WRITE)
      : Context(Context), Data(static_cast<cl_int *>(clSVMAlloc(
                              Context, Flags, Count * sizeof(cl_int), 0))) {
    EXPECT_NE(Data, nullptr);
  }
  ~SvmInts() { clSVMFree(Context, Data); }
  cl_context Context;
  cl_int *Data;
};

void finish(cl_command_queue Queue) { EXPECT_EQ(clFinish(Queue), CL_SUCCESS); }

TEST(ClGetDeviceInfo, EveryDeviceSharesBuffers) {
  for (cl_device_id Device : loomDevices())
    EXPECT_EQ(deviceValue<cl_device_svm_capabilities>(
                  Device, CL_DEVICE_SVM_CAPABILITIES),
              BufferSharing)
        << deviceName(Device);
}

TEST(ClSVMAlloc, GivesAlignedMemoryTheHostUses) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    for (cl_uint Alignment : {0u, 4u, 128u}) {
      auto *Bytes = static_cast<uint8_t *>(
          clSVMAlloc(On.Context, CL_MEM_READ_WRITE, 1000, Alignment));
      ASSERT_NE(Bytes, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(Bytes) %
                    (Alignment ? Alignment : 128),
                0u);
      for (size_t I = 0; I < 1000; ++I)
        Bytes[I] = static_cast<uint8_t>(I);
      EXPECT_EQ(Bytes[999], static_cast<uint8_t>(999));
      clSVMFree(On.Context, Bytes);
    }
    for (cl_svm_mem_flags Flags :
         {CL_MEM_READ_ONLY | CL_MEM_SVM_FINE_GRAIN_BUFFER,
          CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS}) {
      void *Fine = clSVMAlloc(On.Context, Flags, 64, 0);
      EXPECT_NE(Fine, nullptr) << Flags;
      clSVMFree(On.Context, Fine);
    }
  }
}

TEST(ClSVMAlloc, RefusesWhatTheSpecificationRefuses) {
  cl_device_id Device = loomDevices()[0];
  OnDevice On(Device);
  const cl_ulong Largest =
      deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  EXPECT_EQ(clSVMAlloc(nullptr, CL_MEM_READ_WRITE, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_READ_WRITE, 0, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_READ_WRITE, Largest + 1, 0), nullptr);
  // Alignments: not a power of two, wider than the widest type.
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_READ_WRITE, 64, 3), nullptr);
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_READ_WRITE, 64, 256), nullptr);
  // Two kinds of access, a flag of buffers, and atomics without
  // fine-grained sharing.
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, 0),
            nullptr);
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_USE_HOST_PTR, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(On.Context, CL_MEM_SVM_ATOMICS, 64, 0), nullptr);
}

TEST(ClSVMFree, IgnoresNullAndPointersItDidNotGive) {
  OnDevice On(loomDevices()[0]);
  int Stack = 0;
  clSVMFree(On.Context, nullptr);
  clSVMFree(On.Context, &Stack);
  SvmInts Kept(On.Context, 4);
  // Inside an allocation but not its start: not an allocation.
  clSVMFree(On.Context, Kept.Data + 1);
  Kept.Data[3] = 7;
  EXPECT_EQ(Kept.Data[3], 7);
}

/// A list the host links in SVM that kernels follow: each node's next
/// pointer is the host's address of the next node.
struct Node {
  cl_int Value;
  cl_int Pad;
  Node *Next;
};

const char *FollowList = R"(
typedef struct Node { int value; int pad; __global struct Node *next; } Node;
__kernel void follow(__global Node *head, __global int *sums) {
  int sum = 0, hops = get_global_id(0);
  __global Node *node = head;
  for (int i = 0; i < hops && node; ++i)
    node = node->next;
  while (node) {
    sum += node->value;
    node = node->next;
  }
  sums[get_global_id(0)] = sum;
})";

// Nodes in two allocations, linked by the host, the head passed as an SVM
// pointer into the middle of the first: work-item i sums the list from
// its i-th node, and writes through an SVM pointer too.
TEST(ClSetKernelArgSVMPointer, KernelsFollowTheHostsPointers) {
  constexpr size_t Nodes = 12;
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Kernel = On.kernel(On.program(FollowList), "follow");
    auto *First = static_cast<Node *>(clSVMAlloc(
        On.Context, CL_MEM_READ_WRITE, (Nodes + 2) * sizeof(Node), 0));
    auto *Second = static_cast<Node *>(
        clSVMAlloc(On.Context, CL_MEM_READ_WRITE, Nodes * sizeof(Node), 0));
    ASSERT_TRUE(First && Second);
    // The list: First[2..], then Second[..], alternating.
    std::vector<Node *> Order;
    for (size_t I = 0; I < Nodes; ++I)
      Order.push_back(I % 2 ? &Second[I] : &First[I + 2]);
    for (size_t I = 0; I < Nodes; ++I) {
      Order[I]->Value = static_cast<cl_int>(3 * I + 1);
      Order[I]->Next = I + 1 < Nodes ? Order[I + 1] : nullptr;
    }
    SvmInts Sums(On.Context, Nodes);
    ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 0, Order[0]), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 1, Sums.Data), CL_SUCCESS);
    ASSERT_EQ(clSetKernelExecInfo(Kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS,
                                  sizeof(void *), &Second),
              CL_SUCCESS);
    const size_t Global = Nodes;
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Global,
                                     nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    finish(On.Queue);
    for (size_t From = 0; From < Nodes; ++From) {
      cl_int Expected = 0;
      for (size_t I = From; I < Nodes; ++I)
        Expected += static_cast<cl_int>(3 * I + 1);
      EXPECT_EQ(Sums.Data[From], Expected) << "work-item " << From;
    }
    clSVMFree(On.Context, First);
    clSVMFree(On.Context, Second);
  }
}

TEST(ClSetKernelArgSVMPointer, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  cl_kernel Kernel = On.kernel(On.program(Saxpy), "saxpy");
  SvmInts Memory(On.Context, 16);
  float Host[4] = {};
  EXPECT_EQ(clSetKernelArgSVMPointer(nullptr, 1, Memory.Data),
            CL_INVALID_KERNEL);
  EXPECT_EQ(clSetKernelArgSVMPointer(Kernel, 3, Memory.Data),
            CL_INVALID_ARG_INDEX);
  // Argument 0 is a float; the host's own memory is not SVM.
  EXPECT_EQ(clSetKernelArgSVMPointer(Kernel, 0, Memory.Data),
            CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArgSVMPointer(Kernel, 1, Host), CL_INVALID_ARG_VALUE);
  // Just past an allocation's end is in it; null is a null pointer.
  EXPECT_EQ(clSetKernelArgSVMPointer(Kernel, 1, Memory.Data + 16), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArgSVMPointer(Kernel, 1, nullptr), CL_SUCCESS);
}

// A launch whose SVM argument was freed after it was set fails, instead of
// reaching freed memory.
TEST(ClSetKernelArgSVMPointer, AFreedAllocationFailsTheLaunch) {
  OnDevice On(loomDevices()[0]);
  cl_kernel Kernel = On.kernel(On.program(Saxpy), "saxpy");
  const float A = 2;
  auto *X = static_cast<float *>(clSVMAlloc(On.Context, 0, 64, 0));
  SvmInts Y(On.Context, 16);
  ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof A, &A), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 1, X), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 2, Y.Data), CL_SUCCESS);
  clSVMFree(On.Context, X);
  const size_t Global = 16;
  EXPECT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Global,
                                   nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
}

/// Work-item 0 says it runs (flags[0]), waits for the host's word
/// (flags[1]) and answers it plus one (flags[3]), or -1 if the word did not
/// come within about a second (so that a platform that runs the kernel
/// before its enqueue returns fails the test instead of hanging); every
/// work-item adds \p adds ones to a counter (flags[2]) that the host adds
/// to meanwhile.
const char *HandOff = R"(
__kernel void hand_off(volatile __global atomic_int *flags, int adds) {
  if (get_global_id(0) == 0) {
    atomic_store_explicit(&flags[0], 1, memory_order_release,
                          memory_scope_all_svm_devices);
    int word = 0;
    for (long tries = 0; !word && tries < 200000000; ++tries)
      word = atomic_load_explicit(&flags[1], memory_order_acquire,
                                  memory_scope_all_svm_devices);
    atomic_store_explicit(&flags[3], word ? word + 1 : -1,
                          memory_order_release, memory_scope_all_svm_devices);
  }
  for (int i = 0; i < adds; ++i)
    atomic_fetch_add_explicit(&flags[2], 1, memory_order_relaxed,
                              memory_scope_all_svm_devices);
})";

/// Waits up to ten seconds for \p Flag to become non-zero; its value.
cl_int awaitNonZero(const cl_int *Flag) {
  for (int Tries = 0; Tries < 10000; ++Tries) {
    if (cl_int Value = __atomic_load_n(Flag, __ATOMIC_ACQUIRE))
      return Value;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return 0;
}

// SVM atomics: the host and a kernel that runs meanwhile hand values to
// each other through an allocation, and add to one counter at the same
// time without losing an addition. A driver that ran the kernel only at
// clFinish, or whose kernel atomics were not the host's, fails it.
TEST(ClSVMAlloc, TheHostAndARunningKernelShareAtomics) {
  constexpr cl_int Adds = 2000, HostAdds = 50000, Word = 41;
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Kernel =
        On.kernel(On.program(HandOff, "-cl-std=CL3.0"), "hand_off");
    SvmInts Flags(On.Context, 4,
                  CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER |
                      CL_MEM_SVM_ATOMICS);
    ASSERT_NE(Flags.Data, nullptr);
    std::fill(Flags.Data, Flags.Data + 4, 0);
    ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 0, Flags.Data), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(Kernel, 1, sizeof Adds, &Adds), CL_SUCCESS);
    const size_t Global = 64;
    cl_event Done = nullptr;
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Global,
                                     nullptr, 0, nullptr, &Done),
              CL_SUCCESS);
    ASSERT_EQ(clFlush(On.Queue), CL_SUCCESS);
    EXPECT_EQ(awaitNonZero(&Flags.Data[0]), 1) << "the kernel did not start";
    for (cl_int I = 0; I < HostAdds; ++I)
      __atomic_fetch_add(&Flags.Data[2], 1, __ATOMIC_RELAXED);
    // Said even when the kernel was not seen to start, so that it ends.
    __atomic_store_n(&Flags.Data[1], Word, __ATOMIC_RELEASE);
    EXPECT_EQ(awaitNonZero(&Flags.Data[3]), Word + 1);
    ASSERT_EQ(clWaitForEvents(1, &Done), CL_SUCCESS);
    clReleaseEvent(Done);
    EXPECT_EQ(Flags.Data[2], cl_int(Global) * Adds + HostAdds);
  }
}

TEST(ClSetKernelExecInfo, AcceptsSvmPointersAndRefusesSystemSharing) {
  OnDevice On(loomDevices()[0]);
  cl_kernel Kernel = On.kernel(On.program(Saxpy), "saxpy");
  SvmInts Memory(On.Context, 4);
  void *Pointers[2] = {Memory.Data, Memory.Data + 1};
  EXPECT_EQ(clSetKernelExecInfo(Kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS,
                                sizeof Pointers, Pointers),
            CL_SUCCESS);
  cl_bool No = CL_FALSE, Yes = CL_TRUE;
  EXPECT_EQ(clSetKernelExecInfo(Kernel,
                                CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                sizeof No, &No),
            CL_SUCCESS);
  EXPECT_EQ(clSetKernelExecInfo(Kernel,
                                CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                sizeof Yes, &Yes),
            CL_INVALID_OPERATION);
  EXPECT_EQ(clSetKernelExecInfo(nullptr, CL_KERNEL_EXEC_INFO_SVM_PTRS,
                                sizeof Pointers, Pointers),
            CL_INVALID_KERNEL);
  EXPECT_EQ(
      clSetKernelExecInfo(Kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, Pointers),
      CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(Kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS,
                                sizeof Pointers, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(Kernel, 0x7777, sizeof No, &No),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(Kernel,
                                CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                sizeof No, nullptr),
            CL_INVALID_VALUE);
  // None unsets those set before.
  EXPECT_EQ(
      clSetKernelExecInfo(Kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, nullptr),
      CL_SUCCESS);
}

const char *Double = R"(
__kernel void twice(__global int *x) { x[get_global_id(0)] *= 2; })";

// A copy enqueued after a kernel sees what the kernel wrote, and a blocking
// copy has run when it returns.
TEST(ClEnqueueSVMMemcpy, CopiesInTheQueuesOrder) {
  constexpr size_t N = 256;
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Kernel = On.kernel(On.program(Double), "twice");
    SvmInts Source(On.Context, N), Copy(On.Context, N);
    for (size_t I = 0; I < N; ++I)
      Source.Data[I] = static_cast<cl_int>(I) - 100;
    ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 0, Source.Data), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr,
                                     0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueSVMMemcpy(On.Queue, CL_TRUE, Copy.Data, Source.Data,
                                 N * sizeof(cl_int), 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_int> Host(N, -1);
    ASSERT_EQ(clEnqueueSVMMemcpy(On.Queue, CL_TRUE, Host.data(), Copy.Data,
                                 N * sizeof(cl_int), 0, nullptr, nullptr),
              CL_SUCCESS);
    for (size_t I = 0; I < N; ++I)
      EXPECT_EQ(Host[I], 2 * (static_cast<cl_int>(I) - 100)) << I;
  }
}

TEST(ClEnqueueSVMMemcpy, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  SvmInts Memory(On.Context, 16);
  EXPECT_EQ(clEnqueueSVMMemcpy(nullptr, CL_TRUE, Memory.Data, Memory.Data + 8,
                               16, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueSVMMemcpy(On.Queue, CL_TRUE, nullptr, Memory.Data, 16, 0,
                               nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemcpy(On.Queue, CL_TRUE, Memory.Data, nullptr, 16, 0,
                               nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemcpy(On.Queue, CL_TRUE, Memory.Data, Memory.Data + 2,
                               16, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  cl_event Wait = nullptr;
  EXPECT_EQ(clEnqueueSVMMemcpy(On.Queue, CL_TRUE, Memory.Data, Memory.Data + 8,
                               16, 1, &Wait, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
}

TEST(ClEnqueueSVMMemFill, FillsWithThePattern) {
  OnDevice On(loomDevices()[0]);
  SvmInts Memory(On.Context, 64);
  const cl_int Pattern[4] = {1, -2, 3, -4};
  ASSERT_EQ(clEnqueueSVMMemFill(On.Queue, Memory.Data + 4, Pattern,
                                sizeof Pattern, 32 * sizeof(cl_int), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  const cl_int Zero = 0;
  ASSERT_EQ(clEnqueueSVMMemFill(On.Queue, Memory.Data, &Zero, sizeof Zero,
                                4 * sizeof(cl_int), 0, nullptr, nullptr),
            CL_SUCCESS);
  finish(On.Queue);
  for (size_t I = 0; I < 4; ++I)
    EXPECT_EQ(Memory.Data[I], 0);
  for (size_t I = 4; I < 36; ++I)
    EXPECT_EQ(Memory.Data[I], Pattern[I % 4]) << I;
}

TEST(ClEnqueueSVMMemFill, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  SvmInts Memory(On.Context, 64);
  const uint8_t Pattern[256] = {};
  auto Fill = [&](void *At, size_t PatternSize, size_t Size) {
    return clEnqueueSVMMemFill(On.Queue, At, Pattern, PatternSize, Size, 0,
                               nullptr, nullptr);
  };
  EXPECT_EQ(Fill(nullptr, 4, 16), CL_INVALID_VALUE);
  EXPECT_EQ(Fill(Memory.Data, 3, 12), CL_INVALID_VALUE);
  EXPECT_EQ(Fill(Memory.Data, 256, 256), CL_INVALID_VALUE);
  EXPECT_EQ(Fill(Memory.Data, 4, 10), CL_INVALID_VALUE);
  EXPECT_EQ(Fill(reinterpret_cast<uint8_t *>(Memory.Data) + 2, 4, 16),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemFill(On.Queue, Memory.Data, nullptr, 4, 16, 0,
                                nullptr, nullptr),
            CL_INVALID_VALUE);
}

// The host writes between a map and an unmap; a kernel enqueued after the
// unmap sees it.
TEST(ClEnqueueSVMMap, TheHostWritesWhatKernelsThenRead) {
  constexpr size_t N = 64;
  OnDevice On(loomDevices()[0]);
  cl_kernel Kernel = On.kernel(On.program(Double), "twice");
  SvmInts Memory(On.Context, N);
  ASSERT_EQ(clEnqueueSVMMap(On.Queue, CL_TRUE, CL_MAP_WRITE, Memory.Data,
                            N * sizeof(cl_int), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t I = 0; I < N; ++I)
    Memory.Data[I] = static_cast<cl_int>(I * I);
  ASSERT_EQ(clEnqueueSVMUnmap(On.Queue, Memory.Data, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(Kernel, 0, Memory.Data), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  cl_event Mapped = nullptr;
  ASSERT_EQ(clEnqueueSVMMap(On.Queue, CL_FALSE, CL_MAP_READ, Memory.Data,
                            N * sizeof(cl_int), 0, nullptr, &Mapped),
            CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Mapped), CL_SUCCESS);
  cl_command_type Type = 0;
  EXPECT_EQ(clGetEventInfo(Mapped, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type,
                           nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Type, static_cast<cl_command_type>(CL_COMMAND_SVM_MAP));
  clReleaseEvent(Mapped);
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(Memory.Data[I], static_cast<cl_int>(2 * I * I)) << I;
  EXPECT_EQ(clEnqueueSVMUnmap(On.Queue, Memory.Data, 0, nullptr, nullptr),
            CL_SUCCESS);
}

TEST(ClEnqueueSVMMap, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  SvmInts Memory(On.Context, 16);
  int Host[16] = {};
  auto Map = [&](cl_map_flags Flags, void *At, size_t Size) {
    return clEnqueueSVMMap(On.Queue, CL_TRUE, Flags, At, Size, 0, nullptr,
                           nullptr);
  };
  EXPECT_EQ(Map(CL_MAP_READ, nullptr, 16), CL_INVALID_VALUE);
  EXPECT_EQ(Map(CL_MAP_READ, Memory.Data, 0), CL_INVALID_VALUE);
  EXPECT_EQ(Map(CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, Memory.Data, 16),
            CL_INVALID_VALUE);
  EXPECT_EQ(Map(CL_MAP_READ, Memory.Data + 8, 64), CL_INVALID_VALUE);
  EXPECT_EQ(Map(CL_MAP_READ, Host, 16), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMUnmap(On.Queue, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
}

struct FreedBy {
  cl_command_queue Queue = nullptr;
  std::vector<void *> Pointers;
};

void CL_CALLBACK rememberFreed(cl_command_queue Queue, cl_uint Count,
                               void *Pointers[], void *Data) {
  auto &Freed = *static_cast<FreedBy *>(Data);
  Freed.Queue = Queue;
  Freed.Pointers.assign(Pointers, Pointers + Count);
  for (void *Pointer : Freed.Pointers) {
    cl_context Context = nullptr;
    clGetCommandQueueInfo(Queue, CL_QUEUE_CONTEXT, sizeof Context, &Context,
                          nullptr);
    clSVMFree(Context, Pointer);
  }
}

TEST(ClEnqueueSVMFree, FreesAfterTheCommandsBefore) {
  OnDevice On(loomDevices()[0]);
  cl_kernel Kernel = On.kernel(On.program(Double), "twice");
  void *Pointers[2] = {clSVMAlloc(On.Context, 0, 64, 0),
                       clSVMAlloc(On.Context, 0, 64, 0)};
  ASSERT_TRUE(Pointers[0] && Pointers[1]);
  FreedBy Freed;
  ASSERT_EQ(clEnqueueSVMFree(On.Queue, 2, Pointers, rememberFreed, &Freed, 0,
                             nullptr, nullptr),
            CL_SUCCESS);
  finish(On.Queue);
  EXPECT_EQ(Freed.Queue, On.Queue);
  EXPECT_EQ(Freed.Pointers, std::vector<void *>(Pointers, Pointers + 2));
  // Without a callback Loom frees them: they are no SVM any more.
  void *Third = clSVMAlloc(On.Context, 0, 64, 0);
  ASSERT_EQ(clEnqueueSVMFree(On.Queue, 1, &Third, nullptr, nullptr, 0, nullptr,
                             nullptr),
            CL_SUCCESS);
  finish(On.Queue);
  EXPECT_EQ(clSetKernelArgSVMPointer(Kernel, 0, Third), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clEnqueueSVMFree(On.Queue, 0, nullptr, nullptr, nullptr, 0, nullptr,
                             nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueSVMFree(On.Queue, 1, nullptr, nullptr, nullptr, 0, nullptr,
                             nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMFree(On.Queue, 0, Pointers, nullptr, nullptr, 0,
                             nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMFree(nullptr, 1, Pointers, nullptr, nullptr, 0, nullptr,
                             nullptr),
            CL_INVALID_COMMAND_QUEUE);
}

TEST(ClEnqueueSVMMigrateMem, KeepsTheOrderAndChecksItsPointers) {
  OnDevice On(loomDevices()[0]);
  SvmInts Memory(On.Context, 16);
  int Host[4] = {};
  const void *Pointers[2] = {Memory.Data, Memory.Data + 4};
  const size_t Sizes[2] = {0, 8};
  cl_event Migrated = nullptr;
  ASSERT_EQ(clEnqueueSVMMigrateMem(On.Queue, 2, Pointers, Sizes,
                                   CL_MIGRATE_MEM_OBJECT_HOST, 0, nullptr,
                                   &Migrated),
            CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &Migrated), CL_SUCCESS);
  clReleaseEvent(Migrated);
  EXPECT_EQ(clEnqueueSVMMigrateMem(On.Queue, 0, Pointers, nullptr, 0, 0,
                                   nullptr, nullptr),
            CL_INVALID_VALUE);
  const void *NotSvm[1] = {Host};
  EXPECT_EQ(clEnqueueSVMMigrateMem(On.Queue, 1, NotSvm, nullptr, 0, 0, nullptr,
                                   nullptr),
            CL_INVALID_VALUE);
  const size_t TooLong[1] = {1024};
  EXPECT_EQ(clEnqueueSVMMigrateMem(On.Queue, 1, Pointers, TooLong, 0, 0,
                                   nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMigrateMem(On.Queue, 1, Pointers, nullptr, 0x80, 0,
                                   nullptr, nullptr),
            CL_INVALID_VALUE);
}

// A buffer made with CL_MEM_USE_HOST_PTR of an SVM pointer is that memory:
// a kernel's writes through the buffer (and a sub-buffer of it) are the
// SVM's, at once.
TEST(ClCreateBuffer, OverSvmIsTheSameMemory) {
  constexpr size_t N = 64;
  OnDevice On(loomDevices()[0]);
  cl_kernel Kernel = On.kernel(On.program(Double), "twice");
  SvmInts Memory(On.Context, 2 * N);
  for (size_t I = 0; I < 2 * N; ++I)
    Memory.Data[I] = static_cast<cl_int>(I);
  cl_mem Buffer =
      On.buffer(CL_MEM_USE_HOST_PTR, N * sizeof(cl_int), Memory.Data + N);
  cl_bool UsesSvm = CL_FALSE;
  EXPECT_EQ(clGetMemObjectInfo(Buffer, CL_MEM_USES_SVM_POINTER, sizeof UsesSvm,
                               &UsesSvm, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(UsesSvm, CL_TRUE);
  cl_buffer_region Half = {0, N / 2 * sizeof(cl_int)};
  cl_int Error = CL_SUCCESS;
  cl_mem Sub =
      clCreateSubBuffer(Buffer, 0, CL_BUFFER_CREATE_TYPE_REGION, &Half, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  UsesSvm = CL_FALSE;
  EXPECT_EQ(clGetMemObjectInfo(Sub, CL_MEM_USES_SVM_POINTER, sizeof UsesSvm,
                               &UsesSvm, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(UsesSvm, CL_TRUE);
  ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Buffer, &Buffer), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N, nullptr, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Sub, &Sub), CL_SUCCESS);
  const size_t Quarter = N / 2;
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Quarter,
                                   nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  finish(On.Queue);
  for (size_t I = 0; I < 2 * N; ++I) {
    cl_int Times = I < N ? 1 : I < N + N / 2 ? 4 : 2;
    EXPECT_EQ(Memory.Data[I], Times * static_cast<cl_int>(I)) << I;
  }
  clReleaseMemObject(Sub);
  // Past the allocation's end.
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_USE_HOST_PTR,
                           2 * N * sizeof(cl_int), Memory.Data + N, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_BUFFER_SIZE);
}

} // namespace
