//===- OpenMPToParallelLoopsPass.cpp - OpenMP's loops in Loom's form ------===//
///
/// \file
/// See compiler/passes/parallel/OpenMPToParallelLoopsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/parallel/OpenMPToParallelLoopsPass.h"

#include "OpenMPWorksharing.h"
#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/ParallelLoops.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/PassParams.h"
#include "metadata/abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>
#include <string>

#define DEBUG_TYPE "openmp-to-parallel-loops"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumLoops, "OpenMP loops given Loom's parallel-loop form");

namespace compiler {
namespace utils {

namespace {

using namespace openmp;

/// The pass name of OpenMP's remarks (`-Rpass=openmp`,
/// `-Rpass-missed=openmp`).
constexpr const char *RemarkPass = "openmp";

/// The reduction kinds the operations of a reduction function combine
/// with: Clang's `.omp.reduction.reduction_func` applies each reduction's
/// operator to its two arguments' elements.
SmallVector<RecurKind, 4> getReductionKinds(const Function &Combine) {
  SmallVector<RecurKind, 4> Kinds;
  auto Add = [&](RecurKind Kind) {
    if (!is_contained(Kinds, Kind))
      Kinds.push_back(Kind);
  };
  for (const Instruction &I : instructions(Combine)) {
    switch (I.getOpcode()) {
    case Instruction::Add:
      Add(RecurKind::Add);
      break;
    case Instruction::Mul:
      Add(RecurKind::Mul);
      break;
    case Instruction::And:
      Add(RecurKind::And);
      break;
    case Instruction::Or:
      Add(RecurKind::Or);
      break;
    case Instruction::Xor:
      Add(RecurKind::Xor);
      break;
    case Instruction::FAdd:
      Add(RecurKind::FAdd);
      break;
    case Instruction::FMul:
      Add(RecurKind::FMul);
      break;
    case Instruction::ICmp:
      switch (cast<ICmpInst>(I).getPredicate()) {
      case CmpInst::ICMP_SLT:
      case CmpInst::ICMP_SLE:
      case CmpInst::ICMP_SGT:
      case CmpInst::ICMP_SGE:
        Add(RecurKind::SMin);
        Add(RecurKind::SMax);
        break;
      case CmpInst::ICMP_ULT:
      case CmpInst::ICMP_ULE:
      case CmpInst::ICMP_UGT:
      case CmpInst::ICMP_UGE:
        Add(RecurKind::UMin);
        Add(RecurKind::UMax);
        break;
      default:
        break;
      }
      break;
    case Instruction::FCmp:
      Add(RecurKind::FMin);
      Add(RecurKind::FMax);
      break;
    case Instruction::PHI:
      // `&&` and `||` on C's integers: the short circuit merges false (for
      // `&&`) or true (for `||`) with the other side's test.
      if (I.getType()->isIntegerTy(1))
        for (const Value *Incoming : cast<PHINode>(I).incoming_values())
          if (const auto *Constant = dyn_cast<ConstantInt>(Incoming))
            Add(Constant->isZero() ? RecurKind::And : RecurKind::Or);
      break;
    default:
      break;
    }
  }
  return Kinds;
}

/// Whether \p I may change memory that outlives the microtask: a store,
/// atomic or call that does not stay on the microtask's own stack.
bool mayChangeSharedState(const Instruction &I) {
  if (isa<DbgInfoIntrinsic>(I) || I.isLifetimeStartOrEnd() ||
      identifyOpenMPCall(I))
    return false;
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return !isa<AllocaInst>(getUnderlyingObject(Store->getPointerOperand()));
  return I.mayWriteToMemory();
}

/// Whether the region copies values out of the last iteration of its
/// worksharing loop: code after a reading of its last-iteration flag
/// (\p Flag, which the runtime sets) outside \p Dispatch, the loop over the
/// thread's iterations, changes shared state. That is Clang's code for
/// 'lastprivate' and 'linear', which the thread given the last iteration
/// runs after the loop. A copy into the microtask's own stack is none (the
/// iteration variable of a `simd` loop, which Clang writes back to a slot
/// nothing reads).
bool copiesOutOfTheLastIteration(const Value *Flag, const Loop &Dispatch,
                                 const DominatorTree &DT) {
  for (const User *U : Flag->users()) {
    const auto *Load = dyn_cast<LoadInst>(U);
    if (!Load || Dispatch.contains(Load))
      continue;
    const BasicBlock *From = Load->getParent();
    for (const BasicBlock &BB : *From->getParent()) {
      if (!DT.dominates(From, &BB))
        continue;
      for (const Instruction &I : BB)
        if ((&BB != From || Load->comesBefore(&I)) && mayChangeSharedState(I))
          return true;
    }
  }
  return false;
}

/// Whether \p M calls omp_set_schedule: a `schedule(runtime)` loop's
/// schedule is then known at run time only (Loom's loops run it as static,
/// the default of run-sched-var).
bool setsRunSchedule(const Module &M) {
  const Function *Set = M.getFunction("omp_set_schedule");
  return Set && !Set->use_empty();
}

/// Whether nothing \p I leads to may change memory outside the microtask's
/// stack: a barrier there orders nothing.
bool endsTheRegion(const Instruction &I) {
  SmallVector<const BasicBlock *, 8> Work;
  SmallPtrSet<const BasicBlock *, 8> Seen;
  auto Quiet = [](const Instruction &After) {
    return !mayChangeSharedState(After);
  };
  if (!std::all_of(std::next(I.getIterator()), I.getParent()->end(), Quiet))
    return false;
  append_range(Work, successors(I.getParent()));
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    if (!all_of(*BB, Quiet))
      return false;
    append_range(Work, successors(BB));
  }
  return true;
}

/// What a remark says of \p Region: its workers, schedule and chunk, and
/// the reductions it declares.
std::string describeRegion(const ParallelRegion &Region,
                           ParallelSchedule Schedule,
                           ArrayRef<RecurKind> Reductions) {
  std::string Text;
  raw_string_ostream OS(Text);
  auto *Workers = dyn_cast<ConstantInt>(Region.getWorkers());
  if (!Workers)
    OS << "as many workers as num_threads says";
  else if (Workers->isZero())
    OS << "as many workers as the driver has";
  else
    OS << Workers->getZExtValue() << " workers";
  OS << ", a "
     << (Schedule == ParallelSchedule::Dynamic  ? "dynamic"
         : Schedule == ParallelSchedule::Guided ? "guided"
                                                : "static")
     << " schedule";
  if (auto *Chunk = dyn_cast<ConstantInt>(Region.getChunk());
      Chunk && !Chunk->isZero())
    OS << " in chunks of " << Chunk->getZExtValue();
  if (!Reductions.empty()) {
    OS << ", reductions";
    for (RecurKind Kind : Reductions)
      OS << " '" << getReductionName(Kind) << "'";
  }
  return OS.str();
}

/// Puts one `#pragma omp parallel for` back in its caller in Loom's form.
class ForkRecogniser {
public:
  /// With \p RuntimeOnly, every region is left to the driver's OpenMP
  /// runtime once checked.
  ForkRecogniser(CallBase &Fork, bool RuntimeOnly)
      : Fork(Fork), F(*Fork.getFunction()), RuntimeOnly(RuntimeOnly) {}

