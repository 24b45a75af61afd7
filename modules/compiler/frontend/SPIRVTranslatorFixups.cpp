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
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <map>
#include <optional>

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

/// What the rewrites need to know of the module, gathered by a first walk:
/// SPIR-V declares types and constants before the functions, but the
/// constants a rewrite adds must be known before the first function.
struct ModuleFacts {
  /// Value id to its type id.
  DenseMap<uint32_t, uint32_t> TypeOf;
  /// Vector type id to its component type and length.
  DenseMap<uint32_t, std::pair<uint32_t, uint32_t>> VectorOf;
  /// Array type id to its element type and length (0: not a constant).
  DenseMap<uint32_t, std::pair<uint32_t, uint64_t>> ArrayOf;
  /// Structure type id to its member types.
  DenseMap<uint32_t, SmallVector<uint32_t, 4>> MembersOf;
  /// Pointer type id to its pointee type.
  DenseMap<uint32_t, uint32_t> PointeeOf;
  /// Integer or float type id to its width in bits.
  DenseMap<uint32_t, uint32_t> NumberWidth;
  /// Scalar type id to the words of its zero: 1 or 2 for a number, 0 for
  /// a bool.
  DenseMap<uint32_t, unsigned> ZeroWords;
  /// Constant id to its value's bits (array lengths are looked up here).
  DenseMap<uint32_t, uint64_t> IntegerValue;
  /// A 64-bit integer type, or 0: pointers compare and subtract as it.
  uint32_t Int64 = 0;
  /// The element sizes OpPtrDiff divides by, each to the id of its 64-bit
  /// constant (given in the second walk).
  std::map<uint64_t, uint32_t> DiffSizes;
  /// The module's id bound: new ids are given from it.
  uint32_t Bound = 0;
};

uint32_t firstWord(spv::Op Opcode, size_t Count) {
  return static_cast<uint32_t>(Count) << 16 | static_cast<uint32_t>(Opcode);
}

/// Bytes between consecutive elements of type \p Type in memory (OpenCL C's
/// sizeof: a 3-vector takes 4 components), or 0 when not known here.
uint64_t storeSize(uint32_t Type, const ModuleFacts &M) {
  if (uint32_t Width = M.NumberWidth.lookup(Type))
    return Width / 8;
  if (auto Vector = M.VectorOf.find(Type); Vector != M.VectorOf.end()) {
    auto [Component, Length] = Vector->second;
    return storeSize(Component, M) * (Length == 3 ? 4 : Length);
  }
  if (auto Array = M.ArrayOf.find(Type); Array != M.ArrayOf.end())
    return storeSize(Array->second.first, M) * Array->second.second;
  return 0;
}

/// The size of the elements OpPtrDiff \p I counts, or 0.
uint64_t diffElementSize(const spv_parsed_instruction_t &I,
                         const ModuleFacts &M) {
  // Result type, result, operand 1, operand 2.
  return storeSize(M.PointeeOf.lookup(M.TypeOf.lookup(I.words[3])), M);
}

