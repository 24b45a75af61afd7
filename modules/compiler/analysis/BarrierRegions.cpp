//===- BarrierRegions.cpp - A kernel cut at barriers ----------------------===//
///
/// \file
/// See compiler/analysis/BarrierRegions.h. The steps, on a copy of the kernel
/// that takes the live-variables pointer as an extra parameter:
///
/// 1. each barrier call gets a block of its own, and its continuation a
///    block of its own; barriers are numbered in a reverse post-order that
///    keeps each loop's blocks together;
/// 2. pure operations on constants, arguments and work-item builtins with
///    constant arguments are computed again at each use in another block,
///    and those builtins re-issued, so they never need storing;
/// 3. allocas and values live just after a barrier get a slot in the
///    live-variables block; phis store their incoming values at the end of
///    each predecessor, other values right after their definition, and every
///    use in another block loads the slot;
/// 4. each region is cloned from that copy: a new entry jumps to the
///    region's start, barrier blocks return the barrier's number, returns
///    return ExitRegion, and what the region cannot reach is deleted; it
///    keeps the kernel's attributes but those that hold only for the whole
///    kernel (its memory effects, noreturn).
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/BarrierRegions.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/UseRewriting.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// Inlining stops after this many calls: a backstop, since recursion (not
/// allowed in OpenCL C) is refused before inlining starts.
constexpr unsigned MaxBarrierInlines = 10000;

struct BarrierSite {
  BasicBlock *BarrierBlock;
  BasicBlock *Continuation;
  /// The barrier call's first argument, or all ones when not a constant.
  uint64_t Id;
};

/// A value's storage: for work-item i of n, `Offset * n + i * Stride`
/// bytes into the live variables, so each slot is one array over the
/// work-items and a loop over work-items reads it contiguously.
struct LiveSlot {
  Instruction *Value;
  uint64_t Offset;
  uint64_t Stride;
};

/// A copy of \p Kernel's body in a function that also takes the live
/// variables of the work-group: `ptr %live, i64 %wi.index, i64 %wi.count`.
Function *cloneWithLiveParameters(Function &Kernel) {
  LLVMContext &Ctx = Kernel.getContext();
  SmallVector<Type *, 8> Params(Kernel.getFunctionType()->param_begin(),
                                Kernel.getFunctionType()->param_end());
  Params.push_back(PointerType::get(Ctx, 0));
  Params.push_back(Type::getInt64Ty(Ctx));
  Params.push_back(Type::getInt64Ty(Ctx));
  auto *Ty =
      FunctionType::get(Type::getVoidTy(Kernel.getContext()), Params, false);
  Function *Body =
      Function::Create(Ty, GlobalValue::InternalLinkage,
                       Kernel.getName() + ".body", Kernel.getParent());
  ValueToValueMapTy VMap;
  for (unsigned I = 0; I < Kernel.arg_size(); ++I) {
    VMap[Kernel.getArg(I)] = Body->getArg(I);
    Body->getArg(I)->setName(Kernel.getArg(I)->getName());
  }
  Body->getArg(Kernel.arg_size())->setName("live");
  Body->getArg(Kernel.arg_size() + 1)->setName("wi.index");
  Body->getArg(Kernel.arg_size() + 2)->setName("wi.count");
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Body, &Kernel, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  // Cloning copied the kernel's linkage-related properties; local again.
  Body->setLinkage(GlobalValue::InternalLinkage);
  dropKernelProperties(*Body);
  dropMemoryEffectAttributes(*Body);
  // A kernel that never returns has regions that do, at its barriers: kept
  // on a region that work-item-loops calls out of line, `noreturn` would
  // make its caller's code after the call unreachable.
  Body->removeFnAttr(Attribute::NoReturn);
  return Body;
}

/// The node of \p L's level (the function's when null) that holds \p Block:
/// the block itself when \p L is its innermost loop, else the header of the
/// loop directly inside \p L that contains it; null when \p Block is
/// outside \p L.
BasicBlock *levelNode(BasicBlock *Block, const Loop *L, const LoopInfo &LI) {
  if (L && !L->contains(Block))
    return nullptr;
  Loop *Inner = LI.getLoopFor(Block);
  if (Inner == L)
    return Block;
  while (Inner->getParentLoop() != L)
    Inner = Inner->getParentLoop();
  return Inner->getHeader();
}

