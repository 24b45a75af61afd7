//===- opencl_run.cpp - A kernel case through an OpenCL platform ----------===//
///
/// \file
/// Runs one kernel case (../shared/peer/CASES.md, read by loom-run's own
/// reader) through the OpenCL API on a platform the ICD loader finds, under
/// the cases' launch protocol: build (clCreateProgramWithSource,
/// clBuildProgram and clCreateKernel, timed, each platform's program cache
/// off), then repeat + 1 launches from the initial contents, the first a
/// warm-up; kernel time from the profiling event, wall time around
/// clEnqueueNDRangeKernel and clFinish; the outputs written raw to
/// DIR/argN.bin. It is the same program for Loom's platform and for
/// pocl's, so bench/compare.py's OpenCL columns compare the platforms, not
/// two host programs.
///
///   opencl-run CASE.json [--platform NAME] [--device NAME] [--out DIR]
///                        [--repeat N] [--json]
///
/// --platform picks the first platform whose name starts with NAME (default
/// Loom; "Portable" for pocl), --device its device of that name (default its
/// first). Loom's platform is found through its .icd file (LOOM_OPENCL_ICD)
/// unless OCL_ICD_VENDORS says otherwise; other platforms through the
/// system's. --json prints the figures as loom-run --json does.
///
//===----------------------------------------------------------------------===//

#define CL_TARGET_OPENCL_VERSION 300
#include "CL/cl.h"

#include "CaseFigures.h"
#include "KernelCase.h"
#include "metadata/image.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Clock = loom::CaseClock;
using loom::median;
using loom::microsecondsSince;

struct Options {
  std::string CasePath;
  std::string Platform = "Loom";
  std::string Device;
  std::string OutDir;
  unsigned Repeat = 0; ///< 0: the case's own.
  bool Json = false;
};

struct Timings {
  double BuildMs = 0, WarmupUs = 0;
  std::vector<double> KernelUs, WallUs;
};

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// An error naming the call \p What that returned \p Code, or success.
llvm::Error check(cl_int Code, const char *What) {
  if (Code == CL_SUCCESS)
    return llvm::Error::success();
  return failure(llvm::Twine(What) + " failed with OpenCL error " +
                 llvm::Twine(Code));
}

/// Returns the error of an OpenCL call that failed.
#define CL_TRY(Call, What)                                                     \
  if (llvm::Error E = check((Call), What))                                     \
  return std::move(E)

std::string platformInfo(cl_platform_id Platform, cl_platform_info Param) {
  char Text[256] = {};
  clGetPlatformInfo(Platform, Param, sizeof Text - 1, Text, nullptr);
  return Text;
}

std::string deviceName(cl_device_id Device) {
  char Text[256] = {};
  clGetDeviceInfo(Device, CL_DEVICE_NAME, sizeof Text - 1, Text, nullptr);
  return Text;
}

/// The device the options name.
llvm::Expected<cl_device_id> findDevice(const Options &Opts) {
  cl_uint Count = 0;
  CL_TRY(clGetPlatformIDs(0, nullptr, &Count), "clGetPlatformIDs");
  std::vector<cl_platform_id> Platforms(Count);
  CL_TRY(clGetPlatformIDs(Count, Platforms.data(), nullptr),
         "clGetPlatformIDs");
  for (cl_platform_id Platform : Platforms) {
    if (platformInfo(Platform, CL_PLATFORM_NAME).rfind(Opts.Platform, 0) != 0)
      continue;
    cl_uint Devices = 0;
    CL_TRY(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &Devices),
           "clGetDeviceIDs");
    std::vector<cl_device_id> Ids(Devices);
    CL_TRY(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, Devices, Ids.data(),
                          nullptr),
           "clGetDeviceIDs");
    for (cl_device_id Id : Ids)
      if (Opts.Device.empty() || deviceName(Id) == Opts.Device)
        return Id;
    return failure("platform '" + Opts.Platform + "' has no device '" +
                   Opts.Device + "'");
  }
  return failure("no OpenCL platform whose name starts with '" + Opts.Platform +
                 "'");
}

