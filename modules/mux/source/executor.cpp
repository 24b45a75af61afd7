//===- executor.cpp - Runs command buffers on the workers -----------------===//
///
/// \file
/// Executes recorded commands. An ND-range's work-groups are cut into one
/// share per worker, and each share into chunks: a worker takes the chunks
/// of its own share, then of the others', so faster workers take more (a
/// large buffer write is shared out the same way). Each worker fills its
/// own work-group info on its stack and calls the kernel's entry point
/// once per chunk, which runs the chunk's work-groups, through a catch
/// point (kernel_faults.h): a kernel that traps, or faults in a guard page
/// of a bounds-checked buffer (bounds_check.h), ends its launch and its
/// command buffer, and the queue tells the host why.
///
//===----------------------------------------------------------------------===//

#include "accumulators.h"
#include "bounds_check.h"
#include "environment.h"
#include "kernel_faults.h"
#include "objects.h"
#include "openmp_runtime.h"
#include "printf.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace mux {

namespace {

/// Chunks per worker: enough to even out unequal work-groups, few enough
/// that the shared counters are not contended.
constexpr uint64_t ChunksPerWorker = 16;

/// Writes and fills of at least this many bytes are shared out among the
/// workers.
constexpr uint64_t SharedWriteMinimum = 1 << 20;

/// A range of indices (work-groups, or bytes of a write) cut into one
/// contiguous share per worker. Each worker takes chunks of its own share
/// first, in order, then of the others': the range is done whichever
/// workers join, and faster workers take more. A launch and the writes
/// before it are cut alike, so that in a launch whose work-groups walk its
/// buffers in order (the streaming kernels), a worker reads what it wrote,
/// from its own caches.
class SharedRange {
public:
  SharedRange(uint64_t Total, unsigned Workers, uint64_t Chunk)
      : Shares(new Share[Workers]), Count(Workers), Chunk(Chunk) {
    for (unsigned W = 0; W < Workers; ++W) {
      Shares[W].Next.store(boundary(Total, W, Workers),
                           std::memory_order_relaxed);
      Shares[W].End = boundary(Total, W + 1, Workers);
    }
  }

  /// Claims the next chunk for \p Worker, [Begin, End); false when none is
  /// left.
  bool claim(unsigned Worker, uint64_t &Begin, uint64_t &End) {
    for (unsigned K = 0; K < Count; ++K) {
      Share &S = Shares[(Worker + K) % Count];
      if (S.Next.load(std::memory_order_relaxed) >= S.End)
        continue;
      uint64_t First = S.Next.fetch_add(Chunk, std::memory_order_relaxed);
      if (First < S.End) {
        Begin = First;
        End = std::min(S.End, First + Chunk);
        return true;
      }
    }
    return false;
  }

private:
  /// Where share \p W begins: Total * W / Workers, without overflow.
  static uint64_t boundary(uint64_t Total, unsigned W, unsigned Workers) {
    return static_cast<uint64_t>(static_cast<unsigned __int128>(Total) * W /
                                 Workers);
  }

