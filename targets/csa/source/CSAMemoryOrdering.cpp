//===- CSAMemoryOrdering.cpp - Which memory orderings sections drop -------===//
///
/// \file
/// See csa/CSAMemoryOrdering.h. Paths are explored from each memory
/// operation over states (block, backedges crossed so far, crossing flags of
/// the regions whose sections hold the operation); the state space is
/// finite, so each state is visited once.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAMemoryOrdering.h"

#include "csa/CSAIntrinsics.h"
#include "csa/ParallelSection.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

using namespace llvm;

#define DEBUG_TYPE "csa-memory-ordering"

namespace csa {

AnalysisKey CSAMemoryOrderingAnalysis::Key;

namespace {

/// Where a program point is with respect to one region.
enum class Place : uint8_t { Unknown, Outside, InRegion, InSection, Conflict };

Place join(Place A, Place B) {
  if (A == Place::Unknown)
    return B;
  if (B == Place::Unknown || A == B)
    return A;
  return Place::Conflict;
}

bool isRegionIntrinsic(CSAIntrinsic I) {
  return I == CSAIntrinsic::RegionEntry || I == CSAIntrinsic::RegionExit ||
         I == CSAIntrinsic::SectionEntry || I == CSAIntrinsic::SectionExit;
}

std::string describe(const Instruction &I) {
  std::string Text;
  raw_string_ostream OS(Text);
  I.print(OS);
  return StringRef(OS.str()).ltrim().str();
}

/// Path exploration limits: backedge sets are 64-bit masks, and the
/// crossing flags of up to 8 regions fit 32 bits.
constexpr unsigned MaxLoops = 64;
constexpr unsigned MaxTrackedRegions = 8;
/// Past this many memory operations the pairwise exploration is not worth
/// its cost: the function keeps full ordering.
constexpr unsigned MaxMemoryOps = 1024;

} // namespace

class MemoryOrderingBuilder {
public:
  MemoryOrderingBuilder(Function &F, LoopInfo &LI, MemoryOrdering &Result)
      : F(F), LI(LI), Result(Result) {}

  void build();

private:
  void error(const Twine &Message) { Result.Errors.push_back(Message.str()); }

  // CSA-10.
  void traceRegionIds(ArrayRef<CallInst *> Intrinsics);
  std::optional<uint32_t> traceToEntries(Value *V, CSAIntrinsic Entry,
                                         const CallInst &User);
  unsigned getRegionIndex(uint32_t Id);

  // CSA-11.
  void computePlaces();
  bool transfer(Instruction &I, SmallVectorImpl<Place> &State, bool Report);

  // CSA-12, 13.
  void explorePaths(Instruction &From);
  void findParallelLoops();
  int getBackedgeLoop(BasicBlock *From, BasicBlock *To) const;

  Function &F;
  LoopInfo &LI;
  MemoryOrdering &Result;

