//===- KernelCase.cpp - Kernel cases, as ../shared/peer/CASES.md ----------===//
///
/// \file
/// See KernelCase.h.
///
//===----------------------------------------------------------------------===//

#include "KernelCase.h"

#include "metadata/image.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace llvm;

namespace loom {

namespace {

Error caseError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message.str().c_str());
}

/// \p V as a 64-bit signed integer, when it is one. LLVM 15's getAsInteger
/// converts a number stored as a double of 2^63 (JSON may spell it
/// `9223372036854775808.0`) to int64_t, which is undefined (the kernel-case
/// fuzzer found it; test/fuzz/regressions/kernel-case): a double outside
/// int64_t's range is not asked. Integers stored as such are exact.
std::optional<int64_t> asInteger(const json::Value *V) {
  if (!V)
    return std::nullopt;
  if (auto Unsigned = V->getAsUINT64()) {
    if (*Unsigned > uint64_t(std::numeric_limits<int64_t>::max()))
      return std::nullopt;
    return static_cast<int64_t>(*Unsigned);
  }
  auto Number = V->getAsNumber();
  if (!Number || !(*Number >= -0x1p63 && *Number < 0x1p63))
    return std::nullopt;
  if (auto Integer = V->getAsInteger())
    return *Integer;
  return std::nullopt;
}

Expected<ElementType> parseType(StringRef Name) {
  std::optional<ElementType> T = StringSwitch<std::optional<ElementType>>(Name)
                                     .Case("char", ElementType::Char)
                                     .Case("uchar", ElementType::UChar)
                                     .Case("short", ElementType::Short)
                                     .Case("ushort", ElementType::UShort)
                                     .Case("int", ElementType::Int)
                                     .Case("uint", ElementType::UInt)
                                     .Case("long", ElementType::Long)
                                     .Case("ulong", ElementType::ULong)
                                     .Case("float", ElementType::Float)
                                     .Case("double", ElementType::Double)
                                     .Default(std::nullopt);
  if (!T)
    return caseError("unknown element type '" + Name + "'");
  return *T;
}

bool isFloating(ElementType T) {
  return T == ElementType::Float || T == ElementType::Double;
}

bool isSigned(ElementType T) {
  return T == ElementType::Char || T == ElementType::Short ||
         T == ElementType::Int || T == ElementType::Long;
}

Expected<CaseValue> parseValue(const json::Value &V, StringRef Key) {
  CaseValue Result;
  if (auto I = asInteger(&V)) {
    Result.IsInteger = true;
    Result.Signed = *I;
    Result.Unsigned = static_cast<uint64_t>(*I);
    Result.Real = static_cast<double>(*I);
  } else if (auto U = V.getAsUINT64()) {
    Result.IsInteger = Result.IsUnsigned = true;
    Result.Unsigned = *U;
    Result.Real = static_cast<double>(*U);
  } else if (auto D = V.getAsNumber()) {
    Result.Real = *D;
  } else {
    return caseError("'" + Key + "' must be a number");
  }
  return Result;
}

/// Checks \p Obj has only \p Allowed keys.
Error checkKeys(const json::Object &Obj, ArrayRef<StringRef> Allowed,
                StringRef Where) {
  for (const auto &KV : Obj)
    if (!is_contained(Allowed, StringRef(KV.first)))
      return caseError("unknown key '" + StringRef(KV.first) + "' in " + Where);
  return Error::success();
}

Expected<std::vector<uint64_t>> parseSizes(const json::Value *V,
                                           StringRef Key) {
  const json::Array *A = V ? V->getAsArray() : nullptr;
  if (!A || A->empty() || A->size() > 3)
    return caseError("'" + Key + "' must be an array of 1 to 3 sizes");
  std::vector<uint64_t> Sizes;
  for (const json::Value &E : *A) {
    auto I = asInteger(&E);
    if (!I || *I <= 0)
      return caseError("'" + Key +
                       "' holds a size that is not a positive integer");
    Sizes.push_back(static_cast<uint64_t>(*I));
  }
  return Sizes;
}

