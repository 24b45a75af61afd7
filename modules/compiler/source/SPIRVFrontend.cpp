//===- SPIRVFrontend.cpp - SPIR-V to LLVM IR ------------------------------===//
///
/// \file
/// See SPIRVFrontend.h.
///
//===----------------------------------------------------------------------===//

#include "SPIRVFrontend.h"
#include "SPIRVCommon.h"
#include "SPIRVTranslatorFixups.h"

#include "LLVMSPIRVLib/LLVMSPIRVLib.h"
#include "spirv/unified1/spirv.hpp"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace compiler {

namespace {

/// The magic number as a reader of the other byte order sees it.
constexpr uint32_t SPIRVMagicSwapped = __builtin_bswap32(spv::MagicNumber);

Expected<std::vector<uint32_t>> toWords(StringRef Binary, StringRef FileName) {
  if (Binary.size() < SPIRVHeaderWords * 4 || Binary.size() % 4 != 0)
    return spirvError(FileName, "not a SPIR-V module: " + Twine(Binary.size()) +
                                    " bytes is not a header and whole 4-byte "
                                    "words");
  std::vector<uint32_t> Words(Binary.size() / 4);
  std::memcpy(Words.data(), Binary.data(), Binary.size());
  if (Words[0] == SPIRVMagicSwapped)
    return spirvError(FileName, "big-endian SPIR-V is not supported");
  if (Words[0] != spv::MagicNumber)
    return spirvError(FileName, "not a SPIR-V module (bad magic number)");
  return Words;
}

Error validate(const std::vector<uint32_t> &Words, StringRef FileName) {
  std::string Messages;
  for (const ValidationProblem &Problem :
       findValidationProblems(Words, SPV_ENV_UNIVERSAL_1_6))
    Messages += (FileName + ": error: invalid SPIR-V (word " +
                 Twine(Problem.Word) + "): " + Problem.Message + "\n")
                    .str();
  if (Messages.empty())
    return Error::success();
  return createStringError(inconvertibleErrorCode(), Messages);
}

/// Refuses a valid module that is not an OpenCL kernel module: Vulkan and
/// OpenGL shaders declare the Shader capability and a GLSL or Vulkan memory
/// model.
/// Stops the walk of checkIsOpenCL at the first instruction that only a
/// shader module has, saying why in the std::string \p State.
spv_result_t findShaderInstruction(void *State,
                                   const spv_parsed_instruction_t *I) {
  auto &Why = *static_cast<std::string *>(State);
  // The validator has accepted the module: the operands are there.
  switch (static_cast<spv::Op>(I->opcode)) {
  case spv::OpCapability:
    if (I->words[1] == spv::CapabilityShader)
      Why = "a shader module (Shader capability), not an OpenCL kernel "
            "module";
    break;
  case spv::OpMemoryModel:
    if (I->words[2] != spv::MemoryModelOpenCL)
      Why = "memory model " + std::to_string(I->words[2]) +
            " is not OpenCL's: not an OpenCL kernel module";
    break;
  default:
    break;
  }
  return Why.empty() ? SPV_SUCCESS : SPV_REQUESTED_TERMINATION;
}

Error checkIsOpenCL(const std::vector<uint32_t> &Words, StringRef FileName) {
  std::string Why;
  spv_context Context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spvBinaryParse(Context, &Why, Words.data(), Words.size(),
                 /*parse_header=*/nullptr, findShaderInstruction,
                 /*diagnostic=*/nullptr);
  spvContextDestroy(Context);
  if (Why.empty())
    return Error::success();
  return spirvError(FileName, Why);
}

/// Writes all of \p Data to \p FD, as far as the reader takes it.
void writeAll(int FD, StringRef Data) {
  while (!Data.empty()) {
    ssize_t Written = ::write(FD, Data.data(), Data.size());
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return;
    Data = Data.drop_front(Written);
  }
}

/// The child's side of translateIsolated: translates \p Binary into a
/// context with typed pointers (the translator of LLVM 15 asks pointers for
/// their element types), and writes the module's bitcode to \p Out, or its
/// reason for refusing the module to standard error. Never returns.
[[noreturn]] void translateInChild(StringRef Binary,
                                   const SPIRV::TranslatorOpts &Opts, int Out) {
  LLVMContext Typed;
  Typed.setOpaquePointers(false);
  std::istringstream Stream(Binary.str());
  Module *Translated = nullptr;
  std::string Problem;
  if (!readSpirv(Typed, Opts, Stream, Translated, Problem)) {
    writeAll(STDERR_FILENO, Problem);
    ::_exit(1);
  }
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(*Translated, OS);
  writeAll(Out, StringRef(Bitcode.data(), Bitcode.size()));
  ::_exit(0);
}

/// The child's side of writeSPIRVModule: makes the module again with typed
/// pointers where \p Remake can, translates it (else \p M) to SPIR-V and
/// writes the words to \p Out, or why it cannot to standard error. Never
/// returns.
[[noreturn]] void writeInChild(Module &M, const ModuleMaker &Remake, int Out) {
  LLVMContext Typed;
  Typed.setOpaquePointers(false);
  std::unique_ptr<Module> Remade;
  if (Remake) {
    Expected<std::unique_ptr<Module>> Made = Remake(Typed);
    if (!Made) {
      writeAll(STDERR_FILENO, toString(Made.takeError()));
      ::_exit(1);
    }
    Remade = std::move(*Made);
  }
  SPIRV::TranslatorOpts Opts;
  Opts.enableAllExtensions();
  std::ostringstream Stream;
  std::string Problem;
  if (!writeSpirv(Remade ? Remade.get() : &M, Opts, Stream, Problem)) {
    writeAll(STDERR_FILENO, Problem);
    ::_exit(1);
  }
  writeAll(Out, Stream.str());
  ::_exit(0);
}

/// Reads \p Out and \p Err to their ends, into \p OutData and \p ErrData.
void readBoth(int Out, int Err, std::string &OutData, std::string &ErrData) {
  pollfd Fds[2] = {{Out, POLLIN, 0}, {Err, POLLIN, 0}};
  std::string *Into[2] = {&OutData, &ErrData};
  int Open = 2;
  char Buffer[65536];
  while (Open > 0) {
    if (::poll(Fds, 2, -1) < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    for (int I = 0; I < 2; ++I) {
      if (Fds[I].fd < 0 || !(Fds[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t Read = ::read(Fds[I].fd, Buffer, sizeof(Buffer));
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read <= 0) {
        Fds[I].fd = -1;
        --Open;
        continue;
      }
      Into[I]->append(Buffer, Read);
    }
  }
}

/// Why the translator stopped the child with \p Status: its failed
/// assertion, or else the first line it printed, and how it stopped.
std::string describeStop(int Status, StringRef Printed) {
  StringRef Said;
  for (StringRef Line : split(Printed, '\n')) {
    Line = Line.trim();
    // "file:line: function: Assertion `...' failed."
    if (size_t At = Line.find("Assertion `"); At != StringRef::npos) {
      Said = Line.drop_front(At);
      break;
    }
    if (Said.empty())
      Said = Line;
  }
  std::string How = WIFSIGNALED(Status)
                        ? ("signal " + Twine(WTERMSIG(Status)) + ", " +
                           ::strsignal(WTERMSIG(Status)))
                              .str()
                        : ("exit status " + Twine(WEXITSTATUS(Status))).str();
  return (Said.empty() ? "" : Said.str() + " ") + "(it stopped with " + How +
         ")";
}

/// What a child process of runIsolated did.
struct ChildResult {
  int Status = 0;
  /// What it wrote to its output and to standard error.
  std::string Out, Printed;

  bool succeeded() const { return WIFEXITED(Status) && !WEXITSTATUS(Status); }
  /// Whether it refused (exit status 1, its reason in Printed) rather than
  /// stopped on a failed assertion or a crash.
  bool refused() const { return WIFEXITED(Status) && WEXITSTATUS(Status) == 1; }
};

/// Runs \p Work in a child process (fork), so that the translator's aborts
/// (its assertions) and crashes on modules it does not handle cannot take
/// the caller down. \p Work writes its result to the descriptor it is given
/// and must end the process.
Expected<ChildResult> runIsolated(function_ref<void(int Out)> Work) {
  int OutPipe[2], ErrPipe[2];
  if (::pipe(OutPipe) != 0)
    return createStringError(inconvertibleErrorCode(),
                             "no pipe: " + Twine(std::strerror(errno)));
  if (::pipe(ErrPipe) != 0) {
    ::close(OutPipe[0]);
    ::close(OutPipe[1]);
    return createStringError(inconvertibleErrorCode(),
                             "no pipe: " + Twine(std::strerror(errno)));
  }
  pid_t Child = ::fork();
  if (Child == 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    // What the translator prints before it aborts goes to the parent.
    ::dup2(ErrPipe[1], STDERR_FILENO);
    // The child dies as the signal says, without the host's crash handlers
    // (LLVM's stack dump, a fuzzer's report), which are for the host.
    for (int Signal : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE})
      ::signal(Signal, SIG_DFL);
    Work(OutPipe[1]);
    ::_exit(2); // Work ends the process itself.
  }
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  if (Child < 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    return createStringError(inconvertibleErrorCode(),
                             "no process: " + Twine(std::strerror(errno)));
  }
  ChildResult Result;
  readBoth(OutPipe[0], ErrPipe[0], Result.Out, Result.Printed);
  ::close(OutPipe[0]);
  ::close(ErrPipe[0]);
  while (::waitpid(Child, &Result.Status, 0) < 0 && errno == EINTR)
    ;
  return std::move(Result);
}

/// Translates \p Binary in a child process and reads the result into
/// \p Ctx.
Expected<std::unique_ptr<Module>>
translateIsolated(LLVMContext &Ctx, StringRef Binary, StringRef FileName,
                  const SPIRV::TranslatorOpts &Opts) {
  Expected<ChildResult> Child =
      runIsolated([&](int Out) { translateInChild(Binary, Opts, Out); });
  if (!Child)
    return spirvError(FileName,
                      "cannot translate: " + toString(Child.takeError()));
  if (Child->refused())
    return spirvError(FileName,
                      "cannot translate: " + StringRef(Child->Printed).trim());
  if (!Child->succeeded())
    return spirvError(FileName,
                      "SPIRV-LLVM-Translator cannot handle this "
                      "module: " +
                          describeStop(Child->Status, Child->Printed));
  // Read into opaque pointers, which the rest of the pipeline works in.
  Ctx.setOpaquePointers(true);
  Expected<std::unique_ptr<Module>> Translated =
      parseBitcodeFile(MemoryBufferRef(Child->Out, FileName), Ctx);
  if (!Translated)
    return spirvError(FileName, "cannot read the translated module: " +
                                    toString(Translated.takeError()));
  // The translator can make invalid IR of valid SPIR-V (a string constant
  // whose type and initializer disagree), which would stop the pipeline.
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  if (verifyModule(**Translated, &BrokenOS))
    return spirvError(FileName, "SPIRV-LLVM-Translator made an invalid "
                                "module of it: " +
                                    StringRef(BrokenOS.str()).trim());
  return Translated;
}

} // namespace

Expected<std::unique_ptr<Module>>
translateSPIRV(LLVMContext &Ctx, StringRef Binary, StringRef FileName,
               const std::map<uint32_t, uint64_t> &SpecConstants) {
  Expected<std::vector<uint32_t>> Words = toWords(Binary, FileName);
  if (!Words)
    return Words.takeError();
  if (Error E = validate(*Words, FileName))
    return std::move(E);
  if (Error E = checkIsOpenCL(*Words, FileName))
    return std::move(E);
  Expected<std::vector<uint32_t>> Fitted =
      fitToTranslator(std::move(*Words), FileName);
  if (!Fitted)
    return Fitted.takeError();

  SPIRV::TranslatorOpts Opts;
  Opts.enableAllExtensions();
  for (const auto &[Id, Value] : SpecConstants)
    Opts.setSpecConst(Id, Value);
  return translateIsolated(
      Ctx,
      StringRef(reinterpret_cast<const char *>(Fitted->data()),
                Fitted->size() * sizeof(uint32_t)),
      FileName, Opts);
}

Expected<std::string> writeSPIRVModule(Module &M, const ModuleMaker &Remake) {
  Expected<ChildResult> Child =
      runIsolated([&](int Out) { writeInChild(M, Remake, Out); });
  if (!Child)
    return createStringError(inconvertibleErrorCode(),
                             "cannot translate to SPIR-V: " +
                                 toString(Child.takeError()));
  if (Child->refused())
    return createStringError(inconvertibleErrorCode(),
                             "cannot translate to SPIR-V: " +
                                 StringRef(Child->Printed).trim());
  if (!Child->succeeded())
    return createStringError(
        inconvertibleErrorCode(),
        "SPIRV-LLVM-Translator cannot write this module as SPIR-V: " +
            describeStop(Child->Status, Child->Printed));
  return std::move(Child->Out);
}

} // namespace compiler
