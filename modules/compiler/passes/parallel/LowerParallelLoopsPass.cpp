//===- LowerParallelLoopsPass.cpp - Loops on workers ----------------------===//
///
/// \file
/// See compiler/passes/parallel/LowerParallelLoopsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/parallel/LowerParallelLoopsPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/ParallelLoops.h"
#include "compiler/support/PassParams.h"
#include "metadata/abi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "lower-parallel-loops"

using namespace llvm;

STATISTIC(NumLowered, "Parallel loops split across workers");
STATISTIC(NumSerial, "Parallel loops left on one worker");

namespace compiler {
namespace utils {

namespace {

/// A declared reduction of a loop: its header phi and what LLVM recognised.
struct Reduction {
  PHINode *Phi;
  RecurrenceDescriptor Descriptor;
};

/// A loop to split, with its region's parameters.
struct ParallelLoop {
  Loop *L;
  Value *Workers;
  Value *Chunk;
  ParallelSchedule Schedule;
  /// The worker queries inside the loop.
  SmallVector<CallInst *, 2> Queries;
  SmallVector<Reduction, 2> Reductions;
};

/// The reduction \p Phi of \p L is, when LLVM recognises one of a kind the
/// loop declares.
std::optional<Reduction> findDeclaredReduction(PHINode &Phi, Loop &L,
                                               ScalarEvolution &SE) {
  RecurrenceDescriptor Descriptor;
  if (!RecurrenceDescriptor::isReductionPHI(&Phi, &L, Descriptor,
                                            /*DB=*/nullptr, /*AC=*/nullptr,
                                            /*DT=*/nullptr, &SE) ||
      !isDeclaredReduction(Descriptor.getRecurrenceKind(),
                           getDeclaredReductions(L)))
    return std::nullopt;
  return Reduction{&Phi, Descriptor};
}

/// Why \p L cannot be split yet, or an empty string. Its declared
/// reductions go in \p Reductions.
std::string whyNotLowerable(Loop &L, ScalarEvolution &SE,
                            SmallVectorImpl<Reduction> &Reductions) {
  if (!L.getLoopPreheader() || !L.getExitBlock() ||
      L.getExitingBlock() != L.getLoopLatch())
    return "it has more than one exit, or does not exit at its latch";
  if (isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)))
    return "its trip count cannot be computed";
  SmallPtrSet<const Instruction *, 4> Results;
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (Rec && Rec->getLoop() == &L && Rec->isAffine())
      continue;
    std::optional<Reduction> Declared = findDeclaredReduction(Phi, L, SE);
    if (!Declared)
      return "header phi '" + Phi.getName().str() +
             "' is neither an affine recurrence nor a declared reduction";
    Results.insert(Declared->Descriptor.getLoopExitInstr());
    Reductions.push_back(std::move(*Declared));
  }
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      for (User *U : I.users()) {
        auto *UserInst = cast<Instruction>(U);
        if (L.contains(UserInst))
          continue;
        // A reduction's result: its users take the workers' combined
        // result instead.
        if (!Results.contains(&I))
          return "a value it computes is used after it";
      }
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isa<IntrinsicInst>(Call))
        continue;
      Function *Callee = Call->getCalledFunction();
      if (Callee && identifyParallelIntrinsic(*Callee))
        continue;
      if (Call->isConvergent())
        return "it calls a convergent function (a barrier)";
      if (!Callee || !Callee->isDeclaration() ||
          BuiltinInfo::identifyMuxBuiltin(*Callee))
        return "it calls a function that may need work-item state";
    }
  return "";
}

/// Values \p L uses that are defined outside it: region tokens, which the
/// worker function replaces, and stack slots private to the loop, of which
/// it makes its own (\p Private), aside.
SetVector<Value *> getLiveIns(Loop &L, SmallVectorImpl<AllocaInst *> &Private) {
  SetVector<Value *> LiveIns;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Value *Op : I.operands()) {
        if (Op->getType()->isTokenTy() ||
            !((isa<Instruction>(Op) && !L.contains(cast<Instruction>(Op))) ||
              isa<Argument>(Op)))
          continue;
        auto *Slot = dyn_cast<AllocaInst>(Op);
        if (Slot && Slot->isStaticAlloca() && isPrivateToLoop(*Slot, L)) {
          if (!is_contained(Private, Slot))
            Private.push_back(Slot);
          continue;
        }
        LiveIns.insert(Op);
      }
  return LiveIns;
}

/// Moves one parallel loop of a function into a worker function and calls
/// the driver's parallel map in its place.
class LoopLowering {
public:
  LoopLowering(Function &F, ScalarEvolution &SE, uint64_t Granule,
               unsigned &Counter)
      : F(F), M(*F.getParent()), Ctx(F.getContext()), SE(SE), Granule(Granule),
        Counter(Counter) {}

