//===- Program.cpp - Programs of Loom's OpenCL platform -------------------===//
///
/// \file
/// See Program.h.
///
//===----------------------------------------------------------------------===//

#include "Program.h"

#include "Context.h"
#include "InfoWriter.h"
#include "ProgramCache.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/BinaryDescriptors.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/pipeline/Target.h"
#include "compiler/support/ForkGate.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>

namespace loom {
namespace opencl {

namespace {

/// The names the program's diagnostics give its source or SPIR-V.
constexpr const char *SourceName = "program.cl";
constexpr const char *ILName = "program.spv";
/// The named metadata a library's bitcode carries (clLinkProgram with
/// -create-library), so that its binary given back to
/// clCreateProgramWithBinary is a library again, not a compiled object.
constexpr const char *LibraryMarker = "loom.opencl.library";

/// What a build, a compile or a link makes of the compiled module.
enum class Product { Executable, Bitcode };

/// Runs \p Device's compiler with \p Options and \p SpecConstants: \p Make
/// makes the compiled module (compiles, loads SPIR-V, links), which then
/// becomes \p Want: an executable object (Built.Binary) or bitcode
/// (Built.Bitcode), a compiled object or a library. CL_SUCCESS,
/// CL_INVALID_BUILD_OPTIONS (CL_INVALID_LINKER_OPTIONS for a link), or \p
/// Failure, with the log.
cl_int
runCompiler(cl_device_id Device, _cl_program::Build &Built,
            const std::string &Options,
            const std::map<uint32_t, uint64_t> &SpecConstants,
            llvm::StringRef FileName, Product Want, cl_int Failure,
            llvm::function_ref<llvm::Error(compiler::BaseModule &)> Make) {
  // Declared first, so that the context and module go inside it too.
  compiler::utils::InProcessCompile Section;
  compiler::CompileOptions Opts;
  Opts.FileName = FileName.str();
  if (llvm::Error E = Opts.parseBuildOptions(Options)) {
    Built.Log = llvm::toString(std::move(E)) + "\n";
    return Failure == CL_LINK_PROGRAM_FAILURE ? CL_INVALID_LINKER_OPTIONS
                                              : CL_INVALID_BUILD_OPTIONS;
  }
  Opts.SpecConstants = SpecConstants;
  llvm::LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module =
      Device->Target->createModule(Ctx, Opts);
  Module->setWarningHandler(
      [&](llvm::StringRef Text) { Built.Log += Text.str(); });
  llvm::Expected<llvm::SmallVector<char, 0>> Made =
      [&]() -> llvm::Expected<llvm::SmallVector<char, 0>> {
    if (llvm::Error E = Make(*Module))
      return std::move(E);
    if (Want == Product::Bitcode)
      return Module->createBitcode();
    if (llvm::Error E = Module->finalize())
      return std::move(E);
    return Module->createBinary();
  }();
  if (!Made) {
    Built.Log += llvm::toString(Made.takeError());
    return Failure;
  }
  std::vector<char> &Output =
      Want == Product::Bitcode ? Built.Bitcode : Built.Binary;
  Output.assign(Made->begin(), Made->end());
  return CL_SUCCESS;
}

/// What makes \p Program's compiled module: its OpenCL C compiled, or its
/// SPIR-V loaded.
std::function<llvm::Error(compiler::BaseModule &)>
compileSource(const _cl_program &Program) {
  return [&Program](compiler::BaseModule &Module) {
    if (Program.IL.empty())
      return Module.compile(Program.Source);
    llvm::StringRef IL(Program.IL.data(), Program.IL.size());
    return Module.loadSPIRV(llvm::MemoryBufferRef(IL, ILName));
  };
}

llvm::StringRef inputName(const _cl_program &Program) {
  return Program.IL.empty() ? SourceName : ILName;
}

/// Compiles \p Program's OpenCL C or SPIR-V (with its specialization
/// constants) for \p Device into an executable object in \p Built.
cl_int compileFor(cl_device_id Device, const _cl_program &Program,
                  _cl_program::Build &Built) {
  return runCompiler(Device, Built, Built.Options, Program.SpecConstants,
                     inputName(Program), Product::Executable,
                     CL_BUILD_PROGRAM_FAILURE, compileSource(Program));
}

/// Whether launches of \p Program built with \p Options must be uniform
/// (CompileOptions::requiresUniformWorkGroups). Options that do not parse
/// fail the build before any launch; they are taken to promise uniform
/// ranges, the stricter answer.
bool requiresUniformWorkGroups(const _cl_program &Program,
                               const std::string &Options) {
  compiler::CompileOptions Opts;
  if (llvm::Error E = Opts.parseBuildOptions(Options)) {
    llvm::consumeError(std::move(E));
    return true;
  }
  return Opts.requiresUniformWorkGroups(Program.IL.empty()
                                            ? compiler::ProgramInput::Source
                                            : compiler::ProgramInput::SPIRV);
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

/// Ends a build with \p Result.
cl_int endBuild(_cl_program::Build &Built, cl_int Result) {
  Built.Status = Result == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  if (Result == CL_SUCCESS)
    Built.BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  return Result;
}

/// Builds \p Program's OpenCL C or SPIR-V for \p Device, from the program
/// cache when it has the object (ProgramCache.h), else by compiling it and
/// keeping the object there.
cl_int buildThroughCache(_cl_program &Program, cl_device_id Device,
                         _cl_program::Build &Built) {
  Built.UniformWorkGroups = requiresUniformWorkGroups(Program, Built.Options);
  std::optional<std::string> Folder = programCacheFolder();
  std::string Key =
      Folder ? programCacheKey(Program, Device, Built.Options) : "";
  if (Folder && readCachedBuild(*Folder, Key, Built)) {
    if (load(*Program.Context, Built) == CL_SUCCESS)
      return endBuild(Built, CL_SUCCESS);
    // An entry that does not load is compiled again, and replaced.
    Built.Binary.clear();
    Built.Log.clear();
  }
  cl_int Result = compileFor(Device, Program, Built);
  if (Result == CL_SUCCESS)
    Result = load(*Program.Context, Built);
  if (Result == CL_SUCCESS && Folder)
    writeCachedBuild(*Folder, Key, Built);
  return endBuild(Built, Result);
}

cl_int buildFor(_cl_program &Program, cl_device_id Device,
                const char *Options) {
  _cl_program::Build &Built = Program.Builds[Device];
  if (Built.Executable)
    muxDestroyExecutable(Program.Context->Mux, Built.Executable);
  // A program from binaries keeps them: an executable object, or the
  // bitcode of a compiled object, which its build links alone.
  std::vector<char> Binary, Bitcode;
  if (Program.FromBinaries) {
    Binary = std::move(Built.Binary);
    Bitcode = std::move(Built.Bitcode);
  }
  Built = _cl_program::Build();
  Built.Options = Options ? Options : "";
  Built.Binary = std::move(Binary);
  Built.Bitcode = std::move(Bitcode);
  Built.Status = CL_BUILD_IN_PROGRESS;
  cl_int Result = CL_SUCCESS;
  if (!Program.FromBinaries)
    return buildThroughCache(Program, Device, Built);
  if (!Built.Bitcode.empty())
    Result = runCompiler(
        Device, Built, Built.Options, {}, SourceName, Product::Executable,
        CL_BUILD_PROGRAM_FAILURE, [&](compiler::BaseModule &Module) {
          llvm::StringRef Bitcode(Built.Bitcode.data(), Built.Bitcode.size());
          return Module.linkIR(llvm::MemoryBufferRef(Bitcode, "program"));
        });
  if (Result == CL_SUCCESS)
    Result = load(*Program.Context, Built);
  return endBuild(Built, Result);
}

/// Whether \p Binary is LLVM bitcode: a compiled object or library that
/// CL_PROGRAM_BINARIES gave.
bool isBitcode(const unsigned char *Binary, size_t Length) {
  return Binary && Length >= 4 && Binary[0] == 'B' && Binary[1] == 'C' &&
         Binary[2] == 0xC0 && Binary[3] == 0xDE;
}

/// Whether the bitcode \p Binary is a library's (LibraryMarker); bitcode
/// that does not parse is not, and fails when it is linked.
bool isLibraryBitcode(const unsigned char *Binary, size_t Length) {
  llvm::LLVMContext Ctx;
  llvm::MemoryBufferRef Buffer(
      llvm::StringRef(reinterpret_cast<const char *>(Binary), Length),
      "binary");
  llvm::Expected<std::unique_ptr<llvm::Module>> Module =
      llvm::getLazyBitcodeModule(Buffer, Ctx);
  if (!Module) {
    llvm::consumeError(Module.takeError());
    return false;
  }
  if (llvm::Error E = (*Module)->materializeMetadata()) {
    llvm::consumeError(std::move(E));
    return false;
  }
  return (*Module)->getNamedMetadata(LibraryMarker) != nullptr;
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

/// What CL_PROGRAM_BINARIES gives for \p Device: the executable object, or
/// the bitcode of a compiled object or library, or nothing.
const std::vector<char> &binaryOf(const _cl_program &Program,
                                  cl_device_id Device) {
  static const std::vector<char> None;
  auto It = Program.Builds.find(Device);
  if (It == Program.Builds.end() || It->second.Status != CL_BUILD_SUCCESS)
    return None;
  return It->second.Executable ? It->second.Binary : It->second.Bitcode;
}

/// Writes \p Headers (programs whose source is a header) under the names
/// \p Names in a new folder, for `-I`; the folder, which the caller
/// removes, or an error.
llvm::Expected<std::string>
writeHeaders(cl_uint Count, const cl_program *Headers, const char **Names) {
  llvm::SmallString<128> Folder;
  if (std::error_code E =
          llvm::sys::fs::createUniqueDirectory("loom-cl-headers", Folder))
    return llvm::errorCodeToError(E);
  for (cl_uint I = 0; I < Count; ++I) {
    llvm::SmallString<128> Path(Folder);
    llvm::sys::path::append(Path, Names[I]);
    std::error_code E =
        llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    llvm::raw_fd_ostream Out(Path, E);
    if (E)
      return llvm::errorCodeToError(E);
    Out << Headers[I]->Source;
  }
  return Folder.str().str();
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

/// The devices a build, compile or link of \p Context names in \p Devices
/// (\p NumDevices of them; every device of \p Context when none), in
/// \p Targets; CL_INVALID_DEVICE if one is not \p Context's.
cl_int targetDevices(const _cl_context &Context, cl_uint NumDevices,
                     const cl_device_id *Devices,
                     std::vector<cl_device_id> &Targets) {
  Targets.assign(Devices, Devices + NumDevices);
  if (Targets.empty())
    Targets = Context.Devices;
  for (cl_device_id Device : Targets)
    if (!isObject(Device) || !hasDevice(Context, Device))
      return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

/// What a link takes of one input for one device.
struct LinkInput {
  std::vector<char> Bitcode;
  bool UniformWorkGroups;
};

/// Each of \p Inputs' compiled object or library for each of \p Targets,
/// copied under the input's lock, since another thread may build it again
/// meanwhile; CL_INVALID_OPERATION if an input has none for a device.
cl_int readLinkInputs(const cl_program *Inputs, cl_uint NumInputs,
                      const std::vector<cl_device_id> &Targets,
                      std::map<cl_device_id, std::vector<LinkInput>> &Read) {
  for (cl_uint I = 0; I < NumInputs; ++I) {
    std::lock_guard<std::mutex> Lock(Inputs[I]->Building);
    for (cl_device_id Device : Targets) {
      auto It = Inputs[I]->Builds.find(Device);
      if (It == Inputs[I]->Builds.end() || It->second.Bitcode.empty())
        return CL_INVALID_OPERATION;
      Read[Device].push_back(
          {It->second.Bitcode, It->second.UniformWorkGroups});
    }
  }
  return CL_SUCCESS;
}

} // namespace

const _cl_program::Build *findBuild(const _cl_program &Program,
                                    cl_device_id Device) {
  auto It = Program.Builds.find(Device);
  return It != Program.Builds.end() && It->second.Status == CL_BUILD_SUCCESS &&
                 It->second.Executable
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
    } else if (!isBitcode(Binaries[I], Lengths[I]) &&
               !isBinaryFor(Devices[I], Binaries[I], Lengths[I])) {
      Result = CL_INVALID_BINARY;
    }
    if (BinaryStatus)
      BinaryStatus[I] = Result == CL_SUCCESS ? CL_SUCCESS : Result;
    if (Result != CL_SUCCESS)
      continue;
    _cl_program::Build &Built = Program->Builds[Devices[I]];
    const char *Bytes = reinterpret_cast<const char *>(Binaries[I]);
    if (isBitcode(Binaries[I], Lengths[I])) {
      // Read when it is linked or built; a malformed one fails there.
      Built.Bitcode.assign(Bytes, Bytes + Lengths[I]);
      Built.BinaryType = isLibraryBitcode(Binaries[I], Lengths[I])
                             ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                             : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    } else {
      Built.Binary.assign(Bytes, Bytes + Lengths[I]);
      Built.BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    }
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
  std::vector<cl_device_id> Targets;
  if (cl_int E = targetDevices(*Program->Context, NumDevices, Devices, Targets))
    return E;
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

cl_int compileProgram(cl_program Program, cl_uint NumDevices,
                      const cl_device_id *Devices, const char *Options,
                      cl_uint NumHeaders, const cl_program *Headers,
                      const char **HeaderNames, BuildNotify Notify,
                      void *NotifyData) {
  if (!isObject(Program))
    return CL_INVALID_PROGRAM;
  if ((NumDevices > 0) != (Devices != nullptr) || (!Notify && NotifyData) ||
      (NumHeaders > 0) != (Headers != nullptr) ||
      (NumHeaders > 0) != (HeaderNames != nullptr))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < NumHeaders; ++I) {
    if (!isObject(Headers[I]))
      return CL_INVALID_PROGRAM;
    if (!HeaderNames[I])
      return CL_INVALID_VALUE;
  }
  std::vector<cl_device_id> Targets;
  if (cl_int E = targetDevices(*Program->Context, NumDevices, Devices, Targets))
    return E;
  std::lock_guard<std::mutex> Lock(Program->Building);
  if (Program->Kernels > 0 || Program->FromBinaries)
    return CL_INVALID_OPERATION;
  std::string Include;
  if (NumHeaders > 0) {
    llvm::Expected<std::string> Folder =
        writeHeaders(NumHeaders, Headers, HeaderNames);
    if (!Folder) {
      llvm::consumeError(Folder.takeError());
      return CL_OUT_OF_HOST_MEMORY;
    }
    Include = *Folder;
  }
  cl_int Result = CL_SUCCESS;
  for (cl_device_id Device : Targets) {
    _cl_program::Build &Built = Program->Builds[Device];
    if (Built.Executable)
      muxDestroyExecutable(Program->Context->Mux, Built.Executable);
    Built = _cl_program::Build();
    Built.Options = Options ? Options : "";
    Built.UniformWorkGroups =
        requiresUniformWorkGroups(*Program, Built.Options);
    cl_int E = runCompiler(
        Device, Built,
        Include.empty() ? Built.Options : Built.Options + " -I" + Include,
        Program->SpecConstants, inputName(*Program), Product::Bitcode,
        CL_COMPILE_PROGRAM_FAILURE, compileSource(*Program));
    Built.Status = E == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    if (E == CL_SUCCESS)
      Built.BinaryType = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    else if (!Result)
      Result = E;
  }
  if (!Include.empty())
    llvm::sys::fs::remove_directories(Include);
  if (Notify)
    Notify(Program, NotifyData);
  return Result;
}

cl_program linkProgram(cl_context Context, cl_uint NumDevices,
                       const cl_device_id *Devices, const char *Options,
                       cl_uint NumInputs, const cl_program *Inputs,
                       BuildNotify Notify, void *NotifyData,
                       cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  if ((NumDevices > 0) != (Devices != nullptr) || (!Notify && NotifyData) ||
      NumInputs == 0 || !Inputs)
    return failWith(ErrorCode, CL_INVALID_VALUE);
  std::vector<cl_device_id> Targets;
  if (cl_int E = targetDevices(*Context, NumDevices, Devices, Targets))
    return failWith(ErrorCode, E);
  for (cl_uint I = 0; I < NumInputs; ++I)
    if (!isObject(Inputs[I]) || Inputs[I]->Context != Context)
      return failWith(ErrorCode, CL_INVALID_PROGRAM);
  // Each input is a compiled object or a library for every device.
  std::map<cl_device_id, std::vector<LinkInput>> Read;
  if (cl_int E = readLinkInputs(Inputs, NumInputs, Targets, Read))
    return failWith(ErrorCode, E);
  // The link options OpenCL adds to the build options'.
  std::string Rest = Options ? Options : "";
  bool Library = false;
  for (const char *Flag : {"-create-library", "-enable-link-options"}) {
    size_t At = Rest.find(Flag);
    if (At == std::string::npos)
      continue;
    Library |= Flag[1] == 'c';
    Rest.erase(At, std::strlen(Flag));
  }
  auto Program = std::make_unique<_cl_program>();
  Program->Context = Context;
  retain(Context);
  cl_int Result = CL_SUCCESS;
  for (cl_device_id Device : Targets) {
    _cl_program::Build &Built = Program->Builds[Device];
    Built.Options = Options ? Options : "";
    const std::vector<LinkInput> &Objects = Read[Device];
    // Launches must be uniform if one input's kernels may assume it.
    Built.UniformWorkGroups =
        llvm::any_of(Objects, [](const LinkInput &Object) {
          return Object.UniformWorkGroups;
        });
    auto LinkAll = [&](compiler::BaseModule &Module) -> llvm::Error {
      for (size_t I = 0; I < Objects.size(); ++I) {
        const std::vector<char> &Bitcode = Objects[I].Bitcode;
        if (llvm::Error E = Module.linkIR(llvm::MemoryBufferRef(
                llvm::StringRef(Bitcode.data(), Bitcode.size()),
                "program " + std::to_string(I))))
          return E;
      }
      if (Library)
        Module.getModule()->getOrInsertNamedMetadata(LibraryMarker);
      return llvm::Error::success();
    };
    cl_int E = runCompiler(Device, Built, Rest, {}, SourceName,
                           Library ? Product::Bitcode : Product::Executable,
                           CL_LINK_PROGRAM_FAILURE, LinkAll);
    if (E == CL_SUCCESS && !Library)
      E = load(*Context, Built) == CL_SUCCESS ? CL_SUCCESS
                                              : CL_LINK_PROGRAM_FAILURE;
    Built.Status = E == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    if (E == CL_SUCCESS)
      Built.BinaryType = Library ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                                 : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    else if (!Result)
      Result = E;
  }
  if (Notify)
    Notify(Program.get(), NotifyData);
  // A failed link still gives its program, whose log says why.
  if (Result == CL_INVALID_LINKER_OPTIONS)
    return failWith(ErrorCode, Result);
  failWith(ErrorCode, Result);
  return Program.release();
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
    for (cl_device_id Device : Devices)
      Sizes.push_back(binaryOf(*Program, Device).size());
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
      const std::vector<char> &Binary = binaryOf(*Program, Devices[I]);
      if (Pointers[I])
        std::memcpy(Pointers[I], Binary.data(), Binary.size());
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
    return Answer.value(Built.BinaryType);
  case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
    // 0 until an executable is built (the descriptors come with it).
    return Answer.value<size_t>(Built.Descriptors.GlobalVariableBytes);
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace opencl
} // namespace loom
