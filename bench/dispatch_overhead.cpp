//===- dispatch_overhead.cpp - Executor overhead and scaling --------------===//
///
/// \file
/// Prints two figures of the reference driver:
///  - the cost per work-group over 2^20 work-items with local sizes 1, 64
///    and 256, for an empty kernel (the compiler deletes its loops, so this
///    is the executor alone: waking the workers, chunking, the call into the
///    kernel) and for one store per work-group (the work-group loops too);
///  - the time of a compute-bound kernel with 1 worker and with every
///    worker, and the speed-up between them.
/// Durations come from the driver's query pools (the time the queue spends
/// on the ND-range, not the host's wait); each figure is the median of
/// --repeat launches after one warm-up launch.
///
//===----------------------------------------------------------------------===//

#include "dispatch_kernels.h"
#include "mux/mux.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

bool check(mux_result_t Result, const char *What) {
  if (Result == mux_success)
    return true;
  std::fprintf(stderr, "dispatch-overhead: error: %s: %s\n", What,
               muxGetLastErrorMessage());
  return false;
}

/// A device with the benchmark's kernels loaded and one output buffer.
class Bench {
public:
  ~Bench() {
    if (Device) {
      muxDestroyBuffer(Device, Output);
      muxFreeMemory(Device, Memory);
      muxDestroyExecutable(Device, Executable);
      muxDestroyDevice(Device);
    }
  }

  /// Creates the device; \p Workers of 0 keeps the default (one per core).
  bool init(unsigned Workers, uint64_t OutputBytes) {
    if (Workers)
      setenv("LOOM_NUM_THREADS", std::to_string(Workers).c_str(), 1);
    else
      unsetenv("LOOM_NUM_THREADS");
    mux_device_info_t Info;
    return check(muxGetDeviceInfos(1, &Info, nullptr), "device info") &&
           check(muxCreateDevices(1, &Info, &Device), "device") &&
           check(muxGetQueue(Device, 0, &Queue), "queue") &&
           check(muxCreateExecutable(Device, dispatch_kernels_loom,
                                     dispatch_kernels_loom_size, &Executable),
                 "executable") &&
           check(muxAllocateMemory(Device, OutputBytes, 0,
                                   mux_memory_property_host_coherent, &Memory),
                 "memory") &&
           check(muxCreateBuffer(Device, OutputBytes, &Output), "buffer") &&
           check(muxBindBufferMemory(Device, Memory, Output, 0), "bind");
  }

  /// The median duration in ns of \p Repeat launches of \p Name.
  bool time(const char *Name, const std::vector<mux_descriptor_info_s> &Args,
            uint64_t GlobalSize, uint64_t LocalSize, unsigned Repeat,
            double &MedianNs) {
    mux_kernel_t Kernel;
    if (!check(muxCreateKernel(Device, Executable, Name, std::strlen(Name),
                               &Kernel),
               "kernel"))
      return false;
    mux_ndrange_options_s Options = {};
    Options.descriptors = Args.data();
    Options.descriptors_length = Args.size();
    Options.local_size[0] = LocalSize;
    Options.local_size[1] = Options.local_size[2] = 1;
    Options.global_size = &GlobalSize;
    Options.dimensions = 1;

    unsigned Launches = Repeat + 1; // The first one warms up.
    mux_query_pool_t Pool;
    mux_command_buffer_t CB;
    bool Ok = check(muxCreateQueryPool(Device, Launches, &Pool), "query pool");
    Ok = Ok && check(muxCreateCommandBuffer(Device, &CB), "command buffer");
    for (unsigned I = 0; Ok && I < Launches; ++I)
      Ok = check(muxCommandBeginQuery(CB, Pool, I), "begin query") &&
           check(muxCommandNDRange(CB, Kernel, &Options), "nd-range") &&
           check(muxCommandEndQuery(CB, Pool, I), "end query");
    std::vector<uint64_t> Durations(Launches);
    Ok = Ok && check(muxFinalizeCommandBuffer(CB), "finalize") &&
         check(muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr,
                           nullptr),
               "dispatch") &&
         check(muxWaitAll(Queue), "wait") &&
         check(muxGetQueryPoolResults(Pool, 0, Launches, Durations.data()),
               "query results");
    muxDestroyCommandBuffer(Device, CB);
    muxDestroyQueryPool(Device, Pool);
    muxDestroyKernel(Device, Kernel);
    if (!Ok)
      return false;
    std::vector<uint64_t> Measured(Durations.begin() + 1, Durations.end());
    std::nth_element(Measured.begin(), Measured.begin() + Measured.size() / 2,
                     Measured.end());
    MedianNs = static_cast<double>(Measured[Measured.size() / 2]);
    return true;
  }

  mux_descriptor_info_s outputArgument() const {
    mux_descriptor_info_s Arg = {};
    Arg.type = mux_descriptor_info_type_buffer;
    Arg.buffer = Output;
    return Arg;
  }

