//===- PipelineDiagnostics.cpp - What passes report -----------------------===//
///
/// \file
/// See PipelineDiagnostics.h.
///
//===----------------------------------------------------------------------===//

#include "pipeline/PipelineDiagnostics.h"

#include "compiler/support/DiagnosticError.h"
#include "compiler/support/Diagnostics.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace compiler {

namespace {

struct Collector : DiagnosticHandler {
  Collector(const CompileOptions &Opts,
            const std::function<void(StringRef)> &OnWarning)
      : FileName(Opts.FileName), OnWarning(OnWarning),
        Passed(Opts.RemarksPassed), Missed(Opts.RemarksMissed) {}

  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return !Passed.empty() && Regex(Passed).match(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return !Missed.empty() && Regex(Missed).match(PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return !Passed.empty() || !Missed.empty();
  }

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (const auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI))
      return handleRemark(*Remark);
    if (DI.getSeverity() != DS_Error && DI.getSeverity() != DS_Warning)
      return true;
    std::string Text;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream Printer(OS);
    std::string Where = FileName;
    if (const auto *Located = dyn_cast<utils::LoomDiagnostic>(&DI))
      if (Located->isLocationAvailable())
        Where = Located->getSourceLocation();
    OS << Where << ": " << (DI.getSeverity() == DS_Error ? "error" : "warning")
       << ": ";
    DI.print(Printer);
    OS << "\n";
    OS.flush();
    if (DI.getSeverity() == DS_Error)
      Errors += Text;
    else if (OnWarning)
      OnWarning(Text);
    return true;
  }

  /// `file: remark: message [-Rpass-missed=pass]`, as Clang prints one.
  bool handleRemark(const DiagnosticInfoOptimizationBase &Remark) {
    bool Missed = Remark.getKind() == DK_OptimizationRemarkMissed;
    bool Wanted = Missed ? isMissedOptRemarkEnabled(Remark.getPassName())
                         : Remark.getKind() == DK_OptimizationRemark &&
                               isPassedOptRemarkEnabled(Remark.getPassName());
    if (!Wanted || !OnWarning)
      return true;
    std::string Where = utils::getSourceLocation(Remark);
    if (Where.empty())
      Where = FileName;
    OnWarning((Where + ": remark: " + Remark.getMsg() + " [-Rpass" +
               (Missed ? "-missed=" : "=") + Remark.getPassName() + "]\n")
                  .str());
    return true;
  }

  std::string FileName;
  const std::function<void(StringRef)> &OnWarning;
  std::string Passed;
  std::string Missed;
  std::string Errors;
};

} // namespace

PipelineDiagnostics::PipelineDiagnostics(
    LLVMContext &Ctx, const CompileOptions &Opts,
    const std::function<void(StringRef)> &OnWarning)
    : Ctx(Ctx), Previous(Ctx.getDiagnosticHandler()) {
  auto Handler = std::make_unique<Collector>(Opts, OnWarning);
  Errors = &Handler->Errors;
  Ctx.setDiagnosticHandler(std::move(Handler));
}

PipelineDiagnostics::~PipelineDiagnostics() {
  Ctx.setDiagnosticHandler(std::move(Previous));
}

Error PipelineDiagnostics::takeErrors() {
  if (Errors->empty())
    return Error::success();
  return makeFormattedDiagnosticError(*Errors);
}

} // namespace compiler
