//===- SPIRVFrontend.cpp - SPIR-V to LLVM IR ------------------------------===//
///
/// \file
/// See SPIRVFrontend.h.
///
//===----------------------------------------------------------------------===//

#include "SPIRVFrontend.h"

#include "LLVMSPIRVLib/LLVMSPIRVLib.h"
#include "spirv-tools/libspirv.hpp"

#include "llvm/IR/Module.h"

#include <cstring>
#include <sstream>
#include <vector>

using namespace llvm;

namespace compiler {

namespace {

constexpr uint32_t SPIRVMagic = 0x07230203;
constexpr uint32_t SPIRVMagicSwapped = 0x03022307;
constexpr size_t HeaderWords = 5;
constexpr uint32_t OpCapability = 17;
constexpr uint32_t OpMemoryModel = 14;
constexpr uint32_t CapabilityShader = 1;
constexpr uint32_t MemoryModelOpenCL = 2;

Error spirvError(StringRef FileName, const Twine &Message) {
  return createStringError(inconvertibleErrorCode(),
                           (FileName + ": error: " + Message + "\n").str());
}

Expected<std::vector<uint32_t>> toWords(StringRef Binary, StringRef FileName) {
  if (Binary.size() < HeaderWords * 4 || Binary.size() % 4 != 0)
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
  spvtools::SpirvTools Tools(SPV_ENV_UNIVERSAL_1_6);
  std::string Messages;
  Tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &Position,
                               const char *Message) {
    Messages += (FileName + ": error: invalid SPIR-V (word " +
                 Twine(Position.index) + "): " + Message + "\n")
                    .str();
  });
  if (Tools.Validate(Words))
    return Error::success();
  return createStringError(inconvertibleErrorCode(), Messages);
}

/// Refuses a valid module that is not an OpenCL kernel module: Vulkan and
/// OpenGL shaders declare the Shader capability and a GLSL or Vulkan memory
/// model.
Error checkIsOpenCL(const std::vector<uint32_t> &Words, StringRef FileName) {
  for (size_t At = HeaderWords; At < Words.size();) {
    uint32_t Count = Words[At] >> 16, Opcode = Words[At] & 0xffff;
    if (Count == 0 || At + Count > Words.size())
      break; // The validator has already accepted the layout.
    if (Opcode == OpCapability && Count >= 2 && Words[At + 1] == CapabilityShader)
      return spirvError(FileName, "a shader module (Shader capability), not an "
                                  "OpenCL kernel module");
    if (Opcode == OpMemoryModel && Count >= 3 && Words[At + 2] != MemoryModelOpenCL)
      return spirvError(FileName, "memory model " + Twine(Words[At + 2]) +
                                      " is not OpenCL's: not an OpenCL kernel "
                                      "module");
    At += Count;
  }
  return Error::success();
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

  SPIRV::TranslatorOpts Opts;
  Opts.enableAllExtensions();
  for (const auto &[Id, Value] : SpecConstants)
    Opts.setSpecConst(Id, Value);
  std::istringstream Stream(Binary.str());
  Module *Translated = nullptr;
  std::string Problem;
  if (!readSpirv(Ctx, Opts, Stream, Translated, Problem))
    return spirvError(FileName, "cannot translate: " + Problem);
  return std::unique_ptr<Module>(Translated);
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