/// Whether buffer \p A's bytes fit MaxBufferBytes.
Error checkBufferSize(const CaseArg &A, const Twine &Where) {
  if (A.Count > MaxBufferBytes / elementSize(A.Type))
    return caseError(Where + ": 'count' " + Twine(A.Count) + " makes " +
                     "a buffer larger than " + Twine(MaxBufferBytes >> 30) +
                     " GiB");
  return Error::success();
}

/// The contents of a buffer or an image, \p A: its init, value, seed,
/// range and whether it is an output.
Error parseContents(const json::Object &O, size_t Index, StringRef Where,
                    CaseArg &A) {
  StringRef Init = O.getString("init").value_or("zero");
  std::optional<InitKind> Kind = StringSwitch<std::optional<InitKind>>(Init)
                                     .Case("zero", InitKind::Zero)
                                     .Case("iota", InitKind::Iota)
                                     .Case("const", InitKind::Const)
                                     .Case("random", InitKind::Random)
                                     .Default(std::nullopt);
  if (!Kind)
    return caseError(Where + ": unknown init '" + Init + "'");
  A.Init = *Kind;
  if (A.Init == InitKind::Const) {
    const json::Value *V = O.get("value");
    if (!V)
      return caseError(Where + ": init 'const' needs a 'value'");
    Expected<CaseValue> Value = parseValue(*V, "value");
    if (!Value)
      return Value.takeError();
    A.Value = *Value;
  }
  A.Seed = Index; // The format's default seed.
  if (const json::Value *S = O.get("seed")) {
    Expected<CaseValue> Seed = parseValue(*S, "seed");
    if (!Seed)
      return Seed.takeError();
    if (!Seed->IsInteger || (!Seed->IsUnsigned && Seed->Signed < 0))
      return caseError(Where + ": 'seed' must be an integer in [0, 2^64)");
    A.Seed = Seed->Unsigned;
  }
  if (const json::Value *R = O.get("range")) {
    const json::Array *Pair = R->getAsArray();
    if (!Pair || Pair->size() != 2)
      return caseError(Where + ": 'range' must be [lo, hi]");
    Expected<CaseValue> Lo = parseValue((*Pair)[0], "range");
    Expected<CaseValue> Hi = parseValue((*Pair)[1], "range");
    if (!Lo)
      return Lo.takeError();
    if (!Hi)
      return Hi.takeError();
    A.Range = std::array<CaseValue, 2>{*Lo, *Hi};
  }
  A.Output = O.getBoolean("output").value_or(false);
  return Error::success();
}

Expected<CaseArg> parseBufferArg(const json::Object &O, size_t Index,
                                 StringRef Where) {
  if (Error E = checkKeys(
          O, {"buffer", "count", "init", "value", "seed", "range", "output"},
          Where))
    return std::move(E);
  CaseArg A;
  A.ArgKind = CaseArg::Buffer;
  Expected<ElementType> T = parseType(O.getString("buffer").value_or(""));
  if (!T)
    return T.takeError();
  A.Type = *T;
  auto Count = asInteger(O.get("count"));
  if (!Count || *Count <= 0)
    return caseError(Where + ": 'count' must be a positive integer");
  A.Count = static_cast<uint64_t>(*Count);
  if (Error E = checkBufferSize(A, Where))
    return std::move(E);
  if (Error E = parseContents(O, Index, Where, A))
    return std::move(E);
  return A;
}

