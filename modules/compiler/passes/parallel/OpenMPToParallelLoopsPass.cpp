//===- OpenMPToParallelLoopsPass.cpp - OpenMP's loops in Loom's form ------===//
///
/// \file
/// See compiler/passes/parallel/OpenMPToParallelLoopsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/parallel/OpenMPToParallelLoopsPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/ParallelLoops.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/PassParams.h"
#include "metadata/abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
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

/// The OpenMP runtime functions Clang 15 emits for what Loom recognises.
enum class OpenMPCall {
  ForkCall,
  PushNumThreads,
  GlobalThreadNum,
  StaticInit,
  StaticFini,
  /// A dynamic, guided, runtime or auto schedule's loop: the thread takes
  /// chunk after chunk from the runtime until it answers 0.
  DispatchInit,
  DispatchNext,
  ReduceNowait,
  EndReduceNowait,
  ThreadNum,
  NumThreads,
  InParallel,
  Barrier,
  /// A critical section's start and end: left as they are, for the
  /// driver's runtime, wherever the loop runs.
  Critical,
  EndCritical,
};

struct OpenMPCallName {
  OpenMPCall Call;
  StringLiteral Name;
};

constexpr OpenMPCallName OpenMPCalls[] = {
    {OpenMPCall::ForkCall, "__kmpc_fork_call"},
    {OpenMPCall::PushNumThreads, "__kmpc_push_num_threads"},
    {OpenMPCall::GlobalThreadNum, "__kmpc_global_thread_num"},
    {OpenMPCall::StaticInit, "__kmpc_for_static_init_4"},
    {OpenMPCall::StaticInit, "__kmpc_for_static_init_4u"},
    {OpenMPCall::StaticInit, "__kmpc_for_static_init_8"},
    {OpenMPCall::StaticInit, "__kmpc_for_static_init_8u"},
    {OpenMPCall::StaticFini, "__kmpc_for_static_fini"},
    {OpenMPCall::DispatchInit, "__kmpc_dispatch_init_4"},
    {OpenMPCall::DispatchInit, "__kmpc_dispatch_init_4u"},
    {OpenMPCall::DispatchInit, "__kmpc_dispatch_init_8"},
    {OpenMPCall::DispatchInit, "__kmpc_dispatch_init_8u"},
    {OpenMPCall::DispatchNext, "__kmpc_dispatch_next_4"},
    {OpenMPCall::DispatchNext, "__kmpc_dispatch_next_4u"},
    {OpenMPCall::DispatchNext, "__kmpc_dispatch_next_8"},
    {OpenMPCall::DispatchNext, "__kmpc_dispatch_next_8u"},
    {OpenMPCall::ReduceNowait, "__kmpc_reduce_nowait"},
    {OpenMPCall::EndReduceNowait, "__kmpc_end_reduce_nowait"},
    {OpenMPCall::ThreadNum, "omp_get_thread_num"},
    {OpenMPCall::NumThreads, "omp_get_num_threads"},
    {OpenMPCall::InParallel, "omp_in_parallel"},
    {OpenMPCall::Barrier, "__kmpc_barrier"},
    {OpenMPCall::Critical, "__kmpc_critical"},
    {OpenMPCall::EndCritical, "__kmpc_end_critical"},
};

/// The pass name of OpenMP's remarks (`-Rpass=openmp`,
/// `-Rpass-missed=openmp`).
constexpr const char *RemarkPass = "openmp";

/// libomp's schedule kinds (kmp_sched_t): `schedule(static[, chunk])`,
/// `dynamic`, `guided`, `runtime` and `auto`, and the bits of the
/// `monotonic` and `nonmonotonic` modifiers Clang adds to them.
constexpr uint64_t StaticChunked = 33;
constexpr uint64_t StaticUnchunked = 34;
constexpr uint64_t DynamicChunked = 35;
constexpr uint64_t GuidedChunked = 36;
constexpr uint64_t RuntimeSchedule = 37;
constexpr uint64_t AutoSchedule = 38;
constexpr uint64_t ScheduleModifiers = uint64_t(3) << 29;

