//===- KernelMetadata.cpp - Loom's kernel metadata ------------------------===//
///
/// \file
/// Accessors for the kernel attributes and metadata of doc/compiler-spec.md.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/KernelMetadata.h"

#include "metadata/kernel_descriptor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {
constexpr const char *KernelAttr = "mux-kernel";
constexpr const char *EntryPointValue = "entry-point";
constexpr const char *KernelValue = "kernel";
constexpr const char *OrigFnAttr = "mux-orig-fn";
constexpr const char *KernelPieceAttr = "mux-kernel-piece";
constexpr const char *LocalMemAttr = "mux-local-mem-usage";
constexpr const char *VectorWidthAttr = "mux-vectorize-width";
constexpr const char *SubGroupSizeAttr = "mux-sub-group-size";
constexpr const char *PackedArgsAttr = "mux-packed-args";
constexpr const char *StackPerGroupAttr = "mux-stack-per-work-group";
constexpr const char *StackPerItemAttr = "mux-stack-per-work-item";
constexpr const char *ReqdWGSizeMD = "mux_reqd_wg_size";
constexpr const char *WGSizeHintMD = "mux_wg_size_hint";
constexpr const char *VecTypeHintMD = "mux_vec_type_hint";
constexpr const char *ArgTypesMD = "mux_arg_types";
constexpr const char *ArgTypeQualsMD = "mux_arg_type_quals";
constexpr const char *ArgNamesMD = "mux_arg_names";
constexpr const char *ArgBaseTypesMD = "mux_arg_base_types";
constexpr const char *ArgAccessQualsMD = "mux_arg_access_quals";
constexpr const char *AccumulatorArgsMD = "mux_accumulator_args";
constexpr const char *ScheduledFnMD = "mux_scheduled_fn";
constexpr const char *VectorVariantMD = "mux_vector_variant";
constexpr const char *TailVariantMD = "mux_tail_variant";
constexpr const char *RequiredSubGroupSizeMD = "intel_reqd_sub_group_size";

uint64_t getIntegerAttr(const Function &F, StringRef Kind, uint64_t Default) {
  Attribute A = F.getFnAttribute(Kind);
  uint64_t Value;
  if (!A.isStringAttribute() || A.getValueAsString().getAsInteger(10, Value))
    return Default;
  return Value;
}

void setSizeTriple(Function &F, StringRef Kind, std::array<uint32_t, 3> Size) {
  LLVMContext &Ctx = F.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Metadata *Ops[3];
  for (unsigned I = 0; I < 3; ++I)
    Ops[I] = ConstantAsMetadata::get(ConstantInt::get(I32, Size[I]));
  F.setMetadata(Kind, MDNode::get(Ctx, Ops));
}
} // namespace

bool isKernel(const Function &F) { return F.hasFnAttribute(KernelAttr); }

bool isKernelEntryPoint(const Function &F) {
  return F.getFnAttribute(KernelAttr).getValueAsString() == EntryPointValue;
}

void setIsKernel(Function &F) { F.addFnAttr(KernelAttr, KernelValue); }

void clearIsKernel(Function &F) { F.removeFnAttr(KernelAttr); }

void setIsKernelEntryPoint(Function &F) {
  F.addFnAttr(KernelAttr, EntryPointValue);
}

bool isKernelPiece(const Function &F) {
  return F.hasFnAttribute(KernelPieceAttr);
}

void setIsKernelPiece(Function &F) { F.addFnAttr(KernelPieceAttr); }

SmallVector<Function *, 4> getKernelEntryPoints(Module &M) {
  SmallVector<Function *, 4> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && isKernelEntryPoint(F))
      Kernels.push_back(&F);
  return Kernels;
}

StringRef getOrigFnName(const Function &F) {
  Attribute A = F.getFnAttribute(OrigFnAttr);
  return A.isStringAttribute() ? A.getValueAsString() : F.getName();
}

void setOrigFnName(Function &F, StringRef Name) {
  F.addFnAttr(OrigFnAttr, Name);
}