  void run(const ParallelLoop &Parallel);

private:
  /// The slots of the context struct: live-ins, then each header phi's
  /// start and step, the trip count, the worker count and the chunk.
  struct ContextLayout {
    SmallVector<Value *, 8> Slots;
    unsigned FirstPhiSlot = 0;
    unsigned TripCountSlot = 0;
    unsigned WorkersSlot = 0;
    unsigned ChunkSlot = 0;
    /// A dynamic or guided schedule's counter of the iterations taken,
    /// which the workers add their chunks to.
    unsigned CounterSlot = 0;
    /// Where each reduction's array of partial results, one per worker, is.
    unsigned FirstPartialsSlot = 0;
    StructType *Type = nullptr;
  };

  /// After the workers: each reduction's partial results combined, in
  /// worker order, into its start value. Returns the block that goes on to
  /// the loop's exit, and maps each reduction's loop-exit value to its
  /// result in \p Results.
  BasicBlock *combinePartials(const ParallelLoop &Parallel, IRBuilder<> &B,
                              Value *Workers, ArrayRef<Value *> Partials,
                              DenseMap<Value *, Value *> &Results);

  /// The worker function as it is built: its blocks, the loop's values
  /// mapped to the worker's, and the values the steps share.
  struct Worker {
    Function *Fn = nullptr;
    Argument *Context = nullptr;
    Value *Index = nullptr;
    BasicBlock *Entry = nullptr, *ChunkCond = nullptr, *ChunkBody = nullptr,
               *ChunkLatch = nullptr, *Done = nullptr;
    ValueToValueMapTy VMap;
    /// i32, from the context or a constant.
    Value *Count = nullptr;
    /// i64: the iterations, the workers, the chunk the region asks for
    /// (rounded up to the granule), and for a static schedule this worker's
    /// first iteration and the distance from one of its chunks to the next.
    Value *TripCount = nullptr, *Count64 = nullptr, *Chunk = nullptr,
          *First = nullptr, *Stride = nullptr;
    /// A dynamic or guided schedule's counter of the iterations taken.
    Value *Counter = nullptr;
    /// i64: the chunk's first iteration, its size and its end.
    Value *ChunkStart = nullptr, *ChunkSize = nullptr, *ChunkEnd = nullptr;
    /// A static schedule's chunk start, from chunk to chunk.
    PHINode *StaticStart = nullptr;
    /// Per reduction: the worker's running result, and the array of
    /// partial results it stores it in.
    SmallVector<PHINode *, 2> Accumulators;
    SmallVector<Value *, 2> PartialArrays;
  };

  Function *createWorkerFunction(const ParallelLoop &Parallel,
                                 ArrayRef<Value *> LiveIns,
                                 ArrayRef<AllocaInst *> Private,
                                 const ContextLayout &Layout);
  void declareWorker(Worker &W);
  void loadContext(Worker &W, IRBuilder<> &B, const ParallelLoop &Parallel,
                   ArrayRef<Value *> LiveIns, ArrayRef<AllocaInst *> Private,
                   const ContextLayout &Layout);
  Value *scheduleChunk(Worker &W, IRBuilder<> &B, const ParallelLoop &Parallel,
                       const ContextLayout &Layout, Value *Workers);
  void openChunkLoop(Worker &W, IRBuilder<> &B, const ParallelLoop &Parallel);
  void cloneLoop(Worker &W, const ParallelLoop &Parallel);
  void startHeaderPhisAtChunk(Worker &W, IRBuilder<> &B,
                              const ParallelLoop &Parallel,
                              const ContextLayout &Layout);
  void endLoopWithChunk(Worker &W, IRBuilder<> &B,
                        const ParallelLoop &Parallel);
  void closeChunkLoop(Worker &W, IRBuilder<> &B, const ParallelLoop &Parallel);

  Value *countWorkers(IRBuilder<> &B, Value *Asked);
  ContextLayout layOutContext(const ParallelLoop &Parallel,
                              const SetVector<Value *> &LiveIns, IRBuilder<> &B,
                              Value *&StackTop);
  void callParallelMap(Function &Worker, const ContextLayout &Layout,
                       IRBuilder<> &B);
  void replaceLoop(const ParallelLoop &Parallel, BasicBlock &Preheader,
                   const ContextLayout &Layout, IRBuilder<> &B,
                   Value *StackTop);

  Function &F;
  Module &M;
  LLVMContext &Ctx;
  ScalarEvolution &SE;
  uint64_t Granule;
  unsigned &Counter;
};

/// Slot \p Slot of the context struct \p Context, loaded at \p B.
Value *loadSlot(IRBuilder<> &B, StructType *Layout, Value *Context,
                unsigned Slot, const Twine &Name) {
  return B.CreateLoad(Layout->getElementType(Slot),
                      B.CreateStructGEP(Layout, Context, Slot), Name);
}

