//===- LinkBuiltinsPass.cpp - The builtins library ------------------------===//
///
/// \file
/// See compiler/utils/LinkBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/LinkBuiltinsPass.h"

#include "BuiltinsBitcode.h"
#include "compiler/BuiltinInfo.h"
#include "compiler/utils/FixupCallingConventionsPass.h"
#include "compiler/utils/TrapFreeDivisionPass.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

#define DEBUG_TYPE "link-builtins"

using namespace llvm;

STATISTIC(NumBuiltinsLinked, "Number of builtins linked from the library");

namespace compiler {
namespace utils {

/// The functions \p M calls but does not define, by name, less those to
/// be linked later.
static SmallVector<std::string, 16>
getFunctionsToLink(const Module &M, const BuiltinInfo &BI,
                   LinkBuiltinsPass::Stage When) {
  SmallVector<std::string, 16> Names;
  for (const Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        BI.identifyMuxBuiltin(F) || BI.isDriverRuntimeFunction(F.getName()))
      continue;
    if (When == LinkBuiltinsPass::Stage::Early &&
        BI.mustLinkAfterVectorization(F.getName()))
      continue;
    Names.push_back(F.getName().str());
  }
  return Names;
}

/// Gives the deferred declarations their names back. One that a linked
/// builtin needed came in anyway; its uses take that definition.
static void
restoreDeferred(Module &M,
                ArrayRef<std::pair<Function *, std::string>> Deferred) {
  for (auto &[F, Name] : Deferred) {
    if (Function *Linked = M.getFunction(Name)) {
      F->replaceAllUsesWith(Linked);
      F->eraseFromParent();
    } else {
      F->setName(Name);
    }
  }
}

/// The divisions of the functions linked after \p DefinedBefore, made
/// unable to trap as TrapFreeDivisionPass made the rest.
static void
guardDivisions(Module &M,
               const SmallPtrSetImpl<const Function *> &DefinedBefore) {
  const DataLayout &DL = M.getDataLayout();
  for (Function &F : M) {
    if (F.isDeclaration() || DefinedBefore.contains(&F))
      continue;
    SmallVector<BinaryOperator *, 4> Divisions;
    for (Instruction &I : instructions(F))
      if (I.isIntDivRem())
        Divisions.push_back(cast<BinaryOperator>(&I));
    for (BinaryOperator *Division : Divisions)
      makeDivisionTrapFree(*Division, DL);
  }
}

PreservedAnalyses LinkBuiltinsPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  SmallVector<std::string, 16> Wanted = getFunctionsToLink(M, BI, Opts.When);
  if (Wanted.empty())
    return PreservedAnalyses::all();
  // Declarations left for the late stage are hidden from the linker, which
  // would otherwise pull in a definition for every declaration.
  SmallVector<std::pair<Function *, std::string>, 4> Deferred;
  if (Opts.When == Stage::Early)
    for (Function &F : M)
      if (F.isDeclaration() && !F.isIntrinsic() &&
          BI.mustLinkAfterVectorization(F.getName()))
        Deferred.push_back({&F, F.getName().str()});
  for (auto &[F, Name] : Deferred)
    F->setName(Name + ".loom-deferred");

  SmallPtrSet<const Function *, 32> DefinedBefore;
  for (const Function &F : M)
    if (!F.isDeclaration())
      DefinedBefore.insert(&F);

  MemoryBufferRef Buffer(getBuiltinsBitcode(), "loom-builtins.bc");
  Expected<std::unique_ptr<Module>> Library =
      getLazyBitcodeModule(Buffer, M.getContext());
  if (!Library) {
    restoreDeferred(M, Deferred);
    M.getContext().emitError("cannot read the builtins library: " +
                             toString(Library.takeError()));
    return PreservedAnalyses::all();
  }
  (*Library)->setTargetTriple(M.getTargetTriple());
  (*Library)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*Library),
                          Linker::Flags::LinkOnlyNeeded)) {
    restoreDeferred(M, Deferred);
    M.getContext().emitError("cannot link the builtins library");
    return PreservedAnalyses::all();
  }

  restoreDeferred(M, Deferred);
  // Early, TrapFreeDivisionPass runs next, over the library's code too.
  if (Opts.When == Stage::Late)
    guardDivisions(M, DefinedBefore);
  for (const std::string &Name : Wanted) {
    Function *F = M.getFunction(Name);
    if (!F)
      continue;
    if (F->isDeclaration()) {
      // Early, the check after the front half reports unknown functions;
      // late, nothing else will.
      if (Opts.When == Stage::Late)
        M.getContext().emitError("'" + Name +
                                 "' is not in Loom's builtins library");
      continue;
    }
    F->setLinkage(GlobalValue::InternalLinkage);
    ++NumBuiltinsLinked;
  }
  // Builtins the linked ones call came in too; all use the C convention.
  setCCallingConventions(M);
  return PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
