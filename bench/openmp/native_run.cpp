//===- native_run.cpp - An OpenMP C kernel case, built natively -----------===//
///
/// \file
/// Loom's native peer for OpenMP: runs one kernel case
/// (../shared/peer/CASES.md, read by loom-run's own reader) whose source is
/// a C kernel with OpenMP directives, compiled for this machine by Clang 15
/// with `-fopenmp` and run on LLVM's OpenMP runtime (Debian's
/// libomp-15-dev), as a user of clang and libomp would build it. The launch
/// protocol is the cases' (loom-run's): build (timed), then repeat + 1 calls
/// of the kernel function, each from the initial contents, the first a
/// warm-up (it starts libomp's threads); the outputs written raw to
/// DIR/argN.bin. The kernel function is called once, as Loom runs an OpenMP
/// kernel on one work-item: the case's global and local sizes must be 1.
///
///   openmp-native-run CASE.json [--out DIR] [--repeat N] [--json]
///                               [--cflags FLAGS]
///
/// The build is `clang-15 -x c -std=c11 -fopenmp -fPIC -shared` with the
/// optimization flags --cflags gives (default `-O3 -march=native`, a build
/// tuned for this machine) and the case's `-D` and `-fopenmp-version=`
/// options (its other build options are Loom's). libomp's own environment
/// applies: OMP_NUM_THREADS sets the team size as LOOM_NUM_THREADS sets Loom's.
/// Buffers are host memory aligned to 64 bytes; scalars are passed by value
/// through libffi, so a kernel may have any list of buffers and scalars.
///
//===----------------------------------------------------------------------===//

#include "CaseFigures.h"
#include "KernelCase.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <ffi.h>

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

using Clock = loom::CaseClock;
using loom::median;
using loom::microsecondsSince;