/// An image: `"image": "2d"` (1d, 1d_array, 2d, 2d_array, 3d), `"format":
/// ["RGBA", "FLOAT"]` (OpenCL's names without CL_), `"size": [w, h, d]`
/// (height or layers, depth or layers, as the type has them), and a
/// buffer's contents keys: its texels are made as a buffer's of the
/// channel type's element type (halves as ushort bits).
Expected<CaseArg> parseImageArg(const json::Object &O, size_t Index,
                                StringRef Where) {
  if (Error E = checkKeys(O,
                          {"image", "format", "size", "init", "value", "seed",
                           "range", "output"},
                          Where))
    return std::move(E);
  CaseArg A;
  A.ArgKind = CaseArg::Image;
  StringRef Type = O.getString("image").value_or("");
  A.ImageType = StringSwitch<uint32_t>(Type)
                    .Case("1d", LOOM_IMAGE_1D)
                    .Case("1d_array", LOOM_IMAGE_1D_ARRAY)
                    .Case("2d", LOOM_IMAGE_2D)
                    .Case("2d_array", LOOM_IMAGE_2D_ARRAY)
                    .Case("3d", LOOM_IMAGE_3D)
                    .Default(0);
  if (!A.ImageType)
    return caseError(Where + ": unknown image type '" + Type + "'");
  const json::Array *Format = O.getArray("format");
  StringRef Order, Channel;
  if (Format && Format->size() == 2) {
    Order = (*Format)[0].getAsString().value_or("");
    Channel = (*Format)[1].getAsString().value_or("");
  }
  if (Order.empty() || Channel.empty())
    return caseError(Where + ": 'format' must be [order, channel type]");
  A.ChannelOrder = StringSwitch<uint32_t>(Order)
                       .Case("R", LOOM_ORDER_R)
                       .Case("RG", LOOM_ORDER_RG)
                       .Case("RGBA", LOOM_ORDER_RGBA)
                       .Case("BGRA", LOOM_ORDER_BGRA)
                       .Default(0);
  std::optional<std::pair<uint32_t, ElementType>> Kind =
      StringSwitch<std::optional<std::pair<uint32_t, ElementType>>>(Channel)
          .Case("UNORM_INT8", {{LOOM_TYPE_UNORM_INT8, ElementType::UChar}})
          .Case("UNSIGNED_INT8",
                {{LOOM_TYPE_UNSIGNED_INT8, ElementType::UChar}})
          .Case("SIGNED_INT32", {{LOOM_TYPE_SIGNED_INT32, ElementType::Int}})
          .Case("UNSIGNED_INT32",
                {{LOOM_TYPE_UNSIGNED_INT32, ElementType::UInt}})
          .Case("HALF_FLOAT", {{LOOM_TYPE_HALF_FLOAT, ElementType::UShort}})
          .Case("FLOAT", {{LOOM_TYPE_FLOAT, ElementType::Float}})
          .Default(std::nullopt);
  if (!A.ChannelOrder || !Kind ||
      !loom_image_element_size(A.ChannelOrder, Kind->first))
    return caseError(Where + ": unknown or unsupported format [" + Order +
                     ", " + Channel + "]");
  A.ChannelType = Kind->first;
  A.Type = Kind->second;
  Expected<std::vector<uint64_t>> Size = parseSizes(O.get("size"), "size");
  if (!Size)
    return Size.takeError();
  bool HasHeight = A.ImageType >= LOOM_IMAGE_1D_ARRAY;
  bool HasDepth = A.ImageType >= LOOM_IMAGE_2D_ARRAY;
  if (Size->size() != 1u + HasHeight + HasDepth)
    return caseError(Where + ": 'size' of a " + Type + " image has " +
                     Twine(1u + HasHeight + HasDepth) + " sizes");
  std::copy(Size->begin(), Size->end(), A.ImageSize.begin());
  A.Count = loom_image_channel_count(A.ChannelOrder);
  for (uint64_t Extent : A.ImageSize) {
    if (A.Count > MaxBufferBytes / Extent)
      return caseError(Where + ": the image is larger than " +
                       Twine(MaxBufferBytes >> 30) + " GiB");
    A.Count *= Extent;
  }
  if (Error E = checkBufferSize(A, Where))
    return std::move(E);
  if (Error E = parseContents(O, Index, Where, A))
    return std::move(E);
  return A;
}

