//===- LoopSPMDizationPass.cpp - Loops split across workers ---------------===//
///
/// \file
/// See csa/LoopSPMDizationPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/LoopSPMDizationPass.h"

#include "csa/CSAIntrinsics.h"
#include "csa/MarkedLoops.h"

#include "compiler/analysis/ParallelLoops.h"
#include "compiler/passes/parallel/LowerParallelLoopsPass.h"
#include "compiler/passes/parallel/ParallelizationCleanupPass.h"
#include "compiler/pipeline/Target.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "csa-loop-spmdization"

static cl::opt<unsigned> SpmdGranule(
    "csa-spmd-granule", cl::init(64),
    cl::desc("CSA: on the host, spmd chunks are rounded up to a multiple of "
             "this many iterations, so each worker's chunks stay long enough "
             "to vectorize (1: chunks exactly as written)"),
    cl::cat(compiler::getTargetOptionCategory()));

namespace csa {

namespace {

/// Gives the loop \p Entry and its exits stand around Loom's form of a
/// parallel loop: a region of the spmd's workers and chunk, its memory
/// accesses independent (spmd implies parallel_loop). Returns whether there
/// was such a loop.
bool mapOntoParallelLoop(CallInst &Entry, LoopInfo &LI) {
  Loop *L = findMarkedLoop(Entry, CSAIntrinsic::SpmdizationExit, LI);
  auto *Workers = dyn_cast<ConstantInt>(Entry.getArgOperand(0));
  auto *Chunk = dyn_cast<ConstantInt>(Entry.getArgOperand(1));
  if (!L || !Workers || !Chunk || Workers->isZero()) {
    LLVM_DEBUG(dbgs() << "spmd: no loop for " << Entry << "\n");
    return false;
  }
  IRBuilder<> B(Entry.getContext());
  compiler::utils::makeParallelLoop(*L, B.getInt32(Workers->getZExtValue()),
                                    B.getInt64(Chunk->getZExtValue()),
                                    Entry.getDebugLoc(), /*Reductions=*/{});
  return true;
}

} // namespace

PreservedAnalyses LoopSPMDizationPass::run(Module &M,
                                           ModuleAnalysisManager &AM) {
  auto &FAM = AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Mapped = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<CallInst *, 4> Entries;
    for (Instruction &I : instructions(F))
      if (CallInst *Entry =
              getIntrinsicCall(&I, CSAIntrinsic::SpmdizationEntry))
        Entries.push_back(Entry);
    bool FunctionMapped = false;
    for (CallInst *Entry : Entries)
      FunctionMapped |=
          mapOntoParallelLoop(*Entry, FAM.getResult<LoopAnalysis>(F));
    if (FunctionMapped) {
      PreservedAnalyses PA;
      PA.preserveSet<CFGAnalyses>();
      FAM.invalidate(F, PA);
    }
    Mapped |= FunctionMapped;
  }
  // Parallel loops in Loom's form, from spmd or given as such (IR), go
  // through the one lowering of parallel loops, after the one check.
  bool HasRegions = M.getFunction(compiler::utils::getParallelIntrinsicName(
      compiler::utils::ParallelIntrinsic::RegionEntry));
  if (!Mapped && !HasRegions)
    return PreservedAnalyses::all();
  compiler::utils::ParallelizationCleanupPass().run(M, AM);
  compiler::utils::LowerParallelLoopsPass({SpmdGranule.getValue()}).run(M, AM);
  return PreservedAnalyses::none();
}

} // namespace csa
