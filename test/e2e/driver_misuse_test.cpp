//===- driver_misuse_test.cpp - The driver refuses what it cannot run -----===//
///
/// Misuse of the driver's API with real kernels, beyond the bad handles and
/// null out-parameters of mux-unittests' sweep: wrong argument counts, kinds
/// and sizes, work-group sizes the device or the range cannot have, empty
/// ranges, too much local memory, a buffer bound twice, memory and buffers
/// released while a command buffer uses them, binaries with constructors or
/// of another ABI version, two devices with several threads each, and a
/// callback that takes the driver's signal handlers away. Every
/// refusal is the result mux.h documents, and afterwards the same objects
/// still run a kernel whose every element is checked.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include "metadata/abi.h"
#include "mux/mux.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <map>
#include <thread>
#include <vector>

using namespace loom::e2e;

namespace {

constexpr const char *Source = R"(
__kernel void scale(__global const int *in, __global int *out, int factor) {
  size_t i = get_global_id(0);
  out[i] = in[i] * factor;
}
__kernel __attribute__((reqd_work_group_size(8, 2, 1)))
void fixed(__global int *out) {
  out[get_global_id(0)] = 1;
}
__kernel void maybe(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in ? in[i] + 1 : -1;
}
__kernel void trap_at(__global int *out, int bad) {
  size_t i = get_global_id(0);
  if ((int)i == bad)
    __builtin_trap();
  out[i] = (int)i;
}

__kernel void with_local(__global int *out, __local int *scratch) {
  scratch[get_local_id(0)] = (int)get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[get_local_size(0) - 1 - get_local_id(0)];
}
)";

constexpr uint64_t N = 256;

