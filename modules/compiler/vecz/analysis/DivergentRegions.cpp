//===- DivergentRegions.cpp - Where control flow diverges -----------------===//
///
/// \file
/// See DivergentRegions.h. A region's run order is a topological order of
/// its blocks in which each loop counts as one node (its back edges left
/// out), expanded into the loop's own order: a divergent loop's body is
/// ordered the same way, a uniform loop is followed by its exit block.
///
//===----------------------------------------------------------------------===//

#include "analysis/DivergentRegions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <optional>

using namespace llvm;

namespace vecz {

namespace {

using BlockSet = SmallPtrSet<BasicBlock *, 16>;
using BranchPredicate = function_ref<bool(const Instruction &)>;
using LoopPredicate = function_ref<bool(const Loop &)>;

Error cannotLinearize(const BasicBlock &Where, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + Where.getParent()->getName() +
                               "' has divergent control flow " + Why +
                               " (not handled yet)");
}

/// The blocks reached from \p Branching's successors before \p Exit.
BlockSet collectBlocks(BasicBlock &Branching, BasicBlock &Exit) {
  BlockSet Blocks;
  SmallVector<BasicBlock *, 16> Stack(succ_begin(&Branching),
                                      succ_end(&Branching));
  while (!Stack.empty()) {
    BasicBlock *BB = Stack.pop_back_val();
    if (BB == &Exit || !Blocks.insert(BB).second)
      continue;
    append_range(Stack, successors(BB));
  }
  return Blocks;
}

/// Each block's place in its function, counted once per function: ordering
/// a region's blocks by it, region by region, then costs the region only.
using BlockPositions = DenseMap<const BasicBlock *, unsigned>;

BlockPositions numberBlocks(Function &F) {
  BlockPositions Positions;
  for (BasicBlock &BB : F)
    Positions[&BB] = Positions.size();
  return Positions;
}

/// \p Nodes ordered so that each comes after its predecessors among them
/// (\p Successors gives the edges); none when the edges form a cycle. Of
/// the nodes ready, the one made ready last goes first, and of those made
/// ready together the first in the function (\p Position): a path is followed
/// as far as it goes before its siblings, so the blocks a block dominates tend
/// to run together (which Boscc.h needs to branch around them).
std::optional<SmallVector<BasicBlock *, 8>> orderTopologically(
    ArrayRef<BasicBlock *> Nodes, const BlockPositions &Position,
    function_ref<SmallVector<BasicBlock *, 4>(BasicBlock *)> Successors) {
  DenseMap<const BasicBlock *, unsigned> Waiting;
  for (BasicBlock *Node : Nodes)
    for (BasicBlock *Succ : Successors(Node))
      ++Waiting[Succ];
  // A stack, each batch made ready pushed last in the function first.
  SmallVector<BasicBlock *, 8> Ready, Order, Batch;
  auto PushBatch = [&] {
    llvm::sort(Batch, [&](BasicBlock *A, BasicBlock *B) {
      return Position.lookup(A) > Position.lookup(B);
    });
    append_range(Ready, Batch);
    Batch.clear();
  };
  for (BasicBlock *Node : Nodes)
    if (!Waiting.lookup(Node))
      Batch.push_back(Node);
  PushBatch();
  while (!Ready.empty()) {
    BasicBlock *Node = Ready.pop_back_val();
    Order.push_back(Node);
    for (BasicBlock *Succ : Successors(Node))
      if (--Waiting[Succ] == 0)
        Batch.push_back(Succ);
    PushBatch();
  }
  if (Order.size() != Nodes.size())
    return std::nullopt;
  return Order;
}

bool isTwoWayOrUnconditional(const BasicBlock *BB) {
  return isa<BranchInst>(BB->getTerminator());
}

/// The outermost loop holding \p BB below \p Enclosing (a loop, or null
/// for the whole function) whose header is in \p Inside, if any.
const Loop *getOutermostLoopIn(const BasicBlock *BB, const LoopInfo &LI,
                               const BlockSet &Inside, const Loop *Enclosing) {
  const Loop *Outermost = nullptr;
  for (const Loop *L = LI.getLoopFor(BB); L && L != Enclosing;
       L = L->getParentLoop())
    if (Inside.contains(L->getHeader()))
      Outermost = L;
  return Outermost;
}

/// Builds the run order of a region's blocks or of a divergent loop's, and
/// the masked loops among them, inner loops before the loops holding them.
class Sequencer {
public:
  Sequencer(const LoopInfo &LI, const BlockPositions &Positions,
            BranchPredicate IsDivergentBranch, LoopPredicate IsDivergentLoop,
            SmallVectorImpl<MaskedLoop> &Loops)
      : LI(LI), Positions(Positions), IsDivergentBranch(IsDivergentBranch),
        IsDivergentLoop(IsDivergentLoop), Loops(Loops) {}

