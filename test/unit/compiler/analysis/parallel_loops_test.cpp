//===- parallel_loops_test.cpp - The parallel-loop form through its API ---===//
///
/// compiler/analysis/ParallelLoops.h as a producer of the form (the CSA
/// builtins, OpenMP's recogniser) will use it: a region opened around a loop
/// parsed from text and the loop marked, then read back, checked by
/// parallelization-cleanup and made serial.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/ParallelLoops.h"
#include "compiler/passes/parallel/ParallelizationCleanupPass.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace compiler::utils;

namespace {

/// A sum over an array whose accesses are in one access group, and a
/// store per iteration: the shape a producer of the form starts from.
constexpr const char *SumIR = R"(
define i32 @sum(ptr %in, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !0
  %q = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %x, ptr %q, align 4, !llvm.access.group !0
  %s.next = add i32 %s, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  %sum = phi i32 [ %s.next, %loop ]
  ret i32 %sum
}
!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
)";

class ParallelLoopsTest : public testing::Test {
protected:
  void SetUp() override {
    SMDiagnostic Error;
    M = parseAssemblyString(SumIR, Error, Ctx);
    ASSERT_TRUE(M) << Error.getMessage().str();
    F = M->getFunction("sum");
    DT = std::make_unique<DominatorTree>(*F);
    LI = std::make_unique<LoopInfo>(*DT);
    ASSERT_EQ(LI->getTopLevelLoops().size(), 1u);
    L = LI->getTopLevelLoops().front();
    Ctx.setDiagnosticHandlerCallBack(
        [](const DiagnosticInfo &DI, void *Warnings) {
          // Remarks, which say the same, are not warnings.
          if (DI.getSeverity() != DS_Warning)
            return;
          std::string Text;
          raw_string_ostream OS(Text);
          DiagnosticPrinterRawOStream Printer(OS);
          DI.print(Printer);
          static_cast<std::vector<std::string> *>(Warnings)->push_back(
              OS.str());
        },
        &Warnings);
  }

  /// Opens a region of \p Workers workers around the loop, with the given
  /// chunk, and marks the loop with \p Reductions.
  ParallelRegion parallelize(uint64_t Workers, uint64_t Chunk,
                             ArrayRef<RecurKind> Reductions) {
    IRBuilder<> B(Ctx);
    BasicBlock *Exit = L->getExitBlock();
    ParallelRegion Region = createParallelRegion(
        L->getLoopPreheader()->getTerminator(), {&*Exit->getFirstInsertionPt()},
        B.getInt32(Workers), B.getInt64(Chunk));
    markParallelLoop(*L, Region.Id, Reductions);
    return Region;
  }

  /// Runs parallelization-cleanup on the module.
  void cleanUp() {
    PassBuilder PB;
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    ParallelizationCleanupPass().run(*M, MAM);
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  Function *F = nullptr;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;
  Loop *L = nullptr;
  std::vector<std::string> Warnings;
  ValueToValueMapTy VMap;
};

TEST_F(ParallelLoopsTest, NamesRoundTrip) {
  for (RecurKind Kind :
       {RecurKind::Add, RecurKind::Mul, RecurKind::And, RecurKind::Or,
        RecurKind::Xor, RecurKind::SMin, RecurKind::SMax, RecurKind::UMin,
        RecurKind::UMax, RecurKind::FAdd, RecurKind::FMul, RecurKind::FMin,
        RecurKind::FMax}) {
    StringRef Name = getReductionName(Kind);
    ASSERT_FALSE(Name.empty());
    EXPECT_EQ(parseReductionName(Name), Kind) << Name.str();
  }
  EXPECT_EQ(getReductionName(RecurKind::SelectICmp), "");
  EXPECT_EQ(parseReductionName("sum"), std::nullopt);
  for (ParallelIntrinsic Intrinsic :
       {ParallelIntrinsic::RegionEntry, ParallelIntrinsic::RegionExit,
        ParallelIntrinsic::Worker, ParallelIntrinsic::Workers,
        ParallelIntrinsic::Shared}) {
    Function *Declared = getOrDeclareParallelIntrinsic(*M, Intrinsic);
    EXPECT_EQ(Declared->getName(), getParallelIntrinsicName(Intrinsic));
    EXPECT_EQ(identifyParallelIntrinsic(*Declared), Intrinsic);
    // The shared-memory mark reaches its memory, and captures the pointer.
    if (Intrinsic == ParallelIntrinsic::Shared)
      EXPECT_TRUE(Declared->onlyAccessesArgMemory() &&
                  !Declared->hasParamAttribute(1, Attribute::NoCapture));
    else
      EXPECT_TRUE(Declared->onlyAccessesInaccessibleMemory());
    EXPECT_EQ(getOrDeclareParallelIntrinsic(*M, Intrinsic), Declared);
  }
  EXPECT_EQ(identifyParallelIntrinsic(*F), std::nullopt);
}

TEST_F(ParallelLoopsTest, ARegionReadsBackAsWritten) {
  ParallelRegion Written = parallelize(4, 16, {RecurKind::Add});
  EXPECT_FALSE(verifyModule(*M, &errs()));
  SmallVector<ParallelRegion, 4> Found = findParallelRegions(*F);
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Entry, Written.Entry);
  EXPECT_EQ(Found[0].Id, Written.Id);
  EXPECT_EQ(Found[0].Exits, Written.Exits);
  EXPECT_TRUE(Found[0].OtherUsers.empty());
  EXPECT_EQ(cast<ConstantInt>(Found[0].getWorkers())->getZExtValue(), 4u);
  EXPECT_EQ(cast<ConstantInt>(Found[0].getChunk())->getZExtValue(), 16u);
  EXPECT_EQ(getParallelLoopRegion(*L), Written.Id);
  EXPECT_EQ(getDeclaredReductions(*L),
            (SmallVector<RecurKind, 4>{RecurKind::Add}));
  EXPECT_EQ(getLoopsOfRegion(*LI, Written.Id), (SmallVector<Loop *, 2>{L}));
  // LLVM's own property stays beside Loom's.
  EXPECT_TRUE(L->isAnnotatedParallel());
}

