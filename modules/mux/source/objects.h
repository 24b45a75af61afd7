//===- objects.h - What the mux handles point to ---------------*- C++ -*-===//
///
/// \file
/// The driver's objects behind the opaque handles of mux/mux.h. Each begins
/// with its ObjectKind, so the entry layer can tell a handle of the wrong
/// kind from the right one before using it.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_OBJECTS_H
#define MUX_SOURCE_OBJECTS_H

#include "mux/mux.h"

#include "address_ranges.h"
#include "elf_loader.h"
#include "metadata/abi.h"
#include "metadata/kernel_descriptor.h"
#include "thread_pool.h"
#include "worker_thread.h"

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace mux {

/// What mux_device_info_s::builtin_features reports: the OpenCL C version,
/// extensions and features of compiler::OpenCLExtensions (the compiler's
/// tests check the two agree).
inline constexpr const char *BuiltinFeatures =
    "CL3.0 cl_khr_fp64 cl_khr_byte_addressable_store "
    "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
    "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
    "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics "
    "__opencl_c_fp64 __opencl_c_int64 __opencl_c_generic_address_space "
    "__opencl_c_program_scope_global_variables "
    "__opencl_c_work_group_collective_functions "
    "__opencl_c_atomic_order_acq_rel __opencl_c_atomic_order_seq_cst "
    "__opencl_c_atomic_scope_device __opencl_c_atomic_scope_all_devices "
    "__opencl_c_subgroups cl_khr_subgroup_extended_types "
    "cl_khr_subgroup_non_uniform_vote cl_khr_subgroup_ballot "
    "cl_khr_subgroup_non_uniform_arithmetic cl_khr_subgroup_shuffle "
    "cl_khr_subgroup_shuffle_relative cl_khr_subgroup_clustered_reduce "
    "__opencl_c_images __opencl_c_read_write_images "
    "__opencl_c_3d_image_writes cl_khr_3d_image_writes";

enum class ObjectKind : uint32_t {
  Device = 0x4d580001,
  Memory,
  Buffer,
  Executable,
  Kernel,
  CommandBuffer,
  Queue,
  QueryPool,
  Semaphore,
  Fence,
  Image,
  Destroyed = 0xdeadbeef,
};

/// Frees with std::free what std::aligned_alloc gave.
struct FreeDeleter {
  void operator()(void *P) const { std::free(P); }
};
using AlignedBytes = std::unique_ptr<uint8_t[], FreeDeleter>;
/// A memory allocation's bytes, shared by the memory object, the buffers
/// bound to it and the recorded commands that use them: freeing memory or
/// destroying a buffer that a command buffer still uses leaves the bytes
/// until the command buffer is destroyed.
using SharedBytes = std::shared_ptr<uint8_t>;

struct WriteCommand {
  uint8_t *Destination;
  const void *Source;
  uint64_t Size;
};

struct ReadCommand {
  void *Destination;
  const uint8_t *Source;
  uint64_t Size;
};

inline AlignedBytes allocateAligned(uint64_t Size, uint64_t Alignment) {
  uint64_t Rounded = (Size + Alignment - 1) / Alignment * Alignment;
  return AlignedBytes(static_cast<uint8_t *>(
      std::aligned_alloc(Alignment, Rounded ? Rounded : Alignment)));
}

/// A __local pointer argument: where the packed arguments hold it, and
/// where in the arena it points.
struct LocalArgument {
  uint32_t PackedOffset;
  uint64_t ArenaOffset;
};

/// A buffer argument the kernel only adds to (an accumulator,
/// doc/kernel-abi.md) that each worker running the launch adds to a zeroed
/// copy of instead, adding the copy into the buffer at the end.
struct PrivateAccumulator {
  /// Where the packed arguments hold the pointer to the buffer.
  uint32_t PackedOffset;
  /// Where the argument points, and the whole elements from there to the end
  /// of its buffer.
  uint8_t *Buffer;
  uint64_t Elements;
  /// Bytes of each element: the width of the kernel's additions.
  uint32_t ElementBytes;
  /// Where the copy starts in each worker's accumulator copies.
  uint64_t CopyOffset;
};

struct CopyCommand {
  uint8_t *Destination;
  const uint8_t *Source;
  uint64_t Size;
};

struct FillCommand {
  uint8_t *Destination;
  uint64_t Size;
  std::array<uint8_t, 128> Pattern;
  uint32_t PatternSize;
};

/// A box of \p Rows x \p Slices rows of \p Width bytes, at the given
/// starts and pitches.
struct RegionCopyCommand {
  uint8_t *Destination;
  const uint8_t *Source;
  uint64_t Width, Rows, Slices;
  uint64_t DestinationRowPitch, DestinationSlicePitch;
  uint64_t SourceRowPitch, SourceSlicePitch;
};

struct CallbackCommand {
  mux_command_user_callback_t Callback;
  void *UserData;
};

struct QueryCommand {
  mux_query_pool_s *Pool;
  uint32_t Index;
  bool Begin;
};

/// A loaded binary and its kernel descriptors, shared by its executable,
/// the kernels made from it and the launches recorded with them: an
/// executable or kernel destroyed while a command buffer uses it stays
/// loaded until the command buffer is destroyed.
struct LoadedProgram {
  std::unique_ptr<LoadedObject> Object;
  loom::metadata::ProgramDescriptor Program;
};

/// A buffer argument of a launch with bounds-checked buffers
/// (bounds_check.h): where the kernel's pointer points and how many bytes
/// of its buffer are there, to name the argument a fault is in.
struct CheckedArgument {
  uint32_t Index;
  const uint8_t *Begin;
  uint64_t Size;
};

struct NDRangeCommand {
  loom_kernel_entry_t Entry;
  AlignedBytes PackedArgs;
  uint32_t PackedArgsSize;
  /// Bytes of each worker's local-memory arena: the kernel's __local
  /// variables, then each __local argument.
  uint64_t ArenaSize;
  std::vector<LocalArgument> LocalArguments;
  /// The accumulators each worker keeps a copy of, and the bytes of those
  /// copies together; none when the launch runs on the buffers themselves.
  std::vector<PrivateAccumulator> Accumulators;
  uint64_t AccumulatorCopyBytes = 0;
  /// Rounded up: the last group of a dimension whose global size LocalSize
  /// does not divide is smaller (the entry point works out its size).
  std::array<uint64_t, 3> NumGroups;
  /// The enqueued local size.
  std::array<uint64_t, 3> LocalSize;
  std::array<uint64_t, 3> GlobalSize;
  std::array<uint64_t, 3> GlobalOffset;
  uint32_t Dimensions;
  /// Which work-group info struct the entry point takes.
  uint32_t WorkGroupInfoLayout = LOOM_WORK_GROUP_INFO_REFERENCE;
  /// The executable's `__loom_printf_buffer` variable, if the kernel's
  /// module calls printf, and the loaded image its strings are in.
  void **PrintfSlot = nullptr;
  const LoadedObject *Image = nullptr;
  /// The kernel's descriptor, for its name in what the host is told of a
  /// fault.
  const loom::metadata::KernelDescriptor *Kernel = nullptr;
  /// Keeps the code, Kernel, PrintfSlot and Image loaded.
  std::shared_ptr<const LoadedProgram> Loaded;
  /// With bounds-checked buffers: the kernel's buffer arguments, which a
  /// fault in a guard page is said to be past.
  std::vector<CheckedArgument> CheckedArguments;
};

using Command = std::variant<WriteCommand, ReadCommand, CopyCommand,
                             FillCommand, RegionCopyCommand, CallbackCommand,
                             QueryCommand, NDRangeCommand>;

} // namespace mux

