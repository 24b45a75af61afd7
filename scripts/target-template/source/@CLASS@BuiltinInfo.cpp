//===- @CLASS@BuiltinInfo.cpp - How @NAME@ lowers work-item builtins ------===//
///
/// \file
/// See @CLASS@BuiltinInfo.h.
///
//===----------------------------------------------------------------------===//

#include "@CLASS@BuiltinInfo.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace @NAME@ {

namespace {

StructType *getWorkItemInfoType(LLVMContext &Ctx) {
  if (StructType *T = StructType::getTypeByName(Ctx, "@CLASS@WorkItemInfo"))
    return T;
  return StructType::create(Ctx, {ArrayType::get(Type::getInt32Ty(Ctx), 3)},
                            "@CLASS@WorkItemInfo");
}

/// The address of local id \p Dim in the work-item info, or of dimension 0
/// when \p Dim is out of range (the caller ignores that value).
Value *getLocalIdSlot(IRBuilder<> &Builder, Value *WorkItemInfo, Value *Dim,
                      Value *InRange) {
  Value *Index = Builder.CreateSelect(InRange, Dim, Builder.getInt32(0));
  return Builder.CreateInBoundsGEP(
      getWorkItemInfoType(Builder.getContext()), WorkItemInfo,
      {Builder.getInt32(0), Builder.getInt32(0), Index}, "local.id.slot");
}

} // namespace

SmallVector<compiler::SchedulingParameter, 2>
@CLASS@BuiltinInfo::getSchedulingParameters(Module &M) const {
  SmallVector<compiler::SchedulingParameter, 2> Params =
      BuiltinInfo::getSchedulingParameters(M);
  // The first parameter is the work-item info; the second, the work-group
  // info the driver passes, stays as it is.
  Params[0].PointeeType = getWorkItemInfoType(M.getContext());
  return Params;
}

void @CLASS@BuiltinInfo::defineMuxBuiltin(compiler::MuxBuiltin B,
                                          Function &F) const {
  if (B != compiler::MuxBuiltin::GetLocalId &&
      B != compiler::MuxBuiltin::SetLocalId)
    return BuiltinInfo::defineMuxBuiltin(B, F);
  // (dim, [value,] work-item info, work-group info)
  IRBuilder<> Builder(BasicBlock::Create(F.getContext(), "entry", &F));
  Value *Dim = F.getArg(0);
  Value *WorkItemInfo = F.getArg(F.arg_size() - 2);
  Value *InRange = Builder.CreateICmpULT(Dim, Builder.getInt32(3));
  Value *Slot = getLocalIdSlot(Builder, WorkItemInfo, Dim, InRange);
  if (B == compiler::MuxBuiltin::GetLocalId) {
    Value *Id = Builder.CreateZExt(Builder.CreateLoad(Builder.getInt32Ty(), Slot),
                                   Builder.getInt64Ty(), "local.id");
    Builder.CreateRet(Builder.CreateSelect(InRange, Id, Builder.getInt64(0)));
  } else {
    Value *Old = Builder.CreateLoad(Builder.getInt32Ty(), Slot);
    Value *New = Builder.CreateTrunc(F.getArg(1), Builder.getInt32Ty());
    // Out of range, the store writes back what was there.
    Builder.CreateStore(Builder.CreateSelect(InRange, New, Old), Slot);
    Builder.CreateRetVoid();
  }
  F.setLinkage(GlobalValue::InternalLinkage);
  F.addFnAttr(Attribute::AlwaysInline);
}

} // namespace @NAME@