/// A device with `scale` loaded, an input of 0..N-1 and an output buffer.
class DriverMisuse : public testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(compileKernel(Source, Binary, "", "reference", "misuse.cl"), "");
    mux_device_info_t Info;
    ASSERT_EQ(muxGetDeviceInfos(1, &Info, nullptr), mux_success);
    DeviceInfo = Info;
    ASSERT_EQ(muxCreateDevices(1, &Info, &Device), mux_success);
    ASSERT_EQ(muxGetQueue(Device, 0, &Queue), mux_success);
    ASSERT_EQ(
        muxCreateExecutable(Device, Binary.data(), Binary.size(), &Executable),
        mux_success);
    ASSERT_EQ(muxCreateKernel(Device, Executable, "scale", 5, &Scale),
              mux_success);
    In = makeBuffer(Input);
    Out = makeBuffer(std::vector<int>(N, -1));
  }
  void TearDown() override {
    if (Queue)
      EXPECT_EQ(muxWaitAll(Queue), mux_success);
    for (mux_buffer_t B : Buffers)
      muxDestroyBuffer(Device, B);
    for (mux_memory_t M : Memories)
      muxFreeMemory(Device, M);
    muxDestroyKernel(Device, Scale);
    muxDestroyExecutable(Device, Executable);
    muxDestroyDevice(Device);
  }

  /// A buffer on host-coherent memory holding \p Values.
  mux_buffer_t makeBuffer(const std::vector<int> &Values) {
    uint64_t Bytes = Values.size() * sizeof(int);
    mux_memory_t Memory = nullptr;
    mux_buffer_t Buffer = nullptr;
    EXPECT_EQ(muxAllocateMemory(Device, Bytes, 0,
                                mux_memory_property_host_coherent, &Memory),
              mux_success);
    EXPECT_EQ(muxCreateBuffer(Device, Bytes, &Buffer), mux_success);
    EXPECT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 0), mux_success);
    void *Data = nullptr;
    EXPECT_EQ(muxMapMemory(Device, Memory, 0, Bytes, &Data), mux_success);
    std::memcpy(Data, Values.data(), Bytes);
    Memories.push_back(Memory);
    Buffers.push_back(Buffer);
    MemoryOf[Buffer] = Memory;
    return Buffer;
  }

  std::vector<int> contents(mux_buffer_t Buffer) {
    std::vector<int> Values(N);
    void *Data = nullptr;
    EXPECT_EQ(muxMapMemory(Device, MemoryOf[Buffer], 0, N * sizeof(int), &Data),
              mux_success);
    if (Data)
      std::memcpy(Values.data(), Data, N * sizeof(int));
    return Values;
  }

  std::vector<mux_descriptor_info_s> scaleArgs(mux_buffer_t From,
                                               mux_buffer_t To) {
    mux_descriptor_info_s A{}, B{}, C{};
    A.type = B.type = mux_descriptor_info_type_buffer;
    A.buffer = From;
    B.buffer = To;
    C.type = mux_descriptor_info_type_plain_old_data;
    C.data = &Factor;
    C.data_size = sizeof(Factor);
    return {A, B, C};
  }

  mux_ndrange_options_s options(const std::vector<mux_descriptor_info_s> &Args,
                                const uint64_t *Global, uint64_t Local,
                                uint32_t Dimensions = 1) {
    mux_ndrange_options_s O{};
    O.descriptors = Args.data();
    O.descriptors_length = Args.size();
    O.local_size[0] = Local;
    O.local_size[1] = O.local_size[2] = 1;
    O.global_size = Global;
    O.dimensions = Dimensions;
    return O;
  }

  /// Finalizes \p CB, runs it and waits for it.
  void submit(mux_command_buffer_t CB) {
    ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
    ASSERT_EQ(muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr,
                          nullptr),
              mux_success);
    ASSERT_EQ(muxWaitAll(Queue), mux_success);
  }

  /// Records \p Kernel (`scale` by default) from \p From to \p To into
  /// \p CB, over N work-items in groups of 64.
  void recordScale(mux_command_buffer_t CB, mux_buffer_t From, mux_buffer_t To,
                   mux_kernel_t Kernel = nullptr) {
    std::vector<mux_descriptor_info_s> Args = scaleArgs(From, To);
    const uint64_t Global[1] = {N};
    mux_ndrange_options_s O = options(Args, Global, 64);
    ASSERT_EQ(muxCommandNDRange(CB, Kernel ? Kernel : Scale, &O), mux_success);
  }

  /// Records `scale` from \p From to \p To into \p CB, runs it, and checks
  /// every element of \p To.
  void runAndCheck(mux_command_buffer_t CB, mux_buffer_t From, mux_buffer_t To,
                   mux_kernel_t Kernel = nullptr) {
    ASSERT_NO_FATAL_FAILURE(recordScale(CB, From, To, Kernel));
    ASSERT_NO_FATAL_FAILURE(submit(CB));
    std::vector<int> Got = contents(To);
    for (uint64_t I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], Input[I] * Factor) << "element " << I;
  }

  std::vector<int> Input = [] {
    std::vector<int> V(N);
    for (uint64_t I = 0; I < N; ++I)
      V[I] = static_cast<int>(I) - 100;
    return V;
  }();
  int Factor = 3;
  std::vector<char> Binary;
  mux_device_info_t DeviceInfo = nullptr;
  mux_device_t Device = nullptr;
  mux_queue_t Queue = nullptr;
  mux_executable_t Executable = nullptr;
  mux_kernel_t Scale = nullptr;
  mux_buffer_t In = nullptr, Out = nullptr;
  std::vector<mux_memory_t> Memories;
  std::vector<mux_buffer_t> Buffers;
  std::map<mux_buffer_t, mux_memory_t> MemoryOf;
};