namespace mux {
/// One muxDispatch: a command buffer, what it waits for and what it
/// signals when it has finished.
struct Submission {
  mux_command_buffer_s *CB = nullptr;
  mux_fence_s *Fence = nullptr;
  std::vector<mux_semaphore_s *> Waits;
  std::vector<mux_semaphore_s *> Signals;
  /// muxDispatch's user_function and user_data.
  mux_dispatch_callback_t Callback = nullptr;
  void *UserData = nullptr;

  bool uses(const void *Object) const;
  /// Calls the dispatch's callback, if it has one, with \p Result.
  void tell(mux_result_t Result) const;
};
} // namespace mux

/// A queue runs one submission at a time: the earliest dispatched one whose
/// wait semaphores are all signalled. Mutex guards the queue and the
/// signalled state of its device's semaphores and fences.
struct mux_queue_s {
  mux::ObjectKind Kind = mux::ObjectKind::Queue;
  mux_device_s *Device = nullptr;
  std::mutex Mutex;
  std::condition_variable Changed;
  /// How often the state below changed (a submission added, finished or
  /// retired; stopping); bumped under Mutex, read without it by the threads
  /// that spin before they sleep on Changed (the queue's and a host's).
  std::atomic<uint64_t> Changes{0};
  std::deque<mux::Submission> Pending;
  mux::Submission Running;
  bool Busy = false;
  bool Stopping = false;
  /// The first fault of a command buffer since muxWaitAll last said one.
  std::string Fault;
  mux::WorkerThread Thread;
};

