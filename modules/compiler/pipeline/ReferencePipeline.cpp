//===- ReferencePipeline.cpp - The reference late passes ------------------===//
///
/// \file
/// See compiler/pipeline/ReferencePipeline.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/ReferencePipeline.h"

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"

#include "compiler/passes/input/LinkBuiltinsPass.h"
#include "compiler/passes/workgroup/AddEntryHookPass.h"
#include "compiler/passes/workgroup/AddKernelWrapperPass.h"
#include "compiler/passes/workgroup/AddMetadataPass.h"
#include "compiler/passes/workgroup/AddSchedulingParametersPass.h"
#include "compiler/passes/workgroup/BranchlessGathersPass.h"
#include "compiler/passes/workgroup/DefineMuxBuiltinsPass.h"
#include "compiler/passes/workgroup/FloatVectorDivisionPass.h"
#include "compiler/passes/workgroup/InvariantDivisionPass.h"
#include "compiler/passes/workgroup/MarkAccumulatorsPass.h"
#include "compiler/passes/workgroup/OutlineHugeKernelsPass.h"
#include "compiler/passes/workgroup/ReplaceLocalModuleScopeVariablesPass.h"
#include "compiler/passes/workgroup/SequentialLocalAtomicsPass.h"
#include "compiler/passes/workgroup/StreamingStoresPass.h"
#include "compiler/passes/workgroup/WideMasksPass.h"
#include "compiler/passes/workgroup/WorkItemLoopsPass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"

#include <mutex>

using namespace llvm;

namespace compiler {

namespace {

/// LLVM 15's O3 pipeline unswitches loops on non-trivial loop-invariant
/// conditions: it copies a loop once per such condition. In a kernel after
/// the work-item loops that copies the loops of each barrier region, nested
/// three to five deep, up to seven times over: on reduce, 6,600 lines of IR
/// for 3,900 without it, and twice the compile time (doc/performance.md,
/// "Compile time: no non-trivial unswitching"), for kernel times that did
/// not move. LLVM takes that choice from a command-line option only, so the
/// late pipeline sets the option's default once per process, before the
/// first pipeline is built; a user who gives the option keeps their value.
void disableNonTrivialUnswitching() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    StringMap<cl::Option *> &Options = cl::getRegisteredOptions();
    auto Found = Options.find("enable-npm-O3-nontrivial-unswitch");
    if (Found == Options.end() || Found->second->getNumOccurrences())
      return;
    static_cast<cl::opt<bool> *>(Found->second)->setValue(false);
  });
}

} // namespace

ReferencePipelineOptions
getReferencePipelineOptions(const BaseModule &Module,
                            const PassMachinery &Machinery) {
  ReferencePipelineOptions Opts;
  Opts.TargetName = Module.getTargetName().str();
  Opts.Optimize = !Module.getOptions().OptDisable;
  Opts.StreamingStoreBytes = Module.getOptions().StreamingStoreBytes;
  Opts.OutlineInstructions = Module.getOptions().OutlineInstructions;
  const TargetMachine &TM = Machinery.getTargetMachine();
  Opts.CPUName = TM.getTargetCPU().str();
  Opts.CPUFeatures = TM.getTargetFeatureString().str();
  return Opts;
}

void addReferenceLatePasses(ModulePassManager &MPM, PassBuilder &PB,
                            const ReferencePipelineOptions &Opts) {
  // The builtins Vecz (run by the target just before) left as calls.
  MPM.addPass(utils::LinkBuiltinsPass({utils::LinkBuiltinsPass::Stage::Late}));
  // After linking, so that it sees every callee; before the work-item loops,
  // while a vector variant's stores are still its own.
  if (Opts.Optimize && Opts.StreamingStoreBytes)
    MPM.addPass(utils::StreamingStoresPass({Opts.StreamingStoreBytes}));
  // After linking, when each atomic builtin is an instruction in the kernel.
  MPM.addPass(utils::MarkAccumulatorsPass());
  if (Opts.Optimize && Opts.OutlineInstructions)
    MPM.addPass(utils::OutlineHugeKernelsPass({Opts.OutlineInstructions}));
  MPM.addPass(utils::ReplaceLocalModuleScopeVariablesPass());
  if (Opts.AddWorkItemLoops) {
    MPM.addPass(utils::WorkItemLoopsPass(
        {Opts.SingleWorkItemWithoutLoops,
         Opts.Optimize ? Opts.OutlineInstructions : 0}));
    // A work-group now runs on one thread: its local memory is its own.
    MPM.addPass(
        createModuleToFunctionPassAdaptor(utils::SequentialLocalAtomicsPass()));
  }
  MPM.addPass(utils::AddSchedulingParametersPass());
  MPM.addPass(utils::DefineMuxBuiltinsPass());
  MPM.addPass(utils::AddKernelWrapperPass());
  MPM.addPass(utils::AddEntryHookPass());
  MPM.addPass(utils::AddMetadataPass(
      {Opts.TargetName, Opts.CPUName, Opts.CPUFeatures}));
  // The kernel, its vector variants, the work-item loops and the wrappers
  // are always-inline functions calling each other: inlined into the entry
  // point before the optimization pipeline, their code is simplified once,
  // instead of once per level of that chain as the pipeline's bottom-up
  // inliner would (the body first alone, then inside each caller). That
  // halves the late pipeline's time on vectorized kernels.
  MPM.addPass(AlwaysInlinerPass());
  if (Opts.Optimize) {
    disableNonTrivialUnswitching();
    MPM.addPass(PB.buildPerModuleDefaultPipeline(OptimizationLevel::O3));
    // After the loop vectorizer, which costs a division by an invariant as
    // a division, so that its vector divisions are replaced too.
    MPM.addPass(
        createModuleToFunctionPassAdaptor(utils::InvariantDivisionPass()));
    // The vector divisions left, which the CPU would do lane by lane.
    MPM.addPass(
        createModuleToFunctionPassAdaptor(utils::FloatVectorDivisionPass()));
    // Last, when the optimizations have made what masks they could
    // constant (the backend scalarizes those without branches).
    MPM.addPass(
        createModuleToFunctionPassAdaptor(utils::BranchlessGathersPass()));
    // After InstCombine's last run, which would fold its casts back.
    MPM.addPass(createModuleToFunctionPassAdaptor(utils::WideMasksPass()));
  }
  // BaseModule::finalize verifies the result, for every target.
}

} // namespace compiler
