//===- ReversedWorkItemTarget.cpp - A test-only target ----------------===//
///
/// \file
/// A target that exists to test the BuiltinInfo override mechanism through
/// the SDK's public API only. Its BuiltinInfo keeps the work-item info in a
/// layout of its own, `%TestReversedWorkItemInfo = { i64 tag, [3 x i64] }`
/// with the local ids stored in reverse order (z, y, x), and defines the two
/// mux builtins that touch it accordingly; everything else is the default.
/// The work-item info is not part of the driver's ABI, so binaries of this
/// target run on the reference driver and must give the same results. It
/// also defers linking dot(float4, float4) until after vectorization. It
/// registers itself as "test-reversed-work-item-info" when linked in.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/ReferencePipeline.h"
#include "compiler/pipeline/Target.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace {

class ReversedWorkItemInfo : public compiler::BuiltinInfo {
public:
  /// As a whole-function vectorizer would ask for: dot(float4, float4) stays
  /// a call until after vectorization.
  bool mustLinkAfterVectorization(StringRef MangledName) const override {
    return MangledName == "_Z3dotDv4_fS_";
  }

  SmallVector<compiler::SchedulingParameter, 2>
  getSchedulingParameters(Module &M) const override {
    SmallVector<compiler::SchedulingParameter, 2> Params =
        BuiltinInfo::getSchedulingParameters(M);
    Params[0].Name = "wi.reversed";
    Params[0].PointeeType = getInfoType(M.getContext());
    return Params;
  }

  void defineMuxBuiltin(compiler::MuxBuiltin B, Function &F) const override {
    if (B != compiler::MuxBuiltin::GetLocalId &&
        B != compiler::MuxBuiltin::SetLocalId)
      return BuiltinInfo::defineMuxBuiltin(B, F);
    IRBuilder<> Builder(BasicBlock::Create(F.getContext(), "entry", &F));
    Value *Dim = F.getArg(0);
    Value *InRange = Builder.CreateICmpULT(Dim, Builder.getInt32(3));
    // Dimension d lives at index 2 - d.
    Value *Index = Builder.CreateSelect(
        InRange, Builder.CreateSub(Builder.getInt32(2), Dim),
        Builder.getInt32(0), "reversed.index");
    Value *WorkItemInfo = F.getArg(F.arg_size() - 2);
    Value *Slot = Builder.CreateInBoundsGEP(
        getInfoType(F.getContext()), WorkItemInfo,
        {Builder.getInt32(0), Builder.getInt32(1), Index}, "reversed.slot");
    if (B == compiler::MuxBuiltin::GetLocalId) {
      Value *Id = Builder.CreateLoad(Builder.getInt64Ty(), Slot);
      Builder.CreateRet(Builder.CreateSelect(InRange, Id, Builder.getInt64(0)));
    } else {
      BasicBlock *Store = BasicBlock::Create(F.getContext(), "store", &F);
      BasicBlock *Exit = BasicBlock::Create(F.getContext(), "exit", &F);
      Builder.CreateCondBr(InRange, Store, Exit);
      Builder.SetInsertPoint(Store);
      Builder.CreateStore(F.getArg(1), Slot);
      Builder.CreateBr(Exit);
      Builder.SetInsertPoint(Exit);
      Builder.CreateRetVoid();
    }
    F.setLinkage(GlobalValue::InternalLinkage);
    F.addFnAttr(Attribute::AlwaysInline);
  }

private:
  static StructType *getInfoType(LLVMContext &Ctx) {
    if (StructType *T =
            StructType::getTypeByName(Ctx, "TestReversedWorkItemInfo"))
      return T;
    Type *I64 = Type::getInt64Ty(Ctx);
    return StructType::create(Ctx, {I64, ArrayType::get(I64, 3)},
                              "TestReversedWorkItemInfo");
  }
};

class ReversedModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

  std::shared_ptr<compiler::BuiltinInfo> createBuiltinInfo() const override {
    return std::make_shared<ReversedWorkItemInfo>();
  }

protected:
  void getLateTargetPasses(ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override {
    compiler::addReferenceLatePasses(
        MPM, Machinery.getPassBuilder(),
        compiler::getReferencePipelineOptions(*this, Machinery));
  }
};

/// Registers the target when a test executable links this file.
const bool Registered = [] {
  compiler::TargetRegistry::get().add(compiler::Target::of<ReversedModule>(
      "test-reversed-work-item-info",
      "test only: local ids stored in reverse order"));
  return true;
}();

} // namespace