  SmallVector<uint32_t, 4> RegionIds;
  /// Region index of each region or section intrinsic.
  DenseMap<const Instruction *, unsigned> RegionOf;
  std::vector<BasicBlock *> Blocks;
  DenseMap<BasicBlock *, SmallVector<Place, 4>> EntryPlaces;
  std::vector<Instruction *> MemoryOps;
  DenseMap<const Instruction *, unsigned> MemoryOpIndex;
  /// The regions whose sections hold each memory operation.
  DenseMap<const Instruction *, SmallVector<unsigned, 2>> SectionsOf;
  SmallVector<Loop *, 8> Loops;
  DenseMap<const Loop *, unsigned> LoopIndex;
};

unsigned MemoryOrderingBuilder::getRegionIndex(uint32_t Id) {
  auto It = find(RegionIds, Id);
  if (It != RegionIds.end())
    return It - RegionIds.begin();
  RegionIds.push_back(Id);
  return RegionIds.size() - 1;
}

/// The one region id of the \p Entry calls \p V comes from, through phis and
/// selects; reports when there are several or \p V has another source.
std::optional<uint32_t>
MemoryOrderingBuilder::traceToEntries(Value *V, CSAIntrinsic Entry,
                                      const CallInst &User) {
  SmallVector<Value *, 4> Work = {V};
  SmallPtrSet<Value *, 8> Seen;
  SmallVector<uint32_t, 2> Ids;
  while (!Work.empty()) {
    Value *Next = Work.pop_back_val();
    if (!Seen.insert(Next).second)
      continue;
    if (auto *Phi = dyn_cast<PHINode>(Next)) {
      append_range(Work, Phi->incoming_values());
      continue;
    }
    if (auto *Select = dyn_cast<SelectInst>(Next)) {
      Work.append({Select->getTrueValue(), Select->getFalseValue()});
      continue;
    }
    CallInst *Call = getIntrinsicCall(Next, Entry);
    if (!Call) {
      error("'" + describe(User) + "' does not depend on " +
            getIntrinsicName(Entry) + " calls only");
      return std::nullopt;
    }
    std::optional<uint32_t> Id;
    if (Entry == CSAIntrinsic::RegionEntry) {
      if (auto *C = dyn_cast<ConstantInt>(Call->getArgOperand(0)))
        Id = C->getZExtValue();
    } else if (auto It = RegionOf.find(Call); It != RegionOf.end()) {
      Id = RegionIds[It->second];
    }
    if (!Id)
      return std::nullopt;
    if (!is_contained(Ids, *Id))
      Ids.push_back(*Id);
  }
  if (Ids.size() != 1) {
    std::string List;
    for (uint32_t Id : Ids)
      List += (List.empty() ? "" : " and ") + std::to_string(Id);
    error("'" + describe(User) +
          "' depends on region entries with different "
          "ids (" +
          List + ")");
    return std::nullopt;
  }
  return Ids.front();
}

void MemoryOrderingBuilder::traceRegionIds(ArrayRef<CallInst *> Intrinsics) {
  // Entries first, then section entries (which exits of sections trace to).
  for (CSAIntrinsic Kind :
       {CSAIntrinsic::RegionEntry, CSAIntrinsic::RegionExit,
        CSAIntrinsic::SectionEntry, CSAIntrinsic::SectionExit}) {
    for (CallInst *Call : Intrinsics) {
      if (getCalledIntrinsic(Call) != Kind)
        continue;
      std::optional<uint32_t> Id;
      if (Kind == CSAIntrinsic::RegionEntry) {
        auto *C = dyn_cast<ConstantInt>(Call->getArgOperand(0));
        if (!C) {
          error("'" + describe(*Call) +
                "' has a region id that is not a "
                "constant");
          continue;
        }
        Id = C->getZExtValue();
      } else {
        CSAIntrinsic Source = Kind == CSAIntrinsic::SectionExit
                                  ? CSAIntrinsic::SectionEntry
                                  : CSAIntrinsic::RegionEntry;
        Id = traceToEntries(Call->getArgOperand(0), Source, *Call);
      }
      if (Id)
        RegionOf[Call] = getRegionIndex(*Id);
    }
  }
}

/// Applies \p I to \p State; with \p Report, says what is wrong with an
/// entry or exit in the wrong place. Gives false on such an error.
bool MemoryOrderingBuilder::transfer(Instruction &I,
                                     SmallVectorImpl<Place> &State,
                                     bool Report) {
  auto It = RegionOf.find(&I);
  if (It == RegionOf.end())
    return true;
  Place &P = State[It->second];
  uint32_t Id = RegionIds[It->second];
  auto Expect = [&](Place Required, Place After, const char *What) {
    bool Fine = P == Required;
    if (!Fine && Report)
      error("'" + describe(I) + "' " + What + " (region " + Twine(Id) +
            ", in block '" + I.getParent()->getName() + "')");
    P = After;
    return Fine;
  };
  switch (*getCalledIntrinsic(&I)) {
  case CSAIntrinsic::RegionEntry:
    return Expect(Place::Outside, Place::InRegion,
                  "enters a region it is already inside");
  case CSAIntrinsic::RegionExit:
    return Expect(Place::InRegion, Place::Outside,
                  "exits a region it is not inside, or inside a section");
  case CSAIntrinsic::SectionEntry:
    return Expect(Place::InRegion, Place::InSection,
                  "enters a section outside its region or inside a section");
  case CSAIntrinsic::SectionExit:
    return Expect(Place::InSection, Place::InRegion,
                  "exits a section it is not inside");
  default:
    return true;
  }
}

void MemoryOrderingBuilder::computePlaces() {
  ReversePostOrderTraversal<Function *> RPOT(&F);
  Blocks.assign(RPOT.begin(), RPOT.end());
  unsigned N = RegionIds.size();
  auto OutPlaces = [&](BasicBlock *BB) {
    SmallVector<Place, 4> State = EntryPlaces[BB];
    for (Instruction &I : *BB)
      transfer(I, State, /*Report=*/false);
    return State;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : Blocks) {
      SmallVector<Place, 4> In(N, BB->isEntryBlock() ? Place::Outside
                                                     : Place::Unknown);
      for (BasicBlock *Pred : predecessors(BB))
        if (EntryPlaces.count(Pred)) {
          SmallVector<Place, 4> Out = OutPlaces(Pred);
          for (unsigned R = 0; R < N; ++R)
            In[R] = join(In[R], Out[R]);
        }
      auto [It, Inserted] = EntryPlaces.try_emplace(BB, In);
      if (Inserted || It->second != In) {
        It->second = In;
        Changed = true;
      }
    }
  }

