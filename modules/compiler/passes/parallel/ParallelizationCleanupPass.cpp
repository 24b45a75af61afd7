//===- ParallelizationCleanupPass.cpp - Drop what broke -------------------===//
///
/// \file
/// See compiler/passes/parallel/ParallelizationCleanupPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/parallel/ParallelizationCleanupPass.h"

#include "compiler/analysis/ParallelLoops.h"
#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <iterator>
#include <optional>
#include <string>

#define DEBUG_TYPE "parallelization-cleanup"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumRegionsKept, "Number of parallel regions found valid");
STATISTIC(NumRegionsDropped, "Number of parallel regions made serial");
STATISTIC(NumCopiesAdopted,
          "Number of copies of parallel loops given their marks back");

namespace compiler {
namespace utils {

namespace {

/// Why a region cannot run in parallel; nothing when it can.
using Verdict = std::optional<std::string>;

/// The name \p V has in the source, if it says: the variable a debug
/// record gives it (with -g), or its value's name without the suffixes the
/// compiler adds (`sum.addr`, `x.i` for an inlined copy, `s.0`,
/// `sum.promoted`), when what is left is an identifier (not a temporary of
/// Clang's, `atomic-temp`); for a value carried round a loop, the variable
/// whose load it starts from.
std::optional<std::string> getSourceName(const Value &V) {
  SmallVector<DbgVariableIntrinsic *, 2> Records;
  findDbgUsers(Records, const_cast<Value *>(&V));
  for (const DbgVariableIntrinsic *Record : Records)
    if (const DILocalVariable *Variable = Record->getVariable();
        Variable && !Variable->getName().empty())
      return Variable->getName().str();
  StringRef Name = V.getName();
  while (true) {
    size_t Dot = Name.rfind('.');
    if (Dot == StringRef::npos)
      break;
    StringRef Suffix = Name.substr(Dot + 1);
    bool Added = Suffix == "addr" || Suffix == "i" || Suffix == "lcssa" ||
                 Suffix == "next" || Suffix == "val" || Suffix == "promoted" ||
                 (!Suffix.empty() && all_of(Suffix, isDigit));
    if (!Added)
      break;
    Name = Name.take_front(Dot);
  }
  bool Identifier = !Name.empty() && !isDigit(Name.front()) &&
                    all_of(Name, [](char C) { return isAlnum(C) || C == '_'; });
  if (Identifier)
    return Name.str();
  // A value carried round a loop that SROA named after its update
  // (`%add13.i`): the variable it starts from names it, the load of its
  // slot before the loop (`%sum.promoted`).
  if (const auto *Phi = dyn_cast<PHINode>(&V))
    for (const Value *Incoming : Phi->incoming_values())
      if (isa<LoadInst>(Incoming) || isa<Argument>(Incoming))
        if (std::optional<std::string> Name = getSourceName(*Incoming))
          return Name;
  return std::nullopt;
}

/// ` (line N)` where \p I comes from, if it says.
std::string describeLine(const Instruction &I) {
  const DebugLoc &Loc = I.getDebugLoc();
  return Loc && Loc.getLine() ? " (line " + std::to_string(Loc.getLine()) + ")"
                              : std::string();
}

/// \p V for a user: `'sum'`, or `a value` and its line.
std::string describe(const Value &V) {
  if (std::optional<std::string> Name = getSourceName(V))
    return "'" + *Name + "'";
  if (const auto *I = dyn_cast<Instruction>(&V))
    return "a value" + describeLine(*I);
  return "a value";
}

/// What \p I does to memory, for a user: `a store to 'out' (line 12)`.
std::string describeAccess(const Instruction &I) {
  std::string Text;
  const Value *Pointer = getLoadStorePointerOperand(&I);
  if (isa<LoadInst>(I)) {
    Text = "a load from";
  } else if (isa<StoreInst>(I)) {
    Text = "a store to";
  } else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Text = "an atomic update of";
    Pointer = RMW->getPointerOperand();
  } else if (const auto *Exchange = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Text = "an atomic compare-and-swap of";
    Pointer = Exchange->getPointerOperand();
  } else if (const auto *Call = dyn_cast<CallBase>(&I)) {
    const Function *Callee = Call->getCalledFunction();
    Text = Callee ? "a call of '" + Callee->getName().str() + "'"
                  : std::string("an indirect call");
  } else {
    Text = "an access to memory";
  }
  if (Pointer) {
    std::optional<std::string> Name =
        getSourceName(*getUnderlyingObject(Pointer));
    Text += Name ? " '" + *Name + "'" : std::string(" memory");
  }
  return Text + describeLine(I);
}

/// \p L for a user: `the loop at line 12`, or `a loop`.
std::string describeLoop(const Loop &L) {
  if (DebugLoc Loc = L.getStartLoc(); Loc && Loc.getLine())
    return "the loop at line " + std::to_string(Loc.getLine());
  return "a loop";
}

/// The access groups \p L's `llvm.loop.parallel_accesses` lists.
SmallPtrSet<const MDNode *, 4> getParallelAccessGroups(const Loop &L) {
  SmallPtrSet<const MDNode *, 4> Groups;
  if (const MDNode *Property =
          findOptionMDForLoop(&L, "llvm.loop.parallel_accesses"))
    for (const MDOperand &Group : drop_begin(Property->operands()))
      if (const auto *Node = dyn_cast<MDNode>(Group))
        Groups.insert(Node);
  return Groups;
}

/// Whether \p I's `!llvm.access.group` (one group, or a list of them)
/// names one of \p Groups.
bool isInAccessGroup(const Instruction &I,
                     const SmallPtrSetImpl<const MDNode *> &Groups) {
  const MDNode *Group = I.getMetadata(LLVMContext::MD_access_group);
  if (!Group)
    return false;
  if (Group->getNumOperands() == 0)
    return Groups.contains(Group);
  return any_of(Group->operands(), [&](const MDOperand &Op) {
    return Groups.contains(dyn_cast<MDNode>(Op));
  });
}

/// Whether every pointer \p I touches memory through is a stack slot used
/// only in \p L.
bool touchesOnlyPrivateSlots(const Instruction &I, const Loop &L) {
  SmallVector<const Value *, 2> Pointers;
  if (const Value *Pointer = getLoadStorePointerOperand(&I))
    Pointers.push_back(Pointer);
  else if (const auto *Transfer = dyn_cast<AnyMemIntrinsic>(&I)) {
    Pointers.push_back(Transfer->getRawDest());
    if (const auto *Copy = dyn_cast<AnyMemTransferInst>(Transfer))
      Pointers.push_back(Copy->getRawSource());
  } else {
    return false;
  }
  return all_of(Pointers, [&](const Value *Pointer) {
    const auto *Slot = dyn_cast<AllocaInst>(getUnderlyingObject(Pointer));
    return Slot && isPrivateToLoop(*Slot, L);
  });
}

/// Calls that say nothing about the memory a loop shares: debug info,
/// lifetimes, assumptions, and the form's own intrinsics.
bool isBookkeeping(const Instruction &I) {
  if (isa<DbgInfoIntrinsic>(I) || isa<AssumeInst>(I) ||
      I.isLifetimeStartOrEnd())
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    if (II->getIntrinsicID() == Intrinsic::experimental_noalias_scope_decl ||
        II->getIntrinsicID() == Intrinsic::sideeffect)
      return true;
  const auto *Call = dyn_cast<CallInst>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && identifyParallelIntrinsic(*Callee);
}

/// The reduction kind of \p I when it is one operation of a reduction: a
/// binary operator or a min/max intrinsic that LLVM's vectorizer leaves in
/// a vector reduction's chain.
std::optional<RecurKind> getReductionOperationKind(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::Add:
    return RecurKind::Add;
  case Instruction::Mul:
    return RecurKind::Mul;
  case Instruction::And:
    return RecurKind::And;
  case Instruction::Or:
    return RecurKind::Or;
  case Instruction::Xor:
    return RecurKind::Xor;
  case Instruction::FAdd:
    return RecurKind::FAdd;
  case Instruction::FMul:
    return RecurKind::FMul;
  default:
    break;
  }
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return std::nullopt;
  switch (II->getIntrinsicID()) {
  case Intrinsic::smin:
    return RecurKind::SMin;
  case Intrinsic::smax:
    return RecurKind::SMax;
  case Intrinsic::umin:
    return RecurKind::UMin;
  case Intrinsic::umax:
    return RecurKind::UMax;
  case Intrinsic::minnum:
    return RecurKind::FMin;
  case Intrinsic::maxnum:
    return RecurKind::FMax;
  default:
    return std::nullopt;
  }
}

/// The one user of \p V inside \p L, or null when it has none or several.
Instruction *getOnlyUserInLoop(Value &V, const Loop &L) {
  Instruction *Only = nullptr;
  for (User *U : V.users()) {
    auto *UserInst = cast<Instruction>(U);
    if (!L.contains(UserInst))
      continue;
    if (Only && Only != UserInst)
      return nullptr;
    Only = UserInst;
  }
  return Only;
}

/// The kind of the reduction \p Phi is the start of, when it is a chain of
/// operations of one kind, each the only user in \p L of the one before,
/// from \p Phi to the value it takes from the latch: the form a vector
/// reduction takes after the loop vectorizer and unrolling, which
/// RecurrenceDescriptor (scalars only) does not recognise. The chain goes
/// in \p Chain.
std::optional<RecurKind>
matchReductionChain(PHINode &Phi, const Loop &L,
                    SmallVectorImpl<Instruction *> &Chain) {
  Value *Update = Phi.getIncomingValueForBlock(L.getLoopLatch());
  std::optional<RecurKind> Kind;
  Value *Link = &Phi;
  while (Link != Update) {
    Instruction *Next = getOnlyUserInLoop(*Link, L);
    std::optional<RecurKind> NextKind =
        Next ? getReductionOperationKind(*Next) : std::nullopt;
    // Each operation takes the chain once: `add %v, %v` doubles, it does not
    // reduce.
    if (!NextKind || (Kind && *Kind != *NextKind) ||
        count(Next->operands(), Link) != 1)
      return std::nullopt;
    Kind = NextKind;
    Chain.push_back(Next);
    Link = Next;
  }
  if (!Kind || getOnlyUserInLoop(*Update, L) != &Phi)
    return std::nullopt;
  return Kind;
}

/// Checks one region of a function against the IR as it now is.
class RegionChecker {
public:
  RegionChecker(DominatorTree &DT, LoopInfo &LI, ScalarEvolution &SE)
      : DT(DT), LI(LI), SE(SE) {}

