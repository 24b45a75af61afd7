//===- Objects.h - The objects of Loom's OpenCL platform --------*- C++ -*-===//
///
/// \file
/// Every handle Loom's platform gives an application points to one of these
/// structs. Its first member is the cl_khr_icd dispatch table that the ICD
/// loader calls through (CL/cl_icd.h), its second a tag saying what kind of
/// object it is, so that an entry point given a handle of another kind, or
/// null, returns the specification's CL_INVALID_* code instead of using it.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_OBJECTS_H
#define OPENCL_OBJECTS_H

#include "CL/cl_icd.h"

#include "metadata/kernel_descriptor.h"
#include "mux/mux.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace compiler {
struct Target;
} // namespace compiler

namespace loom {
namespace opencl {
class Completer;
} // namespace opencl
} // namespace loom

namespace loom {
namespace opencl {

enum class ObjectKind : uint32_t {
  /// What a released object's tag becomes, so a stale handle is refused.
  Released = 0x4c4f0000,
  Platform = 0x4c4f0001,
  Device = 0x4c4f0002,
  Context = 0x4c4f0003,
  Queue = 0x4c4f0004,
  Memory = 0x4c4f0005,
  Program = 0x4c4f0006,
  Kernel = 0x4c4f0007,
  Event = 0x4c4f0008,
  Sampler = 0x4c4f0009,
};

/// The table every object's first member points to (Dispatch.cpp).
cl_icd_dispatch *getDispatchTable();

/// The callbacks an application asked to be told through when an object
/// is destroyed (clSetMemObjectDestructorCallback,
/// clSetContextDestructorCallback): called last registered first.
template <class Handle> class DestructorCallbacks {
public:
  using Callback = void(CL_CALLBACK *)(Handle, void *);
  void push(Callback Notify, void *Data) {
    std::lock_guard<std::mutex> Lock(Guard);
    Stack.emplace_back(Notify, Data);
  }
  void callAll(Handle Object) {
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
      It->first(Object, It->second);
  }

private:
  std::vector<std::pair<Callback, void *>> Stack;
  std::mutex Guard;
};

} // namespace opencl
} // namespace loom

struct _cl_platform_id {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Platform;
  std::vector<cl_device_id> Devices;
};

struct _cl_device_id {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Device;
  cl_platform_id Platform = nullptr;
  /// The target that compiles the device's programs; the device is named
  /// after it.
  const compiler::Target *Target = nullptr;
  /// The reference driver's device that runs them.
  mux_device_info_t MuxInfo = nullptr;
};

/// The objects an application creates and releases: each holds a count of
/// references, and one it refers to (a queue its context, a kernel its
/// program) holds a reference to it (Objects.cpp: retain and release).
struct _cl_context {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Context;
  std::atomic<cl_uint> References{1};
  std::vector<cl_device_id> Devices;
  /// As given, with its terminating 0, or empty.
  std::vector<cl_context_properties> Properties;
  void(CL_CALLBACK *Notify)(const char *, const void *, size_t,
                            void *) = nullptr;
  void *NotifyData = nullptr;
  /// The driver's device every device of the context runs on (they are all
  /// the host's CPU), its queue, and what dispatches the commands to it and
  /// ends them (Completer.h).
  mux_device_t Mux = nullptr;
  mux_queue_t MuxQueue = nullptr;
  std::shared_ptr<loom::opencl::Completer> Completions;
  /// Its shared virtual memory (SharedVirtualMemory.h), by address: each
  /// allocation's driver memory, mapped at that address, and a driver
  /// buffer over the whole of it.
  struct SvmAllocation {
    size_t Size = 0;
    mux_memory_t Memory = nullptr;
    mux_buffer_t Buffer = nullptr;
  };
  std::map<uintptr_t, SvmAllocation> Svm;
  std::mutex SvmGuard;
  /// Called once the context and its driver device are gone.
  loom::opencl::DestructorCallbacks<cl_context> Destructors;
  ~_cl_context();
};

struct _cl_command_queue {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Queue;
  std::atomic<cl_uint> References{1};
  cl_context Context = nullptr;
  cl_device_id Device = nullptr;
  cl_command_queue_properties Properties = 0;
  /// As given to clCreateCommandQueueWithProperties, with its 0, or empty.
  std::vector<cl_queue_properties> PropertyList;
  /// Guards the members below (Queue.cpp).
  std::mutex Ordering;
  /// The events of the queue's commands not ended yet, in the order they
  /// were enqueued, each holding a reference the queue gives up when the
  /// command ends (so that a queue and its unfinished commands keep each
  /// other, and nothing else does).
  std::deque<cl_event> Unfinished;
  /// On an out-of-order queue, the last barrier until it ends: every
  /// command enqueued after it waits for it.
  cl_event Barrier = nullptr;
  ~_cl_command_queue();
};

