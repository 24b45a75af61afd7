//===- kernel_descriptor.cpp - Kernel descriptor reader and writer --------===//
///
/// \file
/// Serializes ProgramDescriptor to the LOOM_DESCRIPTOR_SECTION bytes and
/// parses them back with full validation. The layout is specified once, in
/// doc/kernel-abi.md ("Kernel descriptors").
///
//===----------------------------------------------------------------------===//

#include "metadata/kernel_descriptor.h"

#include "cargo/byte_io.h"

namespace loom {
namespace metadata {

namespace {

constexpr size_t ArgRecordBytes = 26; // With an empty type name and name.
constexpr uint32_t MaxArgAlignment = 128;

void writeKernel(cargo::ByteWriter &W, const KernelDescriptor &K) {
  size_t LengthAt = W.size();
  W.write<uint32_t>(0);
  W.writeString(K.Name);
  W.writeString(K.EntrySymbol);
  W.write<uint32_t>(K.PackedArgsSize);
  for (uint32_t Size : K.RequiredWorkGroupSize)
    W.write<uint32_t>(Size);
  for (uint32_t Size : K.WorkGroupSizeHint)
    W.write<uint32_t>(Size);
  W.write<uint64_t>(K.LocalMemoryBytes);
  W.write<uint32_t>(K.VectorizationWidth);
  W.write<uint32_t>(K.SubGroupSize);
  W.write<uint64_t>(K.StackBytes);
  W.write<uint64_t>(K.StackBytesPerWorkItem);
  W.write<uint32_t>(K.WorkGroupInfoLayout);
  W.writeString(K.VecTypeHint);
  W.write<uint32_t>(static_cast<uint32_t>(K.Args.size()));
  for (const ArgDescriptor &A : K.Args) {
    W.write<uint8_t>(static_cast<uint8_t>(A.Kind));
    W.write<uint8_t>(A.AddressSpace);
    W.write<uint8_t>(A.AccumulatorBytes);
    W.write<uint8_t>(A.TypeQualifiers);
    W.write<uint8_t>(static_cast<uint8_t>(A.Access));
    W.write<uint8_t>(A.ImageType);
    W.write<uint32_t>(A.Size);
    W.write<uint32_t>(A.Alignment);
    W.write<uint32_t>(A.Offset);
    W.writeString(A.TypeName);
    W.writeString(A.Name);
  }
  W.patch32(LengthAt, static_cast<uint32_t>(W.size() - LengthAt - 4));
}

std::string at(size_t Base, size_t Offset) {
  return " (at byte " + std::to_string(Base + Offset) + ")";
}

bool isValidKind(uint8_t Kind) { return Kind <= LOOM_ARG_SAMPLER; }

bool isPowerOf2(uint32_t V) { return V != 0 && (V & (V - 1)) == 0; }

/// Checks one argument against the kernel's packed-argument block.
std::string validateArg(const ArgDescriptor &A, uint32_t PackedArgsSize) {
  if (!isPowerOf2(A.Alignment) || A.Alignment > MaxArgAlignment)
    return "alignment " + std::to_string(A.Alignment) +
           " is not a power of two up to " + std::to_string(MaxArgAlignment);
  if (A.Offset % A.Alignment != 0)
    return "offset " + std::to_string(A.Offset) + " is not aligned to " +
           std::to_string(A.Alignment);
  if (A.Size == 0 && A.Kind != ArgKind::LocalBuffer)
    return "size is 0";
  if (uint64_t(A.Offset) + A.Size > PackedArgsSize)
    return "offset + size exceeds the packed arguments (" +
           std::to_string(PackedArgsSize) + " bytes)";
  if (A.TypeQualifiers & ~AllArgTypeQualifiers)
    return "unknown type qualifiers " + std::to_string(A.TypeQualifiers);
  if (A.AccumulatorBytes != 0 &&
      (A.Kind != ArgKind::GlobalBuffer || A.AccumulatorBytes > 8 ||
       !isPowerOf2(A.AccumulatorBytes)))
    return "accumulator width " + std::to_string(A.AccumulatorBytes) +
           " is not 1, 2, 4 or 8 bytes of a global buffer";
  bool IsImage = A.Kind == ArgKind::Image;
  if (IsImage != (A.ImageType >= LOOM_IMAGE_1D && A.ImageType <= LOOM_IMAGE_3D))
    return "image type " + std::to_string(A.ImageType) +
           (IsImage ? " is not one of metadata/image.h's"
                    : " given to an argument that is no image");
  if (IsImage == (A.Access == ArgAccess::None))
    return IsImage ? "an image without an access qualifier"
                   : "an access qualifier for an argument that is no image";
  if ((IsImage || A.Kind == ArgKind::Sampler) && A.Size != sizeof(uint64_t))
    return "an image or a sampler takes 8 bytes, not " + std::to_string(A.Size);
  return {};
}

cargo::expected<KernelDescriptor, std::string> readKernel(cargo::ByteReader R,
                                                          size_t Base) {
  KernelDescriptor K;
  K.Name = R.readString(4096);
  K.EntrySymbol = R.readString(4096);
  K.PackedArgsSize = R.read<uint32_t>();
  for (uint32_t &Size : K.RequiredWorkGroupSize)
    Size = R.read<uint32_t>();
  for (uint32_t &Size : K.WorkGroupSizeHint)
    Size = R.read<uint32_t>();
  K.LocalMemoryBytes = R.read<uint64_t>();
  K.VectorizationWidth = R.read<uint32_t>();
  size_t SubGroupSizeAt = R.offset();
  K.SubGroupSize = R.read<uint32_t>();
  K.StackBytes = R.read<uint64_t>();
  K.StackBytesPerWorkItem = R.read<uint64_t>();
  size_t LayoutAt = R.offset();
  K.WorkGroupInfoLayout = R.read<uint32_t>();
  K.VecTypeHint = R.readString(64);
  uint32_t ArgCount = R.read<uint32_t>();
  if (!R.ok())
    return cargo::unexpected("truncated kernel record" +
                             at(Base, R.failureOffset()));
  if (K.Name.empty() || K.EntrySymbol.empty())
    return cargo::unexpected("kernel record with an empty name" + at(Base, 0));
  if (!isPowerOf2(K.SubGroupSize) || K.SubGroupSize > LOOM_MAX_SUB_GROUP_SIZE)
    return cargo::unexpected(
        "kernel '" + K.Name + "' has sub-group size " +
        std::to_string(K.SubGroupSize) + ", not a power of two up to " +
        std::to_string(LOOM_MAX_SUB_GROUP_SIZE) + at(Base, SubGroupSizeAt));
  if (K.WorkGroupInfoLayout > LOOM_WORK_GROUP_INFO_CSA)
    return cargo::unexpected(
        "kernel '" + K.Name + "' has unknown work-group info layout " +
        std::to_string(K.WorkGroupInfoLayout) + at(Base, LayoutAt));
  if (ArgCount > R.remaining() / ArgRecordBytes)
    return cargo::unexpected(
        "kernel '" + K.Name + "' claims " + std::to_string(ArgCount) +
        " arguments, more than its record holds" + at(Base, R.offset()));
  for (uint32_t I = 0; I < ArgCount; ++I) {
    size_t ArgAt = R.offset();
    ArgDescriptor A;
    uint8_t Kind = R.read<uint8_t>();
    A.AddressSpace = R.read<uint8_t>();
    A.AccumulatorBytes = R.read<uint8_t>();
    A.TypeQualifiers = R.read<uint8_t>();
    uint8_t Access = R.read<uint8_t>();
    A.ImageType = R.read<uint8_t>();
    A.Size = R.read<uint32_t>();
    A.Alignment = R.read<uint32_t>();
    A.Offset = R.read<uint32_t>();
    A.TypeName = R.readString(256);
    A.Name = R.readString(256);
    if (!R.ok())
      return cargo::unexpected("truncated argument record" +
                               at(Base, R.failureOffset()));
    if (!isValidKind(Kind))
      return cargo::unexpected("kernel '" + K.Name + "' argument " +
                               std::to_string(I) + " has unknown kind " +
                               std::to_string(Kind) + at(Base, ArgAt));
    A.Kind = static_cast<ArgKind>(Kind);
    if (Access > static_cast<uint8_t>(ArgAccess::ReadWrite))
      return cargo::unexpected("kernel '" + K.Name + "' argument " +
                               std::to_string(I) + " has unknown access " +
                               std::to_string(Access) + at(Base, ArgAt));
    A.Access = static_cast<ArgAccess>(Access);
    std::string Problem = validateArg(A, K.PackedArgsSize);
    if (!Problem.empty())
      return cargo::unexpected("kernel '" + K.Name + "' argument " +
                               std::to_string(I) + ": " + Problem +
                               at(Base, ArgAt));
    K.Args.push_back(A);
  }
  if (R.remaining() != 0)
    return cargo::unexpected("kernel '" + K.Name + "' record has " +
                             std::to_string(R.remaining()) + " trailing bytes" +
                             at(Base, R.offset()));
  return K;
}

} // namespace

const char *argKindName(ArgKind Kind) {
  switch (Kind) {
  case ArgKind::GlobalBuffer:
    return "global buffer";
  case ArgKind::ConstantBuffer:
    return "constant buffer";
  case ArgKind::LocalBuffer:
    return "local buffer";
  case ArgKind::Scalar:
    return "scalar";
  case ArgKind::StructByValue:
    return "struct by value";
  case ArgKind::Image:
    return "image";
  case ArgKind::Sampler:
    return "sampler";
  }
  return "unknown";
}

const char *argAccessName(ArgAccess Access) {
  switch (Access) {
  case ArgAccess::None:
    return "none";
  case ArgAccess::ReadOnly:
    return "read_only";
  case ArgAccess::WriteOnly:
    return "write_only";
  case ArgAccess::ReadWrite:
    return "read_write";
  }
  return "unknown";
}

uint8_t imageTypeNamed(const std::string &Name) {
  static const struct {
    const char *Name;
    uint8_t Type;
  } Types[] = {{"image1d_t", LOOM_IMAGE_1D},
               {"image1d_buffer_t", LOOM_IMAGE_1D_BUFFER},
               {"image1d_array_t", LOOM_IMAGE_1D_ARRAY},
               {"image2d_t", LOOM_IMAGE_2D},
               {"image2d_array_t", LOOM_IMAGE_2D_ARRAY},
               {"image3d_t", LOOM_IMAGE_3D}};
  for (const auto &T : Types)
    if (Name == T.Name)
      return T.Type;
  return 0;
}

const KernelDescriptor *
ProgramDescriptor::findKernel(const std::string &Name) const {
  for (const KernelDescriptor &K : Kernels)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

std::vector<uint8_t> writeProgramDescriptor(const ProgramDescriptor &Program) {
  cargo::ByteWriter W;
  W.write<uint32_t>(DescriptorMagic);
  W.write<uint32_t>(DescriptorFormatVersion);
  W.write<uint32_t>(Program.AbiVersion);
  W.writeString(Program.TargetName);
  W.writeString(Program.CPUName);
  W.writeString(Program.CPUFeatures);
  W.write<uint64_t>(Program.GlobalVariableBytes);
  W.write<uint32_t>(static_cast<uint32_t>(Program.Kernels.size()));
  for (const KernelDescriptor &K : Program.Kernels)
    writeKernel(W, K);
  return W.take();
}

cargo::expected<ProgramDescriptor, std::string>
readProgramDescriptor(const void *Data, size_t Size) {
  cargo::ByteReader R(Data, Size);
  uint32_t Magic = R.read<uint32_t>();
  uint32_t Format = R.read<uint32_t>();
  if (!R.ok() || Magic != DescriptorMagic)
    return cargo::unexpected(
        std::string("not a Loom kernel descriptor section (bad magic number)"));
  if (Format != DescriptorFormatVersion)
    return cargo::unexpected("descriptor format version " +
                             std::to_string(Format) + " is not supported (" +
                             std::to_string(DescriptorFormatVersion) +
                             " expected)");
  ProgramDescriptor P;
  P.AbiVersion = R.read<uint32_t>();
  P.TargetName = R.readString(256);
  P.CPUName = R.readString(256);
  P.CPUFeatures = R.readString(1 << 16);
  P.GlobalVariableBytes = R.read<uint64_t>();
  uint32_t KernelCount = R.read<uint32_t>();
  if (!R.ok())
    return cargo::unexpected("truncated descriptor header" +
                             at(0, R.failureOffset()));
  if (KernelCount > R.remaining() / 4)
    return cargo::unexpected("descriptor claims " +
                             std::to_string(KernelCount) +
                             " kernels, more than the section holds");
  for (uint32_t I = 0; I < KernelCount; ++I) {
    size_t RecordAt = R.offset();
    uint32_t Length = R.read<uint32_t>();
    cargo::ByteReader Record = R.sub(Length);
    if (!R.ok())
      return cargo::unexpected("kernel record " + std::to_string(I) +
                               " runs past the end of the section" +
                               at(0, RecordAt));
    auto Kernel = readKernel(Record, RecordAt + 4);
    if (!Kernel)
      return cargo::unexpected(std::move(Kernel).error());
    if (P.findKernel(Kernel->Name))
      return cargo::unexpected("kernel '" + Kernel->Name +
                               "' is described twice");
    P.Kernels.push_back(std::move(Kernel).value());
  }
  if (R.remaining() != 0)
    return cargo::unexpected(std::to_string(R.remaining()) +
                             " trailing bytes after the last kernel record");
  return P;
}

} // namespace metadata
} // namespace loom