/// The nodes of \p L's level that \p Node leads to without leaving \p L
/// or going back to its header: a block's successors, an inner loop's exits.
SmallVector<BasicBlock *, 4> levelSuccessors(BasicBlock *Node, const Loop *L,
                                             const LoopInfo &LI) {
  SmallVector<BasicBlock *, 4> Targets;
  if (Loop *Inner = LI.getLoopFor(Node); Inner != L)
    Inner->getExitBlocks(Targets);
  else
    append_range(Targets, successors(Node));
  SmallVector<BasicBlock *, 4> Nodes;
  for (BasicBlock *Target : Targets) {
    BasicBlock *Next = levelNode(Target, L, LI);
    if (Next && Next != Node && !(L && Next == L->getHeader()) &&
        !is_contained(Nodes, Next))
      Nodes.push_back(Next);
  }
  return Nodes;
}

/// Appends the blocks of \p L (the function when null) reachable from
/// \p Entry in reverse post-order of a graph in which each inner loop is
/// one node: a loop's blocks come together, before any block its exits lead
/// to. The function's plain reverse post-order does not promise that: its
/// depth-first search may finish a loop's exit before the rest of the body.
void appendLoopContiguousOrder(BasicBlock *Entry, const Loop *L,
                               const LoopInfo &LI,
                               SmallVectorImpl<BasicBlock *> &Order) {
  SmallVector<BasicBlock *, 16> PostOrder;
  SmallPtrSet<BasicBlock *, 16> Visited{Entry};
  SmallVector<std::pair<BasicBlock *, SmallVector<BasicBlock *, 4>>, 8> Stack;
  Stack.emplace_back(Entry, levelSuccessors(Entry, L, LI));
  while (!Stack.empty()) {
    auto &[Node, Pending] = Stack.back();
    if (Pending.empty()) {
      PostOrder.push_back(Node);
      Stack.pop_back();
      continue;
    }
    BasicBlock *Next = Pending.pop_back_val();
    if (Visited.insert(Next).second)
      Stack.emplace_back(Next, levelSuccessors(Next, L, LI));
  }
  for (BasicBlock *Node : reverse(PostOrder)) {
    if (Loop *Inner = LI.getLoopFor(Node); Inner != L)
      appendLoopContiguousOrder(Node, Inner, LI, Order);
    else
      Order.push_back(Node);
  }
}

/// Gives each barrier call a block of its own, then numbers the barriers in
/// a reverse post-order in which each loop's blocks come together
/// (appendLoopContiguousOrder): Sites[k - 1] is barrier k. So a barrier
/// inside a loop numbers below every barrier after the loop, which
/// smallest-first scheduling needs when work-items leave the loop after
/// different numbers of iterations.
SmallVector<BarrierSite, 4> splitAtBarriers(Function &F,
                                            const BuiltinInfo &BI) {
  SmallVector<CallInst *, 4> Barriers;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && BI.isWorkGroupBarrier(*Callee))
        Barriers.push_back(Call);
  SmallPtrSet<BasicBlock *, 4> BarrierBlocks;
  for (CallInst *Barrier : Barriers) {
    BasicBlock *Block = SplitBlock(Barrier->getParent(), Barrier);
    Block->setName("barrier");
    SplitBlock(Block, Barrier->getNextNode())->setName("barrier.cont");
    BarrierBlocks.insert(Block);
  }
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<BasicBlock *, 16> Order;
  appendLoopContiguousOrder(&F.getEntryBlock(), nullptr, LI, Order);
  SmallVector<BarrierSite, 4> Sites;
  for (BasicBlock *Block : Order)
    if (BarrierBlocks.contains(Block)) {
      auto *Id = dyn_cast<ConstantInt>(
          cast<CallInst>(Block->front()).getArgOperand(0));
      Sites.push_back({Block, Block->getSingleSuccessor(),
                       Id ? Id->getZExtValue() : ~uint64_t(0)});
    }
  return Sites;
}