  /// \p Inside in run order: each block, or each loop taken as one node,
  /// after its predecessors (the back edges of \p Enclosing, the divergent
  /// loop whose blocks they are, left out, and its latch last); a loop
  /// expanded into its own order, a uniform loop followed by its exit block.
  /// Divergent loops may be left to \p Exit, the region's end.
  Expected<SmallVector<BasicBlock *, 8>> order(const BlockSet &Inside,
                                               const Loop *Enclosing,
                                               BasicBlock *Exit,
                                               const BasicBlock &Where);

private:
  Expected<MaskedLoop> buildMaskedLoop(const Loop &L);

  const LoopInfo &LI;
  const BlockPositions &Positions;
  BranchPredicate IsDivergentBranch;
  LoopPredicate IsDivergentLoop;
  SmallVectorImpl<MaskedLoop> &Loops;
};

Expected<SmallVector<BasicBlock *, 8>>
Sequencer::order(const BlockSet &Inside, const Loop *Enclosing,
                 BasicBlock *Exit, const BasicBlock &Where) {
  // Each block's node: itself, or the header of the outermost loop among
  // the blocks holding it (or whose exit block it is).
  DenseMap<BasicBlock *, BasicBlock *> NodeOf;
  SmallVector<BasicBlock *, 8> Nodes;
  DenseMap<BasicBlock *, SmallVector<BasicBlock *, 8>> LoopBlocks;
  for (BasicBlock *BB : Inside) {
    const Loop *L = getOutermostLoopIn(BB, LI, Inside, Enclosing);
    if (!L) {
      if (!isTwoWayOrUnconditional(BB))
        return cannotLinearize(Where, "through a switch");
      NodeOf.try_emplace(BB, BB);
      continue;
    }
    if (L->getHeader() != BB)
      continue;
    Expected<MaskedLoop> Masked = buildMaskedLoop(*L);
    if (!Masked)
      return Masked.takeError();
    auto IsLeftInside = [&](BasicBlock *To) {
      return Inside.contains(To) || (Masked->Divergent && To == Exit);
    };
    if (!all_of(Masked->ExitBlocks, IsLeftInside))
      return cannotLinearize(Where, Enclosing ? "in a loop left from a loop "
                                                "inside it"
                                              : "around a loop that leaves it");
    for (BasicBlock *Block : L->blocks())
      NodeOf[Block] = BB;
    // A uniform loop's exit block follows it: the loop is skipped to there.
    if (!Masked->Divergent)
      NodeOf[Masked->ExitBlocks.front()] = BB;
    SmallVector<BasicBlock *, 8> &Expanded = LoopBlocks[BB];
    Expanded = Masked->Blocks;
    if (!Masked->Divergent)
      Expanded.push_back(Masked->ExitBlocks.front());
    Loops.push_back(std::move(*Masked));
  }
  for (auto [BB, Node] : NodeOf)
    if (BB == Node)
      Nodes.push_back(BB);

  // The edges between nodes, gathered in one walk over the blocks: looking
  // them up node by node would walk every block once per node.
  BasicBlock *Header = Enclosing ? Enclosing->getHeader() : nullptr;
  DenseMap<BasicBlock *, SmallVector<BasicBlock *, 4>> NodeSuccessors;
  for (auto [BB, Node] : NodeOf) {
    SmallVector<BasicBlock *, 4> &Succs = NodeSuccessors[Node];
    for (BasicBlock *Succ : successors(BB))
      if (BasicBlock *To = NodeOf.lookup(Succ);
          To && To != Node && To != Header && !is_contained(Succs, To))
        Succs.push_back(To);
  }
  std::optional<SmallVector<BasicBlock *, 8>> Order =
      orderTopologically(Nodes, Positions, [&](BasicBlock *Node) {
        return NodeSuccessors.lookup(Node);
      });
  if (!Order)
    return cannotLinearize(Where, Enclosing ? "in an irreducible loop"
                                            : "around an irreducible loop");
  if (Enclosing) {
    // Nothing in the loop follows its latch's node.
    BasicBlock *Last = NodeOf.lookup(Enclosing->getLoopLatch());
    Order->erase(llvm::find(*Order, Last));
    Order->push_back(Last);
  }
  SmallVector<BasicBlock *, 8> Blocks;
  for (BasicBlock *Node : *Order) {
    auto Expanded = LoopBlocks.find(Node);
    if (Expanded == LoopBlocks.end())
      Blocks.push_back(Node);
    else
      append_range(Blocks, Expanded->second);
  }
  return Blocks;
}

Expected<MaskedLoop> Sequencer::buildMaskedLoop(const Loop &L) {
  BasicBlock &Header = *L.getHeader();
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Preheader || !Latch)
    return cannotLinearize(Header, "in a loop without a preheader or with "
                                   "more than one latch");
  // A uniform loop holding a divergent branch needs its blocks under
  // masks too: it is linearized as a divergent loop is, and its lanes all
  // leave it together.
  bool Divergent =
      IsDivergentLoop(L) || any_of(L.blocks(), [&](BasicBlock *BB) {
        return IsDivergentBranch(*BB->getTerminator());
      });
  MaskedLoop Masked{Preheader, &Header, Latch, {}, Divergent, {}};
  L.getUniqueExitBlocks(Masked.ExitBlocks);
  for (BasicBlock *Exit : Masked.ExitBlocks)
    if (!all_of(predecessors(Exit),
                [&](BasicBlock *Pred) { return L.contains(Pred); }))
      return cannotLinearize(Header, "in a loop whose exit block is also "
                                     "reached from outside it");
  if (!Divergent) {
    if (Masked.ExitBlocks.size() != 1)
      return cannotLinearize(Header, "in a uniform loop left to more than "
                                     "one block");
    Masked.Blocks.assign(L.block_begin(), L.block_end());
    return Masked;
  }
  BlockSet Inside(L.block_begin(), L.block_end());
  Expected<SmallVector<BasicBlock *, 8>> Order =
      order(Inside, &L, /*Exit=*/nullptr, Header);
  if (!Order)
    return Order.takeError();
  Masked.Blocks = std::move(*Order);
  return Masked;
}

