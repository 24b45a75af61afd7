//===- CallWidening.cpp - How a vector kernel does a call -----------------===//
///
/// \file
/// See CallWidening.h.
///
//===----------------------------------------------------------------------===//

#include "transform/CallWidening.h"

#include "analysis/WorkItemIds.h"
#include "transform/LaneOperations.h"

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace vecz {

namespace {

bool hasVaryingArgument(const CallBase &Call,
                        function_ref<bool(const Value *)> IsVarying) {
  return any_of(Call.args(), [&](const Use &Arg) { return IsVarying(Arg); });
}

/// Whether the intrinsic \p Call has a vector form that takes the varying
/// operands widened: an operand that stays scalar in that form (powi's
/// exponent) must be the same for every lane.
bool hasVectorIntrinsic(const CallBase &Call,
                        function_ref<bool(const Value *)> IsVarying) {
  const auto *Intrinsic = dyn_cast<IntrinsicInst>(&Call);
  if (!Intrinsic || !isWidenable(Call.getType()))
    return false;
  Intrinsic::ID ID = Intrinsic->getIntrinsicID();
  if (!isTriviallyVectorizable(ID))
    return false;
  for (unsigned N = 0; N < Call.arg_size(); ++N)
    if (isVectorIntrinsicWithScalarOpAtArg(ID, N) &&
        IsVarying(Call.getArgOperand(N)))
      return false;
  return true;
}

} // namespace

bool isWidenableAnyCall(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && compiler::isWidenableAny(*Callee);
}

bool givesOneAnswerForTheLanes(const Instruction &I) {
  if (isWidenableAnyCall(I))
    return true;
  const auto *Call = dyn_cast<CallBase>(&I);
  std::optional<compiler::SubGroupFunction> SubGroup =
      Call ? getSubGroupFunction(*Call) : std::nullopt;
  if (!SubGroup)
    return false;
  using compiler::SubGroupCollective;
  switch (SubGroup->Collective) {
  case SubGroupCollective::All:
  case SubGroupCollective::Any:
  case SubGroupCollective::AllEqual:
  case SubGroupCollective::Broadcast:
  case SubGroupCollective::BroadcastFirst:
  case SubGroupCollective::Ballot:
  case SubGroupCollective::Reduce:
    return true;
  default:
    return false;
  }
}

std::optional<VectorBuiltin> findVectorBuiltin(const CallBase &Call,
                                               const compiler::BuiltinInfo &BI,
                                               unsigned Width) {
  const Function *Callee = Call.getCalledFunction();
  // A vector overload that is not the scalar one lane by lane (dot sums
  // its lanes, isnan(float4) answers -1 where isnan(float) answers 1) would
  // mix or change the work-items' results, whatever a target's BuiltinInfo
  // says.
  if (!Callee || Callee->isIntrinsic() || Call.getType()->isVectorTy() ||
      any_of(Call.args(),
             [](const Use &Arg) { return Arg->getType()->isVectorTy(); }) ||
      !compiler::isLanewise(Callee->getName()))
    return std::nullopt;
  for (unsigned Lanes = Width; Lanes >= 2; Lanes /= 2)
    if (std::optional<std::string> Name =
            BI.getVectorBuiltin(Callee->getName(), Lanes))
      return VectorBuiltin{std::move(*Name), Lanes};
  return std::nullopt;
}

CallWidening classifyCall(const CallBase &Call,
                          function_ref<bool(const Value *)> IsVarying,
                          const compiler::BuiltinInfo &BI, unsigned Width) {
  if (isWidenableAnyCall(Call))
    return CallWidening::AcrossLanes;
  if (getSubGroupFunction(Call))
    return CallWidening::SubGroup;
  if (getMuxBuiltin(Call) || isa<DbgInfoIntrinsic>(Call) ||
      Call.isLifetimeStartOrEnd() || isa<AssumeInst>(Call))
    return CallWidening::Once;
  bool VaryingArgs = hasVaryingArgument(Call, IsVarying);
  // The same for every lane, unless the callee asks for the lane's id.
  if (!VaryingArgs && Call.onlyReadsMemory() && !callsLaneState(Call))
    return CallWidening::Once;
  if (VaryingArgs && hasVectorIntrinsic(Call, IsVarying))
    return CallWidening::Intrinsic;
  // A builtin's vector form runs every lane: it must have no side effect.
  if (VaryingArgs && Call.doesNotAccessMemory() &&
      findVectorBuiltin(Call, BI, Width))
    return CallWidening::Builtin;
  return CallWidening::PerLane;
}

} // namespace vecz