std::optional<std::array<uint32_t, 3>> readSizeTriple(const Function &F,
                                                      StringRef Kind) {
  MDNode *N = F.getMetadata(Kind);
  if (!N || N->getNumOperands() != 3)
    return std::nullopt;
  std::array<uint32_t, 3> Size;
  for (unsigned I = 0; I < 3; ++I) {
    auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(I));
    if (!C)
      return std::nullopt;
    Size[I] = static_cast<uint32_t>(C->getZExtValue());
  }
  return Size;
}

std::optional<std::array<uint32_t, 3>> getReqdWorkGroupSize(const Function &F) {
  return readSizeTriple(F, ReqdWGSizeMD);
}

void setReqdWorkGroupSize(Function &F, std::array<uint32_t, 3> Size) {
  setSizeTriple(F, ReqdWGSizeMD, Size);
}

Type *getVecTypeHint(const Function &F) {
  MDNode *N = F.getMetadata(VecTypeHintMD);
  if (!N || N->getNumOperands() < 1)
    return nullptr;
  auto *Hint = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0).get());
  return Hint ? Hint->getType() : nullptr;
}

StringRef getOpenCLScalarName(Type *T) {
  if (T->isHalfTy())
    return "half";
  if (T->isFloatTy())
    return "float";
  if (T->isDoubleTy())
    return "double";
  switch (T->isIntegerTy() ? T->getIntegerBitWidth() : 0) {
  case 8:
    return "char";
  case 16:
    return "short";
  case 32:
    return "int";
  case 64:
    return "long";
  default:
    return "";
  }
}

std::string getVecTypeHintName(const Function &F) {
  Type *Hint = getVecTypeHint(F);
  if (!Hint)
    return {};
  auto *Vector = dyn_cast<FixedVectorType>(Hint);
  Type *Element = Vector ? Vector->getElementType() : Hint;
  std::string Name = getOpenCLScalarName(Element).str();
  if (Name.empty())
    return {};
  // The hint's second operand says whether an integer type is signed.
  MDNode *N = F.getMetadata(VecTypeHintMD);
  auto *Signed =
      N->getNumOperands() > 1
          ? mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(1))
          : nullptr;
  if (Element->isIntegerTy() && Signed && Signed->isZero())
    Name = "u" + Name;
  if (Vector)
    Name += std::to_string(Vector->getNumElements());
  return Name;
}

std::optional<std::array<uint32_t, 3>> getWorkGroupSizeHint(const Function &F) {
  return readSizeTriple(F, WGSizeHintMD);
}

void setWorkGroupSizeHint(Function &F, std::array<uint32_t, 3> Size) {
  setSizeTriple(F, WGSizeHintMD, Size);
}

/// The strings of metadata \p Kind of \p F, one per operand, empty where an
/// operand is not a string.
SmallVector<std::string, 8> getStrings(const Function &F, StringRef Kind) {
  SmallVector<std::string, 8> Strings;
  if (MDNode *N = F.getMetadata(Kind))
    for (const MDOperand &Op : N->operands()) {
      auto *String = dyn_cast_or_null<MDString>(Op.get());
      Strings.push_back(String ? String->getString().str() : std::string());
    }
  return Strings;
}

SmallVector<std::string, 8> getArgTypeNames(const Function &F) {
  return getStrings(F, ArgTypesMD);
}

SmallVector<uint8_t, 8> getArgTypeQualifiers(const Function &F) {
  SmallVector<uint8_t, 8> Qualifiers;
  for (const std::string &Words : getStrings(F, ArgTypeQualsMD)) {
    SmallVector<StringRef, 4> Split;
    StringRef(Words).split(Split, ' ', -1, /*KeepEmpty=*/false);
    uint8_t Bits = 0;
    for (StringRef Word : Split)
      Bits |= StringSwitch<uint8_t>(Word)
                  .Case("const", loom::metadata::ArgTypeConst)
                  .Case("restrict", loom::metadata::ArgTypeRestrict)
                  .Case("volatile", loom::metadata::ArgTypeVolatile)
                  .Case("pipe", loom::metadata::ArgTypePipe)
                  .Default(0);
    Qualifiers.push_back(Bits);
  }
  return Qualifiers;
}

