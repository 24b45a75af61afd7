//===- VeczStagePasses.cpp - Packetization's optimizing stages as passes --===//
///
/// \file
/// See vecz/VeczClampedVersionsPass.h and vecz/VeczBosccPass.h: each runs
/// its stage on the markers packetization left, and reports a marker that
/// is not one it describes as an error on the function.
///
//===----------------------------------------------------------------------===//

#include "vecz/VeczBosccPass.h"
#include "vecz/VeczClampedVersionsPass.h"

#include "transform/Boscc.h"
#include "transform/ClampedAccesses.h"
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
    if (Function *Marker = M.getFunction(Name))
      for (User *U : Marker->users())
        if (auto *Call = dyn_cast<CallInst>(U))
          Marked.insert(Call->getFunction());
  return Marked;
}

/// Runs \p Stage on each function of \p M with markers \p Names; an error
/// is reported on the function.
PreservedAnalyses runStage(Module &M, ArrayRef<StringRef> Names,
                           function_ref<Error(Function &)> Stage) {
  SetVector<Function *> Marked = findMarkedFunctions(M, Names);
  for (Function *F : Marked)
    if (Error Failed = Stage(*F))
      compiler::utils::emitError(*F, DebugLoc(), toString(std::move(Failed)));
  if (Marked.empty())
    return PreservedAnalyses::all();
  eraseUnusedMarkerDeclarations(M);
  return PreservedAnalyses::none();
}

} // namespace

PreservedAnalyses VeczClampedVersionsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  return runStage(M, {ClampedGatherMarker}, versionClampedGathers);
}

PreservedAnalyses VeczBosccPass::run(Module &M, ModuleAnalysisManager &) {
  return runStage(M, {RunBeginMarker, RunEndMarker}, branchAroundEmptyRuns);
}

} // namespace vecz