struct Options {
  std::string CasePath;
  std::string OutDir;
  std::string CFlags = "-O3 -march=native";
  unsigned Repeat = 0; ///< 0: the case's own.
  bool Json = false;
};

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// The case's build options a native build keeps: its macro definitions
/// and its OpenMP version.
std::vector<std::string> nativeBuildOptions(llvm::StringRef BuildOptions) {
  llvm::SmallVector<llvm::StringRef, 8> Words;
  BuildOptions.split(Words, ' ', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Kept;
  for (llvm::StringRef Word : Words)
    if (Word.startswith("-D") || Word.startswith("-fopenmp-version="))
      Kept.push_back(Word.str());
  return Kept;
}

/// Compiles the case's source into \p Library with the system's Clang 15.
llvm::Error buildLibrary(const loom::KernelCase &Case, const Options &Opts,
                         llvm::StringRef Library) {
  llvm::ErrorOr<std::string> Clang =
      llvm::sys::findProgramByName("clang-15", {LOOM_NATIVE_CLANG_DIR});
  if (!Clang)
    return failure("cannot find clang-15 in " LOOM_NATIVE_CLANG_DIR
                   " or on PATH");
  std::vector<std::string> Words = {*Clang,     "-x",    "c",      "-std=c11",
                                    "-fopenmp", "-fPIC", "-shared"};
  llvm::SmallVector<llvm::StringRef, 4> Flags;
  llvm::StringRef(Opts.CFlags).split(Flags, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Flag : Flags)
    Words.push_back(Flag.str());
  for (std::string &Option : nativeBuildOptions(Case.BuildOptions))
    Words.push_back(std::move(Option));
  Words.insert(Words.end(), {"-Wl,-rpath," LOOM_NATIVE_OPENMP_LIBRARY_DIR, "-o",
                             Library.str(), Case.SourcePath});
  std::vector<llvm::StringRef> Arguments(Words.begin(), Words.end());
  std::string Message;
  int Status = llvm::sys::ExecuteAndWait(*Clang, Arguments, llvm::None, {}, 0,
                                         0, &Message);
  if (Status != 0)
    return failure("clang-15 could not build '" + Case.SourcePath + "'" +
                   (Message.empty() ? "" : ": " + Message));
  return llvm::Error::success();
}

/// The libffi type of a scalar of type \p Type.
ffi_type *scalarType(loom::ElementType Type) {
  switch (Type) {
  case loom::ElementType::Char:
    return &ffi_type_sint8;
  case loom::ElementType::UChar:
    return &ffi_type_uint8;
  case loom::ElementType::Short:
    return &ffi_type_sint16;
  case loom::ElementType::UShort:
    return &ffi_type_uint16;
  case loom::ElementType::Int:
    return &ffi_type_sint32;
  case loom::ElementType::UInt:
    return &ffi_type_uint32;
  case loom::ElementType::Long:
    return &ffi_type_sint64;
  case loom::ElementType::ULong:
    return &ffi_type_uint64;
  case loom::ElementType::Float:
    return &ffi_type_float;
  case loom::ElementType::Double:
    return &ffi_type_double;
  }
  return &ffi_type_sint32;
}

struct FreeDeleter {
  void operator()(void *Memory) const { std::free(Memory); }
};

/// One case's library, memory and call, released when it goes.
class NativeSession {
public:
  explicit NativeSession(const loom::KernelCase &Case) : Case(Case) {}
  ~NativeSession() {
    if (Library)
      dlclose(Library);
  }
  NativeSession(const NativeSession &) = delete;
  NativeSession &operator=(const NativeSession &) = delete;

  /// Builds the kernel's library into \p Dir and loads it, timing it into
  /// \p Ms.
  llvm::Error build(const Options &Opts, llvm::StringRef Dir, double &Ms);
  /// Makes every argument's initial contents and the call's description.
  llvm::Error prepareArguments();
  /// One call from the initial contents: its time.
  double launch();
  /// Writes each output buffer to Dir/argN.bin, adding its path to
  /// \p Paths.
  llvm::Error writeOutputs(llvm::StringRef Dir,
                           std::vector<std::string> &Paths) const;

private:
  const loom::KernelCase &Case;
  void *Library = nullptr;
  void (*Kernel)() = nullptr;
  std::vector<std::vector<uint8_t>> Initial;
  std::vector<std::unique_ptr<uint8_t, FreeDeleter>> Memory;
  std::vector<void *> BufferAddresses;
  std::vector<ffi_type *> Types;
  std::vector<void *> Values;
  ffi_cif Call;
};

llvm::Error NativeSession::build(const Options &Opts, llvm::StringRef Dir,
                                 double &Ms) {
  for (uint64_t Size : Case.Global)
    if (Size != 1)
      return failure("'" + Case.Name +
                     "': an OpenMP kernel runs on one work-item; its global "
                     "size must be 1");
  llvm::SmallString<128> Path(Dir);
  llvm::sys::path::append(Path, Case.Kernel + ".so");
  Clock::time_point Start = Clock::now();
  if (llvm::Error E = buildLibrary(Case, Opts, Path))
    return E;
  Library = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Library)
    return failure("cannot load '" + Path + "': " + dlerror());
  Kernel = reinterpret_cast<void (*)()>(dlsym(Library, Case.Kernel.c_str()));
  if (!Kernel)
    return failure("'" + Case.SourcePath + "' defines no function '" +
                   Case.Kernel + "'");
  Ms = microsecondsSince(Start) / 1000.0;
  return llvm::Error::success();
}

llvm::Error NativeSession::prepareArguments() {
  const size_t Count = Case.Args.size();
  Initial.resize(Count);
  Memory.resize(Count);
  BufferAddresses.assign(Count, nullptr);
  Types.resize(Count);
  Values.resize(Count);
  for (size_t I = 0; I < Count; ++I) {
    const loom::CaseArg &Arg = Case.Args[I];
    if (Arg.ArgKind == loom::CaseArg::Scalar) {
      auto Bytes = loom::makeScalarBytes(Arg);
      if (!Bytes)
        return Bytes.takeError();
      Initial[I] = std::move(*Bytes);
      Types[I] = scalarType(Arg.Type);
      Values[I] = Initial[I].data();
      continue;
    }
    if (Arg.ArgKind != loom::CaseArg::Buffer)
      return failure("argument " + llvm::Twine(I) +
                     ": a C kernel takes buffers and scalars only");
    auto Bytes = loom::makeInitialContents(Arg);
    if (!Bytes)
      return Bytes.takeError();
    Initial[I] = std::move(*Bytes);
    size_t Rounded = (Initial[I].size() + 63) / 64 * 64;
    Memory[I].reset(static_cast<uint8_t *>(std::aligned_alloc(64, Rounded)));
    if (!Memory[I])
      return failure("argument " + llvm::Twine(I) + ": out of memory");
    BufferAddresses[I] = Memory[I].get();
    Types[I] = &ffi_type_pointer;
    Values[I] = &BufferAddresses[I];
  }
  if (ffi_prep_cif(&Call, FFI_DEFAULT_ABI, static_cast<unsigned>(Count),
                   &ffi_type_void, Types.data()) != FFI_OK)
    return failure("libffi cannot describe the call of '" + Case.Kernel + "'");
  return llvm::Error::success();
}