SmallVector<std::string, 8> getArgNames(const Function &F) {
  return getStrings(F, ArgNamesMD);
}

SmallVector<std::string, 8> getArgBaseTypeNames(const Function &F) {
  return getStrings(F, ArgBaseTypesMD);
}

SmallVector<loom::metadata::ArgAccess, 8>
getArgAccessQualifiers(const Function &F) {
  using loom::metadata::ArgAccess;
  SmallVector<ArgAccess, 8> Access;
  for (const std::string &Word : getStrings(F, ArgAccessQualsMD))
    Access.push_back(StringSwitch<ArgAccess>(Word)
                         .Case("read_only", ArgAccess::ReadOnly)
                         .Case("write_only", ArgAccess::WriteOnly)
                         .Case("read_write", ArgAccess::ReadWrite)
                         .Default(ArgAccess::None));
  return Access;
}

void transferOpenCLArgInfo(Function &F) {
  static const std::pair<const char *, const char *> Names[] = {
      {"kernel_arg_type", ArgTypesMD},
      {"kernel_arg_type_qual", ArgTypeQualsMD},
      {"kernel_arg_name", ArgNamesMD},
      {"kernel_arg_base_type", ArgBaseTypesMD},
      {"kernel_arg_access_qual", ArgAccessQualsMD}};
  for (auto [OpenCL, Loom] : Names)
    if (MDNode *N = F.getMetadata(OpenCL))
      F.setMetadata(Loom, N);
}

SmallVector<unsigned, 8> getAccumulatorArgBytes(const Function &F) {
  SmallVector<unsigned, 8> Bytes;
  if (MDNode *N = F.getMetadata(AccumulatorArgsMD))
    for (const MDOperand &Op : N->operands()) {
      auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op.get());
      Bytes.push_back(C ? static_cast<unsigned>(C->getZExtValue()) : 0);
    }
  return Bytes;
}

void setAccumulatorArgBytes(Function &F, ArrayRef<unsigned> Bytes) {
  if (all_of(Bytes, [](unsigned B) { return B == 0; })) {
    F.setMetadata(AccumulatorArgsMD, nullptr);
    return;
  }
  LLVMContext &Ctx = F.getContext();
  SmallVector<Metadata *, 8> Ops;
  for (unsigned B : Bytes)
    Ops.push_back(
        ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), B)));
  F.setMetadata(AccumulatorArgsMD, MDNode::get(Ctx, Ops));
}

uint64_t getLocalMemoryUsage(const Function &F) {
  return getIntegerAttr(F, LocalMemAttr, 0);
}

void setLocalMemoryUsage(Function &F, uint64_t Bytes) {
  F.addFnAttr(LocalMemAttr, utostr(Bytes));
}

uint32_t getVectorizationWidth(const Function &F) {
  return static_cast<uint32_t>(getIntegerAttr(F, VectorWidthAttr, 1));
}

void setVectorizationWidth(Function &F, uint32_t Width) {
  F.addFnAttr(VectorWidthAttr, utostr(Width));
}

uint32_t getSubGroupSize(const Function &F) {
  return static_cast<uint32_t>(getIntegerAttr(F, SubGroupSizeAttr, 1));
}

void setSubGroupSize(Function &F, uint32_t Size) {
  F.addFnAttr(SubGroupSizeAttr, utostr(Size));
}

std::optional<uint32_t> getRequiredSubGroupSize(const Function &F) {
  const MDNode *Required = F.getMetadata(RequiredSubGroupSizeMD);
  if (!Required || Required->getNumOperands() != 1)
    return std::nullopt;
  auto *Size = mdconst::dyn_extract<ConstantInt>(Required->getOperand(0));
  if (!Size)
    return std::nullopt;
  return static_cast<uint32_t>(Size->getLimitedValue(UINT32_MAX));
}

WorkGroupStack getWorkGroupStack(const Function &F) {
  return {getIntegerAttr(F, StackPerGroupAttr, 0),
          getIntegerAttr(F, StackPerItemAttr, 0)};
}