TEST_F(DriverMisuse, WrongArgumentsAreRefusedAndTheCommandBufferStillWorks) {
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  const uint64_t Global[1] = {N};
  std::vector<mux_descriptor_info_s> Args = scaleArgs(In, Out);

  // Too few and too many arguments.
  std::vector<mux_descriptor_info_s> Short(Args.begin(), Args.end() - 1);
  mux_ndrange_options_s O = options(Short, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  std::vector<mux_descriptor_info_s> Long = Args;
  Long.push_back(Args[2]);
  O = options(Long, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  // A value where a buffer goes, a buffer where a value goes, local memory
  // where either goes.
  std::vector<mux_descriptor_info_s> Wrong = Args;
  Wrong[0] = Args[2];
  O = options(Wrong, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  Wrong = Args;
  Wrong[2] = Args[0];
  O = options(Wrong, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  Wrong = Args;
  Wrong[1].type = mux_descriptor_info_type_shared_local_buffer;
  Wrong[1].data_size = 64;
  O = options(Wrong, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  // A value of the wrong size, and a buffer offset past its end.
  int64_t Wide = 3;
  Wrong = Args;
  Wrong[2].data = &Wide;
  Wrong[2].data_size = sizeof(Wide);
  O = options(Wrong, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  Wrong = Args;
  Wrong[1].buffer_offset = N * sizeof(int) + 4;
  O = options(Wrong, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);
  // A null buffer is a null pointer, which has no offset.
  Wrong = Args;
  Wrong[0].buffer = nullptr;
  Wrong[0].buffer_offset = 16;
  O = options(Wrong, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_kernel_arguments);

  runAndCheck(CB, In, Out);
  muxDestroyCommandBuffer(Device, CB);
}

// OpenCL lets a buffer argument be null (clSetKernelArg with a null
// cl_mem): the kernel sees a null pointer, also with bounds-checked buffers.
TEST_F(DriverMisuse, ANullBufferIsANullPointer) {
  mux_kernel_t Maybe = nullptr;
  ASSERT_EQ(muxCreateKernel(Device, Executable, "maybe", 5, &Maybe),
            mux_success);
  const uint64_t Global[1] = {N};
  for (bool Null : {true, false}) {
    SCOPED_TRACE(Null ? "null" : "a buffer");
    mux_command_buffer_t CB;
    ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
    std::vector<mux_descriptor_info_s> Args =
        scaleArgs(Null ? nullptr : In, Out);
    Args.pop_back();
    mux_ndrange_options_s O = options(Args, Global, 64);
    ASSERT_EQ(muxCommandNDRange(CB, Maybe, &O), mux_success);
    ASSERT_NO_FATAL_FAILURE(submit(CB));
    std::vector<int> Got = contents(Out);
    for (uint64_t I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], Null ? -1 : Input[I] + 1) << "element " << I;
    muxDestroyCommandBuffer(Device, CB);
  }
  muxDestroyKernel(Device, Maybe);
}

TEST_F(DriverMisuse, ABoundsFaultStopsItsCommandBufferAndIsSaidOnce) {
  // Bounds-checked buffers (doc/overview.md): the e2e-scalar and
  // e2e-vecz-w* entries set the mode, read once per process.
  const char *Mode = std::getenv("LOOM_CHECK_BOUNDS");
  if (!Mode || std::strcmp(Mode, "1") != 0)
    GTEST_SKIP() << "runs with LOOM_CHECK_BOUNDS=1";
  // An output 8 ints short of the N work-items.
  mux_buffer_t Short = makeBuffer(std::vector<int>(N - 8, -1));
  mux_fence_t Fence = nullptr;
  ASSERT_EQ(muxCreateFence(Device, &Fence), mux_success);
  mux_command_buffer_t Faulty;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &Faulty), mux_success);
  ASSERT_NO_FATAL_FAILURE(recordScale(Faulty, In, Short));
  bool CallbackRan = false;
  ASSERT_EQ(muxCommandUserCallback(
                Faulty,
                [](mux_queue_t, mux_command_buffer_t, void *Ran) {
                  *static_cast<bool *>(Ran) = true;
                },
                &CallbackRan),
            mux_success);
  ASSERT_EQ(muxFinalizeCommandBuffer(Faulty), mux_success);
  ASSERT_EQ(muxDispatch(Queue, Faulty, Fence, nullptr, 0, nullptr, 0, nullptr,
                        nullptr),
            mux_success);

  EXPECT_EQ(muxTryWait(Queue, UINT64_MAX, Fence), mux_error_kernel_fault);
  EXPECT_EQ(std::string(muxGetLastErrorMessage()),
            "kernel 'scale' wrote past the end of argument 1 (a buffer of " +
                std::to_string((N - 8) * sizeof(int)) + " bytes): byte " +
                std::to_string((N - 8) * sizeof(int)));
  EXPECT_FALSE(CallbackRan) << "the commands after the fault must not run";
  EXPECT_EQ(muxWaitAll(Queue), mux_error_kernel_fault);
  EXPECT_EQ(muxWaitAll(Queue), mux_success) << "a fault is said once";

  // The fence, once reset, and the queue work as before.
  ASSERT_EQ(muxResetFence(Fence), mux_success);
  mux_command_buffer_t Good;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &Good), mux_success);
  ASSERT_NO_FATAL_FAILURE(recordScale(Good, In, Out));
  ASSERT_EQ(muxFinalizeCommandBuffer(Good), mux_success);
  ASSERT_EQ(
      muxDispatch(Queue, Good, Fence, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_success);
  EXPECT_EQ(muxTryWait(Queue, UINT64_MAX, Fence), mux_success);
  std::vector<int> Got = contents(Out);
  for (uint64_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[I], Input[I] * Factor) << "element " << I;
  muxDestroyCommandBuffer(Device, Faulty);
  muxDestroyCommandBuffer(Device, Good);
  muxDestroyFence(Device, Fence);
}

/// The signals a kernel fault raises, whose handlers the driver puts in place.
constexpr int FaultSignals[] = {SIGILL, SIGTRAP, SIGFPE, SIGSEGV, SIGBUS};

TEST_F(DriverMisuse, AKernelThatTrapsAfterACallbackResetTheHandlersIsCaught) {
  // The driver checks its handlers once per command buffer, not per launch
  // (a system call): a callback between two launches runs the host's code,
  // which here puts the default actions back. The trap after it must still
  // end the launch, not the process.
  mux_kernel_t Trap = nullptr;
  ASSERT_EQ(muxCreateKernel(Device, Executable, "trap_at", 7, &Trap),
            mux_success);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  ASSERT_NO_FATAL_FAILURE(recordScale(CB, In, Out));
  struct sigaction Saved[std::size(FaultSignals)];
  ASSERT_EQ(muxCommandUserCallback(
                CB,
                [](mux_queue_t, mux_command_buffer_t, void *Saved) {
                  struct sigaction Default = {};
                  Default.sa_handler = SIG_DFL;
                  for (size_t I = 0; I < std::size(FaultSignals); ++I)
                    sigaction(FaultSignals[I], &Default,
                              static_cast<struct sigaction *>(Saved) + I);
                },
                Saved),
            mux_success);
  int Bad = 100;
  std::vector<mux_descriptor_info_s> Args(2);
  Args[0].type = mux_descriptor_info_type_buffer;
  Args[0].buffer = makeBuffer(std::vector<int>(N, -1));
  Args[1].type = mux_descriptor_info_type_plain_old_data;
  Args[1].data = &Bad;
  Args[1].data_size = sizeof(Bad);
  const uint64_t Global[1] = {N};
  mux_ndrange_options_s O = options(Args, Global, 64);
  ASSERT_EQ(muxCommandNDRange(CB, Trap, &O), mux_success);
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  ASSERT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_success);
  EXPECT_EQ(muxWaitAll(Queue), mux_error_kernel_fault);
  EXPECT_NE(std::string(muxGetLastErrorMessage())
                .find("kernel 'trap_at' stopped at a trap"),
            std::string::npos)
      << muxGetLastErrorMessage();
  // The first launch ran whole, before the callback.
  std::vector<int> Got = contents(Out);
  for (uint64_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[I], Input[I] * Factor) << "element " << I;
  for (size_t I = 0; I < std::size(FaultSignals); ++I)
    sigaction(FaultSignals[I], &Saved[I], nullptr);
  muxDestroyCommandBuffer(Device, CB);
  muxDestroyKernel(Device, Trap);
}

TEST_F(DriverMisuse, RangesTheDeviceCannotRunAreRefused) {
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  std::vector<mux_descriptor_info_s> Args = scaleArgs(In, Out);
  const uint64_t Global[1] = {N}, Zero[1] = {0}, Odd[1] = {N - 1};
  const uint64_t Max = DeviceInfo->max_work_group_size[0];

  // A local size that does not divide the global size is no misuse: the
  // range is non-uniform, its last group smaller (NonUniformTest runs such
  // ranges).
  mux_ndrange_options_s O = options(Args, Global, 48);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O), mux_success);
  O = options(Args, Odd, 64);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O), mux_success);
  O = options(Args, Zero, 64); // an empty range
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O), mux_error_invalid_value);
  O = options(Args, Global, 0); // an empty work-group
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O), mux_error_invalid_value);
  for (uint32_t Dimensions : {0u, 4u}) {
    O = options(Args, Global, 64, Dimensions);
    EXPECT_EQ(muxCommandNDRange(CB, Scale, &O), mux_error_invalid_value)
        << Dimensions << " dimensions";
  }
  // Above the device's largest work-group, in a range it divides.
  const uint64_t Large[1] = {Max * 2 * 2};
  O = options(Args, Large, Max * 2);
  EXPECT_EQ(muxCommandNDRange(CB, Scale, &O),
            mux_error_invalid_work_group_size);
  // An unused dimension whose local size is not 1.
  O = options(Args, Global, 64);
  O.local_size[2] = 2;
  EXPECT_NE(muxCommandNDRange(CB, Scale, &O), mux_success);

  runAndCheck(CB, In, Out);
  muxDestroyCommandBuffer(Device, CB);
}