/// In the worker function: for each chunk of this worker's iterations
/// [C, min(C + Chunk, TripCount)), runs a clone of the loop whose header
/// phis start at their values for iteration C and which leaves after
/// iteration min(...) - 1.
Function *LoopLowering::createWorkerFunction(const ParallelLoop &Parallel,
                                             ArrayRef<Value *> LiveIns,
                                             ArrayRef<AllocaInst *> Private,
                                             const ContextLayout &Layout) {
  Worker W;
  declareWorker(W);
  IRBuilder<> B(W.Entry);
  loadContext(W, B, Parallel, LiveIns, Private, Layout);
  openChunkLoop(W, B, Parallel);
  cloneLoop(W, Parallel);
  startHeaderPhisAtChunk(W, B, Parallel, Layout);
  endLoopWithChunk(W, B, Parallel);
  closeChunkLoop(W, B, Parallel);
  // The worker has no debug info of its own.
  for (BasicBlock &BB : *W.Fn)
    for (Instruction &I : make_early_inc_range(BB)) {
      if (isa<DbgInfoIntrinsic>(I)) {
        I.eraseFromParent();
        continue;
      }
      I.setDebugLoc(DebugLoc());
    }
  return W.Fn;
}

/// `void <F>.parallel.<n>(ptr ctx, i32 worker)`, for F's CPU, and its
/// blocks.
void LoopLowering::declareWorker(Worker &W) {
  auto *FT = FunctionType::get(
      Type::getVoidTy(Ctx), {PointerType::get(Ctx, 0), Type::getInt32Ty(Ctx)},
      false);
  W.Fn = Function::Create(FT, GlobalValue::InternalLinkage,
                          F.getName() + ".parallel." + Twine(Counter++), M);
  W.Fn->addFnAttr(Attribute::NoUnwind);
  for (const Attribute &A : F.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && (A.getKindAsString() == "target-cpu" ||
                                  A.getKindAsString() == "target-features"))
      W.Fn->addFnAttr(A);
  W.Context = W.Fn->getArg(0);
  W.Context->setName("ctx");
  W.Index = W.Fn->getArg(1);
  W.Index->setName("worker");
  W.Entry = BasicBlock::Create(Ctx, "entry", W.Fn);
  W.ChunkCond = BasicBlock::Create(Ctx, "chunk.cond", W.Fn);
  W.ChunkBody = BasicBlock::Create(Ctx, "chunk.body", W.Fn);
  W.ChunkLatch = BasicBlock::Create(Ctx, "chunk.latch", W.Fn);
  W.Done = BasicBlock::Create(Ctx, "done", W.Fn);
}

/// In the entry block: the live-ins from the context, the worker's own
/// copies of the loop's private stack slots, the trip count, the schedule
/// and the reductions' arrays of partial results.
void LoopLowering::loadContext(Worker &W, IRBuilder<> &B,
                               const ParallelLoop &Parallel,
                               ArrayRef<Value *> LiveIns,
                               ArrayRef<AllocaInst *> Private,
                               const ContextLayout &Layout) {
  for (unsigned Slot = 0; Slot < LiveIns.size(); ++Slot)
    W.VMap[LiveIns[Slot]] =
        loadSlot(B, Layout.Type, W.Context, Slot, LiveIns[Slot]->getName());
  for (AllocaInst *Slot : Private) {
    auto *Copy = cast<AllocaInst>(Slot->clone());
    Copy->insertBefore(&*W.Entry->getFirstInsertionPt());
    Copy->setName(Slot->getName());
    W.VMap[Slot] = Copy;
  }
  W.TripCount =
      loadSlot(B, Layout.Type, W.Context, Layout.TripCountSlot, "trip.count");
  // A constant stays a constant, so that the worker's arithmetic folds.
  Value *Workers = Layout.Slots[Layout.WorkersSlot];
  W.Count = isa<Constant>(Workers) ? Workers
                                   : loadSlot(B, Layout.Type, W.Context,
                                              Layout.WorkersSlot, "workers");
  W.Count64 = B.CreateZExt(W.Count, B.getInt64Ty());
  W.Chunk = scheduleChunk(W, B, Parallel, Layout, W.Count64);
  if (Parallel.Schedule == ParallelSchedule::Static) {
    W.First =
        B.CreateMul(B.CreateZExt(W.Index, B.getInt64Ty()), W.Chunk, "first");
    W.Stride = B.CreateMul(W.Count64, W.Chunk, "stride");
  } else {
    W.Counter =
        B.CreateStructGEP(Layout.Type, W.Context, Layout.CounterSlot, "taken");
  }
  for (unsigned R = 0; R < Parallel.Reductions.size(); ++R)
    W.PartialArrays.push_back(loadSlot(
        B, Layout.Type, W.Context, Layout.FirstPartialsSlot + R, "partials"));
  B.CreateBr(W.ChunkCond);
}

