//===- UseRewriting.cpp - Values rebuilt at each use ----------------------===//
///
/// \file
/// See compiler/support/UseRewriting.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/UseRewriting.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace compiler {
namespace utils {

Instruction *getInsertionPointForUse(const Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Phi->getIncomingBlock(U)->getTerminator();
  return User;
}

void rewriteUses(Value &V, function_ref<Value *(IRBuilder<> &)> Make,
                 function_ref<bool(const Use &)> ShouldRewrite) {
  SmallVector<Use *, 8> Uses;
  for (Use &U : V.uses())
    if (isa<Instruction>(U.getUser()) && ShouldRewrite(U))
      Uses.push_back(&U);
  for (Use *U : Uses) {
    IRBuilder<> Builder(getInsertionPointForUse(*U));
    U->set(Make(Builder));
  }
}

namespace {

/// \p Aggregate built element by element by instructions at \p Builder, so
/// that no constant holds its elements (a folding builder would make one).
Value *materializeAggregate(IRBuilder<> &Builder,
                            ConstantAggregate &Aggregate) {
  Value *Result = PoisonValue::get(Aggregate.getType());
  for (unsigned I = 0; I < Aggregate.getNumOperands(); ++I) {
    Value *Element = Aggregate.getOperand(I);
    Instruction *Insert =
        Aggregate.getType()->isVectorTy()
            ? static_cast<Instruction *>(InsertElementInst::Create(
                  Result, Element, Builder.getInt32(I)))
            : InsertValueInst::Create(Result, Element, {I});
    Result = Builder.Insert(Insert);
  }
  return Result;
}

} // namespace

void expandConstantExpressionUsers(Constant &C) {
  // A user appears once per use: a splat of C uses it in every element.
  SmallSetVector<Constant *, 4> Users;
  for (User *U : C.users())
    if (isa<ConstantExpr>(U) || isa<ConstantAggregate>(U))
      Users.insert(cast<Constant>(U));
  for (Constant *User : Users) {
    // Users of users first, so this one ends up used by instructions.
    expandConstantExpressionUsers(*User);
    rewriteUses(*User, [&](IRBuilder<> &Builder) -> Value * {
      if (auto *Aggregate = dyn_cast<ConstantAggregate>(User))
        return materializeAggregate(Builder, *Aggregate);
      Instruction *I = cast<ConstantExpr>(User)->getAsInstruction();
      Builder.Insert(I);
      return I;
    });
    if (User->use_empty())
      User->destroyConstant();
  }
}

} // namespace utils
} // namespace compiler
