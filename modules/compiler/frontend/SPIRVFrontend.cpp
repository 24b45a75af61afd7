//===- SPIRVFrontend.cpp - SPIR-V to LLVM IR ------------------------------===//
///
/// \file
/// See SPIRVFrontend.h.
///
//===----------------------------------------------------------------------===//

#include "frontend/SPIRVFrontend.h"
#include "frontend/Isolation.h"
#include "frontend/SPIRVCommon.h"
#include "frontend/SPIRVTranslatorFixups.h"

#include "compiler/pipeline/CompileOptions.h"

#include "LLVMSPIRVLib/LLVMSPIRVLib.h"
#include "spirv/unified1/spirv.hpp"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <sstream>
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

/// The translator's options for writing SPIR-V: every extension but
/// SPV_INTEL_fp_fast_math_mode, whose capability the translator of LLVM 15
/// declares without its OpExtension (relaxed-math programs came out
/// invalid; lit loomc/emit-spirv-relaxed-math.cl). Without it, fast-math
/// flags become the core FPFastMathMode bits only.
SPIRV::TranslatorOpts writerOptions() {
  SPIRV::TranslatorOpts::ExtensionsStatusMap Extensions;
#define EXT(X) Extensions[SPIRV::ExtensionID::X] = true;
#include "LLVMSPIRVLib/LLVMSPIRVExtensions.inc"
#undef EXT
  Extensions[SPIRV::ExtensionID::SPV_INTEL_fp_fast_math_mode] = false;
  return SPIRV::TranslatorOpts(SPIRV::VersionNumber::MaximumVersion,
                               Extensions);
}

/// The child's side of writeSPIRVModule: makes the module again with typed
/// pointers where \p Remake can, translates it (else \p M) to SPIR-V and
/// writes the words to \p Out, or why it cannot to standard error. Never
/// returns.
[[noreturn]] void writeInChild(Module &M, ModuleFactory Remake, int Out) {
  LLVMContext Typed;
  Typed.setOpaquePointers(false);
  std::unique_ptr<Module> Remade;
  if (Remake) {
    Expected<std::unique_ptr<Module>> Made = Remake(Typed);
    if (!Made)
      refuseInChild(toString(Made.takeError()));
    Remade = std::move(*Made);
  }
  std::ostringstream Stream;
  std::string Problem;
  if (!writeSpirv(Remade ? Remade.get() : &M, writerOptions(), Stream, Problem))
    refuseInChild(Problem);
  exitChild(Out, Stream.str(), 0);
}

/// Translates \p Binary in a child process (Isolation.h), into a context
/// with typed pointers there (the translator of LLVM 15 asks pointers for
/// their element types), and reads the result into \p Ctx.
Expected<std::unique_ptr<Module>>
translateIsolated(LLVMContext &Ctx, StringRef Binary, StringRef FileName,
                  const SPIRV::TranslatorOpts &Opts) {
  auto Translate =
      [&](LLVMContext &Typed) -> Expected<std::unique_ptr<Module>> {
    Typed.setOpaquePointers(false);
    std::istringstream Stream(Binary.str());
    Module *Translated = nullptr;
    std::string Problem;
    if (!readSpirv(Typed, Opts, Stream, Translated, Problem))
      return spirvError(FileName,
                        "cannot translate: " + StringRef(Problem).trim());
    return std::unique_ptr<Module>(Translated);
  };
  Expected<std::unique_ptr<Module>> Translated = makeModuleIsolated(
      Ctx, Translate, FileName, "SPIRV-LLVM-Translator", "module");
  if (!Translated)
    return Translated.takeError();
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

namespace {

/// What getSpecConstantSizes learns as it walks a module.
struct SpecConstantWalk {
  /// Type id to its size in bytes: booleans, integers, floats.
  std::map<uint32_t, uint32_t> TypeBytes;
  /// Specialization constant id to its type id.
  std::map<uint32_t, uint32_t> TypeOf;
  /// Result id to SpecId.
  std::map<uint32_t, uint32_t> SpecIdOf;
};

spv_result_t walkSpecConstants(void *State, const spv_parsed_instruction_t *I) {
  auto &Walk = *static_cast<SpecConstantWalk *>(State);
  const uint32_t *W = I->words;
  switch (static_cast<spv::Op>(I->opcode)) {
  case spv::OpTypeBool:
    Walk.TypeBytes[W[1]] = 1;
    break;
  case spv::OpTypeInt:
  case spv::OpTypeFloat:
    Walk.TypeBytes[W[1]] = W[2] / 8;
    break;
  case spv::OpDecorate:
    if (I->num_words >= 4 && W[2] == spv::DecorationSpecId)
      Walk.SpecIdOf[W[1]] = W[3];
    break;
  case spv::OpSpecConstantTrue:
  case spv::OpSpecConstantFalse:
  case spv::OpSpecConstant:
    Walk.TypeOf[W[2]] = W[1];
    break;
  default:
    break;
  }
  return SPV_SUCCESS;
}

} // namespace

Expected<std::map<uint32_t, uint32_t>>
readSpecConstantSizes(StringRef Binary, StringRef FileName) {
  Expected<std::vector<uint32_t>> Words = toWords(Binary, FileName);
  if (!Words)
    return Words.takeError();
  SpecConstantWalk Walk;
  spv_context Context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spv_diagnostic Diagnostic = nullptr;
  spv_result_t Parsed =
      spvBinaryParse(Context, &Walk, Words->data(), Words->size(),
                     /*parse_header=*/nullptr, walkSpecConstants, &Diagnostic);
  std::string Why =
      Diagnostic && Diagnostic->error ? Diagnostic->error : "cannot parse";
  spvDiagnosticDestroy(Diagnostic);
  spvContextDestroy(Context);
  if (Parsed != SPV_SUCCESS)
    return spirvError(FileName, "not a SPIR-V module: " + Twine(Why));
  std::map<uint32_t, uint32_t> Sizes;
  for (const auto &[Result, SpecId] : Walk.SpecIdOf) {
    auto Type = Walk.TypeOf.find(Result);
    if (Type != Walk.TypeOf.end())
      Sizes[SpecId] = Walk.TypeBytes[Type->second];
  }
  return Sizes;
}

Expected<std::string> writeSPIRVModule(Module &M, ModuleFactory Remake) {
  Expected<ChildResult> Child =
      runIsolated([&](int Out) { writeInChild(M, Remake, Out); });
  auto Fail = [](const Twine &Message) {
    return createStringError(inconvertibleErrorCode(), Message);
  };
  if (!Child)
    return Fail("cannot translate to SPIR-V: " + toString(Child.takeError()));
  if (Child->refused())
    return Fail("cannot translate to SPIR-V: " +
                StringRef(Child->Printed).trim());
  if (!Child->succeeded())
    return Fail("SPIRV-LLVM-Translator cannot write this module as SPIR-V: " +
                Child->describeStop());
  return std::move(Child->Out);
}

} // namespace compiler
