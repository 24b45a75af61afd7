//===- loom-run.cpp - Runs a kernel case on the reference driver ----------===//
///
/// \file
/// loom-run runs one kernel case (../shared/peer/CASES.md), or a binary's
/// kernel with its arguments given on the command line, on Loom under the
/// same launch protocol as pocl_run: build (or load --binary), one warm-up
/// launch and `repeat` timed launches, each from freshly written inputs, then
/// the output buffers written to DIR/argN.bin for compare.py. It prints one
/// summary line, or with --json the same fields as pocl_run. The kernel time
/// is the wall time of dispatching the ND-range and waiting for it.
///
//===----------------------------------------------------------------------===//

#include "CaseFigures.h"
#include "InputKind.h"
#include "KernelCase.h"
#include "KernelCrashGuard.h"
#include "PrintfStreams.h"
#include "RegisterTargets.h"
#include "ToolErrors.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/Target.h"
#include "mux/mux.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

namespace {

cl::OptionCategory LoomRunCategory("loom-run options");
cl::opt<std::string> CaseFile(cl::Positional, cl::desc("<case.json>"),
                              cl::cat(LoomRunCategory));
cl::opt<std::string> KernelName("kernel",
                                cl::desc("Without a case: the kernel of "
                                         "--binary to run"),
                                cl::value_desc("name"),
                                cl::cat(LoomRunCategory));
cl::opt<std::string> GlobalSize("global",
                                cl::desc("Without a case: the global size, "
                                         "e.g. 1024 or 64,64"),
                                cl::value_desc("sizes"),
                                cl::cat(LoomRunCategory));
cl::opt<std::string> LocalSize("local",
                               cl::desc("Without a case: the work-group size "
                                        "(default: chosen)"),
                               cl::value_desc("sizes"),
                               cl::cat(LoomRunCategory));
cl::list<std::string>
    ArgSpecs("arg",
             cl::desc("Without a case: an argument, in order: "
                      "buffer:TYPE:COUNT[:zero|iota|const=V|"
                      "random[=SEED]][:out], scalar:TYPE:VALUE "
                      "or local:BYTES"),
             cl::value_desc("spec"), cl::cat(LoomRunCategory));
cl::opt<std::string> BinaryFile("binary",
                                cl::desc("Run this binary (from loomc) "
                                         "instead of compiling the source"),
                                cl::value_desc("file"),
                                cl::cat(LoomRunCategory));
cl::opt<std::string>
    ExtraBuildOptions("build-options",
                      cl::desc("Build options added after the case's own (e.g. "
                               "'-cl-wfv=always -vecz-width=16')"),
                      cl::value_desc("options"), cl::cat(LoomRunCategory));
cl::opt<bool> AllKernels("all-kernels",
                         cl::desc("Compile every kernel of the source, not "
                                  "only the one launched"),
                         cl::cat(LoomRunCategory));
cl::opt<std::string> TargetName("target", cl::desc("Target to compile for"),
                                cl::init("csa"), cl::cat(LoomRunCategory));
cl::opt<std::string> OutDir("out", cl::desc("Output folder (default out/NAME)"),
                            cl::value_desc("dir"), cl::cat(LoomRunCategory));
cl::opt<unsigned> RepeatOverride("repeat", cl::desc("Timed launches"),
                                 cl::init(0), cl::cat(LoomRunCategory));
cl::opt<bool> JsonOutput("json", cl::desc("Print the results as JSON"),
                         cl::cat(LoomRunCategory));
cl::opt<bool> CheckBounds(
    "check-bounds",
    cl::desc("Put every buffer against a protected page, so that a kernel "
             "overrunning one is stopped and named (LOOM_CHECK_BOUNDS=1)"),
    cl::cat(LoomRunCategory));
cl::opt<bool> DumpInputs("dump-inputs",
                         cl::desc("Also write each buffer's initial contents "
                                  "to DIR/argN.in.bin"),
                         cl::cat(LoomRunCategory));

using Clock = loom::CaseClock;
using loom::median;
using loom::microsecondsSince;

Error muxError(mux_result_t Result, const Twine &What) {
  // A bounds fault's message says all there is: which kernel, argument and
  // byte.
  if (Result == mux_error_kernel_fault)
    return createStringError(inconvertibleErrorCode(), "%s",
                             muxGetLastErrorMessage());
  return createStringError(inconvertibleErrorCode(),
                           "%s failed (mux error %d): %s", What.str().c_str(),
                           int(Result), muxGetLastErrorMessage());
}

#define MUX_CHECK(Call)                                                        \
  if (mux_result_t Result = (Call))                                            \
    return muxError(Result, #Call);

Expected<std::vector<char>> readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    return createStringError(File.getError(), "cannot read '%s'",
                             Path.str().c_str());
  StringRef Bytes = (*File)->getBuffer();
  return std::vector<char>(Bytes.begin(), Bytes.end());
}

Expected<std::vector<char>> compileCase(const loom::KernelCase &Case) {
  const compiler::Target *Target =
      compiler::TargetRegistry::get().find(TargetName);
  if (!Target)
    return createStringError(inconvertibleErrorCode(), "unknown target '%s'",
                             TargetName.c_str());
  Expected<std::vector<char>> Source = readFile(Case.SourcePath);
  if (!Source)
    return Source.takeError();
  MemoryBufferRef Input(StringRef(Source->data(), Source->size()),
                        Case.SourcePath);
  Expected<loom::InputKind> Kind = loom::identifyInput(Input);
  if (!Kind)
    return Kind.takeError();
  compiler::CompileOptions Opts;
  Opts.FileName = Case.SourcePath;
  // As pocl and the oneAPI Construction Kit generate code for a kernel
  // when it is first launched: only the kernel this run launches.
  if (!AllKernels)
    Opts.Kernels.push_back(Case.Kernel);
  if (*Kind == loom::InputKind::C)
    Opts.Language = compiler::SourceLanguage::C;
  if (Error E =
          Opts.parseBuildOptions(Case.BuildOptions + " " + ExtraBuildOptions))
    return std::move(E);
  LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module =
      Target->createModule(Ctx, Opts);
  Module->setWarningHandler([](StringRef Text) { errs() << Text; });
  if (Error E = loom::loadInput(*Module, Input, *Kind))
    return std::move(E);
  if (Error E = Module->finalize())
    return std::move(E);
  Expected<SmallVector<char, 0>> Object = Module->createBinary();
  if (!Object)
    return Object.takeError();
  return std::vector<char>(Object->begin(), Object->end());
}

struct Timings {
  double BuildMs = 0;
  double WarmupUs = 0;
  /// The driver's duration of the ND-range command (a query pool), like an
  /// OpenCL profiling event's end - start.
  std::vector<double> KernelUs;
  /// The host's time from dispatch to the end of muxWaitAll.
  std::vector<double> WallUs;
};

/// Everything one run creates on the driver, destroyed in reverse order.
class DriverSession {
public:
  ~DriverSession();
  Error run(const loom::KernelCase &Case, const std::vector<char> &Binary,
            unsigned Repeat, Timings &Times, StringRef Dir,
            std::vector<std::string> &Outputs);

private:
  Error createBuffers(const loom::KernelCase &Case, StringRef Dir);
  Error createImage(const loom::CaseArg &Arg, mux_image_t &Out);
  Error recordCommands(const loom::KernelCase &Case);
  Error launchOnce(double &KernelUs, double &WallUs);
  Error writeOutputs(const loom::KernelCase &Case, StringRef Dir,
                     std::vector<std::string> &Outputs);