/// Whether \p V is a call to a `readnone` mux builtin with constant
/// arguments, which gives the same value anywhere in the work-item.
bool isReissuableBuiltinCall(const Value &V, const BuiltinInfo &BI) {
  const auto *Call = dyn_cast<CallInst>(&V);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  std::optional<MuxBuiltin> B =
      Callee ? BI.identifyMuxBuiltin(*Callee) : std::nullopt;
  return B && (BuiltinInfo::getMuxBuiltinProperties(*B) & ReadNone) &&
         all_of(Call->args(), [](const Use &A) { return isa<Constant>(A); });
}

/// The most operations one value computed again at its uses may take.
constexpr unsigned MaxRecomputedOperations = 16;

/// Whether \p I is an operation that cannot trap and has no effect but its
/// value: arithmetic other than division, a cast, a compare, a select, an
/// address computation, or building a vector from lanes (a vector kernel's
/// splats and lane ids).
bool isPureOperation(const Instruction &I) {
  return (isa<BinaryOperator>(I) && !I.isIntDivRem()) || isa<CastInst>(I) ||
         isa<CmpInst>(I) || isa<SelectInst>(I) || isa<GetElementPtrInst>(I) ||
         isa<InsertElementInst>(I) || isa<ShuffleVectorInst>(I) ||
         isa<ExtractElementInst>(I);
}

/// Whether \p V has the same value wherever the work-item computes it: a
/// constant, an argument, a builtin call re-issuable as above, or pure
/// operations on such values, at most \p Budget of them.
bool isRecomputable(const Value &V, const BuiltinInfo &BI, unsigned &Budget) {
  if (isa<Constant>(V) || isa<Argument>(V) || isReissuableBuiltinCall(V, BI))
    return true;
  const auto *I = dyn_cast<Instruction>(&V);
  if (!I || !isPureOperation(*I) || Budget == 0)
    return false;
  --Budget;
  return all_of(I->operands(),
                [&](const Use &Op) { return isRecomputable(*Op, BI, Budget); });
}

/// Whether some use of \p I is in another block than \p I.
bool isUsedInOtherBlocks(const Instruction &I) {
  return any_of(I.uses(), [&](const Use &U) {
    return getInsertionPointForUse(U)->getParent() != I.getParent();
  });
}

/// Computes again, at its uses in other blocks, each pure operation on
/// values the work-item can have anywhere (a work-group's size, a divisor
/// made safe from it, an argument's bound): a few operations cost less
/// than a slot in the live variables, and leave the value visibly
/// invariant across the work-item loops, so that the optimizer hoists it
/// out of them. A copy's operands then have uses in its block, so the
/// operation's own operands are computed again in turn, until every copy
/// is next to its uses.
void rematerializePureOperations(Function &F, const BuiltinInfo &BI) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Instruction &I : instructions(F)) {
      unsigned Budget = MaxRecomputedOperations;
      if (!isPureOperation(I) || !isUsedInOtherBlocks(I) ||
          !isRecomputable(I, BI, Budget))
        continue;
      rewriteUses(
          I, [&](IRBuilder<> &Builder) { return Builder.Insert(I.clone()); },
          [&](const Use &U) {
            return getInsertionPointForUse(U)->getParent() != I.getParent();
          });
      Changed = true;
    }
  }
}

/// Re-issues each call to a `readnone` mux builtin with constant arguments
/// at its uses in other blocks: the call gives the same value anywhere in
/// the work-item, and is cheaper than a slot in the live variables.
void rematerializeWorkItemBuiltins(Function &F, const BuiltinInfo &BI) {
  for (Instruction &I : instructions(F)) {
    if (!isReissuableBuiltinCall(I, BI))
      continue;
    auto *Call = cast<CallInst>(&I);
    rewriteUses(
        *Call,
        [&](IRBuilder<> &Builder) { return Builder.Insert(Call->clone()); },
        [&](const Use &U) {
          return getInsertionPointForUse(U)->getParent() != Call->getParent();
        });
  }
}