double NativeSession::launch() {
  for (size_t I = 0; I < Initial.size(); ++I)
    if (Memory[I])
      std::memcpy(Memory[I].get(), Initial[I].data(), Initial[I].size());
  Clock::time_point Start = Clock::now();
  ffi_call(&Call, Kernel, nullptr, Values.data());
  return microsecondsSince(Start);
}

llvm::Error NativeSession::writeOutputs(llvm::StringRef Dir,
                                        std::vector<std::string> &Paths) const {
  for (size_t I = 0; I < Case.Args.size(); ++I) {
    if (!Case.Args[I].Output || !Memory[I])
      continue;
    std::string Path = (Dir + "/arg" + llvm::Twine(I) + ".bin").str();
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    if (EC)
      return failure("cannot write '" + Path + "': " + EC.message());
    Out.write(reinterpret_cast<const char *>(Memory[I].get()),
              Initial[I].size());
    Paths.push_back(Path);
  }
  return llvm::Error::success();
}

void printResults(const loom::KernelCase &Case, double BuildMs, double WarmupUs,
                  const std::vector<double> &Us,
                  const std::vector<std::string> &Outputs, bool Json) {
  if (Json) {
    // The call is the launch: kernel and wall times are one figure.
    loom::printFiguresJSON(llvm::outs(), {Case.Name, "clang-15 -fopenmp",
                                          BuildMs, WarmupUs, Us, Us, Outputs});
    return;
  }
  llvm::outs() << llvm::format("%s natively: build %.1f ms, warm-up %.1f us, "
                               "kernel min %.1f us, median %.1f us (%zu "
                               "runs)\n",
                               Case.Name.c_str(), BuildMs, WarmupUs,
                               *std::min_element(Us.begin(), Us.end()),
                               median(Us), Us.size());
}

llvm::Error run(const Options &Opts) {
  auto Case = loom::readKernelCase(Opts.CasePath);
  if (!Case)
    return Case.takeError();
  unsigned Repeat = Opts.Repeat ? Opts.Repeat : Case->Repeat;
  std::string Dir = Opts.OutDir.empty() ? "out/" + Case->Name : Opts.OutDir;
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return failure("cannot create '" + Dir + "': " + EC.message());
  NativeSession Session(*Case);
  double BuildMs = 0;
  if (llvm::Error E = Session.build(Opts, Dir, BuildMs))
    return E;
  if (llvm::Error E = Session.prepareArguments())
    return E;
  double WarmupUs = Session.launch();
  std::vector<double> Us;
  for (unsigned I = 0; I < Repeat; ++I)
    Us.push_back(Session.launch());
  std::vector<std::string> Outputs;
  if (llvm::Error E = Session.writeOutputs(Dir, Outputs))
    return E;
  printResults(*Case, BuildMs, WarmupUs, Us, Outputs, Opts.Json);
  return llvm::Error::success();
}

bool parseOptions(int Argc, char **Argv, Options &Opts) {
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    bool HasValue = I + 1 < Argc;
    if (Arg == "--out" && HasValue)
      Opts.OutDir = Argv[++I];
    else if (Arg == "--repeat" && HasValue)
      Opts.Repeat = static_cast<unsigned>(std::strtoul(Argv[++I], nullptr, 10));
    else if (Arg == "--cflags" && HasValue)
      Opts.CFlags = Argv[++I];
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
    llvm::errs() << "usage: openmp-native-run CASE.json [--out DIR] "
                    "[--repeat N] [--json] [--cflags FLAGS]\n";
    return 2;
  }
  if (llvm::Error E = run(Opts)) {
    llvm::errs() << "openmp-native-run: error: " << llvm::toString(std::move(E))
                 << "\n";
    return 1;
  }
  return 0;
}
