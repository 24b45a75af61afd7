//===- TargetPassRegistry.h - A target's passes -----------------*- C++ -*-===//
///
/// \file
/// A target's own passes and analyses under their pipeline names, so that
/// `loom-opt -passes=`, `loomc --print-after=`, `--time-passes` and
/// `loom-opt --print-passes` know them as they know the SDK's. A target fills
/// one in its static `registerPasses` (compiler/pipeline/Target.h);
/// PassMachinery adds the entries to its PassBuilder's parser, to the
/// instrumentation's class-name table and, for analyses, to the function
/// analysis manager. Nothing here needs a module or a code generator, so tools
/// list a target's passes from its registration alone.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_TARGETPASSREGISTRY_H
#define COMPILER_PIPELINE_TARGETPASSREGISTRY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
class PassInstrumentationCallbacks;
} // namespace llvm

namespace compiler {

/// The text between `<` and `>` of pipeline element \p Name when it is
/// `<PassName><...>`, empty when it is \p PassName alone, none otherwise.
std::optional<llvm::StringRef> getPassParams(llvm::StringRef Name,
                                             llvm::StringRef PassName);

class TargetPassRegistry {
public:
  /// Module pass \p PassT, default-constructed, as `-passes=<Name>`.
  template <class PassT> void addModulePass(llvm::StringRef Name) {
    ModulePasses.push_back(
        {Name.str(), PassT::name().str(),
         [](llvm::ModulePassManager &MPM) { MPM.addPass(PassT()); }});
  }

  /// Module pass \p PassT with options, as `-passes=<Name>` or
  /// `<Name><params>`: \p Parse turns the text between the angle brackets
  /// (empty without them) into the options PassT is constructed from, or an
  /// error naming what is wrong; \p Syntax is what --print-passes shows.
  template <class PassT, class ParseT>
  void addModulePassWithParams(llvm::StringRef Name, llvm::StringRef Syntax,
                               ParseT Parse) {
    ModulePassesWithParams.push_back(
        makePassWithParamsEntry<PassT, llvm::Module>(Name, Syntax, Parse));
  }

  /// Function pass \p PassT, default-constructed, as `-passes=<Name>` (inside
  /// `function(...)` or alone, as LLVM's function passes are).
  template <class PassT> void addFunctionPass(llvm::StringRef Name) {
    FunctionPasses.push_back(
        {Name.str(), PassT::name().str(),
         [](llvm::FunctionPassManager &FPM) { FPM.addPass(PassT()); }});
  }

  /// Function pass \p PassT with options, as addModulePassWithParams's
  /// module passes (inside `function(...)` or alone).
  template <class PassT, class ParseT>
  void addFunctionPassWithParams(llvm::StringRef Name, llvm::StringRef Syntax,
                                 ParseT Parse) {
    FunctionPassesWithParams.push_back(
        makePassWithParamsEntry<PassT, llvm::Function>(Name, Syntax, Parse));
  }

  /// Function analysis \p AnalysisT, registered with the function analysis
  /// manager, and its printer \p PrinterT (constructed from a raw_ostream, to
  /// which it prints: errs()) as `-passes=print<Name>`.
  template <class AnalysisT, class PrinterT>
  void addFunctionAnalysis(llvm::StringRef Name) {
    FunctionAnalyses.push_back({Name.str(), PrinterT::name().str(),
                                [](llvm::FunctionAnalysisManager &FAM) {
                                  FAM.registerPass([] { return AnalysisT(); });
                                },
                                [](llvm::FunctionPassManager &FPM) {
                                  FPM.addPass(PrinterT(llvm::errs()));
                                }});
  }

  /// Adds every entry to \p PB's pipeline parser and \p PIC's class names,
  /// and the analyses to \p FAM. Malformed pass options go to
  /// \p ReportOptionsError (the parser itself only learns the name failed).
  void registerWith(llvm::PassBuilder &PB,
                    llvm::PassInstrumentationCallbacks &PIC,
                    llvm::FunctionAnalysisManager &FAM,
                    std::function<void(std::string)> ReportOptionsError) const;

  /// Lists the entries, one per line, under headings naming \p Owner
  /// (`<Owner> module passes:`, ...); prints nothing when there are none.
  void print(llvm::raw_ostream &OS, llvm::StringRef Owner) const;

private:
  template <class IRUnitT> struct PassEntry {
    std::string Name;
    std::string ClassName;
    std::function<void(llvm::PassManager<IRUnitT> &)> Add;
  };
  template <class IRUnitT> struct PassWithParamsEntry {
    std::string Name;
    std::string ClassName;
    std::string Syntax;
    std::function<llvm::Error(llvm::StringRef, llvm::PassManager<IRUnitT> &)>
        Add;
  };

  template <class PassT, class IRUnitT, class ParseT>
  static PassWithParamsEntry<IRUnitT>
  makePassWithParamsEntry(llvm::StringRef Name, llvm::StringRef Syntax,
                          ParseT Parse) {
    return {Name.str(), PassT::name().str(), Syntax.str(),
            [Parse](llvm::StringRef Params,
                    llvm::PassManager<IRUnitT> &PM) -> llvm::Error {
              auto Opts = Parse(Params);
              if (!Opts)
                return Opts.takeError();
              PM.addPass(PassT(std::move(*Opts)));
              return llvm::Error::success();
            }};
  }
  struct AnalysisEntry {
    std::string Name;
    std::string PrinterClassName;
    std::function<void(llvm::FunctionAnalysisManager &)> Register;
    std::function<void(llvm::FunctionPassManager &)> AddPrinter;
  };

  std::vector<PassEntry<llvm::Module>> ModulePasses;
  std::vector<PassWithParamsEntry<llvm::Module>> ModulePassesWithParams;
  std::vector<PassEntry<llvm::Function>> FunctionPasses;
  std::vector<PassWithParamsEntry<llvm::Function>> FunctionPassesWithParams;
  std::vector<AnalysisEntry> FunctionAnalyses;
};

} // namespace compiler

#endif // COMPILER_PIPELINE_TARGETPASSREGISTRY_H