void setWorkGroupStack(Function &F, WorkGroupStack Stack) {
  F.addFnAttr(StackPerGroupAttr, utostr(Stack.Fixed));
  F.addFnAttr(StackPerItemAttr, utostr(Stack.PerWorkItem));
}

SmallVector<Function *, 4> VectorVariant::getOtherVariants() const {
  SmallVector<Function *, 4> Others;
  for (Function *F : {Jammed, Wide, WideJammed, Tail})
    if (F)
      Others.push_back(F);
  return Others;
}

SmallVector<Function *, 4> VectorVariant::getFunctions() const {
  SmallVector<Function *, 4> Functions{Vector};
  append_range(Functions, getOtherVariants());
  return Functions;
}

std::optional<VectorVariant> getVectorVariant(const Function &Kernel) {
  MDNode *N = Kernel.getMetadata(VectorVariantMD);
  if (!N || !is_contained({2u, 4u, 6u, 8u}, N->getNumOperands()))
    return std::nullopt;
  // A function of the kernel's signature and a count above \p Least.
  auto Read =
      [&](unsigned Op,
          uint64_t Least) -> std::optional<std::pair<Function *, unsigned>> {
    auto *F = mdconst::dyn_extract_or_null<Function>(N->getOperand(Op));
    auto *Count =
        mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(Op + 1));
    if (!F || !Count || Count->getZExtValue() < Least ||
        F->getFunctionType() != Kernel.getFunctionType())
      return std::nullopt;
    return std::make_pair(F, static_cast<unsigned>(Count->getZExtValue()));
  };
  auto Vector = Read(0, 1);
  if (!Vector)
    return std::nullopt;
  VectorVariant Variant{Vector->first, Vector->second};
  if (N->getNumOperands() >= 4)
    if (auto Jammed = Read(2, 2))
      std::tie(Variant.Jammed, Variant.Rows) = *Jammed;
  if (N->getNumOperands() >= 6)
    if (auto Wide = Read(4, 2 * Variant.Width);
        Wide && Wide->second % Variant.Width == 0)
      std::tie(Variant.Wide, Variant.WideWidth) = *Wide;
  if (N->getNumOperands() == 8 && Variant.Jammed && Variant.Wide)
    if (auto WideJammed = Read(6, 2))
      std::tie(Variant.WideJammed, Variant.WideRows) = *WideJammed;
  if (MDNode *Tail = Kernel.getMetadata(TailVariantMD);
      Tail && Tail->getNumOperands() == 1)
    if (auto *F = mdconst::dyn_extract_or_null<Function>(Tail->getOperand(0));
        F && F->getFunctionType() == Kernel.getFunctionType())
      Variant.Tail = F;
  return Variant;
}

void setVectorVariant(Function &Kernel, VectorVariant Variant) {
  LLVMContext &Ctx = Kernel.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  auto Count = [&](unsigned N) {
    return ConstantAsMetadata::get(ConstantInt::get(I32, N));
  };
  SmallVector<Metadata *, 8> Operands = {ValueAsMetadata::get(Variant.Vector),
                                         Count(Variant.Width)};
  bool HasJammed = Variant.Jammed && Variant.Rows > 1;
  bool HasWide = Variant.Wide && Variant.WideWidth > Variant.Width;
  bool HasWideJammed =
      HasJammed && HasWide && Variant.WideJammed && Variant.WideRows > 1;
  if (HasJammed || HasWide) {
    Operands.push_back(HasJammed ? ValueAsMetadata::get(Variant.Jammed)
                                 : nullptr);
    Operands.push_back(Count(HasJammed ? Variant.Rows : 1));
  }
  if (HasWide) {
    Operands.push_back(ValueAsMetadata::get(Variant.Wide));
    Operands.push_back(Count(Variant.WideWidth));
  }
  if (HasWideJammed) {
    Operands.push_back(ValueAsMetadata::get(Variant.WideJammed));
    Operands.push_back(Count(Variant.WideRows));
  }
  Kernel.setMetadata(VectorVariantMD, MDNode::get(Ctx, Operands));
  Kernel.setMetadata(
      TailVariantMD,
      Variant.Tail ? MDNode::get(Ctx, {ValueAsMetadata::get(Variant.Tail)})
                   : nullptr);
}