struct mux_semaphore_s {
  mux::ObjectKind Kind = mux::ObjectKind::Semaphore;
  mux_device_s *Device = nullptr;
  bool Signalled = false;
};

struct mux_fence_s {
  mux::ObjectKind Kind = mux::ObjectKind::Fence;
  mux_device_s *Device = nullptr;
  bool Signalled = false;
  /// Why the command buffer that signalled it stopped early (a kernel
  /// overran a bounds-checked buffer); empty when it ran to its end.
  std::string Fault;
};

namespace mux {
/// What one worker keeps between work-groups; only that worker touches it.
struct WorkerState {
  AlignedBytes Arena;
  uint64_t ArenaSize = 0;
  /// The arena, listed in localArenas() (after Arena: unlisted before it
  /// is freed).
  AddressRangeRegistry::Listing ArenaListing;
  AlignedBytes PackedArgs;
  uint64_t PackedArgsSize = 0;
  /// The worker's copies of a launch's accumulators.
  AlignedBytes AccumulatorCopies;
  uint64_t AccumulatorCopiesSize = 0;
};
} // namespace mux

struct mux_device_s {
  mux::ObjectKind Kind = mux::ObjectKind::Device;
  mux_device_info_t Info = nullptr;
  /// Where printf output goes (muxSetPrintfCallback); null: stdout.
  mux_printf_callback_t PrintfCallback = nullptr;
  void *PrintfUserData = nullptr;
  std::unique_ptr<mux::ThreadPool> Workers;
  std::vector<mux::WorkerState> WorkerStates;
  mux_queue_s Queue;
};

struct mux_memory_s {
  mux::ObjectKind Kind = mux::ObjectKind::Memory;
  mux::SharedBytes Data;
  uint64_t Size = 0;
  uint32_t Properties = 0; ///< mux_memory_property_e flags
};

struct mux_buffer_s {
  mux::ObjectKind Kind = mux::ObjectKind::Buffer;
  uint64_t Size = 0;
  /// Null until bound.
  uint8_t *Data = nullptr;
  /// The bytes of the memory it is bound to.
  mux::SharedBytes Storage;
};

struct mux_image_s {
  mux::ObjectKind Kind = mux::ObjectKind::Image;
  /// As created, with the pitches filled in.
  mux_image_desc_s Desc = {};
  /// The bytes of memory it spans.
  uint64_t Size = 0;
  /// The pitches of its two outer axes in memory: rows and slices, or for
  /// a 1D array its layers (which metadata/image.h calls slices).
  uint64_t AxisPitch[2] = {0, 0};
  /// The texels along each axis: width, then rows and slices or layers.
  uint64_t Extent[3] = {1, 1, 1};
  /// What kernels read; its data address is 0 until bound. Shared with the
  /// command buffers that use the image, which may outlive it.
  std::shared_ptr<loom_image_t> Header;
  /// Null until bound.
  uint8_t *Data = nullptr;
  /// The bytes of the memory it is bound to.
  mux::SharedBytes Storage;
};

