//===- CSAMemoryOrderingLoweringPass.cpp - Sections to LLVM metadata ------===//
///
/// \file
/// See csa/CSAMemoryOrderingLoweringPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAMemoryOrderingLoweringPass.h"

#include "csa/CSAIntrinsics.h"
#include "csa/CSAMemoryOrdering.h"
#include "csa/MarkedLoops.h"
#include "csa/ParallelSection.h"

#include "compiler/pipeline/Target.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GraphWriter.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "csa-lower-memory-ordering"

STATISTIC(NumParallelLoops, "Loops given llvm.loop.parallel_accesses");
STATISTIC(NumLeftToScalarCode,
          "Parallel loops that would need gathers on a host with slow ones");
STATISTIC(NumBadFunctions, "Functions with bad section intrinsics");

namespace {
enum class GatherSpeed { Auto, Fast, Slow };
} // namespace

static cl::opt<GatherSpeed> Gathers(
    "csa-gathers", cl::init(GatherSpeed::Auto),
    cl::desc("CSA: whether the host's vector gathers are faster than scalar "
             "loads, which decides whether parallel_loop lets the vectorizer "
             "use them"),
    cl::values(clEnumValN(GatherSpeed::Auto, "auto",
                          "as LLVM's tuning for the host CPU says "
                          "(fast-gather)"),
               clEnumValN(GatherSpeed::Fast, "fast", "vectorize with gathers"),
               clEnumValN(GatherSpeed::Slow, "slow",
                          "leave loops that need gathers to the scalar "
                          "code")),
    cl::cat(compiler::getTargetOptionCategory()));

static cl::opt<bool> ViewMemopCFG(
    "csa-view-pre-ordering-memop-cfg",
    cl::desc("CSA: write each function's memory-operation CFG, with the "
             "region and section intrinsics, to csa-memop-cfg.<fn>.dot "
             "before the memory ordering is lowered"),
    cl::cat(compiler::getTargetOptionCategory()));

namespace csa {

namespace {

bool isMemopCFGNode(const Instruction &I) {
  return isMemoryTouching(I) || getCalledIntrinsic(&I).has_value();
}

void writeMemopCFG(Function &F) {
  std::string FileName = ("csa-memop-cfg." + F.getName() + ".dot").str();
  std::error_code EC;
  raw_fd_ostream OS(FileName, EC, sys::fs::OF_Text);
  if (EC) {
    compiler::utils::emitWarning(
        F, DebugLoc(), "cannot write '" + FileName + "': " + EC.message());
    return;
  }
  errs() << "Writing '" << FileName << "'...\n";
  DenseMap<const Instruction *, unsigned> Ids;
  auto Node = [&](const Instruction &I) {
    return "n" + std::to_string(Ids.try_emplace(&I, Ids.size()).first->second);
  };
  OS << "digraph \"memop CFG of " << F.getName() << "\" {\n";
  // The function's start is a node too, so the first operations have a
  // predecessor.
  OS << "  entry [shape=point];\n";
  SmallVector<std::pair<std::string, const Instruction *>, 16> Edges;
  // The nodes reached first along each CFG path from just after After (from
  // the start of BB when After is null).
  auto Successors =
      [&](const BasicBlock &BB,
          const Instruction *After) -> SmallVector<const Instruction *, 4> {
    SmallVector<const Instruction *, 4> Found;
    SmallPtrSet<const BasicBlock *, 16> Seen;
    SmallVector<const Instruction *, 8> Work;
    Work.push_back(After ? After->getNextNode() : &BB.front());
    while (!Work.empty()) {
      const Instruction *I = Work.pop_back_val();
      const BasicBlock *Block = I ? I->getParent() : nullptr;
      for (; I; I = I->getNextNode())
        if (isMemopCFGNode(*I))
          break;
      if (I) {
        if (!is_contained(Found, I))
          Found.push_back(I);
        continue;
      }
      for (const BasicBlock *Succ : successors(Block))
        if (Seen.insert(Succ).second)
          Work.push_back(&Succ->front());
    }
    return Found;
  };
  for (const Instruction *To : Successors(F.getEntryBlock(), nullptr))
    Edges.push_back({"entry", To});
  for (const Instruction &I : instructions(F)) {
    if (!isMemopCFGNode(I))
      continue;
    std::string Label;
    raw_string_ostream LabelOS(Label);
    I.print(LabelOS);
    OS << "  " << Node(I) << " [shape=box,label=\""
       << DOT::EscapeString(StringRef(LabelOS.str()).ltrim().str()) << "\"];\n";
    for (const Instruction *To : Successors(*I.getParent(), &I))
      Edges.push_back({Node(I), To});
  }
  for (auto &[From, To] : Edges)
    OS << "  " << From << " -> " << Node(*To) << ";\n";
  OS << "}\n";
}

/// Gives every memory-touching instruction of \p L the access group \p Group
/// and \p L the parallel_accesses property naming it.
void markParallel(Loop &L, MDNode *Group) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (isMemoryTouching(I))
        I.setMetadata(LLVMContext::MD_access_group,
                      uniteAccessGroups(
                          I.getMetadata(LLVMContext::MD_access_group), Group));
  addLoopProperties(
      L, {MDNode::get(
             Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), Group})});
}

