//===- live_variables_test.cpp - Live variables across barriers -----------===//
///
/// The live variables buildBarrierRegions keeps for a kernel
/// (compiler/analysis/BarrierRegions.h): which values cross a barrier and
/// are kept (SSA values and private arrays), which are not (values dead at
/// the barrier, work-item builtins with constant arguments, re-issued
/// instead), and the layout: a structure of arrays, each value's array
/// aligned for it, whose per-work-item size the driver multiplies by the
/// work-group's.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BarrierRegions.h"
#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

using namespace llvm;
using namespace compiler::utils;

namespace {

/// Kernels with one barrier (id 1) and different values across it.
constexpr const char *KernelsIR = R"(
declare void @__mux_work_group_barrier(i32, i32, i32)
declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_local_size(i32)

; A byte and a double cross the barrier.
define void @byte_and_double(ptr addrspace(1) %p, ptr addrspace(1) %in) #0 {
  %b = load i8, ptr addrspace(1) %in
  %byte = add i8 %b, 1
  %in.d = getelementptr inbounds i8, ptr addrspace(1) %in, i64 8
  %d = load double, ptr addrspace(1) %in.d
  %wide = fadd double %d, 1.0
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  store i8 %byte, ptr addrspace(1) %p
  %q = getelementptr inbounds i8, ptr addrspace(1) %p, i64 8
  store double %wide, ptr addrspace(1) %q
  ret void
}

; The same values computed from the arguments and the group's size alone:
; computed again after the barrier, they need no slot.
define void @from_arguments(ptr addrspace(1) %p, i8 %b, i64 %d) #0 {
  %byte = add i8 %b, 1
  %n = call i64 @__mux_get_local_size(i32 0)
  %is.zero = icmp eq i64 %d, 0
  %safe = select i1 %is.zero, i64 1, i64 %d
  %wide = add i64 %n, %safe
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  store i8 %byte, ptr addrspace(1) %p
  %q = getelementptr inbounds i8, ptr addrspace(1) %p, i64 8
  store i64 %wide, ptr addrspace(1) %q
  ret void
}

; An address and a splat computed from the arguments and the local id:
; computed again after the barrier too.
define void @address_and_splat(ptr addrspace(1) %p, i32 %x) #0 {
  %lid = call i64 @__mux_get_local_id(i32 0)
  %q = getelementptr inbounds <4 x i32>, ptr addrspace(1) %p, i64 %lid
  %ins = insertelement <4 x i32> poison, i32 %x, i64 0
  %splat = shufflevector <4 x i32> %ins, <4 x i32> poison, <4 x i32> zeroinitializer
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  store <4 x i32> %splat, ptr addrspace(1) %q
  ret void
}

; Everything computed before the barrier is used before it.
define void @dead_at_barrier(ptr addrspace(1) %p, i32 %x) #0 {
  %y = mul i32 %x, 3
  store i32 %y, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  store i32 0, ptr addrspace(1) %p
  ret void
}

; The local id crosses the barrier, but it is asked for again after it.
define void @local_id(ptr addrspace(1) %p) #0 {
  %lid = call i64 @__mux_get_local_id(i32 0)
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  %q = getelementptr inbounds i64, ptr addrspace(1) %p, i64 %lid
  store i64 %lid, ptr addrspace(1) %q
  ret void
}

; A private array written before the barrier and read after it.
define void @private_array(ptr addrspace(1) %p, float %x) #0 {
  %a = alloca [4 x float], align 4
  %e = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 2
  store float %x, ptr %e
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  %f = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 2
  %v = load float, ptr %f
  store float %v, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
)";

class LiveVariablesTest : public testing::Test {
protected:
  void SetUp() override {
    SMDiagnostic Error;
    M = parseAssemblyString(KernelsIR, Error, Ctx);
    ASSERT_TRUE(M) << Error.getMessage().str();
  }

