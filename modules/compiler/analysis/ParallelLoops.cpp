//===- ParallelLoops.cpp - Loom's parallel loops --------------------------===//
///
/// \file
/// See compiler/analysis/ParallelLoops.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/analysis/ParallelLoops.h"

#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <utility>

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// LLVM's loop property listing the access groups free of dependences
/// between iterations.
constexpr StringLiteral ParallelAccesses = "llvm.loop.parallel_accesses";

struct IntrinsicEntry {
  ParallelIntrinsic Intrinsic;
  StringLiteral Name;
};

constexpr IntrinsicEntry Intrinsics[] = {
    {ParallelIntrinsic::RegionEntry, "llvm.loom.parallel.region.entry"},
    {ParallelIntrinsic::RegionExit, "llvm.loom.parallel.region.exit"},
    {ParallelIntrinsic::Worker, "llvm.loom.parallel.worker"},
    {ParallelIntrinsic::Workers, "llvm.loom.parallel.workers"},
    {ParallelIntrinsic::Shared, "llvm.loom.parallel.shared"},
};

struct ReductionEntry {
  RecurKind Kind;
  StringLiteral Name;
};

constexpr ReductionEntry Reductions[] = {
    {RecurKind::Add, "add"},   {RecurKind::Mul, "mul"},
    {RecurKind::And, "and"},   {RecurKind::Or, "or"},
    {RecurKind::Xor, "xor"},   {RecurKind::SMin, "smin"},
    {RecurKind::SMax, "smax"}, {RecurKind::UMin, "umin"},
    {RecurKind::UMax, "umax"}, {RecurKind::FAdd, "fadd"},
    {RecurKind::FMul, "fmul"}, {RecurKind::FMin, "fmin"},
    {RecurKind::FMax, "fmax"},
};

FunctionType *getParallelIntrinsicType(LLVMContext &Ctx,
                                       ParallelIntrinsic Intrinsic) {
  Type *Token = Type::getTokenTy(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx);
  switch (Intrinsic) {
  case ParallelIntrinsic::RegionEntry:
    return FunctionType::get(Token, {I32, Type::getInt64Ty(Ctx)}, false);
  case ParallelIntrinsic::RegionExit:
    return FunctionType::get(Type::getVoidTy(Ctx), {Token}, false);
  case ParallelIntrinsic::Worker:
  case ParallelIntrinsic::Workers:
    return FunctionType::get(I32, {Token}, false);
  case ParallelIntrinsic::Shared:
    return FunctionType::get(Type::getVoidTy(Ctx),
                             {Token, PointerType::get(Ctx, 0)}, false);
  }
  llvm_unreachable("unknown parallel intrinsic");
}

std::optional<ParallelIntrinsic> identifyCall(const Instruction &I) {
  const auto *Call = dyn_cast<CallInst>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee ? identifyParallelIntrinsic(*Callee) : std::nullopt;
}

} // namespace

StringRef getParallelIntrinsicName(ParallelIntrinsic Intrinsic) {
  for (const IntrinsicEntry &Entry : Intrinsics)
    if (Entry.Intrinsic == Intrinsic)
      return Entry.Name;
  llvm_unreachable("unknown parallel intrinsic");
}

std::optional<ParallelIntrinsic> identifyParallelIntrinsic(const Function &F) {
  if (!F.isIntrinsic())
    return std::nullopt;
  for (const IntrinsicEntry &Entry : Intrinsics)
    if (F.getName() == Entry.Name)
      return Entry.Intrinsic;
  return std::nullopt;
}

Function *getOrDeclareParallelIntrinsic(Module &M,
                                        ParallelIntrinsic Intrinsic) {
  StringRef Name = getParallelIntrinsicName(Intrinsic);
  if (Function *F = M.getFunction(Name))
    return F;
  Function *F =
      Function::Create(getParallelIntrinsicType(M.getContext(), Intrinsic),
                       GlobalValue::ExternalLinkage, Name, M);
  if (Intrinsic == ParallelIntrinsic::Shared) {
    // It may read and write the memory it is given, and keeps its pointer
    // (no `nocapture`): the memory escapes, as the workers' sharing it does.
    F->setOnlyAccessesArgMemory();
  } else {
    // Each call may read and write state nothing else can reach: no pass
    // deletes one or moves one across another, while loads and stores stay
    // free to move across them.
    F->setOnlyAccessesInaccessibleMemory();
  }
  F->setDoesNotThrow();
  F->setWillReturn();
  return F;
}

Value *ParallelRegion::getWorkers() const { return Entry->getArgOperand(0); }