  Verdict check(const ParallelRegion &Region) {
    if (!Region.Id)
      return "its region lost its identity (!loom.parallel.region)";
    if (!Region.OtherUsers.empty())
      return "its region token is used by " +
             describe(*Region.OtherUsers.front());
    if (Region.Exits.empty())
      return "its region has no end any more";
    SmallPtrSet<BasicBlock *, 16> Blocks;
    if (Verdict Open = collectRegionBlocks(Region, Blocks))
      return Open;
    SmallVector<Loop *, 2> Loops;
    if (Verdict Bad = collectRegionLoops(Region, Blocks, Loops))
      return Bad;
    for (CallInst *Query : Region.Queries)
      if (none_of(Loops, [&](Loop *L) { return L->contains(Query); }))
        return "the worker index or count is asked outside its loop";
    SharedSlots.clear();
    for (CallInst *Shared : Region.SharedMemory)
      SharedSlots.insert(
          getUnderlyingObject(Shared->getArgOperand(1)->stripPointerCasts()));
    for (Loop *L : Loops)
      if (Verdict Bad = checkLoop(*L))
        return Bad;
    return std::nullopt;
  }

private:
  /// The blocks from the region's entry up to its exits, or why the region
  /// is not closed.
  Verdict collectRegionBlocks(const ParallelRegion &Region,
                              SmallPtrSetImpl<BasicBlock *> &Blocks) {
    SmallPtrSet<const BasicBlock *, 4> ExitBlocks;
    for (CallInst *Exit : Region.Exits)
      ExitBlocks.insert(Exit->getParent());
    BasicBlock *Start = Region.Entry->getParent();
    SmallVector<BasicBlock *, 16> Work = {Start};
    Blocks.insert(Start);
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      // An exit ends the region (in the entry's own block, the exit comes
      // after the entry: it uses the entry's token).
      if (ExitBlocks.contains(BB))
        continue;
      if (isa<ReturnInst>(BB->getTerminator()))
        return "a path from the start of its region returns without passing "
               "its end";
      for (BasicBlock *Succ : successors(BB))
        if (Blocks.insert(Succ).second)
          Work.push_back(Succ);
    }
    return std::nullopt;
  }

