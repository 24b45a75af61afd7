//===- OutlineHugeKernelsPass.cpp - Kernels in pieces ---------------------===//
///
/// \file
/// See compiler/passes/workgroup/OutlineHugeKernelsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/OutlineHugeKernelsPass.h"

#include "compiler/analysis/BarrierRegions.h"
#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/analysis/ParallelLoops.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

#define DEBUG_TYPE "outline-huge-kernels"

using namespace llvm;

STATISTIC(NumPieces, "Number of pieces huge kernels were cut into");

namespace compiler {
namespace utils {

namespace {

uint64_t countInstructions(const Function &F) {
  uint64_t Count = 0;
  for (const BasicBlock &BB : F)
    Count += BB.size();
  return Count;
}

/// The function's one returning block, or null.
BasicBlock *getOnlyReturnBlock(Function &F) {
  BasicBlock *Return = nullptr;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator())) {
      if (Return)
        return nullptr;
      Return = &BB;
    }
  return Return;
}

/// The blocks every path from \p F's entry to its return \p Exit passes
/// through, outside any loop, in order: where a piece may begin.
SmallVector<BasicBlock *, 16> findCutPoints(Function &F, BasicBlock &Exit) {
  DominatorTree DT(F);
  PostDominatorTree PDT(F);
  LoopInfo LI(DT);
  SmallVector<BasicBlock *, 16> Cuts;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    if (DT.dominates(BB, &Exit) && PDT.dominates(BB, &F.getEntryBlock()) &&
        !LI.getLoopFor(BB))
      Cuts.push_back(BB);
  return Cuts;
}

/// The blocks from cut point \p Begin up to, not including, cut point
/// \p End: everything reachable from \p Begin without passing \p End.
SmallVector<BasicBlock *, 16> collectPiece(BasicBlock *Begin, BasicBlock *End) {
  SmallVector<BasicBlock *, 16> Blocks{Begin};
  SmallPtrSet<BasicBlock *, 16> Seen{Begin, End};
  for (size_t I = 0; I < Blocks.size(); ++I)
    for (BasicBlock *Succ : successors(Blocks[I]))
      if (Seen.insert(Succ).second)
        Blocks.push_back(Succ);
  return Blocks;
}

/// Whether \p Blocks call a work-group barrier, directly or through one of
/// \p WithBarriers.
bool callsBarrier(ArrayRef<BasicBlock *> Blocks, const BuiltinInfo &BI,
                  const SmallPtrSetImpl<const Function *> &WithBarriers) {
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (BI.isWorkGroupBarrier(*Callee) || WithBarriers.contains(Callee))
            return true;
  return false;
}

/// Consecutive runs of \p F's blocks of about \p Size instructions each,
/// each from one cut point to the next; not the entry block (which keeps the
/// allocas) nor the return. Code that calls a barrier stays in the kernel,
/// where the region scheduler cuts it: a piece ends before it.
SmallVector<SmallVector<BasicBlock *, 16>, 8>
planPieces(Function &F, uint64_t Size, const BuiltinInfo &BI,
           const SmallPtrSetImpl<const Function *> &WithBarriers) {
  SmallVector<SmallVector<BasicBlock *, 16>, 8> Pieces;
  BasicBlock *Exit = getOnlyReturnBlock(F);
  if (!Exit)
    return Pieces;
  SmallVector<BasicBlock *, 16> Cuts = findCutPoints(F, *Exit);
  // Cuts[0] is the entry block and the last is the return: pieces lie
  // between Cuts[1] and it.
  SmallVector<BasicBlock *, 16> Piece;
  uint64_t Instructions = 0;
  auto EndPiece = [&] {
    if (Instructions >= Size)
      Pieces.push_back(std::move(Piece));
    Piece.clear();
    Instructions = 0;
  };
  for (size_t I = 1; I + 1 < Cuts.size(); ++I) {
    SmallVector<BasicBlock *, 16> Run = collectPiece(Cuts[I], Cuts[I + 1]);
    if (callsBarrier(Run, BI, WithBarriers)) {
      EndPiece();
      continue;
    }
    for (BasicBlock *BB : Run) {
      Piece.push_back(BB);
      Instructions += BB->size();
    }
    if (Instructions >= Size)
      EndPiece();
  }
  return Pieces;
}

/// Moves each planned piece of \p F into a function of its own. Returns
/// whether any moved.
bool outlinePieces(Function &F, uint64_t Size, const BuiltinInfo &BI,
                   const SmallPtrSetImpl<const Function *> &WithBarriers,
                   FunctionAnalysisManager &FAM) {
  SmallVector<SmallVector<BasicBlock *, 16>, 8> Pieces =
      planPieces(F, Size, BI, WithBarriers);
  bool Changed = false;
  unsigned Number = 0;
  // Both stay valid from one piece to the next (CodeExtractor updates the
  // tree; the cache describes blocks the next pieces still have), so the
  // cost stays in proportion to the kernel, not to it times its pieces.
  DominatorTree DT(F);
  CodeExtractorAnalysisCache Cache(F);
  for (SmallVector<BasicBlock *, 16> &Piece : Pieces) {
    CodeExtractor Extractor(Piece, &DT, /*AggregateArgs=*/false,
                            /*BFI=*/nullptr, /*BPI=*/nullptr, /*AC=*/nullptr,
                            /*AllowVarArgs=*/false, /*AllowAlloca=*/false,
                            /*AllocationBlock=*/nullptr,
                            "piece" + std::to_string(Number));
    if (!Extractor.isEligible())
      continue;
    Function *Outlined = Extractor.extractCodeRegion(Cache);
    if (!Outlined)
      continue;
    FAM.invalidate(F, PreservedAnalyses::none());
    ++Number;
    ++NumPieces;
    dropKernelProperties(*Outlined);
    Outlined->setLinkage(GlobalValue::InternalLinkage);
    Outlined->addFnAttr(Attribute::NoInline);
    setIsKernelPiece(*Outlined);
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses OutlineHugeKernelsPass::run(Module &M,
                                              ModuleAnalysisManager &AM) {
  if (Opts.MaxInstructions == 0)
    return PreservedAnalyses::all();
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallPtrSet<const Function *, 8> WithBarriers =
      findFunctionsWithBarriers(M, BI);
  bool Changed = false;
  // A parallel region's token cannot cross from piece to piece.
  SmallPtrSet<const Function *, 8> WithRegions;
  if (Function *Entry = M.getFunction(
          getParallelIntrinsicName(ParallelIntrinsic::RegionEntry)))
    for (User *U : Entry->users())
      if (auto *Call = dyn_cast<CallBase>(U))
        WithRegions.insert(Call->getFunction());
  for (Function *Kernel : getKernelEntryPoints(M))
    for (Function *Body : getKernelBodies(*Kernel))
      if (!WithRegions.contains(Body) &&
          countInstructions(*Body) > Opts.MaxInstructions)
        Changed |=
            outlinePieces(*Body, Opts.MaxInstructions, BI, WithBarriers, FAM);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Expected<OutlineHugeKernelsPass::Options>
OutlineHugeKernelsPass::parseOptions(StringRef Params) {
  Options Opts;
  if (Error E = parseCountPassParam(Params, "outline-huge-kernels",
                                    "max-instructions", "instructions",
                                    Opts.MaxInstructions))
    return std::move(E);
  return Opts;
}

void OutlineHugeKernelsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      "max-instructions=" +
                          std::to_string(Opts.MaxInstructions));
}

} // namespace utils
} // namespace compiler
