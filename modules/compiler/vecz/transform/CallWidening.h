//===- CallWidening.h - How a vector kernel does a call ---------*- C++ -*-===//
///
/// \file
/// One rule for the checks (Vectorizability.cpp) and the packetizer: what
/// becomes of a call of the scalar kernel in its vector variant.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_CALLWIDENING_H
#define VECZ_CALLWIDENING_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>
#include <string>

namespace compiler {
class BuiltinInfo;
} // namespace compiler

namespace vecz {

enum class CallWidening {
  /// Done once for the W lanes: mux builtins (a barrier keeps its id),
  /// debug info, lifetimes and assumptions, and calls that write no memory
  /// with no varying argument (unless the callee asks for a lane's id:
  /// WorkItemIds.h, callsLaneState).
  Once,
  /// An intrinsic with a vector form (llvm.fma.v16f32).
  Intrinsic,
  /// A builtin BuiltinInfo has a vector form of (sin(float16)).
  Builtin,
  /// The widenable any (compiler::isWidenableAny): one answer for the W
  /// lanes, whether some element of some lane holds, uniform.
  AcrossLanes,
  /// A sub-group function (compiler::identifySubGroupFunction): an
  /// operation across the lanes, the vector's W lanes being a sub-group
  /// (SubGroups.h), or none, for a barrier.
  SubGroup,
  /// Anything else: once per lane, in lane order (LaneOperations.h).
  PerLane,
};

/// A vector form of a builtin: its name, and the lanes one call does (the
/// vector kernel's width, or a divisor of it when the widest form is
/// narrower: pow(float16) twice for 32 lanes).
struct VectorBuiltin {
  std::string Name;
  unsigned Lanes;
};

/// Whether \p I calls the builtins library's widenable any
/// (compiler::isWidenableAny).
bool isWidenableAnyCall(const llvm::Instruction &I);

/// Whether \p I gives one answer for all the lanes of a vector kernel
/// whatever its operands: the widenable any, and the sub-group broadcasts,
/// votes, ballots and reductions (a value uniform across the sub-group).
bool givesOneAnswerForTheLanes(const llvm::Instruction &I);

/// The widest vector form BuiltinInfo \p BI has of the builtin \p Call calls,
/// for a vector kernel of \p Width lanes.
std::optional<VectorBuiltin> findVectorBuiltin(const llvm::CallBase &Call,
                                               const compiler::BuiltinInfo &BI,
                                               unsigned Width);

/// What becomes of \p Call in a vector kernel of \p Width lanes, where
/// \p IsVarying tells which of its operands vary.
CallWidening
classifyCall(const llvm::CallBase &Call,
             llvm::function_ref<bool(const llvm::Value *)> IsVarying,
             const compiler::BuiltinInfo &BI, unsigned Width);

} // namespace vecz

#endif // VECZ_CALLWIDENING_H