/// One case's OpenCL objects, released when it goes.
class CaseSession {
public:
  CaseSession(const loom::KernelCase &Case, cl_device_id Device)
      : Case(Case), Device(Device) {}
  ~CaseSession();
  CaseSession(const CaseSession &) = delete;
  CaseSession &operator=(const CaseSession &) = delete;

  /// Builds the program and its kernel, timing it into \p Ms.
  llvm::Error build(double &Ms);
  /// Creates the buffers and sets every argument.
  llvm::Error setArguments();
  /// One launch from the initial contents: its kernel and wall times.
  llvm::Error launch(double &KernelUs, double &WallUs);
  /// Writes each output buffer to Dir/argN.bin, adding its path to
  /// \p Paths.
  llvm::Error writeOutputs(const std::string &Dir,
                           std::vector<std::string> &Paths);

private:
  const loom::KernelCase &Case;
  cl_device_id Device;
  cl_context Context = nullptr;
  cl_command_queue Queue = nullptr;
  cl_program Program = nullptr;
  cl_kernel Kernel = nullptr;
  /// Per argument: its buffer or image (null for the others) and initial
  /// bytes.
  std::vector<cl_mem> Buffers;
  std::vector<std::vector<uint8_t>> Initial;
  std::vector<cl_sampler> Samplers;
};

CaseSession::~CaseSession() {
  for (cl_mem Buffer : Buffers)
    if (Buffer)
      clReleaseMemObject(Buffer);
  for (cl_sampler Sampler : Samplers)
    clReleaseSampler(Sampler);
  if (Kernel)
    clReleaseKernel(Kernel);
  if (Program)
    clReleaseProgram(Program);
  if (Queue)
    clReleaseCommandQueue(Queue);
  if (Context)
    clReleaseContext(Context);
}

/// The OpenCL description of image argument \p Arg.
cl_image_desc describeImage(const loom::CaseArg &Arg) {
  cl_image_desc Desc = {};
  Desc.image_width = Arg.ImageSize[0];
  switch (Arg.ImageType) {
  case LOOM_IMAGE_1D:
    Desc.image_type = CL_MEM_OBJECT_IMAGE1D;
    break;
  case LOOM_IMAGE_1D_ARRAY:
    Desc.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
    Desc.image_array_size = Arg.ImageSize[1];
    break;
  case LOOM_IMAGE_2D:
    Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    Desc.image_height = Arg.ImageSize[1];
    break;
  case LOOM_IMAGE_2D_ARRAY:
    Desc.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
    Desc.image_height = Arg.ImageSize[1];
    Desc.image_array_size = Arg.ImageSize[2];
    break;
  default:
    Desc.image_type = CL_MEM_OBJECT_IMAGE3D;
    Desc.image_height = Arg.ImageSize[1];
    Desc.image_depth = Arg.ImageSize[2];
  }
  return Desc;
}

/// The OpenCL sampler of LOOM_SAMPLER_* \p Bits.
cl_sampler createSampler(cl_context Context, uint32_t Bits, cl_int &Error) {
  cl_addressing_mode Modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE,
                                CL_ADDRESS_CLAMP, CL_ADDRESS_REPEAT,
                                CL_ADDRESS_MIRRORED_REPEAT};
  return clCreateSampler(
      Context, (Bits & LOOM_SAMPLER_NORMALIZED_COORDS) ? CL_TRUE : CL_FALSE,
      Modes[(Bits & LOOM_SAMPLER_ADDRESS_MASK) / 2],
      (Bits & LOOM_SAMPLER_FILTER_MASK) == LOOM_SAMPLER_FILTER_LINEAR
          ? CL_FILTER_LINEAR
          : CL_FILTER_NEAREST,
      &Error);
}