/// The iterations of a chunk, for \p Workers (i64) workers: as the region
/// asks, rounded up to the granule unless the loop asks for its worker
/// index, which makes the schedule visible. A static schedule's chunk 0 is
/// one block of the iterations per worker. A dynamic or guided schedule's
/// (0 is 1) is rounded up only as far as a quarter of a worker's share of
/// the iterations: its point is to balance the workers' loads, which a few
/// large chunks would not.
Value *LoopLowering::scheduleChunk(Worker &W, IRBuilder<> &B,
                                   const ParallelLoop &Parallel,
                                   const ContextLayout &Layout,
                                   Value *Workers) {
  const bool Static = Parallel.Schedule == ParallelSchedule::Static;
  uint64_t RoundTo =
      Parallel.Queries.empty() ? std::max<uint64_t>(Granule, 1) : 1;
  auto RoundUp = [&](Value *Chunk) {
    return B.CreateMul(B.CreateUDiv(B.CreateAdd(Chunk, B.getInt64(RoundTo - 1)),
                                    B.getInt64(RoundTo)),
                       B.getInt64(RoundTo));
  };
  Value *Chunk = Layout.Slots[Layout.ChunkSlot];
  auto *Constant = dyn_cast<ConstantInt>(Chunk);
  if (!Constant)
    Chunk = loadSlot(B, Layout.Type, W.Context, Layout.ChunkSlot, "chunk");
  // \p Given, or \p Otherwise when the region's chunk is 0; a constant
  // chunk chooses now.
  auto UnlessZero = [&](Value *Otherwise, Value *Given,
                        const Twine &Name) -> Value * {
    if (Constant)
      return Constant->isZero() ? Otherwise : Given;
    return B.CreateSelect(B.CreateICmpEQ(Chunk, B.getInt64(0)), Otherwise,
                          Given, Name);
  };
  if (Static) {
    Value *Block = B.CreateUDiv(
        B.CreateAdd(W.TripCount, B.CreateSub(Workers, B.getInt64(1))), Workers,
        "block");
    return UnlessZero(Block, RoundUp(Chunk), "chunk.size");
  }
  Value *Written = UnlessZero(B.getInt64(1), Chunk, "");
  Value *Quarter = B.CreateUDiv(W.TripCount, B.CreateShl(Workers, 2));
  return B.CreateBinaryIntrinsic(
      Intrinsic::umax, Written,
      B.CreateBinaryIntrinsic(Intrinsic::umin, RoundUp(Written), Quarter),
      nullptr, "chunk.size");
}

/// The loop over this worker's chunks: from its first, statically; or each
/// taken from the shared counter, dynamically (the worker adds its chunk to
/// the iterations taken and gets those before it). Each reduction runs on
/// from chunk to chunk, from its identity.
void LoopLowering::openChunkLoop(Worker &W, IRBuilder<> &B,
                                 const ParallelLoop &Parallel) {
  B.SetInsertPoint(W.ChunkCond);
  if (Parallel.Schedule == ParallelSchedule::Static) {
    W.StaticStart = B.CreatePHI(B.getInt64Ty(), 2, "chunk.start");
    W.StaticStart->addIncoming(W.First, W.Entry);
  }
  for (const Reduction &R : Parallel.Reductions) {
    PHINode *Accumulator =
        B.CreatePHI(R.Phi->getType(), 2, R.Phi->getName() + ".worker");
    RecurKind Kind = R.Descriptor.getRecurrenceKind();
    Accumulator->addIncoming(
        R.Descriptor.getRecurrenceIdentity(
            Kind == RecurKind::FMulAdd ? RecurKind::FAdd : Kind,
            R.Phi->getType(), R.Descriptor.getFastMathFlags()),
        W.Entry);
    W.Accumulators.push_back(Accumulator);
  }
  if (Parallel.Schedule == ParallelSchedule::Static) {
    W.ChunkStart = W.StaticStart;
    W.ChunkSize = W.Chunk;
  } else {
    W.ChunkSize = W.Chunk;
    if (Parallel.Schedule == ParallelSchedule::Guided) {
      // A share of what is left: another worker may take some meanwhile,
      // which only makes this chunk a little larger than its share.
      Value *Taken = B.CreateAlignedLoad(B.getInt64Ty(), W.Counter, Align(8),
                                         "taken.before");
      cast<LoadInst>(Taken)->setAtomic(AtomicOrdering::Monotonic);
      Value *Left =
          B.CreateSub(W.TripCount, B.CreateBinaryIntrinsic(Intrinsic::umin,
                                                           Taken, W.TripCount));
      Value *Share =
          B.CreateUDiv(Left, B.CreateShl(W.Count64, 1), "guided.share");
      W.ChunkSize = B.CreateBinaryIntrinsic(Intrinsic::umax, Share, W.Chunk,
                                            nullptr, "chunk.size");
    }
    W.ChunkStart = B.CreateAtomicRMW(AtomicRMWInst::Add, W.Counter, W.ChunkSize,
                                     Align(8), AtomicOrdering::Monotonic);
    W.ChunkStart->setName("chunk.start");
  }
  B.CreateCondBr(B.CreateICmpULT(W.ChunkStart, W.TripCount), W.ChunkBody,
                 W.Done);
  B.SetInsertPoint(W.ChunkBody);
  W.ChunkEnd = B.CreateBinaryIntrinsic(Intrinsic::umin,
                                       B.CreateAdd(W.ChunkStart, W.ChunkSize),
                                       W.TripCount, nullptr, "chunk.end");
}