/// The first walk: records what the second needs of \p I.
spv_result_t gatherFacts(void *State, const spv_parsed_instruction_t *I) {
  auto &M = *static_cast<ModuleFacts *>(State);
  const uint32_t *W = I->words;
  if (I->type_id && I->result_id)
    M.TypeOf[I->result_id] = I->type_id;
  switch (static_cast<spv::Op>(I->opcode)) {
  case spv::OpTypeInt: // Result, width, signedness.
    M.NumberWidth[W[1]] = W[2];
    M.ZeroWords[W[1]] = W[2] > 32 ? 2 : 1;
    if (W[2] == 64 && !M.Int64)
      M.Int64 = W[1];
    break;
  case spv::OpTypeFloat: // Result, width.
    M.NumberWidth[W[1]] = W[2];
    M.ZeroWords[W[1]] = W[2] > 32 ? 2 : 1;
    break;
  case spv::OpTypeBool:
    M.ZeroWords[W[1]] = 0;
    break;
  case spv::OpTypeVector: // Result, component type, length.
    M.VectorOf[W[1]] = {W[2], W[3]};
    break;
  case spv::OpTypeArray: // Result, element type, length constant.
    M.ArrayOf[W[1]] = {W[2], M.IntegerValue.lookup(W[3])};
    break;
  case spv::OpTypeStruct:
    M.MembersOf[W[1]].assign(W + 2, W + I->num_words);
    break;
  case spv::OpTypePointer: // Result, storage class, pointee.
    M.PointeeOf[W[1]] = W[3];
    break;
  case spv::OpConstant: { // Type, result, value (low word first).
    uint64_t Value = W[3];
    if (I->num_words > 4)
      Value |= uint64_t(W[4]) << 32;
    M.IntegerValue[W[2]] = Value;
    break;
  }
  case spv::OpPtrDiff:
    if (uint64_t Size = diffElementSize(*I, M); Size > 1)
      M.DiffSizes.emplace(Size, 0);
    break;
  default:
    break;
  }
  return SPV_SUCCESS;
}

/// The second walk's state: the facts, the words so far, and the first
/// refusal.
struct Fitting {
  ModuleFacts &Facts;
  /// The module's first word, to say where an instruction is.
  const uint32_t *Begin;
  std::vector<uint32_t> Out;
  /// Whether the constants the rewrites need are in Out yet.
  bool ConstantsAdded = false;
  std::string Refusal;

  uint32_t newId() { return Facts.Bound++; }
  void emit(spv::Op Opcode, std::initializer_list<uint32_t> Operands) {
    Out.push_back(firstWord(Opcode, 1 + Operands.size()));
    Out.insert(Out.end(), Operands);
  }
};

/// The memory operands of a memory copy: the mask and its alignment.
struct MemoryOperands {
  uint32_t Mask = 0;
  uint32_t Alignment = 0;
};

/// The memory-operand words of \p I from word \p At on, or none when they
/// use more than volatile, aligned and nontemporal.
std::optional<SmallVector<MemoryOperands, 2>>
readMemoryOperands(const spv_parsed_instruction_t &I, size_t At) {
  const uint32_t Simple = uint32_t(spv::MemoryAccessVolatileMask) |
                          uint32_t(spv::MemoryAccessAlignedMask) |
                          uint32_t(spv::MemoryAccessNontemporalMask);
  SmallVector<MemoryOperands, 2> Operands;
  while (At < I.num_words) {
    MemoryOperands Operand;
    Operand.Mask = I.words[At++];
    if (Operand.Mask & ~Simple)
      return std::nullopt;
    if (Operand.Mask & spv::MemoryAccessAlignedMask)
      Operand.Alignment = I.words[At++];
    Operands.push_back(Operand);
  }
  return Operands;
}

/// Appends the words of \p Operand, if any.
void appendMemoryOperand(const std::optional<MemoryOperands> &Operand,
                         std::vector<uint32_t> &Out) {
  if (!Operand)
    return;
  Out.push_back(Operand->Mask);
  if (Operand->Mask & spv::MemoryAccessAlignedMask)
    Out.push_back(Operand->Alignment);
}

