//===- LowerParallelLoopsPass.cpp - Loops on workers ----------------------===//
///
/// \file
/// See compiler/utils/LowerParallelLoopsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/LowerParallelLoopsPass.h"

#include "compiler/BuiltinInfo.h"
#include "compiler/utils/Diagnostics.h"
#include "compiler/utils/ParallelLoops.h"
#include "metadata/abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "lower-parallel-loops"

using namespace llvm;

STATISTIC(NumLowered, "Parallel loops split across workers");
STATISTIC(NumSerial, "Parallel loops left on one worker");

namespace compiler {
namespace utils {

namespace {

/// A loop to split, with its region's parameters.
struct ParallelLoop {
  Loop *L;
  Value *Workers;
  Value *Chunk;
  /// The worker queries inside the loop.
  SmallVector<CallInst *, 2> Queries;
};

/// Why \p L cannot be split yet, or an empty string.
std::string whyNotLowerable(Loop &L, ScalarEvolution &SE) {
  if (!L.getLoopPreheader() || !L.getExitBlock() ||
      L.getExitingBlock() != L.getLoopLatch())
    return "it has more than one exit, or does not exit at its latch";
  if (isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)))
    return "its trip count cannot be computed";
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
      return "header phi '" + Phi.getName().str() +
             "' is not an affine recurrence (reductions are not split yet)";
  }
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return "a value it computes is used after it";
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

/// Values \p L uses that are defined outside it, but for region tokens,
/// which the worker function replaces.
SetVector<Value *> getLiveIns(Loop &L) {
  SetVector<Value *> LiveIns;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Value *Op : I.operands())
        if (!Op->getType()->isTokenTy() &&
            ((isa<Instruction>(Op) && !L.contains(cast<Instruction>(Op))) ||
             isa<Argument>(Op)))
          LiveIns.insert(Op);
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
    StructType *Type = nullptr;
  };

  Function *createWorkerFunction(const ParallelLoop &Parallel,
                                 ArrayRef<Value *> LiveIns,
                                 const ContextLayout &Layout);

  Function &F;
  Module &M;
  LLVMContext &Ctx;
  ScalarEvolution &SE;
  uint64_t Granule;
  unsigned &Counter;
};

