//===- MarkAccumulatorsPass.cpp - Add-only buffers ------------------------===//
///
/// \file
/// See compiler/passes/workgroup/MarkAccumulatorsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/MarkAccumulatorsPass.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/AddressSpaces.h"
#include "compiler/support/PointerUses.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

#define DEBUG_TYPE "mark-accumulators"

using namespace llvm;

STATISTIC(NumAccumulators, "Number of kernel parameters marked accumulators");

namespace compiler {
namespace utils {

namespace {

/// Whether \p RMW is an integer addition that leaves no trace but the sum:
/// its result unused, not volatile, and naturally aligned (so that adding a
/// copy of the buffer in, element by element, adds it where it was meant).
bool isDiscardedAddition(const AtomicRMWInst &RMW, const DataLayout &DL) {
  if (RMW.getOperation() != AtomicRMWInst::Add &&
      RMW.getOperation() != AtomicRMWInst::Sub)
    return false;
  uint64_t Bytes = DL.getTypeStoreSize(RMW.getType());
  return RMW.getType()->isIntegerTy() && Bytes <= 8 &&
         RMW.getAlign().value() >= Bytes && !RMW.isVolatile() &&
         RMW.use_empty();
}

/// What \p F does through pointer parameter \p Arg: nothing but discarded
/// additions of the returned width in bytes (0: nothing at all), or
/// std::nullopt for anything else.
std::optional<unsigned> getAdditionBytes(const Argument &Arg) {
  const DataLayout &DL = Arg.getParent()->getParent()->getDataLayout();
  unsigned Bytes = 0;
  bool OnlyAdditions = allUsesThroughPointer(Arg, [&](const Use &U) {
    const auto *RMW = dyn_cast<AtomicRMWInst>(U.getUser());
    if (!RMW || U.getOperandNo() != AtomicRMWInst::getPointerOperandIndex() ||
        !isDiscardedAddition(*RMW, DL))
      return false;
    unsigned Size = static_cast<unsigned>(DL.getTypeStoreSize(RMW->getType()));
    if (Bytes && Bytes != Size)
      return false;
    Bytes = Size;
    return true;
  });
  if (!OnlyAdditions)
    return std::nullopt;
  return Bytes;
}

/// The accumulator width of parameter \p Index of \p Kernel: the width all of
/// its bodies add with, or 0 if any of them does anything else with it, or
/// none of them adds.
unsigned getAccumulatorBytes(ArrayRef<Function *> Bodies, unsigned Index) {
  auto *Pointer = dyn_cast<PointerType>(Bodies[0]->getArg(Index)->getType());
  if (!Pointer || Pointer->getAddressSpace() != GlobalAddressSpace)
    return 0;
  unsigned Bytes = 0;
  for (const Function *Body : Bodies) {
    std::optional<unsigned> BodyBytes = getAdditionBytes(*Body->getArg(Index));
    if (!BodyBytes || (Bytes && *BodyBytes && Bytes != *BodyBytes))
      return 0;
    Bytes = std::max(Bytes, *BodyBytes);
  }
  return Bytes;
}

} // namespace

PreservedAnalyses MarkAccumulatorsPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  for (Function *Kernel : getKernelEntryPoints(M)) {
    SmallVector<Function *, 4> Bodies = getKernelBodies(*Kernel);
    SmallVector<unsigned, 8> Bytes;
    for (unsigned I = 0; I < Kernel->arg_size(); ++I) {
      Bytes.push_back(getAccumulatorBytes(Bodies, I));
      if (Bytes.back())
        ++NumAccumulators;
    }
    setAccumulatorArgBytes(*Kernel, Bytes);
  }
  // Metadata only: every analysis still holds.
  return PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