/// The loop's blocks, cloned into the worker; its worker queries answered
/// with the worker's index and count.
void LoopLowering::cloneLoop(Worker &W, const ParallelLoop &Parallel) {
  SmallVector<BasicBlock *, 8> Clones;
  for (BasicBlock *BB : Parallel.L->blocks()) {
    BasicBlock *Clone = CloneBasicBlock(BB, W.VMap, "", W.Fn);
    W.VMap[BB] = Clone;
    Clones.push_back(Clone);
  }
  remapInstructionsInBlocks(Clones, W.VMap);
  for (CallInst *Query : Parallel.Queries) {
    auto *Clone = cast<CallInst>(W.VMap[Query]);
    bool IsIndex = identifyParallelIntrinsic(*Query->getCalledFunction()) ==
                   ParallelIntrinsic::Worker;
    Clone->replaceAllUsesWith(IsIndex ? W.Index : W.Count);
    Clone->eraseFromParent();
  }
}

/// Entered from the chunk's body: reductions go on from the worker's
/// accumulator, the other header phis start at their values for the
/// chunk's first iteration (start + first * step, from the context).
void LoopLowering::startHeaderPhisAtChunk(Worker &W, IRBuilder<> &B,
                                          const ParallelLoop &Parallel,
                                          const ContextLayout &Layout) {
  Loop &L = *Parallel.L;
  BasicBlock *Preheader = L.getLoopPreheader();
  for (unsigned R = 0; R < Parallel.Reductions.size(); ++R) {
    auto *Phi = cast<PHINode>(W.VMap[Parallel.Reductions[R].Phi]);
    Phi->setIncomingBlock(Phi->getBasicBlockIndex(Preheader), W.ChunkBody);
    Phi->setIncomingValue(Phi->getBasicBlockIndex(W.ChunkBody),
                          W.Accumulators[R]);
  }
  unsigned Slot = Layout.FirstPhiSlot;
  for (PHINode &OldPhi : L.getHeader()->phis()) {
    if (any_of(Parallel.Reductions,
               [&](const Reduction &R) { return R.Phi == &OldPhi; }))
      continue;
    auto *Phi = cast<PHINode>(W.VMap[&OldPhi]);
    Value *Start = loadSlot(B, Layout.Type, W.Context, Slot++,
                            OldPhi.getName() + ".start");
    Value *Step =
        loadSlot(B, Layout.Type, W.Context, Slot++, OldPhi.getName() + ".step");
    B.SetInsertPoint(W.ChunkBody);
    Value *Offset =
        B.CreateMul(B.CreateZExtOrTrunc(W.ChunkStart, Step->getType()), Step);
    Value *ChunkFirst = Phi->getType()->isPointerTy()
                            ? B.CreateGEP(B.getInt8Ty(), Start, Offset)
                            : B.CreateAdd(Start, Offset);
    int Index = Phi->getBasicBlockIndex(Preheader);
    Phi->setIncomingBlock(Index, W.ChunkBody);
    Phi->setIncomingValue(Index, ChunkFirst);
  }
  B.SetInsertPoint(W.ChunkBody);
  B.CreateBr(cast<BasicBlock>(W.VMap[L.getHeader()]));
}

/// An iteration counter in the cloned loop decides when the chunk is done:
/// the latch leaves to the chunk loop's latch after the chunk's last
/// iteration (the loop's metadata kept).
void LoopLowering::endLoopWithChunk(Worker &W, IRBuilder<> &B,
                                    const ParallelLoop &Parallel) {
  auto *Header = cast<BasicBlock>(W.VMap[Parallel.L->getHeader()]);
  auto *Latch = cast<BasicBlock>(W.VMap[Parallel.L->getLoopLatch()]);
  B.SetInsertPoint(Header, Header->getFirstInsertionPt());
  PHINode *Iteration = B.CreatePHI(B.getInt64Ty(), 2, "iteration");
  Iteration->addIncoming(W.ChunkStart, W.ChunkBody);
  Instruction *OldBranch = Latch->getTerminator();
  B.SetInsertPoint(OldBranch);
  Value *Next = B.CreateAdd(Iteration, B.getInt64(1), "iteration.next");
  Iteration->addIncoming(Next, Latch);
  BranchInst *NewBranch =
      B.CreateCondBr(B.CreateICmpEQ(Next, W.ChunkEnd), W.ChunkLatch, Header);
  // The worker's copy is no region's work: it may unroll again.
  if (MDNode *LoopID = OldBranch->getMetadata(LLVMContext::MD_loop))
    NewBranch->setMetadata(LLVMContext::MD_loop, releaseRolledLoopID(LoopID));
  OldBranch->eraseFromParent();
}