/// Whether \p V is live at the start of some barrier's continuation: some
/// use is reachable from it without passing \p V's definition.
bool isLiveAfterABarrier(Instruction &V,
                         const SmallPtrSetImpl<BasicBlock *> &Continuations) {
  BasicBlock *DefBlock = V.getParent();
  SmallVector<BasicBlock *, 8> Worklist;
  for (Use &U : V.uses()) {
    BasicBlock *UseBlock = getInsertionPointForUse(U)->getParent();
    if (UseBlock != DefBlock)
      Worklist.push_back(UseBlock);
  }
  SmallPtrSet<BasicBlock *, 16> Seen;
  while (!Worklist.empty()) {
    BasicBlock *Block = Worklist.pop_back_val();
    if (Block == DefBlock || !Seen.insert(Block).second)
      continue;
    if (Continuations.contains(Block))
      return true;
    append_range(Worklist, predecessors(Block));
  }
  return false;
}

class LiveVariablesBuilder {
public:
  LiveVariablesBuilder(Function &F, Argument &Live, Argument &Index,
                       Argument &Count)
      : F(F), Live(Live), Index(Index), Count(Count),
        DL(F.getParent()->getDataLayout()) {}

  void build(const SmallPtrSetImpl<BasicBlock *> &Continuations);
  uint64_t size() const { return alignTo(End, Alignment); }
  uint64_t alignment() const { return Alignment; }

private:
  LiveSlot allocate(Instruction *V, uint64_t Size, Align A) {
    uint64_t Stride = alignTo(Size, A);
    uint64_t Offset = alignTo(End, A);
    End = Offset + Stride;
    Alignment = std::max<uint64_t>(Alignment, A.value());
    return {V, Offset, Stride};
  }
  Value *slotAddress(IRBuilder<> &Builder, const LiveSlot &Slot) {
    Value *Base =
        Builder.CreateMul(&Count, Builder.getInt64(Slot.Offset), "live.array");
    Value *Item =
        Builder.CreateMul(&Index, Builder.getInt64(Slot.Stride), "live.item");
    return Builder.CreateInBoundsGEP(
        Builder.getInt8Ty(), &Live,
        Builder.CreateAdd(Base, Item, "live.offset"), "live.slot");
  }
  void demotePhis(ArrayRef<LiveSlot> Phis);
  void demoteValue(const LiveSlot &Slot);
  void replaceAlloca(const LiveSlot &Slot);

  Function &F;
  Argument &Live;
  Argument &Index;
  Argument &Count;
  const DataLayout &DL;
  uint64_t End = 0;
  uint64_t Alignment = 1;
};

void LiveVariablesBuilder::build(
    const SmallPtrSetImpl<BasicBlock *> &Continuations) {
  SmallVector<LiveSlot, 4> Allocas;
  SmallVector<LiveSlot, 8> Phis, Values;
  for (Instruction &I : instructions(F)) {
    if (auto *Alloca = dyn_cast<AllocaInst>(&I)) {
      auto Bits = Alloca->getAllocationSizeInBits(DL);
      uint64_t Bytes = Bits ? Bits->getFixedSize() / 8 : 0;
      Allocas.push_back(allocate(Alloca, Bytes, Alloca->getAlign()));
    } else if (!I.getType()->isVoidTy() &&
               isLiveAfterABarrier(I, Continuations)) {
      LiveSlot Slot = allocate(&I, DL.getTypeAllocSize(I.getType()),
                               DL.getABITypeAlign(I.getType()));
      (isa<PHINode>(I) ? Phis : Values).push_back(Slot);
    }
  }
  // Phis first: their stores are new uses of incoming values that are
  // themselves demoted below.
  demotePhis(Phis);
  for (const LiveSlot &Slot : Values)
    demoteValue(Slot);
  for (const LiveSlot &Slot : Allocas)
    replaceAlloca(Slot);
}