  /// The outermost loops inside the region, which must be its work, or why
  /// they are not.
  Verdict collectRegionLoops(const ParallelRegion &Region,
                             const SmallPtrSetImpl<BasicBlock *> &Blocks,
                             SmallVectorImpl<Loop *> &Loops) {
    BasicBlock *Start = Region.Entry->getParent();
    for (Loop *Around = LI.getLoopFor(Start); Around;
         Around = Around->getParentLoop())
      if (const MDNode *Other = getParallelLoopRegion(*Around))
        if (Other != Region.Id)
          return std::string("it is inside the parallel loop of another "
                             "region: nested regions run serially");
    SetVector<Loop *> Inside;
    for (BasicBlock *BB : Blocks) {
      Loop *L = LI.getLoopFor(BB);
      if (!L || L->contains(Start))
        continue;
      while (L->getParentLoop() && !L->getParentLoop()->contains(Start))
        L = L->getParentLoop();
      Inside.insert(L);
    }
    if (Inside.empty())
      return std::string("its region holds no loop any more");
    SmallVector<Loop *, 2> Marked;
    copy_if(Inside, std::back_inserter(Marked),
            [&](Loop *L) { return getParallelLoopRegion(*L) == Region.Id; });
    for (Loop *L : Inside)
      if (getParallelLoopRegion(*L) != Region.Id && !adoptCopy(*L, Marked))
        return describeLoop(*L) +
               " in its region is not marked as the region's work, and "
               "none of its accesses to memory is in an access group of a "
               "loop that is";
    for (Loop *L : getLoopsOfRegion(LI, Region.Id))
      if (!Inside.contains(L))
        return describeLoop(*L) +
               " is marked as the work of a region it is not in";
    Loops.append(Inside.begin(), Inside.end());
    return std::nullopt;
  }