/// A memory copy as the translator reads it: OpCopyMemory (which it
/// asserts on) as a load of the source and a store to the target, each
/// with its own memory operand (SPIR-V 1.4 gives the target's, then the
/// source's; one operand is both's); OpCopyMemorySized with one operand
/// for both, as before 1.4: volatile or nontemporal if either is, aligned
/// to the smaller alignment if both say one. False when the operands are
/// other than volatile, aligned and nontemporal.
bool fitMemoryCopy(const spv_parsed_instruction_t &I, Fitting &F) {
  bool Sized = static_cast<spv::Op>(I.opcode) == spv::OpCopyMemorySized;
  // Target, source[, size].
  size_t Fixed = Sized ? 4 : 3;
  std::optional<SmallVector<MemoryOperands, 2>> Operands =
      readMemoryOperands(I, Fixed);
  if (!Operands)
    return false;
  std::optional<MemoryOperands> Target, Source;
  if (!Operands->empty())
    Target = Source = Operands->front();
  if (Operands->size() > 1)
    Source = (*Operands)[1];
  if (!Sized) {
    uint32_t SourcePointer = I.words[2];
    uint32_t Type =
        F.Facts.PointeeOf.lookup(F.Facts.TypeOf.lookup(SourcePointer));
    uint32_t Value = F.newId();
    size_t LoadStart = F.Out.size();
    F.Out.insert(F.Out.end(), {0, Type, Value, SourcePointer});
    appendMemoryOperand(Source, F.Out);
    F.Out[LoadStart] = firstWord(spv::OpLoad, F.Out.size() - LoadStart);
    size_t StoreStart = F.Out.size();
    F.Out.insert(F.Out.end(), {0, I.words[1], Value});
    appendMemoryOperand(Target, F.Out);
    F.Out[StoreStart] = firstWord(spv::OpStore, F.Out.size() - StoreStart);
    return true;
  }
  if (Operands->size() > 1) {
    const uint32_t Aligned = spv::MemoryAccessAlignedMask;
    MemoryOperands Both;
    Both.Mask = (Target->Mask | Source->Mask) & ~Aligned;
    if (Target->Mask & Source->Mask & Aligned) {
      Both.Mask |= Aligned;
      Both.Alignment = std::min(Target->Alignment, Source->Alignment);
    }
    Target = Both;
  }
  size_t Start = F.Out.size();
  F.Out.insert(F.Out.end(), I.words, I.words + Fixed);
  appendMemoryOperand(Target, F.Out);
  F.Out[Start] = firstWord(spv::OpCopyMemorySized, F.Out.size() - Start);
  return true;
}

/// Defines \p Result, of type \p ResultType, as the logical copy of
/// \p Value, of type \p ValueType (OpCopyLogical): member by member or
/// element by element down to the types the two share. False when they
/// do not match that way.
bool copyLogically(uint32_t ResultType, uint32_t Result, uint32_t ValueType,
                   uint32_t Value, Fitting &F) {
  if (ResultType == ValueType) {
    F.emit(spv::OpCopyObject, {ResultType, Result, Value});
    return true;
  }
  const ModuleFacts &M = F.Facts;
  SmallVector<uint32_t, 4> ResultParts, ValueParts;
  if (M.MembersOf.count(ResultType) && M.MembersOf.count(ValueType)) {
    ResultParts = M.MembersOf.lookup(ResultType);
    ValueParts = M.MembersOf.lookup(ValueType);
  } else if (M.ArrayOf.count(ResultType) && M.ArrayOf.count(ValueType)) {
    auto [ResultElement, ResultLength] = M.ArrayOf.lookup(ResultType);
    auto [ValueElement, ValueLength] = M.ArrayOf.lookup(ValueType);
    if (ResultLength == 0 || ResultLength != ValueLength)
      return false;
    ResultParts.assign(ResultLength, ResultElement);
    ValueParts.assign(ValueLength, ValueElement);
  }
  if (ResultParts.empty() || ResultParts.size() != ValueParts.size())
    return false;
  SmallVector<uint32_t, 4> Copies;
  for (size_t Index = 0; Index < ValueParts.size(); ++Index) {
    uint32_t Part = F.newId();
    F.emit(spv::OpCompositeExtract,
           {ValueParts[Index], Part, Value, static_cast<uint32_t>(Index)});
    uint32_t Copy = Part;
    if (ResultParts[Index] != ValueParts[Index]) {
      Copy = F.newId();
      if (!copyLogically(ResultParts[Index], Copy, ValueParts[Index], Part, F))
        return false;
    }
    Copies.push_back(Copy);
  }
  F.Out.push_back(firstWord(spv::OpCompositeConstruct, 3 + Copies.size()));
  F.Out.push_back(ResultType);
  F.Out.push_back(Result);
  F.Out.insert(F.Out.end(), Copies.begin(), Copies.end());
  return true;
}

