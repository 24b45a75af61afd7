//===- WideMasksPass.cpp - Vector masks as the compares' integers ---------===//
///
/// \file
/// See compiler/passes/workgroup/WideMasksPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/WideMasksPass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#define DEBUG_TYPE "wide-masks"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumWebs, "Number of mask webs rebuilt on integers");
STATISTIC(NumMasks, "Number of mask values rebuilt on integers");

namespace compiler {
namespace utils {

namespace {

/// Whether \p Ty is a vector of i1 the target has no register for.
bool isMaskWithoutRegister(Type *Ty, const TargetTransformInfo &TTI) {
  auto *VecTy = dyn_cast<FixedVectorType>(Ty);
  return VecTy && VecTy->getElementType()->isIntegerTy(1) &&
         !TTI.isTypeLegal(VecTy);
}

/// The element width, in bits, that \p Cmp compares, or 0 for a width no
/// register lane has (a compare of masks).
unsigned compareWidth(const CmpInst &Cmp, const DataLayout &DL) {
  unsigned Width =
      DL.getTypeSizeInBits(Cmp.getOperand(0)->getType()->getScalarType())
          .getFixedSize();
  return Width >= 8 && Width <= 64 ? Width : 0;
}

/// Whether \p I is one of the instructions Vecz builds masks with, of a
/// type the target has no register for: a compare, lane logic, a select or
/// a phi.
bool isMaskBuilder(const Instruction &I, const TargetTransformInfo &TTI,
                   const DataLayout &DL) {
  if (!isMaskWithoutRegister(I.getType(), TTI))
    return false;
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    return compareWidth(*Cmp, DL) != 0;
  if (auto *Logic = dyn_cast<BinaryOperator>(&I))
    return Logic->isBitwiseLogicOp();
  return isa<SelectInst>(I) || isa<PHINode>(I);
}

/// One web of masks rebuilt on integers of one width.
class WideWeb {
public:
  /// \p Order: the members, definitions before uses but for phis.
  WideWeb(ArrayRef<Instruction *> Order, unsigned Width)
      : Order(Order), Members(Order.begin(), Order.end()), Width(Width) {}

  /// Builds the integers, moves the users outside the web onto them, and
  /// erases the members but the compares.
  void rebuild();

private:
  FixedVectorType *wideType(Type *MaskTy) const {
    auto *Ty = cast<FixedVectorType>(MaskTy);
    return FixedVectorType::get(IntegerType::get(Ty->getContext(), Width),
                                Ty->getNumElements());
  }
  /// The integers of \p Mask, a member or a value from outside the web.
  Value *wide(Value *Mask);
  /// \p Member's integers built from its operands', before \p Member.
  Value *buildWide(Instruction &Member);
  /// A mask of \p Member's lanes from its integers, for a user in \p BB.
  Value *narrowIn(Instruction &Member, BasicBlock &BB);