/// The region from \p Branching (a divergent branch, or a divergent loop's
/// preheader) to \p Exit, where its paths reconverge.
Expected<DivergentRegion> buildRegion(BasicBlock &Branching, BasicBlock *Exit,
                                      const LoopInfo &LI,
                                      const BlockPositions &Positions,
                                      BranchPredicate IsDivergentBranch,
                                      LoopPredicate IsDivergentLoop) {
  if (!Exit)
    return cannotLinearize(Branching, "that does not reconverge");
  if (!isTwoWayOrUnconditional(&Branching))
    return cannotLinearize(Branching, "through a switch");
  BlockSet Inside = collectBlocks(Branching, *Exit);
  if (Inside.contains(&Branching))
    return cannotLinearize(Branching, "in a loop");
  auto FromInside = [&](BasicBlock *Pred) {
    return Pred == &Branching || Inside.contains(Pred);
  };
  for (BasicBlock *BB : Inside)
    if (!all_of(predecessors(BB), FromInside))
      return cannotLinearize(Branching, "entered from outside");

  DivergentRegion Region{&Branching, {}, Exit, {}};
  Sequencer Sequence(LI, Positions, IsDivergentBranch, IsDivergentLoop,
                     Region.Loops);
  Expected<SmallVector<BasicBlock *, 8>> Order =
      Sequence.order(Inside, /*Enclosing=*/nullptr, Exit, Branching);
  if (!Order)
    return Order.takeError();
  Region.Blocks = std::move(*Order);
  return Region;
}

