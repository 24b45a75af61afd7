//===- PassMachinery.h - Owner of the pass managers -------------*- C++ -*-===//
///
/// \file
/// PassMachinery owns what running new-pass-manager pipelines needs: the
/// four analysis managers, the pass instrumentation (so LLVM's
/// `--print-after=<pass>` and friends work with Loom's pass names, and a
/// crash report names the pass that crashed) and the
/// PassBuilder with Loom's passes registered under their pipeline names.
/// Members are declared so that they are destroyed in a safe order: the
/// PassBuilder first, then the module, CGSCC, function and loop analysis
/// managers (each may hold proxies into the next), then the instrumentation
/// they point to.
///
/// Targets do not subclass it: BaseModule::createPassMachinery builds one
/// with the target's code generator, its BuiltinInfo (served by
/// BuiltinInfoAnalysis) and its registered passes (compiler/pipeline/Target.h).
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_PASSMACHINERY_H
#define COMPILER_PIPELINE_PASSMACHINERY_H

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

#include "compiler/pipeline/TargetPassRegistry.h"

#include <memory>
#include <optional>

namespace llvm {
class TargetMachine;
class raw_ostream;
} // namespace llvm

namespace compiler {

class BuiltinInfo;

class PassMachinery final {
public:
  /// Registers LLVM's analyses and passes, Loom's, and \p TargetPasses, with
  /// \p Info as the BuiltinInfo and \p TM as the code generator passes see.
  PassMachinery(llvm::TargetMachine &TM, std::shared_ptr<BuiltinInfo> Info,
                TargetPassRegistry TargetPasses = TargetPassRegistry());
  ~PassMachinery();
  PassMachinery(const PassMachinery &) = delete;
  PassMachinery &operator=(const PassMachinery &) = delete;

  llvm::PassBuilder &getPassBuilder() { return *PB; }
  llvm::ModuleAnalysisManager &getMAM() { return MAM; }
  llvm::FunctionAnalysisManager &getFAM() { return FAM; }
  llvm::TargetMachine &getTargetMachine() const { return TM; }

  /// Parses a `-passes=` pipeline into \p MPM. A Loom pass given malformed
  /// options reports what is wrong with them, not just an unknown name.
  llvm::Error parsePipeline(llvm::ModulePassManager &MPM,
                            llvm::StringRef Pipeline);

  /// The pipeline name of pass class \p ClassName, or the class name.
  /// SpeculativeExecutionPass, whose option LLVM 15 neither prints nor
  /// reads, is `speculative-execution<only-if-divergent-target>`, the O2
  /// pipeline's form, which Loom reads.
  llvm::StringRef getPassName(llvm::StringRef ClassName);

  /// Teaches getPassName the pipeline names of LLVM's passes, which LLVM
  /// knows only under its own printing options (-print-pipeline-passes),
  /// so that a printed pipeline is one `-passes=` reads. Loom's passes and
  /// the target's are always known.
  void learnLLVMPassNames();

  /// Lists the SDK's pipeline names, one per line.
  static void printPassNames(llvm::raw_ostream &OS);

private:
  bool parseLoomPass(llvm::StringRef Name, llvm::ModulePassManager &MPM);
  static bool parseLoomFunctionPass(llvm::StringRef Name,
                                    llvm::FunctionPassManager &FPM);
  static bool parseLoomLoopPass(llvm::StringRef Name,
                                llvm::LoopPassManager &LPM);

  llvm::TargetMachine &TM;
  llvm::PassInstrumentationCallbacks PIC;
  llvm::StandardInstrumentations SI;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  std::unique_ptr<llvm::PassBuilder> PB;
  /// Set when a Loom pass's options failed to parse.
  std::optional<std::string> OptionsError;
};

} // namespace compiler

#endif // COMPILER_PIPELINE_PASSMACHINERY_H