  mux_device_t Device = nullptr;
  mux_queue_t Queue = nullptr;
  mux_executable_t Executable = nullptr;
  mux_kernel_t Kernel = nullptr;
  std::vector<mux_memory_t> Memories;
  std::vector<mux_buffer_t> Buffers;
  std::vector<mux_image_t> Images;
  std::vector<std::vector<uint8_t>> Contents;
  std::vector<std::vector<uint8_t>> Results;
  mux_command_buffer_t Init = nullptr, Launch = nullptr, Read = nullptr;
  mux_query_pool_t KernelTime = nullptr;
};

DriverSession::~DriverSession() {
  if (Queue)
    (void)muxWaitAll(Queue);
  for (mux_command_buffer_t CB : {Init, Launch, Read})
    muxDestroyCommandBuffer(Device, CB);
  muxDestroyQueryPool(Device, KernelTime);
  for (mux_buffer_t Buffer : Buffers)
    muxDestroyBuffer(Device, Buffer);
  for (mux_image_t Image : Images)
    muxDestroyImage(Device, Image);
  for (mux_memory_t Memory : Memories)
    muxFreeMemory(Device, Memory);
  muxDestroyKernel(Device, Kernel);
  muxDestroyExecutable(Device, Executable);
  muxDestroyDevice(Device);
}

Error DriverSession::createBuffers(const loom::KernelCase &Case,
                                   StringRef Dir) {
  Buffers.assign(Case.Args.size(), nullptr);
  Images.assign(Case.Args.size(), nullptr);
  Contents.resize(Case.Args.size());
  for (size_t I = 0; I < Case.Args.size(); ++I) {
    const loom::CaseArg &Arg = Case.Args[I];
    bool HasContents = Arg.ArgKind == loom::CaseArg::Buffer ||
                       Arg.ArgKind == loom::CaseArg::Image;
    Expected<std::vector<uint8_t>> Bytes =
        HasContents ? loom::makeInitialContents(Arg)
        : Arg.ArgKind == loom::CaseArg::Scalar
            ? loom::makeScalarBytes(Arg)
            : Expected<std::vector<uint8_t>>(std::vector<uint8_t>());
    if (!Bytes)
      return createStringError(inconvertibleErrorCode(), "args[%zu]: %s", I,
                               toString(Bytes.takeError()).c_str());
    Contents[I] = std::move(*Bytes);
    if (Arg.ArgKind == loom::CaseArg::Image) {
      if (Error E = createImage(Arg, Images[I]))
        return E;
      continue;
    }
    if (Arg.ArgKind != loom::CaseArg::Buffer)
      continue;
    mux_memory_t Memory;
    MUX_CHECK(muxAllocateMemory(Device, Contents[I].size(), 0,
                                mux_memory_property_host_coherent, &Memory));
    Memories.push_back(Memory);
    MUX_CHECK(muxCreateBuffer(Device, Contents[I].size(), &Buffers[I]));
    MUX_CHECK(muxBindBufferMemory(Device, Memory, Buffers[I], 0));
    if (DumpInputs) {
      std::error_code EC;
      raw_fd_ostream In((Dir + "/arg" + Twine(I) + ".in.bin").str(), EC);
      if (EC)
        return createStringError(EC, "cannot write inputs");
      In.write(reinterpret_cast<const char *>(Contents[I].data()),
               Contents[I].size());
    }
  }
  return Error::success();
}

/// The box of every texel of image argument \p Arg.
mux_image_box_s wholeImage(const loom::CaseArg &Arg) {
  return {{0, 0, 0}, {Arg.ImageSize[0], Arg.ImageSize[1], Arg.ImageSize[2]}};
}

Error DriverSession::createImage(const loom::CaseArg &Arg, mux_image_t &Out) {
  mux_image_desc_s Desc = {};
  Desc.type = Arg.ImageType;
  Desc.channel_order = Arg.ChannelOrder;
  Desc.channel_type = Arg.ChannelType;
  Desc.width = Arg.ImageSize[0];
  bool IsArray = Arg.ImageType == LOOM_IMAGE_1D_ARRAY ||
                 Arg.ImageType == LOOM_IMAGE_2D_ARRAY;
  if (Arg.ImageType == LOOM_IMAGE_1D_ARRAY)
    Desc.array_size = Arg.ImageSize[1];
  else
    Desc.height = Arg.ImageSize[1];
  if (IsArray && Arg.ImageType != LOOM_IMAGE_1D_ARRAY)
    Desc.array_size = Arg.ImageSize[2];
  else
    Desc.depth = Arg.ImageSize[2];
  MUX_CHECK(muxCreateImage(Device, &Desc, &Out));
  uint64_t Size = 0;
  MUX_CHECK(muxGetImageLayout(Out, &Size, nullptr, nullptr));
  mux_memory_t Memory;
  MUX_CHECK(muxAllocateMemory(Device, Size, 0,
                              mux_memory_property_host_coherent, &Memory));
  Memories.push_back(Memory);
  MUX_CHECK(muxBindImageMemory(Device, Memory, Out, 0));
  return Error::success();
}

Error DriverSession::recordCommands(const loom::KernelCase &Case) {
  MUX_CHECK(muxCreateCommandBuffer(Device, &Init));
  MUX_CHECK(muxCreateCommandBuffer(Device, &Launch));
  MUX_CHECK(muxCreateCommandBuffer(Device, &Read));
  std::vector<mux_descriptor_info_s> Descriptors(Case.Args.size());
  Results.resize(Case.Args.size());
  for (size_t I = 0; I < Case.Args.size(); ++I) {
    const loom::CaseArg &Arg = Case.Args[I];
    mux_descriptor_info_s &D = Descriptors[I];
    if (Arg.ArgKind == loom::CaseArg::Local) {
      D.type = mux_descriptor_info_type_shared_local_buffer;
      D.data_size = Arg.LocalBytes;
      continue;
    }
    if (Arg.ArgKind == loom::CaseArg::Scalar) {
      D.type = mux_descriptor_info_type_plain_old_data;
      D.data = Contents[I].data();
      D.data_size = Contents[I].size();
      continue;
    }
    if (Arg.ArgKind == loom::CaseArg::Sampler) {
      D.type = mux_descriptor_info_type_sampler;
      D.sampler = Arg.SamplerBits;
      continue;
    }
    if (Arg.ArgKind == loom::CaseArg::Image) {
      D.type = mux_descriptor_info_type_image;
      D.image = Images[I];
      mux_image_box_s Box = wholeImage(Arg);
      MUX_CHECK(muxCommandWriteImage(Init, Images[I], &Box, Contents[I].data(),
                                     0, 0));
      if (Arg.Output) {
        Results[I].resize(Contents[I].size());
        MUX_CHECK(muxCommandReadImage(Read, Images[I], &Box, Results[I].data(),
                                      0, 0));
      }
      continue;
    }
    D.type = mux_descriptor_info_type_buffer;
    D.buffer = Buffers[I];
    MUX_CHECK(muxCommandWriteBuffer(Init, Buffers[I], 0, Contents[I].data(),
                                    Contents[I].size()));
    if (Arg.Output) {
      Results[I].resize(Contents[I].size());
      MUX_CHECK(muxCommandReadBuffer(Read, Buffers[I], 0, Results[I].data(),
                                     Results[I].size()));
    }
  }
  mux_ndrange_options_s Options{};
  Options.descriptors = Descriptors.data();
  Options.descriptors_length = Descriptors.size();
  // A case that leaves the work-group size to the implementation gets the
  // driver's default, as an OpenCL program does.
  std::fill(std::begin(Options.local_size), std::end(Options.local_size), 1);
  if (Case.Local)
    std::copy(Case.Local->begin(), Case.Local->end(), Options.local_size);
  else
    MUX_CHECK(muxGetDefaultLocalSize(
        Device, Kernel, static_cast<uint32_t>(Case.Global.size()),
        Case.Global.data(), /*flags=*/0, Options.local_size));
  Options.global_size = Case.Global.data();
  Options.dimensions = static_cast<uint32_t>(Case.Global.size());
  MUX_CHECK(muxCreateQueryPool(Device, 1, &KernelTime));
  MUX_CHECK(muxCommandBeginQuery(Launch, KernelTime, 0));
  MUX_CHECK(muxCommandNDRange(Launch, Kernel, &Options));
  MUX_CHECK(muxCommandEndQuery(Launch, KernelTime, 0));
  for (mux_command_buffer_t CB : {Init, Launch, Read})
    MUX_CHECK(muxFinalizeCommandBuffer(CB));
  return Error::success();
}

Error DriverSession::launchOnce(double &KernelUs, double &WallUs) {
  MUX_CHECK(muxDispatch(Queue, Init, nullptr, nullptr, 0, nullptr, 0, nullptr,
                        nullptr));
  MUX_CHECK(muxWaitAll(Queue));
  Clock::time_point Start = Clock::now();
  MUX_CHECK(muxDispatch(Queue, Launch, nullptr, nullptr, 0, nullptr, 0, nullptr,
                        nullptr));
  MUX_CHECK(muxWaitAll(Queue));
  WallUs = microsecondsSince(Start);
  uint64_t Ns = 0;
  MUX_CHECK(muxGetQueryPoolResults(KernelTime, 0, 1, &Ns));
  KernelUs = static_cast<double>(Ns) / 1000.0;
  return Error::success();
}

Error DriverSession::writeOutputs(const loom::KernelCase &Case, StringRef Dir,
                                  std::vector<std::string> &Outputs) {
  MUX_CHECK(muxDispatch(Queue, Read, nullptr, nullptr, 0, nullptr, 0, nullptr,
                        nullptr));
  MUX_CHECK(muxWaitAll(Queue));
  for (size_t I = 0; I < Case.Args.size(); ++I) {
    if (!Case.Args[I].Output)
      continue;
    std::string Path = (Dir + "/arg" + Twine(I) + ".bin").str();
    std::error_code EC;
    raw_fd_ostream Out(Path, EC);
    if (EC)
      return createStringError(EC, "cannot write '%s'", Path.c_str());
    Out.write(reinterpret_cast<const char *>(Results[I].data()),
              Results[I].size());
    Outputs.push_back(Path);
  }
  return Error::success();
}

Error DriverSession::run(const loom::KernelCase &Case,
                         const std::vector<char> &Binary, unsigned Repeat,
                         Timings &Times, StringRef Dir,
                         std::vector<std::string> &Outputs) {
  mux_device_info_t Info;
  uint32_t Count = 0;
  MUX_CHECK(muxGetDeviceInfos(1, &Info, &Count));
  MUX_CHECK(muxCreateDevices(1, &Info, &Device));
  MUX_CHECK(muxSetPrintfCallback(Device, loom::writePrintfToStdStreams,
                                 const_cast<char *>("loom-run")));
  MUX_CHECK(muxGetQueue(Device, 0, &Queue));
  MUX_CHECK(
      muxCreateExecutable(Device, Binary.data(), Binary.size(), &Executable));
  MUX_CHECK(muxCreateKernel(Device, Executable, Case.Kernel.data(),
                            Case.Kernel.size(), &Kernel));
  if (Error E = createBuffers(Case, Dir))
    return E;
  if (Error E = recordCommands(Case))
    return E;
  double WarmupKernelUs;
  if (Error E = launchOnce(WarmupKernelUs, Times.WarmupUs))
    return E;
  for (unsigned I = 0; I < Repeat; ++I) {
    double KernelUs, WallUs;
    if (Error E = launchOnce(KernelUs, WallUs))
      return E;
    Times.KernelUs.push_back(KernelUs);
    Times.WallUs.push_back(WallUs);
  }
  return writeOutputs(Case, Dir, Outputs);
}

void printResults(const loom::KernelCase &Case, const Timings &Times,
                  unsigned Repeat, StringRef Dir,
                  const std::vector<std::string> &Outputs) {
  if (JsonOutput) {
    loom::printFiguresJSON(outs(), {Case.Name, "loom-" + TargetName,
                                    Times.BuildMs, Times.WarmupUs,
                                    Times.KernelUs, Times.WallUs, Outputs});
    return;
  }
  double Min = *std::min_element(Times.KernelUs.begin(), Times.KernelUs.end());
  outs() << format("%s: build %.1f ms, warm-up %.1f us, kernel min %.1f us, "
                   "median %.1f us, wall median %.1f us (%u runs), %zu "
                   "output(s) in %s\n",
                   Case.Name.c_str(), Times.BuildMs, Times.WarmupUs, Min,
                   median(Times.KernelUs), median(Times.WallUs), Repeat,
                   Outputs.size(), Dir.str().c_str());
}

Expected<loom::KernelCase> getCase() {
  if (!CaseFile.empty())
    return loom::readKernelCase(CaseFile);
  if (BinaryFile.empty() || KernelName.empty() || GlobalSize.empty())
    return createStringError(inconvertibleErrorCode(),
                             "give a case file, or --binary, --kernel and "
                             "--global (see --help)");
  return loom::kernelCaseFromCommandLine(KernelName, GlobalSize, LocalSize,
                                         ArgSpecs);
}

Error runCase() {
  Expected<loom::KernelCase> Case = getCase();
  if (!Case)
    return Case.takeError();
  unsigned Repeat = RepeatOverride ? unsigned(RepeatOverride) : Case->Repeat;
  std::string Dir = OutDir.empty() ? "out/" + Case->Name : std::string(OutDir);
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create '%s'", Dir.c_str());

  Timings Times;
  Clock::time_point BuildStart = Clock::now();
  Expected<std::vector<char>> Binary =
      BinaryFile.empty() ? compileCase(*Case) : readFile(BinaryFile);
  if (!Binary)
    return Binary.takeError();
  Times.BuildMs = microsecondsSince(BuildStart) / 1000;

  std::vector<std::string> Outputs;
  // Declared before the session: its buffers are freed under the guard too.
  loom::KernelCrashGuard Guard;
  DriverSession Session;
  if (Error E = Session.run(*Case, *Binary, Repeat, Times, Dir, Outputs))
    return E;
  printResults(*Case, Times, Repeat, Dir, Outputs);
  return Error::success();
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  if (Error E = loom::registerTargetsAndPlugins(Argv[0])) {
    WithColor::error(errs(), "loom-run") << toString(std::move(E)) << "\n";
    return 2;
  }
  cl::HideUnrelatedOptions(
      {&LoomRunCategory, &compiler::getTargetOptionCategory()});
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "loom-run: runs a kernel case on Loom's "
                                   "reference driver\n",
                                   &errs()))
    return 2;
  if (Error E = loom::takeLoadOptionErrors()) {
    WithColor::error(errs(), "loom-run") << toString(std::move(E)) << "\n";
    return 2;
  }
  // Before the driver's first allocation, which reads it.
  if (CheckBounds)
    setenv("LOOM_CHECK_BOUNDS", "1", /*overwrite=*/1);
  if (CaseFile.empty() && BinaryFile.empty()) {
    WithColor::error(errs(), "loom-run")
        << "no case file and no --binary (see --help)\n";
    return 2;
  }
  if (Error E = runCase()) {
    loom::printToolError(std::move(E), "loom-run");
    return 1;
  }
  return 0;
}
