//===- GenericPipeline.cpp - The generic half of finalize -----------------===//
///
/// \file
/// See GenericPipeline.h.
///
//===----------------------------------------------------------------------===//

#include "pipeline/GenericPipeline.h"

#include "compiler/passes/input/DefinedConversionsPass.h"
#include "compiler/passes/input/EncodeKernelMetadataPass.h"
#include "compiler/passes/input/FixupCallingConventionsPass.h"
#include "compiler/passes/input/FixupTranslatorBuiltinsPass.h"
#include "compiler/passes/input/InternalizeNonKernelsPass.h"
#include "compiler/passes/input/LinkBuiltinsPass.h"
#include "compiler/passes/input/LowerAtomicLibcallsPass.h"
#include "compiler/passes/input/LowerPrintfPass.h"
#include "compiler/passes/input/LowerToMuxBuiltinsPass.h"
#include "compiler/passes/input/MarkCKernelsPass.h"
#include "compiler/passes/input/RelaxedMathPass.h"
#include "compiler/passes/input/SelectKernelsPass.h"
#include "compiler/passes/input/TransferKernelMetadataPass.h"
#include "compiler/passes/input/TrapFreeDivisionPass.h"
#include "compiler/passes/parallel/LowerParallelLoopsPass.h"
#include "compiler/passes/parallel/OpenMPToParallelLoopsPass.h"
#include "compiler/passes/parallel/ParallelizationCleanupPass.h"
#include "compiler/passes/workgroup/FoldCASLoopsPass.h"
#include "compiler/passes/workgroup/InlineKernelPiecesPass.h"
#include "compiler/passes/workgroup/NarrowDivisionPass.h"
#include "compiler/passes/workgroup/OutlineHugeKernelsPass.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/pipeline/PassMachinery.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"
#include "llvm/Transforms/Vectorize/SLPVectorizer.h"

using namespace llvm;

namespace compiler {

/// The early vectorization of doc/overview.md: loop rotation and cleanup,
/// then the vectorizers `-cl-vec=` asks for, then the load/store vectorizer.
static FunctionPassManager buildEarlyVectorization(EarlyVectorization Kind) {
  FunctionPassManager FPM;
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopRotatePass()));
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(DCEPass());
  if (Kind == EarlyVectorization::Loop || Kind == EarlyVectorization::All)
    FPM.addPass(LoopVectorizePass());
  if (Kind == EarlyVectorization::SLP || Kind == EarlyVectorization::All)
    FPM.addPass(SLPVectorizerPass());
  FPM.addPass(LoadStoreVectorizerPass());
  FPM.addPass(SimplifyCFGPass());
  return FPM;
}

/// Parallel loops (doc/compiler-spec.md) checked against what the
/// optimizations left and lowered onto the driver's workers, before the
/// vectorizers make several loops of each.
static void addParallelLoopLowering(ModulePassManager &MPM) {
  MPM.addPass(utils::ParallelizationCleanupPass());
  MPM.addPass(utils::LowerParallelLoopsPass());
}

/// \p Pipeline, a printed pipeline, with each element \p From replaced by
/// \p To (elements are separated by parentheses and commas).
static std::string replacePipelineElement(StringRef Pipeline, StringRef From,
                                          StringRef To) {
  std::string Result;
  while (!Pipeline.empty()) {
    size_t End = Pipeline.find_first_of("(),");
    StringRef Element = Pipeline.take_front(End);
    Result += Element == From ? To : Element;
    if (End == StringRef::npos)
      break;
    Result += Pipeline[End];
    Pipeline = Pipeline.drop_front(End + 1);
  }
  return Result;
}

