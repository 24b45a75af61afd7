//===- FoldCASLoopsPass.cpp - Compare-and-swap loops as atomicrmw ---------===//
///
/// \file
/// See compiler/passes/workgroup/FoldCASLoopsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/FoldCASLoopsPass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>

#define DEBUG_TYPE "fold-cas-loops"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumFolded, "Compare-and-swap loops made one atomicrmw");

namespace compiler {
namespace utils {

namespace {

/// One compare-and-swap loop, the block \p Retry, as the header describes.
struct CASLoop {
  BasicBlock *Retry = nullptr;
  BasicBlock *Done = nullptr;
  PHINode *Old = nullptr;
  Instruction *New = nullptr; ///< Null for an exchange (%new = %v).
  AtomicCmpXchgInst *Exchange = nullptr;
  AtomicRMWInst::BinOp Operation = AtomicRMWInst::BAD_BINOP;
  Value *Operand = nullptr;
};

/// The read-modify-write operation that makes \p New from \p Old, and its
/// operand, when \p New is one: `Old OP V` (or `V OP Old` for a commutative
/// OP), or V alone (an exchange).
std::optional<std::pair<AtomicRMWInst::BinOp, Value *>>
matchOperation(Value *New, PHINode *Old) {
  Value *V = nullptr;
  auto Other = [&](Value *Candidate) { return Candidate != Old; };
  if (match(New, m_c_Add(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::Add, V);
  if (match(New, m_Sub(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::Sub, V);
  if (match(New, m_c_And(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::And, V);
  if (match(New, m_c_Or(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::Or, V);
  if (match(New, m_c_Xor(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::Xor, V);
  if (match(New, m_c_SMax(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::Max, V);
  if (match(New, m_c_SMin(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::Min, V);
  if (match(New, m_c_UMax(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::UMax, V);
  if (match(New, m_c_UMin(m_Specific(Old), m_Value(V))) && Other(V))
    return std::make_pair(AtomicRMWInst::UMin, V);
  // A value the loop does not compute: stored whatever the location held.
  auto *Computed = dyn_cast<Instruction>(New);
  if (!Computed || Computed->getParent() != Old->getParent())
    return std::make_pair(AtomicRMWInst::Xchg, New);
  return std::nullopt;
}

/// Whether \p Condition is true exactly when \p Exchange succeeded: its
/// success flag, or its loaded value equal to the expected one.
bool isSuccessFlag(Value *Condition, AtomicCmpXchgInst *Exchange) {
  if (match(Condition, m_ExtractValue<1>(m_Specific(Exchange))))
    return true;
  ICmpInst::Predicate Predicate;
  return match(Condition,
               m_c_ICmp(Predicate, m_ExtractValue<0>(m_Specific(Exchange)),
                        m_Specific(Exchange->getCompareOperand()))) &&
         Predicate == ICmpInst::ICMP_EQ;
}

/// Whether every instruction of \p L.Retry is part of the loop: the phi,
/// the operation, the exchange, what reads its result, the branch and its
/// condition.
bool holdsOnlyTheLoop(const CASLoop &L) {
  const Value *Condition =
      cast<BranchInst>(L.Retry->getTerminator())->getCondition();
  for (Instruction &I : *L.Retry) {
    if (&I == L.Old || &I == L.New || &I == L.Exchange || &I == Condition ||
        isa<DbgInfoIntrinsic>(I) || I.isTerminator())
      continue;
    if (isa<ExtractValueInst>(I) && I.getOperand(0) == L.Exchange)
      continue;
    if (isa<ICmpInst>(I) && !I.mayHaveSideEffects())
      continue;
    return false;
  }
  return true;
}

/// The compare-and-swap loop \p Retry is, if it is one.
std::optional<CASLoop> matchCASLoop(BasicBlock &Retry) {
  auto *Branch = dyn_cast<BranchInst>(Retry.getTerminator());
  if (!Branch || !Branch->isConditional())
    return std::nullopt;
  CASLoop L;
  L.Retry = &Retry;
  Value *Condition = Branch->getCondition();
  // The loop retries on failure: success leaves it.
  if (Branch->getSuccessor(1) == &Retry) {
    L.Done = Branch->getSuccessor(0);
  } else if (Branch->getSuccessor(0) == &Retry &&
             match(Condition, m_Not(m_Value(Condition)))) {
    L.Done = Branch->getSuccessor(1);
  } else {
    return std::nullopt;
  }
  if (L.Done == &Retry)
    return std::nullopt;
  for (Instruction &I : Retry)
    if (auto *Exchange = dyn_cast<AtomicCmpXchgInst>(&I)) {
      if (L.Exchange)
        return std::nullopt;
      L.Exchange = Exchange;
    }
  if (!L.Exchange || L.Exchange->isVolatile() ||
      !isSuccessFlag(Condition, L.Exchange))
    return std::nullopt;
  L.Old = dyn_cast<PHINode>(L.Exchange->getCompareOperand());
  if (!L.Old || L.Old->getParent() != &Retry ||
      !match(L.Old->getIncomingValueForBlock(&Retry),
             m_ExtractValue<0>(m_Specific(L.Exchange))))
    return std::nullopt;
  auto Operation = matchOperation(L.Exchange->getNewValOperand(), L.Old);
  if (!Operation)
    return std::nullopt;
  std::tie(L.Operation, L.Operand) = *Operation;
  // The operand and the location are the same on every try.
  for (Value *Invariant : {L.Operand, L.Exchange->getPointerOperand()})
    if (auto *I = dyn_cast<Instruction>(Invariant);
        I && I->getParent() == &Retry)
      return std::nullopt;
  if (L.Operation != AtomicRMWInst::Xchg)
    L.New = cast<Instruction>(L.Exchange->getNewValOperand());
  if (!holdsOnlyTheLoop(L))
    return std::nullopt;
  return L;
}

/// \p Operation applied to \p Old and \p Operand, as the loop's own
/// operation computes it.
Value *emitOperation(IRBuilder<> &B, AtomicRMWInst::BinOp Operation, Value *Old,
                     Value *Operand) {
  switch (Operation) {
  case AtomicRMWInst::Add:
    return B.CreateAdd(Old, Operand);
  case AtomicRMWInst::Sub:
    return B.CreateSub(Old, Operand);
  case AtomicRMWInst::And:
    return B.CreateAnd(Old, Operand);
  case AtomicRMWInst::Or:
    return B.CreateOr(Old, Operand);
  case AtomicRMWInst::Xor:
    return B.CreateXor(Old, Operand);
  case AtomicRMWInst::Max:
    return B.CreateBinaryIntrinsic(Intrinsic::smax, Old, Operand);
  case AtomicRMWInst::Min:
    return B.CreateBinaryIntrinsic(Intrinsic::smin, Old, Operand);
  case AtomicRMWInst::UMax:
    return B.CreateBinaryIntrinsic(Intrinsic::umax, Old, Operand);
  case AtomicRMWInst::UMin:
    return B.CreateBinaryIntrinsic(Intrinsic::umin, Old, Operand);
  default:
    return Operand;
  }
}

/// Replaces \p L by one atomicrmw at the top of its block, which then runs
/// once; the loads that gave only its first expected value go too.
void foldCASLoop(const CASLoop &L) {
  AtomicCmpXchgInst *Exchange = L.Exchange;
  IRBuilder<> B(&*L.Retry->getFirstInsertionPt());
  AtomicRMWInst *Update =
      B.CreateAtomicRMW(L.Operation, Exchange->getPointerOperand(), L.Operand,
                        Exchange->getAlign(), Exchange->getSuccessOrdering(),
                        Exchange->getSyncScopeID());
  Update->copyMetadata(*Exchange);
  // Past the loop: the last try expected, and saw, the value the update
  // replaced, and stored the operation applied to that.
  for (User *U : make_early_inc_range(Exchange->users()))
    if (auto *Extract = dyn_cast<ExtractValueInst>(U))
      Extract->replaceAllUsesWith(Extract->getIndices()[0] == 0
                                      ? static_cast<Value *>(Update)
                                      : B.getTrue());
  if (L.New && any_of(L.New->users(), [&](User *U) { return U != Exchange; }))
    L.New->replaceAllUsesWith(emitOperation(B, L.Operation, Update, L.Operand));
  SmallVector<LoadInst *, 2> FirstLoads;
  for (Value *First : L.Old->incoming_values())
    if (auto *Load = dyn_cast<LoadInst>(First))
      FirstLoads.push_back(Load);
  L.Old->replaceAllUsesWith(Update);
  L.Old->eraseFromParent();
  // The retry edge goes.
  Instruction *Branch = L.Retry->getTerminator();
  BranchInst::Create(L.Done, Branch);
  Branch->eraseFromParent();
  // What only the loop used, from its end (users before their operands).
  for (Instruction &I : make_early_inc_range(reverse(*L.Retry)))
    if (&I == Exchange || isInstructionTriviallyDead(&I))
      I.eraseFromParent();
  for (LoadInst *Load : FirstLoads)
    if (Load->use_empty() && !Load->isVolatile())
      Load->eraseFromParent();
}

} // namespace

PreservedAnalyses FoldCASLoopsPass::run(Function &F,
                                        FunctionAnalysisManager &) {
  SmallVector<CASLoop, 2> Loops;
  for (BasicBlock &BB : F)
    if (auto L = matchCASLoop(BB))
      Loops.push_back(*L);
  for (const CASLoop &L : Loops) {
    foldCASLoop(L);
    ++NumFolded;
  }
  return Loops.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