/// A sampler: `"sampler": "normalized repeat linear"`, a word of each
/// kind (normalized or unnormalized; none, clamp_to_edge, clamp, repeat or
/// mirrored_repeat; nearest or linear), in any order.
Expected<CaseArg> parseSamplerArg(const json::Object &O, StringRef Where) {
  if (Error E = checkKeys(O, {"sampler"}, Where))
    return std::move(E);
  CaseArg A;
  A.ArgKind = CaseArg::Sampler;
  SmallVector<StringRef, 3> Words;
  O.getString("sampler").value_or("").split(Words, ' ', -1, false);
  unsigned Seen = 0;
  for (StringRef Word : Words) {
    std::optional<std::pair<unsigned, uint32_t>> Bit =
        StringSwitch<std::optional<std::pair<unsigned, uint32_t>>>(Word)
            .Case("normalized", {{1, LOOM_SAMPLER_NORMALIZED_COORDS}})
            .Case("unnormalized", {{1, 0}})
            .Case("none", {{2, LOOM_SAMPLER_ADDRESS_NONE}})
            .Case("clamp_to_edge", {{2, LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE}})
            .Case("clamp", {{2, LOOM_SAMPLER_ADDRESS_CLAMP}})
            .Case("repeat", {{2, LOOM_SAMPLER_ADDRESS_REPEAT}})
            .Case("mirrored_repeat",
                  {{2, LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT}})
            .Case("nearest", {{4, LOOM_SAMPLER_FILTER_NEAREST}})
            .Case("linear", {{4, LOOM_SAMPLER_FILTER_LINEAR}})
            .Default(std::nullopt);
    if (!Bit || (Seen & Bit->first))
      return caseError(Where + ": 'sampler' has an unknown or second '" + Word +
                       "'");
    Seen |= Bit->first;
    A.SamplerBits |= Bit->second;
  }
  if (Seen != 7)
    return caseError(Where + ": 'sampler' needs its coordinates, addressing "
                             "mode and filter");
  return A;
}

Expected<CaseArg> parseArg(const json::Value &V, size_t Index) {
  std::string Where = "args[" + std::to_string(Index) + "]";
  const json::Object *O = V.getAsObject();
  if (!O)
    return caseError(Where + " must be an object");
  if (O->get("buffer"))
    return parseBufferArg(*O, Index, Where);
  if (O->get("image"))
    return parseImageArg(*O, Index, Where);
  if (O->get("sampler"))
    return parseSamplerArg(*O, Where);
  CaseArg A;
  if (O->get("scalar")) {
    if (Error E = checkKeys(*O, {"scalar", "value"}, Where))
      return std::move(E);
    A.ArgKind = CaseArg::Scalar;
    Expected<ElementType> T = parseType(O->getString("scalar").value_or(""));
    if (!T)
      return T.takeError();
    A.Type = *T;
    const json::Value *Value = O->get("value");
    if (!Value)
      return caseError(Where + ": a scalar needs a 'value'");
    Expected<CaseValue> Parsed = parseValue(*Value, "value");
    if (!Parsed)
      return Parsed.takeError();
    A.Value = *Parsed;
    return A;
  }
  if (O->get("local")) {
    if (Error E = checkKeys(*O, {"local"}, Where))
      return std::move(E);
    auto Bytes = asInteger(O->get("local"));
    if (!Bytes || *Bytes <= 0)
      return caseError(Where + ": 'local' must be a positive byte count");
    A.ArgKind = CaseArg::Local;
    A.LocalBytes = static_cast<uint64_t>(*Bytes);
    return A;
  }
  return caseError(Where + " is none of buffer, scalar, local, image or "
                           "sampler");
}

/// Stores \p V, converted to element type \p T by the format's rules.
Error storeValue(ElementType T, const CaseValue &V, uint8_t *Out) {
  if (isFloating(T)) {
    if (!std::isfinite(V.Real))
      return caseError("value is not finite");
    if (T == ElementType::Double) {
      std::memcpy(Out, &V.Real, 8);
      return Error::success();
    }
    if (std::fabs(V.Real) > std::numeric_limits<float>::max())
      return caseError("value is out of the range of float");
    float F = static_cast<float>(V.Real);
    std::memcpy(Out, &F, 4);
    return Error::success();
  }
  if (!V.IsInteger)
    return caseError("value of an integer type is not an integer");
  size_t Size = elementSize(T);
  unsigned Bits = 8 * Size;
  bool Fits;
  if (isSigned(T)) {
    int64_t Min = Bits == 64 ? INT64_MIN : -(int64_t(1) << (Bits - 1));
    int64_t Max = Bits == 64 ? INT64_MAX : (int64_t(1) << (Bits - 1)) - 1;
    Fits = !V.IsUnsigned && V.Signed >= Min && V.Signed <= Max;
  } else {
    uint64_t Max = Bits == 64 ? UINT64_MAX : (uint64_t(1) << Bits) - 1;
    Fits = (V.IsUnsigned || V.Signed >= 0) && V.Unsigned <= Max;
  }
  if (!Fits)
    return caseError("value is out of the range of its type");
  std::memcpy(Out, &V.Unsigned, Size); // Little-endian: the low bytes.
  return Error::success();
}

