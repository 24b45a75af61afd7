//===- metadata/kernel_descriptor.h - Kernel descriptors -------*- C++ -*-===//
///
/// \file
/// The kernel descriptors a binary carries in its LOOM_DESCRIPTOR_SECTION:
/// what the driver needs to know to launch each kernel without LLVM. The
/// compiler builds a ProgramDescriptor and serializes it with
/// writeProgramDescriptor; the driver parses untrusted bytes with
/// readProgramDescriptor, which validates everything and never reads out of
/// bounds. The byte format (little-endian, versioned, length-prefixed) is
/// specified in doc/kernel-abi.md.
///
//===----------------------------------------------------------------------===//

#ifndef METADATA_KERNEL_DESCRIPTOR_H
#define METADATA_KERNEL_DESCRIPTOR_H

#include "cargo/expected.h"
#include "metadata/abi.h"
#include "metadata/image.h"
#include "metadata/sub_groups.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace loom {
namespace metadata {

/// The format of the descriptor bytes (not the kernel ABI, which is
/// LOOM_ABI_VERSION).
constexpr uint32_t DescriptorFormatVersion = 9;
constexpr uint32_t DescriptorMagic = 0x444b4d4c; // "LMKD"

enum class ArgKind : uint8_t {
  GlobalBuffer = LOOM_ARG_GLOBAL_BUFFER,
  ConstantBuffer = LOOM_ARG_CONSTANT_BUFFER,
  LocalBuffer = LOOM_ARG_LOCAL_BUFFER,
  Scalar = LOOM_ARG_SCALAR,
  StructByValue = LOOM_ARG_STRUCT_BY_VALUE,
  Image = LOOM_ARG_IMAGE,
  Sampler = LOOM_ARG_SAMPLER,
};

const char *argKindName(ArgKind Kind);

/// How a kernel may use an image argument (its access qualifier; OpenCL's
/// cl_kernel_arg_access_qualifier names the same four). Arguments that are
/// not images have None.
enum class ArgAccess : uint8_t {
  None = 0,
  ReadOnly = 1,
  WriteOnly = 2,
  ReadWrite = 3,
};

/// OpenCL C's name of \p Access (`read_only`), or "none".
const char *argAccessName(ArgAccess Access);

/// The loom_image_type (metadata/image.h) OpenCL C's type \p Name is
/// (`image2d_t`), or 0 when it is no image type Loom has.
uint8_t imageTypeNamed(const std::string &Name);

/// The qualifiers of an argument's type as the source wrote them, as bits
/// of ArgDescriptor::TypeQualifiers (OpenCL's cl_kernel_arg_type_qualifier
/// has the same values).
enum ArgTypeQualifier : uint8_t {
  ArgTypeConst = 1,
  ArgTypeRestrict = 2,
  ArgTypeVolatile = 4,
  ArgTypePipe = 8,
};
constexpr uint8_t AllArgTypeQualifiers =
    ArgTypeConst | ArgTypeRestrict | ArgTypeVolatile | ArgTypePipe;

struct ArgDescriptor {
  ArgKind Kind = ArgKind::Scalar;
  /// OpenCL address space of a pointer argument (1 global, 2 constant,
  /// 3 local), 0 otherwise.
  uint8_t AddressSpace = 0;
  /// Bytes the argument takes in the packed arguments.
  uint32_t Size = 0;
  uint32_t Alignment = 1;
  /// Offset in the packed arguments.
  uint32_t Offset = 0;
  /// The type as the source wrote it (`float*`, `int4`), or empty.
  std::string TypeName;
  /// For a global buffer, nonzero when the kernel does nothing with it but
  /// atomic additions of integers this many bytes wide (1, 2, 4 or 8) whose
  /// results it does not use: an accumulator, which a driver may privatize
  /// (doc/kernel-abi.md).
  uint8_t AccumulatorBytes = 0;
  /// ArgTypeQualifier bits: the qualifiers of the type as the source wrote
  /// them.
  uint8_t TypeQualifiers = 0;
  /// The argument's name in the source: kept only when the program was
  /// compiled with -cl-kernel-arg-info, else empty.
  std::string Name;
  /// For an image, its access qualifier and loom_image_type; None and 0
  /// for the other kinds.
  ArgAccess Access = ArgAccess::None;
  uint8_t ImageType = 0;

