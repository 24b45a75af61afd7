//===- vector_add_host.cpp - A host program using an embedded kernel ------===//
///
/// \file
/// What a user's program looks like: the kernel was compiled for the CSA
/// target when the program was built (loom_add_kernels in CMakeLists.txt)
/// and is embedded in it; the program loads it with the mux API, runs it,
/// and checks every element.
///
//===----------------------------------------------------------------------===//

#include "mux/mux.h"
#include "vector_add_kernels.h"

#include <cstdio>
#include <vector>

namespace {

bool check(mux_result_t Result, const char *What) {
  if (Result == mux_success)
    return true;
  std::fprintf(stderr, "vector_add: error: %s: %s\n", What,
               muxGetLastErrorMessage());
  return false;
}

} // namespace

int main() {
  const size_t N = 1 << 16;
  std::vector<float> A(N), B(N), C(N, 0.0f);
  for (size_t I = 0; I < N; ++I) {
    A[I] = static_cast<float>(I);
    B[I] = static_cast<float>(2 * I) + 0.5f;
  }

  mux_device_info_t Info;
  mux_device_t Device;
  mux_queue_t Queue;
  mux_executable_t Executable;
  mux_kernel_t Kernel;
  mux_command_buffer_t Commands;
  if (!check(muxGetDeviceInfos(1, &Info, nullptr), "device info") ||
      !check(muxCreateDevices(1, &Info, &Device), "device") ||
      !check(muxGetQueue(Device, 0, &Queue), "queue") ||
      !check(muxCreateExecutable(Device, vector_add_loom, vector_add_loom_size,
                                 &Executable),
             "executable") ||
      !check(muxCreateKernel(Device, Executable, "vector_add", 10, &Kernel),
             "kernel") ||
      !check(muxCreateCommandBuffer(Device, &Commands), "command buffer"))
    return 1;

  std::vector<float> *Host[3] = {&A, &B, &C};
  mux_memory_t Memory[3];
  mux_buffer_t Buffers[3];
  mux_descriptor_info_s Args[3] = {};
  for (int I = 0; I < 3; ++I) {
    uint64_t Bytes = N * sizeof(float);
    if (!check(muxAllocateMemory(Device, Bytes, 0,
                                 mux_memory_property_host_coherent, &Memory[I]),
               "memory") ||
        !check(muxCreateBuffer(Device, Bytes, &Buffers[I]), "buffer") ||
        !check(muxBindBufferMemory(Device, Memory[I], Buffers[I], 0), "bind") ||
        !check(muxCommandWriteBuffer(Commands, Buffers[I], 0, Host[I]->data(),
                                     Bytes),
               "write"))
      return 1;
    Args[I].type = mux_descriptor_info_type_buffer;
    Args[I].buffer = Buffers[I];
  }
  const uint64_t Global[1] = {N};
  mux_ndrange_options_s Range = {};
  Range.descriptors = Args;
  Range.descriptors_length = 3;
  Range.local_size[0] = 256;
  Range.local_size[1] = Range.local_size[2] = 1;
  Range.global_size = Global;
  Range.dimensions = 1;
  if (!check(muxCommandNDRange(Commands, Kernel, &Range), "nd-range") ||
      !check(muxCommandReadBuffer(Commands, Buffers[2], 0, C.data(),
                                  N * sizeof(float)),
             "read") ||
      !check(muxFinalizeCommandBuffer(Commands), "finalize") ||
      !check(muxDispatch(Queue, Commands, nullptr, nullptr, 0, nullptr, 0,
                         nullptr, nullptr),
             "dispatch") ||
      !check(muxWaitAll(Queue), "wait"))
    return 1;

  size_t Wrong = 0;
  for (size_t I = 0; I < N; ++I)
    Wrong += C[I] != A[I] + B[I];
  muxDestroyCommandBuffer(Device, Commands);
  for (int I = 0; I < 3; ++I) {
    muxDestroyBuffer(Device, Buffers[I]);
    muxFreeMemory(Device, Memory[I]);
  }
  muxDestroyKernel(Device, Kernel);
  muxDestroyExecutable(Device, Executable);
  muxDestroyDevice(Device);
  std::printf("vector_add: %s: %zu of %zu elements right\n",
              Wrong ? "FAIL" : "PASS", N - Wrong, N);
  return Wrong ? 1 : 0;
}