  /// Gives \p Copy the marks of the loop of \p Marked it was made from, if
  /// it has the marks of none: LLVM's runtime unrolling, unswitching and
  /// versioning make copies of a loop without its id, but the copy's
  /// instructions keep their access groups, which say whose copy it is.
  /// The copy is then checked as any loop of the region.
  bool adoptCopy(Loop &Copy, ArrayRef<Loop *> Marked) {
    if (getParallelLoopRegion(Copy))
      return false;
    for (Loop *Original : Marked) {
      SmallPtrSet<const MDNode *, 4> Groups =
          getParallelAccessGroups(*Original);
      bool SharesAGroup = any_of(Copy.blocks(), [&](BasicBlock *BB) {
        return any_of(
            *BB, [&](Instruction &I) { return isInAccessGroup(I, Groups); });
      });
      if (!SharesAGroup)
        continue;
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": the loop at '"
                        << Copy.getHeader()->getName()
                        << "' takes the marks of the loop at '"
                        << Original->getHeader()->getName() << "'\n");
      copyParallelLoopMarks(Copy, *Original);
      simplifyLoop(&Copy, &DT, &LI, &SE, /*AC=*/nullptr, /*MSSAU=*/nullptr,
                   /*PreserveLCSSA=*/false);
      ++NumCopiesAdopted;
      Changed = true;
      return true;
    }
    return false;
  }

  Verdict checkLoop(Loop &L) {
    if (!L.getLoopPreheader() || !L.getLoopLatch())
      return describeLoop(L) + " has more than one entry or latch";
    if (!L.getExitBlock())
      return describeLoop(L) + " has more than one exit";
    if (isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)))
      return "the trip count of " + describeLoop(L) + " cannot be computed";
    SmallPtrSet<const Instruction *, 4> ReductionResults;
    if (Verdict Bad = checkHeaderPhis(L, ReductionResults))
      return Bad;
    if (Verdict Bad = checkLiveOuts(L, ReductionResults))
      return Bad;
    return checkMemory(L);
  }

  /// Makes \p Phi, a declared `&&` or `||` reduction on an integer as C
  /// writes it (`x = zext((x != 0) && c)`, whose short circuit is a select
  /// after SROA), the `and` or `or` reduction it amounts to on 0 and 1: the
  /// start value made 0 or 1 before the loop, then `x & zext(c)` (or `|`),
  /// which LLVM's recurrences recognise. Returns whether it did.
  bool makeLogicalReductionBitwise(PHINode &Phi, Loop &L,
                                   ArrayRef<RecurKind> Declared) {
    BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
    if (!Preheader || !Latch || Phi.getNumIncomingValues() != 2 ||
        !Phi.getType()->isIntegerTy() || !Phi.hasOneUse())
      return false;
    auto *Test = dyn_cast<ICmpInst>(*Phi.user_begin());
    ICmpInst::Predicate Predicate;
    if (!Test || !Test->hasOneUse() ||
        !match(Test, m_ICmp(Predicate, m_Specific(&Phi), m_Zero())) ||
        Predicate != ICmpInst::ICMP_NE)
      return false;
    auto *Widened = dyn_cast<ZExtInst>(Phi.getIncomingValueForBlock(Latch));
    if (!Widened || !L.contains(Widened))
      return false;
    auto *Logical = dyn_cast<Instruction>(Widened->getOperand(0));
    Value *Other = nullptr;
    RecurKind Kind;
    if (!Logical || !Logical->hasOneUse())
      return false;
    if (match(Logical, m_c_LogicalAnd(m_Specific(Test), m_Value(Other))))
      Kind = RecurKind::And;
    else if (match(Logical, m_c_LogicalOr(m_Specific(Test), m_Value(Other))))
      Kind = RecurKind::Or;
    else
      return false;
    if (!is_contained(Declared, Kind))
      return false;
    Type *Ty = Phi.getType();
    IRBuilder<> B(Preheader->getTerminator());
    Value *Start = Phi.getIncomingValueForBlock(Preheader);
    Value *StartBit = B.CreateZExt(
        B.CreateICmpNE(Start, ConstantInt::get(Ty, 0)), Ty, "logical.start");
    B.SetInsertPoint(&Phi);
    PHINode *Bits = B.CreatePHI(Ty, 2, Phi.getName() + ".bits");
    B.SetInsertPoint(Widened);
    Value *Term = B.CreateZExt(Other, Ty);
    Value *Update = Kind == RecurKind::And ? B.CreateAnd(Bits, Term)
                                           : B.CreateOr(Bits, Term);
    Bits->addIncoming(StartBit, Preheader);
    Bits->addIncoming(Update, Latch);
    Widened->replaceAllUsesWith(Update);
    Phi.replaceAllUsesWith(PoisonValue::get(Ty));
    Widened->eraseFromParent();
    Logical->eraseFromParent();
    Test->eraseFromParent();
    Phi.eraseFromParent();
    return true;
  }

  bool isAffineRecurrence(Instruction &I, const Loop &L) {
    if (!SE.isSCEVable(I.getType()))
      return false;
    const auto *AddRec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&I));
    return AddRec && AddRec->getLoop() == &L && AddRec->isAffine();
  }

  /// Every header phi must be an affine induction or a declared reduction,
  /// whose results go in \p ReductionResults.
  Verdict checkHeaderPhis(Loop &L,
                          SmallPtrSetImpl<const Instruction *> &Results) {
    SmallVector<RecurKind, 4> Declared = getDeclaredReductions(L);
    for (PHINode &Phi : make_early_inc_range(L.getHeader()->phis()))
      if (makeLogicalReductionBitwise(Phi, L, Declared)) {
        SE.forgetLoop(&L);
        Changed = true;
      }
    bool HasInduction = false;
    for (PHINode &Phi : L.getHeader()->phis()) {
      if (isAffineRecurrence(Phi, L)) {
        HasInduction = true;
        continue;
      }
      std::optional<RecurKind> Kind;
      SmallVector<Instruction *, 4> Chain;
      RecurrenceDescriptor Reduction;
      if (RecurrenceDescriptor::isReductionPHI(&Phi, &L, Reduction,
                                               /*DB=*/nullptr, /*AC=*/nullptr,
                                               &DT, &SE)) {
        Kind = Reduction.getRecurrenceKind();
        Chain.push_back(Reduction.getLoopExitInstr());
      } else {
        Kind = matchReductionChain(Phi, L, Chain);
      }
      if (Kind) {
        if (isDeclaredReduction(*Kind, Declared)) {
          Results.insert(&Phi);
          Results.insert(Chain.back());
          continue;
        }
        StringRef Name = getReductionName(*Kind);
        return describe(Phi) + " carries an undeclared " +
               (Name.empty() ? std::string("reduction")
                             : "'" + Name.str() + "' reduction") +
               " from one iteration to the next";
      }
      return describe(Phi) +
             " carries a value from one iteration to the next that is "
             "neither an induction nor a reduction with one update";
    }
    if (!HasInduction)
      return describeLoop(L) + " has no induction variable";
    return std::nullopt;
  }

  Verdict checkLiveOuts(const Loop &L,
                        const SmallPtrSetImpl<const Instruction *> &Results) {
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB) {
        // A reduction's result is combined from the workers'; an
        // induction's last value follows from the trip count.
        if (Results.contains(&I) || isAffineRecurrence(I, L))
          continue;
        for (const User *U : I.users())
          if (!L.contains(cast<Instruction>(U)))
            return describe(I) +
                   ", computed in the loop, is used after it and is not a "
                   "reduction's result";
      }
    return std::nullopt;
  }

  Verdict checkMemory(const Loop &L) {
    SmallPtrSet<const MDNode *, 4> Groups = getParallelAccessGroups(L);
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB) {
        if (isBookkeeping(I))
          continue;
        if (const auto *Call = dyn_cast<CallBase>(&I))
          if (Call->isConvergent())
            return "the loop makes " + describeAccess(*Call) +
                   ", which every worker must reach together";
        if (!I.mayReadOrWriteMemory() || isInAccessGroup(I, Groups) ||
            touchesOnlyPrivateSlots(I, L) || touchesSharedSlot(I))
          continue;
        return describeAccess(I) +
               " may touch memory shared between iterations, and the loop "
               "does not declare its iterations independent of it";
      }
    return std::nullopt;
  }

  /// Whether \p I is a load or store of memory the region marks shared
  /// (llvm.loom.parallel.shared): the program synchronizes the workers'
  /// accesses to it, whatever access group an optimization's new load or
  /// store lacks.
  bool touchesSharedSlot(const Instruction &I) const {
    const Value *Pointer = getLoadStorePointerOperand(&I);
    return Pointer && SharedSlots.contains(getUnderlyingObject(Pointer));
  }

  DominatorTree &DT;
  LoopInfo &LI;
  ScalarEvolution &SE;
  /// The memory the region being checked marks shared.
  SmallPtrSet<const Value *, 4> SharedSlots;