/// A block outside the region from \p Branching to \p Exit that leads
/// into it other than through \p Branching, or null.
BasicBlock *findEntryFromOutside(BasicBlock &Branching, BasicBlock &Exit) {
  BlockSet Inside = collectBlocks(Branching, Exit);
  for (BasicBlock *BB : Inside)
    for (BasicBlock *Pred : predecessors(BB))
      if (Pred != &Branching && !Inside.contains(Pred))
        return Pred;
  return nullptr;
}

/// Widens the region from \p Branching to \p Exit until nothing enters it
/// but through its branching block (an unstructured jump into the middle
/// of an if): it starts instead where the jump and the branch part (their
/// nearest common dominator) and ends where all of it reconverges. The
/// blocks it takes in run under masks like the rest, which keeps them
/// right whatever their branches. False, with both left as they were, when
/// the region would leave the loop it is in, or when it is entered from a
/// block its start dominates: then a path runs from the region through its
/// end back into it (an exitless loop, whose post-dominators LLVM roots at
/// one of its blocks), and no wider start takes that path in.
bool closeRegion(BasicBlock *&Branching, BasicBlock *&Exit,
                 const DominatorTree &DT, const PostDominatorTree &PDT,
                 const LoopInfo &LI) {
  BasicBlock *Start = Branching, *End = Exit;
  const Loop *L = LI.getLoopFor(Start);
  while (BasicBlock *Entry = findEntryFromOutside(*Start, *End)) {
    // Each step moves the start strictly up the dominator tree, so the
    // widening ends.
    BasicBlock *Dominator = DT.findNearestCommonDominator(Start, Entry);
    if (Dominator == Start)
      return false;
    Start = Dominator;
    const DomTreeNode *Node = Start ? PDT.getNode(Start) : nullptr;
    if (!Node || !Node->getIDom() || !Node->getIDom()->getBlock() ||
        LI.getLoopFor(Start) != L)
      return false;
    End = PDT.findNearestCommonDominator(End, Node->getIDom()->getBlock());
    if (!End)
      return false;
  }
  Branching = Start;
  Exit = End;
  return true;
}

/// Whether every block of \p Inner is among \p Blocks.
bool isWithin(const DivergentRegion &Inner, const BlockSet &Blocks) {
  return Blocks.contains(Inner.Branching) &&
         all_of(Inner.Blocks,
                [&](BasicBlock *BB) { return Blocks.contains(BB); });
}

/// Where the paths leaving divergent loop \p L reconverge: the nearest
/// common post-dominator of its exit blocks.
BasicBlock *findLoopReconvergence(const Loop &L, const PostDominatorTree &PDT) {
  SmallVector<BasicBlock *, 2> Exits;
  L.getUniqueExitBlocks(Exits);
  if (Exits.empty())
    return nullptr;
  BasicBlock *Common = Exits.front();
  for (BasicBlock *Exit : drop_begin(Exits))
    if (Common)
      Common = PDT.findNearestCommonDominator(Common, Exit);
  return Common;
}

} // namespace