uint64_t splitmix64(uint64_t Seed, uint64_t Index) {
  uint64_t Z = Seed + (Index + 1) * 0x9E3779B97F4A7C15ull;
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return Z ^ (Z >> 31);
}

Error fillRandom(const CaseArg &A, uint64_t Seed, std::vector<uint8_t> &Bytes) {
  size_t Size = elementSize(A.Type);
  if (isFloating(A.Type)) {
    double Lo = A.Range ? (*A.Range)[0].Real : 0.0;
    double Hi = A.Range ? (*A.Range)[1].Real : 1.0;
    for (uint64_t I = 0; I < A.Count; ++I) {
      double X = static_cast<double>(splitmix64(Seed, I) >> 11) * 0x1.0p-53;
      double Scaled = (Hi - Lo) * X;
      double D = Lo + Scaled;
      CaseValue V;
      V.Real = D;
      if (Error E = storeValue(A.Type, V, &Bytes[I * Size]))
        return E;
    }
    return Error::success();
  }
  CaseValue Lo, Hi;
  Lo.IsInteger = Hi.IsInteger = true;
  Hi.Signed = 100;
  Hi.Unsigned = 100;
  if (A.Range) {
    Lo = (*A.Range)[0];
    Hi = (*A.Range)[1];
    uint8_t Scratch[8];
    if (Error E = storeValue(A.Type, Lo, Scratch))
      return E;
    if (Error E = storeValue(A.Type, Hi, Scratch))
      return E;
  }
  uint64_t Span = Hi.Unsigned - Lo.Unsigned + 1;
  for (uint64_t I = 0; I < A.Count; ++I) {
    uint64_t U = splitmix64(Seed, I);
    uint64_t Value = Lo.Unsigned + (Span == 0 ? U : U % Span);
    std::memcpy(&Bytes[I * Size], &Value, Size);
  }
  return Error::success();
}

} // namespace

size_t elementSize(ElementType T) {
  switch (T) {
  case ElementType::Char:
  case ElementType::UChar:
    return 1;
  case ElementType::Short:
  case ElementType::UShort:
    return 2;
  case ElementType::Int:
  case ElementType::UInt:
  case ElementType::Float:
    return 4;
  case ElementType::Long:
  case ElementType::ULong:
  case ElementType::Double:
    return 8;
  }
  return 0;
}

Expected<KernelCase> readKernelCase(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    return caseError("cannot read '" + Path +
                     "': " + File.getError().message());
  return parseKernelCase((*File)->getBuffer(), Path);
}