TEST_F(ParallelLoopsTest, MarkingAgainReplacesTheMark) {
  ParallelRegion Region = parallelize(0, 0, {RecurKind::Add});
  markParallelLoop(*L, Region.Id, {RecurKind::FMax, RecurKind::UMin});
  EXPECT_EQ(getDeclaredReductions(*L),
            (SmallVector<RecurKind, 4>{RecurKind::FMax, RecurKind::UMin}));
  unmarkParallelLoop(*L);
  EXPECT_EQ(getParallelLoopRegion(*L), nullptr);
  EXPECT_TRUE(getDeclaredReductions(*L).empty());
  EXPECT_TRUE(L->isAnnotatedParallel());
}

TEST_F(ParallelLoopsTest, ACopyTakesTheOriginalsMarks) {
  ParallelRegion Region = parallelize(2, 0, {RecurKind::Add});
  // A copy with an id of its own (as runtime unrolling gives its
  // remainder), which must keep its own properties.
  MDNode *CopyId = makePostTransformationMetadata(
      Ctx, nullptr, {},
      {MDNode::get(Ctx, MDString::get(Ctx, "llvm.loop.unroll.disable"))});
  SmallVector<BasicBlock *, 4> Blocks;
  Loop *Copy =
      cloneLoopWithPreheader(L->getExitBlock(), L->getLoopPreheader(), L, VMap,
                             ".copy", LI.get(), DT.get(), Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  Copy->setLoopID(CopyId);
  unmarkParallelLoop(*Copy);
  ASSERT_EQ(getParallelLoopRegion(*Copy), nullptr);
  copyParallelLoopMarks(*Copy, *L);
  EXPECT_EQ(getParallelLoopRegion(*Copy), Region.Id);
  EXPECT_EQ(getDeclaredReductions(*Copy),
            (SmallVector<RecurKind, 4>{RecurKind::Add}));
  EXPECT_TRUE(Copy->isAnnotatedParallel());
  EXPECT_NE(findOptionMDForLoop(Copy, "llvm.loop.unroll.disable"), nullptr);
  EXPECT_NE(Copy->getLoopID(), L->getLoopID());
}

TEST_F(ParallelLoopsTest, TheCleanupKeepsAValidRegion) {
  parallelize(2, 0, {RecurKind::Add});
  cleanUp();
  EXPECT_TRUE(Warnings.empty()) << Warnings.front();
  EXPECT_EQ(findParallelRegions(*F).size(), 1u);
}

TEST_F(ParallelLoopsTest, TheCleanupDropsAnUndeclaredReduction) {
  parallelize(2, 0, {});
  cleanUp();
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_NE(Warnings[0].find("undeclared 'add' reduction"), std::string::npos)
      << Warnings[0];
  EXPECT_TRUE(findParallelRegions(*F).empty());
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(ParallelLoopsTest, RemovingARegionMakesItsQueriesSerial) {
  ParallelRegion Region = parallelize(3, 1, {RecurKind::Add});
  IRBuilder<> B(&*L->getHeader()->getFirstInsertionPt());
  CallInst *Index =
      B.CreateCall(getOrDeclareParallelIntrinsic(*M, ParallelIntrinsic::Worker),
                   {Region.Entry});
  CallInst *Count = B.CreateCall(
      getOrDeclareParallelIntrinsic(*M, ParallelIntrinsic::Workers),
      {Region.Entry});
  Value *Sum = B.CreateAdd(Index, Count, "queries");
  SmallVector<ParallelRegion, 4> Found = findParallelRegions(*F);
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Queries.size(), 2u);
  removeParallelRegion(Found[0], *LI);
  EXPECT_TRUE(findParallelRegions(*F).empty());
  EXPECT_EQ(getParallelLoopRegion(*L), nullptr);
  // index + count of a serial region: 0 + 1.
  auto *Add = cast<BinaryOperator>(Sum);
  EXPECT_EQ(cast<ConstantInt>(Add->getOperand(0))->getZExtValue(), 0u);
  EXPECT_EQ(cast<ConstantInt>(Add->getOperand(1))->getZExtValue(), 1u);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

} // namespace

TEST_F(ParallelLoopsTest, SharedMemoryMarksGoWithTheRegion) {
  IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
  AllocaInst *Slot = B.CreateAlloca(B.getInt32Ty(), nullptr, "largest");
  ParallelRegion Region = parallelize(2, 0, {RecurKind::Add});
  markSharedMemory(Region, *Slot);
  EXPECT_FALSE(verifyModule(*M, &errs()));
  SmallVector<ParallelRegion, 4> Found = findParallelRegions(*F);
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_TRUE(Found[0].OtherUsers.empty());
  ASSERT_EQ(Found[0].SharedMemory.size(), 1u);
  EXPECT_EQ(Found[0].SharedMemory[0]->getArgOperand(1), Slot);
  // The cleanup keeps a valid region with its mark.
  cleanUp();
  EXPECT_TRUE(Warnings.empty()) << Warnings.front();
  Found = findParallelRegions(*F);
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].SharedMemory.size(), 1u);
  removeParallelRegion(Found[0], *LI);
  EXPECT_TRUE(Slot->hasNUses(0));
  EXPECT_FALSE(verifyModule(*M, &errs()));
}
