//===- WorkItemIds.h - The work-item queries Vecz cares about --*- C++ -*-===//
///
/// \file
/// One place for the rule the analyses and the packetizer share: a vector
/// runs W work-items consecutive in dimension 0, so get_local_id(0),
/// get_global_id(0) and the linear ids move by one from lane to lane.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_WORKITEMIDS_H
#define VECZ_WORKITEMIDS_H

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>

namespace vecz {

/// The mux builtin \p Call calls directly, if any.
inline std::optional<compiler::MuxBuiltin>
getMuxBuiltin(const llvm::CallBase &Call) {
  const llvm::Function *Callee = Call.getCalledFunction();
  return Callee ? compiler::BuiltinInfo::identifyMuxBuiltin(*Callee)
                : std::nullopt;
}

/// Whether \p Call asks for a local or global id in a dimension that is not
/// a constant.
inline bool isIdOfUnknownDimension(const llvm::CallBase &Call) {
  std::optional<compiler::MuxBuiltin> B = getMuxBuiltin(Call);
  return (B == compiler::MuxBuiltin::GetLocalId ||
          B == compiler::MuxBuiltin::GetGlobalId) &&
         !llvm::isa<llvm::ConstantInt>(Call.getArgOperand(0));
}

/// Whether \p Call asks for the local or global id of dimension \p Dim.
inline bool isIdOfDimension(const llvm::CallBase &Call, unsigned Dim) {
  std::optional<compiler::MuxBuiltin> B = getMuxBuiltin(Call);
  if (B != compiler::MuxBuiltin::GetLocalId &&
      B != compiler::MuxBuiltin::GetGlobalId)
    return false;
  const auto *Arg = llvm::dyn_cast<llvm::ConstantInt>(Call.getArgOperand(0));
  return Arg && Arg->getZExtValue() == Dim;
}

/// Whether \p Call asks for a linear id, which moves by one along
/// dimension 0 and by the local (global) size along dimension 1.
inline bool isLinearIdCall(const llvm::CallBase &Call) {
  std::optional<compiler::MuxBuiltin> B = getMuxBuiltin(Call);
  return B == compiler::MuxBuiltin::GetLocalLinearId ||
         B == compiler::MuxBuiltin::GetGlobalLinearId;
}

/// Whether \p Call's result moves by one from each lane to the next: the
/// sub-group local id too, the lanes of a vector being a sub-group.
inline bool isLaneIdCall(const llvm::CallBase &Call) {
  return isIdOfDimension(Call, 0) || isLinearIdCall(Call) ||
         getMuxBuiltin(Call) == compiler::MuxBuiltin::GetSubGroupLocalId;
}

/// Whether \p Call is a sub-group query the vector kernel answers for its
/// sub-group (SubGroups.h): the size, id, number and maximum size.
inline bool isSubGroupQuery(const llvm::CallBase &Call) {
  std::optional<compiler::MuxBuiltin> B = getMuxBuiltin(Call);
  using compiler::MuxBuiltin;
  return B == MuxBuiltin::GetSubGroupSize || B == MuxBuiltin::GetSubGroupId ||
         B == MuxBuiltin::GetNumSubGroups ||
         B == MuxBuiltin::GetEnqueuedNumSubGroups ||
         B == MuxBuiltin::GetMaxSubGroupSize;
}

/// The sub-group function \p Call calls directly, if any.
inline std::optional<compiler::SubGroupFunction>
getSubGroupFunction(const llvm::CallBase &Call) {
  const llvm::Function *Callee = Call.getCalledFunction();
  return Callee ? compiler::identifySubGroupFunction(*Callee) : std::nullopt;
}

/// Whether \p Call asks about or works across the sub-group: a query, the
/// local id, or a sub-group function.
inline bool isSubGroupCall(const llvm::CallBase &Call) {
  return isSubGroupQuery(Call) ||
         getMuxBuiltin(Call) == compiler::MuxBuiltin::GetSubGroupLocalId ||
         getSubGroupFunction(Call).has_value();
}

/// Whether \p F, or a function defined here that it calls, makes a call
/// \p Matches holds for.
inline bool
reachesCall(const llvm::Function &F,
            llvm::function_ref<bool(const llvm::CallBase &)> Matches,
            llvm::SmallPtrSetImpl<const llvm::Function *> &Seen) {
  if (!Seen.insert(&F).second)
    return false;
  for (const llvm::Instruction &I : llvm::instructions(F)) {
    const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
    if (!Call)
      continue;
    if (Matches(*Call))
      return true;
    const llvm::Function *Callee = Call->getCalledFunction();
    if (Callee && !Callee->isDeclaration() &&
        reachesCall(*Callee, Matches, Seen))
      return true;
  }
  return false;
}

/// Whether \p F, or a function it calls, waits at a barrier.
inline bool waitsAtBarrier(const llvm::Function &F) {
  llvm::SmallPtrSet<const llvm::Function *, 8> Seen;
  return reachesCall(
      F,
      [](const llvm::CallBase &Call) {
        return getMuxBuiltin(Call) == compiler::MuxBuiltin::WorkGroupBarrier;
      },
      Seen);
}

/// Whether \p F, or a function it calls, asks for what differs from lane
/// to lane (an id along dimension 0 or of a dimension not known, a linear
/// id), waits at a barrier or works with the sub-group: a call of it made
/// once for the vector, or once per lane, would see lane 0's state, or a
/// sub-group of one.
inline bool usesLaneState(const llvm::Function &F) {
  llvm::SmallPtrSet<const llvm::Function *, 8> Seen;
  return reachesCall(
      F,
      [](const llvm::CallBase &Call) {
        return isLaneIdCall(Call) || isIdOfUnknownDimension(Call) ||
               getMuxBuiltin(Call) == compiler::MuxBuiltin::WorkGroupBarrier ||
               isSubGroupCall(Call);
      },
      Seen);
}

/// Whether \p F, or a function it calls, works with the sub-group.
inline bool usesSubGroups(const llvm::Function &F) {
  llvm::SmallPtrSet<const llvm::Function *, 8> Seen;
  return reachesCall(F, isSubGroupCall, Seen);
}

/// Whether \p Call calls a function defined here that uses lane state: its
/// result differs from lane to lane whatever its arguments.
inline bool callsLaneState(const llvm::CallBase &Call) {
  const llvm::Function *Callee = Call.getCalledFunction();
  return Callee && !Callee->isDeclaration() && usesLaneState(*Callee);
}

} // namespace vecz

#endif // VECZ_WORKITEMIDS_H