/// The work-group size a launch gets when its caller names none, which
/// loom-run and the OpenCL layer both ask the driver for.
TEST_F(DriverMisuse, TheDefaultWorkGroupSizeDividesTheRange) {
  struct Expected {
    std::vector<uint64_t> Global;
    uint64_t Local;
  };
  const uint64_t Cap =
      std::min<uint64_t>({256, DeviceInfo->max_work_items_per_group,
                          DeviceInfo->max_work_group_size[0]});
  for (const Expected &E :
       std::vector<Expected>{{{1000}, 250}, // the largest divisor up to 256
                             {{7}, 7},      // the whole range when it is small
                             {{3 * 1024}, Cap},   // 256, or the device's limit
                             {{257}, 1},          // a prime past the cap
                             {{12, 5, 3}, 12}}) { // other dimensions 1
    uint64_t Local[3] = {0, 0, 0};
    ASSERT_EQ(muxGetDefaultLocalSize(Device, Scale,
                                     static_cast<uint32_t>(E.Global.size()),
                                     E.Global.data(), 0, Local),
              mux_success);
    EXPECT_EQ(Local[0], E.Local) << E.Global[0];
    EXPECT_EQ(E.Global[0] % Local[0], 0u);
    EXPECT_EQ(Local[1], 1u);
    EXPECT_EQ(Local[2], 1u);
  }
  // A kernel's reqd_work_group_size wins.
  mux_kernel_t Fixed;
  ASSERT_EQ(muxCreateKernel(Device, Executable, "fixed", 5, &Fixed),
            mux_success);
  const uint64_t Global[2] = {64, 4};
  uint64_t Local[3] = {0, 0, 0};
  ASSERT_EQ(muxGetDefaultLocalSize(Device, Fixed, 2, Global, 0, Local),
            mux_success);
  EXPECT_EQ(Local[0], 8u);
  EXPECT_EQ(Local[1], 2u);
  EXPECT_EQ(Local[2], 1u);
  // Ranges there is no size for.
  const uint64_t Empty[1] = {0};
  EXPECT_EQ(muxGetDefaultLocalSize(Device, Scale, 1, Empty, 0, Local),
            mux_error_invalid_value);
  EXPECT_EQ(muxGetDefaultLocalSize(Device, Scale, 4, Global, 0, Local),
            mux_error_invalid_value);
  EXPECT_EQ(muxGetDefaultLocalSize(Device, Scale, 1, Global, 0, nullptr),
            mux_error_null_out_parameter);
  EXPECT_EQ(muxGetDefaultLocalSize(Device, Scale, 1, nullptr, 0, Local),
            mux_error_null_out_parameter);
  EXPECT_EQ(muxGetDefaultLocalSize(Device, Scale, 1, Global, 2, Local),
            mux_error_invalid_value);
  muxDestroyKernel(Device, Fixed);
}