/// In the worker function: for each chunk of this worker's iterations
/// [C, min(C + Chunk, TripCount)), runs a clone of the loop whose header
/// phis start at their values for iteration C and which leaves after
/// iteration min(...) - 1.
Function *LoopLowering::createWorkerFunction(const ParallelLoop &Parallel,
                                             ArrayRef<Value *> LiveIns,
                                             const ContextLayout &Layout) {
  Loop &L = *Parallel.L;
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  auto *FT = FunctionType::get(Type::getVoidTy(Ctx),
                               {PointerType::get(Ctx, 0), I32}, false);
  Function *Worker =
      Function::Create(FT, GlobalValue::InternalLinkage,
                       F.getName() + ".parallel." + Twine(Counter++), M);
  Worker->addFnAttr(Attribute::NoUnwind);
  for (const Attribute &A : F.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && (A.getKindAsString() == "target-cpu" ||
                                  A.getKindAsString() == "target-features"))
      Worker->addFnAttr(A);
  Argument *Context = Worker->getArg(0);
  Context->setName("ctx");
  Value *WorkerIndex = Worker->getArg(1);
  WorkerIndex->setName("worker");

  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Worker);
  BasicBlock *ChunkCond = BasicBlock::Create(Ctx, "chunk.cond", Worker);
  BasicBlock *ChunkBody = BasicBlock::Create(Ctx, "chunk.body", Worker);
  BasicBlock *ChunkLatch = BasicBlock::Create(Ctx, "chunk.latch", Worker);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Worker);

  IRBuilder<> B(Entry);
  ValueToValueMapTy VMap;
  auto LoadSlot = [&](unsigned Slot, const Twine &Name) {
    Value *Ptr = B.CreateStructGEP(Layout.Type, Context, Slot);
    return B.CreateLoad(Layout.Type->getElementType(Slot), Ptr, Name);
  };
  // A constant stays a constant, so that the worker's arithmetic folds.
  auto LoadUnlessConstant = [&](unsigned Slot, const Twine &Name) {
    Value *V = Layout.Slots[Slot];
    return isa<Constant>(V) ? V : LoadSlot(Slot, Name);
  };
  for (unsigned Slot = 0; Slot < LiveIns.size(); ++Slot)
    VMap[LiveIns[Slot]] = LoadSlot(Slot, LiveIns[Slot]->getName());
  Value *TripCount = LoadSlot(Layout.TripCountSlot, "trip.count");
  Value *WorkerCount = LoadUnlessConstant(Layout.WorkersSlot, "workers");
  Value *Workers = B.CreateZExt(WorkerCount, I64);
  Value *Block =
      B.CreateUDiv(B.CreateAdd(TripCount, B.CreateSub(Workers, B.getInt64(1))),
                   Workers, "block");
  // With queries of the worker index, the schedule is visible: as written.
  uint64_t RoundTo =
      Parallel.Queries.empty() ? std::max<uint64_t>(Granule, 1) : 1;
  Value *Chunk = LoadUnlessConstant(Layout.ChunkSlot, "chunk");
  if (auto *Constant = dyn_cast<ConstantInt>(Chunk)) {
    uint64_t Written = Constant->getZExtValue();
    Chunk = Written ? B.getInt64(alignTo(Written, RoundTo)) : Block;
  } else {
    Value *Rounded =
        B.CreateMul(B.CreateUDiv(B.CreateAdd(Chunk, B.getInt64(RoundTo - 1)),
                                 B.getInt64(RoundTo)),
                    B.getInt64(RoundTo));
    Chunk = B.CreateSelect(B.CreateICmpEQ(Chunk, B.getInt64(0)), Block, Rounded,
                           "chunk.size");
  }
  Value *First = B.CreateMul(B.CreateZExt(WorkerIndex, I64), Chunk, "first");
  Value *Stride = B.CreateMul(Workers, Chunk, "stride");
  B.CreateBr(ChunkCond);

  B.SetInsertPoint(ChunkCond);
  PHINode *ChunkStart = B.CreatePHI(I64, 2, "chunk.start");
  ChunkStart->addIncoming(First, Entry);
  B.CreateCondBr(B.CreateICmpULT(ChunkStart, TripCount), ChunkBody, Done);

  B.SetInsertPoint(ChunkBody);
  Value *ChunkEnd =
      B.CreateBinaryIntrinsic(Intrinsic::umin, B.CreateAdd(ChunkStart, Chunk),
                              TripCount, nullptr, "chunk.end");

  // The loop, cloned.
  SmallVector<BasicBlock *, 8> Clones;
  for (BasicBlock *BB : L.blocks()) {
    BasicBlock *Clone = CloneBasicBlock(BB, VMap, "", Worker);
    VMap[BB] = Clone;
    Clones.push_back(Clone);
  }
  remapInstructionsInBlocks(Clones, VMap);
  for (CallInst *Query : Parallel.Queries) {
    auto *Clone = cast<CallInst>(VMap[Query]);
    bool IsIndex = identifyParallelIntrinsic(*Query->getCalledFunction()) ==
                   ParallelIntrinsic::Worker;
    Clone->replaceAllUsesWith(IsIndex ? WorkerIndex : WorkerCount);
    Clone->eraseFromParent();
  }
  auto *Header = cast<BasicBlock>(VMap[L.getHeader()]);
  auto *Latch = cast<BasicBlock>(VMap[L.getLoopLatch()]);
  BasicBlock *Preheader = L.getLoopPreheader();

  // Header phis start at their values for iteration ChunkStart.
  unsigned Slot = Layout.FirstPhiSlot;
  for (PHINode &OldPhi : L.getHeader()->phis()) {
    auto *Phi = cast<PHINode>(VMap[&OldPhi]);
    Value *Start = LoadSlot(Slot++, OldPhi.getName() + ".start");
    Value *Step = LoadSlot(Slot++, OldPhi.getName() + ".step");
    B.SetInsertPoint(ChunkBody);
    Value *Offset =
        B.CreateMul(B.CreateZExtOrTrunc(ChunkStart, Step->getType()), Step);
    Value *ChunkFirst = Phi->getType()->isPointerTy()
                            ? B.CreateGEP(B.getInt8Ty(), Start, Offset)
                            : B.CreateAdd(Start, Offset);
    int Index = Phi->getBasicBlockIndex(Preheader);
    Phi->setIncomingBlock(Index, ChunkBody);
    Phi->setIncomingValue(Index, ChunkFirst);
  }
  B.SetInsertPoint(ChunkBody);
  B.CreateBr(Header);

  // An iteration counter decides when the chunk is done.
  B.SetInsertPoint(Header, Header->getFirstInsertionPt());
  PHINode *Iteration = B.CreatePHI(I64, 2, "iteration");
  Iteration->addIncoming(ChunkStart, ChunkBody);
  Instruction *OldBranch = Latch->getTerminator();
  B.SetInsertPoint(OldBranch);
  Value *Next = B.CreateAdd(Iteration, B.getInt64(1), "iteration.next");
  Iteration->addIncoming(Next, Latch);
  BranchInst *NewBranch =
      B.CreateCondBr(B.CreateICmpEQ(Next, ChunkEnd), ChunkLatch, Header);
  NewBranch->copyMetadata(*OldBranch, {LLVMContext::MD_loop});
  OldBranch->eraseFromParent();

  B.SetInsertPoint(ChunkLatch);
  ChunkStart->addIncoming(B.CreateAdd(ChunkStart, Stride), ChunkLatch);
  B.CreateBr(ChunkCond);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();

  // The worker has no debug info of its own.
  for (BasicBlock &BB : *Worker)
    for (Instruction &I : make_early_inc_range(BB)) {
      if (isa<DbgInfoIntrinsic>(I)) {
        I.eraseFromParent();
        continue;
      }
      I.setDebugLoc(DebugLoc());
    }
  return Worker;
}

