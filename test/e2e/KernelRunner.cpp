//===- KernelRunner.cpp - Compile a kernel and run it on the driver -------===//

#include "KernelRunner.h"

#include "RegisterTargets.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/Target.h"
#include "mux/mux.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>

namespace loom {
namespace e2e {

namespace {

/// A module of target \p TargetName, or null with \p Error set.
std::unique_ptr<compiler::BaseModule>
createModule(llvm::LLVMContext &Ctx, const std::string &TargetName,
             const compiler::CompileOptions &Opts, std::string &Error) {
  static std::once_flag Registered;
  std::call_once(Registered, [] { loom::registerAllTargets(); });
  const compiler::Target *Target =
      compiler::TargetRegistry::get().find(TargetName);
  if (!Target) {
    Error = "no target " + TargetName;
    return nullptr;
  }
  return Target->createModule(Ctx, Opts);
}

/// Build options every compile of this run adds (LOOM_E2E_EXTRA_OPTIONS),
/// so the whole suite can run again with, say, Vecz forced on.
compiler::CompileOptions defaultOptions() {
  compiler::CompileOptions Opts;
  if (const char *Extra = std::getenv("LOOM_E2E_EXTRA_OPTIONS"))
    if (llvm::Error E = Opts.parseBuildOptions(Extra))
      llvm::report_fatal_error(std::move(E));
  return Opts;
}

/// Runs the pipeline and code generation on a compiled module.
std::string finishCompile(compiler::BaseModule &Module,
                          std::vector<char> &Binary) {
  if (llvm::Error E = Module.finalize())
    return llvm::toString(std::move(E));
  auto Object = Module.createBinary();
  if (!Object)
    return llvm::toString(Object.takeError());
  Binary.assign(Object->begin(), Object->end());
  return "";
}

/// Compiles for target \p TargetName with \p Opts a module that \p Load
/// fills (from source, IR or SPIR-V). Returns "" and fills \p Binary, or
/// what went wrong.
std::string
compileModule(const std::string &TargetName,
              const compiler::CompileOptions &Opts,
              llvm::function_ref<llvm::Error(compiler::BaseModule &)> Load,
              std::vector<char> &Binary) {
  llvm::LLVMContext Ctx;
  std::string Error;
  auto Module = createModule(Ctx, TargetName, Opts, Error);
  if (!Module)
    return Error;
  if (llvm::Error E = Load(*Module))
    return llvm::toString(std::move(E));
  return finishCompile(*Module, Binary);
}

/// Fills \p Binary with what \p Compile made the first time this process
/// asked for \p Key, and runs it only then. A compile costs far more than
/// a run, and the suite compiles the same file with the same options many
/// times (one test per kernel of a file, per local size, per target's run
/// of the same options); the key holds everything a binary depends on.
/// Only successful compiles are kept, so a test of diagnostics always
/// compiles.
std::string
compileOnce(const std::string &Key, std::vector<char> &Binary,
            llvm::function_ref<std::string(std::vector<char> &)> Compile) {
  static std::mutex Lock;
  static std::map<std::string, std::vector<char>> Binaries;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto Found = Binaries.find(Key);
    if (Found != Binaries.end()) {
      Binary = Found->second;
      return "";
    }
  }
  std::string Error = Compile(Binary);
  if (Error.empty()) {
    std::lock_guard<std::mutex> Guard(Lock);
    Binaries.emplace(Key, Binary);
  }
  return Error;
}

/// A key for compileOnce: \p Parts joined by a byte none of them holds.
std::string compileKey(std::initializer_list<llvm::StringRef> Parts) {
  std::string Key;
  for (llvm::StringRef Part : Parts) {
    Key += Part;
    Key += '\0';
  }
  return Key;
}

} // namespace

bool runsUnoptimized() { return defaultOptions().OptDisable; }

std::string compileKernel(const std::string &Source, std::vector<char> &Binary,
                          const std::string &BuildOptions,
                          const std::string &TargetName,
                          const std::string &FileName) {
  compiler::CompileOptions Opts = defaultOptions();
  Opts.FileName = FileName;
  if (llvm::Error E = Opts.parseBuildOptions(BuildOptions))
    return llvm::toString(std::move(E));
  return compileOnce(
      compileKey({"OpenCL C", TargetName, BuildOptions, FileName, Source}),
      Binary, [&](std::vector<char> &Out) {
        return compileModule(
            TargetName, Opts,
            [&](compiler::BaseModule &Module) {
              return Module.compile(Source);
            },
            Out);
      });
}

std::string compileIR(const std::string &IR, std::vector<char> &Binary,
                      const std::string &TargetName) {
  return compileOnce(compileKey({"LLVM IR", TargetName, IR}), Binary,
                     [&](std::vector<char> &Out) {
                       return compileModule(
                           TargetName, defaultOptions(),
                           [&](compiler::BaseModule &Module) {
                             return Module.loadIR(
                                 llvm::MemoryBufferRef(IR, "kernel.ll"));
                           },
                           Out);
                     });
}

std::string compileSPIRV(const std::string &Name, std::vector<char> &Binary,
                         const std::string &TargetName) {
  std::string Path = std::string(LOOM_E2E_SPIRV_DIR) + "/" + Name + ".spv";
  auto File = llvm::MemoryBuffer::getFile(Path);
  if (!File)
    return "cannot read " + Path;
  return compileOnce(compileKey({"SPIR-V", TargetName, (*File)->getBuffer()}),
                     Binary, [&](std::vector<char> &Out) {
                       return compileModule(
                           TargetName, defaultOptions(),
                           [&](compiler::BaseModule &Module) {
                             return Module.loadSPIRV(
                                 (*File)->getMemBufferRef());
                           },
                           Out);
                     });
}

std::string readKernelSource(const std::string &Name) {
  std::ifstream In(std::string(LOOM_E2E_KERNEL_DIR) + "/" + Name);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

namespace {

/// Owns the driver objects of one run.
struct Session {
  mux_device_t Device = nullptr;
  mux_queue_t Queue = nullptr;
  mux_executable_t Executable = nullptr;
  mux_kernel_t Kernel = nullptr;
  mux_command_buffer_t Commands = nullptr;
  std::vector<mux_memory_t> Memories;
  std::vector<mux_buffer_t> Buffers;
  std::vector<mux_image_t> Images;

  ~Session() {
    if (Queue)
      (void)muxWaitAll(Queue);
    muxDestroyCommandBuffer(Device, Commands);
    for (mux_buffer_t B : Buffers)
      muxDestroyBuffer(Device, B);
    for (mux_image_t I : Images)
      muxDestroyImage(Device, I);
    for (mux_memory_t M : Memories)
      muxFreeMemory(Device, M);
    muxDestroyKernel(Device, Kernel);
    muxDestroyExecutable(Device, Executable);
    muxDestroyDevice(Device);
  }
};

std::string failed(const char *What, mux_result_t Result) {
  return std::string(What) + " failed with " + std::to_string(Result) + ": " +
         muxGetLastErrorMessage();
}

#define CHECK_MUX(Call)                                                        \
  if (mux_result_t Result = (Call))                                            \
    return failed(#Call, Result);

/// The box of every texel of an image: width, then rows and slices, or
/// layers where the image is an array.
mux_image_box_s wholeImage(const mux_image_desc_s &D) {
  mux_image_box_s Box = {{0, 0, 0}, {D.width, 1, 1}};
  if (D.type == LOOM_IMAGE_1D_ARRAY)
    Box.region[1] = D.array_size;
  if (D.type == LOOM_IMAGE_2D || D.type == LOOM_IMAGE_2D_ARRAY ||
      D.type == LOOM_IMAGE_3D)
    Box.region[1] = D.height;
  if (D.type == LOOM_IMAGE_2D_ARRAY)
    Box.region[2] = D.array_size;
  if (D.type == LOOM_IMAGE_3D)
    Box.region[2] = D.depth;
  return Box;
}

/// Creates \p Arg's image in memory of its own and records the write of
/// its texels.
std::string createImage(Session &S, const KernelArg &Arg, mux_image_t &Out) {
  CHECK_MUX(muxCreateImage(S.Device, &Arg.Image, &Out));
  S.Images.push_back(Out);
  uint64_t Size;
  CHECK_MUX(muxGetImageLayout(Out, &Size, nullptr, nullptr));
  mux_memory_t Memory;
  CHECK_MUX(muxAllocateMemory(S.Device, Size, 0,
                              mux_memory_property_host_coherent, &Memory));
  S.Memories.push_back(Memory);
  CHECK_MUX(muxBindImageMemory(S.Device, Memory, Out, 0));
  mux_image_box_s Box = wholeImage(Arg.Image);
  uint64_t Packed =
      Box.region[0] * Box.region[1] * Box.region[2] *
      loom_image_element_size(Arg.Image.channel_order, Arg.Image.channel_type);
  if (Arg.Bytes.size() != Packed)
    return "an image of " + std::to_string(Packed) + " bytes was given " +
           std::to_string(Arg.Bytes.size());
  CHECK_MUX(
      muxCommandWriteImage(S.Commands, Out, &Box, Arg.Bytes.data(), 0, 0));
  return "";
}

} // namespace

std::string runKernel(const std::vector<char> &Binary, const std::string &Name,
                      std::vector<KernelArg> &Args, const NDRange &Range,
                      PrintfSink Printf) {
  Session S;
  mux_device_info_t Info;
  CHECK_MUX(muxGetDeviceInfos(1, &Info, nullptr));
  CHECK_MUX(muxCreateDevices(1, &Info, &S.Device));
  if (Printf.Callback) {
    CHECK_MUX(muxSetPrintfCallback(S.Device, Printf.Callback, Printf.UserData));
  }
  CHECK_MUX(muxGetQueue(S.Device, 0, &S.Queue));
  CHECK_MUX(muxCreateExecutable(S.Device, Binary.data(), Binary.size(),
                                &S.Executable));
  CHECK_MUX(muxCreateKernel(S.Device, S.Executable, Name.data(), Name.size(),
                            &S.Kernel));
  CHECK_MUX(muxCreateCommandBuffer(S.Device, &S.Commands));

  std::vector<mux_descriptor_info_s> Descriptors(Args.size());
  for (size_t I = 0; I < Args.size(); ++I) {
    mux_descriptor_info_s &D = Descriptors[I];
    if (Args[I].LocalBytes) {
      D.type = mux_descriptor_info_type_shared_local_buffer;
      D.data_size = Args[I].LocalBytes;
      continue;
    }
    if (Args[I].IsSampler) {
      D.type = mux_descriptor_info_type_sampler;
      D.sampler = Args[I].SamplerBits;
      continue;
    }
    if (Args[I].IsImage) {
      if (std::string Error = createImage(S, Args[I], D.image); !Error.empty())
        return Error;
      D.type = mux_descriptor_info_type_image;
      continue;
    }
    if (!Args[I].IsBuffer) {
      D.type = mux_descriptor_info_type_plain_old_data;
      D.data = Args[I].Bytes.data();
      D.data_size = Args[I].Bytes.size();
      continue;
    }
    mux_memory_t Memory;
    mux_buffer_t Buffer;
    CHECK_MUX(muxAllocateMemory(S.Device, Args[I].Bytes.size(), 0,
                                mux_memory_property_host_coherent, &Memory));
    S.Memories.push_back(Memory);
    CHECK_MUX(muxCreateBuffer(S.Device, Args[I].Bytes.size(), &Buffer));
    S.Buffers.push_back(Buffer);
    CHECK_MUX(muxBindBufferMemory(S.Device, Memory, Buffer, 0));
    CHECK_MUX(muxCommandWriteBuffer(S.Commands, Buffer, 0, Args[I].Bytes.data(),
                                    Args[I].Bytes.size()));
    D.type = mux_descriptor_info_type_buffer;
    D.buffer = Buffer;
  }

  mux_ndrange_options_s Options{};
  Options.descriptors = Descriptors.data();
  Options.descriptors_length = Descriptors.size();
  for (size_t D = 0; D < 3; ++D)
    Options.local_size[D] = D < Range.Local.size() ? Range.Local[D] : 1;
  Options.global_size = Range.Global.data();
  Options.global_offset = Range.Offset.empty() ? nullptr : Range.Offset.data();
  Options.dimensions = static_cast<uint32_t>(Range.Global.size());
  CHECK_MUX(muxCommandNDRange(S.Commands, S.Kernel, &Options));

  size_t NextBuffer = 0, NextImage = 0;
  for (KernelArg &A : Args) {
    if (A.IsBuffer)
      CHECK_MUX(muxCommandReadBuffer(S.Commands, S.Buffers[NextBuffer++], 0,
                                     A.Bytes.data(), A.Bytes.size()));
    if (A.IsImage) {
      mux_image_box_s Box = wholeImage(A.Image);
      CHECK_MUX(muxCommandReadImage(S.Commands, S.Images[NextImage++], &Box,
                                    A.Bytes.data(), 0, 0));
    }
  }
  CHECK_MUX(muxFinalizeCommandBuffer(S.Commands));
  CHECK_MUX(muxDispatch(S.Queue, S.Commands, nullptr, nullptr, 0, nullptr, 0,
                        nullptr, nullptr));
  CHECK_MUX(muxWaitAll(S.Queue));
  return "";
}

std::vector<uint32_t> xorshiftSequence(size_t N) {
  std::vector<uint32_t> Values(N);
  uint32_t X = 2463534242u;
  for (uint32_t &V : Values) {
    X ^= X << 13;
    X ^= X >> 17;
    X ^= X << 5;
    V = X;
  }
  return Values;
}

} // namespace e2e
} // namespace loom
