//===- LoopSPMDizationPass.cpp - Loops split across workers ---------------===//
///
/// \file
/// See csa/LoopSPMDizationPass.h.
///
//===----------------------------------------------------------------------===//

#include "csa/LoopSPMDizationPass.h"

#include "csa/CSAIntrinsics.h"
#include "csa/MarkedLoops.h"

#include "compiler/Target.h"
#include "compiler/utils/Diagnostics.h"
#include "metadata/abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "csa-loop-spmdization"

STATISTIC(NumSpmdized, "Loops split across workers");
STATISTIC(NumNotSpmdized, "spmd loops left on one worker");

static cl::opt<unsigned> SpmdGranule(
    "csa-spmd-granule", cl::init(64),
    cl::desc("CSA: on the host, spmd chunks are rounded up to a multiple of "
             "this many iterations, so each worker's chunks stay long enough "
             "to vectorize (1: chunks exactly as written)"),
    cl::cat(compiler::getTargetOptionCategory()));

namespace csa {

namespace {

/// An spmd loop and its parameters.
struct SpmdLoop {
  Loop *L;
  CallInst *Entry;
  uint32_t Workers;
  uint32_t Chunk;
};

/// Why \p L cannot be split, or an empty string.
std::string whyNotSplittable(Loop &L, ScalarEvolution &SE) {
  if (!L.getExitBlock() || L.getExitingBlock() != L.getLoopLatch())
    return "it has more than one exit, or does not exit at its latch";
  if (isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)))
    return "its trip count cannot be computed";
  if (!L.getExitBlock()->phis().empty())
    return "a value it computes is used after it";
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
      return "header phi '" + Phi.getName().str() +
             "' is not an affine recurrence";
  }
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return "a value it computes is used after it";
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isa<IntrinsicInst>(Call) || getCalledIntrinsic(Call))
        continue;
      if (Call->isConvergent())
        return "it calls a convergent function (a barrier)";
      Function *Callee = Call->getCalledFunction();
      if (!Callee || !Callee->isDeclaration() ||
          Callee->getName().startswith("__mux_"))
        return "it calls a function that may need work-item state";
    }
  return "";
}

/// Values \p L uses that are defined outside it.
SetVector<Value *> getLiveIns(Loop &L) {
  SetVector<Value *> LiveIns;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Value *Op : I.operands())
        if ((isa<Instruction>(Op) && !L.contains(cast<Instruction>(Op))) ||
            isa<Argument>(Op))
          LiveIns.insert(Op);
  return LiveIns;
}

class Spmdizer {
public:
  Spmdizer(Function &F, LoopInfo &LI, ScalarEvolution &SE, unsigned &Counter)
      : F(F), M(*F.getParent()), Ctx(F.getContext()), LI(LI), SE(SE),
        Counter(Counter) {}

  void run(const SpmdLoop &Spmd);

private:
  Function *createWorkerFunction(const SpmdLoop &Spmd,
                                 ArrayRef<Value *> LiveIns,
                                 StructType *ContextType, unsigned FirstPhiSlot,
                                 unsigned TripCountSlot);

  Function &F;
  Module &M;
  LLVMContext &Ctx;
  LoopInfo &LI;
  ScalarEvolution &SE;
  unsigned &Counter;
};

/// In the worker function: for each chunk of this worker's iterations
/// [C, min(C + Chunk, TripCount)), runs a clone of the loop whose header
/// phis start at their values for iteration C and which leaves after
/// iteration min(...) - 1.
Function *Spmdizer::createWorkerFunction(const SpmdLoop &Spmd,
                                         ArrayRef<Value *> LiveIns,
                                         StructType *ContextType,
                                         unsigned FirstPhiSlot,
                                         unsigned TripCountSlot) {
  Loop &L = *Spmd.L;
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  auto *FT = FunctionType::get(Type::getVoidTy(Ctx),
                               {PointerType::get(Ctx, 0), I32}, false);
  Function *Worker =
      Function::Create(FT, GlobalValue::InternalLinkage,
                       F.getName() + ".spmd." + Twine(Counter++), M);
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
    Value *Ptr = B.CreateStructGEP(ContextType, Context, Slot);
    return B.CreateLoad(ContextType->getElementType(Slot), Ptr, Name);
  };
  for (unsigned Slot = 0; Slot < LiveIns.size(); ++Slot)
    VMap[LiveIns[Slot]] = LoadSlot(Slot, LiveIns[Slot]->getName());
  Value *TripCount = LoadSlot(TripCountSlot, "trip.count");
  Value *Workers = B.getInt64(Spmd.Workers);
  Value *Chunk =
      Spmd.Chunk
          ? static_cast<Value *>(B.getInt64(
                alignTo(Spmd.Chunk, std::max(1u, SpmdGranule.getValue()))))
          : B.CreateUDiv(B.CreateAdd(TripCount, B.getInt64(Spmd.Workers - 1)),
                         Workers, "block");
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
  auto *Header = cast<BasicBlock>(VMap[L.getHeader()]);
  auto *Latch = cast<BasicBlock>(VMap[L.getLoopLatch()]);
  BasicBlock *Preheader = L.getLoopPreheader();

  // Header phis start at their values for iteration ChunkStart.
  unsigned Slot = FirstPhiSlot;
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