/// The runtime calls that share out one worksharing loop: a static
/// schedule's `__kmpc_for_static_init_*` and `__kmpc_for_static_fini`, or
/// the others' `__kmpc_dispatch_init_*` and `__kmpc_dispatch_next_*`.
struct Worksharing {
  CallBase *Init = nullptr;
  /// The fini call, or the dispatch's next.
  CallBase *FiniOrNext = nullptr;
  /// The schedule kind, without modifiers.
  uint64_t Kind = 0;

  bool isDispatch() const { return Kind >= DynamicChunked; }
  /// Whether the iterations are the loop inside a loop over chunks.
  bool hasChunkLoop() const { return Kind != StaticUnchunked; }
  /// Where the runtime leaves the upper bound of the thread's iterations.
  Value *getUpperSlot() const {
    return isDispatch() ? FiniOrNext->getArgOperand(4) : Init->getArgOperand(5);
  }
  /// The last-iteration flag the runtime sets.
  Value *getLastFlag() const {
    return isDispatch() ? FiniOrNext->getArgOperand(2) : Init->getArgOperand(3);
  }
  /// The schedule Loom's parallel loop takes: a `runtime` schedule is
  /// static (Loom reads no OMP_SCHEDULE), and so is `auto`, the compiler's
  /// choice.
  ParallelSchedule getParallelSchedule() const {
    if (Kind == DynamicChunked)
      return ParallelSchedule::Dynamic;
    if (Kind == GuidedChunked)
      return ParallelSchedule::Guided;
    return ParallelSchedule::Static;
  }
  /// The chunk Loom's parallel loop takes (i64 0: one block per worker).
  Value *getChunk() const {
    Type *I64 = Type::getInt64Ty(Init->getContext());
    if (Kind == StaticChunked)
      return Init->getArgOperand(8);
    if (Kind == DynamicChunked || Kind == GuidedChunked)
      return Init->getArgOperand(6);
    return ConstantInt::get(I64, 0);
  }
  /// The first instruction after the worksharing loop: the fini call, or
  /// where the dispatch loop, the loop of \p LI around the next call,
  /// leaves to. Null when that loop has several exits.
  Instruction *getEnd(const LoopInfo &LI) const {
    if (!isDispatch())
      return FiniOrNext;
    const Loop *Chunks = LI.getLoopFor(FiniOrNext->getParent());
    BasicBlock *Exit = Chunks ? Chunks->getUniqueExitBlock() : nullptr;
    return Exit ? &*Exit->getFirstInsertionPt() : nullptr;
  }
};

/// The callee of \p I when it is a direct call.
Function *getCallee(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  return Call
             ? dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts())
             : nullptr;
}

bool isOpenMPRuntimeName(StringRef Name) {
  return Name.startswith("__kmpc_") || Name.startswith("omp_");
}

/// Whether \p Name is an `omp_*` routine of the driver's runtime that any
/// thread may call anywhere, whose answer does not depend on Loom's
/// parallel loops (locks, the time, the pool's size).
bool isPlainRuntimeFunction(StringRef Name) {
  return Name.startswith("omp_") && isOpenMPRuntimeFunction(Name);
}

std::optional<OpenMPCall> identifyOpenMPCall(const Instruction &I) {
  const Function *Callee = getCallee(I);
  if (!Callee)
    return std::nullopt;
  for (const OpenMPCallName &Entry : OpenMPCalls)
    if (Callee->getName() == Entry.Name)
      return Entry.Call;
  return std::nullopt;
}

/// Every call of \p Kind in \p F.
SmallVector<CallBase *, 2> findCalls(Function &F, OpenMPCall Kind) {
  SmallVector<CallBase *, 2> Calls;
  for (Instruction &I : instructions(F))
    if (identifyOpenMPCall(I) == Kind)
      Calls.push_back(cast<CallBase>(&I));
  return Calls;
}

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

/// Whether the region reads the last-iteration flag of its worksharing loop
/// (\p Flag, which the runtime sets) outside \p Dispatch, the loop over the
/// thread's iterations: Clang's code for 'lastprivate' and 'linear', which
/// the thread given the last iteration runs after the loop to copy that
/// iteration's values out.
bool readsLastIterationFlag(const Value *Flag, const Loop &Dispatch) {
  return any_of(Flag->users(), [&](const User *U) {
    const auto *Load = dyn_cast<LoadInst>(U);
    return Load && !Dispatch.contains(Load);
  });
}

