//===- SequentialLocalAtomicsPass.cpp - Local atomics, one thread ---------===//
///
/// \file
/// See compiler/passes/workgroup/SequentialLocalAtomicsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/SequentialLocalAtomicsPass.h"

#include "compiler/support/AddressSpaces.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"

#define DEBUG_TYPE "sequential-local-atomics"

using namespace llvm;

STATISTIC(NumLowered, "Number of local-memory atomics made ordinary");

namespace compiler {
namespace utils {

namespace {

bool isOnLocalMemory(const Value *Pointer) {
  return Pointer->getType()->getPointerAddressSpace() == LocalAddressSpace;
}

} // namespace

PreservedAnalyses SequentialLocalAtomicsPass::run(Function &F,
                                                  FunctionAnalysisManager &) {
  SmallVector<Instruction *, 16> Atomics;
  for (Instruction &I : instructions(F)) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
        RMW && !RMW->isVolatile() && isOnLocalMemory(RMW->getPointerOperand()))
      Atomics.push_back(RMW);
    else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I);
             CAS && !CAS->isVolatile() &&
             isOnLocalMemory(CAS->getPointerOperand()))
      Atomics.push_back(CAS);
  }
  for (Instruction *I : Atomics) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
      lowerAtomicRMWInst(RMW);
    else
      lowerAtomicCmpXchgInst(cast<AtomicCmpXchgInst>(I));
    ++NumLowered;
  }
  if (Atomics.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace utils
} // namespace compiler
