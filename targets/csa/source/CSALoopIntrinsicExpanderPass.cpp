//===- CSALoopIntrinsicExpanderPass.cpp - CLIE ----------------------------===//
///
/// \file
/// See csa/CSALoopIntrinsicExpanderPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSALoopIntrinsicExpanderPass.h"

#include "csa/CSAIntrinsics.h"
#include "csa/ParallelSection.h"

#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

using namespace llvm;
using compiler::utils::emitError;
using compiler::utils::emitWarning;

#define DEBUG_TYPE "csa-loop-intrinsic-expander"

STATISTIC(NumParallelLoops, "Loops given a parallel region and section");
STATISTIC(NumSpmdLoops, "Loops given spmdization intrinsics");
STATISTIC(NumPipelineLoops, "Loops given pipeline intrinsics");
STATISTIC(NumNotParallelized, "Marked loops with no section");

namespace csa {

namespace {

/// The user marker that applies to \p L (CSA-1): the last one before the
/// loop, searching from its preheader backwards through single-predecessor
/// blocks at the preheader's loop depth.
CallInst *findLoopMarker(Loop &L, LoopInfo &LI) {
  BasicBlock *BB = L.getLoopPreheader();
  if (!BB)
    return nullptr;
  unsigned Depth = LI.getLoopDepth(BB);
  SmallPtrSet<BasicBlock *, 8> Visited;
  while (BB && LI.getLoopDepth(BB) == Depth && Visited.insert(BB).second) {
    for (Instruction &I : reverse(*BB)) {
      std::optional<CSAIntrinsic> Marker = getCalledIntrinsic(&I);
      if (Marker && isUserLoopMarker(*Marker))
        return cast<CallInst>(&I);
    }
    BB = BB->getSinglePredecessor();
  }
  return nullptr;
}

/// Where a loop's warnings point: the loop's own location, else the
/// marker's.
DebugLoc getLoopLocation(Loop &L, CallInst &Marker) {
  if (DebugLoc Loc = L.getStartLoc())
    return Loc;
  return Marker.getDebugLoc();
}

/// Workers and chunk of an spmd or spmdization marker; None (reported) when
/// they are not constants in range.
std::optional<std::pair<uint32_t, uint32_t>>
getSpmdParameters(CallInst &Marker) {
  Function &F = *Marker.getFunction();
  auto *Workers = dyn_cast<ConstantInt>(Marker.getArgOperand(0));
  if (!Workers || Workers->getSExtValue() < 1) {
    emitError(F, Marker.getDebugLoc(),
              "the number of spmd workers must be a constant of at least 1");
    return std::nullopt;
  }
  uint32_t WorkerCount = Workers->getZExtValue();
  if (getCalledIntrinsic(&Marker) == CSAIntrinsic::Spmd) {
    auto *Chunk = dyn_cast<ConstantInt>(Marker.getArgOperand(1));
    if (!Chunk || Chunk->isNegative()) {
      emitError(F, Marker.getDebugLoc(),
                "the spmd chunk must be a constant of at least 0");
      return std::nullopt;
    }
    return std::make_pair(WorkerCount, uint32_t(Chunk->getZExtValue()));
  }
  StringRef Kind;
  if (!getConstantStringInfo(Marker.getArgOperand(1), Kind)) {
    emitError(F, Marker.getDebugLoc(),
              "the spmdization kind must be a string literal");
    return std::nullopt;
  }
  std::optional<uint32_t> Chunk = StringSwitch<std::optional<uint32_t>>(Kind)
                                      .Case("blocking", 0)
                                      .Case("cyclic", 1)
                                      .Case("hybrid", 8)
                                      .Default(std::nullopt);
  if (!Chunk) {
    emitError(F, Marker.getDebugLoc(),
              "unknown spmdization kind '" + Kind +
                  "': expected \"blocking\", \"cyclic\" or \"hybrid\"");
    return std::nullopt;
  }
  return std::make_pair(WorkerCount, *Chunk);
}

/// Expands the markers of one function.
class Expander {
public:
  Expander(Function &F, LoopInfo &LI, DominatorTree &DT)
      : F(F), LI(LI), DT(DT) {}

  bool run();

private:
  void expand(Loop &L, CallInst &Marker);
  bool addParallelRegion(Loop &L, CallInst &Marker);
  /// Calls \p Entry at the end of the preheader and \p Exit with its result
  /// at the start of every exit block; gives the entry call.
  CallInst *wrapLoop(Loop &L, CSAIntrinsic Entry, ArrayRef<Value *> EntryArgs,
                     CSAIntrinsic Exit, const Twine &Name);