  // One more walk reports errors and records where memory operations are.
  for (BasicBlock *BB : Blocks) {
    SmallVector<Place, 4> State = EntryPlaces[BB];
    for (unsigned R = 0; R < N; ++R)
      if (State[R] == Place::Conflict &&
          none_of(predecessors(BB), [&](BasicBlock *Pred) {
            return EntryPlaces.count(Pred) &&
                   EntryPlaces[Pred][R] == Place::Conflict;
          }))
        error("block '" + BB->getName() + "' is inside region " +
              Twine(RegionIds[R]) +
              " (or one of its sections) on one path "
              "and not on another");
    for (Instruction &I : *BB) {
      transfer(I, State, /*Report=*/true);
      if (isMemoryTouching(I)) {
        MemoryOpIndex[&I] = MemoryOps.size();
        MemoryOps.push_back(&I);
        for (unsigned R = 0; R < N; ++R)
          if (State[R] == Place::InSection)
            SectionsOf[&I].push_back(R);
      }
      if (isa<ReturnInst>(I))
        for (unsigned R = 0; R < N; ++R)
          if (State[R] != Place::Outside && State[R] != Place::Conflict)
            error("region " + Twine(RegionIds[R]) +
                  " is still open at the return in block '" + BB->getName() +
                  "'");
    }
  }
}

int MemoryOrderingBuilder::getBackedgeLoop(BasicBlock *From,
                                           BasicBlock *To) const {
  Loop *L = LI.getLoopFor(To);
  if (!L || L->getHeader() != To || !L->contains(From))
    return -1;
  return LoopIndex.lookup(L);
}

