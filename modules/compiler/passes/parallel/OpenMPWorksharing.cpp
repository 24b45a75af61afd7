//===- OpenMPWorksharing.cpp - OpenMP's runtime calls and loops -----------===//
///
/// \file
/// See OpenMPWorksharing.h.
///
//===----------------------------------------------------------------------===//

#include "OpenMPWorksharing.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace compiler {
namespace utils {
namespace openmp {

namespace {

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
    {OpenMPCall::Reduce, "__kmpc_reduce_nowait"},
    {OpenMPCall::EndReduce, "__kmpc_end_reduce_nowait"},
    {OpenMPCall::Reduce, "__kmpc_reduce"},
    {OpenMPCall::EndReduce, "__kmpc_end_reduce"},
    {OpenMPCall::ThreadNum, "omp_get_thread_num"},
    {OpenMPCall::NumThreads, "omp_get_num_threads"},
    {OpenMPCall::InParallel, "omp_in_parallel"},
    {OpenMPCall::Barrier, "__kmpc_barrier"},
    {OpenMPCall::Critical, "__kmpc_critical"},
    {OpenMPCall::Critical, "__kmpc_critical_with_hint"},
    {OpenMPCall::EndCritical, "__kmpc_end_critical"},
};

void runStaticAsOneThread(CallBase &Init) {
  // __kmpc_for_static_init_*(loc, gtid, kind, &last, &lb, &ub, &stride,
  // incr, chunk): alone, the thread runs every iteration, is the last, and
  // a chunked schedule's next chunk starts past the end.
  IRBuilder<> B(&Init);
  Type *Int = Init.getFunctionType()->getParamType(8);
  Value *Last = Init.getArgOperand(3), *Lower = Init.getArgOperand(4);
  Value *Upper = Init.getArgOperand(5), *Stride = Init.getArgOperand(6);
  B.CreateStore(B.getInt32(1), Last);
  Value *Span = B.CreateSub(B.CreateLoad(Int, Upper), B.CreateLoad(Int, Lower));
  B.CreateStore(B.CreateAdd(Span, ConstantInt::get(Int, 1)), Stride);
  Init.eraseFromParent();
}

void runDispatchAsOneThread(CallBase &Init, CallBase &Next) {
  // __kmpc_dispatch_init_*(loc, gtid, kind, lb, ub, st, chunk) and
  // __kmpc_dispatch_next_*(loc, gtid, &last, &lb, &ub, &st): alone, the
  // thread's first chunk is every iteration, and the last; its next call
  // answers 0. A flag on the stack says whether it has taken them.
  Function &F = *Init.getFunction();
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

} // namespace

Function *getCallee(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  return Call
             ? dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts())
             : nullptr;
}

bool isOpenMPRuntimeName(StringRef Name) {
  return Name.startswith("__kmpc_") || Name.startswith("omp_");
}

bool isPlainRuntimeFunction(StringRef Name) {
  return (Name.startswith("omp_") || Name == "__kmpc_flush") &&
         isOpenMPRuntimeFunction(Name);
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

SmallVector<CallBase *, 2> findCalls(Function &F, OpenMPCall Kind) {
  SmallVector<CallBase *, 2> Calls;
  for (Instruction &I : instructions(F))
    if (identifyOpenMPCall(I) == Kind)
      Calls.push_back(cast<CallBase>(&I));
  return Calls;
}

Value *Worksharing::getUpperSlot() const {
  return isDispatch() ? FiniOrNext->getArgOperand(4) : Init->getArgOperand(5);
}

Value *Worksharing::getLastFlag() const {
  return isDispatch() ? FiniOrNext->getArgOperand(2) : Init->getArgOperand(3);
}

ParallelSchedule Worksharing::getParallelSchedule() const {
  if (Kind == DynamicChunked)
    return ParallelSchedule::Dynamic;
  if (Kind == GuidedChunked)
    return ParallelSchedule::Guided;
  return ParallelSchedule::Static;
}

Value *Worksharing::getChunk() const {
  if (Kind == StaticChunked)
    return Init->getArgOperand(8);
  if (Kind == DynamicChunked || Kind == GuidedChunked)
    return Init->getArgOperand(6);
  return ConstantInt::get(Type::getInt64Ty(Init->getContext()), 0);
}

bool Worksharing::sharesSections() const {
  // ident_t { i32 reserved, i32 flags, ... }, whose flags mark a
  // `sections` construct's loop.
  const auto *Ident =
      dyn_cast<GlobalVariable>(Init->getArgOperand(0)->stripPointerCasts());
  const auto *Fields = Ident && Ident->hasDefinitiveInitializer()
                           ? dyn_cast<ConstantStruct>(Ident->getInitializer())
                           : nullptr;
  const auto *Flags = Fields && Fields->getNumOperands() > 1
                          ? dyn_cast<ConstantInt>(Fields->getOperand(1))
                          : nullptr;
  return Flags && (Flags->getZExtValue() & LOOM_OMP_IDENT_WORK_SECTIONS);
}

Instruction *Worksharing::getEnd(const LoopInfo &LI) const {
  if (!isDispatch())
    return FiniOrNext;
  const Loop *Chunks = LI.getLoopFor(FiniOrNext->getParent());
  BasicBlock *Exit = Chunks ? Chunks->getUniqueExitBlock() : nullptr;
  return Exit ? &*Exit->getFirstInsertionPt() : nullptr;
}

std::optional<Worksharing> findWorksharing(ArrayRef<CallBase *> Inits,
                                           ArrayRef<CallBase *> Ends) {
  if (Inits.size() != 1 || Ends.size() != 1)
    return std::nullopt;
  Worksharing Shared{Inits.front(), Ends.front(), 0};
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

Loop *findWorksharingLoop(LoopInfo &LI, DominatorTree &DT,
                          const Worksharing &Shared, const Instruction &End) {
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

void runAsOneThread(const Worksharing &Shared) {
  if (Shared.isDispatch()) {
    runDispatchAsOneThread(*Shared.Init, *Shared.FiniOrNext);
    return;
  }
  Shared.FiniOrNext->eraseFromParent();
  runStaticAsOneThread(*Shared.Init);
}

} // namespace openmp
} // namespace utils
} // namespace compiler
