//===- AddMetadataPass.cpp - Kernel descriptors into the binary -----------===//
///
/// \file
/// See compiler/passes/workgroup/AddMetadataPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/AddMetadataPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/support/PassParams.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/analysis/PrivateMemory.h"
#include "compiler/support/AddressSpaces.h"
#include "metadata/kernel_descriptor.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

#define DEBUG_TYPE "add-metadata"

using namespace llvm;
namespace md = loom::metadata;

namespace compiler {
namespace utils {

namespace {

md::ArgDescriptor describeArg(Type *Ty, const DataLayout &DL, uint64_t Offset) {
  md::ArgDescriptor A;
  A.Offset = static_cast<uint32_t>(Offset);
  A.Size = static_cast<uint32_t>(DL.getTypeAllocSize(Ty));
  A.Alignment = static_cast<uint32_t>(DL.getABITypeAlign(Ty).value());
  if (auto *Ptr = dyn_cast<PointerType>(Ty)) {
    unsigned AS = Ptr->getAddressSpace();
    A.AddressSpace = static_cast<uint8_t>(AS);
    A.Kind = AS == LocalAddressSpace      ? md::ArgKind::LocalBuffer
             : AS == ConstantAddressSpace ? md::ArgKind::ConstantBuffer
                                          : md::ArgKind::GlobalBuffer;
  } else if (Ty->isStructTy() || Ty->isArrayTy()) {
    A.Kind = md::ArgKind::StructByValue;
  } else {
    A.Kind = md::ArgKind::Scalar;
  }
  return A;
}

/// Makes \p A an image or a sampler when the source's type, \p BaseType,
/// is one: both are pointers in the IR, which describeArg took for buffers.
void describeOpaqueArg(md::ArgDescriptor &A, const std::string &BaseType,
                       md::ArgAccess Access) {
  if (uint8_t ImageType = md::imageTypeNamed(BaseType)) {
    A.Kind = md::ArgKind::Image;
    A.ImageType = ImageType;
    A.Access = Access == md::ArgAccess::None ? md::ArgAccess::ReadOnly : Access;
    // An image is a memory object of the global address space, as OpenCL's
    // CL_KERNEL_ARG_ADDRESS_QUALIFIER says.
    A.AddressSpace = GlobalAddressSpace;
  } else if (BaseType == "sampler_t") {
    A.Kind = md::ArgKind::Sampler;
    A.AddressSpace = 0;
  }
}

std::optional<md::KernelDescriptor> describeKernel(Function &Entry) {
  Module &M = *Entry.getParent();
  StructType *Packed =
      StructType::getTypeByName(M.getContext(), getPackedArgsTypeName(Entry));
  if (!Packed)
    return std::nullopt;
  const DataLayout &DL = M.getDataLayout();
  const StructLayout *Layout = DL.getStructLayout(Packed);

  md::KernelDescriptor K;
  K.Name = getOrigFnName(Entry).str();
  K.EntrySymbol = Entry.getName().str();
  K.PackedArgsSize = static_cast<uint32_t>(Layout->getSizeInBytes());
  SmallVector<std::string, 8> TypeNames = getArgTypeNames(Entry);
  SmallVector<uint8_t, 8> TypeQualifiers = getArgTypeQualifiers(Entry);
  SmallVector<std::string, 8> Names = getArgNames(Entry);
  SmallVector<unsigned, 8> AccumulatorBytes = getAccumulatorArgBytes(Entry);
  SmallVector<std::string, 8> BaseTypes = getArgBaseTypeNames(Entry);
  SmallVector<md::ArgAccess, 8> Access = getArgAccessQualifiers(Entry);
  for (unsigned I = 0; I < Packed->getNumElements(); ++I) {
    K.Args.push_back(describeArg(Packed->getElementType(I), DL,
                                 Layout->getElementOffset(I)));
    if (I < BaseTypes.size())
      describeOpaqueArg(K.Args.back(), BaseTypes[I],
                        I < Access.size() ? Access[I] : md::ArgAccess::None);
    if (I < TypeNames.size())
      K.Args.back().TypeName = TypeNames[I];
    if (I < TypeQualifiers.size())
      K.Args.back().TypeQualifiers = TypeQualifiers[I];
    if (I < Names.size())
      K.Args.back().Name = Names[I];
    if (I < AccumulatorBytes.size() &&
        K.Args.back().Kind == md::ArgKind::GlobalBuffer)
      K.Args.back().AccumulatorBytes =
          static_cast<uint8_t>(AccumulatorBytes[I]);
  }
  if (auto Size = getReqdWorkGroupSize(Entry))
    K.RequiredWorkGroupSize = *Size;
  if (auto Size = getWorkGroupSizeHint(Entry))
    K.WorkGroupSizeHint = *Size;
  K.VecTypeHint = getVecTypeHintName(Entry);
  K.LocalMemoryBytes = getLocalMemoryUsage(Entry);
  K.VectorizationWidth = getVectorizationWidth(Entry);
  K.SubGroupSize = getSubGroupSize(Entry);
  WorkGroupStack Stack = getWorkGroupStack(Entry);
  K.StackBytes = getPrivateMemoryBytesWithCallees(Entry) + Stack.Fixed;
  K.StackBytesPerWorkItem = Stack.PerWorkItem;
  return K;
}

/// The bytes the variables of the global address space the module defines
/// take: what the loaded program allocates for them (OpenCL's
/// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE).
uint64_t globalVariableBytes(const Module &M) {
  const DataLayout &DL = M.getDataLayout();
  uint64_t Bytes = 0;
  for (const GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == GlobalAddressSpace && !GV.isDeclaration())
      Bytes += DL.getTypeAllocSize(GV.getValueType());
  return Bytes;
}

/// LLVM's pipeline parser cuts a pipeline's text at every comma, so the
/// features (`+avx2,+fma`) are written there with colons (`+avx2:+fma`).
std::string writeFeaturesForPipeline(StringRef Features) {
  std::string Written = Features.str();
  std::replace(Written.begin(), Written.end(), ',', ':');
  return Written;
}

std::string readFeaturesFromPipeline(StringRef Written) {
  std::string Features = Written.str();
  std::replace(Features.begin(), Features.end(), ':', ',');
  return Features;
}

} // namespace

PreservedAnalyses AddMetadataPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  md::ProgramDescriptor Program;
  Program.TargetName = Opts.TargetName;
  SmallVector<Function *, 4> Entries = getKernelEntryPoints(M);
  for (Function *Entry : Entries) {
    std::optional<md::KernelDescriptor> K = describeKernel(*Entry);
    if (!K) {
      M.getContext().diagnose(DiagnosticInfoUnsupported(
          *Entry, "kernel '" + getOrigFnName(*Entry) +
                      "' has no packed-argument struct: run "
                      "add-kernel-wrapper before add-metadata"));
      continue;
    }
    K->WorkGroupInfoLayout = BI.getWorkGroupInfoLayout();
    Program.Kernels.push_back(std::move(*K));
  }
  Program.CPUName = Opts.CPUName;
  Program.CPUFeatures = Opts.CPUFeatures;
  Program.GlobalVariableBytes = globalVariableBytes(M);