void MemoryOrderingBuilder::explorePaths(Instruction &From) {
  SmallVector<unsigned, 2> Tracked = SectionsOf.lookup(&From);
  if (Tracked.size() > MaxTrackedRegions)
    Tracked.resize(MaxTrackedRegions);
  // Per tracked region: bits 0-1 section crossing (1 exit seen, 2 exit then
  // entry), bits 2-3 region crossing, likewise.
  auto GetStep = [](uint32_t Flags, unsigned Slot, unsigned Shift) {
    return (Flags >> (4 * Slot + Shift)) & 3;
  };
  auto SetStep = [](uint32_t Flags, unsigned Slot, unsigned Shift,
                    uint32_t Step) {
    Flags &= ~(3u << (4 * Slot + Shift));
    return Flags | (Step << (4 * Slot + Shift));
  };

  struct State {
    BasicBlock *BB;
    BasicBlock::iterator Start;
    uint64_t Mask;
    uint32_t Flags;
  };
  std::map<std::pair<unsigned, uint64_t>, uint8_t> Verdicts;
  DenseSet<std::tuple<BasicBlock *, uint64_t, uint32_t>> Visited;
  SmallVector<State, 16> Work = {
      {From.getParent(), std::next(From.getIterator()), 0, 0}};
  while (!Work.empty()) {
    State S = Work.pop_back_val();
    uint32_t Flags = S.Flags;
    for (Instruction &I : make_range(S.Start, S.BB->end())) {
      if (auto It = RegionOf.find(&I); It != RegionOf.end()) {
        const unsigned *Slot = find(Tracked, It->second);
        if (Slot == Tracked.end())
          continue;
        unsigned Index = Slot - Tracked.begin();
        CSAIntrinsic Kind = *getCalledIntrinsic(&I);
        bool IsSection = Kind == CSAIntrinsic::SectionEntry ||
                         Kind == CSAIntrinsic::SectionExit;
        bool IsExit = Kind == CSAIntrinsic::SectionExit ||
                      Kind == CSAIntrinsic::RegionExit;
        unsigned Shift = IsSection ? 0 : 2;
        uint32_t Step = GetStep(Flags, Index, Shift);
        if (IsExit && Step == 0)
          Flags = SetStep(Flags, Index, Shift, 1);
        else if (!IsExit && Step == 1)
          Flags = SetStep(Flags, Index, Shift, 2);
        continue;
      }
      auto Op = MemoryOpIndex.find(&I);
      if (Op == MemoryOpIndex.end())
        continue;
      auto ToSections = SectionsOf.find(&I);
      if (ToSections == SectionsOf.end()) {
        Verdicts[{Op->second, S.Mask}] |= 1;
        continue;
      }
      bool Dropped = false;
      for (unsigned Index = 0; Index < Tracked.size(); ++Index)
        Dropped |= is_contained(ToSections->second, Tracked[Index]) &&
                   GetStep(Flags, Index, 0) == 2 &&
                   GetStep(Flags, Index, 2) != 2;
      Verdicts[{Op->second, S.Mask}] |= Dropped ? 2 : 1;
    }
    for (BasicBlock *Succ : successors(S.BB)) {
      uint64_t Mask = S.Mask;
      if (int L = getBackedgeLoop(S.BB, Succ); L >= 0)
        Mask |= uint64_t(1) << L;
      if (Visited.insert({Succ, Mask, Flags}).second)
        Work.push_back({Succ, Succ->begin(), Mask, Flags});
    }
  }

  for (auto &[Key, Bits] : Verdicts) {
    auto [To, Mask] = Key;
    MemoryOrdering::Edge E{&From, MemoryOps[To], {}, Bits == 2};
    for (unsigned L = 0; L < Loops.size(); ++L)
      if (Mask & (uint64_t(1) << L))
        E.BackedgeLoops.push_back(Loops[L]);
    if (Bits == 3) {
      std::string Around;
      for (Loop *L : E.BackedgeLoops)
        Around += (Around.empty() ? "" : ", ") + L->getName().str();
      error("the ordering of '" + describe(*E.To) + "' after '" +
            describe(From) + "' around {" + Around +
            "} is dropped on one path and kept on another");
    }
    Result.Edges.push_back(std::move(E));
  }
}

