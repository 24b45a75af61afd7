//===- KernelCase.h - Kernel cases, as ../shared/peer/CASES.md -*- C++ -*-===//
///
/// \file
/// Reads a kernel case (one launch described in JSON) strictly: unknown or
/// duplicate keys, wrong types and out-of-range values are errors naming
/// the key. makeInitialContents produces each buffer's bytes by the format's
/// rules (zero, iota, const, splitmix64 random), bit for bit as pocl_run does.
///
//===----------------------------------------------------------------------===//

#ifndef TOOLS_LOOMRUN_KERNELCASE_H
#define TOOLS_LOOMRUN_KERNELCASE_H

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loom {

enum class ElementType {
  Char,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  Float,
  Double
};

size_t elementSize(ElementType T);

/// The largest buffer a case may ask for: its initial contents are made on
/// the host, and a larger count is a mistake, not a workload.
constexpr uint64_t MaxBufferBytes = uint64_t(4) << 30;

/// A number from the case: integers stay exact, the rest is a double.
struct CaseValue {
  bool IsInteger = false;
  int64_t Signed = 0;
  uint64_t Unsigned = 0;
  bool IsUnsigned = false;
  double Real = 0;
};

enum class InitKind { Zero, Iota, Const, Random };

struct CaseArg {
  enum Kind { Buffer, Scalar, Local, Image, Sampler } ArgKind = Buffer;
  ElementType Type = ElementType::Int;
  uint64_t Count = 0;
  InitKind Init = InitKind::Zero;
  CaseValue Value;
  uint64_t Seed = 0;
  std::optional<std::array<CaseValue, 2>> Range;
  bool Output = false;
  uint64_t LocalBytes = 0;
  /// An image's type, channel order and channel type (metadata/image.h's
  /// values, which are OpenCL's) and its texels along each axis (width,
  /// then height or layers, then depth or layers); its texels are Count
  /// channels of Type, made as a buffer's contents are, packed.
  uint32_t ImageType = 0;
  uint32_t ChannelOrder = 0;
  uint32_t ChannelType = 0;
  std::array<uint64_t, 3> ImageSize = {1, 1, 1};
  /// A sampler's LOOM_SAMPLER_* bits.
  uint32_t SamplerBits = 0;
};

struct KernelCase {
  std::string Name;
  std::string SourcePath;
  std::string Kernel;
  std::string BuildOptions;
  std::vector<uint64_t> Global;
  std::optional<std::vector<uint64_t>> Local;
  std::vector<CaseArg> Args;
  unsigned Repeat = 20;
};

/// Parses the case file at \p Path; the source path is made absolute.
llvm::Expected<KernelCase> readKernelCase(llvm::StringRef Path);

/// Parses case \p Text, as read from \p Path (for messages, and the folder
/// the source path is relative to).
llvm::Expected<KernelCase> parseKernelCase(llvm::StringRef Text,
                                           llvm::StringRef Path);

/// A case from the command line: kernel \p Kernel over \p Global (and
/// \p Local, or empty for implementation-chosen), sizes comma-separated,
/// with one \p Args entry per argument (images and samplers only in a
/// case file):
///   buffer:TYPE:COUNT[:zero|iota|const=V|random[=SEED]][:out]
///   scalar:TYPE:VALUE
///   local:BYTES
llvm::Expected<KernelCase>
kernelCaseFromCommandLine(llvm::StringRef Kernel, llvm::StringRef Global,
                          llvm::StringRef Local,
                          llvm::ArrayRef<std::string> Args);

/// The bytes of a buffer argument at the start of each launch.
llvm::Expected<std::vector<uint8_t>> makeInitialContents(const CaseArg &Arg);

/// The bytes of a scalar argument.
llvm::Expected<std::vector<uint8_t>> makeScalarBytes(const CaseArg &Arg);

} // namespace loom

#endif // TOOLS_LOOMRUN_KERNELCASE_H