/// On to the worker's next chunk, its reductions carried; when none is
/// left, each reduction's result stored at the worker's index.
void LoopLowering::closeChunkLoop(Worker &W, IRBuilder<> &B,
                                  const ParallelLoop &Parallel) {
  B.SetInsertPoint(W.ChunkLatch);
  if (W.StaticStart)
    W.StaticStart->addIncoming(B.CreateAdd(W.StaticStart, W.Stride),
                               W.ChunkLatch);
  for (unsigned R = 0; R < Parallel.Reductions.size(); ++R)
    W.Accumulators[R]->addIncoming(
        W.VMap[Parallel.Reductions[R].Descriptor.getLoopExitInstr()],
        W.ChunkLatch);
  B.CreateBr(W.ChunkCond);
  B.SetInsertPoint(W.Done);
  for (unsigned R = 0; R < Parallel.Reductions.size(); ++R)
    B.CreateStore(W.Accumulators[R], B.CreateGEP(W.Accumulators[R]->getType(),
                                                 W.PartialArrays[R], W.Index));
  B.CreateRetVoid();
}

void LoopLowering::run(const ParallelLoop &Parallel) {
  BasicBlock *Preheader = Parallel.L->getLoopPreheader();
  Instruction *InsertPt = Preheader->getTerminator();
  IRBuilder<> B(InsertPt);
  SmallVector<AllocaInst *, 2> Private;
  SetVector<Value *> LiveIns = getLiveIns(*Parallel.L, Private);
  Value *StackTop = nullptr;
  ContextLayout Layout = layOutContext(Parallel, LiveIns, B, StackTop);
  Function *Worker =
      createWorkerFunction(Parallel, LiveIns.getArrayRef(), Private, Layout);
  callParallelMap(*Worker, Layout, B);
  // The preheader now ends in what replaces the loop.
  InsertPt->eraseFromParent();
  replaceLoop(Parallel, *Preheader, Layout, B, StackTop);
  ++NumLowered;
}

/// The number of workers: \p Asked (i32), or when it is 0 as many as the
/// driver has (__loom_parallel_workers).
Value *LoopLowering::countWorkers(IRBuilder<> &B, Value *Asked) {
  auto AskTheDriver = [&] {
    return B.CreateCall(
        M.getOrInsertFunction(LOOM_PARALLEL_WORKERS_SYMBOL, B.getInt32Ty()), {},
        "driver.workers");
  };
  if (auto *Constant = dyn_cast<ConstantInt>(Asked))
    return Constant->isZero() ? AskTheDriver() : Asked;
  Value *DriverWorkers = AskTheDriver();
  Value *NoneAsked = B.CreateICmpEQ(Asked, B.getInt32(0));
  return B.CreateSelect(NoneAsked, DriverWorkers, Asked, "workers");
}

/// The values the workers need, computed in the preheader at \p B: the
/// live-ins, each header phi's start and step, the trip count, the worker
/// count, the chunk, and each reduction's array of partial results, on the
/// stack from \p StackTop (saved here) for the region's length.
LoopLowering::ContextLayout
LoopLowering::layOutContext(const ParallelLoop &Parallel,
                            const SetVector<Value *> &LiveIns, IRBuilder<> &B,
                            Value *&StackTop) {
  Loop &L = *Parallel.L;
  BasicBlock *Preheader = L.getLoopPreheader();
  Instruction *InsertPt = Preheader->getTerminator();
  Type *I64 = B.getInt64Ty();
  SCEVExpander Expander(SE, M.getDataLayout(), "parallel");
  const SCEV *TripCountSCEV = SE.getAddExpr(
      SE.getTruncateOrZeroExtend(SE.getBackedgeTakenCount(&L), I64),
      SE.getOne(I64));
  Value *TripCount = Expander.expandCodeFor(TripCountSCEV, I64, InsertPt);
  ContextLayout Layout;
  Layout.Slots.append(LiveIns.begin(), LiveIns.end());
  Layout.FirstPhiSlot = Layout.Slots.size();
  for (PHINode &Phi : L.getHeader()->phis()) {
    if (any_of(Parallel.Reductions,
               [&](const Reduction &R) { return R.Phi == &Phi; }))
      continue;
    auto *Rec = cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    const SCEV *Step = Rec->getStepRecurrence(SE);
    Layout.Slots.push_back(Phi.getIncomingValueForBlock(Preheader));
    Layout.Slots.push_back(
        Expander.expandCodeFor(Step, Step->getType(), InsertPt));
  }
  Layout.TripCountSlot = Layout.Slots.size();
  Layout.Slots.push_back(TripCount);
  B.SetInsertPoint(InsertPt);
  Value *Workers =
      countWorkers(B, B.CreateZExtOrTrunc(Parallel.Workers, B.getInt32Ty()));
  Layout.WorkersSlot = Layout.Slots.size();
  Layout.Slots.push_back(Workers);
  Layout.ChunkSlot = Layout.Slots.size();
  Layout.Slots.push_back(B.CreateZExtOrTrunc(Parallel.Chunk, I64));
  if (Parallel.Schedule != ParallelSchedule::Static) {
    Layout.CounterSlot = Layout.Slots.size();
    Layout.Slots.push_back(B.getInt64(0));
  }
  if (!Parallel.Reductions.empty())
    StackTop = B.CreateIntrinsic(Intrinsic::stacksave, {}, {});
  Layout.FirstPartialsSlot = Layout.Slots.size();
  for (const Reduction &R : Parallel.Reductions)
    Layout.Slots.push_back(B.CreateAlloca(R.Phi->getType(), Workers,
                                          R.Phi->getName() + ".partials"));
  SmallVector<Type *, 8> Types;
  for (Value *V : Layout.Slots)
    Types.push_back(V->getType());
  Layout.Type = StructType::get(Ctx, Types);
  return Layout;
}