llvm::Error CaseSession::build(double &Ms) {
  cl_int Error = CL_SUCCESS;
  Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Error);
  CL_TRY(Error, "clCreateContext");
  cl_queue_properties Properties[] = {CL_QUEUE_PROPERTIES,
                                      CL_QUEUE_PROFILING_ENABLE, 0};
  Queue =
      clCreateCommandQueueWithProperties(Context, Device, Properties, &Error);
  CL_TRY(Error, "clCreateCommandQueueWithProperties");
  auto Source = llvm::MemoryBuffer::getFile(Case.SourcePath);
  if (!Source)
    return failure("cannot read '" + Case.SourcePath +
                   "': " + Source.getError().message());
  const char *Text = (*Source)->getBufferStart();
  size_t Length = (*Source)->getBufferSize();
  Clock::time_point Start = Clock::now();
  Program = clCreateProgramWithSource(Context, 1, &Text, &Length, &Error);
  CL_TRY(Error, "clCreateProgramWithSource");
  if (clBuildProgram(Program, 1, &Device, Case.BuildOptions.c_str(), nullptr,
                     nullptr) != CL_SUCCESS) {
    size_t Size = 0;
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                          &Size);
    std::string Log(Size, '\0');
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, Size,
                          Log.data(), nullptr);
    return failure("the build failed:\n" + Log);
  }
  Kernel = clCreateKernel(Program, Case.Kernel.c_str(), &Error);
  CL_TRY(Error, "clCreateKernel");
  Ms = microsecondsSince(Start) / 1000;
  return llvm::Error::success();
}

llvm::Error CaseSession::setArguments() {
  for (size_t I = 0; I < Case.Args.size(); ++I) {
    const loom::CaseArg &Arg = Case.Args[I];
    cl_uint Index = static_cast<cl_uint>(I);
    Buffers.push_back(nullptr);
    Initial.emplace_back();
    switch (Arg.ArgKind) {
    case loom::CaseArg::Buffer: {
      auto Contents = loom::makeInitialContents(Arg);
      if (!Contents)
        return Contents.takeError();
      Initial.back() = std::move(*Contents);
      cl_int Error = CL_SUCCESS;
      Buffers.back() = clCreateBuffer(Context, CL_MEM_READ_WRITE,
                                      Initial.back().size(), nullptr, &Error);
      CL_TRY(Error, "clCreateBuffer");
      CL_TRY(clSetKernelArg(Kernel, Index, sizeof(cl_mem), &Buffers.back()),
             "clSetKernelArg");
      break;
    }
    case loom::CaseArg::Scalar: {
      auto Bytes = loom::makeScalarBytes(Arg);
      if (!Bytes)
        return Bytes.takeError();
      CL_TRY(clSetKernelArg(Kernel, Index, Bytes->size(), Bytes->data()),
             "clSetKernelArg");
      break;
    }
    case loom::CaseArg::Local:
      CL_TRY(clSetKernelArg(Kernel, Index, Arg.LocalBytes, nullptr),
             "clSetKernelArg");
      break;
    case loom::CaseArg::Image: {
      auto Contents = loom::makeInitialContents(Arg);
      if (!Contents)
        return Contents.takeError();
      Initial.back() = std::move(*Contents);
      cl_int Error = CL_SUCCESS;
      const cl_image_format Format = {Arg.ChannelOrder, Arg.ChannelType};
      const cl_image_desc Desc = describeImage(Arg);
      Buffers.back() = clCreateImage(Context, CL_MEM_READ_WRITE, &Format, &Desc,
                                     nullptr, &Error);
      CL_TRY(Error, "clCreateImage");
      CL_TRY(clSetKernelArg(Kernel, Index, sizeof(cl_mem), &Buffers.back()),
             "clSetKernelArg");
      break;
    }
    case loom::CaseArg::Sampler: {
      cl_int Error = CL_SUCCESS;
      Samplers.push_back(createSampler(Context, Arg.SamplerBits, Error));
      CL_TRY(Error, "clCreateSampler");
      CL_TRY(
          clSetKernelArg(Kernel, Index, sizeof(cl_sampler), &Samplers.back()),
          "clSetKernelArg");
      break;
    }
    }
  }
  return llvm::Error::success();
}

