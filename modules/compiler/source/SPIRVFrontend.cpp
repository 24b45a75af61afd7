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

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
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

constexpr uint32_t SPIRVMagic = 0x07230203;
constexpr uint32_t SPIRVMagicSwapped = 0x03022307;
constexpr uint32_t OpCapability = 17;
constexpr uint32_t OpMemoryModel = 14;
constexpr uint32_t CapabilityShader = 1;
constexpr uint32_t MemoryModelOpenCL = 2;

Expected<std::vector<uint32_t>> toWords(StringRef Binary, StringRef FileName) {
  if (Binary.size() < SPIRVHeaderWords * 4 || Binary.size() % 4 != 0)
    return spirvError(FileName, "not a SPIR-V module: " + Twine(Binary.size()) +
                                    " bytes is not a header and whole 4-byte "
                                    "words");
  std::vector<uint32_t> Words(Binary.size() / 4);
  std::memcpy(Words.data(), Binary.data(), Binary.size());
  if (Words[0] == SPIRVMagicSwapped)
    return spirvError(FileName, "big-endian SPIR-V is not supported");
  if (Words[0] != SPIRVMagic)
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
Error checkIsOpenCL(const std::vector<uint32_t> &Words, StringRef FileName) {
  for (size_t At = SPIRVHeaderWords; At < Words.size();) {
    uint32_t Count = Words[At] >> 16, Opcode = Words[At] & 0xffff;
    if (Count == 0 || At + Count > Words.size())
      break; // The validator has already accepted the layout.
    if (Opcode == OpCapability && Count >= 2 &&
        Words[At + 1] == CapabilityShader)
      return spirvError(FileName, "a shader module (Shader capability), not an "
                                  "OpenCL kernel module");
    if (Opcode == OpMemoryModel && Count >= 3 &&
        Words[At + 2] != MemoryModelOpenCL)
      return spirvError(FileName, "memory model " + Twine(Words[At + 2]) +
                                      " is not OpenCL's: not an OpenCL kernel "
                                      "module");
    At += Count;
  }
  return Error::success();
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
/// reason for refusing the module to \p Err. Never returns.
[[noreturn]] void translateInChild(StringRef Binary,
                                   const SPIRV::TranslatorOpts &Opts, int Out,
                                   int Err) {
  LLVMContext Typed;
  Typed.setOpaquePointers(false);
  std::istringstream Stream(Binary.str());
  Module *Translated = nullptr;
  std::string Problem;
  if (!readSpirv(Typed, Opts, Stream, Translated, Problem)) {
    writeAll(Err, Problem);
    ::_exit(1);
  }
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(*Translated, OS);
  writeAll(Out, StringRef(Bitcode.data(), Bitcode.size()));
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

/// Translates \p Binary in a child process, so that the translator's
/// aborts (its assertions) and crashes on modules it does not handle cannot
/// take the caller down, and reads the result into \p Ctx.
Expected<std::unique_ptr<Module>>
translateIsolated(LLVMContext &Ctx, StringRef Binary, StringRef FileName,
                  const SPIRV::TranslatorOpts &Opts) {
  int OutPipe[2], ErrPipe[2];
  if (::pipe(OutPipe) != 0)
    return spirvError(FileName, "cannot translate: no pipe: " +
                                    Twine(std::strerror(errno)));
  if (::pipe(ErrPipe) != 0) {
    ::close(OutPipe[0]);
    ::close(OutPipe[1]);
    return spirvError(FileName, "cannot translate: no pipe: " +
                                    Twine(std::strerror(errno)));
  }
  pid_t Child = ::fork();
  if (Child == 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    // What the translator prints before it aborts goes to the parent.
    ::dup2(ErrPipe[1], STDERR_FILENO);
    translateInChild(Binary, Opts, OutPipe[1], ErrPipe[1]);
  }
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  if (Child < 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    return spirvError(FileName, "cannot translate: no process: " +
                                    Twine(std::strerror(errno)));
  }
  std::string Bitcode, Printed;
  readBoth(OutPipe[0], ErrPipe[0], Bitcode, Printed);
  ::close(OutPipe[0]);
  ::close(ErrPipe[0]);
  int Status = 0;
  while (::waitpid(Child, &Status, 0) < 0 && errno == EINTR)
    ;
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == 1)
    return spirvError(FileName,
                      "cannot translate: " + StringRef(Printed).trim());
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
    return spirvError(FileName, "SPIRV-LLVM-Translator cannot handle this "
                                "module: " +
                                    describeStop(Status, Printed));
  // Read into opaque pointers, which the rest of the pipeline works in.
  Ctx.setOpaquePointers(true);
  Expected<std::unique_ptr<Module>> Translated =
      parseBitcodeFile(MemoryBufferRef(Bitcode, FileName), Ctx);
  if (!Translated)
    return spirvError(FileName, "cannot read the translated module: " +
                                    toString(Translated.takeError()));
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

Expected<std::string> writeSPIRVModule(Module &M) {
  SPIRV::TranslatorOpts Opts;
  Opts.enableAllExtensions();
  std::ostringstream Stream;
  std::string Problem;
  if (!writeSpirv(&M, Opts, Stream, Problem))
    return createStringError(inconvertibleErrorCode(),
                             "cannot translate to SPIR-V: " + Problem);
  return Stream.str();
}

} // namespace compiler
