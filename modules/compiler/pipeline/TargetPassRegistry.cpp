//===- TargetPassRegistry.cpp - A target's passes by name -----------------===//
///
/// \file
/// See compiler/pipeline/TargetPassRegistry.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/TargetPassRegistry.h"

#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace compiler {

namespace {

/// Adds the pass of \p Entries named \p Name to \p PM; false if none is.
template <class EntryT, class PassManagerT>
bool addPassNamed(const std::vector<EntryT> &Entries, StringRef Name,
                  PassManagerT &PM) {
  for (const EntryT &Entry : Entries)
    if (Entry.Name == Name) {
      Entry.Add(PM);
      return true;
    }
  return false;
}

/// Adds the pass of \p Entries that \p Name names, with the parameters it
/// gives: true if one does, false if none does or its parameters are
/// wrong (after \p ReportOptionsError says what is).
template <class EntryT, class PassManagerT>
bool addPassWithParamsNamed(
    const std::vector<EntryT> &Entries, StringRef Name, PassManagerT &PM,
    const std::function<void(std::string)> &ReportOptionsError) {
  for (const EntryT &Entry : Entries) {
    std::optional<StringRef> Params = getPassParams(Name, Entry.Name);
    if (!Params)
      continue;
    if (Error E = Entry.Add(*Params, PM)) {
      ReportOptionsError(toString(std::move(E)));
      return false;
    }
    return true;
  }
  return false;
}

} // namespace

std::optional<StringRef> getPassParams(StringRef Name, StringRef PassName) {
  if (Name == PassName)
    return StringRef();
  if (!Name.consume_front(PassName) || !Name.consume_front("<") ||
      !Name.consume_back(">"))
    return std::nullopt;
  return Name;
}

void TargetPassRegistry::registerWith(
    PassBuilder &PB, PassInstrumentationCallbacks &PIC,
    FunctionAnalysisManager &FAM,
    std::function<void(std::string)> ReportOptionsError) const {
  for (const auto &Entry : ModulePasses)
    PIC.addClassToPassName(Entry.ClassName, Entry.Name);
  for (const auto &Entry : ModulePassesWithParams)
    PIC.addClassToPassName(Entry.ClassName, Entry.Name);
  for (const auto &Entry : FunctionPasses)
    PIC.addClassToPassName(Entry.ClassName, Entry.Name);
  for (const auto &Entry : FunctionPassesWithParams)
    PIC.addClassToPassName(Entry.ClassName, Entry.Name);
  for (const AnalysisEntry &Entry : FunctionAnalyses) {
    PIC.addClassToPassName(Entry.PrinterClassName, "print<" + Entry.Name + ">");
    Entry.Register(FAM);
  }

  // The callbacks outlive this registry: they own copies of the entries.
  PB.registerPipelineParsingCallback(
      [Entries = ModulePasses, WithParams = ModulePassesWithParams,
       ReportOptionsError](StringRef Name, ModulePassManager &MPM,
                           ArrayRef<PassBuilder::PipelineElement>) {
        return addPassNamed(Entries, Name, MPM) ||
               addPassWithParamsNamed(WithParams, Name, MPM,
                                      ReportOptionsError);
      });
  PB.registerPipelineParsingCallback(
      [Entries = FunctionPasses, WithParams = FunctionPassesWithParams,
       Analyses = FunctionAnalyses,
       ReportOptionsError](StringRef Name, FunctionPassManager &FPM,
                           ArrayRef<PassBuilder::PipelineElement>) {
        if (addPassNamed(Entries, Name, FPM) ||
            addPassWithParamsNamed(WithParams, Name, FPM, ReportOptionsError))
          return true;
        for (const AnalysisEntry &Entry : Analyses)
          if (Name == "print<" + Entry.Name + ">") {
            Entry.AddPrinter(FPM);
            return true;
          }
        return false;
      });
}

void TargetPassRegistry::print(raw_ostream &OS, StringRef Owner) const {
  if (!ModulePasses.empty() || !ModulePassesWithParams.empty())
    OS << Owner << " module passes:\n";
  for (const auto &Entry : ModulePasses)
    OS << "  " << Entry.Name << "\n";
  for (const auto &Entry : ModulePassesWithParams)
    OS << "  " << Entry.Name << "<" << Entry.Syntax << ">\n";
  if (!FunctionPasses.empty() || !FunctionPassesWithParams.empty())
    OS << Owner << " function passes:\n";
  for (const auto &Entry : FunctionPasses)
    OS << "  " << Entry.Name << "\n";
  for (const auto &Entry : FunctionPassesWithParams)
    OS << "  " << Entry.Name << "<" << Entry.Syntax << ">\n";
  if (!FunctionAnalyses.empty())
    OS << Owner << " function analyses:\n";
  for (const AnalysisEntry &Entry : FunctionAnalyses)
    OS << "  " << Entry.Name << " (print<" << Entry.Name << ">)\n";
}

} // namespace compiler