/// Replaces \p Phis by slots: every use loads the slot, and each edge into
/// a phi's block stores the incoming value. The copies on one edge happen at
/// once, as phis do: every incoming value that is itself a demoted phi is
/// loaded before any slot is stored (else `t = a; a = b; b = t` loops would
/// read a slot already overwritten).
void LiveVariablesBuilder::demotePhis(ArrayRef<LiveSlot> Phis) {
  SmallDenseMap<Value *, const LiveSlot *, 8> SlotOf;
  MapVector<BasicBlock *, SmallVector<std::pair<Value *, const LiveSlot *>, 4>>
      Copies;
  for (const LiveSlot &Slot : Phis) {
    auto *Phi = cast<PHINode>(Slot.Value);
    SlotOf[Phi] = &Slot;
    for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I)
      Copies[Phi->getIncomingBlock(I)].push_back(
          {Phi->getIncomingValue(I), &Slot});
  }
  for (const LiveSlot &Slot : Phis) {
    auto *Phi = cast<PHINode>(Slot.Value);
    Type *Ty = Phi->getType();
    // Uses by demoted phis are the edge copies below.
    rewriteUses(
        *Phi,
        [&](IRBuilder<> &Builder) {
          return Builder.CreateLoad(Ty, slotAddress(Builder, Slot),
                                    Phi->getName() + ".live");
        },
        [&](const Use &U) { return !SlotOf.count(U.getUser()); });
  }
  for (auto &[Predecessor, Edge] : Copies) {
    IRBuilder<> Builder(Predecessor->getTerminator());
    SmallVector<Value *, 4> Incoming;
    for (auto &[Source, Destination] : Edge) {
      auto It = SlotOf.find(Source);
      Incoming.push_back(
          It == SlotOf.end()
              ? Source
              : Builder.CreateLoad(Source->getType(),
                                   slotAddress(Builder, *It->second)));
    }
    for (unsigned I = 0; I < Edge.size(); ++I)
      Builder.CreateStore(Incoming[I], slotAddress(Builder, *Edge[I].second));
  }
  for (const LiveSlot &Slot : Phis)
    Slot.Value->dropAllReferences();
  for (const LiveSlot &Slot : Phis)
    Slot.Value->eraseFromParent();
}

void LiveVariablesBuilder::demoteValue(const LiveSlot &Slot) {
  Instruction &V = *Slot.Value;
  IRBuilder<> Builder(V.getNextNode());
  StoreInst *Store = Builder.CreateStore(&V, slotAddress(Builder, Slot));
  Type *Ty = V.getType();
  rewriteUses(
      V,
      [&](IRBuilder<> &B) {
        return B.CreateLoad(Ty, slotAddress(B, Slot), V.getName() + ".live");
      },
      [&](const Use &U) {
        return U.getUser() != Store &&
               getInsertionPointForUse(U)->getParent() != V.getParent();
      });
}

void LiveVariablesBuilder::replaceAlloca(const LiveSlot &Slot) {
  auto &Alloca = cast<AllocaInst>(*Slot.Value);
  // Lifetime markers only apply to allocas; the slot lives as long as the
  // work-group.
  for (User *U : make_early_inc_range(Alloca.users()))
    if (auto *Intrinsic = dyn_cast<IntrinsicInst>(U);
        Intrinsic && Intrinsic->isLifetimeStartOrEnd())
      Intrinsic->eraseFromParent();
  rewriteUses(Alloca,
              [&](IRBuilder<> &Builder) { return slotAddress(Builder, Slot); });
  Alloca.eraseFromParent();
}

/// The blocks of the region that starts at \p Start: those reached from it
/// without passing one of \p BarrierBlocks, which end it, in \p Body's
/// order.
SmallVector<BasicBlock *, 16>
regionBlocks(Function &Body, BasicBlock &Start,
             const SmallDenseMap<BasicBlock *, unsigned, 8> &BarrierBlocks) {
  SmallPtrSet<BasicBlock *, 32> Reached;
  Reached.insert(&Start);
  SmallVector<BasicBlock *, 16> Worklist{&Start};
  while (!Worklist.empty()) {
    BasicBlock *Block = Worklist.pop_back_val();
    if (BarrierBlocks.count(Block))
      continue;
    for (BasicBlock *Successor : successors(Block))
      if (Reached.insert(Successor).second)
        Worklist.push_back(Successor);
  }
  SmallVector<BasicBlock *, 16> Blocks;
  for (BasicBlock &Block : Body)
    if (Reached.contains(&Block))
      Blocks.push_back(&Block);
  return Blocks;
}