Value *ParallelRegion::getChunk() const { return Entry->getArgOperand(1); }

SmallVector<ParallelRegion, 4> findParallelRegions(Function &F) {
  SmallVector<ParallelRegion, 4> Regions;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (identifyCall(I) != ParallelIntrinsic::RegionEntry)
        continue;
      ParallelRegion Region;
      Region.Entry = cast<CallInst>(&I);
      Region.Id = I.getMetadata(ParallelRegionMDKind);
      for (User *U : I.users()) {
        auto *UserInst = cast<Instruction>(U);
        std::optional<ParallelIntrinsic> Kind = identifyCall(*UserInst);
        if (Kind == ParallelIntrinsic::RegionExit)
          Region.Exits.push_back(cast<CallInst>(UserInst));
        else if (Kind == ParallelIntrinsic::Worker ||
                 Kind == ParallelIntrinsic::Workers)
          Region.Queries.push_back(cast<CallInst>(UserInst));
        else if (Kind == ParallelIntrinsic::Shared)
          Region.SharedMemory.push_back(cast<CallInst>(UserInst));
        else
          Region.OtherUsers.push_back(UserInst);
      }
      Regions.push_back(std::move(Region));
    }
  return Regions;
}

ParallelRegion createParallelRegion(Instruction *EntryPoint,
                                    ArrayRef<Instruction *> ExitPoints,
                                    Value *Workers, Value *Chunk,
                                    StringRef Origin) {
  Module &M = *EntryPoint->getModule();
  LLVMContext &Ctx = M.getContext();
  ParallelRegion Region;
  IRBuilder<> B(EntryPoint);
  Region.Entry = B.CreateCall(
      getOrDeclareParallelIntrinsic(M, ParallelIntrinsic::RegionEntry),
      {Workers, Chunk}, "parallel.region");
  SmallVector<Metadata *, 2> Names = {MDString::get(Ctx, ParallelRegionMDKind)};
  if (!Origin.empty())
    Names.push_back(MDString::get(Ctx, Origin));
  Region.Id = MDNode::getDistinct(Ctx, Names);
  Region.Entry->setMetadata(ParallelRegionMDKind, Region.Id);
  Function *Exit =
      getOrDeclareParallelIntrinsic(M, ParallelIntrinsic::RegionExit);
  for (Instruction *Point : ExitPoints) {
    B.SetInsertPoint(Point);
    Region.Exits.push_back(B.CreateCall(Exit, {Region.Entry}));
  }
  return Region;
}

void markSharedMemory(ParallelRegion &Region, AllocaInst &Memory) {
  Module &M = *Region.Entry->getModule();
  IRBuilder<> B(Region.Entry->getNextNode());
  Value *Pointer = B.CreatePointerBitCastOrAddrSpaceCast(
      &Memory, PointerType::get(M.getContext(), 0));
  Region.SharedMemory.push_back(
      B.CreateCall(getOrDeclareParallelIntrinsic(M, ParallelIntrinsic::Shared),
                   {Region.Entry, Pointer}));
}

void markParallelLoop(Loop &L, MDNode *RegionId, ArrayRef<RecurKind> Declared) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<MDNode *, 2> Properties = {
      MDNode::get(Ctx, {MDString::get(Ctx, ParallelLoopProperty), RegionId})};
  if (!Declared.empty()) {
    SmallVector<Metadata *, 4> Names = {
        MDString::get(Ctx, ParallelReductionsProperty)};
    for (RecurKind Kind : Declared)
      Names.push_back(MDString::get(Ctx, getReductionName(Kind)));
    Properties.push_back(MDNode::get(Ctx, Names));
  }
  L.setLoopID(makePostTransformationMetadata(
      Ctx, L.getLoopID(), {ParallelLoopProperty, ParallelReductionsProperty},
      Properties));
}

void declareIndependentAccesses(
    Loop &L, function_ref<bool(const Instruction &)> Declared) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  MDNode *Group = MDNode::getDistinct(Ctx, {});
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayReadOrWriteMemory() && (!Declared || Declared(I)))
        I.setMetadata(LLVMContext::MD_access_group,
                      uniteAccessGroups(
                          I.getMetadata(LLVMContext::MD_access_group), Group));
  SmallVector<Metadata *, 4> Groups = {MDString::get(Ctx, ParallelAccesses)};
  if (MDNode *Old = findOptionMDForLoop(&L, ParallelAccesses))
    append_range(Groups, drop_begin(Old->operands()));
  Groups.push_back(Group);
  L.setLoopID(makePostTransformationMetadata(
      Ctx, L.getLoopID(), {ParallelAccesses}, {MDNode::get(Ctx, Groups)}));
}

