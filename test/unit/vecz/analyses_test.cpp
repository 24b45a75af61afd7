//===- analyses_test.cpp - Vecz's analyses through their API --------------===//
///
/// UniformityInfo and StrideInfo queried the way the vectorizer's transforms
/// will query them, on small kernels parsed from text, each expectation
/// naming the value it is about.
///
//===----------------------------------------------------------------------===//

#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

class VeczAnalysesTest : public testing::Test {
protected:
  /// Parses \p IR and sets up the analyses of its function @kernel.
  void parse(const char *IR) {
    SMDiagnostic Error;
    M = parseAssemblyString(IR, Error, Ctx);
    ASSERT_TRUE(M) << Error.getMessage().str();
    F = M->getFunction("kernel");
    ASSERT_TRUE(F) << "the module has no @kernel";
    PB.registerFunctionAnalyses(FAM);
    PB.registerModuleAnalyses(MAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    FAM.registerPass([] { return vecz::UniformityAnalysis(); });
    FAM.registerPass([] { return vecz::StrideAnalysis(); });
  }

  const Value *value(StringRef Name) {
    for (Instruction &I : instructions(*F))
      if (I.getName() == Name)
        return &I;
    ADD_FAILURE() << "no value %" << Name.str();
    return nullptr;
  }

  const vecz::UniformityInfo &uniformity() {
    return FAM.getResult<vecz::UniformityAnalysis>(*F);
  }
  const vecz::StrideInfo &strides() {
    return FAM.getResult<vecz::StrideAnalysis>(*F);
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  Function *F = nullptr;
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
};

const char *const LoopKernel = R"(
define void @kernel(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr addrspace(1) %out, i64 %gid
  store float 0.0, ptr addrspace(1) %p
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %gid
  br i1 %more, label %loop, label %exit
exit:
  %last = phi i64 [ %next, %loop ]
  ret void
}
declare i64 @__mux_get_global_id(i32)
attributes #0 = { "mux-kernel"="entry-point" }
)";

TEST_F(VeczAnalysesTest, VaryingExitMakesTheLoopDivergent) {
  parse(LoopKernel);
  const vecz::UniformityInfo &Info = uniformity();
  EXPECT_TRUE(Info.isVarying(value("gid"))) << "%gid";
  EXPECT_TRUE(Info.isUniform(value("i"))) << "%i, the counter";
  EXPECT_TRUE(Info.isVarying(value("last"))) << "%last, the live-out";
  EXPECT_TRUE(
      Info.isDivergentBranch(F->getEntryBlock().getNextNode()->getTerminator()))
      << "the loop's exit branch";
  EXPECT_TRUE(Info.isUniform(F->getArg(1))) << "kernel argument %n";
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(*F);
  ASSERT_EQ(LI.getTopLevelLoops().size(), 1u);
  EXPECT_TRUE(Info.isDivergentLoop(*LI.getTopLevelLoops().front()));
}

TEST_F(VeczAnalysesTest, ConsecutiveStoreHasElementStrideOne) {
  parse(LoopKernel);
  const vecz::StrideInfo &Info = strides();
  vecz::Stride Address = Info.getStride(value("p"));
  EXPECT_TRUE(Address.isLinear()) << "%p";
  EXPECT_EQ(Address.getConstantStep(), std::optional<int64_t>(4))
      << "%p moves by one float";
  const Instruction *Store = cast<Instruction>(value("p"))->getNextNode();
  EXPECT_EQ(Info.getElementStride(*Store), std::optional<int64_t>(1));
  EXPECT_TRUE(Info.getStride(F->getArg(0)).isUniform()) << "%out";
}

} // namespace
