//===- CostModel.cpp - Whether and how wide to vectorize ------------------===//
///
/// \file
/// See CostModel.h.
///
//===----------------------------------------------------------------------===//

#include "CostModel.h"

#include "vecz/UniformityAnalysis.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace vecz {

namespace {

/// Bits of the widest element of \p Kernel's varying data, or 0 if none.
uint64_t getWidestVaryingElement(const Function &Kernel,
                                 const UniformityInfo &Uniformity) {
  const DataLayout &DL = Kernel.getParent()->getDataLayout();
  uint64_t Widest = 0;
  auto See = [&](const Value *V) {
    Type *Ty = V->getType();
    if (Uniformity.isVarying(V) &&
        (Ty->isIntegerTy() || Ty->isFloatingPointTy()))
      Widest = std::max<uint64_t>(Widest, DL.getTypeSizeInBits(Ty));
  };
  for (const Instruction &I : instructions(Kernel)) {
    if (isa<LoadInst>(I) || I.getType()->isFloatingPointTy())
      See(&I);
    else if (const auto *Store = dyn_cast<StoreInst>(&I))
      See(Store->getValueOperand());
  }
  return Widest;
}

} // namespace

unsigned chooseWidth(Function &Kernel, const UniformityInfo &Uniformity,
                     FunctionAnalysisManager &FAM) {
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(Kernel);
  uint64_t RegisterBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedSize();
  uint64_t Element = getWidestVaryingElement(Kernel, Uniformity);
  if (RegisterBits == 0)
    RegisterBits = 128; // A target that does not say: SSE, NEON.
  if (Element == 0)
    Element = 32;
  uint64_t Width = PowerOf2Floor(std::max<uint64_t>(RegisterBits / Element, 1));
  return static_cast<unsigned>(std::clamp<uint64_t>(Width, 4, 64));
}

double estimateRunCost(Function &F, FunctionAnalysisManager &FAM) {
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  const BlockFrequencyInfo &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
  double Entry = static_cast<double>(BFI.getEntryFreq());
  double Total = 0;
  for (BasicBlock &BB : F) {
    double Block = 0;
    for (Instruction &I : BB) {
      InstructionCost Cost =
          TTI.getInstructionCost(&I, TargetTransformInfo::TCK_RecipThroughput);
      if (auto Value = Cost.getValue())
        Block += static_cast<double>(*Value);
    }
    Total += Block * static_cast<double>(BFI.getBlockFreq(&BB).getFrequency()) /
             Entry;
  }
  return Total;
}

} // namespace vecz
