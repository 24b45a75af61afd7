//===- compiler/PassMachinery.h - Owner of the pass managers ---*- C++ -*-===//
///
/// \file
/// PassMachinery owns what running new-pass-manager pipelines needs: the
/// four analysis managers, the pass instrumentation (so LLVM's
/// `--print-after=<pass>` and friends work with Loom's pass names) and the
/// PassBuilder with Loom's passes registered under their pipeline names.
/// Members are declared so that they are destroyed in a safe order: the
/// PassBuilder first, then the module, CGSCC, function and loop analysis
/// managers (each may hold proxies into the next), then the instrumentation
/// they point to.
///
/// Targets customise it by subclassing: createBuiltinInfo supplies the
/// target's BuiltinInfo to BuiltinInfoAnalysis, registerTargetPasses adds
/// the target's own pipeline names.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSMACHINERY_H
#define COMPILER_PASSMACHINERY_H

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>

namespace llvm {
class TargetMachine;
class raw_ostream;
} // namespace llvm

namespace compiler {

class BuiltinInfo;

class PassMachinery {
public:
  explicit PassMachinery(llvm::TargetMachine *TM);
  virtual ~PassMachinery();
  PassMachinery(const PassMachinery &) = delete;
  PassMachinery &operator=(const PassMachinery &) = delete;

  /// Registers analyses and passes. Call once, before any other use.
  void initialize();

  llvm::PassBuilder &getPassBuilder() { return *PB; }
  llvm::ModuleAnalysisManager &getMAM() { return MAM; }
  llvm::FunctionAnalysisManager &getFAM() { return FAM; }

  /// Parses a `-passes=` pipeline into \p MPM. A Loom pass given malformed
  /// options reports what is wrong with them, not just an unknown name.
  llvm::Error parsePipeline(llvm::ModulePassManager &MPM,
                            llvm::StringRef Pipeline);

  /// The pipeline name of pass class \p ClassName, or the class name.
  llvm::StringRef getPassName(llvm::StringRef ClassName);

  /// Lists Loom's pipeline names, one per line.
  static void printPassNames(llvm::raw_ostream &OS);
  /// Lists the target's own pipeline names (none by default).
  virtual void printTargetPassNames(llvm::raw_ostream &OS) const;

protected:
  /// The BuiltinInfo that BuiltinInfoAnalysis serves. The default is the
  /// reference driver's.
  virtual std::shared_ptr<BuiltinInfo> createBuiltinInfo();
  /// Lets a target register its own pipeline names, and its analyses with
  /// getFAM() or getMAM().
  virtual void registerTargetPasses(llvm::PassBuilder &PB);
  /// Makes LLVM's instrumentation (`--print-after=`, `--time-passes`) call
  /// pass class \p ClassName by its pipeline name \p PassName.
  void registerPassName(llvm::StringRef ClassName, llvm::StringRef PassName);

private:
  bool parseLoomPass(llvm::StringRef Name, llvm::ModulePassManager &MPM);

  llvm::TargetMachine *TM;
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

#endif // COMPILER_PASSMACHINERY_H