/// Whether vectorizing \p L would take a gather or scatter: a load or store
/// whose address is neither invariant in \p L nor an affine function of its
/// iterations.
bool needsGatherOrScatter(const Loop &L, ScalarEvolution &SE) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      const Value *Pointer = getLoadStorePointerOperand(&I);
      if (!Pointer || !SE.isSCEVable(Pointer->getType()))
        continue;
      const SCEV *Address = SE.getSCEV(const_cast<Value *>(Pointer));
      if (SE.isLoopInvariant(Address, &L))
        continue;
      const auto *AddRec = dyn_cast<SCEVAddRecExpr>(Address);
      if (!AddRec || AddRec->getLoop() != &L || !AddRec->isAffine())
        return true;
    }
  return false;
}

DebugLoc getFirstIntrinsicLocation(Function &F) {
  for (Instruction &I : instructions(F))
    if (getCalledIntrinsic(&I) && I.getDebugLoc())
      return I.getDebugLoc();
  return DebugLoc();
}

} // namespace

CSAMemoryOrderingLoweringPass::CSAMemoryOrderingLoweringPass()
    : CSAMemoryOrderingLoweringPass(/*HostHasFastGathers=*/true) {}

CSAMemoryOrderingLoweringPass::CSAMemoryOrderingLoweringPass(
    bool HostHasFastGathers)
    : FastGathers(Gathers == GatherSpeed::Auto ? HostHasFastGathers
                                               : Gathers == GatherSpeed::Fast) {
}

Expected<bool> CSAMemoryOrderingLoweringPass::parseOptions(StringRef Params) {
  if (Params.empty() || Params == "fast-gathers")
    return true;
  if (Params == "slow-gathers")
    return false;
  return createStringError(inconvertibleErrorCode(),
                           "csa-lower-memory-ordering takes fast-gathers or "
                           "slow-gathers, not '" +
                               Params + "'");
}

void CSAMemoryOrderingLoweringPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  compiler::utils::printPassWithParams(OS, MapClassName2PassName(name()),
                                       FastGathers ? "fast-gathers"
                                                   : "slow-gathers");
}

PreservedAnalyses
CSAMemoryOrderingLoweringPass::run(Function &F, FunctionAnalysisManager &AM) {
  if (ViewMemopCFG && any_of(instructions(F), [](Instruction &I) {
        return getCalledIntrinsic(&I).has_value();
      }))
    writeMemopCFG(F);
  const MemoryOrdering &Ordering = AM.getResult<CSAMemoryOrderingAnalysis>(F);
  if (!Ordering.hasRegions())
    return PreservedAnalyses::all();
  if (!Ordering.getErrors().empty()) {
    ++NumBadFunctions;
    compiler::utils::emitWarning(
        F, getFirstIntrinsicLocation(F),
        "!! WARNING: BAD PARALLEL SECTION INTRINSICS !! (in function '" +
            F.getName() + "'): " + Ordering.getErrors().front() +
            "; the function keeps full memory ordering");
    return PreservedAnalyses::all();
  }
  if (Ordering.getParallelLoops().empty())
    return PreservedAnalyses::all();
  for (Loop *L : Ordering.getParallelLoops()) {
    if (!FastGathers &&
        needsGatherOrScatter(*L, AM.getResult<ScalarEvolutionAnalysis>(F))) {
      ++NumLeftToScalarCode;
      continue;
    }
    markParallel(*L, MDNode::getDistinct(F.getContext(), {}));
    ++NumParallelLoops;
  }
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  PA.preserve<LoopAnalysis>();
  return PA;
}

} // namespace csa