/// Says that the counter of \p L's iterations never wraps. Clang counts a
/// worksharing loop's iterations from 0 with a counter on the stack that the
/// loop compares with the upper bound \p UpperSlot the runtime gives,
/// unsigned when the source loop's count is (a loop counting down, `for (i =
/// n - 1; i >= 0; --i)`). OpenMP requires the count to fit the counter's
/// type, so the counter's increment never wraps, which Clang does not say
/// of an unsigned counter; without it, ScalarEvolution cannot count the
/// loop's iterations and the loop would run serially.
void markCounterNoWrap(const Loop &L, const Value *UpperSlot) {
  for (Instruction &I : *L.getHeader()) {
    auto *Compare = dyn_cast<ICmpInst>(&I);
    if (!Compare || !Compare->isUnsigned())
      continue;
    for (unsigned Side = 0; Side < 2; ++Side) {
      auto *Upper = dyn_cast<LoadInst>(Compare->getOperand(Side));
      auto *Count = dyn_cast<LoadInst>(Compare->getOperand(1 - Side));
      if (!Upper || Upper->getPointerOperand() != UpperSlot || !Count)
        continue;
      Value *Counter = Count->getPointerOperand();
      for (User *U : Counter->users()) {
        auto *Store = dyn_cast<StoreInst>(U);
        auto *Next = Store ? dyn_cast<BinaryOperator>(Store->getValueOperand())
                           : nullptr;
        const auto *Previous =
            Next ? dyn_cast<LoadInst>(Next->getOperand(0)) : nullptr;
        if (Store && Store->getPointerOperand() == Counter &&
            L.contains(Store) && Next->getOpcode() == Instruction::Add &&
            Previous && Previous->getPointerOperand() == Counter &&
            match(Next->getOperand(1), m_One()))
          Next->setHasNoUnsignedWrap();
      }
    }
  }
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
  /// The microtask, checked before it is inlined: one static-schedule
  /// worksharing loop, no other runtime function, nothing shared changed
  /// outside the loop but the reduction. A loop whose shape Loom does not
  /// recognise is left to the driver's OpenMP runtime.
  Verdict checkMicrotask(Function &Microtask);
  /// Whether the driver's OpenMP runtime can run \p Microtask on its
  /// workers: it needs no work-item state, which only the kernel's own
  /// thread has. Reports why not.
  bool canRunOnTheRuntime(Function &Microtask);
  /// Whether \p Microtask has a barrier other than the one ending its
  /// worksharing loop (\p End follows that loop); reports it.
  bool hasStrayBarrier(Function &Microtask, const DominatorTree &DT,
                       const Instruction &End);
  /// Leaves \p Microtask to the driver's OpenMP runtime, warning \p Why
  /// (nothing when empty: the user asked for the runtime), or reports why
  /// the runtime cannot run it either. \p End follows its worksharing loop.
  Verdict leaveToRuntime(Function &Microtask, const DominatorTree &DT,
                         const Instruction &End, StringRef Why);
  /// Neither the driver's `__kmpc_reduce_nowait` nor a recognised loop
  /// (takeReductions) ever answers 2 (combine with atomics), only 1
  /// (combine under a lock, or as the loop's own reduction): \p Microtask's
  /// atomic combining goes, and with it the atomic library calls it may
  /// need, which no optimization is left to delete at -cl-opt-disable.
  void dropAtomicReductions(Function &Microtask);
  /// The loop \p Shared shares out in \p Fn: the outermost loop after its
  /// init that every path to its end (\p End) passes, or, for a chunked or
  /// dispatched schedule, the one loop inside that one.
  Loop *findWorksharingLoop(LoopInfo &LI, DominatorTree &DT,
                            const Worksharing &Shared, const Instruction &End);
  /// The worksharing calls of kind \p InitKind and \p FiniOrNextKind in
  /// \p Calls (the microtask's, or those inlined), if there is one of each.
  std::optional<Worksharing> findWorksharing(ArrayRef<CallBase *> Inits,
                                             ArrayRef<CallBase *> Ends);
  /// Replaces the inlined runtime calls by what one thread of a team of one
  /// would get from them.
  void runAsOneThread(CallBase &Init);
  void runDispatchAsOneThread(CallBase &Init, CallBase &Next);
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
  void answerQueries(OpenMPCall Kind, ParallelIntrinsic As,
                     const ParallelRegion &Region);
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

Loop *ForkRecogniser::findWorksharingLoop(LoopInfo &LI, DominatorTree &DT,
                                          const Worksharing &Shared,
                                          const Instruction &End) {
  const BasicBlock *InitBlock = Shared.Init->getParent();
  const BasicBlock *FiniBlock = End.getParent();
  Loop *Outer = nullptr;
  for (Loop *L : LI.getLoopsInPreorder()) {
    Loop *Parent = L->getParentLoop();
    if (L->contains(InitBlock) || (Parent && !Parent->contains(InitBlock)) ||
        !DT.dominates(InitBlock, L->getHeader()) ||
        !DT.dominates(L->getHeader(), FiniBlock))
      continue;
    if (Outer)
      return nullptr;
    Outer = L;
  }
  if (!Outer || !Shared.hasChunkLoop())
    return Outer;
  // The chunked schedule's dispatch loop walks the thread's chunks (a
  // dispatched one's takes them from the runtime); the iterations are the
  // loop inside it.
  return Outer->getSubLoops().size() == 1 ? Outer->getSubLoops().front()
                                          : nullptr;
}

bool ForkRecogniser::hasStrayBarrier(Function &Microtask,
                                     const DominatorTree &DT,
                                     const Instruction &End) {
  // The worksharing loop's implicit barrier, after it (OpenMPIRBuilder
  // emits one; Clang's combined 'parallel for' leaves it to the fork's
  // join): a team of one, or workers the parallel map has all joined, pass
  // it at once, and so does the driver's runtime, whose threads are the
  // same workers. Anywhere else a barrier orders the team's code around
  // it, which neither can.
  for (CallBase *Barrier : findCalls(Microtask, OpenMPCall::Barrier))
    if (!DT.dominates(&End, Barrier)) {
      error(*Barrier, "a barrier in a parallel region is not supported, "
                      "but for the one ending its worksharing loop (Clang "
                      "puts one before the loop for a 'linear' variable, "
                      "and for one both 'firstprivate' and 'lastprivate')");
      return true;
    }
  return false;
}

ForkRecogniser::Verdict ForkRecogniser::leaveToRuntime(Function &Microtask,
                                                       const DominatorTree &DT,
                                                       const Instruction &End,
                                                       StringRef Why) {
  if (hasStrayBarrier(Microtask, DT, End) || !canRunOnTheRuntime(Microtask))
    return Verdict::Failed;
  if (!Why.empty())
    emitWarning(F, Fork.getDebugLoc(),
                "parallel loop runs through the driver's OpenMP runtime (in "
                "function '" +
                    F.getName() + "'): " + Why);
  emitMissedRemark(
      F, Fork.getDebugLoc(), RemarkPass, "LeftToRuntime",
      "the parallel region runs through the driver's OpenMP "
      "runtime: " +
          (Why.empty() ? StringRef("-fopenmp-runtime asks so") : Why));
  return Verdict::LeftToRuntime;
}

ForkRecogniser::Verdict ForkRecogniser::checkMicrotask(Function &Microtask) {
  for (Instruction &I : instructions(Microtask)) {
    Function *Callee = getCallee(I);
    if (!Callee || !isOpenMPRuntimeName(Callee->getName()) ||
        identifyOpenMPCall(I) || isPlainRuntimeFunction(Callee->getName()))
      continue;
    error(I, "'" + Callee->getName() +
                 "' (from an OpenMP directive or runtime call in the "
                 "parallel region) is not supported");
    return Verdict::Failed;
  }
  std::optional<Worksharing> Shared =
      findWorksharing(findCalls(Microtask, OpenMPCall::StaticInit),
                      findCalls(Microtask, OpenMPCall::StaticFini));
  if (!Shared)
    Shared = findWorksharing(findCalls(Microtask, OpenMPCall::DispatchInit),
                             findCalls(Microtask, OpenMPCall::DispatchNext));
  if (!Shared) {
    error(Fork, "only '#pragma omp parallel for' is supported; this "
                "parallel region has no such loop, or several");
    return Verdict::Failed;
  }
  if (!Shared->Kind) {
    error(*Shared->Init, "only the schedules static, dynamic, guided, "
                         "runtime and auto are supported (not with "
                         "'ordered')");
    return Verdict::Failed;
  }
  DominatorTree DT(Microtask);
  LoopInfo LI(DT);
  Instruction *End = Shared->getEnd(LI);
  if (!End) {
    error(*Shared->FiniOrNext, "a dispatched worksharing loop whose loop of "
                               "chunks has several exits is not supported");
    return Verdict::Failed;
  }
  Loop *L = findWorksharingLoop(LI, DT, *Shared, *End);
  if (RuntimeOnly)
    return leaveToRuntime(Microtask, DT, *End, "");
  if (!L)
    return leaveToRuntime(Microtask, DT, *End,
                          "Loom does not recognise the shape of the loop of "
                          "this 'parallel for'");
  Loop *Dispatch = L->getParentLoop() ? L->getParentLoop() : L;
  if (readsLastIterationFlag(Shared->getLastFlag(), *Dispatch))
    return leaveToRuntime(
        Microtask, DT, *End,
        "its 'lastprivate' or 'linear' variables are copied out of the last "
        "iteration, which Loom's parallel loops do not single out");
  // Each thread of a team runs the region's code outside its loop: once
  // here would not be the same, except for the reduction's combining.
  SmallVector<CallBase *, 2> Reduces =
      findCalls(Microtask, OpenMPCall::ReduceNowait);
  for (Instruction &I : instructions(Microtask)) {
    if (Dispatch->contains(&I) || !mayChangeSharedState(I) ||
        any_of(Reduces,
               [&](CallBase *Reduce) { return DT.dominates(Reduce, &I); }))
      continue;
    error(I, "code in a parallel region outside its worksharing loop is not "
             "supported (only '#pragma omp parallel for')");
    return Verdict::Failed;
  }
  if (hasStrayBarrier(Microtask, DT, *End))
    return Verdict::Failed;
  // The region's queries, which the loop's workers answer.
  for (OpenMPCall Kind :
       {OpenMPCall::ThreadNum, OpenMPCall::NumThreads, OpenMPCall::InParallel})
    for (CallBase *Query : findCalls(Microtask, Kind))
      if (!L->contains(Query)) {
        error(*Query, getCallee(*Query)->getName() +
                          "() outside the loop of a 'parallel for' is not "
                          "supported");
        return Verdict::Failed;
      }
  return Verdict::Recognised;
}

std::optional<Worksharing>
ForkRecogniser::findWorksharing(ArrayRef<CallBase *> Inits,
                                ArrayRef<CallBase *> Ends) {
  if (Inits.size() != 1 || Ends.size() != 1)
    return std::nullopt;
  Worksharing Shared{Inits.front(), Ends.front(), 0};
  // A kind Loom does not run (an `ordered` loop's) stays 0.
  if (auto *Kind = dyn_cast<ConstantInt>(Shared.Init->getArgOperand(2))) {
    uint64_t Plain = Kind->getZExtValue() & ~ScheduleModifiers;
    bool Dispatched =
        identifyOpenMPCall(*Shared.Init) == OpenMPCall::DispatchInit;
    if (Dispatched ? Plain >= StaticChunked && Plain <= AutoSchedule
                   : Plain == StaticChunked || Plain == StaticUnchunked)
      Shared.Kind = Plain;
  }
  return Shared;
}

void ForkRecogniser::dropAtomicReductions(Function &Microtask) {
  for (CallBase *Reduce : findCalls(Microtask, OpenMPCall::ReduceNowait))
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

void ForkRecogniser::runAsOneThread(CallBase &Init) {
  // __kmpc_for_static_init_*(loc, gtid, kind, &last, &lb, &ub, &stride,
  // incr, chunk): alone, the thread runs every iteration, is the last, and
  // a chunked schedule's next chunk starts past the end.
  IRBuilder<> B(&Init);
  Type *Int = Init.getFunctionType()->getParamType(8);
  Value *Last = Init.getArgOperand(3), *Lower = Init.getArgOperand(4);
  Value *Upper = Init.getArgOperand(5), *Stride = Init.getArgOperand(6);
  B.CreateStore(ConstantInt::get(Type::getInt32Ty(F.getContext()), 1), Last);
  Value *Span = B.CreateSub(B.CreateLoad(Int, Upper), B.CreateLoad(Int, Lower));
  B.CreateStore(B.CreateAdd(Span, ConstantInt::get(Int, 1)), Stride);
  Init.eraseFromParent();
}

void ForkRecogniser::runDispatchAsOneThread(CallBase &Init, CallBase &Next) {
  // __kmpc_dispatch_init_*(loc, gtid, kind, lb, ub, st, chunk) and
  // __kmpc_dispatch_next_*(loc, gtid, &last, &lb, &ub, &st): alone, the
  // thread's first chunk is every iteration, and the last; its next call
  // answers 0. A flag on the stack says whether it has taken them.
  Type *Flag = Type::getInt1Ty(F.getContext());
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Taken = B.CreateAlloca(Flag, nullptr, "omp.dispatch.taken");
  B.SetInsertPoint(&Init);
  B.CreateStore(B.getFalse(), Taken);
  B.SetInsertPoint(&Next);
  Value *Before = B.CreateLoad(Flag, Taken, "omp.dispatch.before");
  B.CreateStore(B.getTrue(), Taken);
  B.CreateStore(B.getInt32(1), Next.getArgOperand(2));
  for (unsigned I = 0; I < 3; ++I)
    B.CreateStore(Init.getArgOperand(3 + I), Next.getArgOperand(3 + I));
  Next.replaceAllUsesWith(
      B.CreateSelect(Before, ConstantInt::get(Next.getType(), 0),
                     ConstantInt::get(Next.getType(), 1), "omp.dispatch.more"));
  Next.eraseFromParent();
  Init.eraseFromParent();
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
  if (Shared->isDispatch()) {
    runDispatchAsOneThread(*Shared->Init, *Shared->FiniOrNext);
  } else {
    Shared->FiniOrNext->eraseFromParent();
    runAsOneThread(*Shared->Init);
  }
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
  answerQueries(OpenMPCall::ThreadNum, ParallelIntrinsic::Worker, Region);
  answerQueries(OpenMPCall::NumThreads, ParallelIntrinsic::Workers, Region);
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
  for (CallBase *Reduce : inlinedCalls(OpenMPCall::ReduceNowait)) {
    if (auto *Combine =
            dyn_cast<Function>(Reduce->getArgOperand(5)->stripPointerCasts()))
      append_range(Reductions, getReductionKinds(*Combine));
    // 1: this thread combines its partial result itself.
    Reduce->replaceAllUsesWith(ConstantInt::get(Reduce->getType(), 1));
    Reduce->eraseFromParent();
  }
  for (CallBase *End : inlinedCalls(OpenMPCall::EndReduceNowait))
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
  for (CallBase *Call : inlinedCalls(OpenMPCall::InParallel)) {
    B.SetInsertPoint(Call);
    Value *Several =
        B.CreateICmpUGT(B.CreateCall(Workers, {Region.Entry}), B.getInt32(1));
    Call->replaceAllUsesWith(B.CreateZExt(Several, Call->getType()));
    Call->eraseFromParent();
  }
}

/// The microtask's queries of kind \p Kind become Loom's \p As of
/// \p Region.
void ForkRecogniser::answerQueries(OpenMPCall Kind, ParallelIntrinsic As,
                                   const ParallelRegion &Region) {
  SmallVector<CallBase *, 2> Calls = inlinedCalls(Kind);
  if (Calls.empty())
    return;
  Function *Intrinsic = getOrDeclareParallelIntrinsic(*F.getParent(), As);
  IRBuilder<> B(F.getContext());
  for (CallBase *Call : Calls) {
    B.SetInsertPoint(Call);
    Call->replaceAllUsesWith(B.CreateZExtOrTrunc(
        B.CreateCall(Intrinsic, {Region.Entry}), Call->getType()));
    Call->eraseFromParent();
  }
}

/// Reports each call of the OpenMP runtime left in \p F, but for Clang's
/// thread-id queries, which serve the constructs and go with them. Returns
/// whether \p F changed or has an error.
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
        for (CallBase *Reduce : findCalls(*Microtask, OpenMPCall::ReduceNowait))
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
  // Clang's locks for critical sections and reductions are common symbols,
  // which the driver's loader does not take: the module's own, or gone.
  for (GlobalVariable &G : make_early_inc_range(M.globals()))
    if (G.getName().startswith(".gomp_critical_user_")) {
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