public:
  /// Whether a check changed the IR (a copy adopted).
  bool Changed = false;
};

/// Two accesses of a parallel loop to one memory object, one a store, that
/// touch the same element \p Distance iterations apart.
struct CarriedDependence {
  Instruction *From, *To;
  int64_t Distance;
};

/// The accesses of a loop DependenceAnalysis compares: at most this many,
/// pair by pair.
constexpr unsigned MaxComparedAccesses = 32;

/// A dependence between iterations of \p L that DependenceAnalysis proves:
/// two plain loads or stores of one object (not a stack slot, nor memory
/// the region shares under a lock), one a store, a constant number of L's
/// iterations apart. The region's access groups say there is none: the
/// source declared the iterations independent when they are not.
std::optional<CarriedDependence>
findCarriedDependence(const Loop &L, DependenceInfo &DI,
                      const SmallPtrSetImpl<const Value *> &SharedSlots) {
  SmallVector<Instruction *, 16> Accesses;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      const Value *Pointer = getLoadStorePointerOperand(&I);
      if (!Pointer || Accesses.size() == MaxComparedAccesses ||
          (isa<LoadInst>(I) && !cast<LoadInst>(I).isSimple()) ||
          (isa<StoreInst>(I) && !cast<StoreInst>(I).isSimple()))
        continue;
      const Value *Object = getUnderlyingObject(Pointer);
      if (!isa<AllocaInst>(Object) && !SharedSlots.contains(Object))
        Accesses.push_back(&I);
    }
  const unsigned Level = L.getLoopDepth();
  for (size_t A = 0; A < Accesses.size(); ++A)
    for (size_t B = A; B < Accesses.size(); ++B) {
      Instruction *From = Accesses[A], *To = Accesses[B];
      if ((!isa<StoreInst>(From) && !isa<StoreInst>(To)) ||
          getUnderlyingObject(getLoadStorePointerOperand(From)) !=
              getUnderlyingObject(getLoadStorePointerOperand(To)))
        continue;
      std::unique_ptr<Dependence> Found =
          DI.depends(From, To, /*PossiblyLoopIndependent=*/true);
      if (!Found || Found->isConfused() || Level > Found->getLevels())
        continue;
      const auto *Distance =
          dyn_cast_or_null<SCEVConstant>(Found->getDistance(Level));
      if (Distance && !Distance->isZero())
        return CarriedDependence{From, To, Distance->getAPInt().getSExtValue()};
    }
  return std::nullopt;
}