void LoopLowering::run(const ParallelLoop &Parallel) {
  Loop &L = *Parallel.L;
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  IRBuilder<> B(Preheader->getTerminator());

  // The values the workers need, in the preheader.
  SCEVExpander Expander(SE, M.getDataLayout(), "parallel");
  Instruction *InsertPt = Preheader->getTerminator();
  const SCEV *TripCountSCEV = SE.getAddExpr(
      SE.getTruncateOrZeroExtend(SE.getBackedgeTakenCount(&L), I64),
      SE.getOne(I64));
  Value *TripCount = Expander.expandCodeFor(TripCountSCEV, I64, InsertPt);
  SetVector<Value *> LiveIns = getLiveIns(L);
  ContextLayout Layout;
  Layout.Slots.append(LiveIns.begin(), LiveIns.end());
  Layout.FirstPhiSlot = Layout.Slots.size();
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Rec = cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    const SCEV *Step = Rec->getStepRecurrence(SE);
    Layout.Slots.push_back(Phi.getIncomingValueForBlock(Preheader));
    Layout.Slots.push_back(
        Expander.expandCodeFor(Step, Step->getType(), InsertPt));
  }
  Layout.TripCountSlot = Layout.Slots.size();
  Layout.Slots.push_back(TripCount);
  // 0 workers: as many as the driver has (__loom_parallel_workers).
  B.SetInsertPoint(InsertPt);
  Value *Asked = B.CreateZExtOrTrunc(Parallel.Workers, I32);
  auto AskTheDriver = [&] {
    return B.CreateCall(
        M.getOrInsertFunction(LOOM_PARALLEL_WORKERS_SYMBOL, I32), {},
        "driver.workers");
  };
  Value *Workers = Asked;
  if (auto *Constant = dyn_cast<ConstantInt>(Asked)) {
    if (Constant->isZero())
      Workers = AskTheDriver();
  } else {
    Value *DriverWorkers = AskTheDriver();
    Value *NoneAsked = B.CreateICmpEQ(Asked, B.getInt32(0));
    Workers = B.CreateSelect(NoneAsked, DriverWorkers, Asked, "workers");
  }
  Layout.WorkersSlot = Layout.Slots.size();
  Layout.Slots.push_back(Workers);
  Layout.ChunkSlot = Layout.Slots.size();
  Layout.Slots.push_back(B.CreateZExtOrTrunc(Parallel.Chunk, I64));

  SmallVector<Type *, 8> Types;
  for (Value *V : Layout.Slots)
    Types.push_back(V->getType());
  Layout.Type = StructType::get(Ctx, Types);
  Function *Worker =
      createWorkerFunction(Parallel, LiveIns.getArrayRef(), Layout);

  B.SetInsertPoint(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Context = B.CreateAlloca(Layout.Type, nullptr, "parallel.ctx");
  B.SetInsertPoint(InsertPt);
  for (unsigned Slot = 0; Slot < Layout.Slots.size(); ++Slot)
    B.CreateStore(Layout.Slots[Slot],
                  B.CreateStructGEP(Layout.Type, Context, Slot));
  FunctionCallee Hook =
      M.getOrInsertFunction(LOOM_PARALLEL_MAP_SYMBOL, Type::getVoidTy(Ctx), I32,
                            PointerType::get(Ctx, 0), PointerType::get(Ctx, 0));
  B.CreateCall(Hook, {Workers, Worker, Context});
  B.CreateBr(Exit);
  InsertPt->eraseFromParent();

  SmallVector<BasicBlock *, 8> Dead(L.blocks());
  DeleteDeadBlocks(Dead);
  ++NumLowered;
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
    if (Loops.size() != 1)
      Why = "its region holds " + std::to_string(Loops.size()) +
            " loops (parallelization-cleanup runs first)";
    else
      Why = whyNotLowerable(*Loops.front(), SE);
    if (!Why.empty()) {
      DebugLoc Loc = Region.Entry->getDebugLoc();
      if (!Loc && !Loops.empty())
        Loc = Loops.front()->getStartLoc();
      emitWarning(F, Loc,
                  "parallel loop runs serially (in function '" + F.getName() +
                      "'): " + Why);
      removeParallelRegion(Region, LI);
      ++NumSerial;
      FAM.invalidate(F, PreservedAnalyses::none());
      continue;
    }
    Loop *L = Loops.front();
    ParallelLoop Parallel{L, Region.getWorkers(), Region.getChunk(), {}};
    for (CallInst *Query : Region.Queries)
      if (L->contains(Query))
        Parallel.Queries.push_back(Query);
    LoopLowering(F, SE, Granule, Counter).run(Parallel);
    // The loop, and the queries in it, are gone with its blocks.
    for (CallInst *Exit : Region.Exits)
      Exit->eraseFromParent();
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

} // namespace utils
} // namespace compiler