/// At \p B: the context filled in (its struct on F's entry block's stack)
/// and the driver's parallel map called on \p Worker.
void LoopLowering::callParallelMap(Function &Worker,
                                   const ContextLayout &Layout,
                                   IRBuilder<> &B) {
  IRBuilderBase::InsertPoint At = B.saveIP();
  B.SetInsertPoint(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Context = B.CreateAlloca(Layout.Type, nullptr, "parallel.ctx");
  B.restoreIP(At);
  for (unsigned Slot = 0; Slot < Layout.Slots.size(); ++Slot)
    B.CreateStore(Layout.Slots[Slot],
                  B.CreateStructGEP(Layout.Type, Context, Slot));
  FunctionCallee Hook = M.getOrInsertFunction(
      LOOM_PARALLEL_MAP_SYMBOL, Type::getVoidTy(Ctx), B.getInt32Ty(),
      PointerType::get(Ctx, 0), PointerType::get(Ctx, 0));
  B.CreateCall(Hook, {Layout.Slots[Layout.WorkersSlot], &Worker, Context});
}

/// The loop's place taken by what follows the workers, in \p Preheader
/// (its branch into the loop erased): the reductions' partial results
/// combined, the stack restored to \p StackTop, a branch
/// to the exit, whose phis and the loop's other users after it take the
/// combined results; the loop's blocks deleted.
void LoopLowering::replaceLoop(const ParallelLoop &Parallel,
                               BasicBlock &Preheader,
                               const ContextLayout &Layout, IRBuilder<> &B,
                               Value *StackTop) {
  Loop &L = *Parallel.L;
  BasicBlock *Exit = L.getExitBlock();
  B.SetInsertPoint(&Preheader);
  ArrayRef<Value *> Partials =
      ArrayRef<Value *>(Layout.Slots)
          .slice(Layout.FirstPartialsSlot, Parallel.Reductions.size());
  DenseMap<Value *, Value *> Results;
  BasicBlock *Last =
      Parallel.Reductions.empty()
          ? &Preheader
          : combinePartials(Parallel, B, Layout.Slots[Layout.WorkersSlot],
                            Partials, Results);
  if (StackTop)
    B.CreateIntrinsic(Intrinsic::stackrestore, {}, {StackTop});
  B.CreateBr(Exit);
  // The exit's phis now come from the last block here, reductions with
  // their combined results; deleting the loop drops the latch's incomings.
  BasicBlock *Latch = L.getLoopLatch();
  for (PHINode &Phi : Exit->phis()) {
    Value *FromLoop = Phi.getIncomingValueForBlock(Latch);
    Value *Result = Results.lookup(FromLoop);
    Phi.addIncoming(Result ? Result : FromLoop, Last);
  }
  // Every other use after the loop (the IR need not be in LCSSA form) is
  // dominated by the exit, and so by the combined result.
  for (auto &[ExitValue, Result] : Results)
    ExitValue->replaceUsesWithIf(Result, [&](Use &U) {
      auto *UserInst = cast<Instruction>(U.getUser());
      return !L.contains(UserInst) &&
             !(isa<PHINode>(UserInst) && UserInst->getParent() == Exit);
    });
  SmallVector<BasicBlock *, 8> Dead(L.blocks());
  DeleteDeadBlocks(Dead);
}

BasicBlock *LoopLowering::combinePartials(const ParallelLoop &Parallel,
                                          IRBuilder<> &B, Value *Workers,
                                          ArrayRef<Value *> Partials,
                                          DenseMap<Value *, Value *> &Results) {
  BasicBlock *Before = B.GetInsertBlock();
  BasicBlock *Combine = BasicBlock::Create(Ctx, "combine", &F);
  BasicBlock *Combined = BasicBlock::Create(Ctx, "combined", &F);
  B.CreateBr(Combine);
  B.SetInsertPoint(Combine);
  PHINode *Index = B.CreatePHI(B.getInt32Ty(), 2, "partial");
  Index->addIncoming(B.getInt32(0), Before);
  // The loop's preheader is where the combining starts, from each
  // reduction's start value.
  SmallVector<PHINode *, 2> Sums;
  for (const Reduction &Red : Parallel.Reductions) {
    Sums.push_back(
        B.CreatePHI(Red.Phi->getType(), 2, Red.Phi->getName() + ".combined"));
    Sums.back()->addIncoming(Red.Phi->getIncomingValueForBlock(Before), Before);
  }
  for (unsigned R = 0; R < Parallel.Reductions.size(); ++R) {
    const Reduction &Red = Parallel.Reductions[R];
    Type *Ty = Red.Phi->getType();
    Value *Partial =
        B.CreateLoad(Ty, B.CreateGEP(Ty, Partials[R], Index), "partial.value");
    IRBuilderBase::FastMathFlagGuard Guard(B);
    B.setFastMathFlags(Red.Descriptor.getFastMathFlags());
    RecurKind Kind = Red.Descriptor.getRecurrenceKind();
    // Partial results of fused multiply-adds are combined by addition.
    if (Kind == RecurKind::FMulAdd)
      Kind = RecurKind::FAdd;
    Results[Red.Descriptor.getLoopExitInstr()] =
        RecurrenceDescriptor::isMinMaxRecurrenceKind(Kind)
            ? createMinMaxOp(B, Kind, Sums[R], Partial)
            : B.CreateBinOp(static_cast<Instruction::BinaryOps>(
                                RecurrenceDescriptor::getOpcode(Kind)),
                            Sums[R], Partial);
  }
  Value *NextIndex = B.CreateAdd(Index, B.getInt32(1));
  Index->addIncoming(NextIndex, Combine);
  for (unsigned R = 0; R < Sums.size(); ++R)
    Sums[R]->addIncoming(
        Results[Parallel.Reductions[R].Descriptor.getLoopExitInstr()], Combine);
  B.CreateCondBr(B.CreateICmpULT(NextIndex, Workers), Combine, Combined);
  B.SetInsertPoint(Combined);
  // The results outside the combining loop: its last values, in the
  // reductions' order.
  for (const Reduction &Red : Parallel.Reductions) {
    Value *&Result = Results[Red.Descriptor.getLoopExitInstr()];
    PHINode *Final = B.CreatePHI(Result->getType(), 1, "reduced");
    Final->addIncoming(Result, Combine);
    Result = Final;
  }
  return Combined;
}

/// Lowers or makes serial every region of \p F. Returns whether it changed.
bool lowerFunction(Function &F, FunctionAnalysisManager &FAM, uint64_t Granule,
                   unsigned &Counter) {
  SmallVector<ParallelRegion, 4> Regions = findParallelRegions(F);
  if (Regions.empty())
    return false;
  for (ParallelRegion &Region : Regions) {
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    SmallVector<Loop *, 2> Loops = getLoopsOfRegion(LI, Region.Id);
    std::string Why;
    SmallVector<Reduction, 2> Reductions;
    if (Loops.size() != 1)
      Why = "its region holds " + std::to_string(Loops.size()) +
            " loops (parallelization-cleanup runs first)";
    else
      Why = whyNotLowerable(*Loops.front(), SE, Reductions);
    if (!Why.empty()) {
      DebugLoc Loc = Region.Entry->getDebugLoc();
      if (!Loc && !Loops.empty())
        Loc = Loops.front()->getStartLoc();
      reportSerialRegion(Region, Loc, Why);
      removeParallelRegion(Region, LI);
      ++NumSerial;
      FAM.invalidate(F, PreservedAnalyses::none());
      continue;
    }
    Loop *L = Loops.front();
    ParallelLoop Parallel{L,
                          Region.getWorkers(),
                          Region.getChunk(),
                          getParallelLoopSchedule(*L),
                          {},
                          std::move(Reductions)};
    for (CallInst *Query : Region.Queries)
      if (L->contains(Query))
        Parallel.Queries.push_back(Query);
    LoopLowering(F, SE, Granule, Counter).run(Parallel);
    // The loop, and the queries in it, are gone with its blocks; the
    // workers reach the shared memory through the loop's context.
    for (CallInst *Exit : Region.Exits)
      Exit->eraseFromParent();
    for (CallInst *Shared : Region.SharedMemory)
      Shared->eraseFromParent();
    Region.Entry->eraseFromParent();
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  return true;
}

} // namespace

PreservedAnalyses LowerParallelLoopsPass::run(Module &M,
                                              ModuleAnalysisManager &AM) {
  auto &FAM = AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  unsigned Counter = 0;
  SmallVector<Function *, 8> Functions;
  for (Function &F : M)
    if (!F.isDeclaration())
      Functions.push_back(&F);
  for (Function *F : Functions)
    Changed |= lowerFunction(*F, FAM, Opts.Granule, Counter);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Expected<LowerParallelLoopsPass::Options>
LowerParallelLoopsPass::parseOptions(StringRef Params) {
  Options Opts;
  if (Error E = parseCountPassParam(Params, "lower-parallel-loops", "granule",
                                    "iterations", Opts.Granule))
    return std::move(E);
  return Opts;
}

void LowerParallelLoopsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      "granule=" + std::to_string(Opts.Granule));
}

} // namespace utils
} // namespace compiler
