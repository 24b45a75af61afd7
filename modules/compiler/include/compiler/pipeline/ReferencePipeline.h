//===- ReferencePipeline.h - The reference late passes ----------*- C++ -*-===//
///
/// \file
/// The reference late pipeline of doc/overview.md, as a builder a target
/// calls from BaseModule::getLateTargetPasses, adds to, or departs from:
/// work-item loops, scheduling parameters, mux builtin bodies, the kernel
/// wrapper, the kernel descriptors, then the optimization pipeline that
/// inlines the layers into one entry point per kernel.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_REFERENCEPIPELINE_H
#define COMPILER_PIPELINE_REFERENCEPIPELINE_H

#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace compiler {

class BaseModule;
class PassMachinery;

struct ReferencePipelineOptions {
  /// Recorded in the kernel descriptors.
  std::string TargetName;
  std::string CPUName;
  std::string CPUFeatures;
  /// Targets with one hardware thread per work-item leave the work-item
  /// loops out.
  bool AddWorkItemLoops = true;
  /// Kernels whose required work-group size is (1, 1, 1) get no work-item
  /// loops (work-item-loops<single-work-item>).
  bool SingleWorkItemWithoutLoops = false;
  /// Run LLVM's O3 pipeline after wrapping (off for -cl-opt-disable).
  bool Optimize = true;
  /// streaming-stores' threshold (-streaming-store-bytes=; 0: not run).
  uint64_t StreamingStoreBytes = 0;
  /// outline-huge-kernels' piece size, and the size of the largest barrier
  /// region work-item-loops inlines (-outline-instructions=; 0: not run,
  /// every region inlined).
  uint64_t OutlineInstructions = 0;
};

/// The options for \p Module: its target name, the CPU and features of the
/// code generator \p Machinery runs with, optimization unless
/// -cl-opt-disable.
ReferencePipelineOptions
getReferencePipelineOptions(const BaseModule &Module,
                            const PassMachinery &Machinery);

void addReferenceLatePasses(llvm::ModulePassManager &MPM, llvm::PassBuilder &PB,
                            const ReferencePipelineOptions &Opts);

} // namespace compiler

#endif // COMPILER_PIPELINE_REFERENCEPIPELINE_H
