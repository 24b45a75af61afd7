//===- BuiltinInfo.cpp - What Loom knows about builtins -------------------===//
///
/// \file
/// The default BuiltinInfo: the builtin table expanded from Builtins.def and
/// the reference lowering of the mux builtins onto the work-item and
/// work-group info structs of metadata/abi.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BuiltinInfo.h"

#include "builtins/BuiltinsBitcode.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/AddressSpaces.h"
#include "metadata/abi.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Module.h"

#include <cstddef>

using namespace llvm;
using compiler::utils::getSchedulingParamIndices;
using compiler::utils::LocalAddressSpace;
using compiler::utils::setSchedulingParamIndices;

namespace compiler {

static_assert(offsetof(loom_work_group_info_t, group_id) == 0 &&
                  offsetof(loom_work_group_info_t, num_groups) == 24 &&
                  offsetof(loom_work_group_info_t, global_offset) == 48 &&
                  offsetof(loom_work_group_info_t, local_size) == 72 &&
                  offsetof(loom_work_group_info_t, enqueued_local_size) == 96 &&
                  offsetof(loom_work_group_info_t, global_size) == 120 &&
                  offsetof(loom_work_group_info_t, work_dim) == 144 &&
                  offsetof(loom_work_group_info_t, local_memory) == 152 &&
                  sizeof(loom_work_group_info_t) == 160,
              "MuxWorkGroupInfo below must match loom_work_group_info_t");

namespace {

enum class ValueKind { Void, I32, SizeT, LocalPtr };

struct MuxBuiltinEntry {
  MuxBuiltin ID;
  StringLiteral Name;
  ValueKind Return;
  SmallVector<ValueKind, 2> Params;
  unsigned Properties;
};

#define LOOM_UNPACK(...) __VA_ARGS__
const MuxBuiltinEntry &getEntry(MuxBuiltin B) {
  // The .def names value kinds bare; these make them mean ValueKinds.
  constexpr ValueKind Void = ValueKind::Void, I32 = ValueKind::I32,
                      SizeT = ValueKind::SizeT, LocalPtr = ValueKind::LocalPtr;
  (void)Void;
  (void)I32;
  (void)SizeT;
  (void)LocalPtr;
  static const MuxBuiltinEntry Table[] = {
#define MUX_BUILTIN(ID, Name, Ret, Params, Props)                              \
  {MuxBuiltin::ID, Name, Ret, {LOOM_UNPACK Params}, Props},
#include "compiler/analysis/Builtins.def"
  };
  return Table[static_cast<size_t>(B)];
}
#undef LOOM_UNPACK

Type *getType(ValueKind Kind, LLVMContext &Ctx) {
  switch (Kind) {
  case ValueKind::Void:
    return Type::getVoidTy(Ctx);
  case ValueKind::I32:
    return Type::getInt32Ty(Ctx);
  case ValueKind::SizeT:
    return Type::getInt64Ty(Ctx);
  case ValueKind::LocalPtr:
    return PointerType::get(Ctx, LocalAddressSpace);
  }
  llvm_unreachable("unknown value kind");
}

FunctionType *getBaseSignature(MuxBuiltin B, LLVMContext &Ctx) {
  const MuxBuiltinEntry &E = getEntry(B);
  SmallVector<Type *, 2> Params;
  for (ValueKind Kind : E.Params)
    Params.push_back(getType(Kind, Ctx));
  return FunctionType::get(getType(E.Return, Ctx), Params, false);
}

StructType *getOrCreateStruct(LLVMContext &Ctx, StringRef Name,
                              ArrayRef<Type *> Fields) {
  if (StructType *T = StructType::getTypeByName(Ctx, Name))
    return T;
  return StructType::create(Ctx, Fields, Name);
}

StructType *getWorkItemInfoType(LLVMContext &Ctx) {
  Type *Ids = ArrayType::get(Type::getInt64Ty(Ctx), 3);
  return getOrCreateStruct(Ctx, "MuxWorkItemInfo", {Ids});
}

StructType *getWorkGroupInfoType(LLVMContext &Ctx) {
  Type *Triple = ArrayType::get(Type::getInt64Ty(Ctx), 3);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *Ptr = PointerType::get(Ctx, 0);
  return getOrCreateStruct(
      Ctx, "MuxWorkGroupInfo",
      {Triple, Triple, Triple, Triple, Triple, Triple, I32, I32, Ptr});
}

/// Emits the body of one mux builtin into an empty function that carries the
/// scheduling parameters (work-item info, work-group info) last.
class MuxBuiltinBodyBuilder {
public:
  MuxBuiltinBodyBuilder(const BuiltinInfo &BI, Function &F)
      : BI(BI), F(F), Builder(BasicBlock::Create(F.getContext(), "entry", &F)) {
    if (!getSchedulingParamIndices(F).empty()) {
      unsigned N = F.arg_size();
      WorkItemInfo = F.getArg(N - 2);
      WorkGroupInfo = F.getArg(N - 1);
    }
  }