/// LLVM's O2 simplification pipeline with `indvars-without-widening` in the
/// place of `indvars` (doc/passes.md). LLVM 15 builds it with no way to
/// choose that instance, and prints both alike: it is built from its printed
/// form, so that --print-pipeline prints what runs and loom-opt replays it.
static ModulePassManager buildSimplificationForVecz(PassMachinery &Machinery) {
  ModulePassManager Default =
      Machinery.getPassBuilder().buildModuleSimplificationPipeline(
          OptimizationLevel::O2, ThinOrFullLTOPhase::None);
  Machinery.learnLLVMPassNames();
  std::string Printed;
  raw_string_ostream OS(Printed);
  Default.printPipeline(OS, [&](StringRef ClassName) {
    return Machinery.getPassName(ClassName);
  });
  ModulePassManager MPM;
  if (Error E = Machinery.parsePipeline(
          MPM, replacePipelineElement(OS.str(), "indvars",
                                      "indvars-without-widening"))) {
    // Only if Loom's printing and parsing disagreed, which
    // pipeline/print-pipeline-replays.test rules out: LLVM's own pipeline
    // is as correct, only wider.
    consumeError(std::move(E));
    return Default;
  }
  return MPM;
}

void addGenericPipeline(ModulePassManager &MPM, PassMachinery &Machinery,
                        const CompileOptions &Opts) {
  MPM.addPass(utils::MarkCKernelsPass());
  MPM.addPass(utils::TransferKernelMetadataPass());
  MPM.addPass(utils::FixupCallingConventionsPass());
  // First, so that nothing after spends time on kernels no one launches.
  if (!Opts.Kernels.empty())
    MPM.addPass(utils::SelectKernelsPass({Opts.Kernels}));
  // What Clang could not make atomic instructions for a SPIR target, made
  // so before the OpenMP loops are checked (`#pragma omp atomic`).
  MPM.addPass(utils::LowerAtomicLibcallsPass());
  // OpenMP's outlined loops back in place, before builtins are linked and
  // before the optimizer, which should see the loops.
  MPM.addPass(utils::OpenMPToParallelLoopsPass({Opts.OpenMPRuntime}));
  MPM.addPass(utils::FixupTranslatorBuiltinsPass());
  MPM.addPass(utils::LowerPrintfPass());
  // The kernel's own casts, not the library's internal conversions.
  MPM.addPass(utils::DefinedConversionsPass());
  // Before the library is linked: the relaxed builtins are linked instead
  // of the full-precision ones, not beside them.
  MPM.addPass(utils::RelaxedMathPass({Opts.relaxesMath()}));
  // Builtins first: the library's own barriers and work-item queries are
  // lowered with the kernels'.
  MPM.addPass(utils::LinkBuiltinsPass({utils::LinkBuiltinsPass::Stage::Early}));
  // The program is whole: only its kernels are called from outside.
  MPM.addPass(utils::InternalizeNonKernelsPass());
  // Before anything optimizes: the source's divisions, and the library's,
  // get their defined results while every one is still there to guard.
  MPM.addPass(utils::TrapFreeDivisionPass());
  MPM.addPass(utils::LowerToMuxBuiltinsPass());
  MPM.addPass(utils::EncodeKernelMetadataPass());
  if (Opts.OptDisable) {
    addParallelLoopLowering(MPM);
    return;
  }
  // A huge kernel goes through the simplification pipeline in pieces of
  // bounded size, and is whole again for Vecz (doc/performance.md).
  if (Opts.OutlineInstructions)
    MPM.addPass(utils::OutlineHugeKernelsPass({Opts.OutlineInstructions}));
  MPM.addPass(buildSimplificationForVecz(Machinery));
  // Once SROA has put their values in registers, compare-and-swap loops
  // that one atomic instruction can do (`#pragma omp atomic`).
  MPM.addPass(createModuleToFunctionPassAdaptor(utils::FoldCASLoopsPass()));
  // Divisions of ids by sizes in 32 bits, before the vectorizers widen them.
  MPM.addPass(createModuleToFunctionPassAdaptor(utils::NarrowDivisionPass()));
  addParallelLoopLowering(MPM);
  if (Opts.Vectorize != EarlyVectorization::None)
    MPM.addPass(createModuleToFunctionPassAdaptor(
        buildEarlyVectorization(Opts.Vectorize)));
  if (Opts.OutlineInstructions)
    MPM.addPass(utils::InlineKernelPiecesPass());
}

} // namespace compiler