/// OpPtrEqual, OpPtrNotEqual and OpPtrDiff (SPIR-V 1.4) on the pointers'
/// addresses as 64-bit integers: compared, or subtracted and divided by
/// the element size.
void comparePointers(const spv_parsed_instruction_t &I, Fitting &F) {
  // Result type, result, operand 1, operand 2.
  uint32_t Type = I.words[1], Result = I.words[2];
  uint32_t Int64 = F.Facts.Int64;
  uint32_t First = F.newId(), Second = F.newId();
  F.emit(spv::OpConvertPtrToU, {Int64, First, I.words[3]});
  F.emit(spv::OpConvertPtrToU, {Int64, Second, I.words[4]});
  switch (static_cast<spv::Op>(I.opcode)) {
  case spv::OpPtrEqual:
    F.emit(spv::OpIEqual, {Type, Result, First, Second});
    return;
  case spv::OpPtrNotEqual:
    F.emit(spv::OpINotEqual, {Type, Result, First, Second});
    return;
  default:
    break;
  }
  uint64_t Size = diffElementSize(I, F.Facts);
  bool Divide = Size > 1, Convert = Type != Int64;
  uint32_t Bytes = !Divide && !Convert ? Result : F.newId();
  F.emit(spv::OpISub, {Int64, Bytes, First, Second});
  uint32_t Elements = Bytes;
  if (Divide) {
    Elements = Convert ? F.newId() : Result;
    F.emit(spv::OpSDiv, {Int64, Elements, Bytes, F.Facts.DiffSizes.at(Size)});
  }
  if (Convert)
    F.emit(spv::OpSConvert, {Type, Result, Elements});
}

/// The 64-bit constants OpPtrDiff divides by, before the first function.
void addConstants(Fitting &F) {
  for (auto &[Size, Id] : F.Facts.DiffSizes) {
    Id = F.newId();
    F.emit(spv::OpConstant, {F.Facts.Int64, Id, static_cast<uint32_t>(Size),
                             static_cast<uint32_t>(Size >> 32)});
  }
  F.ConstantsAdded = true;
}