  bool operator==(const ArgDescriptor &O) const {
    return Kind == O.Kind && AddressSpace == O.AddressSpace && Size == O.Size &&
           Alignment == O.Alignment && Offset == O.Offset &&
           TypeName == O.TypeName && AccumulatorBytes == O.AccumulatorBytes &&
           TypeQualifiers == O.TypeQualifiers && Name == O.Name &&
           Access == O.Access && ImageType == O.ImageType;
  }
};

struct KernelDescriptor {
  std::string Name;
  std::string EntrySymbol;
  std::vector<ArgDescriptor> Args;
  uint32_t PackedArgsSize = 0;
  /// All zero when the kernel has no reqd_work_group_size.
  std::array<uint32_t, 3> RequiredWorkGroupSize = {0, 0, 0};
  std::array<uint32_t, 3> WorkGroupSizeHint = {0, 0, 0};
  uint64_t LocalMemoryBytes = 0;
  uint32_t VectorizationWidth = 1;
  /// The work-items of a full sub-group: the lanes of the vector kernel
  /// whose lanes are the sub-groups, else 1 (metadata/sub_groups.h).
  uint32_t SubGroupSize = 1;
  /// The stack a work-group needs on the thread running it: StackBytes
  /// (the entry point's private memory, its own and its callees', and the
  /// fixed part of its live state) plus StackBytesPerWorkItem (the values
  /// each work-item keeps live across barriers) for each work-item.
  uint64_t StackBytes = 0;
  uint64_t StackBytesPerWorkItem = 0;
  /// The loom_work_group_info_layout the entry point expects.
  uint32_t WorkGroupInfoLayout = LOOM_WORK_GROUP_INFO_REFERENCE;
  /// The type of the kernel's vec_type_hint attribute as OpenCL C spells
  /// it (`float4`), or empty.
  std::string VecTypeHint;

  bool operator==(const KernelDescriptor &O) const {
    return Name == O.Name && EntrySymbol == O.EntrySymbol && Args == O.Args &&
           PackedArgsSize == O.PackedArgsSize &&
           RequiredWorkGroupSize == O.RequiredWorkGroupSize &&
           WorkGroupSizeHint == O.WorkGroupSizeHint &&
           LocalMemoryBytes == O.LocalMemoryBytes &&
           VectorizationWidth == O.VectorizationWidth &&
           SubGroupSize == O.SubGroupSize && StackBytes == O.StackBytes &&
           StackBytesPerWorkItem == O.StackBytesPerWorkItem &&
           WorkGroupInfoLayout == O.WorkGroupInfoLayout &&
           VecTypeHint == O.VecTypeHint;
  }
};

struct ProgramDescriptor {
  uint32_t AbiVersion = LOOM_ABI_VERSION;
  std::string TargetName;
  std::string CPUName;
  std::string CPUFeatures;
  /// The bytes the program's variables in the global address space take
  /// (program-scope and `static` ones): OpenCL's
  /// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE.
  uint64_t GlobalVariableBytes = 0;
  std::vector<KernelDescriptor> Kernels;

  const KernelDescriptor *findKernel(const std::string &Name) const;

  bool operator==(const ProgramDescriptor &O) const {
    return AbiVersion == O.AbiVersion && TargetName == O.TargetName &&
           CPUName == O.CPUName && CPUFeatures == O.CPUFeatures &&
           GlobalVariableBytes == O.GlobalVariableBytes && Kernels == O.Kernels;
  }
};

std::vector<uint8_t> writeProgramDescriptor(const ProgramDescriptor &Program);

/// Parses and validates descriptor bytes. The error says what is wrong and
/// at which byte offset.
cargo::expected<ProgramDescriptor, std::string>
readProgramDescriptor(const void *Data, size_t Size);

} // namespace metadata
} // namespace loom

#endif // METADATA_KERNEL_DESCRIPTOR_H