  // One cache line each: the workers' counters must not share one.
  struct alignas(64) Share {
    std::atomic<uint64_t> Next;
    uint64_t End;
  };
  std::unique_ptr<Share[]> Shares;
  unsigned Count;
  uint64_t Chunk;
};

/// Points the pointer at \p Offset of \p Packed to \p Address.
void patchPointer(uint8_t *Packed, uint32_t Offset, const void *Address) {
  std::memcpy(Packed + Offset, &Address, sizeof(Address));
}

/// Zeroes worker \p State's copies of \p Launch's accumulators and points
/// its packed arguments at them.
void preparePrivateAccumulators(WorkerState &State,
                                const NDRangeCommand &Launch) {
  if (State.AccumulatorCopiesSize < Launch.AccumulatorCopyBytes) {
    State.AccumulatorCopies = allocateAligned(Launch.AccumulatorCopyBytes, 64);
    State.AccumulatorCopiesSize = Launch.AccumulatorCopyBytes;
  }
  std::memset(State.AccumulatorCopies.get(), 0, Launch.AccumulatorCopyBytes);
  for (const PrivateAccumulator &A : Launch.Accumulators)
    patchPointer(State.PackedArgs.get(), A.PackedOffset,
                 State.AccumulatorCopies.get() + A.CopyOffset);
}

/// The packed arguments and arena worker \p State uses for \p Launch: the
/// shared packed arguments when the kernel has no __local argument and
/// \p Privatize is off, else the worker's own copy pointing into its own
/// arena and, with \p Privatize, to its own zeroed accumulators.
const void *prepareWorker(WorkerState &State, const NDRangeCommand &Launch,
                          bool Privatize) {
  if (State.ArenaSize < Launch.ArenaSize) {
    State.ArenaListing.reset();
    State.Arena =
        allocateAligned(Launch.ArenaSize, LOOM_LOCAL_MEMORY_ALIGNMENT);
    State.ArenaSize = Launch.ArenaSize;
    State.ArenaListing = localArenas().list(State.Arena.get(), State.ArenaSize);
  }
  if (Launch.LocalArguments.empty() && !Privatize)
    return Launch.PackedArgs.get();
  if (State.PackedArgsSize < Launch.PackedArgsSize) {
    State.PackedArgs = allocateAligned(Launch.PackedArgsSize, 128);
    State.PackedArgsSize = Launch.PackedArgsSize;
  }
  std::memcpy(State.PackedArgs.get(), Launch.PackedArgs.get(),
              Launch.PackedArgsSize);
  for (const LocalArgument &Local : Launch.LocalArguments)
    patchPointer(State.PackedArgs.get(), Local.PackedOffset,
                 State.Arena.get() + Local.ArenaOffset);
  if (Privatize)
    preparePrivateAccumulators(State, Launch);
  return State.PackedArgs.get();
}

/// The launch-wide fields of the work-group info, in either layout (the
/// entry point sets the per-group ones).
template <class InfoT>
void fillWorkGroupInfo(InfoT &Info, const NDRangeCommand &Launch,
                       uint8_t *Arena) {
  std::memset(&Info, 0, sizeof(Info));
  for (unsigned D = 0; D < 3; ++D) {
    Info.num_groups[D] = Launch.NumGroups[D];
    Info.global_offset[D] = Launch.GlobalOffset[D];
    Info.local_size[D] = Launch.LocalSize[D];
    Info.enqueued_local_size[D] = Launch.LocalSize[D];
    Info.global_size[D] = Launch.GlobalSize[D];
  }
  Info.work_dim = Launch.Dimensions;
  Info.local_memory = Arena;
  Info.local_memory_size = static_cast<uint32_t>(Launch.ArenaSize);
}

/// Makes the kernel's non-temporal stores (streaming-stores), which x86
/// keeps out of its usual store order, visible before the worker says its
/// part is done (the release of ThreadPool's join count orders only the
/// usual stores).
void fenceStreamingStores() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_sfence();
#else
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}

/// The first fault of a launch; the workers stop taking work-groups once
/// there is one.
class LaunchFault {
public:
  bool happened() const { return Happened.load(std::memory_order_relaxed); }
  void record(const KernelFault &Fault) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!First)
      First = Fault;
    Happened.store(true, std::memory_order_relaxed);
  }
  /// What the host is told; empty when there was no fault.
  std::string describe(const NDRangeCommand &Launch) const {
    return First ? describeKernelFault(*First, Launch.Kernel->Name,
                                       Launch.CheckedArguments)
                 : std::string();
  }

private:
  std::atomic<bool> Happened{false};
  std::mutex Mutex;
  std::optional<KernelFault> First;
};

/// Runs a chunk of work-groups; a kernel fault goes to \p Fault instead of
/// ending the process.
void runChunk(const NDRangeCommand &Launch, const void *Args, void *Info,
              uint64_t Begin, uint64_t End, LaunchFault &Fault) {
  // No OpenMP state of an earlier launch (or one a fault left) carries over.
  startOpenMPInitialThread();
  if (std::optional<KernelFault> F =
          callCatchingKernelFaults(Launch.Entry, Args, Info, Begin, End))
    Fault.record(*F);
}

