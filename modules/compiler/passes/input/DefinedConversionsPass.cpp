//===- DefinedConversionsPass.cpp - Casts to integers that saturate -------===//
///
/// \file
/// See compiler/passes/input/DefinedConversionsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/DefinedConversionsPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "defined-conversions"

using namespace llvm;

STATISTIC(NumConversionsSaturated,
          "Number of float-to-integer conversions made saturating");

namespace compiler {
namespace utils {

namespace {

/// \p Conversion as the saturating intrinsic of its signedness.
void saturate(CastInst &Conversion) {
  Intrinsic::ID ID = Conversion.getOpcode() == Instruction::FPToSI
                         ? Intrinsic::fptosi_sat
                         : Intrinsic::fptoui_sat;
  IRBuilder<> Builder(&Conversion);
  Value *Saturated = Builder.CreateIntrinsic(
      ID, {Conversion.getDestTy(), Conversion.getSrcTy()},
      {Conversion.getOperand(0)});
  Saturated->takeName(&Conversion);
  Conversion.replaceAllUsesWith(Saturated);
  Conversion.eraseFromParent();
  ++NumConversionsSaturated;
}

} // namespace

PreservedAnalyses DefinedConversionsPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  SmallVector<CastInst *, 16> Conversions;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (isa<FPToSIInst>(I) || isa<FPToUIInst>(I))
        Conversions.push_back(cast<CastInst>(&I));
  for (CastInst *Conversion : Conversions)
    saturate(*Conversion);
  return Conversions.empty() ? PreservedAnalyses::all()
                             : PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