  ArrayRef<Instruction *> Order;
  SmallPtrSet<Instruction *, 16> Members;
  unsigned Width;
  DenseMap<Value *, Value *> Wide;
  DenseMap<std::pair<Instruction *, BasicBlock *>, Value *> Narrow;
};

Value *WideWeb::wide(Value *Mask) {
  if (Value *Known = Wide.lookup(Mask))
    return Known;
  FixedVectorType *Ty = wideType(Mask->getType());
  Value *Result;
  if (auto *C = dyn_cast<Constant>(Mask)) {
    Result = ConstantExpr::getSExt(C, Ty);
  } else if (auto *Arg = dyn_cast<Argument>(Mask)) {
    BasicBlock &Entry = Arg->getParent()->getEntryBlock();
    IRBuilder<> B(&*Entry.getFirstInsertionPt());
    Result = B.CreateSExt(Arg, Ty, Arg->getName() + ".wide");
  } else {
    // A value no member builds (a shuffle, a call's result): widened where
    // it is defined.
    auto *I = cast<Instruction>(Mask);
    IRBuilder<> B(isa<PHINode>(I) ? &*I->getParent()->getFirstInsertionPt()
                                  : I->getNextNode());
    Result = B.CreateSExt(I, Ty, I->getName() + ".wide");
  }
  Wide[Mask] = Result;
  return Result;
}

Value *WideWeb::buildWide(Instruction &Member) {
  FixedVectorType *Ty = wideType(Member.getType());
  if (auto *Phi = dyn_cast<PHINode>(&Member)) // Incoming values come last.
    return PHINode::Create(Ty, Phi->getNumIncomingValues(),
                           Phi->getName() + ".wide", Phi);
  if (isa<CmpInst>(Member)) {
    IRBuilder<> B(Member.getNextNode());
    return B.CreateSExt(&Member, Ty, Member.getName() + ".wide");
  }
  IRBuilder<> B(&Member);
  if (auto *Logic = dyn_cast<BinaryOperator>(&Member))
    return B.CreateBinOp(Logic->getOpcode(), wide(Logic->getOperand(0)),
                         wide(Logic->getOperand(1)),
                         Member.getName() + ".wide");
  auto *Select = cast<SelectInst>(&Member);
  Value *IfOn = wide(Select->getTrueValue());
  Value *IfOff = wide(Select->getFalseValue());
  Value *Cond = Select->getCondition();
  if (Cond->getType()->isVectorTy())
    return B.CreateSelect(
        B.CreateICmpSLT(wide(Cond), Constant::getNullValue(Ty)), IfOn, IfOff,
        Member.getName() + ".wide");
  // Lane logic: code generation would turn a select on a scalar condition
  // into a branch, and the mask would cross into a block of its own.
  Value *On = B.CreateVectorSplat(Ty->getNumElements(),
                                  B.CreateSExt(Cond, Ty->getElementType()));
  if (match(IfOff, m_Zero())) // The usual case: a loop's uniform bound.
    return B.CreateAnd(On, IfOn, Member.getName() + ".wide");
  Value *KeptOn = B.CreateAnd(On, IfOn);
  Value *Off = B.CreateNot(On);
  Value *KeptOff = B.CreateAnd(Off, IfOff);
  return B.CreateOr(KeptOn, KeptOff, Member.getName() + ".wide");
}

Value *WideWeb::narrowIn(Instruction &Member, BasicBlock &BB) {
  Value *&Known = Narrow[{&Member, &BB}];
  if (Known)
    return Known;
  auto *WideValue = cast<Instruction>(Wide.lookup(&Member));
  Instruction *InsertBefore = &*BB.getFirstInsertionPt();
  if (WideValue->getParent() == &BB && !isa<PHINode>(WideValue))
    InsertBefore = WideValue->getNextNode();
  IRBuilder<> B(InsertBefore);
  // The sign bit is the lane: what blends and movmsk read.
  Known =
      B.CreateICmpSLT(WideValue, Constant::getNullValue(WideValue->getType()),
                      Member.getName() + ".lanes");
  return Known;
}

void WideWeb::rebuild() {
  for (Instruction *Member : Order)
    Wide[Member] = buildWide(*Member);
  for (Instruction *Member : Order)
    if (auto *Phi = dyn_cast<PHINode>(Member))
      for (unsigned I = 0, E = Phi->getNumIncomingValues(); I != E; ++I)
        cast<PHINode>(Wide[Phi])->addIncoming(wide(Phi->getIncomingValue(I)),
                                              Phi->getIncomingBlock(I));
  for (Instruction *Member : Order) {
    if (isa<CmpInst>(Member)) // Its users outside the web keep it.
      continue;
    for (Use &U : make_early_inc_range(Member->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (Members.contains(User))
        continue;
      auto *Phi = dyn_cast<PHINode>(User);
      BasicBlock &BB = Phi ? *Phi->getIncomingBlock(U) : *User->getParent();
      U.set(narrowIn(*Member, BB));
    }
  }
  for (Instruction *Member : Order)
    if (!isa<CmpInst>(Member))
      Member->replaceAllUsesWith(PoisonValue::get(Member->getType()));
  for (Instruction *Member : Order)
    if (!isa<CmpInst>(Member))
      Member->eraseFromParent();
}

} // namespace

PreservedAnalyses WideMasksPass::run(Function &F, FunctionAnalysisManager &AM) {
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  if (TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedSize() < 128)
    return PreservedAnalyses::all();
  const DataLayout &DL = F.getParent()->getDataLayout();

  // The members in an order that defines operands before their users (but
  // for phis): blocks in reverse post-order, which unreachable ones are not.
  SmallVector<Instruction *, 32> Order;
  EquivalenceClasses<Instruction *> Webs;
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT) {
    if (BB->getFirstInsertionPt() == BB->end()) // An EH pad.
      continue;
    for (Instruction &I : *BB)
      if (isMaskBuilder(I, TTI, DL)) {
        Order.push_back(&I);
        Webs.insert(&I);
      }
  }
  SmallPtrSet<Instruction *, 32> IsMember(Order.begin(), Order.end());
  for (Instruction *Member : Order) {
    if (isa<CmpInst>(Member))
      continue;
    for (Value *Operand : Member->operands())
      if (auto *I = dyn_cast<Instruction>(Operand))
        if (IsMember.contains(I))
          Webs.unionSets(Member, I);
  }

  // Each web's members in that order, gathered in one walk; the webs in
  // the order of their first member, so that the output does not depend on
  // where the instructions were allocated.
  MapVector<Instruction *, SmallVector<Instruction *, 16>> MembersOfWeb;
  for (Instruction *Member : Order)
    MembersOfWeb[Webs.getLeaderValue(Member)].push_back(Member);

  bool Changed = false;
  for (auto &[Leader, WebOrder] : MembersOfWeb) {
    unsigned Width = 0;
    bool BuildsMasks = false;
    for (Instruction *Member : WebOrder) {
      if (auto *Cmp = dyn_cast<CmpInst>(Member)) {
        unsigned CmpWidth = compareWidth(*Cmp, DL);
        Width = Width ? std::min(Width, CmpWidth) : CmpWidth;
      } else {
        BuildsMasks = true;
      }
    }
    // A lone compare needs nothing; a web of no compare has no width.
    if (!BuildsMasks || !Width)
      continue;
    WideWeb(WebOrder, Width).rebuild();
    ++NumWebs;
    NumMasks += WebOrder.size();
    Changed = true;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace utils
} // namespace compiler