/// Runs \p Launch; returns what the host is told of a kernel fault, or an
/// empty string.
std::string runNDRange(ThreadPool &Workers, std::vector<WorkerState> &States,
                       const NDRangeCommand &Launch) {
  const uint64_t Total =
      Launch.NumGroups[0] * Launch.NumGroups[1] * Launch.NumGroups[2];
  const uint64_t Chunk =
      std::max<uint64_t>(1, Total / (Workers.size() * ChunksPerWorker));
  SharedRange Groups(Total, Workers.size(), Chunk);

  // One chunk is all the caller's: waking a worker for it would only cost.
  const bool OneChunk = Chunk >= Total;
  // With one thread running it all, nobody contends for the accumulators.
  const bool Privatize = !OneChunk && !Launch.Accumulators.empty();
  LaunchFault Fault;
  Workers.runJob(
      [&](unsigned Worker) {
        const void *Args = prepareWorker(States[Worker], Launch, Privatize);
        uint8_t *Arena = States[Worker].Arena.get();
        // The layout the kernel's descriptor names (metadata/abi.h).
        loom_work_group_info_t Reference;
        loom_csa_work_group_info_t CSA;
        void *Info = &Reference;
        if (Launch.WorkGroupInfoLayout == LOOM_WORK_GROUP_INFO_CSA) {
          fillWorkGroupInfo(CSA, Launch, Arena);
          Info = &CSA;
        } else {
          fillWorkGroupInfo(Reference, Launch, Arena);
        }
        uint64_t Begin, End;
        while (!Fault.happened() && Groups.claim(Worker, Begin, End))
          runChunk(Launch, Args, Info, Begin, End, Fault);
        if (Privatize)
          addAccumulatorCopies(States[Worker].AccumulatorCopies.get(), Launch);
        fenceStreamingStores();
      },
      OneChunk);
  return Fault.describe(Launch);
}

/// Calls \p Part(Begin, End) on pieces that cover [0, \p Size), shared out
/// among the workers when there are many bytes (cut as runNDRange cuts a
/// launch: see SharedRange).
template <typename PartFn>
void shareBytes(ThreadPool &Workers, uint64_t Size, const PartFn &Part) {
  if (Size < SharedWriteMinimum || Workers.size() == 1) {
    Part(uint64_t(0), Size);
    return;
  }
  const uint64_t Chunk = Size / (Workers.size() * ChunksPerWorker);
  SharedRange Bytes(Size, Workers.size(), Chunk);
  Workers.runJob([&](unsigned Worker) {
    uint64_t Begin, End;
    while (Bytes.claim(Worker, Begin, End))
      Part(Begin, End);
  });
}

/// Copies \p Size bytes, shared out among the workers when there are many.
void writeShared(ThreadPool &Workers, uint8_t *Destination, const void *Source,
                 uint64_t Size) {
  shareBytes(Workers, Size, [&](uint64_t Begin, uint64_t End) {
    std::memcpy(Destination + Begin,
                static_cast<const uint8_t *>(Source) + Begin, End - Begin);
  });
}

/// The bytes a fill copies at a time: a multiple of every pattern size.
constexpr uint64_t FillBlock = 4096;

/// Fills \p C's destination with its pattern, shared out among the workers
/// when it is large. A pattern of one repeated byte is a memset; another
/// is copied a block of patterns at a time (a copy per pattern, 4 bytes at
/// a time, ran at a fifth of the memory's speed).
void fillShared(ThreadPool &Workers, const FillCommand &C) {
  const uint8_t *Pattern = C.Pattern.data();
  if (std::all_of(Pattern, Pattern + C.PatternSize,
                  [&](uint8_t Byte) { return Byte == Pattern[0]; })) {
    shareBytes(Workers, C.Size, [&](uint64_t Begin, uint64_t End) {
      std::memset(C.Destination + Begin, Pattern[0], End - Begin);
    });
    return;
  }
  // A block and one more pattern, so that a piece that begins inside a
  // pattern copies from the same place in it.
  std::array<uint8_t, FillBlock + sizeof(C.Pattern)> Block;
  for (uint64_t At = 0; At < Block.size(); At += C.PatternSize)
    std::memcpy(Block.data() + At, Pattern, C.PatternSize);
  shareBytes(Workers, C.Size, [&](uint64_t Begin, uint64_t End) {
    const uint8_t *From = Block.data() + Begin % C.PatternSize;
    for (uint64_t At = Begin; At < End; At += FillBlock)
      std::memcpy(C.Destination + At, From, std::min(FillBlock, End - At));
  });
}