  Function &F;
  LoopInfo &LI;
  DominatorTree &DT;
  unsigned RegionCount = 0;
};

CallInst *Expander::wrapLoop(Loop &L, CSAIntrinsic Entry,
                             ArrayRef<Value *> EntryArgs, CSAIntrinsic Exit,
                             const Twine &Name) {
  Module &M = *F.getParent();
  IRBuilder<> Builder(L.getLoopPreheader()->getTerminator());
  CallInst *EntryCall =
      Builder.CreateCall(getOrDeclareIntrinsic(M, Entry), EntryArgs, Name);
  SmallVector<BasicBlock *, 4> ExitBlocks;
  L.getUniqueExitBlocks(ExitBlocks);
  for (BasicBlock *ExitBlock : ExitBlocks) {
    Builder.SetInsertPoint(ExitBlock, ExitBlock->getFirstInsertionPt());
    Builder.CreateCall(getOrDeclareIntrinsic(M, Exit), {EntryCall});
  }
  return EntryCall;
}

bool Expander::addParallelRegion(Loop &L, CallInst &Marker) {
  bool IsParallelLoop =
      getCalledIntrinsic(&Marker) == CSAIntrinsic::ParallelLoop;
  if (hasNothingToOrder(L)) {
    if (IsParallelLoop)
      emitWarning(F, getLoopLocation(L, Marker),
                  "parallel_loop has no effect on a loop with no memory "
                  "operations and no subloops (in function '" +
                      F.getName() + "')");
    return true;
  }
  std::optional<SectionPlacement> Section = findParallelSection(L, LI, DT);
  if (!Section) {
    ++NumNotParallelized;
    LLVM_DEBUG(dbgs() << "CLIE: no section in loop " << L.getName() << "\n");
    emitWarning(F, getLoopLocation(L, Marker),
                "!! WARNING: COULD NOT PARALLELIZE LOOP !! (in function '" +
                    F.getName() + "', loop '" + L.getName() +
                    "'): no single-entry single-exit part of the body holds "
                    "all its memory operations and subloops");
    return false;
  }
  std::string Name = ("clie." + Twine(RegionCount++)).str();
  Type *I32 = Type::getInt32Ty(F.getContext());
  Value *Id = ConstantInt::get(I32, getCompilerRegionId(F.getContext(), Name));
  CallInst *Region = wrapLoop(L, CSAIntrinsic::RegionEntry, {Id},
                              CSAIntrinsic::RegionExit, Name);
  Module &M = *F.getParent();
  CallInst *SectionEntry =
      CallInst::Create(getOrDeclareIntrinsic(M, CSAIntrinsic::SectionEntry),
                       {Region}, Name + ".section", Section->EntryBefore);
  CallInst::Create(getOrDeclareIntrinsic(M, CSAIntrinsic::SectionExit),
                   {SectionEntry}, "", Section->ExitBefore);
  ++NumParallelLoops;
  return true;
}

void Expander::expand(Loop &L, CallInst &Marker) {
  if (!L.hasDedicatedExits() || L.hasNoExitBlocks()) {
    emitWarning(F, getLoopLocation(L, Marker),
                "!! WARNING: COULD NOT PARALLELIZE LOOP !! (in function '" +
                    F.getName() + "', loop '" + L.getName() +
                    "'): the loop has no dedicated exit");
    return;
  }
  Type *I32 = Type::getInt32Ty(F.getContext());
  switch (*getCalledIntrinsic(&Marker)) {
  case CSAIntrinsic::ParallelLoop:
    addParallelRegion(L, Marker);
    return;
  case CSAIntrinsic::Spmd:
  case CSAIntrinsic::Spmdization: {
    std::optional<std::pair<uint32_t, uint32_t>> Params =
        getSpmdParameters(Marker);
    if (!Params || !addParallelRegion(L, Marker))
      return;
    wrapLoop(L, CSAIntrinsic::SpmdizationEntry,
             {ConstantInt::get(I32, Params->first),
              ConstantInt::get(I32, Params->second)},
             CSAIntrinsic::SpmdizationExit, "clie.spmd");
    ++NumSpmdLoops;
    return;
  }
  case CSAIntrinsic::PipelineLoop:
    wrapLoop(L, CSAIntrinsic::PipelineLoopEntry, {Marker.getArgOperand(0)},
             CSAIntrinsic::PipelineLoopExit, "clie.pipeline");
    ++NumPipelineLoops;
    return;
  default:
    llvm_unreachable("not a user loop marker");
  }
}

bool Expander::run() {
  SmallVector<CallInst *, 4> Markers;
  for (Instruction &I : instructions(F)) {
    std::optional<CSAIntrinsic> Called = getCalledIntrinsic(&I);
    if (Called && isUserLoopMarker(*Called))
      Markers.push_back(cast<CallInst>(&I));
  }
  if (Markers.empty())
    return false;
  // Outer loops first, so region numbers follow the source order.
  for (Loop *L : LI.getLoopsInPreorder())
    if (CallInst *Marker = findLoopMarker(*L, LI))
      expand(*L, *Marker);
  for (CallInst *Marker : Markers)
    Marker->eraseFromParent();
  return true;
}

} // namespace

PreservedAnalyses
CSALoopIntrinsicExpanderPass::run(Function &F, FunctionAnalysisManager &AM) {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  if (!Expander(F, LI, DT).run())
    return PreservedAnalyses::all();
  // Only calls were added; the CFG is as it was.
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace csa