/// Warns of a dependence between the iterations of a loop of \p Region,
/// which runs in parallel as its source says, if DependenceAnalysis proves
/// one.
void warnOfCarriedDependences(const ParallelRegion &Region, LoopInfo &LI,
                              DependenceInfo &DI, const DebugLoc &Loc) {
  SmallPtrSet<const Value *, 4> SharedSlots;
  for (CallInst *Shared : Region.SharedMemory)
    SharedSlots.insert(
        getUnderlyingObject(Shared->getArgOperand(1)->stripPointerCasts()));
  for (Loop *L : getLoopsOfRegion(LI, Region.Id)) {
    std::optional<CarriedDependence> Found =
        findCarriedDependence(*L, DI, SharedSlots);
    if (!Found)
      continue;
    const Function &F = *L->getHeader()->getParent();
    const int64_t Apart =
        Found->Distance < 0 ? -Found->Distance : Found->Distance;
    emitWarning(F, Loc,
                "the iterations of a parallel loop depend on each other (in "
                "function '" +
                    F.getName() + "'): " + describeAccess(*Found->From) +
                    " and " + describeAccess(*Found->To) +
                    " touch the same element " + Twine(Apart) +
                    (Apart == 1 ? " iteration" : " iterations") +
                    " apart, and the loop runs in parallel as its source "
                    "declares its iterations independent");
    return;
  }
}

