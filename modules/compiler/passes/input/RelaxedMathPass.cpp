//===- RelaxedMathPass.cpp - Relaxed-math builtins ------------------------===//
///
/// \file
/// See compiler/passes/input/RelaxedMathPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/RelaxedMathPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/support/PassParams.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#define DEBUG_TYPE "relaxed-math"

using namespace llvm;

STATISTIC(NumCallsRelaxed, "Number of builtin calls given relaxed builtins");

namespace compiler {
namespace utils {

namespace {

/// Whether \p U is a call of the function it uses that allows an
/// approximation of it.
/// Whether \p U calls its builtin, and allows an approximation of it: with
/// `afn`, or by any call at all where \p AllCalls.
bool allowsApproximation(const Use &U, bool AllCalls) {
  const auto *Call = dyn_cast<CallInst>(U.getUser());
  return Call && Call->isCallee(&U) && isa<FPMathOperator>(Call) &&
         (AllCalls || Call->hasApproxFunc());
}

/// \p Builtin's relaxed builtin declared in \p M, with its signature,
/// attributes and calling convention.
Function *declareRelaxed(Function &Builtin, StringRef Name, Module &M) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, Builtin.getFunctionType(),
                                                Builtin.getAttributes());
  auto *Relaxed = cast<Function>(Callee.getCallee());
  Relaxed->setCallingConv(Builtin.getCallingConv());
  return Relaxed;
}

/// Makes the calls of \p Builtin that allow an approximation call its
/// relaxed builtin instead, if it has one. Returns whether any changed.
bool relaxCalls(Function &Builtin, const BuiltinInfo &BI, bool AllCalls) {
  SmallVector<Use *, 8> Relaxable;
  for (Use &U : Builtin.uses())
    if (allowsApproximation(U, AllCalls))
      Relaxable.push_back(&U);
  if (Relaxable.empty())
    return false;
  std::optional<std::string> Name = BI.getRelaxedBuiltin(Builtin.getName());
  if (!Name)
    return false;
  Function *Relaxed = declareRelaxed(Builtin, *Name, *Builtin.getParent());
  for (Use *U : Relaxable)
    cast<CallInst>(U->getUser())->setCalledFunction(Relaxed);
  NumCallsRelaxed += Relaxable.size();
  // A declaration left behind would still have the linker bring in its
  // definition.
  if (Builtin.use_empty())
    Builtin.eraseFromParent();
  return true;
}

} // namespace

PreservedAnalyses RelaxedMathPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  // Declarations are added while walking: collect the builtins first.
  SmallVector<Function *, 16> Builtins;
  for (Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic())
      Builtins.push_back(&F);
  bool Changed = false;
  for (Function *Builtin : Builtins)
    Changed |= relaxCalls(*Builtin, BI, Opts.AllCalls);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Expected<RelaxedMathPass::Options>
RelaxedMathPass::parseOptions(StringRef Params) {
  Options Opts;
  if (Error E =
          parseFlagPassParam(Params, "relaxed-math", "all", Opts.AllCalls))
    return std::move(E);
  return Opts;
}

void RelaxedMathPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      Opts.AllCalls ? "all" : "");
}

} // namespace utils
} // namespace compiler