void MemoryOrderingBuilder::findParallelLoops() {
  for (Loop *L : Loops) {
    bool SawCarried = false, AllDropped = true;
    for (const MemoryOrdering::Edge &E : Result.Edges) {
      if (!is_contained(E.BackedgeLoops, L) || !L->contains(E.From) ||
          !L->contains(E.To))
        continue;
      if (!all_of(E.BackedgeLoops,
                  [&](Loop *Crossed) { return L->contains(Crossed); }))
        continue;
      SawCarried = true;
      AllDropped &= E.Dropped;
    }
    if (SawCarried && AllDropped)
      Result.ParallelLoops.push_back(L);
  }
}

void MemoryOrderingBuilder::build() {
  SmallVector<CallInst *, 8> Intrinsics;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (std::optional<CSAIntrinsic> Called = getCalledIntrinsic(&I))
        if (isRegionIntrinsic(*Called))
          Intrinsics.push_back(cast<CallInst>(&I));
  if (Intrinsics.empty())
    return;
  Result.HasRegions = true;
  traceRegionIds(Intrinsics);
  if (!Result.Errors.empty())
    return;
  computePlaces();
  if (!Result.Errors.empty())
    return;
  Loops = LI.getLoopsInPreorder();
  if (Loops.size() > MaxLoops || MemoryOps.size() > MaxMemoryOps) {
    LLVM_DEBUG(dbgs() << "csa-memory-ordering: " << F.getName()
                      << " has too many loops or memory operations; full "
                         "ordering\n");
    return;
  }
  for (unsigned Index = 0; Index < Loops.size(); ++Index)
    LoopIndex[Loops[Index]] = Index;
  for (Instruction *Op : MemoryOps)
    explorePaths(*Op);
  if (!Result.Errors.empty()) {
    for (MemoryOrdering::Edge &E : Result.Edges)
      E.Dropped = false;
    return;
  }
  findParallelLoops();
}

MemoryOrdering MemoryOrdering::compute(Function &F, LoopInfo &LI) {
  MemoryOrdering Result;
  MemoryOrderingBuilder(F, LI, Result).build();
  return Result;
}

void MemoryOrdering::print(raw_ostream &OS, const Function &F) const {
  OS << "CSA memory ordering for function '" << F.getName() << "':\n";
  if (!HasRegions) {
    OS << "  no parallel regions: full ordering\n";
    return;
  }
  for (const std::string &Error : Errors)
    OS << "  error: " << Error << "\n";
  if (!Errors.empty())
    OS << "  full ordering kept\n";
  for (const Edge &E : Edges) {
    OS << "  '" << describe(*E.To) << "' after '" << describe(*E.From)
       << "' around {";
    ListSeparator Comma;
    for (const Loop *L : E.BackedgeLoops)
      OS << Comma << L->getName();
    OS << "}: " << (E.Dropped ? "dropped" : "kept") << "\n";
  }
  for (const Loop *L : ParallelLoops)
    OS << "  parallel loop: " << L->getName() << "\n";
}

bool MemoryOrdering::invalidate(Function &F, const PreservedAnalyses &PA,
                                FunctionAnalysisManager::Invalidator &Inv) {
  // The result points at loops and instructions: it goes with LoopInfo.
  auto Checker = PA.getChecker<CSAMemoryOrderingAnalysis>();
  return (!Checker.preserved() &&
          !Checker.preservedSet<AllAnalysesOn<Function>>()) ||
         Inv.invalidate<LoopAnalysis>(F, PA);
}

MemoryOrdering CSAMemoryOrderingAnalysis::run(Function &F,
                                              FunctionAnalysisManager &AM) {
  return MemoryOrdering::compute(F, AM.getResult<LoopAnalysis>(F));
}

PreservedAnalyses
CSAMemoryOrderingPrinterPass::run(Function &F, FunctionAnalysisManager &AM) {
  AM.getResult<CSAMemoryOrderingAnalysis>(F).print(OS, F);
  return PreservedAnalyses::all();
}

} // namespace csa