  BarrierRegions cut(StringRef Kernel) {
    return buildBarrierRegions(*M->getFunction(Kernel), BI);
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  compiler::BuiltinInfo BI;
};

/// The (offset, stride) of each live-variable slot \p Region addresses:
/// slot k of work-item i is at `live + count * offset + i * stride`.
std::set<std::pair<uint64_t, uint64_t>> slotsAddressed(Function &Region) {
  using namespace PatternMatch;
  std::set<std::pair<uint64_t, uint64_t>> Slots;
  for (Instruction &I : instructions(Region)) {
    uint64_t Offset, Stride;
    if (match(&I, m_Add(m_Mul(m_Value(), m_ConstantInt(Offset)),
                        m_Mul(m_Value(), m_ConstantInt(Stride)))) &&
        I.getName().startswith("live.offset"))
      Slots.insert({Offset, Stride});
  }
  return Slots;
}

/// How many instructions of \p F satisfy \p Pred.
template <class Predicate> size_t countIf(Function &F, Predicate Pred) {
  return count_if(instructions(F), Pred);
}

/// How many instructions of \p F are a \p T.
template <class T> size_t countOf(Function &F) {
  return countIf(F, [](Instruction &I) { return isa<T>(I); });
}

TEST_F(LiveVariablesTest, ValuesOfArgumentsAndTheGroupSizeAreComputedAgain) {
  BarrierRegions Cut = cut("from_arguments");
  ASSERT_EQ(Cut.Regions.size(), 2u);
  EXPECT_EQ(Cut.LiveSize, 0u);
  EXPECT_TRUE(slotsAddressed(*Cut.Regions[1]).empty());
  // Region 1 computes the select and the sum again, from a re-issued call.
  Function &Region = *Cut.Regions[1];
  EXPECT_EQ(countOf<SelectInst>(Region), 1u);
  EXPECT_EQ(countIf(Region,
                    [](Instruction &I) {
                      auto *Call = dyn_cast<CallInst>(&I);
                      return Call && Call->getCalledFunction()->getName() ==
                                         "__mux_get_local_size";
                    }),
            1u);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(LiveVariablesTest, AddressesAndSplatsAreComputedAgain) {
  BarrierRegions Cut = cut("address_and_splat");
  ASSERT_EQ(Cut.Regions.size(), 2u);
  EXPECT_EQ(Cut.LiveSize, 0u);
  EXPECT_TRUE(slotsAddressed(*Cut.Regions[1]).empty());
  EXPECT_EQ(countOf<GetElementPtrInst>(*Cut.Regions[1]), 1u);
  EXPECT_EQ(countOf<ShuffleVectorInst>(*Cut.Regions[1]), 1u);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(LiveVariablesTest, EachValueHasAnArrayAlignedForIt) {
  BarrierRegions Cut = cut("byte_and_double");
  ASSERT_EQ(Cut.Regions.size(), 2u);
  // The byte's array of one byte a work-item, the double's of eight, at an
  // offset (times the work-group's size) aligned for a double.
  EXPECT_EQ(Cut.LiveAlignment, 8u);
  EXPECT_EQ(Cut.LiveSize, 16u);
  auto Slots = slotsAddressed(*Cut.Regions[1]);
  EXPECT_TRUE(
      (Slots == std::set<std::pair<uint64_t, uint64_t>>{{0, 1}, {8, 8}}) ||
      (Slots == std::set<std::pair<uint64_t, uint64_t>>{{0, 8}, {8, 1}}))
      << Slots.size() << " slots";
  // Region 0 stores both, region 1 loads both.
  EXPECT_EQ(slotsAddressed(*Cut.Regions[0]), Slots);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(LiveVariablesTest, AValueDeadAtTheBarrierIsNotKept) {
  BarrierRegions Cut = cut("dead_at_barrier");
  EXPECT_EQ(Cut.LiveSize, 0u);
  EXPECT_TRUE(slotsAddressed(*Cut.Regions[1]).empty());
}

TEST_F(LiveVariablesTest, AWorkItemQueryIsAskedAgainNotKept) {
  BarrierRegions Cut = cut("local_id");
  EXPECT_EQ(Cut.LiveSize, 0u);
  // After the barrier the region asks for the local id itself.
  bool Asks = false;
  for (Instruction &I : instructions(*Cut.Regions[1]))
    if (auto *Call = dyn_cast<CallInst>(&I))
      Asks |= Call->getCalledFunction() &&
              Call->getCalledFunction()->getName() == "__mux_get_local_id";
  EXPECT_TRUE(Asks);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(LiveVariablesTest, APrivateArrayIsKeptWhole) {
  BarrierRegions Cut = cut("private_array");
  EXPECT_EQ(Cut.LiveAlignment, 4u);
  EXPECT_EQ(Cut.LiveSize, 16u);
  // No region keeps its own copy of the array on its stack.
  for (Function *Region : Cut.Regions)
    for (Instruction &I : instructions(*Region))
      EXPECT_FALSE(isa<AllocaInst>(&I)) << Region->getName().str();
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

} // namespace