/// Where the range may end in a smaller group, a divisor under half the cap
/// gives way to the cap: a prime range runs in groups of 256, not of 1.
TEST_F(DriverMisuse, TheDefaultWorkGroupSizeOfANonUniformRangeNeedNotDivide) {
  const uint64_t Cap =
      std::min<uint64_t>({256, DeviceInfo->max_work_items_per_group,
                          DeviceInfo->max_work_group_size[0]});
  ASSERT_EQ(Cap, 256u) << "the cases below assume a cap of 256";
  for (auto [Global, Expected] : std::vector<std::pair<uint64_t, uint64_t>>{
           {257, 256},         // a prime past the cap: 1 does not do
           {1000003, 256},     // a large prime
           {3 * 89, 256},      // 89, the largest divisor, is under 128
           {2 * 131, 131},     // 131 is over half the cap: it divides
           {1000, 250},        // as without the flag
           {7, 7},             // the whole range when it is small
           {3 * 1024, 256}}) { // a divisor at the cap
    const uint64_t Range[3] = {Global, 3, 2};
    uint64_t Local[3] = {0, 0, 0};
    ASSERT_EQ(muxGetDefaultLocalSize(Device, Scale, 3, Range,
                                     mux_local_size_flag_partial_groups, Local),
              mux_success);
    EXPECT_EQ(Local[0], Expected) << Global;
    EXPECT_EQ(Local[1], 1u);
    EXPECT_EQ(Local[2], 1u);
  }
  // A kernel's reqd_work_group_size still wins.
  mux_kernel_t Fixed;
  ASSERT_EQ(muxCreateKernel(Device, Executable, "fixed", 5, &Fixed),
            mux_success);
  const uint64_t Prime[1] = {257};
  uint64_t Local[3] = {0, 0, 0};
  ASSERT_EQ(muxGetDefaultLocalSize(Device, Fixed, 1, Prime,
                                   mux_local_size_flag_partial_groups, Local),
            mux_success);
  EXPECT_EQ(Local[0], 8u);
  muxDestroyKernel(Device, Fixed);
}