/// Region \p Index of \p Body: from the entry (0) or from the continuation of
/// barrier \p Index, up to the next barrier or return. Only the region's
/// blocks are copied: a copy of the whole body per region, pruned after,
/// made kernels of many barriers quadratic to compile (doc/performance.md).
/// The region has no subprogram of its own: its instructions keep the
/// kernel's line table, which code generation drops.
Function *cloneRegion(Function &Body, unsigned Index,
                      ArrayRef<BarrierSite> Sites, const Twine &Name) {
  LLVMContext &Ctx = Body.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  SmallVector<Type *, 8> Params(Body.getFunctionType()->param_begin(),
                                Body.getFunctionType()->param_end());
  Function *Region =
      Function::Create(FunctionType::get(I32, Params, false),
                       GlobalValue::InternalLinkage, Name, Body.getParent());
  // The parameters are the body's, so are their attributes.
  Region->copyAttributesFrom(&Body);
  SmallVector<std::pair<unsigned, MDNode *>, 4> Attachments;
  Body.getAllMetadata(Attachments);
  for (const auto &[Kind, Node] : Attachments)
    if (Kind != LLVMContext::MD_dbg)
      Region->addMetadata(Kind, *Node);
  ValueToValueMapTy VMap;
  for (unsigned I = 0; I < Body.arg_size(); ++I) {
    VMap[Body.getArg(I)] = Region->getArg(I);
    Region->getArg(I)->setName(Body.getArg(I)->getName());
  }

  SmallDenseMap<BasicBlock *, unsigned, 8> BarrierNumber;
  for (unsigned K = 0; K < Sites.size(); ++K)
    BarrierNumber[Sites[K].BarrierBlock] = K + 1;
  BasicBlock &Start =
      Index > 0 ? *Sites[Index - 1].Continuation : Body.getEntryBlock();
  SmallVector<BasicBlock *, 16> Blocks =
      regionBlocks(Body, Start, BarrierNumber);
  BasicBlock *Entry =
      Index > 0 ? BasicBlock::Create(Ctx, "region.entry", Region) : nullptr;
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *Block : Blocks) {
    BasicBlock *Clone;
    if (auto Barrier = BarrierNumber.find(Block);
        Barrier != BarrierNumber.end()) {
      Clone = BasicBlock::Create(Ctx, Block->getName(), Region);
      ReturnInst::Create(Ctx, ConstantInt::get(I32, Barrier->second), Clone);
    } else {
      Clone = CloneBasicBlock(Block, VMap, "", Region);
    }
    VMap[Block] = Clone;
    // The region's own block, for the address a computed goto takes.
    if (Block->hasAddressTaken())
      VMap[BlockAddress::get(&Body, Block)] = BlockAddress::get(Region, Clone);
    Clones.push_back(Clone);
  }
  remapInstructionsInBlocks(Clones, VMap);
  if (Entry)
    BranchInst::Create(cast<BasicBlock>(VMap[&Start]), Entry);

  // Returns end the region, and edges into it from blocks it does not hold
  // (or from its barriers, which now return) are gone.
  SmallPtrSet<BasicBlock *, 32> InRegion(Blocks.begin(), Blocks.end());
  for (BasicBlock *Block : Blocks) {
    if (BarrierNumber.count(Block))
      continue;
    auto *Clone = cast<BasicBlock>(VMap[Block]);
    if (auto *Return = dyn_cast<ReturnInst>(Clone->getTerminator()))
      ReplaceInstWithInst(
          Return, ReturnInst::Create(Ctx, ConstantInt::get(I32, ExitRegion)));
    for (BasicBlock *Predecessor : predecessors(Block)) {
      if (!InRegion.contains(Predecessor))
        Clone->removePredecessor(Predecessor);
      else if (BarrierNumber.count(Predecessor))
        Clone->removePredecessor(cast<BasicBlock>(VMap[Predecessor]));
    }
  }
  removeUnreachableBlocks(*Region);
  markForInlining(*Region);
  return Region;
}

} // namespace

namespace {

bool callsBarrier(const Function &F, const BuiltinInfo &BI,
                  const SmallPtrSetImpl<const Function *> &WithBarriers) {
  for (const Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction())
        if (BI.isWorkGroupBarrier(*Callee) || WithBarriers.contains(Callee))
          return true;
  return false;
}

} // namespace

SmallPtrSet<const Function *, 8>
findFunctionsWithBarriers(const Module &M, const BuiltinInfo &BI) {
  SmallPtrSet<const Function *, 8> WithBarriers;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const Function &F : M)
      if (!F.isDeclaration() && !WithBarriers.contains(&F) &&
          callsBarrier(F, BI, WithBarriers))
        Grew = WithBarriers.insert(&F).second;
  }
  return WithBarriers;
}