struct _cl_mem {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Memory;
  std::atomic<cl_uint> References{1};
  cl_context Context = nullptr;
  cl_mem_flags Flags = 0;
  /// As given to clCreateBufferWithProperties, with its 0, or empty.
  std::vector<cl_mem_properties> Properties;
  size_t Size = 0;
  /// The application's memory, for CL_MEM_USE_HOST_PTR (a sub-buffer's part
  /// of its parent's).
  void *HostPtr = nullptr;
  /// A sub-buffer's buffer, which it holds a reference to, and where in it
  /// the sub-buffer starts; null and 0 for a buffer.
  cl_mem Parent = nullptr;
  size_t Offset = 0;
  /// The driver's memory, owned by the buffer; its parent's for a
  /// sub-buffer, and an SVM allocation's for a buffer made with
  /// CL_MEM_USE_HOST_PTR of a pointer into one (UsesSvm).
  mux_memory_t Memory = nullptr;
  bool UsesSvm = false;
  /// Where a buffer (not a sub-buffer) starts in Memory: 0, or its SVM
  /// pointer's offset in its allocation.
  uint64_t MemoryOffset = 0;
  mux_buffer_t Buffer = nullptr;
  /// The buffer's bytes, mapped once: the driver's memory is coherent with
  /// the host's.
  uint8_t *Bytes = nullptr;
  /// The application's mappings: pointer, offset, size, whether for writing.
  struct Mapping {
    void *Pointer;
    size_t Offset;
    size_t Size;
    bool Writes;
  };
  std::vector<Mapping> Mappings;
  std::mutex Mapped;
  /// Called before the buffer's memory is freed, so that an application may
  /// then reuse the memory of CL_MEM_USE_HOST_PTR.
  loom::opencl::DestructorCallbacks<cl_mem> Destructors;
  /// CL_MEM_OBJECT_BUFFER, or an image's type (Images.h). An image has its
  /// driver image bound to Memory, besides a driver buffer over the same
  /// bytes (Size of them), its format and its description, with the
  /// pitches it has in memory; a 1D image buffer's buffer is its Parent.
  cl_mem_object_type Type = CL_MEM_OBJECT_BUFFER;
  mux_image_t Image = nullptr;
  cl_image_format Format = {};
  cl_image_desc Desc = {};
  size_t ElementSize = 0;
  ~_cl_mem();
};

struct _cl_sampler {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Sampler;
  std::atomic<cl_uint> References{1};
  cl_context Context = nullptr;
  cl_bool Normalized = CL_TRUE;
  cl_addressing_mode Addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode Filter = CL_FILTER_NEAREST;
  /// As given to clCreateSamplerWithProperties, with its 0, or empty.
  std::vector<cl_sampler_properties> Properties;
  /// What a kernel's sampler argument holds (metadata/image.h).
  uint32_t Bits = 0;
  ~_cl_sampler();
};

struct _cl_program {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Program;
  std::atomic<cl_uint> References{1};
  cl_context Context = nullptr;
  std::string Source;
  /// Made from SPIR-V (clCreateProgramWithIL): the module, the size of each
  /// of its specialization constants by SpecId, and the values set
  /// (clSetProgramSpecializationConstant) for the next build.
  std::vector<char> IL;
  std::map<uint32_t, uint32_t> SpecConstantSizes;
  std::map<uint32_t, uint64_t> SpecConstants;
  /// Made from binaries (clCreateProgramWithBinary): a build loads them.
  bool FromBinaries = false;
  /// What the last build made for a device.
  struct Build {
    cl_build_status Status = CL_BUILD_NONE;
    std::string Options;
    /// Whether the build's launches must be uniform (a global size the
    /// local size does not divide is CL_INVALID_WORK_GROUP_SIZE): as its
    /// compile options say, for a link if one input's do, and for a program
    /// from binaries, whose options are unknown.
    bool UniformWorkGroups = true;
    std::string Log;
    std::vector<char> Binary;
    /// What clCompileProgram made (a compiled object) or clLinkProgram
    /// with -create-library (a library): the compiled module as bitcode.
    std::vector<char> Bitcode;
    cl_program_binary_type BinaryType = CL_PROGRAM_BINARY_TYPE_NONE;
    loom::metadata::ProgramDescriptor Descriptors;
    mux_executable_t Executable = nullptr;
  };
  std::map<cl_device_id, Build> Builds;
  /// Kernels made from it, which forbid a new build.
  std::atomic<cl_uint> Kernels{0};
  std::mutex Building;
  ~_cl_program();
};