llvm::Error CaseSession::launch(double &KernelUs, double &WallUs) {
  for (size_t I = 0; I < Buffers.size(); ++I) {
    if (!Buffers[I])
      continue;
    if (Case.Args[I].ArgKind == loom::CaseArg::Image) {
      const auto &Size = Case.Args[I].ImageSize;
      const size_t Origin[3] = {0, 0, 0};
      const size_t Region[3] = {Size[0], Size[1], Size[2]};
      CL_TRY(clEnqueueWriteImage(Queue, Buffers[I], CL_TRUE, Origin, Region, 0,
                                 0, Initial[I].data(), 0, nullptr, nullptr),
             "clEnqueueWriteImage");
      continue;
    }
    CL_TRY(clEnqueueWriteBuffer(Queue, Buffers[I], CL_TRUE, 0,
                                Initial[I].size(), Initial[I].data(), 0,
                                nullptr, nullptr),
           "clEnqueueWriteBuffer");
  }
  std::vector<size_t> Global(Case.Global.begin(), Case.Global.end());
  std::vector<size_t> Local;
  if (Case.Local)
    Local.assign(Case.Local->begin(), Case.Local->end());
  cl_event Done = nullptr;
  Clock::time_point Start = Clock::now();
  CL_TRY(clEnqueueNDRangeKernel(
             Queue, Kernel, static_cast<cl_uint>(Global.size()), nullptr,
             Global.data(), Case.Local ? Local.data() : nullptr, 0, nullptr,
             &Done),
         "clEnqueueNDRangeKernel");
  cl_int Error = clFinish(Queue);
  WallUs = microsecondsSince(Start);
  cl_ulong Began = 0, Ended = 0;
  if (Error == CL_SUCCESS)
    Error = clGetEventProfilingInfo(Done, CL_PROFILING_COMMAND_START,
                                    sizeof Began, &Began, nullptr);
  if (Error == CL_SUCCESS)
    Error = clGetEventProfilingInfo(Done, CL_PROFILING_COMMAND_END,
                                    sizeof Ended, &Ended, nullptr);
  clReleaseEvent(Done);
  CL_TRY(Error, "the launch (clFinish, clGetEventProfilingInfo)");
  KernelUs = static_cast<double>(Ended - Began) / 1000;
  return llvm::Error::success();
}

llvm::Error CaseSession::writeOutputs(const std::string &Dir,
                                      std::vector<std::string> &Paths) {
  for (size_t I = 0; I < Case.Args.size(); ++I) {
    if (!Buffers[I] || !Case.Args[I].Output)
      continue;
    std::vector<uint8_t> Bytes(Initial[I].size());
    if (Case.Args[I].ArgKind == loom::CaseArg::Image) {
      const auto &Size = Case.Args[I].ImageSize;
      const size_t Origin[3] = {0, 0, 0};
      const size_t Region[3] = {Size[0], Size[1], Size[2]};
      CL_TRY(clEnqueueReadImage(Queue, Buffers[I], CL_TRUE, Origin, Region, 0,
                                0, Bytes.data(), 0, nullptr, nullptr),
             "clEnqueueReadImage");
    } else {
      CL_TRY(clEnqueueReadBuffer(Queue, Buffers[I], CL_TRUE, 0, Bytes.size(),
                                 Bytes.data(), 0, nullptr, nullptr),
             "clEnqueueReadBuffer");
    }
    std::string Path = Dir + "/arg" + std::to_string(I) + ".bin";
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    if (EC)
      return failure("cannot write '" + Path + "': " + EC.message());
    Out.write(reinterpret_cast<const char *>(Bytes.data()), Bytes.size());
    Paths.push_back(Path);
  }
  return llvm::Error::success();
}