TEST_F(DriverMisuse, TooMuchLocalMemoryIsRefused) {
  mux_kernel_t WithLocal;
  ASSERT_EQ(muxCreateKernel(Device, Executable, "with_local", 10, &WithLocal),
            mux_success);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  std::vector<mux_descriptor_info_s> Args(2);
  Args[0].type = mux_descriptor_info_type_buffer;
  Args[0].buffer = Out;
  Args[1].type = mux_descriptor_info_type_shared_local_buffer;
  Args[1].data_size = DeviceInfo->local_memory_size + 4;
  const uint64_t Global[1] = {N};
  mux_ndrange_options_s O = options(Args, Global, 64);
  EXPECT_EQ(muxCommandNDRange(CB, WithLocal, &O), mux_error_invalid_value);
  // The right amount runs: each group's ids, reversed.
  Args[1].data_size = 64 * sizeof(int);
  ASSERT_EQ(muxCommandNDRange(CB, WithLocal, &O), mux_success);
  ASSERT_NO_FATAL_FAILURE(submit(CB));
  std::vector<int> Got = contents(Out);
  for (uint64_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[I], static_cast<int>(I / 64 * 64 + 63 - I % 64)) << I;
  muxDestroyCommandBuffer(Device, CB);
  muxDestroyKernel(Device, WithLocal);
}

TEST_F(DriverMisuse, ABufferBoundTwiceIsRefused) {
  mux_memory_t Other;
  ASSERT_EQ(muxAllocateMemory(Device, N * sizeof(int), 0,
                              mux_memory_property_host_coherent, &Other),
            mux_success);
  EXPECT_EQ(muxBindBufferMemory(Device, Other, Out, 0),
            mux_error_invalid_state);
  muxFreeMemory(Device, Other);
  // Still bound where it was.
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  runAndCheck(CB, In, Out);
  muxDestroyCommandBuffer(Device, CB);
}

TEST_F(DriverMisuse, MemoryAndBuffersReleasedWhileRecordedStillRun) {
  // A command buffer recorded with its own input and output, whose buffers
  // and memory are then released before it is dispatched.
  mux_buffer_t Source = makeBuffer(Input);
  mux_buffer_t Target = makeBuffer(std::vector<int>(N, -1));
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  ASSERT_NO_FATAL_FAILURE(recordScale(CB, Source, Target));
  std::vector<int> Result(N, 0);
  ASSERT_EQ(muxCommandReadBuffer(CB, Target, 0, Result.data(), N * sizeof(int)),
            mux_success);
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  for (mux_buffer_t B : {Source, Target}) {
    muxFreeMemory(Device, MemoryOf[B]);
    muxDestroyBuffer(Device, B);
    Memories.erase(std::find(Memories.begin(), Memories.end(), MemoryOf[B]));
    Buffers.erase(std::find(Buffers.begin(), Buffers.end(), B));
  }
  // Other allocations of the same size may now reuse freed blocks: they
  // must not be the recorded buffers' bytes.
  mux_buffer_t Decoy = makeBuffer(std::vector<int>(N, 7));
  ASSERT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  for (uint64_t I = 0; I < N; ++I)
    ASSERT_EQ(Result[I], Input[I] * Factor) << "element " << I;
  EXPECT_EQ(contents(Decoy), std::vector<int>(N, 7));
  muxDestroyCommandBuffer(Device, CB);

  // A buffer whose memory was released keeps working.
  mux_buffer_t Kept = makeBuffer(std::vector<int>(N, -1));
  mux_memory_t KeptMemory = MemoryOf[Kept];
  mux_command_buffer_t Write;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &Write), mux_success);
  std::vector<int> Back(N, 0);
  ASSERT_EQ(
      muxCommandWriteBuffer(Write, Kept, 0, Input.data(), N * sizeof(int)),
      mux_success);
  muxFreeMemory(Device, KeptMemory);
  Memories.erase(std::find(Memories.begin(), Memories.end(), KeptMemory));
  ASSERT_EQ(muxCommandReadBuffer(Write, Kept, 0, Back.data(), N * sizeof(int)),
            mux_success);
  ASSERT_NO_FATAL_FAILURE(submit(Write));
  EXPECT_EQ(Back, Input);
  muxDestroyCommandBuffer(Device, Write);
}