  /// Returns whether the module changed; reports what it cannot do.
  bool run();
  /// Whether it reported an error (the construct's other runtime calls
  /// need no error of their own).
  bool failed() const { return Failed; }

private:
  enum class Verdict { Recognised, LeftToRuntime, Failed };
  /// The microtask, checked before it is inlined: Loom's parallel loop if
  /// it is one worksharing loop of a shape Loom recognises, with no other
  /// runtime function and nothing shared changed outside the loop but the
  /// reduction; else the driver's OpenMP runtime's, when it has every
  /// runtime function the region calls.
  Verdict checkMicrotask(Function &Microtask);
  /// Whether the driver's OpenMP runtime can run \p Microtask on its
  /// workers: it needs no work-item state, which only the kernel's own
  /// thread has. Reports why not.
  bool canRunOnTheRuntime(Function &Microtask);
  /// \p Microtask's barrier other than the one ending its worksharing loop
  /// (\p End follows that loop), if it has one.
  CallBase *findStrayBarrier(Function &Microtask, const DominatorTree &DT,
                             const Instruction &End);
  /// How a region the driver's OpenMP runtime runs is reported: a warning
  /// for a `parallel for` Loom could not make its parallel loop, only a
  /// remark for a region of constructs its parallel loops do not express.
  enum class Fallback { Warn, Remark };
  /// Leaves \p Microtask to the driver's OpenMP runtime, saying \p Why
  /// (nothing when empty: the user asked for the runtime), or reports why
  /// the runtime cannot run it either.
  Verdict leaveToRuntime(Function &Microtask, const Twine &Why,
                         Fallback How = Fallback::Warn);
  /// Neither the driver's `__kmpc_reduce_nowait` nor a recognised loop
  /// (takeReductions) ever answers 2 (combine with atomics), only 1
  /// (combine under a lock, or as the loop's own reduction): \p Microtask's
  /// atomic combining goes, and with it the atomic library calls it may
  /// need, which no optimization is left to delete at -cl-opt-disable.
  void dropAtomicReductions(Function &Microtask);
  Value *takeTeamSize();
  /// The caller's stack slots the fork shares with the region (Clang
  /// passes a shared local variable by its address).
  SmallPtrSet<AllocaInst *, 4> getSharedStackSlots() const;
  /// Marks each of \p SharedSlots that \p L writes as shared by \p Region's
  /// workers: a variable the iterations update in a critical section, which
  /// must stay in memory for the workers to see each other's updates.
  void markUpdatedSharedSlots(Loop &L,
                              const SmallPtrSetImpl<AllocaInst *> &SharedSlots,
                              ParallelRegion &Region);
  bool inlineMicrotask(Function &Microtask);
  /// The runtime calls of kind \p Kind the inlined microtask brought.
  SmallVector<CallBase *, 2> inlinedCalls(OpenMPCall Kind);
  SmallVector<RecurKind, 4> takeReductions();
  void runSerially(const DebugLoc &ForkLoc);
  Value *askInactive(const ParallelRegion &Region);
  void answerThreadQueries(const ParallelRegion &Region);
  void answerQueries(OpenMPCall Kind, ParallelIntrinsic As,
                     const ParallelRegion &Region, Value *Inactive,
                     uint64_t InactiveAnswer);
  void answerInParallel(const ParallelRegion &Region);
  void error(const Instruction &At, const Twine &Message) {
    emitError(F, At.getDebugLoc() ? At.getDebugLoc() : Fork.getDebugLoc(),
              "OpenMP: " + Message);
    Failed = true;
  }

