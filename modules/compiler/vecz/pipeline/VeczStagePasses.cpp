//===- VeczStagePasses.cpp - Packetization's optimizing stages as passes --===//
///
/// \file
/// See vecz/VeczLaneCallsPass.h, vecz/VeczLinearizePass.h,
/// vecz/VeczClampedVersionsPass.h and vecz/VeczBosccPass.h: each runs its
/// stage on the markers packetization left, and reports a marker that is not
/// one it describes as an error on the function. The optimizing stages need
/// straight code: a function still marked for linearization is an error for
/// them.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczBosccPass.h"
#include "vecz/VeczClampedVersionsPass.h"
#include "vecz/VeczLaneCallsPass.h"
#include "vecz/VeczLinearizePass.h"

#include "transform/Boscc.h"
#include "transform/ClampedAccesses.h"
#include "transform/LaneOperations.h"
#include "transform/Linearization.h"
#include "transform/StageMarkers.h"

#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace vecz {

namespace {

/// The functions of \p M that call one of the markers \p Names.
SetVector<Function *> findMarkedFunctions(Module &M,
                                          ArrayRef<StringRef> Names) {
  SetVector<Function *> Marked;
  for (StringRef Name : Names)
    for (Function &Marker : M.functions())
      if (isMarkerFunction(Marker, Name))
        for (User *U : Marker.users())
          if (auto *Call = dyn_cast<CallInst>(U))
            Marked.insert(Call->getFunction());
  return Marked;
}

/// An error if \p F still waits for linearization.
Error checkLinearized(Function &F) {
  if (findMarkers(F, DivergentBranchMarker).empty() &&
      findMarkers(F, ActiveLanesMarker).empty())
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "function '" + F.getName() +
                               "' is not linearized yet: run vecz-linearize "
                               "before this stage");
}

/// Runs \p Stage on each function of \p M with markers \p Names (only on
/// straight code if \p NeedsStraightCode); an error is reported on the
/// function.
PreservedAnalyses runStage(Module &M, ArrayRef<StringRef> Names,
                           function_ref<Error(Function &)> Stage,
                           bool NeedsStraightCode = true) {
  SetVector<Function *> Marked = findMarkedFunctions(M, Names);
  for (Function *F : Marked) {
    Error Failed = NeedsStraightCode ? checkLinearized(*F) : Error::success();
    if (!Failed)
      Failed = Stage(*F);
    if (Failed)
      compiler::utils::emitError(*F, DebugLoc(), toString(std::move(Failed)));
  }
  if (Marked.empty())
    return PreservedAnalyses::all();
  eraseUnusedMarkerDeclarations(M);
  return PreservedAnalyses::none();
}

} // namespace

PreservedAnalyses VeczLaneCallsPass::run(Module &M, ModuleAnalysisManager &) {
  return runStage(M, {LaneCallsMarker}, expandLaneCalls,
                  /*NeedsStraightCode=*/false);
}

PreservedAnalyses VeczLinearizePass::run(Module &M, ModuleAnalysisManager &) {
  return runStage(M, {DivergentBranchMarker, ActiveLanesMarker},
                  linearizeDivergentRegions, /*NeedsStraightCode=*/false);
}

PreservedAnalyses VeczClampedVersionsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  return runStage(M, {ClampedGatherMarker}, versionClampedGathers);
}

PreservedAnalyses VeczBosccPass::run(Module &M, ModuleAnalysisManager &) {
  return runStage(M, {RunBeginMarker, RunEndMarker}, branchAroundEmptyRuns);
}

} // namespace vecz