void Spmdizer::run(const SpmdLoop &Spmd) {
  Loop &L = *Spmd.L;
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  Type *I64 = Type::getInt64Ty(Ctx);

  // The values the workers need, in the preheader.
  SCEVExpander Expander(SE, M.getDataLayout(), "spmd");
  Instruction *InsertPt = Preheader->getTerminator();
  const SCEV *TripCountSCEV = SE.getAddExpr(
      SE.getTruncateOrZeroExtend(SE.getBackedgeTakenCount(&L), I64),
      SE.getOne(I64));
  Value *TripCount = Expander.expandCodeFor(TripCountSCEV, I64, InsertPt);
  SetVector<Value *> LiveIns = getLiveIns(L);
  SmallVector<Value *, 8> Slots(LiveIns.begin(), LiveIns.end());
  unsigned FirstPhiSlot = Slots.size();
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Rec = cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    const SCEV *Step = Rec->getStepRecurrence(SE);
    Slots.push_back(Phi.getIncomingValueForBlock(Preheader));
    Slots.push_back(Expander.expandCodeFor(Step, Step->getType(), InsertPt));
  }
  unsigned TripCountSlot = Slots.size();
  Slots.push_back(TripCount);

  SmallVector<Type *, 8> Types;
  for (Value *V : Slots)
    Types.push_back(V->getType());
  StructType *ContextType = StructType::get(Ctx, Types);
  Function *Worker = createWorkerFunction(
      Spmd, LiveIns.getArrayRef(), ContextType, FirstPhiSlot, TripCountSlot);

  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Context = B.CreateAlloca(ContextType, nullptr, "spmd.ctx");
  B.SetInsertPoint(InsertPt);
  for (unsigned Slot = 0; Slot < Slots.size(); ++Slot)
    B.CreateStore(Slots[Slot], B.CreateStructGEP(ContextType, Context, Slot));
  FunctionCallee Hook = M.getOrInsertFunction(
      LOOM_PARALLEL_MAP_SYMBOL, Type::getVoidTy(Ctx), Type::getInt32Ty(Ctx),
      PointerType::get(Ctx, 0), PointerType::get(Ctx, 0));
  B.CreateCall(Hook, {B.getInt32(Spmd.Workers), Worker, Context});
  B.CreateBr(Exit);
  InsertPt->eraseFromParent();

  SmallVector<BasicBlock *, 8> Dead(L.blocks());
  DeleteDeadBlocks(Dead);
  ++NumSpmdized;
}

} // namespace

PreservedAnalyses LoopSPMDizationPass::run(Module &M,
                                           ModuleAnalysisManager &AM) {
  auto &FAM = AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  unsigned Counter = 0;
  SmallVector<Function *, 8> Functions;
  for (Function &F : M)
    if (!F.isDeclaration())
      Functions.push_back(&F);
  for (Function *F : Functions) {
    SmallVector<CallInst *, 4> Entries;
    for (Instruction &I : instructions(*F))
      if (CallInst *Entry =
              getIntrinsicCall(&I, CSAIntrinsic::SpmdizationEntry))
        Entries.push_back(Entry);
    if (Entries.empty())
      continue;
    bool FunctionChanged = false;
    for (CallInst *Entry : Entries) {
      auto &LI = FAM.getResult<LoopAnalysis>(*F);
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(*F);
      Loop *L = findMarkedLoop(*Entry, CSAIntrinsic::SpmdizationExit, LI);
      auto *Workers = dyn_cast<ConstantInt>(Entry->getArgOperand(0));
      auto *Chunk = dyn_cast<ConstantInt>(Entry->getArgOperand(1));
      if (!L || !Workers || !Chunk) {
        LLVM_DEBUG(dbgs() << "spmd: no loop for " << *Entry << "\n");
        continue;
      }
      std::string Why = whyNotSplittable(*L, SE);
      if (!Why.empty()) {
        ++NumNotSpmdized;
        compiler::utils::emitWarning(
            *F, L->getStartLoc() ? L->getStartLoc() : Entry->getDebugLoc(),
            "spmd loop left on one worker (in function '" + F->getName() +
                "'): " + Why);
        continue;
      }
      Spmdizer(*F, LI, SE, Counter)
          .run({L, Entry, uint32_t(Workers->getZExtValue()),
                uint32_t(Chunk->getZExtValue())});
      FAM.invalidate(*F, PreservedAnalyses::none());
      FunctionChanged = true;
    }
    Changed |= FunctionChanged;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace csa