private:
  mux_device_t Device = nullptr;
  mux_queue_t Queue = nullptr;
  mux_executable_t Executable = nullptr;
  mux_memory_t Memory = nullptr;
  mux_buffer_t Output = nullptr;
};

constexpr uint64_t WorkItems = 1 << 20;

bool printPerGroupOverhead(const char *Kernel, unsigned Repeat) {
  Bench B;
  if (!B.init(0, WorkItems * sizeof(float)))
    return false;
  std::printf("\n%s, %llu work-items, default workers\n", Kernel,
              static_cast<unsigned long long>(WorkItems));
  std::printf("%10s %12s %14s %14s\n", "local", "groups", "total ms",
              "ns/group");
  for (uint64_t Local : {1, 64, 256}) {
    double Ns;
    if (!B.time(Kernel, {B.outputArgument()}, WorkItems, Local, Repeat, Ns))
      return false;
    uint64_t Groups = WorkItems / Local;
    std::printf("%10llu %12llu %14.3f %14.2f\n",
                static_cast<unsigned long long>(Local),
                static_cast<unsigned long long>(Groups), Ns / 1e6,
                Ns / static_cast<double>(Groups));
  }
  return true;
}

bool printScaling(unsigned Repeat, int Iterations) {
  std::printf("\nbusy kernel, %llu work-items x %d multiply-adds, local 64\n",
              static_cast<unsigned long long>(WorkItems), Iterations);
  std::printf("%10s %14s %10s\n", "workers", "ms", "speed-up");
  double OneWorker = 0;
  for (unsigned Workers : {1u, 2u}) {
    Bench B;
    if (!B.init(Workers, WorkItems * sizeof(float)))
      return false;
    mux_descriptor_info_s Count = {};
    Count.type = mux_descriptor_info_type_plain_old_data;
    Count.data = &Iterations;
    Count.data_size = sizeof(Iterations);
    double Ns;
    if (!B.time("busy", {B.outputArgument(), Count}, WorkItems, 64, Repeat, Ns))
      return false;
    if (Workers == 1)
      OneWorker = Ns;
    std::printf("%10u %14.3f %10.2f\n", Workers, Ns / 1e6, OneWorker / Ns);
  }
  return true;
}

bool parseUnsigned(const char *Text, unsigned &Out) {
  char *End = nullptr;
  unsigned long Value = std::strtoul(Text, &End, 10);
  if (End == Text || *End || Value == 0 || Value > 100000)
    return false;
  Out = static_cast<unsigned>(Value);
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Repeat = 11, Iterations = 1000;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    unsigned *Target = Arg == "--repeat"            ? &Repeat
                       : Arg == "--busy-iterations" ? &Iterations
                                                    : nullptr;
    if (!Target || I + 1 == Argc || !parseUnsigned(Argv[++I], *Target)) {
      std::fprintf(stderr, "usage: dispatch-overhead [--repeat N] "
                           "[--busy-iterations N]\n");
      return 2;
    }
  }
  bool Ok = printPerGroupOverhead("empty", Repeat) &&
            printPerGroupOverhead("store_per_group", Repeat) &&
            printScaling(Repeat, static_cast<int>(Iterations));
  return Ok ? 0 : 1;
}
