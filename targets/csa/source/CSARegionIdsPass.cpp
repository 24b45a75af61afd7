//===- CSARegionIdsPass.cpp - Fresh ids for clashing regions --------------===//
///
/// \file
/// See csa/CSARegionIdsPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/CSARegionIdsPass.h"

#include "csa/CSAIntrinsics.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "csa-region-ids"

STATISTIC(NumRenumbered, "Regions given a fresh id");

namespace csa {

namespace {

std::optional<uint32_t> getCompilerId(const CallInst &Entry) {
  auto *Id = dyn_cast<ConstantInt>(Entry.getArgOperand(0));
  if (!Id || Id->getZExtValue() < FirstCompilerRegionId)
    return std::nullopt;
  return Id->getZExtValue();
}

/// Puts entries whose values meet in a phi or select in one class.
void mergeJoinedEntries(ArrayRef<CallInst *> Entries,
                        EquivalenceClasses<CallInst *> &Regions) {
  DenseMap<const Value *, CallInst *> FirstReaching;
  for (CallInst *Entry : Entries) {
    Regions.insert(Entry);
    SmallVector<const Value *, 8> Work = {Entry};
    DenseSet<const Value *> Seen;
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      for (const User *U : V->users()) {
        if (!isa<PHINode, SelectInst>(U) || !Seen.insert(U).second)
          continue;
        auto [It, Inserted] = FirstReaching.try_emplace(U, Entry);
        if (!Inserted)
          Regions.unionSets(It->second, Entry);
        Work.push_back(U);
      }
    }
  }
}

} // namespace

PreservedAnalyses CSARegionIdsPass::run(Function &F,
                                        FunctionAnalysisManager &) {
  MapVector<uint32_t, SmallVector<CallInst *, 2>> EntriesById;
  DenseSet<uint32_t> UsedIds;
  for (Instruction &I : instructions(F))
    if (CallInst *Entry = getIntrinsicCall(&I, CSAIntrinsic::RegionEntry))
      if (std::optional<uint32_t> Id = getCompilerId(*Entry)) {
        EntriesById[*Id].push_back(Entry);
        UsedIds.insert(*Id);
      }

  LLVMContext &Ctx = F.getContext();
  unsigned NameCount = 0;
  auto FreshId = [&]() {
    for (;;) {
      std::string Name = ("inlined." + Twine(NameCount++)).str();
      uint32_t Id = getCompilerRegionId(Ctx, Name);
      if (UsedIds.insert(Id).second)
        return std::make_pair(Id, Name);
    }
  };

  bool Changed = false;
  for (auto &[Id, Entries] : EntriesById) {
    EquivalenceClasses<CallInst *> Regions;
    mergeJoinedEntries(Entries, Regions);
    // Entries are in instruction order: the first region keeps the id.
    CallInst *Kept = Regions.getLeaderValue(Entries.front());
    DenseMap<CallInst *, std::pair<uint32_t, std::string>> Renamed;
    for (CallInst *Entry : Entries) {
      CallInst *Leader = Regions.getLeaderValue(Entry);
      if (Leader == Kept)
        continue;
      auto It = Renamed.find(Leader);
      if (It == Renamed.end()) {
        It = Renamed.try_emplace(Leader, FreshId()).first;
        ++NumRenumbered;
      }
      Entry->setArgOperand(
          0, ConstantInt::get(Type::getInt32Ty(Ctx), It->second.first));
      Entry->setName(It->second.second);
      Changed = true;
    }
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace csa