  void build(MuxBuiltin B);

private:
  Value *dim() { return F.getArg(0); }

  Value *workGroupField(unsigned Field, Value *Dim, uint64_t Default) {
    return BuiltinInfo::emitLoadDimension(Builder,
                                          getWorkGroupInfoType(F.getContext()),
                                          WorkGroupInfo, Field, Dim, Default);
  }

  /// Calls another mux builtin with this function's scheduling parameters.
  Value *call(MuxBuiltin Callee, Value *Dim = nullptr);

  void returnValue(Value *Result) { Builder.CreateRet(Result); }
  void buildSetLocalId();
  /// Field \p Field of the work-group info, a scalar of type \p Ty.
  Value *loadWorkGroupScalar(unsigned Field, Type *Ty, const Twine &Name);
  Value *globalId(Value *Dim);
  Value *localLinearId();
  Value *globalLinearId();
  Value *workItemCount(MuxBuiltin Size);

  const BuiltinInfo &BI;
  Function &F;
  IRBuilder<> Builder;
  Value *WorkItemInfo = nullptr;
  Value *WorkGroupInfo = nullptr;
};

Value *MuxBuiltinBodyBuilder::call(MuxBuiltin Callee, Value *Dim) {
  Module &M = *F.getParent();
  FunctionType *Base = getBaseSignature(Callee, M.getContext());
  SmallVector<Type *, 4> Params(Base->param_begin(), Base->param_end());
  Params.push_back(WorkItemInfo->getType());
  Params.push_back(WorkGroupInfo->getType());
  FunctionType *FT = FunctionType::get(Base->getReturnType(), Params, false);
  FunctionCallee Fn =
      M.getOrInsertFunction(BuiltinInfo::getMuxBuiltinName(Callee), FT);
  if (auto *Decl = dyn_cast<Function>(Fn.getCallee()))
    setSchedulingParamIndices(*Decl,
                              {Base->getNumParams(), Base->getNumParams() + 1});
  SmallVector<Value *, 3> Args;
  if (Dim)
    Args.push_back(Dim);
  Args.push_back(WorkItemInfo);
  Args.push_back(WorkGroupInfo);
  return Builder.CreateCall(Fn, Args);
}

void MuxBuiltinBodyBuilder::build(MuxBuiltin B) {
  switch (B) {
  case MuxBuiltin::SetLocalId:
    return buildSetLocalId();
  case MuxBuiltin::MemBarrier:
  case MuxBuiltin::WorkGroupBarrier:
    // One thread runs a work-group's work-items in program order, so
    // neither orders anything; WorkItemLoopsPass has already turned work-group
    // barriers into region boundaries wherever work-item loops are made.
    Builder.CreateRetVoid();
    return;
  case MuxBuiltin::GetLocalId:
    return returnValue(BuiltinInfo::emitLoadDimension(
        Builder, getWorkItemInfoType(F.getContext()), WorkItemInfo, 0, dim(),
        0));
  case MuxBuiltin::GetGroupId:
    return returnValue(workGroupField(LOOM_WG_GROUP_ID, dim(), 0));
  case MuxBuiltin::GetNumGroups:
    return returnValue(workGroupField(LOOM_WG_NUM_GROUPS, dim(), 1));
  case MuxBuiltin::GetGlobalOffset:
    return returnValue(workGroupField(LOOM_WG_GLOBAL_OFFSET, dim(), 0));
  case MuxBuiltin::GetLocalSize:
    return returnValue(workGroupField(LOOM_WG_LOCAL_SIZE, dim(), 1));
  case MuxBuiltin::GetEnqueuedLocalSize:
    return returnValue(workGroupField(LOOM_WG_ENQUEUED_LOCAL_SIZE, dim(), 1));
  case MuxBuiltin::GetLocalMemory:
    return returnValue(Builder.CreateAddrSpaceCast(
        loadWorkGroupScalar(LOOM_WG_LOCAL_MEMORY, Builder.getPtrTy(), "arena"),
        F.getReturnType()));
  case MuxBuiltin::GetWorkDim:
    return returnValue(
        loadWorkGroupScalar(LOOM_WG_WORK_DIM, Builder.getInt32Ty(), ""));
  case MuxBuiltin::GetLocalMemorySize:
    return returnValue(
        Builder.CreateZExt(loadWorkGroupScalar(LOOM_WG_LOCAL_MEMORY_SIZE,
                                               Builder.getInt32Ty(), ""),
                           Builder.getInt64Ty(), "arena.size"));
  case MuxBuiltin::GetGlobalId:
    return returnValue(globalId(dim()));
  case MuxBuiltin::GetGlobalSize:
    return returnValue(workGroupField(LOOM_WG_GLOBAL_SIZE, dim(), 1));
  case MuxBuiltin::GetLocalLinearId:
    return returnValue(localLinearId());
  case MuxBuiltin::GetGlobalLinearId:
    return returnValue(globalLinearId());
  // Sub-groups of one work-item each, which the code outside vector kernels
  // runs (a vectorizer replaces these in a vector kernel whose lanes are a
  // sub-group).
  case MuxBuiltin::GetSubGroupSize:
  case MuxBuiltin::GetMaxSubGroupSize:
    return returnValue(Builder.getInt32(1));
  case MuxBuiltin::GetSubGroupLocalId:
    return returnValue(Builder.getInt32(0));
  case MuxBuiltin::GetSubGroupId:
    return returnValue(
        Builder.CreateTrunc(localLinearId(), Builder.getInt32Ty()));
  case MuxBuiltin::GetNumSubGroups:
    return returnValue(workItemCount(MuxBuiltin::GetLocalSize));
  case MuxBuiltin::GetEnqueuedNumSubGroups:
    return returnValue(workItemCount(MuxBuiltin::GetEnqueuedLocalSize));
  }
}

/// The product of the three sizes \p Size (a local size builtin) gives, as
/// an i32: the work-items of a work-group, at most LOOM_MAX_WORK_GROUP_ITEMS.
Value *MuxBuiltinBodyBuilder::workItemCount(MuxBuiltin Size) {
  Value *Count = call(Size, Builder.getInt32(0));
  for (unsigned D = 1; D < 3; ++D)
    Count = Builder.CreateMul(Count, call(Size, Builder.getInt32(D)));
  return Builder.CreateTrunc(Count, Builder.getInt32Ty());
}

void MuxBuiltinBodyBuilder::buildSetLocalId() {
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Store = BasicBlock::Create(Ctx, "store", &F);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", &F);
  Builder.CreateCondBr(Builder.CreateICmpULT(dim(), Builder.getInt32(3)), Store,
                       Exit);
  Builder.SetInsertPoint(Store);
  Value *Ptr = Builder.CreateInBoundsGEP(
      getWorkItemInfoType(Ctx), WorkItemInfo,
      {Builder.getInt32(0), Builder.getInt32(0), dim()});
  Builder.CreateStore(F.getArg(1), Ptr);
  Builder.CreateBr(Exit);
  Builder.SetInsertPoint(Exit);
  Builder.CreateRetVoid();
}

Value *MuxBuiltinBodyBuilder::loadWorkGroupScalar(unsigned Field, Type *Ty,
                                                  const Twine &Name) {
  Value *Ptr = Builder.CreateStructGEP(getWorkGroupInfoType(F.getContext()),
                                       WorkGroupInfo, Field);
  return Builder.CreateLoad(Ty, Ptr, Name);
}

/// group * enqueued local size + local id + offset (the groups before this
/// one are whole, even in a non-uniform launch).
Value *MuxBuiltinBodyBuilder::globalId(Value *Dim) {
  Value *Group = call(MuxBuiltin::GetGroupId, Dim);
  Value *Size = call(MuxBuiltin::GetEnqueuedLocalSize, Dim);
  Value *Local = call(MuxBuiltin::GetLocalId, Dim);
  Value *Offset = call(MuxBuiltin::GetGlobalOffset, Dim);
  return Builder.CreateAdd(
      Builder.CreateAdd(Builder.CreateMul(Group, Size), Local), Offset);
}

/// lid0 + ls0 * (lid1 + ls1 * lid2).
Value *MuxBuiltinBodyBuilder::localLinearId() {
  Value *Linear = call(MuxBuiltin::GetLocalId, Builder.getInt32(2));
  for (int D = 1; D >= 0; --D) {
    Value *Size = call(MuxBuiltin::GetLocalSize, Builder.getInt32(D));
    Value *Local = call(MuxBuiltin::GetLocalId, Builder.getInt32(D));
    Linear = Builder.CreateAdd(Builder.CreateMul(Linear, Size), Local);
  }
  return Linear;
}

/// Like the local linear id, over global ids relative to the offset.
Value *MuxBuiltinBodyBuilder::globalLinearId() {
  auto Relative = [&](int D) {
    Value *Id = call(MuxBuiltin::GetGlobalId, Builder.getInt32(D));
    Value *Offset = call(MuxBuiltin::GetGlobalOffset, Builder.getInt32(D));
    return Builder.CreateSub(Id, Offset);
  };
  Value *Linear = Relative(2);
  for (int D = 1; D >= 0; --D) {
    Value *Size = call(MuxBuiltin::GetGlobalSize, Builder.getInt32(D));
    Linear = Builder.CreateAdd(Builder.CreateMul(Linear, Size), Relative(D));
  }
  return Linear;
}

} // namespace

BuiltinInfo::~BuiltinInfo() = default;

std::optional<MuxBuiltin> BuiltinInfo::identifyMuxBuiltin(const Function &F) {
  std::optional<MuxBuiltin> B =
      StringSwitch<std::optional<MuxBuiltin>>(F.getName())
#define MUX_BUILTIN(ID, Name, Ret, Params, Props) .Case(Name, MuxBuiltin::ID)
#include "compiler/analysis/Builtins.def"
          .Default(std::nullopt);
  if (!B)
    return std::nullopt;
  FunctionType *Base = getBaseSignature(*B, F.getContext());
  size_t Extra = F.arg_size() >= Base->getNumParams()
                     ? F.arg_size() - Base->getNumParams()
                     : SIZE_MAX;
  bool Matches = F.getReturnType() == Base->getReturnType() &&
                 (Extra == 0 || Extra == getSchedulingParamIndices(F).size());
  for (unsigned I = 0; Matches && I < Base->getNumParams(); ++I)
    Matches = F.getArg(I)->getType() == Base->getParamType(I);
  return Matches ? B : std::nullopt;
}

StringRef BuiltinInfo::getMuxBuiltinName(MuxBuiltin B) {
  return getEntry(B).Name;
}

unsigned BuiltinInfo::getMuxBuiltinProperties(MuxBuiltin B) {
  return getEntry(B).Properties;
}

std::optional<ConstantRange> BuiltinInfo::getMuxBuiltinRange(MuxBuiltin B,
                                                             unsigned Bits) {
  auto Range = [&](uint64_t Lo, uint64_t Hi) {
    return ConstantRange(APInt(Bits, Lo), APInt(Bits, Hi));
  };
  // Every value but 0 (the range wraps).
  auto NonZero = [&] { return Range(1, 0); };
  switch (B) {
  case MuxBuiltin::GetLocalId:
  case MuxBuiltin::GetLocalLinearId:
    return Range(0, LOOM_MAX_WORK_GROUP_ITEMS);
  case MuxBuiltin::GetLocalSize:
  case MuxBuiltin::GetEnqueuedLocalSize:
    return Range(1, uint64_t(LOOM_MAX_WORK_GROUP_ITEMS) + 1);
  case MuxBuiltin::GetWorkDim:
    return Range(1, 4);
  case MuxBuiltin::GetNumGroups:
  case MuxBuiltin::GetGlobalSize:
    return NonZero();
  default:
    return std::nullopt;
  }
}

std::optional<MuxBuiltin>
BuiltinInfo::getMuxBuiltinForOpenCL(StringRef MangledName) {
  return StringSwitch<std::optional<MuxBuiltin>>(MangledName)
#define OPENCL_WORK_ITEM_BUILTIN(Mangled, ID) .Case(Mangled, MuxBuiltin::ID)
#include "compiler/analysis/Builtins.def"
      .Default(std::nullopt);
}

std::optional<SynchronizationBuiltin>
BuiltinInfo::getSynchronizationBuiltin(StringRef MangledName) {
  return StringSwitch<std::optional<SynchronizationBuiltin>>(MangledName)
#define OPENCL_SYNC_BUILTIN(Mangled, ID, HasScope)                             \
  .Case(Mangled, SynchronizationBuiltin{MuxBuiltin::ID, HasScope})
#include "compiler/analysis/Builtins.def"
      .Default(std::nullopt);
}

bool BuiltinInfo::isWorkGroupBarrier(const Function &F) const {
  return identifyMuxBuiltin(F) == MuxBuiltin::WorkGroupBarrier;
}

Function *BuiltinInfo::getOrDeclareMuxBuiltin(MuxBuiltin B, Module &M) const {
  StringRef Name = getMuxBuiltinName(B);
  if (Function *F = M.getFunction(Name))
    return F;
  Function *F = Function::Create(getBaseSignature(B, M.getContext()),
                                 GlobalValue::ExternalLinkage, Name, M);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  unsigned Properties = getMuxBuiltinProperties(B);
  if (Properties & ReadNone)
    F->setDoesNotAccessMemory();
  if (Properties & Barrier) {
    // No optimization may move code across it, or duplicate or merge it.
    F->addFnAttr(Attribute::Convergent);
    F->addFnAttr(Attribute::NoDuplicate);
  }
  return F;
}

Value *BuiltinInfo::emitLoadDimension(IRBuilder<> &Builder,
                                      StructType *InfoType, Value *Info,
                                      unsigned Field, Value *Dim,
                                      uint64_t Default) {
  Type *I64 = Builder.getInt64Ty();
  Value *InRange = Builder.CreateICmpULT(Dim, Builder.getInt32(3));
  Value *Index = Builder.CreateSelect(InRange, Dim, Builder.getInt32(0));
  Value *Ptr = Builder.CreateInBoundsGEP(
      InfoType, Info, {Builder.getInt32(0), Builder.getInt32(Field), Index});
  Value *Loaded = Builder.CreateLoad(I64, Ptr);
  return Builder.CreateSelect(InRange, Loaded, ConstantInt::get(I64, Default));
}

uint32_t BuiltinInfo::getWorkGroupInfoLayout() const {
  return LOOM_WORK_GROUP_INFO_REFERENCE;
}

Value *BuiltinInfo::emitLoadNumGroups(IRBuilder<> &Builder,
                                      Value *WorkGroupInfo,
                                      unsigned Dim) const {
  StructType *InfoType = getWorkGroupInfoType(Builder.getContext());
  Value *Field = Builder.CreateInBoundsGEP(
      InfoType, WorkGroupInfo,
      {Builder.getInt32(0), Builder.getInt32(LOOM_WG_NUM_GROUPS),
       Builder.getInt32(Dim)});
  return Builder.CreateLoad(Builder.getInt64Ty(), Field,
                            "groups." + Twine("xyz"[Dim]));
}

void BuiltinInfo::emitStartWorkGroup(IRBuilder<> &Builder, Value *WorkGroupInfo,
                                     ArrayRef<Value *> GroupIds) const {
  StructType *InfoType = getWorkGroupInfoType(Builder.getContext());
  auto Field = [&](unsigned Field, unsigned D) {
    return Builder.CreateInBoundsGEP(
        InfoType, WorkGroupInfo,
        {Builder.getInt32(0), Builder.getInt32(Field), Builder.getInt32(D)});
  };
  for (unsigned D = 0; D < 3; ++D) {
    Builder.CreateStore(GroupIds[D], Field(LOOM_WG_GROUP_ID, D));
    Value *Enqueued = Builder.CreateLoad(Builder.getInt64Ty(),
                                         Field(LOOM_WG_ENQUEUED_LOCAL_SIZE, D));
    Value *Global =
        Builder.CreateLoad(Builder.getInt64Ty(), Field(LOOM_WG_GLOBAL_SIZE, D));
    Value *Size = emitGroupLocalSize(Builder, GroupIds[D], Enqueued, Global, D);
    Builder.CreateStore(Size, Field(LOOM_WG_LOCAL_SIZE, D));
  }
}

Value *BuiltinInfo::emitGroupLocalSize(IRBuilder<> &Builder, Value *GroupId,
                                       Value *EnqueuedLocalSize,
                                       Value *GlobalSize, unsigned Dim) {
  // The group's first global id, relative to the offset, is below the
  // global size, so the subtraction does not wrap.
  Value *Rest = Builder.CreateSub(
      GlobalSize, Builder.CreateMul(GroupId, EnqueuedLocalSize), "",
      /*HasNUW=*/true);
  return Builder.CreateBinaryIntrinsic(Intrinsic::umin, EnqueuedLocalSize, Rest,
                                       nullptr,
                                       "local.size." + Twine("xyz"[Dim]));
}

bool isOpenMPRuntimeFunction(StringRef Name) {
  return StringSwitch<bool>(Name)
#define LOOM_OPENMP_RUNTIME_FUNCTION(Function) .Case(#Function, true)
#include "metadata/openmp_runtime.def"
      .Default(false);
}

/// An Itanium-mangled free function, `_Z<length><name><parameters>`:
/// `_Z3powff` has name "pow" and parameters "ff".
struct MangledFunction {
  StringRef Name;
  StringRef Params;
};

static std::optional<MangledFunction> splitMangledFunction(StringRef Mangled) {
  StringRef Rest = Mangled;
  unsigned Length;
  if (!Rest.consume_front("_Z") || Rest.consumeInteger(10, Length) ||
      Length == 0 || Rest.size() < Length)
    return std::nullopt;
  return MangledFunction{Rest.take_front(Length), Rest.drop_front(Length)};
}

/// isLanewise of the builtin whose source name is \p Name.
static bool isLanewiseBuiltinName(StringRef Name) {
  return StringSwitch<bool>(Name)
#define OPENCL_NOT_LANEWISE_BUILTIN(Name) .Case(Name, false)
#include "compiler/analysis/Builtins.def"
      .Default(true);
}

bool isLanewise(StringRef MangledName) {
  std::optional<MangledFunction> Function = splitMangledFunction(MangledName);
  return !Function || isLanewiseBuiltinName(Function->Name);
}

bool BuiltinInfo::isDriverRuntimeFunction(StringRef Name) const {
  return Name == LOOM_PARALLEL_MAP_SYMBOL ||
         Name == LOOM_PARALLEL_WORKERS_SYMBOL ||
         Name == LOOM_IS_PRIVATE_ADDRESS_SYMBOL ||
         Name == LOOM_IS_LOCAL_ADDRESS_SYMBOL || isOpenMPRuntimeFunction(Name);
}

/// Itanium mangling of a function whose parameters are all scalar
/// numbers: `_Z3powff` is prefix `_Z3pow`, name "pow", parameters
/// {"f", "f"}.
struct ScalarSignature {
  StringRef Prefix;
  StringRef Name;
  SmallVector<StringRef, 3> Params;
};

static std::optional<ScalarSignature> parseScalarSignature(StringRef Name) {
  std::optional<MangledFunction> Function = splitMangledFunction(Name);
  if (!Function || Function->Params.empty())
    return std::nullopt;
  ScalarSignature Signature;
  Signature.Prefix = Name.drop_back(Function->Params.size());
  Signature.Name = Function->Name;
  StringRef Rest = Function->Params;
  while (!Rest.empty()) {
    // half, then the one-letter builtin types of C's integers and floats.
    size_t Size = Rest.startswith("Dh") ? 2 : 1;
    StringRef Code = Rest.take_front(Size);
    if (Size == 1 && StringRef("cahstijlmfd").find(Code[0]) == StringRef::npos)
      return std::nullopt;
    Signature.Params.push_back(Code);
    Rest = Rest.drop_front(Size);
  }
  return Signature;
}

static bool isFloatingPointCode(StringRef Code) {
  return Code == "f" || Code == "d" || Code == "Dh";
}

/// `Dv<Width>_<T>` for each parameter; a vector type already mangled is
/// referred back to (S_, S0_, S1_, ...), as Itanium substitutions do.
static std::string mangleWidened(const ScalarSignature &Signature,
                                 unsigned Width) {
  std::string Mangled = Signature.Prefix.str();
  SmallVector<StringRef, 3> Seen;
  for (StringRef Code : Signature.Params) {
    const auto *It = find(Seen, Code);
    if (It == Seen.end()) {
      Mangled += "Dv" + std::to_string(Width) + "_" + Code.str();
      Seen.push_back(Code);
      continue;
    }
    size_t Index = It - Seen.begin();
    // Three parameters at most: one base-36 digit is plenty.
    Mangled += Index == 0 ? "S_" : "S" + std::to_string(Index - 1) + "_";
  }
  return Mangled;
}

std::optional<std::string> BuiltinInfo::getVectorBuiltin(StringRef ScalarName,
                                                         unsigned Width) const {
  std::optional<ScalarSignature> Signature = parseScalarSignature(ScalarName);
  if (!Signature || Signature->Params.size() > 3 ||
      !isLanewiseBuiltinName(Signature->Name))
    return std::nullopt;
  std::string Vector = mangleWidened(*Signature, Width);
  if (!isDefinedByBuiltinsLibrary(Vector))
    return std::nullopt;
  return Vector;
}

/// What the builtins library's relaxed-math evaluations are named after
/// (LOOM_RELAXED in builtins/math.h).
static constexpr StringLiteral RelaxedBuiltinPrefix = "__loom_relaxed_";

std::optional<std::string>
BuiltinInfo::getRelaxedBuiltin(StringRef MangledName) const {
  std::optional<MangledFunction> Function = splitMangledFunction(MangledName);
  if (!Function)
    return std::nullopt;
  std::string Name = (RelaxedBuiltinPrefix + Function->Name).str();
  std::string Relaxed =
      "_Z" + std::to_string(Name.size()) + Name + Function->Params.str();
  if (!isDefinedByBuiltinsLibrary(Relaxed))
    return std::nullopt;
  return Relaxed;
}

/// The builtins library's widenable any (LOOM_ANY_WIDENABLE in
/// builtins/builtins.h).
static constexpr StringLiteral WidenableAnyName = "__loom_any_widenable";

bool isWidenableAny(const Function &F) {
  std::optional<MangledFunction> Function = splitMangledFunction(F.getName());
  return Function && Function->Name == WidenableAnyName;
}

std::optional<SubGroupFunction> identifySubGroupFunction(const Function &F) {
  std::optional<MangledFunction> Function = splitMangledFunction(F.getName());
  if (!Function || !(Function->Name.startswith("sub_group_") ||
                     Function->Name.startswith("get_sub_group_")))
    return std::nullopt;
  bool LaneFunction = StringSwitch<bool>(Function->Name)
#define OPENCL_SUB_GROUP_LANE_FUNCTION(Name) .Case(Name, true)
#include "compiler/analysis/Builtins.def"
                          .Default(false);
  if (LaneFunction)
    return std::nullopt;
  auto Listed =
      StringSwitch<
          std::optional<std::pair<SubGroupCollective, SubGroupOperation>>>(
          Function->Name)
#define OPENCL_SUB_GROUP_BUILTIN(Name, Collective, Operation)                  \
  .Case(Name, std::make_pair(SubGroupCollective::Collective,                   \
                             SubGroupOperation::Operation))
#include "compiler/analysis/Builtins.def"
          .Default(std::nullopt);
  SubGroupFunction Result{SubGroupCollective::Other, SubGroupOperation::None,
                          StringRef()};
  if (Listed)
    std::tie(Result.Collective, Result.Operation) = *Listed;
  // The first parameter: a builtin type's code, or a vector of one.
  StringRef Params = Function->Params;
  size_t Length = 0;
  if (Params.startswith("Dv")) {
    size_t Underscore = Params.find('_');
    if (Underscore != StringRef::npos)
      Length = Underscore + 1 +
               (Params.substr(Underscore + 1).startswith("Dh") ? 2 : 1);
  } else if (!Params.empty() && Params != "v") {
    Length = Params.startswith("Dh") ? 2 : 1;
  }
  Result.ValueType = Params.take_front(Length);
  return Result;
}

/// The element type's code of mangled type \p Type ("f" of "Dv4_f").
static StringRef elementCode(StringRef Type) {
  size_t Underscore = Type.find('_');
  return Type.startswith("Dv") && Underscore != StringRef::npos
             ? Type.drop_front(Underscore + 1)
             : Type;
}

bool SubGroupFunction::isSignedInteger() const {
  StringRef Code = elementCode(ValueType);
  return Code == "c" || Code == "a" || Code == "s" || Code == "i" ||
         Code == "l";
}

bool SubGroupFunction::isFloatingPoint() const {
  return isFloatingPointCode(elementCode(ValueType));
}

bool BuiltinInfo::isLinkedAfterVectorization(const Function &F) const {
  return mustLinkAfterVectorization(F.getName()) || isWidenableAny(F) ||
         identifySubGroupFunction(F).has_value();
}

bool BuiltinInfo::mustLinkAfterVectorization(StringRef MangledName) const {
  std::optional<ScalarSignature> Signature = parseScalarSignature(MangledName);
  if (!Signature || none_of(Signature->Params, isFloatingPointCode))
    return false;
  // Vector forms come in every width or none (the library's do): the
  // form of 4 lanes stands for them all.
  return getVectorBuiltin(MangledName, 4).has_value() &&
         isDefinedByBuiltinsLibrary(MangledName);
}

SmallVector<SchedulingParameter, 2>
BuiltinInfo::getSchedulingParameters(Module &M) const {
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  return {{"wi", Ptr, getWorkItemInfoType(Ctx), /*PassedByDriver=*/false},
          {"wg", Ptr, getWorkGroupInfoType(Ctx), /*PassedByDriver=*/true}};
}

bool BuiltinInfo::requiresSchedulingParameters(MuxBuiltin B) const {
  // Every builtin that reads work-item or work-group state does.
  return B != MuxBuiltin::MemBarrier && B != MuxBuiltin::WorkGroupBarrier;
}

Value *
BuiltinInfo::initializeSchedulingParameter(const SchedulingParameter &Param,
                                           IRBuilder<> &Builder) const {
  // Work-item info lives on the wrapper's stack; the work-item loops set
  // every field before any builtin reads it.
  return Builder.CreateAlloca(Param.PointeeType, nullptr, Param.Name);
}

void BuiltinInfo::defineMuxBuiltin(MuxBuiltin B, Function &F) const {
  assert(F.isDeclaration() && "defining a mux builtin twice");
  assert((!requiresSchedulingParameters(B) ||
          getSchedulingParamIndices(F).size() == 2) &&
         "the reference lowering needs both scheduling parameters");
  MuxBuiltinBodyBuilder(*this, F).build(B);
  F.setLinkage(GlobalValue::InternalLinkage);
  F.addFnAttr(Attribute::AlwaysInline);
  F.addFnAttr(Attribute::NoUnwind);
}

AnalysisKey BuiltinInfoAnalysis::Key;

BuiltinInfoAnalysis::BuiltinInfoAnalysis()
    : Info(std::make_shared<BuiltinInfo>()) {}

} // namespace compiler