TEST_F(DriverMisuse, ExecutablesAndKernelsDestroyedWhileRecordedStillRun) {
  mux_executable_t Loaded;
  ASSERT_EQ(muxCreateExecutable(Device, Binary.data(), Binary.size(), &Loaded),
            mux_success);
  mux_kernel_t Kernel;
  ASSERT_EQ(muxCreateKernel(Device, Loaded, "scale", 5, &Kernel), mux_success);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  ASSERT_NO_FATAL_FAILURE(recordScale(CB, In, Out, Kernel));
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  muxDestroyKernel(Device, Kernel);
  muxDestroyExecutable(Device, Loaded);
  // Another binary loaded now, likely where the recorded code would have
  // been unmapped from, must not take its place.
  std::vector<char> Other;
  ASSERT_EQ(compileKernel("__kernel void scale(__global const int *in, "
                          "__global int *out, int factor) {\n"
                          "  size_t i = get_global_id(0);\n"
                          "  out[i] = in[i] - factor;\n}\n",
                          Other, "", "reference", "decoy.cl"),
            "");
  mux_executable_t Decoy;
  ASSERT_EQ(muxCreateExecutable(Device, Other.data(), Other.size(), &Decoy),
            mux_success);
  ASSERT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  std::vector<int> Got = contents(Out);
  for (uint64_t I = 0; I < N; ++I)
    ASSERT_EQ(Got[I], Input[I] * Factor) << "element " << I;
  muxDestroyCommandBuffer(Device, CB);
  muxDestroyExecutable(Device, Decoy);
}

/// The offsets of \p Object's section headers (an ELF64 relocatable) and
/// their names.
std::vector<std::pair<uint64_t, std::string>>
sectionHeaders(const std::vector<char> &Object) {
  auto Read = [&](uint64_t At, unsigned Bytes) {
    uint64_t V = 0;
    std::memcpy(&V, Object.data() + At, Bytes);
    return V;
  };
  uint64_t Table = Read(0x28, 8);
  uint64_t EntrySize = Read(0x3a, 2), Count = Read(0x3c, 2);
  uint64_t NamesOffset = Read(Table + Read(0x3e, 2) * EntrySize + 0x18, 8);
  std::vector<std::pair<uint64_t, std::string>> Headers;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Header = Table + I * EntrySize;
    Headers.push_back({Header, Object.data() + NamesOffset + Read(Header, 4)});
  }
  return Headers;
}

TEST_F(DriverMisuse, BinariesItCannotRunAreRefused) {
  std::vector<std::pair<uint64_t, std::string>> Headers =
      sectionHeaders(Binary);
  auto Field = [](std::vector<char> &Object, uint64_t At) {
    return reinterpret_cast<uint8_t *>(Object.data() + At);
  };
  mux_executable_t Refused = nullptr;

  // Another ABI version: the descriptors' ABI field (after the magic number
  // and the format version) changed.
  std::vector<char> Other = Binary;
  auto Descriptors =
      std::find_if(Headers.begin(), Headers.end(), [](const auto &H) {
        return H.second == LOOM_DESCRIPTOR_SECTION;
      });
  ASSERT_NE(Descriptors, Headers.end());
  uint64_t Section = 0;
  std::memcpy(&Section, Field(Other, Descriptors->first + 0x18), 8);
  uint32_t Version = 0;
  std::memcpy(&Version, Field(Other, Section + 8), 4);
  ASSERT_EQ(Version, static_cast<uint32_t>(LOOM_ABI_VERSION))
      << "the descriptors' layout moved: update this test";
  Version += 1;
  std::memcpy(Field(Other, Section + 8), &Version, 4);
  EXPECT_EQ(muxCreateExecutable(Device, Other.data(), Other.size(), &Refused),
            mux_error_unsupported_binary);

  // Constructors: Loom's compiler makes none, so one of the binary's
  // allocated data sections is retyped as an .init_array.
  std::vector<char> WithConstructors = Binary;
  bool Retyped = false;
  for (const auto &[Header, Name] : Headers) {
    uint64_t Flags = 0, Size = 0;
    std::memcpy(&Flags, Field(WithConstructors, Header + 0x8), 8);
    std::memcpy(&Size, Field(WithConstructors, Header + 0x20), 8);
    const uint64_t Alloc = 0x2, Exec = 0x4;
    if ((Flags & Alloc) && !(Flags & Exec) && Size) {
      const uint32_t InitArray = 14; // SHT_INIT_ARRAY
      std::memcpy(Field(WithConstructors, Header + 0x4), &InitArray, 4);
      Retyped = true;
      break;
    }
  }
  ASSERT_TRUE(Retyped) << "no allocated data section to retype";
  EXPECT_EQ(muxCreateExecutable(Device, WithConstructors.data(),
                                WithConstructors.size(), &Refused),
            mux_error_invalid_binary);

  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  runAndCheck(CB, In, Out);
  muxDestroyCommandBuffer(Device, CB);
}