namespace {

/// The first call in \p Kernel to one of \p WithBarriers, if any.
CallBase *
findCallWithBarriers(Function &Kernel,
                     const SmallPtrSetImpl<const Function *> &WithBarriers) {
  for (Instruction &I : instructions(Kernel))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (WithBarriers.contains(Call->getCalledFunction()))
        return Call;
  return nullptr;
}

/// A function of \p WithBarriers that \p F reaches through calls to them
/// and that calls itself through them, if any (a depth-first search;
/// \p OnPath holds the functions being searched, \p Done those searched).
const Function *
findRecursion(const Function &F,
              const SmallPtrSetImpl<const Function *> &WithBarriers,
              SmallPtrSetImpl<const Function *> &OnPath,
              SmallPtrSetImpl<const Function *> &Done) {
  if (Done.contains(&F))
    return nullptr;
  if (!OnPath.insert(&F).second)
    return &F;
  for (const Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && WithBarriers.contains(Callee))
        if (const Function *Recursive =
                findRecursion(*Callee, WithBarriers, OnPath, Done))
          return Recursive;
  OnPath.erase(&F);
  Done.insert(&F);
  return nullptr;
}

Error cannotInline(const Function &Kernel, const Function &Callee,
                   const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + Kernel.getName() +
                               "' reaches a barrier in '" + Callee.getName() +
                               "', which cannot be inlined: " + Why);
}

} // namespace

Expected<bool> inlineCallsWithBarriers(Function &Kernel,
                                       const BuiltinInfo &BI) {
  SmallPtrSet<const Function *, 8> WithBarriers =
      findFunctionsWithBarriers(*Kernel.getParent(), BI);
  SmallPtrSet<const Function *, 8> OnPath, Done;
  if (const Function *Recursive =
          findRecursion(Kernel, WithBarriers, OnPath, Done))
    return cannotInline(Kernel, *Recursive,
                        "it calls itself (OpenCL C has no recursion)");
  for (unsigned Inlined = 0;; ++Inlined) {
    CallBase *Target = findCallWithBarriers(Kernel, WithBarriers);
    if (!Target)
      break;
    const Function &Callee = *Target->getCalledFunction();
    if (Inlined == MaxBarrierInlines)
      return cannotInline(Kernel, Callee,
                          "more than " + Twine(MaxBarrierInlines) +
                              " calls inlined already");
    InlineFunctionInfo Info;
    InlineResult Result = InlineFunction(*Target, Info);
    if (!Result.isSuccess())
      return cannotInline(Kernel, Callee, Result.getFailureReason());
  }
  SmallPtrSet<const Function *, 1> None;
  return callsBarrier(Kernel, BI, None);
}

BarrierRegions buildBarrierRegions(Function &Kernel, const BuiltinInfo &BI) {
  Function *Body = cloneWithLiveParameters(Kernel);
  unsigned LiveArgs = Body->arg_size() - 3;
  SmallVector<BarrierSite, 4> Sites = splitAtBarriers(*Body, BI);
  rematerializePureOperations(*Body, BI);
  rematerializeWorkItemBuiltins(*Body, BI);

  SmallPtrSet<BasicBlock *, 8> Continuations;
  for (const BarrierSite &Site : Sites)
    Continuations.insert(Site.Continuation);
  LiveVariablesBuilder LiveVariables(*Body, *Body->getArg(LiveArgs),
                                     *Body->getArg(LiveArgs + 1),
                                     *Body->getArg(LiveArgs + 2));
  LiveVariables.build(Continuations);

  BarrierRegions Result;
  Result.LiveSize = LiveVariables.size();
  Result.LiveAlignment = LiveVariables.alignment();
  for (const BarrierSite &Site : Sites)
    Result.BarrierIds.push_back(Site.Id);
  std::string Prefix = (getOrigFnName(Kernel) + ".mux-barrier-region.").str();
  for (unsigned Index = 0; Index <= Sites.size(); ++Index)
    Result.Regions.push_back(
        cloneRegion(*Body, Index, Sites, Prefix + Twine(Index)));
  Body->eraseFromParent();
  return Result;
}

} // namespace utils
} // namespace compiler
