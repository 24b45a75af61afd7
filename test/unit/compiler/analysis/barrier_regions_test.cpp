//===- barrier_regions_test.cpp - Barrier regions through their API -------===//
///
/// compiler/analysis/BarrierRegions.h as the work-item loops use it, on kernels
/// parsed from text: which functions reach a barrier, inlining them into a
/// kernel (and the error when one calls itself), and the regions a kernel
/// is cut into, with their barrier ids, what each region returns and the
/// live variables kept across barriers.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BarrierRegions.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace compiler::utils;

namespace {

/// A kernel whose two barriers (ids 7 and 9) sit in a helper it calls and in
/// its own body, with a value computed before the first and used after the
/// second; a helper that calls itself around a barrier; a function that
/// reaches none.
constexpr const char *KernelsIR = R"(
declare void @__mux_work_group_barrier(i32, i32, i32)

define internal void @sync() {
  call void @__mux_work_group_barrier(i32 7, i32 1, i32 1)
  ret void
}

define internal void @step(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  call void @sync()
  ret void
}

define internal void @again(i32 %n) {
  call void @__mux_work_group_barrier(i32 8, i32 1, i32 1)
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %recurse, label %done
recurse:
  %less = sub i32 %n, 1
  call void @again(i32 %less)
  br label %done
done:
  ret void
}

define internal i32 @plain(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define void @kernel(ptr addrspace(1) %p, i32 %x) #0 {
  %kept = call i32 @plain(i32 %x)
  call void @step(ptr addrspace(1) %p)
  call void @__mux_work_group_barrier(i32 9, i32 1, i32 1)
  store i32 %kept, ptr addrspace(1) %p
  ret void
}

define void @recursive(i32 %n) #0 {
  call void @again(i32 %n)
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
)";

class BarrierRegionsTest : public testing::Test {
protected:
  void SetUp() override {
    SMDiagnostic Error;
    M = parseAssemblyString(KernelsIR, Error, Ctx);
    ASSERT_TRUE(M) << Error.getMessage().str();
  }
  Function &function(StringRef Name) { return *M->getFunction(Name); }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  compiler::BuiltinInfo BI;
};

/// The barrier id (first argument) of each barrier call in \p F.
SmallVector<uint64_t, 4> barrierIds(Function &F) {
  SmallVector<uint64_t, 4> Ids;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Call->getCalledFunction()->getName() == "__mux_work_group_barrier")
        Ids.push_back(
            cast<ConstantInt>(Call->getArgOperand(0))->getZExtValue());
  return Ids;
}

TEST_F(BarrierRegionsTest, FindsTheFunctionsThatReachABarrier) {
  SmallPtrSet<const Function *, 8> With = findFunctionsWithBarriers(*M, BI);
  for (StringRef Name : {"sync", "step", "again", "kernel", "recursive"})
    EXPECT_TRUE(With.contains(&function(Name))) << Name.str();
  EXPECT_FALSE(With.contains(&function("plain")));
}

TEST_F(BarrierRegionsTest, InliningBringsTheBarriersIntoTheKernel) {
  Function &Kernel = function("kernel");
  Expected<bool> HasBarriers = inlineCallsWithBarriers(Kernel, BI);
  ASSERT_TRUE(bool(HasBarriers)) << toString(HasBarriers.takeError());
  EXPECT_TRUE(*HasBarriers);
  EXPECT_EQ(barrierIds(Kernel), (SmallVector<uint64_t, 4>{7, 9}));
  // Only the calls that reach a barrier are inlined.
  bool CallsPlain = false;
  for (Instruction &I : instructions(Kernel))
    if (auto *Call = dyn_cast<CallInst>(&I))
      CallsPlain |= Call->getCalledFunction() == &function("plain");
  EXPECT_TRUE(CallsPlain);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(BarrierRegionsTest, RecursionToABarrierIsAnErrorNamingIt) {
  Expected<bool> HasBarriers =
      inlineCallsWithBarriers(function("recursive"), BI);
  ASSERT_FALSE(bool(HasBarriers));
  EXPECT_EQ(toString(HasBarriers.takeError()),
            "kernel 'recursive' reaches a barrier in 'again', which cannot be "
            "inlined: it calls itself (OpenCL C has no recursion)");
}

TEST_F(BarrierRegionsTest, AKernelWithoutBarriersHasNone) {
  Expected<bool> HasBarriers = inlineCallsWithBarriers(function("plain"), BI);
  ASSERT_TRUE(bool(HasBarriers));
  EXPECT_FALSE(*HasBarriers);
}

TEST_F(BarrierRegionsTest, CutsTheKernelAtEachBarrier) {
  Function &Kernel = function("kernel");
  ASSERT_TRUE(*inlineCallsWithBarriers(Kernel, BI));
  BarrierRegions Cut = buildBarrierRegions(Kernel, BI);
  // Region 0 from the entry, one from after each barrier.
  ASSERT_EQ(Cut.Regions.size(), 3u);
  EXPECT_EQ(Cut.BarrierIds, (SmallVector<uint64_t, 4>{7, 9}));
  // %kept lives from before the first barrier to after the second.
  EXPECT_GE(Cut.LiveSize, 4u);
  EXPECT_EQ(Cut.LiveSize % Cut.LiveAlignment, 0u);
  // Each region returns the number of the barrier it stops at, the last
  // ExitRegion; none holds a barrier call any more.
  SmallVector<uint64_t, 3> Returned;
  for (Function *Region : Cut.Regions) {
    EXPECT_TRUE(barrierIds(*Region).empty()) << Region->getName().str();
    for (Instruction &I : instructions(*Region))
      if (auto *Ret = dyn_cast<ReturnInst>(&I))
        Returned.push_back(
            cast<ConstantInt>(Ret->getReturnValue())->getZExtValue());
  }
  EXPECT_EQ(Returned, (SmallVector<uint64_t, 3>{1, 2, ExitRegion}));
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

} // namespace
