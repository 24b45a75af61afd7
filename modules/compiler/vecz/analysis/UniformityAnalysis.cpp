//===- UniformityAnalysis.cpp - Uniform and varying values ----------------===//
///
/// \file
/// See vecz/UniformityAnalysis.h. A worklist of values newly found varying
/// drives everything: each makes its users varying, and each branch whose
/// condition it is divergent, which in turn makes join phis and the
/// live-outs of divergent loops varying.
///
//===----------------------------------------------------------------------===//

#include "vecz/UniformityAnalysis.h"

#include "analysis/DivergentRegions.h"
#include "analysis/WorkItemIds.h"
#include "transform/CallWidening.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "vecz-uniformity"

using namespace llvm;
using compiler::BuiltinInfo;
using compiler::MuxBuiltin;

namespace vecz {

AnalysisKey UniformityAnalysis::Key;

bool UniformityInfo::isDivergentLoop(const Loop &L) const {
  return isDivergentLoopHeader(L.getHeader());
}

/// Computes a UniformityInfo (see the header for the rules).
class UniformityBuilder {
public:
  UniformityBuilder(const Function &F, const LoopInfo &LI,
                    const PostDominatorTree &PDT, UniformityInfo &Info)
      : F(F), LI(LI), PDT(PDT), Info(Info) {}

  void run() {
    seed();
    while (!Worklist.empty())
      propagateFrom(*Worklist.pop_back_val());
  }

private:
  void seed();
  bool isVaryingSource(const Instruction &I) const;
  bool isVaryingCall(const CallBase &Call) const;
  void markVarying(const Value &V);
  void propagateFrom(const Value &V);
  void markDivergentBranch(const Instruction &Terminator);
  void markJoinBlocks(const BasicBlock &Branching,
                      const BasicBlock *Reconverge);
  void markDivergentLoop(const Loop &L);