uint64_t nowNanoseconds() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

struct CommandRunner {
  mux_device_s &Device;
  mux_command_buffer_s &CB;
  /// Set by an ND-range whose kernel faulted (kernel_faults.h).
  std::string &Fault;
  /// Whether the kernel fault handlers are known to be in place; the
  /// user's callbacks may put handlers of their own in place.
  bool &HandlersArmed;
  void operator()(const WriteCommand &C) const {
    writeShared(*Device.Workers, C.Destination, C.Source, C.Size);
  }
  void operator()(const ReadCommand &C) const {
    std::memcpy(C.Destination, C.Source, C.Size);
  }
  void operator()(const CopyCommand &C) const {
    std::memmove(C.Destination, C.Source, C.Size);
  }
  void operator()(const FillCommand &C) const {
    fillShared(*Device.Workers, C);
  }
  void operator()(const RegionCopyCommand &C) const {
    for (uint64_t Z = 0; Z < C.Slices; ++Z)
      for (uint64_t Y = 0; Y < C.Rows; ++Y)
        std::memmove(C.Destination + Z * C.DestinationSlicePitch +
                         Y * C.DestinationRowPitch,
                     C.Source + Z * C.SourceSlicePitch + Y * C.SourceRowPitch,
                     C.Width);
  }
  void operator()(const CallbackCommand &C) const {
    C.Callback(&Device.Queue, &CB, C.UserData);
    HandlersArmed = false;
  }
  void operator()(const QueryCommand &C) const {
    (C.Begin ? C.Pool->Begin : C.Pool->End)[C.Index] = nowNanoseconds();
  }
  void operator()(const NDRangeCommand &C) const {
    if (!HandlersArmed) {
      armKernelFaultHandlers();
      HandlersArmed = true;
    }
    if (!C.PrintfSlot) {
      Fault = runNDRange(*Device.Workers, Device.WorkerStates, C);
      return;
    }
    // One queue thread runs a device's ND-ranges, so the executable's
    // buffer variable is this ND-range's alone while it runs.
    PrintfBuffer Buffer(printfCapacity());
    *C.PrintfSlot = Buffer.data();
    Fault = runNDRange(*Device.Workers, Device.WorkerStates, C);
    *C.PrintfSlot = nullptr;
    std::string Warning;
    std::string Text =
        Buffer.format({C.Image->imageBegin(), C.Image->imageSize()}, Warning);
    deliverPrintf(Text, Warning);
  }

  /// The kernel's printf output to the device's callback, or to stdout,
  /// where OpenCL's printf writes; the warning only to the callback (a
  /// library prints nothing of its own).
  void deliverPrintf(const std::string &Text,
                     const std::string &Warning) const {
    if (!Device.PrintfCallback) {
      std::fwrite(Text.data(), 1, Text.size(), stdout);
      std::fflush(stdout);
      return;
    }
    if (!Text.empty())
      Device.PrintfCallback(mux_printf_output, Text.data(), Text.size(),
                            Device.PrintfUserData);
    if (!Warning.empty())
      Device.PrintfCallback(mux_printf_dropped, Warning.data(), Warning.size(),
                            Device.PrintfUserData);
  }
};

} // namespace

std::string executeCommandBuffer(mux_device_s &Device,
                                 mux_command_buffer_s &CB) {
  std::string Fault;
  // The check that the fault handlers are in place is a system call (0.3
  // us here, more than an empty launch): once before the commands, outside
  // any query's interval, then again only after a callback.
  bool HandlersArmed = false;
  if (std::any_of(CB.Commands.begin(), CB.Commands.end(), [](const Command &C) {
        return std::holds_alternative<NDRangeCommand>(C);
      })) {
    armKernelFaultHandlers();
    HandlersArmed = true;
  }
  // After a fault, what the commands left would read or compute is not
  // what the host asked for: the command buffer stops there.
  for (auto C = CB.Commands.begin(); C != CB.Commands.end() && Fault.empty();
       ++C)
    std::visit(CommandRunner{Device, CB, Fault, HandlersArmed}, *C);
  return Fault;
}

} // namespace mux