Expected<KernelCase> parseKernelCase(StringRef Text, StringRef Path) {
  Expected<json::Value> Parsed = json::parse(Text);
  if (!Parsed)
    return caseError(Path + ": " + toString(Parsed.takeError()));
  const json::Object *O = Parsed->getAsObject();
  if (!O)
    return caseError(Path + ": the case must be a JSON object");
  if (Error E = checkKeys(*O,
                          {"name", "description", "source", "kernel",
                           "pocl_kernel", "build_options", "global", "local",
                           "args", "repeat", "tolerance"},
                          "the case"))
    return std::move(E);
  // The kernel bench/compare.py has pocl run in place of this one: Loom
  // runs "kernel".
  if (O->get("pocl_kernel") && !O->getString("pocl_kernel"))
    return caseError(Path + ": 'pocl_kernel' must be a string");

  KernelCase C;
  auto Name = O->getString("name");
  auto Source = O->getString("source");
  auto Kernel = O->getString("kernel");
  if (!Name || !Source || !Kernel)
    return caseError(Path +
                     ": 'name', 'source' and 'kernel' are required strings");
  C.Name = Name->str();
  C.Kernel = Kernel->str();
  SmallString<256> SourcePath(*Source);
  if (!sys::path::is_absolute(SourcePath)) {
    SourcePath = sys::path::parent_path(Path);
    sys::path::append(SourcePath, *Source);
  }
  C.SourcePath = std::string(SourcePath);
  C.BuildOptions = O->getString("build_options").value_or("").str();

  Expected<std::vector<uint64_t>> Global =
      parseSizes(O->get("global"), "global");
  if (!Global)
    return Global.takeError();
  C.Global = *Global;
  if (const json::Value *Local = O->get("local");
      Local && !Local->getAsNull()) {
    Expected<std::vector<uint64_t>> Sizes = parseSizes(Local, "local");
    if (!Sizes)
      return Sizes.takeError();
    if (Sizes->size() != C.Global.size())
      return caseError("'local' and 'global' have different lengths");
    C.Local = *Sizes;
  }
  if (const json::Value *Repeat = O->get("repeat")) {
    auto N = asInteger(Repeat);
    if (!N || *N <= 0)
      return caseError("'repeat' must be a positive integer");
    C.Repeat = static_cast<unsigned>(*N);
  }
  const json::Array *Args = O->getArray("args");
  if (!Args)
    return caseError(Path + ": 'args' must be an array");
  for (size_t I = 0; I < Args->size(); ++I) {
    Expected<CaseArg> A = parseArg((*Args)[I], I);
    if (!A)
      return A.takeError();
    C.Args.push_back(*A);
  }
  return C;
}

namespace {

Expected<std::vector<uint64_t>> parseSizeList(StringRef List,
                                              StringRef Option) {
  SmallVector<StringRef, 3> Parts;
  List.split(Parts, ',');
  std::vector<uint64_t> Sizes;
  for (StringRef Part : Parts) {
    uint64_t Size;
    if (Part.getAsInteger(10, Size) || Size == 0)
      return caseError("--" + Option + " takes 1 to 3 positive sizes, not '" +
                       List + "'");
    Sizes.push_back(Size);
  }
  if (Sizes.empty() || Sizes.size() > 3)
    return caseError("--" + Option + " takes 1 to 3 positive sizes, not '" +
                     List + "'");
  return Sizes;
}

/// A number written on the command line, as the JSON reader would give it.
Expected<CaseValue> parseNumber(StringRef Text) {
  CaseValue V;
  int64_t Signed;
  uint64_t Unsigned;
  if (!Text.getAsInteger(0, Signed)) {
    V.IsInteger = true;
    V.Signed = Signed;
    V.Unsigned = static_cast<uint64_t>(Signed);
    V.Real = static_cast<double>(Signed);
  } else if (!Text.getAsInteger(0, Unsigned)) {
    V.IsInteger = V.IsUnsigned = true;
    V.Unsigned = Unsigned;
    V.Real = static_cast<double>(Unsigned);
  } else if (Text.getAsDouble(V.Real)) {
    return caseError("'" + Text + "' is not a number");
  }
  return V;
}

Expected<CaseArg> parseBufferSpec(ArrayRef<StringRef> Fields, size_t Index) {
  CaseArg A;
  A.ArgKind = CaseArg::Buffer;
  A.Seed = Index;
  Expected<ElementType> T = parseType(Fields[1]);
  if (!T)
    return T.takeError();
  A.Type = *T;
  if (Fields[2].getAsInteger(10, A.Count) || A.Count == 0)
    return caseError("buffer count '" + Fields[2] +
                     "' is not a positive integer");
  if (Error E = checkBufferSize(A, "argument " + Twine(Index)))
    return std::move(E);
  for (StringRef Field : Fields.drop_front(3)) {
    auto [Name, Value] = Field.split('=');
    if (Field == "out") {
      A.Output = true;
    } else if (Field == "zero" || Field == "iota") {
      A.Init = Field == "zero" ? InitKind::Zero : InitKind::Iota;
    } else if (Name == "const") {
      A.Init = InitKind::Const;
      Expected<CaseValue> V = parseNumber(Value);
      if (!V)
        return V.takeError();
      A.Value = *V;
    } else if (Name == "random") {
      A.Init = InitKind::Random;
      if (!Value.empty() && Value.getAsInteger(0, A.Seed))
        return caseError("random seed '" + Value + "' is not an integer");
    } else {
      return caseError("unknown buffer field '" + Field + "'");
    }
  }
  return A;
}

Expected<CaseArg> parseArgSpec(StringRef Spec, size_t Index) {
  SmallVector<StringRef, 6> Fields;
  Spec.split(Fields, ':');
  if (Fields[0] == "buffer" && Fields.size() >= 3)
    return parseBufferSpec(Fields, Index);
  CaseArg A;
  if (Fields[0] == "scalar" && Fields.size() == 3) {
    A.ArgKind = CaseArg::Scalar;
    Expected<ElementType> T = parseType(Fields[1]);
    if (!T)
      return T.takeError();
    A.Type = *T;
    Expected<CaseValue> V = parseNumber(Fields[2]);
    if (!V)
      return V.takeError();
    A.Value = *V;
    return A;
  }
  if (Fields[0] == "local" && Fields.size() == 2) {
    A.ArgKind = CaseArg::Local;
    if (Fields[1].getAsInteger(10, A.LocalBytes) || A.LocalBytes == 0)
      return caseError("local size '" + Fields[1] +
                       "' is not a positive integer");
    return A;
  }
  return caseError("argument '" + Spec +
                   "' is none of buffer:TYPE:COUNT[:INIT][:out], "
                   "scalar:TYPE:VALUE, local:BYTES");
}

} // namespace

