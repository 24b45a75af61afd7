//===- CSAInnerLoopPrepPass.cpp - Pipelined loops' form -------------------===//
///
/// \file
/// See csa/CSAInnerLoopPrepPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAInnerLoopPrepPass.h"

#include "csa/CSAIntrinsics.h"
#include "csa/MarkedLoops.h"

#include "compiler/pipeline/Target.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "csa-inner-loop-prep"

STATISTIC(NumMarked, "pipeline_loop loops given their form");
STATISTIC(NumSelected, "Inner loops selected automatically");

namespace {
enum class Selection { None, Automatic };
} // namespace

static cl::opt<Selection> ILPLSelection(
    "csa-ilpl-selection", cl::init(Selection::None),
    cl::desc("CSA: which inner loops to pipeline"),
    cl::values(clEnumValN(Selection::None, "none",
                          "only loops marked with pipeline_loop"),
               clEnumValN(Selection::Automatic, "automatic",
                          "also small innermost loops without a marker")),
    cl::cat(compiler::getTargetOptionCategory()));

namespace csa {

namespace {

constexpr unsigned MaxAutomaticBodySize = 64;
/// The depth automatic selection gives: two iterations in flight.
constexpr uint32_t AutomaticDepth = 2;

MDNode *makeProperty(LLVMContext &Ctx, StringRef Name, Metadata *Value) {
  if (!Value)
    return MDNode::get(Ctx, {MDString::get(Ctx, Name)});
  return MDNode::get(Ctx, {MDString::get(Ctx, Name), Value});
}

Metadata *getCount(LLVMContext &Ctx, uint32_t N) {
  return ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), N));
}

/// The interleave count LLVM's loop vectorizer chooses at most on the
/// function \p TTI is for. X86 gives every vector width the same answer.
unsigned getMaxInterleaveCount(const TargetTransformInfo &TTI) {
  return TTI.getMaxInterleaveFactor(/*VF=*/2);
}

/// Gives \p L the form of a loop pipelined at most \p Depth deep: an
/// interleave count of \p Depth where the cost model might choose more,
/// else the cost model's choice, which honours the depth by itself.
void preparePipelinedLoop(Loop &L, uint32_t Depth, unsigned MaxInterleave) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  if (Depth == 0)
    return; // LLVM's interleaving and unrolling cost models choose.
  if (Depth == 1) {
    addLoopProperties(
        L, {makeProperty(Ctx, "llvm.loop.unroll.disable", nullptr),
            makeProperty(Ctx, "llvm.loop.interleave.count", getCount(Ctx, 1))});
    return;
  }
  // A count forced above the cost model's choice made a reduction 1.3x to
  // 1.6x slower (doc/csa.md): the depth is a bound, not a target.
  if (Depth >= MaxInterleave)
    return;
  addLoopProperties(L, {makeProperty(Ctx, "llvm.loop.interleave.count",
                                     getCount(Ctx, Depth))});
}

bool hasOwnUnrollOrInterleave(const Loop &L) {
  MDNode *LoopID = L.getLoopID();
  if (!LoopID)
    return false;
  for (const MDOperand &Op : drop_begin(LoopID->operands()))
    if (auto *Node = dyn_cast<MDNode>(Op.get()))
      if (auto *Name = dyn_cast_or_null<MDString>(Node->getOperand(0).get()))
        if (Name->getString().startswith("llvm.loop.unroll.") ||
            Name->getString().startswith("llvm.loop.interleave."))
          return true;
  return false;
}

bool isAutomaticCandidate(const Loop &L) {
  if (!L.isInnermost() || hasOwnUnrollOrInterleave(L))
    return false;
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
        return false;
      ++Size;
    }
  return Size <= MaxAutomaticBodySize;
}

} // namespace

PreservedAnalyses CSAInnerLoopPrepPass::run(Function &F,
                                            FunctionAnalysisManager &AM) {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  unsigned MaxInterleave =
      getMaxInterleaveCount(AM.getResult<TargetIRAnalysis>(F));
  SmallPtrSet<Loop *, 4> Marked;
  for (Instruction &I : instructions(F)) {
    CallInst *Entry = getIntrinsicCall(&I, CSAIntrinsic::PipelineLoopEntry);
    if (!Entry)
      continue;
    Loop *L = findMarkedLoop(*Entry, CSAIntrinsic::PipelineLoopExit, LI);
    if (!L || !Marked.insert(L).second)
      continue;
    auto *Depth = dyn_cast<ConstantInt>(Entry->getArgOperand(0));
    preparePipelinedLoop(*L, Depth ? uint32_t(Depth->getZExtValue()) : 0,
                         MaxInterleave);
    ++NumMarked;
  }
  if (ILPLSelection == Selection::Automatic)
    for (Loop *L : LI.getLoopsInPreorder())
      if (!Marked.count(L) && isAutomaticCandidate(*L)) {
        preparePipelinedLoop(*L, AutomaticDepth, MaxInterleave);
        Marked.insert(L);
        ++NumSelected;
      }
  if (Marked.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace csa