/// Why the translator cannot read \p I even as rewritten, or empty.
std::string whyUnreadable(const spv_parsed_instruction_t &I,
                          const ModuleFacts &M) {
  switch (static_cast<spv::Op>(I.opcode)) {
  case spv::OpDecorateString:         // Target, decoration, strings.
  case spv::OpMemberDecorateString: { // Structure, member, decoration, ...
    size_t At = I.opcode == spv::OpDecorateString ? 2 : 3;
    if (I.words[At] == spv::DecorationUserSemantic)
      return "";
    return "string decorations other than UserSemantic are not implemented "
           "by Loom's SPIR-V translator";
  }
  case spv::OpPtrEqual:
  case spv::OpPtrNotEqual:
  case spv::OpPtrDiff:
    if (!M.Int64)
      return "pointer comparisons (OpPtrEqual, OpPtrNotEqual, OpPtrDiff) "
             "need a 64-bit integer type in the module for Loom's SPIR-V "
             "translator";
    if (I.opcode == spv::OpPtrDiff && diffElementSize(I, M) == 0)
      return "OpPtrDiff of pointers to structures or booleans is not "
             "implemented by Loom's SPIR-V translator";
    return "";
  case spv::OpVectorShuffle: {
    // Result type, result, vector 1, vector 2, components.
    uint32_t First = M.VectorOf.lookup(M.TypeOf.lookup(I.words[3])).second;
    uint32_t Second = M.VectorOf.lookup(M.TypeOf.lookup(I.words[4])).second;
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

/// Appends \p I to the output as the translator reads it. Returns why it
/// cannot, or empty.
std::string fit(const spv_parsed_instruction_t &I, Fitting &F) {
  auto Opcode = static_cast<spv::Op>(I.opcode);
  if (Opcode == spv::OpFunction && !F.ConstantsAdded)
    addConstants(F);
  switch (Opcode) {
  case spv::OpConstantNull:
    if (auto Zero = F.Facts.ZeroWords.find(I.type_id);
        Zero != F.Facts.ZeroWords.end()) {
      unsigned Literal = Zero->second;
      F.Out.push_back(firstWord(
          Literal ? spv::OpConstant : spv::OpConstantFalse, 3 + Literal));
      F.Out.push_back(I.type_id);
      F.Out.push_back(I.result_id);
      F.Out.insert(F.Out.end(), Literal, 0);
      return "";
    }
    break;
  case spv::OpDecorateString:
  case spv::OpMemberDecorateString:
    // UserSemantic only (whyUnreadable): a note for tools, nothing a
    // kernel does.
    return "";
  case spv::OpCopyMemory:
  case spv::OpCopyMemorySized:
    if (fitMemoryCopy(I, F))
      return "";
    return "a memory copy with memory operands other than volatile, aligned "
           "and nontemporal is not read by Loom's SPIR-V translator";
  case spv::OpCopyLogical: // Result type, result, operand.
    if (copyLogically(I.words[1], I.words[2], F.Facts.TypeOf.lookup(I.words[3]),
                      I.words[3], F))
      return "";
    return "OpCopyLogical between types that differ other than by their "
           "structures and arrays is not implemented by Loom's SPIR-V "
           "translator";
  case spv::OpPtrEqual:
  case spv::OpPtrNotEqual:
  case spv::OpPtrDiff:
    comparePointers(I, F);
    return "";
  default:
    break;
  }
  F.Out.insert(F.Out.end(), I.words, I.words + I.num_words);
  return "";
}

spv_result_t fitInstruction(void *State, const spv_parsed_instruction_t *I) {
  auto &F = *static_cast<Fitting *>(State);
  std::string Why = whyUnreadable(*I, F.Facts);
  if (Why.empty())
    Why = fit(*I, F);
  if (!Why.empty()) {
    F.Refusal = Why + " (word " + std::to_string(I->words - F.Begin) + ")";
    return SPV_REQUESTED_TERMINATION;
  }
  return SPV_SUCCESS;
}

} // namespace

Expected<std::vector<uint32_t>> fitToTranslator(std::vector<uint32_t> Words,
                                                StringRef FileName) {
  if (Error E = lowerVersion(Words, FileName))
    return std::move(E);
  ModuleFacts Facts;
  Facts.Bound = Words[SPIRVBoundWord];
  spv_context Context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spv_result_t Parsed =
      spvBinaryParse(Context, &Facts, Words.data(), Words.size(),
                     /*parse_header=*/nullptr, gatherFacts,
                     /*diagnostic=*/nullptr);
  Fitting F{Facts, Words.data(), {}, false, {}};
  F.Out.assign(Words.begin(), Words.begin() + SPIRVHeaderWords);
  if (Parsed == SPV_SUCCESS)
    Parsed = spvBinaryParse(Context, &F, Words.data(), Words.size(),
                            /*parse_header=*/nullptr, fitInstruction,
                            /*diagnostic=*/nullptr);
  spvContextDestroy(Context);
  F.Out[SPIRVBoundWord] = Facts.Bound;
  if (!F.Refusal.empty())
    return spirvError(FileName, F.Refusal);
  if (Parsed != SPV_SUCCESS) // The validator accepted it: should not be.
    return spirvError(FileName, "cannot read the module's instructions");
  return std::move(F.Out);
}

} // namespace compiler