Expected<SmallVector<DivergentRegion, 4>>
findDivergentRegions(Function &F, const DominatorTree &DT,
                     const PostDominatorTree &PDT, const LoopInfo &LI,
                     BranchPredicate IsDivergentBranch,
                     LoopPredicate IsDivergentLoop) {
  SmallVector<DivergentRegion, 4> Regions;
  BlockSet Covered;
  const BlockPositions Positions = numberBlocks(F);
  ReversePostOrderTraversal<Function *> RPOT(&F);
  // A loop's header comes before its other blocks, a branch before the
  // blocks it leads to: a region is found from its first block.
  for (BasicBlock *BB : RPOT) {
    if (Covered.contains(BB))
      continue;
    const Loop *L = LI.getLoopFor(BB);
    bool DivergentLoop = L && L->getHeader() == BB && IsDivergentLoop(*L);
    if (!DivergentLoop && !IsDivergentBranch(*BB->getTerminator()))
      continue;
    BasicBlock *Branching = BB, *Exit = nullptr;
    if (DivergentLoop) {
      Branching = L->getLoopPreheader();
      if (!Branching)
        return cannotLinearize(*BB, "in a loop without a preheader");
      Exit = findLoopReconvergence(*L, PDT);
    } else if (const DomTreeNode *Node = PDT.getNode(BB);
               Node && Node->getIDom()) {
      Exit = Node->getIDom()->getBlock();
    }
    if (BasicBlock *Start = Branching;
        Exit && closeRegion(Branching, Exit, DT, PDT, LI) &&
        Branching != Start) {
      // Widened, it may hold regions found before: wholly, and it
      // linearizes them with the rest; or partly, and it cannot.
      BlockSet Widened = collectBlocks(*Branching, *Exit);
      Widened.insert(Branching);
      auto Overlaps = [&](const DivergentRegion &Earlier) {
        return Widened.contains(Earlier.Branching) ||
               any_of(Earlier.Blocks,
                      [&](BasicBlock *B) { return Widened.contains(B); });
      };
      if (!all_of(Regions, [&](const DivergentRegion &Earlier) {
            return !Overlaps(Earlier) || isWithin(Earlier, Widened);
          }))
        return cannotLinearize(*BB, "entered from outside, around part of "
                                    "another region");
      erase_if(Regions, Overlaps);
    }
    Expected<DivergentRegion> Region = buildRegion(
        *Branching, Exit, LI, Positions, IsDivergentBranch, IsDivergentLoop);
    if (!Region)
      return Region.takeError();
    Covered.insert(Region->Blocks.begin(), Region->Blocks.end());
    Regions.push_back(std::move(*Region));
  }
  return Regions;
}

SmallVector<const Loop *, 2> getLoopsLeftApart(const BasicBlock &Branching,
                                               const BasicBlock *Reconverge,
                                               const LoopInfo &LI) {
  SmallVector<const Loop *, 2> Left;
  for (const Loop *L = LI.getLoopFor(&Branching); L; L = L->getParentLoop())
    if (!Reconverge || !L->contains(Reconverge))
      Left.push_back(L);
  return Left;
}

RegionIndex::RegionIndex(ArrayRef<DivergentRegion> Regions) {
  for (const DivergentRegion &R : Regions) {
    for (const BasicBlock *BB : R.Blocks)
      RegionOf[BB] = &R;
    // Inner loops come first: a block's loop is the innermost holding it.
    for (const MaskedLoop &L : R.Loops) {
      for (const BasicBlock *BB : L.Blocks)
        LoopOf.try_emplace(BB, &L);
      for (const BasicBlock *Exit : L.ExitBlocks)
        ExitOf[Exit] = &L;
    }
    if (!ExitOf.count(R.Exit))
      JoinedAt[R.Exit] = &R;
  }
}

RegionIndex::Incoming RegionIndex::getIncoming(const BasicBlock *BB) const {
  if (const MaskedLoop *L = ExitOf.lookup(BB))
    return L->Divergent ? Incoming::LeftLoop : Incoming::Kept;
  if (const MaskedLoop *L = LoopOf.lookup(BB))
    return L->Divergent && BB != L->Header ? Incoming::Blended : Incoming::Kept;
  return RegionOf.count(BB) || JoinedAt.count(BB) ? Incoming::Blended
                                                  : Incoming::Kept;
}

std::pair<BasicBlock *, RegionIndex::MaskKind>
RegionIndex::getMaskOwner(BasicBlock *BB) const {
  // A uniform loop in a region runs under the mask of the lanes that enter
  // it, and every lane that enters a loop leaves it.
  if (const MaskedLoop *L = ExitOf.lookup(BB)) {
    if (L->ExitBlocks.size() == 1)
      return getMaskOwner(L->Preheader);
    return {BB, MaskKind::Left};
  }
  if (const MaskedLoop *L = LoopOf.lookup(BB)) {
    if (!L->Divergent)
      return getMaskOwner(L->Preheader);
    if (BB == L->Header)
      return {BB, MaskKind::Live};
  }
  if (!RegionOf.count(BB))
    return {BB, MaskKind::None};
  return {BB, MaskKind::Edges};
}

} // namespace vecz
