//===- builtin_info_test.cpp - BuiltinInfo through its API ----------------===//
///
/// compiler/analysis/BuiltinInfo.h as passes and targets use it: the table of
/// mux builtins (Builtins.def) read both ways, the OpenCL functions that lower
/// to them, declarations made with their properties, and the default
/// answers a target may override.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

using namespace llvm;
using compiler::BuiltinInfo;
using compiler::MuxBuiltin;

namespace {

TEST(BuiltinInfo, DeclaresAndIdentifiesEachMuxBuiltin) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  BuiltinInfo BI;
  for (MuxBuiltin B : {MuxBuiltin::GetLocalId, MuxBuiltin::GetGlobalId,
                       MuxBuiltin::GetLocalLinearId, MuxBuiltin::GetWorkDim,
                       MuxBuiltin::WorkGroupBarrier, MuxBuiltin::MemBarrier}) {
    Function *F = BI.getOrDeclareMuxBuiltin(B, M);
    ASSERT_NE(F, nullptr);
    EXPECT_EQ(F->getName(), BuiltinInfo::getMuxBuiltinName(B));
    EXPECT_EQ(BuiltinInfo::identifyMuxBuiltin(*F), B) << F->getName().str();
    // Declared once.
    EXPECT_EQ(BI.getOrDeclareMuxBuiltin(B, M), F);
  }
  EXPECT_TRUE(BI.isWorkGroupBarrier(
      *BI.getOrDeclareMuxBuiltin(MuxBuiltin::WorkGroupBarrier, M)));
  EXPECT_FALSE(BI.isWorkGroupBarrier(
      *BI.getOrDeclareMuxBuiltin(MuxBuiltin::MemBarrier, M)));
}

TEST(BuiltinInfo, AFunctionOfAMuxNameButAnotherSignatureIsNoMuxBuiltin) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  // __mux_get_local_id takes an i32 dimension, not a float.
  Function *Impostor = Function::Create(
      FunctionType::get(Type::getInt64Ty(Ctx), {Type::getFloatTy(Ctx)}, false),
      GlobalValue::ExternalLinkage,
      BuiltinInfo::getMuxBuiltinName(MuxBuiltin::GetLocalId), M);
  EXPECT_EQ(BuiltinInfo::identifyMuxBuiltin(*Impostor), std::nullopt);
}

TEST(BuiltinInfo, MapsOpenCLWorkItemFunctionsAndSynchronization) {
  EXPECT_EQ(BuiltinInfo::getMuxBuiltinForOpenCL("_Z13get_global_idj"),
            MuxBuiltin::GetGlobalId);
  EXPECT_EQ(BuiltinInfo::getMuxBuiltinForOpenCL("_Z12get_local_idj"),
            MuxBuiltin::GetLocalId);
  EXPECT_EQ(BuiltinInfo::getMuxBuiltinForOpenCL("_Z3sinf"), std::nullopt);

  auto Barrier = BuiltinInfo::getSynchronizationBuiltin("_Z7barrierj");
  ASSERT_TRUE(Barrier);
  EXPECT_EQ(Barrier->Mux, MuxBuiltin::WorkGroupBarrier);
  EXPECT_FALSE(Barrier->HasScope);
  auto Fence = BuiltinInfo::getSynchronizationBuiltin("_Z9mem_fencej");
  ASSERT_TRUE(Fence);
  EXPECT_EQ(Fence->Mux, MuxBuiltin::MemBarrier);
  EXPECT_EQ(BuiltinInfo::getSynchronizationBuiltin("_Z13get_global_idj"),
            std::nullopt);
}

TEST(BuiltinInfo, DefaultsATargetMayOverride) {
  BuiltinInfo BI;
  // Vector forms come from Loom's builtins library, for scalar parameters.
  EXPECT_EQ(BI.getVectorBuiltin("_Z3powff", 16), "_Z3powDv16_fS_");
  EXPECT_EQ(BI.getVectorBuiltin("_Z3sinf", 4), "_Z3sinDv4_f");
  // sin's vector body is written for vectors: linked after Vecz.
  EXPECT_TRUE(BI.mustLinkAfterVectorization("_Z3sinf"));
  EXPECT_FALSE(BI.mustLinkAfterVectorization("_Z13get_global_idj"));
  EXPECT_TRUE(BI.isDriverRuntimeFunction("__loom_parallel_map"));
  EXPECT_FALSE(BI.isDriverRuntimeFunction("memcpy"));
}

TEST(BuiltinInfo, KnowsTheWidenableAnyAndLinksItAfterVectorization) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  auto Declare = [&](StringRef Name, Type *Param) {
    return Function::Create(
        FunctionType::get(Type::getInt32Ty(Ctx), {Param}, false),
        GlobalValue::ExternalLinkage, Name, M);
  };
  Type *Int16 = FixedVectorType::get(Type::getInt32Ty(Ctx), 16);
  Function *Widenable = Declare("_Z20__loom_any_widenableDv16_i", Int16);
  Function *Scalar =
      Declare("_Z20__loom_any_widenablei", Type::getInt32Ty(Ctx));
  Function *Any = Declare("_Z3anyDv16_i", Int16);
  BuiltinInfo BI;
  EXPECT_TRUE(compiler::isWidenableAny(*Widenable));
  EXPECT_TRUE(compiler::isWidenableAny(*Scalar));
  EXPECT_FALSE(compiler::isWidenableAny(*Any));
  // Not a target's choice: linked late whatever mustLinkAfterVectorization
  // says.
  EXPECT_FALSE(BI.mustLinkAfterVectorization(Widenable->getName()));
  EXPECT_TRUE(BI.isLinkedAfterVectorization(*Widenable));
  EXPECT_FALSE(BI.isLinkedAfterVectorization(*Any));
}

// The library defines dot(float4, float4), isnan(float4) and
// select(int4, int4, int4), but none of them is the scalar overload lane by
// lane: no vector form stands for their scalar calls, and their scalar
// bodies are linked before vectorization.
TEST(BuiltinInfo, OffersNoVectorFormOfBuiltinsThatAreNotLanewise) {
  BuiltinInfo BI;
  for (const char *Name :
       {"_Z3dotff", "_Z6lengthf", "_Z8distanceff", "_Z9normalizef",
        "_Z14fast_normalized", "_Z5isnanf", "_Z9isgreaterff", "_Z7signbitd",
        "_Z3anyi", "_Z3alll", "_Z6selectiii", "_Z6selectffi"}) {
    EXPECT_FALSE(compiler::isLanewise(Name)) << Name;
    EXPECT_EQ(BI.getVectorBuiltin(Name, 4), std::nullopt) << Name;
    EXPECT_FALSE(BI.mustLinkAfterVectorization(Name)) << Name;
  }
  for (const char *Name : {"_Z3sinf", "_Z3powff", "_Z4fabsf", "_Z9bitselectiii",
                           "_Z3maxii", "_Z7isgreat"})
    EXPECT_TRUE(compiler::isLanewise(Name)) << Name;
}

} // namespace