  CallBase &Fork;
  Function &F;
  bool RuntimeOnly;
  bool Failed = false;
  /// The runtime calls in F before the microtask was inlined.
  SmallPtrSet<const Instruction *, 8> RuntimeCallsBefore;
};

CallBase *ForkRecogniser::findStrayBarrier(Function &Microtask,
                                           const DominatorTree &DT,
                                           const Instruction &End) {
  // The worksharing loop's implicit barrier, after it (OpenMPIRBuilder
  // emits one; Clang's combined 'parallel for' leaves it to the fork's
  // join): the workers of Loom's parallel loop have all joined there.
  // Anywhere else a barrier orders the team's code around it, which only
  // the runtime's team does.
  // So is one that nothing of note follows: the implicit barrier of a
  // `for` inside a `parallel`, which Clang puts where the path that skips
  // an empty loop joins the loop's.
  for (CallBase *Barrier : findCalls(Microtask, OpenMPCall::Barrier))
    if (!DT.dominates(&End, Barrier) && !endsTheRegion(*Barrier))
      return Barrier;
  return nullptr;
}

ForkRecogniser::Verdict ForkRecogniser::leaveToRuntime(Function &Microtask,
                                                       const Twine &Why,
                                                       Fallback How) {
  if (!canRunOnTheRuntime(Microtask))
    return Verdict::Failed;
  std::string Reason = Why.str();
  if (How == Fallback::Warn && !Reason.empty())
    emitWarning(F, Fork.getDebugLoc(),
                "parallel loop runs through the driver's OpenMP runtime (in "
                "function '" +
                    F.getName() + "'): " + Reason);
  emitMissedRemark(F, Fork.getDebugLoc(), RemarkPass, "LeftToRuntime",
                   "the parallel region runs through the driver's OpenMP "
                   "runtime: " +
                       (Reason.empty() ? "-fopenmp-runtime asks so" : Reason));
  return Verdict::LeftToRuntime;
}

/// What the remarks call the construct whose runtime function \p Name is.
std::string describeTeamConstruct(StringRef Name) {
  return StringSwitch<std::string>(Name)
      .Cases("__kmpc_single", "__kmpc_end_single", "'single'")
      .Case("__kmpc_copyprivate", "'copyprivate'")
      .Cases("__kmpc_master", "__kmpc_end_master", "'master'")
      .Cases("__kmpc_masked", "__kmpc_end_masked", "'masked'")
      .Cases("__kmpc_omp_task_alloc", "__kmpc_omp_task",
             "__kmpc_omp_task_with_deps", "'task'")
      .Case("__kmpc_omp_taskwait", "'taskwait'")
      .Cases("__kmpc_taskgroup", "__kmpc_end_taskgroup", "'taskgroup'")
      .Case("__kmpc_taskloop", "'taskloop'")
      .Cases("__kmpc_ordered", "__kmpc_end_ordered", "'ordered'")
      .Cases("__kmpc_cancel", "__kmpc_cancellationpoint",
             "__kmpc_cancel_barrier", "'cancel'")
      .StartsWith("__kmpc_dispatch_fini_", "'ordered'")
      .StartsWith("__kmpc_doacross_", "'ordered' with 'depend'")
      .Case("__kmpc_threadprivate_cached", "a 'threadprivate' variable")
      .Default(("'" + Name + "'").str());
}

ForkRecogniser::Verdict ForkRecogniser::checkMicrotask(Function &Microtask) {
  // Constructs of a team's threads that Loom's parallel loops do not
  // express: the runtime's team runs them.
  std::string TeamConstruct;
  for (Instruction &I : instructions(Microtask)) {
    Function *Callee = getCallee(I);
    if (!Callee || !isOpenMPRuntimeName(Callee->getName()) ||
        identifyOpenMPCall(I) || isPlainRuntimeFunction(Callee->getName()))
      continue;
    if (!isOpenMPRuntimeFunction(Callee->getName())) {
      error(I, "'" + Callee->getName() +
                   "' (from an OpenMP directive or runtime call in the "
                   "parallel region) is not supported");
      return Verdict::Failed;
    }
    if (TeamConstruct.empty())
      TeamConstruct = describeTeamConstruct(Callee->getName());
  }
  if (RuntimeOnly)
    return leaveToRuntime(Microtask, "");
  if (!TeamConstruct.empty())
    return leaveToRuntime(Microtask,
                          TeamConstruct + " needs the threads of a team",
                          Fallback::Remark);
  std::optional<Worksharing> Shared =
      findWorksharing(findCalls(Microtask, OpenMPCall::StaticInit),
                      findCalls(Microtask, OpenMPCall::StaticFini));
  if (!Shared)
    Shared = findWorksharing(findCalls(Microtask, OpenMPCall::DispatchInit),
                             findCalls(Microtask, OpenMPCall::DispatchNext));
  if (!Shared)
    return leaveToRuntime(Microtask,
                          "the region is not one worksharing loop, which "
                          "Loom's parallel loops express",
                          Fallback::Remark);
  if (Shared->sharesSections())
    return leaveToRuntime(Microtask,
                          "'sections' run one section at a time on each "
                          "thread of a team",
                          Fallback::Remark);
  if (!Shared->Kind)
    return leaveToRuntime(Microtask, "its schedule is none of static, "
                                     "dynamic, guided, runtime and auto, "
                                     "which Loom's parallel loops take");
  if (Shared->Kind == RuntimeSchedule && setsRunSchedule(*F.getParent()))
    return leaveToRuntime(Microtask,
                          "its 'schedule(runtime)' is the one "
                          "omp_set_schedule sets, which the runtime reads",
                          Fallback::Remark);
  DominatorTree DT(Microtask);
  LoopInfo LI(DT);
  Instruction *End = Shared->getEnd(LI);
  if (!End)
    return leaveToRuntime(Microtask, "the loop of chunks of its dispatched "
                                     "schedule has several exits");
  Loop *L = findWorksharingLoop(LI, DT, *Shared, *End);
  if (!L)
    return leaveToRuntime(Microtask,
                          "Loom does not recognise the shape of the loop of "
                          "this 'parallel for'");
  Loop *Dispatch = L->getParentLoop() ? L->getParentLoop() : L;
  if (copiesOutOfTheLastIteration(Shared->getLastFlag(), *Dispatch, DT))
    return leaveToRuntime(
        Microtask,
        "its 'lastprivate' or 'linear' variables are copied out of the last "
        "iteration, which Loom's parallel loops do not single out");
  // Each thread of a team runs the region's code outside its loop: once
  // here would not be the same, except for the reduction's combining.
  SmallVector<CallBase *, 2> Reduces = findCalls(Microtask, OpenMPCall::Reduce);
  for (Instruction &I : instructions(Microtask)) {
    if (Dispatch->contains(&I) || !mayChangeSharedState(I) ||
        any_of(Reduces,
               [&](CallBase *Reduce) { return DT.dominates(Reduce, &I); }))
      continue;
    return leaveToRuntime(Microtask,
                          "each thread of the team runs the region's code "
                          "outside its worksharing loop",
                          Fallback::Remark);
  }
  if (findStrayBarrier(Microtask, DT, *End))
    return leaveToRuntime(Microtask,
                          "a barrier in the region, other than the one "
                          "ending its worksharing loop, needs the threads of "
                          "a team",
                          Fallback::Remark);
  // The region's queries, which the loop's workers answer.
  for (OpenMPCall Kind :
       {OpenMPCall::ThreadNum, OpenMPCall::NumThreads, OpenMPCall::InParallel})
    for (CallBase *Query : findCalls(Microtask, Kind))
      if (!L->contains(Query))
        return leaveToRuntime(Microtask,
                              getCallee(*Query)->getName() +
                                  "() outside the worksharing loop asks the "
                                  "team",
                              Fallback::Remark);
  return Verdict::Recognised;
}

void ForkRecogniser::dropAtomicReductions(Function &Microtask) {
  for (CallBase *Reduce : findCalls(Microtask, OpenMPCall::Reduce))
    for (User *U : Reduce->users())
      if (auto *Switch = dyn_cast<SwitchInst>(U)) {
        auto Atomic = Switch->findCaseValue(
            ConstantInt::get(cast<IntegerType>(Reduce->getType()), 2));
        if (Atomic != Switch->case_default())
          Switch->removeCase(Atomic);
      }
  // What only the atomic case reached is dead now.
  removeUnreachableBlocks(Microtask);
}

bool ForkRecogniser::canRunOnTheRuntime(Function &Microtask) {
  if (Fork.arg_size() - 3 > LOOM_OPENMP_MAX_REGION_ARGUMENTS) {
    error(Fork, "a parallel region of more than " +
                    Twine(LOOM_OPENMP_MAX_REGION_ARGUMENTS) +
                    " captured variables is not supported");
    return false;
  }
  for (Instruction &I : instructions(Microtask)) {
    Function *Callee = getCallee(I);
    if (!Callee)
      continue;
    StringRef Name = Callee->getName();
    if (BuiltinInfo::getMuxBuiltinForOpenCL(Name) ||
        BuiltinInfo::getSynchronizationBuiltin(Name) ||
        Name.startswith("__mux_")) {
      error(I, "'" + Name +
                   "' in a parallel region that runs on the driver's OpenMP "
                   "runtime: its threads have no work-item state");
      return false;
    }
  }
  return true;
}

bool ForkRecogniser::run() {
  auto *Microtask =
      dyn_cast<Function>(Fork.getArgOperand(2)->stripPointerCasts());
  if (!Microtask || Microtask->isDeclaration() ||
      Microtask->arg_size() != Fork.arg_size() - 1) {
    error(Fork, "a parallel region whose outlined function Loom cannot see");
    return false;
  }
  Verdict Outcome = checkMicrotask(*Microtask);
  if (Outcome == Verdict::Failed)
    return false;
  dropAtomicReductions(*Microtask);
  if (Outcome == Verdict::LeftToRuntime)
    return true;
  Value *Workers = takeTeamSize();
  DebugLoc ForkLoc = Fork.getDebugLoc();
  SmallPtrSet<AllocaInst *, 4> SharedSlots = getSharedStackSlots();
  if (!inlineMicrotask(*Microtask)) {
    emitError(F, ForkLoc, "OpenMP: the parallel region cannot be inlined");
    return true;
  }
  // checkMicrotask found one worksharing loop of either kind.
  std::optional<Worksharing> Shared =
      findWorksharing(inlinedCalls(OpenMPCall::StaticInit),
                      inlinedCalls(OpenMPCall::StaticFini));
  if (!Shared)
    Shared = findWorksharing(inlinedCalls(OpenMPCall::DispatchInit),
                             inlinedCalls(OpenMPCall::DispatchNext));
  Type *I32 = Type::getInt32Ty(F.getContext());
  Type *I64 = Type::getInt64Ty(F.getContext());
  Value *Chunk = Shared->getChunk();
  ParallelSchedule Schedule = Shared->getParallelSchedule();
  SmallVector<RecurKind, 4> Reductions = takeReductions();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Instruction *End = Shared->getEnd(LI);
  Loop *L = End ? findWorksharingLoop(LI, DT, *Shared, *End) : nullptr;
  if (L)
    markCounterNoWrap(*L, Shared->getUpperSlot());
  runAsOneThread(*Shared);
  if (!L || !L->getLoopPreheader() || !L->hasDedicatedExits()) {
    runSerially(ForkLoc);
    return true;
  }
  // The team size and the chunk, values from before the loop.
  IRBuilder<> B(L->getLoopPreheader()->getTerminator());
  // `parallel for` declares the iterations independent: every access but
  // those to the region's own stack slots (the loop's variables, promoted
  // later; those not promoted are private or make the loop serial). The
  // caller's variables the region shares are not its own.
  ParallelRegion Region = makeParallelLoop(
      *L, B.CreateZExtOrTrunc(Workers, I32), B.CreateZExtOrTrunc(Chunk, I64),
      ForkLoc, Reductions,
      [&](const Instruction &I) {
        const Value *Pointer = getLoadStorePointerOperand(&I);
        const auto *Slot =
            Pointer ? dyn_cast<AllocaInst>(getUnderlyingObject(Pointer))
                    : nullptr;
        return !Slot || SharedSlots.contains(Slot);
      },
      RemarkPass);
  markUpdatedSharedSlots(*L, SharedSlots, Region);
  setParallelLoopSchedule(*L, Schedule);
  answerThreadQueries(Region);
  answerInParallel(Region);
  emitRemark(F, ForkLoc, RemarkPass, "ParallelLoop",
             "the 'parallel for' is Loom's parallel loop: " +
                 describeRegion(Region, Schedule, Reductions));
  ++NumLoops;
  return true;
}

/// The team size: num_threads, pushed just before the fork (the push
/// erased), or 0 (as many workers as the driver has).
Value *ForkRecogniser::takeTeamSize() {
  for (Instruction *I = Fork.getPrevNode(); I; I = I->getPrevNode())
    if (identifyOpenMPCall(*I) == OpenMPCall::PushNumThreads) {
      Value *Workers = cast<CallBase>(I)->getArgOperand(2);
      I->eraseFromParent();
      return Workers;
    }
  return ConstantInt::get(Type::getInt32Ty(F.getContext()), 0);
}

SmallPtrSet<AllocaInst *, 4> ForkRecogniser::getSharedStackSlots() const {
  SmallPtrSet<AllocaInst *, 4> Slots;
  for (unsigned I = 3; I < Fork.arg_size(); ++I)
    if (auto *Slot =
            dyn_cast<AllocaInst>(getUnderlyingObject(Fork.getArgOperand(I))))
      Slots.insert(Slot);
  return Slots;
}

/// \p Slot's address, and the loads that give it back from the stack slots
/// it was spilled to (Clang's unoptimized code keeps each argument of the
/// inlined microtask in a slot of its own and loads it at each use).
SmallPtrSet<const Value *, 4> getSpilledCopies(AllocaInst &Slot) {
  SmallPtrSet<const Value *, 4> Copies = {&Slot};
  SmallVector<const Value *, 4> Work = {&Slot};
  while (!Work.empty()) {
    const Value *Address = Work.pop_back_val();
    for (const User *U : Address->users()) {
      const auto *Spill = dyn_cast<StoreInst>(U);
      if (!Spill || Spill->getValueOperand() != Address)
        continue;
      const auto *SpillSlot =
          dyn_cast<AllocaInst>(getUnderlyingObject(Spill->getPointerOperand()));
      if (!SpillSlot)
        continue;
      for (const User *SlotUser : SpillSlot->users())
        if (isa<LoadInst>(SlotUser) && Copies.insert(SlotUser).second)
          Work.push_back(SlotUser);
    }
  }
  return Copies;
}

void ForkRecogniser::markUpdatedSharedSlots(
    Loop &L, const SmallPtrSetImpl<AllocaInst *> &SharedSlots,
    ParallelRegion &Region) {
  for (AllocaInst *Slot : SharedSlots) {
    SmallPtrSet<const Value *, 4> Copies = getSpilledCopies(*Slot);
    auto WritesSlot = [&](const Instruction &I) {
      const auto *Store = dyn_cast<StoreInst>(&I);
      return Store &&
             Copies.contains(getUnderlyingObject(Store->getPointerOperand()));
    };
    if (any_of(L.blocks(),
               [&](BasicBlock *BB) { return any_of(*BB, WritesSlot); }))
      markSharedMemory(Region, *Slot);
  }
}

/// The fork replaced by a direct call of \p Microtask with thread ids of 0,
/// inlined; the runtime calls already in F noted first, so that
/// inlinedCalls finds the microtask's. Returns whether it was inlined.
bool ForkRecogniser::inlineMicrotask(Function &Microtask) {
  Type *I32 = Type::getInt32Ty(F.getContext());
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *ThreadId = B.CreateAlloca(I32, nullptr, "omp.thread.id");
  B.CreateStore(ConstantInt::get(I32, 0), ThreadId);
  SmallVector<Value *, 8> Args = {ThreadId, ThreadId};
  for (unsigned I = 3; I < Fork.arg_size(); ++I)
    Args.push_back(Fork.getArgOperand(I));
  B.SetInsertPoint(&Fork);
  CallInst *Direct = B.CreateCall(&Microtask, Args);
  Direct->setDebugLoc(Fork.getDebugLoc());
  Direct->setCallingConv(Microtask.getCallingConv());
  Fork.eraseFromParent();
  for (Instruction &I : instructions(F))
    if (identifyOpenMPCall(I))
      RuntimeCallsBefore.insert(&I);
  InlineFunctionInfo Info;
  return InlineFunction(*Direct, Info).isSuccess();
}

SmallVector<CallBase *, 2> ForkRecogniser::inlinedCalls(OpenMPCall Kind) {
  SmallVector<CallBase *, 2> Calls;
  for (CallBase *Call : findCalls(F, Kind))
    if (!RuntimeCallsBefore.contains(Call))
      Calls.push_back(Call);
  return Calls;
}

/// The kinds of the reductions the microtask combines, its reduction
/// calls answered as one thread that combines its own partial result, and
/// the calls that end a reduction or the loop's barrier erased.
SmallVector<RecurKind, 4> ForkRecogniser::takeReductions() {
  SmallVector<RecurKind, 4> Reductions;
  for (CallBase *Reduce : inlinedCalls(OpenMPCall::Reduce)) {
    if (auto *Combine =
            dyn_cast<Function>(Reduce->getArgOperand(5)->stripPointerCasts()))
      append_range(Reductions, getReductionKinds(*Combine));
    // 1: this thread combines its partial result itself.
    Reduce->replaceAllUsesWith(ConstantInt::get(Reduce->getType(), 1));
    Reduce->eraseFromParent();
  }
  for (CallBase *End : inlinedCalls(OpenMPCall::EndReduce))
    End->eraseFromParent();
  for (CallBase *Barrier : inlinedCalls(OpenMPCall::Barrier))
    Barrier->eraseFromParent();
  return Reductions;
}

/// A loop Loom does not recognise runs on the kernel's thread, as a team
/// of one (a warning says so).
void ForkRecogniser::runSerially(const DebugLoc &ForkLoc) {
  emitWarning(F, ForkLoc,
              "parallel loop runs serially (in function '" + F.getName() +
                  "'): Loom does not recognise the shape of the loop of "
                  "this 'parallel for'");
  emitMissedRemark(F, ForkLoc, RemarkPass, "Serial",
                   "the parallel loop runs serially: Loom does not recognise "
                   "the shape of the loop of this 'parallel for'");
  for (CallBase *Query : inlinedCalls(OpenMPCall::ThreadNum))
    Query->replaceAllUsesWith(ConstantInt::get(Query->getType(), 0));
  for (CallBase *Query : inlinedCalls(OpenMPCall::NumThreads))
    Query->replaceAllUsesWith(ConstantInt::get(Query->getType(), 1));
  for (CallBase *Query : inlinedCalls(OpenMPCall::InParallel))
    Query->replaceAllUsesWith(ConstantInt::get(Query->getType(), 0));
}

/// The microtask's `omp_in_parallel()` calls become whether \p Region
/// runs on more than one worker.
void ForkRecogniser::answerInParallel(const ParallelRegion &Region) {
  Function *Workers =
      getOrDeclareParallelIntrinsic(*F.getParent(), ParallelIntrinsic::Workers);
  IRBuilder<> B(F.getContext());
  // Or the kernel's thread is in a team already (the region is nested):
  // the runtime says so, asked once before the region.
  Value *InTeam = nullptr;
  for (CallBase *Call : inlinedCalls(OpenMPCall::InParallel)) {
    if (!InTeam) {
      B.SetInsertPoint(Region.Entry);
      InTeam = B.CreateICmpNE(
          B.CreateCall(Call->getFunctionType(), Call->getCalledOperand()),
          ConstantInt::get(Call->getType(), 0), "omp.in.team");
    }
    B.SetInsertPoint(Call);
    Value *Several =
        B.CreateICmpUGT(B.CreateCall(Workers, {Region.Entry}), B.getInt32(1));
    Call->replaceAllUsesWith(
        B.CreateZExt(B.CreateOr(Several, InTeam), Call->getType()));
    Call->eraseFromParent();
  }
}

/// Whether \p Region, which asks for a given number of workers
/// (`num_threads(n)`), is an inactive region where the kernel's thread
/// starts it: nested in an active one, or past max-active-levels-var. The
/// driver then runs its workers one after another, as a team of one would
/// run their iterations (doc/kernel-abi.md); the runtime says so, asked once
/// before the region. Null for a region that asks for as many workers as
/// the driver gives it, which is one there.
Value *ForkRecogniser::askInactive(const ParallelRegion &Region) {
  if (match(Region.getWorkers(), m_Zero()))
    return nullptr;
  Module &M = *F.getParent();
  IRBuilder<> B(Region.Entry);
  FunctionType *Query = FunctionType::get(B.getInt32Ty(), false);
  Value *Active = B.CreateCall(
      M.getOrInsertFunction("omp_get_active_level", Query), {}, "omp.active");
  Value *MaxActive =
      B.CreateCall(M.getOrInsertFunction("omp_get_max_active_levels", Query),
                   {}, "omp.max.active");
  return B.CreateICmpSGE(Active, MaxActive, "omp.inactive");
}

/// The microtask's `omp_get_thread_num()` and `omp_get_num_threads()`
/// calls become \p Region's worker and workers, or a team of one's 0 and 1
/// where the region is inactive.
void ForkRecogniser::answerThreadQueries(const ParallelRegion &Region) {
  if (inlinedCalls(OpenMPCall::ThreadNum).empty() &&
      inlinedCalls(OpenMPCall::NumThreads).empty())
    return;
  Value *Inactive = askInactive(Region);
  answerQueries(OpenMPCall::ThreadNum, ParallelIntrinsic::Worker, Region,
                Inactive, 0);
  answerQueries(OpenMPCall::NumThreads, ParallelIntrinsic::Workers, Region,
                Inactive, 1);
}

/// The microtask's queries of kind \p Kind become Loom's \p As of
/// \p Region, or \p InactiveAnswer where \p Inactive (if any) holds.
void ForkRecogniser::answerQueries(OpenMPCall Kind, ParallelIntrinsic As,
                                   const ParallelRegion &Region,
                                   Value *Inactive, uint64_t InactiveAnswer) {
  SmallVector<CallBase *, 2> Calls = inlinedCalls(Kind);
  if (Calls.empty())
    return;
  Function *Intrinsic = getOrDeclareParallelIntrinsic(*F.getParent(), As);
  IRBuilder<> B(F.getContext());
  for (CallBase *Call : Calls) {
    B.SetInsertPoint(Call);
    Value *Answer = B.CreateZExtOrTrunc(B.CreateCall(Intrinsic, {Region.Entry}),
                                        Call->getType());
    if (Inactive)
      Answer = B.CreateSelect(
          Inactive, ConstantInt::get(Call->getType(), InactiveAnswer), Answer);
    Call->replaceAllUsesWith(Answer);
    Call->eraseFromParent();
  }
}

/// Removes `convergent` from \p Runtime, a function of the driver's OpenMP
/// runtime, and from its calls; returns whether any had it.
bool dropConvergence(Function &Runtime) {
  bool Changed = Runtime.isConvergent();
  Runtime.setNotConvergent();
  for (User *U : Runtime.users())
    if (auto *Call = dyn_cast<CallBase>(U); Call && Call->isConvergent()) {
      Call->setNotConvergent();
      Changed = true;
    }
  return Changed;
}

/// Removes the module flags that say the module is OpenMP (`openmp`,
/// `openmp-device`); returns whether there were any. Its constructs are
/// Loom's parallel loops now, or calls of the driver's runtime, whose
/// semantics are the driver's: LLVM's OpenMPOpt, which the simplification
/// pipeline runs on modules with the flags, would give the runtime's
/// functions the attributes of libomp's (`__kmpc_critical` convergent, for
/// GPUs), and keep a loop with a critical section serial.
bool dropOpenMPModuleFlags(Module &M) {
  NamedMDNode *Flags = M.getModuleFlagsMetadata();
  if (!Flags)
    return false;
  SmallVector<MDNode *, 8> Kept;
  for (MDNode *Flag : Flags->operands()) {
    const auto *Key = Flag->getNumOperands() > 1
                          ? dyn_cast<MDString>(Flag->getOperand(1))
                          : nullptr;
    if (!Key ||
        (Key->getString() != "openmp" && Key->getString() != "openmp-device"))
      Kept.push_back(Flag);
  }
  if (Kept.size() == Flags->getNumOperands())
    return false;
  Flags->clearOperands();
  for (MDNode *Flag : Kept)
    Flags->addOperand(Flag);
  return true;
}

/// Reports each call of the OpenMP runtime left in \p F, but for Clang's
/// thread-id queries, which serve the constructs and go with them. Returns
/// whether \p F changed or has an error.
bool reportRemainingRuntimeCalls(Function &F) {
  bool Changed = false;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    Function *Callee = getCallee(I);
    if (!Callee || !isOpenMPRuntimeName(Callee->getName()))
      continue;
    // Clang's thread-id queries whose constructs went.
    if (identifyOpenMPCall(I) == OpenMPCall::GlobalThreadNum && I.use_empty()) {
      I.eraseFromParent();
      Changed = true;
      continue;
    }
    // The driver's OpenMP runtime runs what was left to it.
    if (isOpenMPRuntimeFunction(Callee->getName()))
      continue;
    emitError(F, I.getDebugLoc(),
              "OpenMP: '" + Callee->getName() + "' is not supported");
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses OpenMPToParallelLoopsPass::run(Module &M,
                                                 ModuleAnalysisManager &) {
  Function *ForkCall = M.getFunction("__kmpc_fork_call");
  bool Changed = false;
  // Functions with an error already: one per construct is enough.
  SmallPtrSet<const Function *, 4> Reported;
  // What Clang outlined for the constructs: microtasks and the reduction
  // functions they pass the runtime.
  SmallPtrSet<const Function *, 4> Helpers;
  if (ForkCall) {
    SmallVector<CallBase *, 4> Forks;
    for (User *U : ForkCall->users())
      if (auto *Call = dyn_cast<CallBase>(U))
        Forks.push_back(Call);
    for (CallBase *Fork : Forks) {
      auto *Microtask =
          dyn_cast<Function>(Fork->getArgOperand(2)->stripPointerCasts());
      Function *Caller = Fork->getFunction();
      if (Microtask) {
        Helpers.insert(Microtask);
        for (CallBase *Reduce : findCalls(*Microtask, OpenMPCall::Reduce))
          if (auto *Combine = dyn_cast<Function>(
                  Reduce->getArgOperand(5)->stripPointerCasts()))
            Helpers.insert(Combine);
      }
      ForkRecogniser Recogniser(*Fork, Opts.RuntimeOnly);
      Changed |= Recogniser.run();
      if (Recogniser.failed()) {
        Reported.insert(Caller);
        Reported.insert(Microtask);
      }
    }
  }
  // Microtasks now inlined, and the reduction functions they used.
  for (Function &F : make_early_inc_range(M))
    if (F.use_empty() && F.hasLocalLinkage() && Helpers.contains(&F)) {
      F.eraseFromParent();
      Changed = true;
    }
  for (Function &F : M)
    if (!F.isDeclaration() && !Reported.contains(&F))
      Changed |= reportRemainingRuntimeCalls(F);
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() && isOpenMPRuntimeName(F.getName()))
      F.eraseFromParent();
  // OpenCL C makes every call convergent, the runtime's too; none of them
  // needs the workers in lockstep (a critical section's lock is taken by
  // one at a time), and a convergent call would keep its loop serial.
  for (Function &F : M)
    if (F.isDeclaration() && isOpenMPRuntimeFunction(F.getName()))
      Changed |= dropConvergence(F);
  Changed |= dropOpenMPModuleFlags(M);
  // Clang's locks for critical sections and reductions, and the caches of
  // threadprivate variables (`<name>.cache.`, which the driver's runtime
  // does not use), are common symbols, which the driver's loader does not
  // take: the module's own, or gone.
  for (GlobalVariable &G : make_early_inc_range(M.globals()))
    if (G.getName().startswith(".gomp_critical_user_") ||
        (G.hasCommonLinkage() && G.getName().endswith(".cache."))) {
      Changed = true;
      if (G.use_empty())
        G.eraseFromParent();
      else
        G.setLinkage(GlobalValue::InternalLinkage);
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Expected<OpenMPToParallelLoopsPass::Options>
OpenMPToParallelLoopsPass::parseOptions(StringRef Params) {
  Options Opts;
  if (Error E = parseFlagPassParam(Params, "openmp-to-parallel-loops",
                                   "runtime", Opts.RuntimeOnly))
    return std::move(E);
  return Opts;
}

void OpenMPToParallelLoopsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      Opts.RuntimeOnly ? "runtime" : "");
}

} // namespace utils
} // namespace compiler