/// Keeps \p L rolled while it is the region's work (ParallelRolledProperty),
/// unless the loop says how to unroll it itself.
void keepRolled(Loop &L) {
  MDNode *ID = L.getLoopID();
  if (ID)
    for (const MDOperand &Op : drop_begin(ID->operands()))
      if (const auto *Property = dyn_cast<MDNode>(Op))
        if (const auto *Name = Property->getNumOperands()
                                   ? dyn_cast<MDString>(Property->getOperand(0))
                                   : nullptr;
            Name && Name->getString().startswith("llvm.loop.unroll."))
          return;
  LLVMContext &Ctx = L.getHeader()->getContext();
  L.setLoopID(makePostTransformationMetadata(
      Ctx, ID, {},
      {MDNode::get(Ctx, MDString::get(Ctx, "llvm.loop.unroll.disable")),
       MDNode::get(Ctx, MDString::get(Ctx, ParallelRolledProperty))}));
}

MDNode *releaseRolledLoopID(MDNode *LoopID) {
  if (!LoopID || !findOptionMDForLoopID(LoopID, ParallelRolledProperty))
    return LoopID;
  return makePostTransformationMetadata(
      LoopID->getContext(), LoopID,
      {"llvm.loop.unroll.disable", ParallelRolledProperty}, {});
}

StringRef getParallelRegionOrigin(const ParallelRegion &Region) {
  if (!Region.Id || Region.Id->getNumOperands() < 2)
    return "";
  const auto *Origin = dyn_cast<MDString>(Region.Id->getOperand(1));
  return Origin ? Origin->getString() : "";
}

void reportSerialRegion(const ParallelRegion &Region, const DebugLoc &Loc,
                        const Twine &Why) {
  const Function &F = *Region.Entry->getFunction();
  // Remarks keep their pass's name as a pointer: a literal each.
  const char *PassName =
      getParallelRegionOrigin(Region) == "openmp" ? "openmp" : "parallel-loops";
  std::string Reason = Why.str();
  emitWarning(F, Loc,
              "parallel loop runs serially (in function '" + F.getName() +
                  "'): " + Reason);
  emitMissedRemark(F, Loc, PassName, "Serial",
                   "the parallel loop runs serially: " + Reason);
}

ParallelRegion
makeParallelLoop(Loop &L, Value *Workers, Value *Chunk, const DebugLoc &Loc,
                 ArrayRef<RecurKind> Reductions,
                 function_ref<bool(const Instruction &)> Declared,
                 StringRef Origin) {
  SmallVector<BasicBlock *, 2> ExitBlocks;
  L.getUniqueExitBlocks(ExitBlocks);
  SmallVector<Instruction *, 2> ExitPoints;
  for (BasicBlock *Exit : ExitBlocks)
    ExitPoints.push_back(&*Exit->getFirstInsertionPt());
  ParallelRegion Region =
      createParallelRegion(L.getLoopPreheader()->getTerminator(), ExitPoints,
                           Workers, Chunk, Origin);
  Region.Entry->setDebugLoc(Loc);
  declareIndependentAccesses(L, Declared);
  markParallelLoop(L, Region.Id, Reductions);
  keepRolled(L);
  return Region;
}

void copyParallelLoopMarks(Loop &Copy, const Loop &Original) {
  const StringRef Marks[] = {ParallelAccesses, ParallelLoopProperty,
                             ParallelReductionsProperty,
                             ParallelScheduleProperty};
  SmallVector<MDNode *, 4> Properties;
  for (StringRef Name : Marks)
    if (MDNode *Property = findOptionMDForLoop(&Original, Name))
      Properties.push_back(Property);
  Copy.setLoopID(makePostTransformationMetadata(
      Copy.getHeader()->getContext(), Copy.getLoopID(), Marks, Properties));
}

bool isPrivateToLoop(const AllocaInst &Slot, const Loop &L) {
  SmallVector<const Instruction *, 8> Work = {&Slot};
  SmallPtrSet<const Instruction *, 8> Seen = {&Slot};
  while (!Work.empty()) {
    const Instruction *I = Work.pop_back_val();
    for (const User *U : I->users()) {
      const auto *UserInst = cast<Instruction>(U);
      if (!L.contains(UserInst))
        return false;
      if (UserInst->getType()->isPointerTy() && Seen.insert(UserInst).second)
        Work.push_back(UserInst);
    }
  }
  return true;
}