void clearVectorVariant(Function &Kernel) {
  Kernel.setMetadata(VectorVariantMD, nullptr);
  Kernel.setMetadata(TailVariantMD, nullptr);
}

SmallVector<Function *, 4> getKernelBodies(Function &Kernel) {
  SmallVector<Function *, 4> Bodies{&Kernel};
  if (std::optional<VectorVariant> Variant = getVectorVariant(Kernel))
    append_range(Bodies, Variant->getFunctions());
  return Bodies;
}

StringRef getPackedArgsTypeName(const Function &F) {
  return F.getFnAttribute(PackedArgsAttr).getValueAsString();
}

void setPackedArgsTypeName(Function &F, StringRef Name) {
  F.addFnAttr(PackedArgsAttr, Name);
}

SmallVector<unsigned, 2> getSchedulingParamIndices(const Function &F) {
  SmallVector<unsigned, 2> Indices;
  if (MDNode *N = F.getMetadata(ScheduledFnMD))
    for (const MDOperand &Op : N->operands())
      if (auto *C = mdconst::dyn_extract<ConstantInt>(Op))
        Indices.push_back(static_cast<unsigned>(C->getZExtValue()));
  return Indices;
}

void setSchedulingParamIndices(Function &F, ArrayRef<unsigned> Indices) {
  LLVMContext &Ctx = F.getContext();
  SmallVector<Metadata *, 2> Ops;
  for (unsigned Index : Indices)
    Ops.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(Ctx), Index)));
  F.setMetadata(ScheduledFnMD, MDNode::get(Ctx, Ops));
}

void transferKernelProperties(Function &From, Function &To) {
  setOrigFnName(To, getOrigFnName(From));
  for (StringRef Kind : {LocalMemAttr, VectorWidthAttr, SubGroupSizeAttr,
                         StackPerGroupAttr, StackPerItemAttr})
    if (From.hasFnAttribute(Kind))
      To.addFnAttr(From.getFnAttribute(Kind));
  for (StringRef Kind :
       {ReqdWGSizeMD, WGSizeHintMD, VecTypeHintMD, ArgTypesMD, ArgTypeQualsMD,
        ArgNamesMD, ArgBaseTypesMD, ArgAccessQualsMD, AccumulatorArgsMD})
    if (MDNode *N = From.getMetadata(Kind))
      To.setMetadata(Kind, N);
  if (isKernelEntryPoint(From))
    setIsKernel(From);
  setIsKernelEntryPoint(To);
}

void dropMemoryEffectAttributes(Function &F) {
  for (Attribute::AttrKind Kind :
       {Attribute::ReadNone, Attribute::ReadOnly, Attribute::WriteOnly,
        Attribute::ArgMemOnly, Attribute::InaccessibleMemOnly,
        Attribute::InaccessibleMemOrArgMemOnly})
    F.removeFnAttr(Kind);
}

void dropKernelProperties(Function &F) {
  for (StringRef Kind :
       {KernelAttr, OrigFnAttr, LocalMemAttr, VectorWidthAttr, SubGroupSizeAttr,
        PackedArgsAttr, StackPerGroupAttr, StackPerItemAttr})
    F.removeFnAttr(Kind);
  for (StringRef Kind : {ReqdWGSizeMD, WGSizeHintMD, VecTypeHintMD, ArgTypesMD,
                         ArgTypeQualsMD, ArgNamesMD, ArgBaseTypesMD,
                         ArgAccessQualsMD, AccumulatorArgsMD, ScheduledFnMD})
    F.setMetadata(Kind, nullptr);
}

void markForInlining(Function &F) {
  F.setLinkage(GlobalValue::InternalLinkage);
  F.removeFnAttr(Attribute::NoInline);
  F.removeFnAttr(Attribute::OptimizeNone);
  F.addFnAttr(Attribute::AlwaysInline);
}

void replaceKernelEntryPoint(Function &Kernel, Function &Wrapper) {
  transferKernelProperties(Kernel, Wrapper);
  markForInlining(Kernel);
}

} // namespace utils
} // namespace compiler
