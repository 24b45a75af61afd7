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

#include "compiler/BuiltinInfo.h"

#include "llvm/IR/Constants.h"
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

/// Whether \p Call's result moves by one from each lane to the next.
inline bool isLaneIdCall(const llvm::CallBase &Call) {
  return isIdOfDimension(Call, 0) || isLinearIdCall(Call);
}

} // namespace vecz

#endif // VECZ_WORKITEMIDS_H