  std::vector<uint8_t> Bytes = md::writeProgramDescriptor(Program);
  Constant *Init = ConstantDataArray::get(M.getContext(), makeArrayRef(Bytes));
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::InternalLinkage, Init,
                                "loom.kernel_descriptors");
  GV->setSection(LOOM_DESCRIPTOR_SECTION);
  GV->setAlignment(Align(8));
  appendToUsed(M, {GV});
  return PreservedAnalyses::none();
}

Expected<AddMetadataPass::Options>
AddMetadataPass::parseOptions(StringRef Params) {
  Options Opts;
  Error E = forEachPassParam(Params, [&](StringRef K, StringRef V) -> Error {
    if (K == "target")
      Opts.TargetName = V.str();
    else if (K == "cpu")
      Opts.CPUName = V.str();
    else if (K == "features")
      Opts.CPUFeatures = readFeaturesFromPipeline(V);
    else
      return unknownPassParam("add-metadata", K);
    return Error::success();
  });
  if (E)
    return std::move(E);
  return Opts;
}

void AddMetadataPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  std::string Params = "target=" + Opts.TargetName;
  if (!Opts.CPUName.empty())
    Params += ";cpu=" + Opts.CPUName;
  if (!Opts.CPUFeatures.empty())
    Params += ";features=" + writeFeaturesForPipeline(Opts.CPUFeatures);
  printPassWithParams(OS, MapClassName2PassName(name()), Params);
}

} // namespace utils
} // namespace compiler