struct _cl_kernel {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Kernel;
  std::atomic<cl_uint> References{1};
  cl_program Program = nullptr;
  std::string Name;
  /// Its arguments, as every device's build describes them alike.
  loom::metadata::KernelDescriptor Descriptor;
  /// The driver's kernel, per device it was built for.
  std::map<cl_device_id, mux_kernel_t> MuxKernels;
  struct Argument {
    bool Set = false;
    /// A buffer or an image; not retained, as OpenCL says: checked when the
    /// kernel is enqueued.
    cl_mem Buffer = nullptr;
    /// Set by clSetKernelArgSVMPointer: the pointer, looked up in the
    /// context's SVM when the kernel is enqueued.
    bool IsSvm = false;
    const void *SvmPointer = nullptr;
    std::vector<uint8_t> Bytes;
    size_t LocalSize = 0;
    /// A sampler argument's bits (its cl_sampler may be released after).
    uint32_t SamplerBits = 0;
  };
  std::vector<Argument> Arguments;
  std::mutex Setting;
  ~_cl_kernel();
};

struct _cl_event {
  cl_icd_dispatch *Dispatch = loom::opencl::getDispatchTable();
  loom::opencl::ObjectKind Kind = loom::opencl::ObjectKind::Event;
  std::atomic<cl_uint> References{1};
  cl_context Context = nullptr;
  /// The command's queue; null for a user event.
  cl_command_queue Queue = nullptr;
  cl_command_type Command = 0;
  /// Guards the members below (Events.cpp).
  std::mutex Guard;
  /// Notified when the event ends.
  std::condition_variable Ended;
  /// CL_QUEUED, CL_SUBMITTED, CL_RUNNING, CL_COMPLETE, or the negative
  /// error that ended the command.
  cl_int Status = CL_QUEUED;
  /// Set once the event has ended and the callbacks of its end have been
  /// called: what a thread waiting for it waits for. Read without Guard by
  /// the threads that spin before they sleep on Ended.
  std::atomic<bool> Settled{false};
  /// CL_PROFILING_COMMAND_QUEUED, SUBMIT, START, END, COMPLETE, in ns.
  cl_ulong Times[5] = {};
  /// The callbacks not called yet (clSetEventCallback), each for the state
  /// it was registered for.
  struct Callback {
    cl_int Trigger;
    void(CL_CALLBACK *Notify)(cl_event, cl_int, void *);
    void *Data;
  };
  std::vector<Callback> Callbacks;
  /// What waits for the event to end, told its final status.
  std::vector<std::function<void(cl_int)>> Waiting;
  /// While its command is in the driver's queue, what a thread about to
  /// wait for the event calls to wait for the driver itself and end it
  /// (Completer::finish), sooner than the completer would tell it.
  std::function<void()> Help;
  ~_cl_event();
};

namespace loom {
namespace opencl {

template <class T> inline constexpr ObjectKind KindOf = ObjectKind::Platform;
template <>
inline constexpr ObjectKind KindOf<_cl_device_id> = ObjectKind::Device;
template <>
inline constexpr ObjectKind KindOf<_cl_context> = ObjectKind::Context;
template <>
inline constexpr ObjectKind KindOf<_cl_command_queue> = ObjectKind::Queue;
template <> inline constexpr ObjectKind KindOf<_cl_mem> = ObjectKind::Memory;
template <>
inline constexpr ObjectKind KindOf<_cl_program> = ObjectKind::Program;
template <> inline constexpr ObjectKind KindOf<_cl_kernel> = ObjectKind::Kernel;
template <> inline constexpr ObjectKind KindOf<_cl_event> = ObjectKind::Event;
template <>
inline constexpr ObjectKind KindOf<_cl_sampler> = ObjectKind::Sampler;

/// Whether \p Object is a live object of its kind (not null, the right tag).
template <class T> bool isObject(const T *Object) {
  return Object && Object->Kind == KindOf<T>;
}

/// Adds a reference to \p Object.
template <class T> void retain(T *Object) { ++Object->References; }

/// Drops a reference to \p Object, deleting it with the last.
template <class T> void release(T *Object) {
  if (--Object->References == 0) {
    Object->Kind = ObjectKind::Released;
    delete Object;
  }
}

/// clRetain*/clRelease* for objects of kind \p T: \p Invalid for a handle
/// that is not one.
template <class T, cl_int Invalid> cl_int retainObject(T *Object) {
  if (!isObject(Object))
    return Invalid;
  retain(Object);
  return CL_SUCCESS;
}
template <class T, cl_int Invalid> cl_int releaseObject(T *Object) {
  if (!isObject(Object))
    return Invalid;
  release(Object);
  return CL_SUCCESS;
}

/// Whether \p Device is one of \p Context's.
bool hasDevice(const _cl_context &Context, cl_device_id Device);

/// Tells the context's callback, if it has one, that \p What went wrong.
void notify(_cl_context &Context, const std::string &What);

} // namespace opencl
} // namespace loom

#endif // OPENCL_OBJECTS_H