/// Where to say a region runs serially: its entry's location, or its first
/// loop's.
DebugLoc getRegionLocation(const ParallelRegion &Region, LoopInfo &LI) {
  if (DebugLoc Loc = Region.Entry->getDebugLoc())
    return Loc;
  for (Loop *L : getLoopsOfRegion(LI, Region.Id))
    if (DebugLoc Loc = L->getStartLoc())
      return Loc;
  return DebugLoc();
}

bool cleanUpFunction(Function &F, FunctionAnalysisManager &FAM) {
  SmallVector<ParallelRegion, 4> Regions = findParallelRegions(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  bool HasMarkedLoops = any_of(LI.getLoopsInPreorder(), [](Loop *L) {
    return getParallelLoopRegion(*L) != nullptr;
  });
  if (Regions.empty() && !HasMarkedLoops)
    return false;
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // The marked loops in simplified form (a preheader, one latch, dedicated
  // exits), which the optimizations need not leave them in: the checks and
  // the lowering assume it.
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    if (getParallelLoopRegion(*L))
      Changed |= simplifyLoop(L, &DT, &LI, &SE, /*AC=*/nullptr,
                              /*MSSAU=*/nullptr, /*PreserveLCSSA=*/false);
  RegionChecker Checker(DT, LI, SE);
  // Decide every region on the IR as the optimizations left it, then drop.
  SmallVector<std::pair<ParallelRegion *, std::string>, 4> Invalid;
  SmallVector<ParallelRegion *, 4> Kept;
  for (ParallelRegion &Region : Regions) {
    if (Verdict Reason = Checker.check(Region)) {
      Invalid.emplace_back(&Region, std::move(*Reason));
    } else {
      Kept.push_back(&Region);
      ++NumRegionsKept;
    }
  }
  if (!Kept.empty()) {
    auto &DI = FAM.getResult<DependenceAnalysis>(F);
    for (ParallelRegion *Region : Kept)
      warnOfCarriedDependences(*Region, LI, DI, getRegionLocation(*Region, LI));
  }
  Changed |= Checker.Changed;
  for (auto &[Region, Reason] : Invalid) {
    reportSerialRegion(*Region, getRegionLocation(*Region, LI), Reason);
    removeParallelRegion(*Region, LI);
    ++NumRegionsDropped;
    Changed = true;
  }
  // A loop naming a region that is gone runs serially as it is; only the
  // mark is left to remove.
  SmallPtrSet<const MDNode *, 4> Live;
  for (ParallelRegion &Region : Regions)
    if (Region.Entry)
      Live.insert(Region.Id);
  for (Loop *L : LI.getLoopsInPreorder())
    if (const MDNode *Id = getParallelLoopRegion(*L);
        Id && !Live.contains(Id)) {
      unmarkParallelLoop(*L);
      Changed = true;
    }
  return Changed;
}

} // namespace

PreservedAnalyses ParallelizationCleanupPass::run(Module &M,
                                                  ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !cleanUpFunction(F, FAM))
      continue;
    Changed = true;
    // Calls went and loop ids changed; the blocks did not.
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    FAM.invalidate(F, PA);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