TEST_F(DriverMisuse, TwoDevicesFromSeveralThreadsAtOnce) {
  mux_device_t Second;
  ASSERT_EQ(muxCreateDevices(1, &DeviceInfo, &Second), mux_success);
  mux_executable_t SecondExecutable;
  ASSERT_EQ(muxCreateExecutable(Second, Binary.data(), Binary.size(),
                                &SecondExecutable),
            mux_success);
  mux_kernel_t SecondScale;
  ASSERT_EQ(muxCreateKernel(Second, SecondExecutable, "scale", 5, &SecondScale),
            mux_success);
  mux_queue_t SecondQueue;
  ASSERT_EQ(muxGetQueue(Second, 0, &SecondQueue), mux_success);

  // Each thread launches on its device, its own buffers, 20 times, checking
  // each time; the threads share each device's queue two by two.
  auto Work = [&](mux_device_t D, mux_queue_t Q, mux_kernel_t K, int Seed,
                  std::vector<std::string> &Errors) {
    std::vector<int> From(N), To(N);
    for (int Round = 0; Round < 20 && Errors.empty(); ++Round) {
      for (uint64_t I = 0; I < N; ++I)
        From[I] = Seed * 1000 + Round * 10 + static_cast<int>(I);
      mux_memory_t M;
      mux_buffer_t A, B;
      mux_command_buffer_t CB;
      if (muxAllocateMemory(D, 2 * N * sizeof(int), 0,
                            mux_memory_property_host_coherent,
                            &M) != mux_success ||
          muxCreateBuffer(D, N * sizeof(int), &A) != mux_success ||
          muxCreateBuffer(D, N * sizeof(int), &B) != mux_success ||
          muxBindBufferMemory(D, M, A, 0) != mux_success ||
          muxBindBufferMemory(D, M, B, N * sizeof(int)) != mux_success ||
          muxCreateCommandBuffer(D, &CB) != mux_success) {
        Errors.push_back("setup failed");
        return;
      }
      std::vector<mux_descriptor_info_s> Args = scaleArgs(A, B);
      const uint64_t Global[1] = {N};
      mux_ndrange_options_s O = options(Args, Global, 32);
      mux_fence_t Fence;
      if (muxCommandWriteBuffer(CB, A, 0, From.data(), N * sizeof(int)) ||
          muxCommandNDRange(CB, K, &O) ||
          muxCommandReadBuffer(CB, B, 0, To.data(), N * sizeof(int)) ||
          muxFinalizeCommandBuffer(CB) || muxCreateFence(D, &Fence) ||
          muxDispatch(Q, CB, Fence, nullptr, 0, nullptr, 0, nullptr, nullptr) ||
          muxTryWait(Q, UINT64_MAX, Fence)) {
        Errors.push_back("a launch failed");
        return;
      }
      for (uint64_t I = 0; I < N; ++I)
        if (To[I] != From[I] * Factor) {
          Errors.push_back("round " + std::to_string(Round) + ", element " +
                           std::to_string(I));
          break;
        }
      muxDestroyFence(D, Fence);
      muxDestroyCommandBuffer(D, CB);
      muxDestroyBuffer(D, A);
      muxDestroyBuffer(D, B);
      muxFreeMemory(D, M);
    }
  };
  std::vector<std::vector<std::string>> Errors(4);
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T) {
    bool First = T % 2 == 0;
    Threads.emplace_back(Work, First ? Device : Second,
                         First ? Queue : SecondQueue,
                         First ? Scale : SecondScale, T, std::ref(Errors[T]));
  }
  for (std::thread &T : Threads)
    T.join();
  for (int T = 0; T < 4; ++T)
    EXPECT_TRUE(Errors[T].empty()) << "thread " << T << ": " << Errors[T][0];

  muxDestroyKernel(Second, SecondScale);
  muxDestroyExecutable(Second, SecondExecutable);
  muxDestroyDevice(Second);
  // The first device still runs.
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  runAndCheck(CB, In, Out);
  muxDestroyCommandBuffer(Device, CB);
}

} // namespace
