//===- UseRewriting.cpp - Values rebuilt at each use ----------------------===//
///
/// \file
/// See compiler/utils/UseRewriting.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/UseRewriting.h"

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

void expandConstantExpressionUsers(Constant &C) {
  SmallVector<ConstantExpr *, 4> Expressions;
  for (User *U : C.users())
    if (auto *CE = dyn_cast<ConstantExpr>(U))
      Expressions.push_back(CE);
  for (ConstantExpr *CE : Expressions) {
    // Users of users first, so this expression ends up used by instructions.
    expandConstantExpressionUsers(*CE);
    rewriteUses(*CE, [&](IRBuilder<> &Builder) {
      Instruction *I = CE->getAsInstruction();
      Builder.Insert(I);
      return I;
    });
    if (CE->use_empty())
      CE->destroyConstant();
  }
}

} // namespace utils
} // namespace compiler