struct mux_executable_s {
  mux::ObjectKind Kind = mux::ObjectKind::Executable;
  std::shared_ptr<const mux::LoadedProgram> Loaded;
};

struct mux_kernel_s {
  mux::ObjectKind Kind = mux::ObjectKind::Kernel;
  const loom::metadata::KernelDescriptor *Descriptor = nullptr;
  loom_kernel_entry_t Entry = nullptr;
  /// See NDRangeCommand::PrintfSlot.
  void **PrintfSlot = nullptr;
  const mux::LoadedObject *Image = nullptr;
  /// Keeps Descriptor, Entry, PrintfSlot and Image.
  std::shared_ptr<const mux::LoadedProgram> Loaded;
};

struct mux_query_pool_s {
  mux::ObjectKind Kind = mux::ObjectKind::QueryPool;
  /// Steady-clock nanoseconds of each query's begin and end; 0 until run.
  std::vector<uint64_t> Begin, End;
};

struct mux_command_buffer_s {
  mux::ObjectKind Kind = mux::ObjectKind::CommandBuffer;
  mux_device_s *Device = nullptr;
  std::vector<mux::Command> Commands;
  /// The bytes of every buffer the commands use.
  std::vector<mux::SharedBytes> Storage;
  bool Finalized = false;

  /// Keeps \p Buffer's bytes for as long as the commands may run.
  void uses(const mux_buffer_s &Buffer) { keep(Buffer.Storage); }
  /// Keeps \p Image's bytes and what kernels read of it as long.
  void uses(const mux_image_s &Image) {
    keep(Image.Storage);
    keep(mux::SharedBytes(Image.Header,
                          reinterpret_cast<uint8_t *>(Image.Header.get())));
  }
  void keep(const mux::SharedBytes &Bytes) {
    if (Storage.empty() || Storage.back() != Bytes)
      Storage.push_back(Bytes);
  }
};

namespace mux {

/// Runs every command of \p CB in order on \p Device's workers. Returns
/// why it stopped early (a kernel overran a bounds-checked buffer), or an
/// empty string when every command ran.
std::string executeCommandBuffer(mux_device_s &Device,
                                 mux_command_buffer_s &CB);

/// Starts and stops the thread that executes a queue's submissions.
void startQueue(mux_queue_s &Queue, mux_device_s &Device);
void stopQueue(mux_queue_s &Queue);
void enqueue(mux_queue_s &Queue, Submission S);
/// Waits until \p Queue has run everything it can. \returns false if
/// submissions are left that wait on semaphores nothing queued will signal.
/// With \p Fault, hands over (and forgets) the first fault of a command
/// buffer since the last time.
bool waitIdle(mux_queue_s &Queue, std::string *Fault = nullptr);
/// Waits until no submission running or runnable on \p Queue uses
/// \p Object (a command buffer, semaphore or fence), then cancels those
/// left blocked, so that \p Object can be freed.
void retire(mux_queue_s &Queue, const void *Object);
/// Waits up to \p TimeoutNs (UINT64_MAX: for ever) for \p Fence; \p Fault
/// is why the command buffer that signalled it stopped early, if it did.
bool waitForFence(mux_queue_s &Queue, const mux_fence_s &Fence,
                  uint64_t TimeoutNs, std::string &Fault);
/// Clears a semaphore's or fence's signalled state (and a fence's fault).
template <class T> void reset(mux_queue_s &Queue, T &Object) {
  std::lock_guard<std::mutex> Lock(Queue.Mutex);
  Object.Signalled = false;
  if constexpr (std::is_same_v<T, mux_fence_s>)
    Object.Fault.clear();
}

} // namespace mux

#endif // MUX_SOURCE_OBJECTS_H