void printResults(const loom::KernelCase &Case, const std::string &Device,
                  const Timings &Times, unsigned Repeat,
                  const std::vector<std::string> &Outputs, bool Json) {
  if (Json) {
    loom::printFiguresJSON(llvm::outs(),
                           {Case.Name, Device, Times.BuildMs, Times.WarmupUs,
                            Times.KernelUs, Times.WallUs, Outputs});
    return;
  }
  double Min = *std::min_element(Times.KernelUs.begin(), Times.KernelUs.end());
  llvm::outs() << llvm::format(
      "%s on %s: build %.1f ms, warm-up %.1f us, kernel min %.1f us, "
      "median %.1f us, wall median %.1f us (%u runs)\n",
      Case.Name.c_str(), Device.c_str(), Times.BuildMs, Times.WarmupUs, Min,
      median(Times.KernelUs), median(Times.WallUs), Repeat);
}

llvm::Error run(const Options &Opts) {
  auto Case = loom::readKernelCase(Opts.CasePath);
  if (!Case)
    return Case.takeError();
  unsigned Repeat = Opts.Repeat ? Opts.Repeat : Case->Repeat;
  std::string Dir = Opts.OutDir.empty() ? "out/" + Case->Name : Opts.OutDir;
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return failure("cannot create '" + Dir + "': " + EC.message());
  auto Device = findDevice(Opts);
  if (!Device)
    return Device.takeError();
  CaseSession Session(*Case, *Device);
  Timings Times;
  if (llvm::Error E = Session.build(Times.BuildMs))
    return E;
  if (llvm::Error E = Session.setArguments())
    return E;
  double KernelUs, WallUs;
  if (llvm::Error E = Session.launch(KernelUs, Times.WarmupUs))
    return E;
  for (unsigned I = 0; I < Repeat; ++I) {
    if (llvm::Error E = Session.launch(KernelUs, WallUs))
      return E;
    Times.KernelUs.push_back(KernelUs);
    Times.WallUs.push_back(WallUs);
  }
  std::vector<std::string> Outputs;
  if (llvm::Error E = Session.writeOutputs(Dir, Outputs))
    return E;
  printResults(*Case, Opts.Platform + "-" + deviceName(*Device), Times, Repeat,
               Outputs, Opts.Json);
  return llvm::Error::success();
}

bool parseOptions(int Argc, char **Argv, Options &Opts) {
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    bool HasValue = I + 1 < Argc;
    if (Arg == "--platform" && HasValue)
      Opts.Platform = Argv[++I];
    else if (Arg == "--device" && HasValue)
      Opts.Device = Argv[++I];
    else if (Arg == "--out" && HasValue)
      Opts.OutDir = Argv[++I];
    else if (Arg == "--repeat" && HasValue)
      Opts.Repeat = static_cast<unsigned>(std::strtoul(Argv[++I], nullptr, 10));
    else if (Arg == "--json")
      Opts.Json = true;
    else if (Opts.CasePath.empty() && Arg.rfind("--", 0) != 0)
      Opts.CasePath = Arg;
    else
      return false;
  }
  return !Opts.CasePath.empty();
}

} // namespace

int main(int Argc, char **Argv) {
  Options Opts;
  if (!parseOptions(Argc, Argv, Opts)) {
    llvm::errs() << "usage: opencl-run CASE.json [--platform NAME] "
                    "[--device NAME] [--out DIR] [--repeat N] [--json]\n";
    return 2;
  }
  // Before the first OpenCL call: Loom's platform through its .icd file,
  // and no platform's program cache, so that every build compiles.
  if (Opts.Platform.rfind("Loom", 0) == 0)
    setenv("OCL_ICD_VENDORS", LOOM_OPENCL_ICD, /*overwrite=*/0);
  setenv("LOOM_PROGRAM_CACHE", "0", 1);
  setenv("POCL_KERNEL_CACHE", "0", 1);
  if (llvm::Error E = run(Opts)) {
    llvm::errs() << "opencl-run: error: " << llvm::toString(std::move(E))
                 << "\n";
    return 1;
  }
  return 0;
}
