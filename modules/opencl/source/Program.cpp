//===- Program.cpp - Programs of Loom's OpenCL platform -------------------===//
///
/// \file
/// See Program.h.
///
//===----------------------------------------------------------------------===//

#include "Program.h"

#include "Context.h"
#include "InfoWriter.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/BinaryDescriptors.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/pipeline/Target.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <memory>

namespace loom {
namespace opencl {

namespace {

/// The names the program's diagnostics give its source or SPIR-V.
constexpr const char *SourceName = "program.cl";
constexpr const char *ILName = "program.spv";

/// Compiles \p Program's OpenCL C or SPIR-V (with its specialization
/// constants) for \p Device into \p Built: CL_SUCCESS,
/// CL_INVALID_BUILD_OPTIONS, or CL_BUILD_PROGRAM_FAILURE with the log.
cl_int compileFor(cl_device_id Device, const _cl_program &Program,
                  _cl_program::Build &Built) {
  bool FromIL = !Program.IL.empty();
  compiler::CompileOptions Opts;
  Opts.FileName = FromIL ? ILName : SourceName;
  if (llvm::Error E = Opts.parseBuildOptions(Built.Options)) {
    Built.Log = llvm::toString(std::move(E)) + "\n";
    return CL_INVALID_BUILD_OPTIONS;
  }
  Opts.SpecConstants = Program.SpecConstants;
  llvm::LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module =
      Device->Target->createModule(Ctx, Opts);
  Module->setWarningHandler(
      [&](llvm::StringRef Text) { Built.Log += Text.str(); });
  llvm::Expected<llvm::SmallVector<char, 0>> Object =
      [&]() -> llvm::Expected<llvm::SmallVector<char, 0>> {
    llvm::StringRef IL(Program.IL.data(), Program.IL.size());
    if (llvm::Error E =
            FromIL ? Module->loadSPIRV(llvm::MemoryBufferRef(IL, ILName))
                   : Module->compile(Program.Source))
      return std::move(E);
    if (llvm::Error E = Module->finalize())
      return std::move(E);
    return Module->createBinary();
  }();
  if (!Object) {
    Built.Log += llvm::toString(Object.takeError());
    return CL_BUILD_PROGRAM_FAILURE;
  }
  Built.Binary.assign(Object->begin(), Object->end());
  return CL_SUCCESS;
}

/// Loads \p Built's binary into \p Context's driver device and reads its
/// kernels' descriptors.
cl_int load(_cl_context &Context, _cl_program::Build &Built) {
  llvm::Expected<loom::metadata::ProgramDescriptor> Descriptors =
      compiler::readBinaryDescriptors(Built.Binary);
  if (!Descriptors) {
    Built.Log += llvm::toString(Descriptors.takeError()) + "\n";
    return CL_BUILD_PROGRAM_FAILURE;
  }
  Built.Descriptors = std::move(*Descriptors);
  if (muxCreateExecutable(Context.Mux, Built.Binary.data(), Built.Binary.size(),
                          &Built.Executable) != mux_success) {
    Built.Log += std::string(muxGetLastErrorMessage()) + "\n";
    return CL_BUILD_PROGRAM_FAILURE;
  }
  return CL_SUCCESS;
}

cl_int buildFor(_cl_program &Program, cl_device_id Device,
                const char *Options) {
  _cl_program::Build &Built = Program.Builds[Device];
  if (Built.Executable)
    muxDestroyExecutable(Program.Context->Mux, Built.Executable);
  std::vector<char> Binary;
  if (Program.FromBinaries)
    Binary = std::move(Built.Binary);
  Built = _cl_program::Build();
  Built.Options = Options ? Options : "";
  Built.Binary = std::move(Binary);
  Built.Status = CL_BUILD_IN_PROGRESS;
  cl_int Result =
      Program.FromBinaries ? CL_SUCCESS : compileFor(Device, Program, Built);
  if (Result == CL_SUCCESS)
    Result = load(*Program.Context, Built);
  Built.Status = Result == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  return Result;
}

/// Whether \p Binary is a Loom object for \p Device's target.
bool isBinaryFor(cl_device_id Device, const unsigned char *Binary,
                 size_t Length) {
  if (!Binary || Length == 0)
    return false;
  llvm::Expected<loom::metadata::ProgramDescriptor> Descriptors =
      compiler::readBinaryDescriptors(
          llvm::ArrayRef<char>(reinterpret_cast<const char *>(Binary), Length));
  if (!Descriptors) {
    llvm::consumeError(Descriptors.takeError());
    return false;
  }
  return Descriptors->TargetName == Device->Target->Name;
}

std::string kernelNames(const _cl_program &Program) {
  std::string Names;
  for (const auto &[Device, Built] : Program.Builds) {
    if (Built.Status != CL_BUILD_SUCCESS)
      continue;
    for (const loom::metadata::KernelDescriptor &Kernel :
         Built.Descriptors.Kernels)
      Names += (Names.empty() ? "" : ";") + Kernel.Name;
    break;
  }
  return Names;
}

} // namespace

const _cl_program::Build *findBuild(const _cl_program &Program,
                                    cl_device_id Device) {
  auto It = Program.Builds.find(Device);
  return It != Program.Builds.end() && It->second.Status == CL_BUILD_SUCCESS
             ? &It->second
             : nullptr;
}

cl_program createProgramWithSource(cl_context Context, cl_uint Count,
                                   const char **Strings, const size_t *Lengths,
                                   cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  if (Count == 0 || !Strings)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  std::string Source;
  for (cl_uint I = 0; I < Count; ++I) {
    if (!Strings[I])
      return failWith(ErrorCode, CL_INVALID_VALUE);
    if (Lengths && Lengths[I])
      Source.append(Strings[I], Lengths[I]);
    else
      Source.append(Strings[I]);
  }
  auto *Program = new _cl_program;
  Program->Context = Context;
  retain(Context);
  Program->Source = std::move(Source);
  failWith(ErrorCode, CL_SUCCESS);
  return Program;
}

cl_program createProgramWithIL(cl_context Context, const void *IL,
                               size_t Length, cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  if (!IL || Length == 0)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  const char *Bytes = static_cast<const char *>(IL);
  llvm::Expected<std::map<uint32_t, uint32_t>> Sizes =
      compiler::getSpecConstantSizes(llvm::StringRef(Bytes, Length), ILName);
  if (!Sizes) {
    // Not SPIR-V, the only IL the devices take.
    llvm::consumeError(Sizes.takeError());
    return failWith(ErrorCode, CL_INVALID_VALUE);
  }
  auto *Program = new _cl_program;
  Program->Context = Context;
  retain(Context);
  Program->IL.assign(Bytes, Bytes + Length);
  Program->SpecConstantSizes = std::move(*Sizes);
  failWith(ErrorCode, CL_SUCCESS);
  return Program;
}

cl_int setProgramSpecializationConstant(cl_program Program, cl_uint SpecId,
                                        size_t Size, const void *Value) {
  if (!isObject(Program) || Program->IL.empty())
    return CL_INVALID_PROGRAM;
  auto Known = Program->SpecConstantSizes.find(SpecId);
  if (Known == Program->SpecConstantSizes.end())
    return CL_INVALID_SPEC_ID;
  if (!Value || Size != Known->second || Size > sizeof(uint64_t))
    return CL_INVALID_VALUE;
  // The translator takes the value's bits, zero-extended; a boolean is
  // true when its byte is not zero.
  uint64_t Bits = 0;
  std::memcpy(&Bits, Value, Size);
  std::lock_guard<std::mutex> Lock(Program->Building);
  Program->SpecConstants[SpecId] = Bits;
  return CL_SUCCESS;
}

cl_program createProgramWithBinary(cl_context Context, cl_uint NumDevices,
                                   const cl_device_id *Devices,
                                   const size_t *Lengths,
                                   const unsigned char **Binaries,
                                   cl_int *BinaryStatus, cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  if (NumDevices == 0 || !Devices || !Lengths || !Binaries)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  for (cl_uint I = 0; I < NumDevices; ++I)
    if (!isObject(Devices[I]) || !hasDevice(*Context, Devices[I]))
      return failWith(ErrorCode, CL_INVALID_DEVICE);
  auto Program = std::make_unique<_cl_program>();
  Program->Context = Context;
  retain(Context);
  Program->FromBinaries = true;
  cl_int Result = CL_SUCCESS;
  for (cl_uint I = 0; I < NumDevices; ++I) {
    if (!Binaries[I] || Lengths[I] == 0) {
      Result = CL_INVALID_VALUE;
    } else if (!isBinaryFor(Devices[I], Binaries[I], Lengths[I])) {
      Result = CL_INVALID_BINARY;
    }
    if (BinaryStatus)
      BinaryStatus[I] = Result == CL_SUCCESS ? CL_SUCCESS : Result;
    if (Result == CL_SUCCESS)
      Program->Builds[Devices[I]].Binary.assign(
          reinterpret_cast<const char *>(Binaries[I]),
          reinterpret_cast<const char *>(Binaries[I]) + Lengths[I]);
  }
  if (Result != CL_SUCCESS)
    return failWith(ErrorCode, Result);
  failWith(ErrorCode, CL_SUCCESS);
  return Program.release();
}

cl_int buildProgram(cl_program Program, cl_uint NumDevices,
                    const cl_device_id *Devices, const char *Options,
                    BuildNotify Notify, void *NotifyData) {
  if (!isObject(Program))
    return CL_INVALID_PROGRAM;
  if ((NumDevices > 0) != (Devices != nullptr) || (!Notify && NotifyData))
    return CL_INVALID_VALUE;
  std::vector<cl_device_id> Targets(Devices, Devices + NumDevices);
  if (Targets.empty())
    Targets = Program->Context->Devices;
  for (cl_device_id Device : Targets)
    if (!isObject(Device) || !hasDevice(*Program->Context, Device))
      return CL_INVALID_DEVICE;
  std::lock_guard<std::mutex> Lock(Program->Building);
  if (Program->Kernels > 0)
    return CL_INVALID_OPERATION;
  cl_int Result = CL_SUCCESS;
  for (cl_device_id Device : Targets)
    if (cl_int E = buildFor(*Program, Device, Options); E && !Result)
      Result = E;
  if (Notify)
    Notify(Program, NotifyData);
  return Result;
}

cl_int retainProgram(cl_program Program) {
  return retainObject<_cl_program, CL_INVALID_PROGRAM>(Program);
}

cl_int releaseProgram(cl_program Program) {
  return releaseObject<_cl_program, CL_INVALID_PROGRAM>(Program);
}

cl_int getProgramInfo(cl_program Program, cl_program_info Param, size_t Size,
                      void *Value, size_t *SizeRet) {
  if (!isObject(Program))
    return CL_INVALID_PROGRAM;
  InfoWriter Answer(Size, Value, SizeRet);
  const std::vector<cl_device_id> &Devices = Program->Context->Devices;
  switch (Param) {
  case CL_PROGRAM_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Program->References);
  case CL_PROGRAM_CONTEXT:
    return Answer.value(Program->Context);
  case CL_PROGRAM_NUM_DEVICES:
    return Answer.value<cl_uint>(Devices.size());
  case CL_PROGRAM_DEVICES:
    return Answer.array(Devices);
  case CL_PROGRAM_SOURCE:
    return Answer.string(Program->Source);
  case CL_PROGRAM_IL:
    return Answer.array(Program->IL);
  case CL_PROGRAM_BINARY_SIZES: {
    std::vector<size_t> Sizes;
    for (cl_device_id Device : Devices) {
      const _cl_program::Build *Built = findBuild(*Program, Device);
      Sizes.push_back(Built ? Built->Binary.size() : 0);
    }
    return Answer.array(Sizes);
  }
  case CL_PROGRAM_BINARIES: {
    // An array the application made, of a pointer per device, each to
    // room for the binary CL_PROGRAM_BINARY_SIZES gave.
    std::vector<unsigned char *> Pointers(Devices.size());
    if (Value && Size < Pointers.size() * sizeof(unsigned char *))
      return CL_INVALID_VALUE;
    if (Value)
      std::memcpy(Pointers.data(), Value, Pointers.size() * sizeof(void *));
    for (size_t I = 0; Value && I < Devices.size(); ++I) {
      const _cl_program::Build *Built = findBuild(*Program, Devices[I]);
      if (Built && Pointers[I])
        std::memcpy(Pointers[I], Built->Binary.data(), Built->Binary.size());
    }
    if (SizeRet)
      *SizeRet = Pointers.size() * sizeof(unsigned char *);
    return CL_SUCCESS;
  }
  case CL_PROGRAM_NUM_KERNELS:
  case CL_PROGRAM_KERNEL_NAMES: {
    std::string Names = kernelNames(*Program);
    bool Built = std::any_of(Devices.begin(), Devices.end(),
                             [&](auto D) { return findBuild(*Program, D); });
    if (!Built)
      return CL_INVALID_PROGRAM_EXECUTABLE;
    if (Param == CL_PROGRAM_KERNEL_NAMES)
      return Answer.string(Names);
    size_t Count =
        Names.empty() ? 0 : 1 + std::count(Names.begin(), Names.end(), ';');
    return Answer.value<size_t>(Count);
  }
  case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
  case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
    return Answer.value<cl_bool>(CL_FALSE);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int getProgramBuildInfo(cl_program Program, cl_device_id Device,
                           cl_program_build_info Param, size_t Size,
                           void *Value, size_t *SizeRet) {
  if (!isObject(Program))
    return CL_INVALID_PROGRAM;
  if (!isObject(Device) || !hasDevice(*Program->Context, Device))
    return CL_INVALID_DEVICE;
  static const _cl_program::Build NotBuilt;
  auto It = Program->Builds.find(Device);
  const _cl_program::Build &Built =
      It != Program->Builds.end() ? It->second : NotBuilt;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_PROGRAM_BUILD_STATUS:
    return Answer.value(Built.Status);
  case CL_PROGRAM_BUILD_OPTIONS:
    return Answer.string(Built.Options);
  case CL_PROGRAM_BUILD_LOG:
    return Answer.string(Built.Log);
  case CL_PROGRAM_BINARY_TYPE:
    return Answer.value<cl_program_binary_type>(
        Built.Status == CL_BUILD_SUCCESS ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                                         : CL_PROGRAM_BINARY_TYPE_NONE);
  case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
    return Answer.value<size_t>(0);
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace opencl
} // namespace loom