Expected<KernelCase> kernelCaseFromCommandLine(StringRef Kernel,
                                               StringRef Global,
                                               StringRef Local,
                                               ArrayRef<std::string> Args) {
  KernelCase C;
  C.Name = C.Kernel = Kernel.str();
  Expected<std::vector<uint64_t>> GlobalSizes = parseSizeList(Global, "global");
  if (!GlobalSizes)
    return GlobalSizes.takeError();
  C.Global = *GlobalSizes;
  if (!Local.empty()) {
    Expected<std::vector<uint64_t>> LocalSizes = parseSizeList(Local, "local");
    if (!LocalSizes)
      return LocalSizes.takeError();
    if (LocalSizes->size() != C.Global.size())
      return caseError("--local and --global have different lengths");
    C.Local = *LocalSizes;
  }
  for (size_t I = 0; I < Args.size(); ++I) {
    Expected<CaseArg> A = parseArgSpec(Args[I], I);
    if (!A)
      return A.takeError();
    C.Args.push_back(*A);
  }
  return C;
}

Expected<std::vector<uint8_t>> makeInitialContents(const CaseArg &A) {
  size_t Size = elementSize(A.Type);
  std::vector<uint8_t> Bytes(A.Count * Size, 0);
  switch (A.Init) {
  case InitKind::Zero:
    break;
  case InitKind::Iota:
    for (uint64_t I = 0; I < A.Count; ++I) {
      CaseValue V;
      V.IsInteger = !isFloating(A.Type);
      V.Unsigned = I;
      V.Signed = static_cast<int64_t>(I);
      V.Real = static_cast<double>(I);
      if (V.IsInteger)
        std::memcpy(&Bytes[I * Size], &V.Unsigned, Size); // Keeps the low bits.
      else if (Error E = storeValue(A.Type, V, &Bytes[I * Size]))
        return std::move(E);
    }
    break;
  case InitKind::Const:
    for (uint64_t I = 0; I < A.Count; ++I)
      if (Error E = storeValue(A.Type, A.Value, &Bytes[I * Size]))
        return std::move(E);
    break;
  case InitKind::Random:
    if (Error E = fillRandom(A, A.Seed, Bytes))
      return std::move(E);
    break;
  }
  return Bytes;
}

Expected<std::vector<uint8_t>> makeScalarBytes(const CaseArg &A) {
  std::vector<uint8_t> Bytes(elementSize(A.Type));
  if (Error E = storeValue(A.Type, A.Value, Bytes.data()))
    return std::move(E);
  return Bytes;
}

} // namespace loom