MDNode *getParallelLoopRegion(const Loop &L) {
  const MDNode *Property = findOptionMDForLoop(&L, ParallelLoopProperty);
  if (!Property || Property->getNumOperands() != 2)
    return nullptr;
  return dyn_cast<MDNode>(Property->getOperand(1));
}

SmallVector<RecurKind, 4> getDeclaredReductions(const Loop &L) {
  SmallVector<RecurKind, 4> Kinds;
  if (const MDNode *Property =
          findOptionMDForLoop(&L, ParallelReductionsProperty))
    for (const MDOperand &Op : drop_begin(Property->operands()))
      if (const auto *Name = dyn_cast<MDString>(Op))
        if (std::optional<RecurKind> Kind =
                parseReductionName(Name->getString()))
          Kinds.push_back(*Kind);
  return Kinds;
}

bool isDeclaredReduction(RecurKind Kind, ArrayRef<RecurKind> Declared) {
  if (Kind == RecurKind::FMulAdd)
    Kind = RecurKind::FAdd;
  return is_contained(Declared, Kind);
}

/// The name of each schedule the property spells.
constexpr std::pair<ParallelSchedule, StringLiteral> ScheduleNames[] = {
    {ParallelSchedule::Dynamic, "dynamic"},
    {ParallelSchedule::Guided, "guided"},
};

ParallelSchedule getParallelLoopSchedule(const Loop &L) {
  const MDNode *Property = findOptionMDForLoop(&L, ParallelScheduleProperty);
  const auto *Name = Property && Property->getNumOperands() == 2
                         ? dyn_cast<MDString>(Property->getOperand(1))
                         : nullptr;
  if (Name)
    for (const auto &[Schedule, Spelling] : ScheduleNames)
      if (Name->getString() == Spelling)
        return Schedule;
  return ParallelSchedule::Static;
}

void setParallelLoopSchedule(Loop &L, ParallelSchedule Schedule) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<MDNode *, 1> Properties;
  for (const auto &[Named, Spelling] : ScheduleNames)
    if (Named == Schedule)
      Properties.push_back(
          MDNode::get(Ctx, {MDString::get(Ctx, ParallelScheduleProperty),
                            MDString::get(Ctx, Spelling)}));
  L.setLoopID(makePostTransformationMetadata(
      Ctx, L.getLoopID(), {ParallelScheduleProperty}, Properties));
}

void unmarkParallelLoop(Loop &L) {
  if (!L.getLoopID())
    return;
  L.setLoopID(makePostTransformationMetadata(
      L.getHeader()->getContext(), releaseRolledLoopID(L.getLoopID()),
      {ParallelLoopProperty, ParallelReductionsProperty,
       ParallelScheduleProperty},
      {}));
}

SmallVector<Loop *, 2> getLoopsOfRegion(LoopInfo &LI, const MDNode *RegionId) {
  SmallVector<Loop *, 2> Loops;
  for (Loop *L : LI.getLoopsInPreorder())
    if (RegionId && getParallelLoopRegion(*L) == RegionId)
      Loops.push_back(L);
  return Loops;
}

void removeParallelRegion(ParallelRegion &Region, LoopInfo &LI) {
  for (Loop *L : getLoopsOfRegion(LI, Region.Id))
    unmarkParallelLoop(*L);
  for (CallInst *Query : Region.Queries) {
    bool IsIndex = identifyCall(*Query) == ParallelIntrinsic::Worker;
    Query->replaceAllUsesWith(
        ConstantInt::get(Query->getType(), IsIndex ? 0 : 1));
    Query->eraseFromParent();
  }
  for (CallInst *Exit : Region.Exits)
    Exit->eraseFromParent();
  for (CallInst *Shared : Region.SharedMemory)
    Shared->eraseFromParent();
  // Whatever else held the token (a phi, in an invalid module) lets go.
  Region.Entry->replaceAllUsesWith(
      ConstantTokenNone::get(Region.Entry->getContext()));
  Region.Entry->eraseFromParent();
  Region = ParallelRegion();
}

StringRef getReductionName(RecurKind Kind) {
  for (const ReductionEntry &Entry : Reductions)
    if (Entry.Kind == Kind)
      return Entry.Name;
  return "";
}

std::optional<RecurKind> parseReductionName(StringRef Name) {
  for (const ReductionEntry &Entry : Reductions)
    if (Entry.Name == Name)
      return Entry.Kind;
  return std::nullopt;
}

} // namespace utils
} // namespace compiler