  const Function &F;
  const LoopInfo &LI;
  const PostDominatorTree &PDT;
  UniformityInfo &Info;
  SmallVector<const Value *, 32> Worklist;
};

void UniformityBuilder::seed() {
  if (!compiler::utils::isKernelEntryPoint(F))
    for (const Argument &Arg : F.args())
      markVarying(Arg);
  for (const Instruction &I : instructions(F))
    if (isVaryingSource(I))
      markVarying(I);
}

/// Whether \p I varies whatever its operands: work-item ids along the
/// vector, private memory, and anything that may write memory.
bool UniformityBuilder::isVaryingSource(const Instruction &I) const {
  if (isa<AllocaInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return isVaryingCall(*Call);
  return false;
}

/// Work-item ids along dimension 0 (or an unknown dimension) vary; other mux
/// builtins are uniform unless their arguments vary, or they differ from
/// one sub-group to the next; a scan across the sub-group varies (every
/// sub-group function Vecz does not know too: it declines the kernel);
/// other calls vary when they may write memory, or when their callee asks
/// for a lane's id (a helper computing the work-item's position, kept out
/// of line).
bool UniformityBuilder::isVaryingCall(const CallBase &Call) const {
  std::optional<MuxBuiltin> Mux = getMuxBuiltin(Call);
  if (std::optional<compiler::SubGroupFunction> SubGroup =
          getSubGroupFunction(Call))
    return !Call.getType()->isVoidTy() && !givesOneAnswerForTheLanes(Call);
  if (!Mux)
    return (callsLaneState(Call) || !Call.onlyReadsMemory()) &&
           !Call.getType()->isVoidTy();
  if (isLaneIdCall(Call) || isIdOfUnknownDimension(Call))
    return true;
  if (*Mux == MuxBuiltin::GetLocalId || *Mux == MuxBuiltin::GetGlobalId)
    return false; // Dimensions 1 and 2: one per vector.
  return !(BuiltinInfo::getMuxBuiltinProperties(*Mux) &
           (compiler::WorkGroupUniform | compiler::SubGroupUniform)) &&
         !Call.getType()->isVoidTy();
}

void UniformityBuilder::markVarying(const Value &V) {
  if (!Info.Varying.insert(&V).second)
    return;
  LLVM_DEBUG(dbgs() << "varying: " << V << "\n");
  Worklist.push_back(&V);
}

void UniformityBuilder::propagateFrom(const Value &V) {
  for (const User *U : V.users()) {
    const auto *I = dyn_cast<Instruction>(U);
    if (!I || I->getFunction() != &F)
      continue;
    if (I->isTerminator()) {
      if (!Info.DivergentBranches.contains(I) &&
          (isa<BranchInst>(I) || isa<SwitchInst>(I)))
        markDivergentBranch(*I);
      continue;
    }
    if (!I->getType()->isVoidTy() && !givesOneAnswerForTheLanes(*I))
      markVarying(*I);
  }
}

void UniformityBuilder::markDivergentBranch(const Instruction &Terminator) {
  Info.DivergentBranches.insert(&Terminator);
  const BasicBlock &Branching = *Terminator.getParent();
  const DomTreeNode *Node = PDT.getNode(&Branching);
  const BasicBlock *Reconverge = nullptr;
  if (Node && Node->getIDom())
    Reconverge = Node->getIDom()->getBlock();
  LLVM_DEBUG(dbgs() << "divergent branch in " << Branching.getName()
                    << ", reconverging at "
                    << (Reconverge ? Reconverge->getName() : "the exit")
                    << "\n");
  markJoinBlocks(Branching, Reconverge);
  for (const Loop *L : getLoopsLeftApart(Branching, Reconverge, LI))
    markDivergentLoop(*L);
}

/// Marks the blocks that paths from two different successors of \p Branching
/// reach, going no further than \p Reconverge, and makes their phis varying.
void UniformityBuilder::markJoinBlocks(const BasicBlock &Branching,
                                       const BasicBlock *Reconverge) {
  // Which successors (by index, as bits) reach each block. Past 64
  // successors (a large switch), every block reached from two is a join.
  DenseMap<const BasicBlock *, uint64_t> ReachedFrom;
  unsigned Index = 0;
  for (const BasicBlock *Succ : successors(&Branching)) {
    uint64_t Bit = Index < 64 ? uint64_t(1) << Index : ~uint64_t(0);
    ++Index;
    SmallVector<const BasicBlock *, 16> Stack = {Succ};
    while (!Stack.empty()) {
      const BasicBlock *BB = Stack.pop_back_val();
      uint64_t &Bits = ReachedFrom[BB];
      if ((Bits & Bit) == Bit)
        continue;
      Bits |= Bit;
      if (BB != Reconverge)
        for (const BasicBlock *Next : successors(BB))
          Stack.push_back(Next);
    }
  }
  for (const auto &[BB, Bits] : ReachedFrom) {
    bool FromTwoSuccessors = (Bits & (Bits - 1)) != 0;
    if (!FromTwoSuccessors || !BB->hasNPredecessorsOrMore(2))
      continue;
    if (!Info.JoinBlocks.insert(BB).second)
      continue;
    for (const PHINode &Phi : BB->phis())
      markVarying(Phi);
  }
}

/// Lanes leave \p L at different iterations: what it computes is seen
/// outside it per lane.
void UniformityBuilder::markDivergentLoop(const Loop &L) {
  if (!Info.DivergentLoopHeaders.insert(L.getHeader()).second)
    return;
  LLVM_DEBUG(dbgs() << "divergent loop at " << L.getHeader()->getName()
                    << "\n");
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      for (const User *U : I.users()) {
        const auto *UserInst = dyn_cast<Instruction>(U);
        if (!UserInst || L.contains(UserInst))
          continue;
        // An LCSSA phi carries the value out: it alone varies.
        if (isa<PHINode>(UserInst))
          markVarying(*UserInst);
        else
          markVarying(I);
      }
}

UniformityInfo UniformityAnalysis::run(Function &F,
                                       FunctionAnalysisManager &FAM) {
  UniformityInfo Info(F);
  UniformityBuilder(F, FAM.getResult<LoopAnalysis>(F),
                    FAM.getResult<PostDominatorTreeAnalysis>(F), Info)
      .run();
  return Info;
}

void UniformityInfo::print(raw_ostream &OS) const {
  OS << "Uniformity of '" << F->getName() << "':\n";
  for (const Argument &Arg : F->args())
    OS << "  " << (isVarying(&Arg) ? "varying" : "uniform") << " argument "
       << Arg << "\n";
  for (const BasicBlock &BB : *F) {
    if (isJoinBlock(&BB))
      OS << "  join block %" << BB.getName() << "\n";
    for (const Instruction &I : BB) {
      if (isDivergentBranch(&I))
        OS << "  divergent branch:" << I << "\n";
      else if (!I.getType()->isVoidTy())
        OS << "  " << (isVarying(&I) ? "varying:" : "uniform:") << I << "\n";
    }
  }
  for (const BasicBlock &BB : *F)
    if (DivergentLoopHeaders.contains(&BB))
      OS << "  divergent loop %" << BB.getName() << "\n";
}

PreservedAnalyses UniformityPrinterPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  FAM.getResult<UniformityAnalysis>(F).print(OS);
  return PreservedAnalyses::all();
}

} // namespace vecz
