//===- CSABuiltinInfo.cpp - How CSA kernels reach work-item state ---------===//
///
/// \file
/// See csa/CSABuiltinInfo.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSABuiltinInfo.h"

#include "metadata/abi.h"

#include "llvm/IR/Module.h"

#include <cstddef>

using namespace llvm;
using compiler::MuxBuiltin;

namespace csa {

static_assert(offsetof(loom_csa_work_group_info_t, global_base) == 0 &&
                  offsetof(loom_csa_work_group_info_t, local_size) == 24 &&
                  offsetof(loom_csa_work_group_info_t, num_groups) == 48 &&
                  offsetof(loom_csa_work_group_info_t, group_id) == 72 &&
                  offsetof(loom_csa_work_group_info_t, global_offset) == 96 &&
                  offsetof(loom_csa_work_group_info_t, enqueued_local_size) ==
                      120 &&
                  offsetof(loom_csa_work_group_info_t, global_size) == 144 &&
                  offsetof(loom_csa_work_group_info_t, local_memory) == 168 &&
                  offsetof(loom_csa_work_group_info_t, work_dim) == 176 &&
                  sizeof(loom_csa_work_group_info_t) == 184,
              "CSAWorkGroupInfo must match loom_csa_work_group_info_t");

namespace {

Value *getField(IRBuilder<> &B, Value *Info, unsigned Field, unsigned Dim) {
  return B.CreateInBoundsGEP(
      CSABuiltinInfo::getWorkGroupInfoType(B.getContext()), Info,
      {B.getInt32(0), B.getInt32(Field), B.getInt32(Dim)});
}

/// The field and out-of-range default each work-group builtin reads, if it
/// is one that reads a per-dimension field.
std::optional<std::pair<unsigned, uint64_t>> getDimensionField(MuxBuiltin B) {
  switch (B) {
  case MuxBuiltin::GetGroupId:
    return std::make_pair(unsigned(LOOM_CSA_WG_GROUP_ID), uint64_t(0));
  case MuxBuiltin::GetNumGroups:
    return std::make_pair(unsigned(LOOM_CSA_WG_NUM_GROUPS), uint64_t(1));
  case MuxBuiltin::GetGlobalOffset:
    return std::make_pair(unsigned(LOOM_CSA_WG_GLOBAL_OFFSET), uint64_t(0));
  case MuxBuiltin::GetLocalSize:
    return std::make_pair(unsigned(LOOM_CSA_WG_LOCAL_SIZE), uint64_t(1));
  case MuxBuiltin::GetEnqueuedLocalSize:
    return std::make_pair(unsigned(LOOM_CSA_WG_ENQUEUED_LOCAL_SIZE),
                          uint64_t(1));
  case MuxBuiltin::GetGlobalSize:
    return std::make_pair(unsigned(LOOM_CSA_WG_GLOBAL_SIZE), uint64_t(1));
  default:
    return std::nullopt;
  }
}

} // namespace

StructType *CSABuiltinInfo::getWorkGroupInfoType(LLVMContext &Ctx) {
  if (StructType *T = StructType::getTypeByName(Ctx, "CSAWorkGroupInfo"))
    return T;
  Type *Triple = ArrayType::get(Type::getInt64Ty(Ctx), 3);
  Type *I32 = Type::getInt32Ty(Ctx);
  return StructType::create(Ctx,
                            {Triple, Triple, Triple, Triple, Triple, Triple,
                             Triple, PointerType::get(Ctx, 0), I32, I32},
                            "CSAWorkGroupInfo");
}

uint32_t CSABuiltinInfo::getWorkGroupInfoLayout() const {
  return LOOM_WORK_GROUP_INFO_CSA;
}

SmallVector<compiler::SchedulingParameter, 2>
CSABuiltinInfo::getSchedulingParameters(Module &M) const {
  SmallVector<compiler::SchedulingParameter, 2> Params =
      BuiltinInfo::getSchedulingParameters(M);
  for (compiler::SchedulingParameter &P : Params)
    if (P.PassedByDriver)
      P.PointeeType = getWorkGroupInfoType(M.getContext());
  return Params;
}

Value *CSABuiltinInfo::emitLoadNumGroups(IRBuilder<> &Builder,
                                         Value *WorkGroupInfo,
                                         unsigned Dim) const {
  return Builder.CreateLoad(
      Builder.getInt64Ty(),
      getField(Builder, WorkGroupInfo, LOOM_CSA_WG_NUM_GROUPS, Dim),
      "groups." + Twine("xyz"[Dim]));
}

void CSABuiltinInfo::emitStartWorkGroup(IRBuilder<> &Builder,
                                        Value *WorkGroupInfo,
                                        ArrayRef<Value *> GroupIds) const {
  Type *I64 = Builder.getInt64Ty();
  for (unsigned D = 0; D < 3; ++D) {
    Builder.CreateStore(
        GroupIds[D], getField(Builder, WorkGroupInfo, LOOM_CSA_WG_GROUP_ID, D));
    Value *Enqueued =
        Builder.CreateLoad(I64, getField(Builder, WorkGroupInfo,
                                         LOOM_CSA_WG_ENQUEUED_LOCAL_SIZE, D));
    Value *Global = Builder.CreateLoad(
        I64, getField(Builder, WorkGroupInfo, LOOM_CSA_WG_GLOBAL_SIZE, D));
    Value *Offset = Builder.CreateLoad(
        I64, getField(Builder, WorkGroupInfo, LOOM_CSA_WG_GLOBAL_OFFSET, D));
    Value *Base = Builder.CreateAdd(Builder.CreateMul(GroupIds[D], Enqueued),
                                    Offset, "global.base." + Twine("xyz"[D]));
    Builder.CreateStore(
        Base, getField(Builder, WorkGroupInfo, LOOM_CSA_WG_GLOBAL_BASE, D));
    Value *Size = emitGroupLocalSize(Builder, GroupIds[D], Enqueued, Global, D);
    Builder.CreateStore(
        Size, getField(Builder, WorkGroupInfo, LOOM_CSA_WG_LOCAL_SIZE, D));
  }
}

void CSABuiltinInfo::defineMuxBuiltin(MuxBuiltin B, Function &F) const {
  bool ReadsWorkGroupInfo =
      getDimensionField(B) || B == MuxBuiltin::GetGlobalId ||
      B == MuxBuiltin::GetLocalMemory || B == MuxBuiltin::GetLocalMemorySize ||
      B == MuxBuiltin::GetWorkDim;
  if (!ReadsWorkGroupInfo)
    return BuiltinInfo::defineMuxBuiltin(B, F);

  LLVMContext &Ctx = F.getContext();
  IRBuilder<> Builder(BasicBlock::Create(Ctx, "entry", &F));
  // The scheduling parameters come last: work-item info, work-group info.
  Value *WorkItemInfo = F.getArg(F.arg_size() - 2);
  Value *WorkGroupInfo = F.getArg(F.arg_size() - 1);
  StructType *GroupType = getWorkGroupInfoType(Ctx);
  Value *Result = nullptr;
  if (auto Field = getDimensionField(B)) {
    Result = emitLoadDimension(Builder, GroupType, WorkGroupInfo, Field->first,
                               F.getArg(0), Field->second);
  } else if (B == MuxBuiltin::GetGlobalId) {
    StructType *ItemType =
        getSchedulingParameters(*F.getParent()).front().PointeeType;
    Value *Base = emitLoadDimension(Builder, GroupType, WorkGroupInfo,
                                    LOOM_CSA_WG_GLOBAL_BASE, F.getArg(0), 0);
    Value *Local =
        emitLoadDimension(Builder, ItemType, WorkItemInfo, 0, F.getArg(0), 0);
    Result = Builder.CreateAdd(Base, Local, "global.id");
  } else if (B == MuxBuiltin::GetLocalMemory) {
    Value *Arena =
        Builder.CreateLoad(Builder.getPtrTy(),
                           Builder.CreateStructGEP(GroupType, WorkGroupInfo,
                                                   LOOM_CSA_WG_LOCAL_MEMORY),
                           "arena");
    Result = Builder.CreateAddrSpaceCast(Arena, F.getReturnType());
  } else if (B == MuxBuiltin::GetLocalMemorySize) {
    Value *Size = Builder.CreateLoad(
        Builder.getInt32Ty(),
        Builder.CreateStructGEP(GroupType, WorkGroupInfo,
                                LOOM_CSA_WG_LOCAL_MEMORY_SIZE));
    Result = Builder.CreateZExt(Size, Builder.getInt64Ty(), "arena.size");
  } else {
    Result = Builder.CreateLoad(
        Builder.getInt32Ty(), Builder.CreateStructGEP(GroupType, WorkGroupInfo,
                                                      LOOM_CSA_WG_WORK_DIM));
  }
  Builder.CreateRet(Result);
  F.setLinkage(GlobalValue::InternalLinkage);
  F.addFnAttr(Attribute::AlwaysInline);
  F.addFnAttr(Attribute::NoUnwind);
}

} // namespace csa
