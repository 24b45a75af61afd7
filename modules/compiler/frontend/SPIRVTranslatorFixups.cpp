//===- SPIRVTranslatorFixups.cpp - SPIR-V the translator reads ------------===//
///
/// \file
/// See SPIRVTranslatorFixups.h. Instructions are walked with SPIRV-Tools'
/// parser, which knows each one's operands.
///
//===----------------------------------------------------------------------===//

#include "frontend/SPIRVTranslatorFixups.h"
#include "frontend/SPIRVCommon.h"

#include "compiler/pipeline/CompileOptions.h"

#include "spirv-tools/libspirv.hpp"
#include "spirv/unified1/spirv.hpp"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace llvm;

namespace compiler {

namespace {

std::string versionName(uint32_t Version) {
  return (Twine((Version >> 16) & 0xff) + "." + Twine((Version >> 8) & 0xff))
      .str();
}

/// A module newer than the translator's newest version, as one of that
/// version when it validates as one; else why not, in the validator's
/// words.
Error lowerVersion(std::vector<uint32_t> &Words, StringRef FileName) {
  uint32_t Version = Words[SPIRVVersionWord];
  if (Version <= NewestSPIRVVersion)
    return Error::success();
  std::vector<uint32_t> Lowered = Words;
  Lowered[SPIRVVersionWord] = NewestSPIRVVersion;
  // Checked against the lowered version, the validator names whatever
  // needs a newer one.
  std::vector<ValidationProblem> Problems =
      findValidationProblems(Lowered, SPV_ENV_UNIVERSAL_1_6);
  if (Problems.empty()) {
    Words = std::move(Lowered);
    return Error::success();
  }
  return spirvError(FileName, "SPIR-V " + versionName(Version) +
                                  " module uses what SPIR-V " +
                                  versionName(NewestSPIRVVersion) +
                                  " lacks (Loom's SPIR-V translator reads "
                                  "1.0 to " +
                                  versionName(NewestSPIRVVersion) + "): word " +
                                  Twine(Problems.front().Word) + ": " +
                                  StringRef(Problems.front().Message).trim());
}

/// The walk's state: the words so far, what it needs to know of earlier
/// instructions, and the first refusal.
struct Fitting {
  /// The module's first word, to say where an instruction is.
  const uint32_t *Begin;
  std::vector<uint32_t> Out;
  /// Value id to its type id.
  DenseMap<uint32_t, uint32_t> TypeOf;
  /// Vector type id to its length.
  DenseMap<uint32_t, uint32_t> VectorLength;
  /// Scalar type id to the words of its zero: 1 or 2 for a number, 0 for
  /// a bool.
  DenseMap<uint32_t, unsigned> ZeroWords;
  std::string Refusal;
};

uint32_t firstWord(spv::Op Opcode, size_t Count) {
  return static_cast<uint32_t>(Count) << 16 | static_cast<uint32_t>(Opcode);
}

/// Why the translator cannot read \p I, or empty.
std::string whyUnreadable(const spv_parsed_instruction_t &I, const Fitting &F) {
  switch (static_cast<spv::Op>(I.opcode)) {
  case spv::OpCopyLogical:
    return "OpCopyLogical is not implemented by Loom's SPIR-V translator";
  case spv::OpDecorateString:
  case spv::OpMemberDecorateString:
    return "string decorations (OpDecorateString, UserSemantic) are not "
           "implemented by Loom's SPIR-V translator";
  case spv::OpCopyMemory:
  case spv::OpCopyMemorySized:
    if (std::count_if(I.operands, I.operands + I.num_operands,
                      [](const spv_parsed_operand_t &Operand) {
                        return Operand.type == SPV_OPERAND_TYPE_MEMORY_ACCESS;
                      }) > 1)
      return "a memory copy with separate source and target memory operands "
             "(SPIR-V 1.4) is not read by Loom's SPIR-V translator";
    return "";
  case spv::OpVectorShuffle: {
    // Result type, result, vector 1, vector 2, components.
    uint32_t First = F.VectorLength.lookup(F.TypeOf.lookup(I.words[3]));
    uint32_t Second = F.VectorLength.lookup(F.TypeOf.lookup(I.words[4]));
    if (First == Second)
      return "";
    return ("OpVectorShuffle of vectors of different lengths (" + Twine(First) +
            " and " + Twine(Second) +
            ") is not read by Loom's SPIR-V translator")
        .str();
  }
  default:
    return "";
  }
}

/// Records what later instructions need of \p I, and appends it to the
/// output, or its zero constant in place of a scalar OpConstantNull.
void take(const spv_parsed_instruction_t &I, Fitting &F) {
  auto Opcode = static_cast<spv::Op>(I.opcode);
  if (I.type_id && I.result_id)
    F.TypeOf[I.result_id] = I.type_id;
  switch (Opcode) {
  case spv::OpTypeInt:
  case spv::OpTypeFloat: // Result, width, ...
    F.ZeroWords[I.result_id] = I.words[2] > 32 ? 2 : 1;
    break;
  case spv::OpTypeBool:
    F.ZeroWords[I.result_id] = 0;
    break;
  case spv::OpTypeVector: // Result, component type, length.
    F.VectorLength[I.result_id] = I.words[3];
    break;
  default:
    break;
  }
  if (Opcode == spv::OpConstantNull) {
    if (auto Zero = F.ZeroWords.find(I.type_id); Zero != F.ZeroWords.end()) {
      unsigned Literal = Zero->second;
      F.Out.push_back(firstWord(
          Literal ? spv::OpConstant : spv::OpConstantFalse, 3 + Literal));
      F.Out.push_back(I.type_id);
      F.Out.push_back(I.result_id);
      F.Out.insert(F.Out.end(), Literal, 0);
      return;
    }
  }
  F.Out.insert(F.Out.end(), I.words, I.words + I.num_words);
}

spv_result_t fitInstruction(void *State, const spv_parsed_instruction_t *I) {
  auto &F = *static_cast<Fitting *>(State);
  std::string Why = whyUnreadable(*I, F);
  if (!Why.empty()) {
    F.Refusal = Why + " (word " + std::to_string(I->words - F.Begin) + ")";
    return SPV_REQUESTED_TERMINATION;
  }
  take(*I, F);
  return SPV_SUCCESS;
}

} // namespace

Expected<std::vector<uint32_t>> fitToTranslator(std::vector<uint32_t> Words,
                                                StringRef FileName) {
  if (Error E = lowerVersion(Words, FileName))
    return std::move(E);
  Fitting F;
  F.Begin = Words.data();
  F.Out.assign(Words.begin(), Words.begin() + SPIRVHeaderWords);
  spv_context Context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spv_result_t Parsed = spvBinaryParse(Context, &F, Words.data(), Words.size(),
                                       /*parse_header=*/nullptr, fitInstruction,
                                       /*diagnostic=*/nullptr);
  spvContextDestroy(Context);
  if (!F.Refusal.empty())
    return spirvError(FileName, F.Refusal);
  if (Parsed != SPV_SUCCESS) // The validator accepted it: should not be.
    return spirvError(FileName, "cannot read the module's instructions");
  return std::move(F.Out);
}

} // namespace compiler
