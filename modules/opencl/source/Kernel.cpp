//===- Kernel.cpp - Kernels of Loom's OpenCL platform ---------------------===//
///
/// \file
/// See Kernel.h.
///
//===----------------------------------------------------------------------===//

#include "Kernel.h"

#include "Context.h"
#include "Device.h"
#include "Images.h"
#include "InfoWriter.h"
#include "Memory.h"
#include "Program.h"
#include "Queue.h"
#include "SharedVirtualMemory.h"

#include "compiler/pipeline/CompileOptions.h"
#include "metadata/sub_groups.h"

#include <array>
#include <cstring>
#include <memory>
#include <optional>

namespace loom {
namespace opencl {

namespace {

using loom::metadata::ArgAccess;
using loom::metadata::ArgKind;
using loom::metadata::KernelDescriptor;

bool isBuffer(ArgKind Kind) {
  return Kind == ArgKind::GlobalBuffer || Kind == ArgKind::ConstantBuffer;
}

/// The kernel \p Name of \p Program, with the driver's kernel for each
/// device the program was built for.
cl_int makeKernel(_cl_program &Program, const std::string &Name,
                  cl_kernel &Made) {
  auto Kernel = std::make_unique<_cl_kernel>();
  // From here the kernel is whole enough for its destructor, should a
  // check below fail.
  Kernel->Program = &Program;
  retain(&Program);
  ++Program.Kernels;
  Kernel->Name = Name;
  bool Found = false;
  for (auto &[Device, Built] : Program.Builds) {
    if (Built.Status != CL_BUILD_SUCCESS)
      continue;
    const KernelDescriptor *Descriptor = Built.Descriptors.findKernel(Name);
    if (!Descriptor)
      return CL_INVALID_KERNEL_NAME;
    mux_kernel_t MuxKernel = nullptr;
    if (muxCreateKernel(Program.Context->Mux, Built.Executable, Name.data(),
                        Name.size(), &MuxKernel) != mux_success)
      return CL_OUT_OF_RESOURCES;
    Kernel->MuxKernels[Device] = MuxKernel;
    if (!Found)
      Kernel->Descriptor = *Descriptor;
    Found = true;
  }
  if (!Found)
    return CL_INVALID_PROGRAM_EXECUTABLE;
  Kernel->Arguments.resize(Kernel->Descriptor.Args.size());
  Made = Kernel.release();
  return CL_SUCCESS;
}

cl_int setBufferArgument(_cl_kernel::Argument &Argument, size_t Size,
                         const void *Value) {
  if (Size != sizeof(cl_mem))
    return CL_INVALID_ARG_SIZE;
  cl_mem Buffer = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
  if (Buffer && (!isObject(Buffer) || Buffer->Type != CL_MEM_OBJECT_BUFFER))
    return CL_INVALID_MEM_OBJECT;
  Argument.Buffer = Buffer;
  return CL_SUCCESS;
}

/// An image argument: an image of the type the kernel declares, whose
/// flags allow what its access qualifier does.
cl_int setImageArgument(_cl_kernel::Argument &Argument,
                        const loom::metadata::ArgDescriptor &Arg, size_t Size,
                        const void *Value) {
  if (Size != sizeof(cl_mem))
    return CL_INVALID_ARG_SIZE;
  cl_mem Image = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
  if (!isObject(Image))
    return CL_INVALID_MEM_OBJECT;
  if (Image->Type == CL_MEM_OBJECT_BUFFER ||
      loomImageType(Image->Type) != Arg.ImageType)
    return CL_INVALID_ARG_VALUE;
  bool Reads = Arg.Access != ArgAccess::WriteOnly;
  bool Writes = Arg.Access != ArgAccess::ReadOnly;
  if ((Reads && (Image->Flags & CL_MEM_WRITE_ONLY)) ||
      (Writes && (Image->Flags & CL_MEM_READ_ONLY)))
    return CL_INVALID_ARG_VALUE;
  Argument.Buffer = Image;
  return CL_SUCCESS;
}

/// The work-group size of a launch: \p Local if given, else the driver's
/// default for the kernel (muxGetDefaultLocalSize: its required size, or the
/// largest divisor of the first global size up to 256 and the device's
/// limits; when the build allows non-\p Uniform work-groups, 256 rather
/// than a divisor under half of it, the last group smaller).
cl_int chooseLocalSize(mux_device_t Device, mux_kernel_t Kernel,
                       cl_uint Dimensions, const size_t *Global,
                       const size_t *Local, bool Uniform,
                       std::array<uint64_t, 3> &Size) {
  Size = {1, 1, 1};
  if (Local) {
    std::copy(Local, Local + Dimensions, Size.begin());
    return CL_SUCCESS;
  }
  std::array<uint64_t, 3> Global64 = {1, 1, 1};
  std::copy(Global, Global + Dimensions, Global64.begin());
  uint32_t Flags = Uniform ? 0 : mux_local_size_flag_partial_groups;
  return muxGetDefaultLocalSize(Device, Kernel, Dimensions, Global64.data(),
                                Flags, Size.data()) == mux_success
             ? CL_SUCCESS
             : CL_OUT_OF_RESOURCES;
}

/// Checks a launch's sizes; a global size that the local size does not
/// divide is an error when the build requires \p Uniform work-groups (the
/// driver runs a smaller last group otherwise).
cl_int checkRange(const mux_device_info_s &Device, cl_uint Dimensions,
                  const size_t *Global, const std::array<uint64_t, 3> &Local,
                  bool Uniform) {
  uint64_t Items = 1;
  for (cl_uint D = 0; D < Dimensions; ++D) {
    if (Local[D] == 0 || (Uniform && Global[D] % Local[D] != 0))
      return CL_INVALID_WORK_GROUP_SIZE;
    if (Local[D] > Device.max_work_group_size[D])
      return CL_INVALID_WORK_ITEM_SIZE;
    Items *= Local[D];
  }
  return Items > Device.max_work_items_per_group ? CL_INVALID_WORK_GROUP_SIZE
                                                 : CL_SUCCESS;
}

/// OpenCL's name of an image argument's access qualifier; NONE for the
/// arguments that are no images.
cl_kernel_arg_access_qualifier accessQualifierOf(ArgAccess Access) {
  switch (Access) {
  case ArgAccess::ReadOnly:
    return CL_KERNEL_ARG_ACCESS_READ_ONLY;
  case ArgAccess::WriteOnly:
    return CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
  case ArgAccess::ReadWrite:
    return CL_KERNEL_ARG_ACCESS_READ_WRITE;
  case ArgAccess::None:
    break;
  }
  return CL_KERNEL_ARG_ACCESS_NONE;
}

/// The driver's descriptors of \p Kernel's arguments, or why there are
/// none: an argument not set, a buffer released or of another context.
cl_int describeArguments(const _cl_kernel &Kernel, cl_context Context,
                         std::vector<mux_descriptor_info_s> &Descriptors) {
  for (size_t I = 0; I < Kernel.Arguments.size(); ++I) {
    const _cl_kernel::Argument &Argument = Kernel.Arguments[I];
    ArgKind Kind = Kernel.Descriptor.Args[I].Kind;
    if (!Argument.Set)
      return CL_INVALID_KERNEL_ARGS;
    mux_descriptor_info_s Info{};
    if (isBuffer(Kind) && Argument.IsSvm) {
      Info.type = mux_descriptor_info_type_buffer;
      SvmPlace Place;
      if (Argument.SvmPointer &&
          !findSvm(*Context, Argument.SvmPointer, 0, Place))
        return CL_INVALID_KERNEL_ARGS; // Freed since it was set.
      Info.buffer = Place.Buffer;
      Info.buffer_offset = Place.Offset;
    } else if (isBuffer(Kind)) {
      Info.type = mux_descriptor_info_type_buffer;
      // A null buffer is a null pointer in the kernel.
      if (!Argument.Buffer) {
        Descriptors.push_back(Info);
        continue;
      }
      if (!isObject(Argument.Buffer))
        return CL_INVALID_KERNEL_ARGS;
      if (Argument.Buffer->Context != Context)
        return CL_INVALID_CONTEXT;
      Info.buffer = Argument.Buffer->Buffer;
    } else if (Kind == ArgKind::LocalBuffer) {
      Info.type = mux_descriptor_info_type_shared_local_buffer;
      Info.data_size = Argument.LocalSize;
    } else if (Kind == ArgKind::Image) {
      if (!isObject(Argument.Buffer))
        return CL_INVALID_KERNEL_ARGS;
      if (Argument.Buffer->Context != Context)
        return CL_INVALID_CONTEXT;
      Info.type = mux_descriptor_info_type_image;
      Info.image = Argument.Buffer->Image;
    } else if (Kind == ArgKind::Sampler) {
      Info.type = mux_descriptor_info_type_sampler;
      Info.sampler = Argument.SamplerBits;
    } else {
      Info.type = mux_descriptor_info_type_plain_old_data;
      Info.data = Argument.Bytes.data();
      Info.data_size = Argument.Bytes.size();
    }
    Descriptors.push_back(Info);
  }
  return CL_SUCCESS;
}

/// The kernel's __attribute__s as its source wrote them, for
/// CL_KERNEL_ATTRIBUTES, from what its descriptor keeps of them.
std::string attributesOf(const KernelDescriptor &K) {
  std::string Text;
  auto Add = [&](const std::string &Attribute) {
    Text += (Text.empty() ? "" : " ") + Attribute;
  };
  auto Sizes = [](const std::array<uint32_t, 3> &S) {
    return "(" + std::to_string(S[0]) + "," + std::to_string(S[1]) + "," +
           std::to_string(S[2]) + ")";
  };
  if (K.RequiredWorkGroupSize[0])
    Add("reqd_work_group_size" + Sizes(K.RequiredWorkGroupSize));
  if (K.WorkGroupSizeHint[0])
    Add("work_group_size_hint" + Sizes(K.WorkGroupSizeHint));
  if (!K.VecTypeHint.empty())
    Add("vec_type_hint(" + K.VecTypeHint + ")");
  return Text;
}

/// The error of a launch the driver would not record.
cl_int resultOfLaunch(mux_result_t Result) {
  switch (Result) {
  case mux_success:
    return CL_SUCCESS;
  case mux_error_invalid_work_group_size:
    return CL_INVALID_WORK_GROUP_SIZE;
  case mux_error_invalid_kernel_arguments:
    return CL_INVALID_KERNEL_ARGS;
  case mux_error_out_of_memory:
    return CL_OUT_OF_HOST_MEMORY;
  default:
    return CL_OUT_OF_RESOURCES;
  }
}

} // namespace

cl_kernel createKernel(cl_program Program, const char *Name,
                       cl_int *ErrorCode) {
  if (!isObject(Program))
    return failWith(ErrorCode, CL_INVALID_PROGRAM);
  if (!Name)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  std::lock_guard<std::mutex> Lock(Program->Building);
  cl_kernel Kernel = nullptr;
  if (cl_int E = makeKernel(*Program, Name, Kernel))
    return failWith(ErrorCode, E);
  failWith(ErrorCode, CL_SUCCESS);
  return Kernel;
}

cl_int createKernelsInProgram(cl_program Program, cl_uint NumKernels,
                              cl_kernel *Kernels, cl_uint *NumKernelsRet) {
  if (!isObject(Program))
    return CL_INVALID_PROGRAM;
  std::lock_guard<std::mutex> Lock(Program->Building);
  const _cl_program::Build *Built = nullptr;
  for (cl_device_id Device : Program->Context->Devices)
    if ((Built = findBuild(*Program, Device)))
      break;
  if (!Built)
    return CL_INVALID_PROGRAM_EXECUTABLE;
  const auto &Descriptors = Built->Descriptors.Kernels;
  if (Kernels && NumKernels < Descriptors.size())
    return CL_INVALID_VALUE;
  if (NumKernelsRet)
    *NumKernelsRet = Descriptors.size();
  if (!Kernels)
    return CL_SUCCESS;
  for (size_t I = 0; I < Descriptors.size(); ++I)
    if (cl_int E = makeKernel(*Program, Descriptors[I].Name, Kernels[I])) {
      while (I > 0)
        release(Kernels[--I]);
      return E;
    }
  return CL_SUCCESS;
}

cl_kernel cloneKernel(cl_kernel Source, cl_int *ErrorCode) {
  if (!isObject(Source))
    return failWith(ErrorCode, CL_INVALID_KERNEL);
  cl_kernel Clone = nullptr;
  {
    std::lock_guard<std::mutex> Lock(Source->Program->Building);
    if (cl_int E = makeKernel(*Source->Program, Source->Name, Clone))
      return failWith(ErrorCode, E);
  }
  // The arguments as set so far; later changes to either are its own.
  std::lock_guard<std::mutex> Lock(Source->Setting);
  Clone->Arguments = Source->Arguments;
  failWith(ErrorCode, CL_SUCCESS);
  return Clone;
}

cl_int retainKernel(cl_kernel Kernel) {
  return retainObject<_cl_kernel, CL_INVALID_KERNEL>(Kernel);
}

cl_int releaseKernel(cl_kernel Kernel) {
  return releaseObject<_cl_kernel, CL_INVALID_KERNEL>(Kernel);
}

cl_int setKernelArg(cl_kernel Kernel, cl_uint Index, size_t Size,
                    const void *Value) {
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  if (Index >= Kernel->Arguments.size())
    return CL_INVALID_ARG_INDEX;
  const loom::metadata::ArgDescriptor &Arg = Kernel->Descriptor.Args[Index];
  std::lock_guard<std::mutex> Lock(Kernel->Setting);
  _cl_kernel::Argument Argument;
  if (isBuffer(Arg.Kind)) {
    if (cl_int E = setBufferArgument(Argument, Size, Value))
      return E;
  } else if (Arg.Kind == ArgKind::Image) {
    if (cl_int E = setImageArgument(Argument, Arg, Size, Value))
      return E;
  } else if (Arg.Kind == ArgKind::Sampler) {
    if (Size != sizeof(cl_sampler))
      return CL_INVALID_ARG_SIZE;
    cl_sampler Sampler =
        Value ? *static_cast<const cl_sampler *>(Value) : nullptr;
    if (!isObject(Sampler))
      return CL_INVALID_SAMPLER;
    Argument.SamplerBits = Sampler->Bits;
  } else if (Arg.Kind == ArgKind::LocalBuffer) {
    if (Value)
      return CL_INVALID_ARG_VALUE;
    if (Size == 0)
      return CL_INVALID_ARG_SIZE;
    Argument.LocalSize = Size;
  } else {
    if (!Value)
      return CL_INVALID_ARG_VALUE;
    if (Size != Arg.Size)
      return CL_INVALID_ARG_SIZE;
    const auto *Bytes = static_cast<const uint8_t *>(Value);
    Argument.Bytes.assign(Bytes, Bytes + Size);
  }
  Argument.Set = true;
  Kernel->Arguments[Index] = std::move(Argument);
  return CL_SUCCESS;
}

cl_int setKernelArgSVMPointer(cl_kernel Kernel, cl_uint Index,
                              const void *Pointer) {
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  _cl_context &Context = *Kernel->Program->Context;
  if (!hasSvm(Context))
    return CL_INVALID_OPERATION;
  if (Index >= Kernel->Arguments.size())
    return CL_INVALID_ARG_INDEX;
  SvmPlace Place;
  if (!isBuffer(Kernel->Descriptor.Args[Index].Kind) ||
      (Pointer && !findSvm(Context, Pointer, 0, Place)))
    return CL_INVALID_ARG_VALUE;
  _cl_kernel::Argument Argument;
  Argument.Set = true;
  Argument.IsSvm = true;
  Argument.SvmPointer = Pointer;
  std::lock_guard<std::mutex> Lock(Kernel->Setting);
  Kernel->Arguments[Index] = std::move(Argument);
  return CL_SUCCESS;
}

cl_int getKernelInfo(cl_kernel Kernel, cl_kernel_info Param, size_t Size,
                     void *Value, size_t *SizeRet) {
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_KERNEL_FUNCTION_NAME:
    return Answer.string(Kernel->Name);
  case CL_KERNEL_NUM_ARGS:
    return Answer.value<cl_uint>(Kernel->Arguments.size());
  case CL_KERNEL_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Kernel->References);
  case CL_KERNEL_CONTEXT:
    return Answer.value(Kernel->Program->Context);
  case CL_KERNEL_PROGRAM:
    return Answer.value(Kernel->Program);
  case CL_KERNEL_ATTRIBUTES:
    return Answer.string(attributesOf(Kernel->Descriptor));
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int getKernelArgInfo(cl_kernel Kernel, cl_uint Index,
                        cl_kernel_arg_info Param, size_t Size, void *Value,
                        size_t *SizeRet) {
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  if (Index >= Kernel->Descriptor.Args.size())
    return CL_INVALID_ARG_INDEX;
  const loom::metadata::ArgDescriptor &Arg = Kernel->Descriptor.Args[Index];
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
    // The descriptor's OpenCL address space: 1 global, 2 constant, 3 local.
    switch (Arg.AddressSpace) {
    case 1:
      return Answer.value<cl_kernel_arg_address_qualifier>(
          CL_KERNEL_ARG_ADDRESS_GLOBAL);
    case 2:
      return Answer.value<cl_kernel_arg_address_qualifier>(
          CL_KERNEL_ARG_ADDRESS_CONSTANT);
    case 3:
      return Answer.value<cl_kernel_arg_address_qualifier>(
          CL_KERNEL_ARG_ADDRESS_LOCAL);
    default:
      return Answer.value<cl_kernel_arg_address_qualifier>(
          CL_KERNEL_ARG_ADDRESS_PRIVATE);
    }
  case CL_KERNEL_ARG_ACCESS_QUALIFIER:
    return Answer.value<cl_kernel_arg_access_qualifier>(
        accessQualifierOf(Arg.Access));
  case CL_KERNEL_ARG_TYPE_NAME:
    if (Arg.TypeName.empty())
      return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    return Answer.string(Arg.TypeName);
  case CL_KERNEL_ARG_TYPE_QUALIFIER: {
    // The descriptor's bits are OpenCL's (metadata::ArgTypeQualifier).
    static_assert(
        loom::metadata::ArgTypeConst == CL_KERNEL_ARG_TYPE_CONST &&
        loom::metadata::ArgTypeRestrict == CL_KERNEL_ARG_TYPE_RESTRICT &&
        loom::metadata::ArgTypeVolatile == CL_KERNEL_ARG_TYPE_VOLATILE &&
        loom::metadata::ArgTypePipe == CL_KERNEL_ARG_TYPE_PIPE);
    return Answer.value<cl_kernel_arg_type_qualifier>(Arg.TypeQualifiers);
  }
  case CL_KERNEL_ARG_NAME:
    if (Arg.Name.empty())
      return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    return Answer.string(Arg.Name);
  default:
    return CL_INVALID_VALUE;
  }
}

/// The checks of a query about \p Kernel on \p Device, which may be null
/// where the kernel's context has one device: that device is then the one
/// meant, and \p Device is set to it.
static cl_int checkKernelAndDevice(cl_kernel Kernel, cl_device_id &Device) {
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  const std::vector<cl_device_id> &Devices = Kernel->Program->Context->Devices;
  if (!Device && Devices.size() == 1)
    Device = Devices.front();
  if (!isObject(Device) || !Kernel->MuxKernels.count(Device))
    return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

cl_int getKernelWorkGroupInfo(cl_kernel Kernel, cl_device_id Device,
                              cl_kernel_work_group_info Param, size_t Size,
                              void *Value, size_t *SizeRet) {
  if (cl_int E = checkKernelAndDevice(Kernel, Device))
    return E;
  const KernelDescriptor &K = Kernel->Descriptor;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_KERNEL_WORK_GROUP_SIZE:
    return Answer.value<size_t>(Device->MuxInfo->max_work_items_per_group);
  case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
    return Answer.array(std::vector<size_t>(K.RequiredWorkGroupSize.begin(),
                                            K.RequiredWorkGroupSize.end()));
  case CL_KERNEL_LOCAL_MEM_SIZE: {
    // The kernel's own __local variables and the __local arguments set.
    cl_ulong Bytes = K.LocalMemoryBytes;
    std::lock_guard<std::mutex> Lock(Kernel->Setting);
    for (const _cl_kernel::Argument &Argument : Kernel->Arguments)
      Bytes += Argument.LocalSize;
    return Answer.value(Bytes);
  }
  case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    return Answer.value<size_t>(K.VectorizationWidth);
  case CL_KERNEL_PRIVATE_MEM_SIZE:
    return Answer.value<cl_ulong>(K.StackBytes);
  default:
    return CL_INVALID_VALUE;
  }
}

/// The local size \p Input gives, \p InputSize bytes of 1 to 3 sizes,
/// as (x, y, z).
static std::optional<std::array<size_t, 3>> readLocalSize(size_t InputSize,
                                                          const void *Input) {
  size_t Dimensions = InputSize / sizeof(size_t);
  if (!Input || InputSize % sizeof(size_t) != 0 || Dimensions < 1 ||
      Dimensions > 3)
    return std::nullopt;
  std::array<size_t, 3> Local = {1, 1, 1};
  std::memcpy(Local.data(), Input, InputSize);
  return Local;
}

cl_int getKernelSubGroupInfo(cl_kernel Kernel, cl_device_id Device,
                             cl_kernel_sub_group_info Param, size_t InputSize,
                             const void *Input, size_t Size, void *Value,
                             size_t *SizeRet) {
  if (cl_int E = checkKernelAndDevice(Kernel, Device))
    return E;
  const size_t MaxItems = Device->MuxInfo->max_work_items_per_group;
  const uint32_t SubGroupSize = Kernel->Descriptor.SubGroupSize;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
  case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
    std::optional<std::array<size_t, 3>> Local =
        readLocalSize(InputSize, Input);
    if (!Local)
      return CL_INVALID_VALUE;
    if ((*Local)[0] * (*Local)[1] * (*Local)[2] == 0)
      return Answer.value<size_t>(0);
    if (Param == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE)
      return Answer.value<size_t>(
          loom_max_sub_group_size((*Local)[0], SubGroupSize));
    return Answer.value<size_t>(
        loom_sub_group_count(Local->data(), SubGroupSize));
  }
  case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
    size_t Count;
    if (!Input || InputSize != sizeof(size_t))
      return CL_INVALID_VALUE;
    std::memcpy(&Count, Input, sizeof(Count));
    // As many sizes as the caller has room for, 1 to 3 (the work
    // dimensions it asks about); all 0 where no local size has that count.
    size_t Dimensions = Size / sizeof(size_t);
    if (Value &&
        (Size % sizeof(size_t) != 0 || Dimensions < 1 || Dimensions > 3))
      return CL_INVALID_VALUE;
    Dimensions = Value ? Dimensions : 3;
    // Count full sub-groups in one row.
    std::vector<size_t> Local(Dimensions, 1);
    size_t Items = Count * SubGroupSize;
    Local[0] = Count && Items <= MaxItems ? Items : 0;
    if (Local[0] == 0)
      std::fill(Local.begin(), Local.end(), 0);
    return Answer.array(Local);
  }
  case CL_KERNEL_MAX_NUM_SUB_GROUPS:
    // Rows of one work-item each, every work-item a sub-group.
    return Answer.value<size_t>(MaxItems);
  case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
    // No attribute asks for a number of sub-groups.
    return Answer.value<size_t>(0);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int enqueueNDRangeKernel(cl_command_queue Queue, cl_kernel Kernel,
                            cl_uint Dimensions, const size_t *GlobalOffset,
                            const size_t *GlobalSize, const size_t *LocalSize,
                            cl_uint NumWaits, const cl_event *Waits,
                            cl_event *Event) {
  Enqueued Command(Queue, CL_COMMAND_NDRANGE_KERNEL);
  if (cl_int E = Command.check(NumWaits, Waits))
    return E;
  if (!isObject(Kernel))
    return CL_INVALID_KERNEL;
  if (Kernel->Program->Context != Queue->Context)
    return CL_INVALID_CONTEXT;
  auto MuxKernel = Kernel->MuxKernels.find(Queue->Device);
  if (MuxKernel == Kernel->MuxKernels.end())
    return CL_INVALID_PROGRAM_EXECUTABLE;
  if (Dimensions < 1 || Dimensions > 3)
    return CL_INVALID_WORK_DIMENSION;
  // OpenCL 2.1 and later: a range with no work-item (no global size, or a
  // zero in it) is a command that does nothing.
  if (!GlobalSize || std::find(GlobalSize, GlobalSize + Dimensions, 0) !=
                         GlobalSize + Dimensions)
    return Command.submit(false, Event);
  const mux_device_info_s &Device = *Queue->Device->MuxInfo;
  // No build runs while the program has kernels: Builds does not change.
  bool Uniform = Kernel->Program->Builds.at(Queue->Device).UniformWorkGroups;
  std::array<uint64_t, 3> Local;
  if (cl_int E =
          chooseLocalSize(Queue->Context->Mux, MuxKernel->second, Dimensions,
                          GlobalSize, LocalSize, Uniform, Local))
    return E;
  if (cl_int E = checkRange(Device, Dimensions, GlobalSize, Local, Uniform))
    return E;
  std::lock_guard<std::mutex> Lock(Kernel->Setting);
  std::vector<mux_descriptor_info_s> Descriptors;
  if (cl_int E = describeArguments(*Kernel, Queue->Context, Descriptors))
    return E;
  std::array<uint64_t, 3> Global = {1, 1, 1}, Offset = {0, 0, 0};
  std::copy(GlobalSize, GlobalSize + Dimensions, Global.begin());
  if (GlobalOffset)
    std::copy(GlobalOffset, GlobalOffset + Dimensions, Offset.begin());
  mux_ndrange_options_s Options{};
  Options.descriptors = Descriptors.data();
  Options.descriptors_length = Descriptors.size();
  std::copy(Local.begin(), Local.end(), Options.local_size);
  Options.global_offset = Offset.data();
  Options.global_size = Global.data();
  Options.dimensions = Dimensions;
  // The driver copies the arguments: the launch takes them as they are now.
  if (cl_int E =
          resultOfLaunch(Command.record([&](mux_command_buffer_t Commands) {
            return muxCommandNDRange(Commands, MuxKernel->second, &Options);
          })))
    return E;
  for (size_t I = 0; I < Kernel->Arguments.size(); ++I) {
    ArgKind Kind = Kernel->Descriptor.Args[I].Kind;
    if ((isBuffer(Kind) || Kind == ArgKind::Image) &&
        Kernel->Arguments[I].Buffer)
      keepAndCopyBack(Command, Kernel->Arguments[I].Buffer);
  }
  return Command.submit(false, Event);
}

cl_int enqueueTask(cl_command_queue Queue, cl_kernel Kernel, cl_uint NumWaits,
                   const cl_event *Waits, cl_event *Event) {
  const size_t One = 1;
  return enqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &One, &One, NumWaits,
                              Waits, Event);
}

} // namespace opencl
} // namespace loom
