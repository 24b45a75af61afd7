//===- LinkBuiltinsPass.cpp - The builtins library ------------------------===//
///
/// \file
/// See compiler/passes/input/LinkBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/LinkBuiltinsPass.h"

#include "compiler/support/PassParams.h"

#include "builtins/BuiltinsBitcode.h"
#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/passes/input/FixupCallingConventionsPass.h"
#include "compiler/passes/input/TrapFreeDivisionPass.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Error.h"
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
        BI.isLinkedAfterVectorization(F))
      continue;
    Names.push_back(F.getName().str());
  }
  return Names;
}

/// Declarations hidden from the linker under another name, with their own.
using DeferredDeclarations = SmallVector<std::pair<Function *, std::string>, 4>;

/// Hides from the linker the declarations of \p M that \p IsDeferred names
/// and that are not hidden yet, adding them to \p Deferred.
static void hideDeferred(Module &M,
                         function_ref<bool(const Function &)> IsDeferred,
                         DeferredDeclarations &Deferred) {
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() ||
        F.getName().endswith(".loom-deferred") || !IsDeferred(F))
      continue;
    Deferred.push_back({&F, F.getName().str()});
    F.setName(F.getName() + ".loom-deferred");
  }
}

/// Gives the deferred declarations their names back. One that a linked
/// builtin needed came in anyway; its uses take that definition.
static void restoreDeferred(Module &M, const DeferredDeclarations &Deferred) {
  for (auto &[F, Name] : Deferred) {
    if (Function *Linked = M.getFunction(Name)) {
      F->replaceAllUsesWith(Linked);
      F->eraseFromParent();
    } else {
      F->setName(Name);
    }
  }
}

/// Marks the sub-group functions \p M still declares `nomerge`. A call
/// across a sub-group stands for what the work-items that reach it do
/// together: merged with its twin on the other side of a branch (SimplifyCFG
/// hoists identical calls out of both sides), it would be made by the
/// work-items of both paths at once, which a vector kernel's lanes would
/// then do, where the non-uniform functions ask for those of one path.
static void keepSubGroupCallsApart(Module &M) {
  for (Function &F : M)
    if (F.isDeclaration() && identifySubGroupFunction(F))
      F.addFnAttr(Attribute::NoMerge);
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

/// The parts defining what \p M declares and the library defines, for
/// the declarations not in \p Sought, which then holds them too.
static SmallBitVector getPartsToLink(const Module &M, StringSet<> &Sought) {
  SmallBitVector Parts(getBuiltinsParts().size());
  for (const GlobalValue &GV : M.global_values())
    if (GV.isDeclaration() && !GV.use_empty())
      if (std::optional<unsigned> Part = findBuiltinsPart(GV.getName()))
        if (Sought.insert(GV.getName()).second)
          Parts.set(*Part);
  return Parts;
}

/// Links from part \p Part what \p M declares and it defines, and what
/// that needs from it.
static Error linkPart(Module &M, unsigned Part) {
  const BuiltinsPart &Source = getBuiltinsParts()[Part];
  MemoryBufferRef Buffer(Source.Bitcode, Source.Name);
  Expected<std::unique_ptr<Module>> PartModule =
      getLazyBitcodeModule(Buffer, M.getContext());
  if (!PartModule)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read the builtins library's part '" +
                                 Source.Name +
                                 "': " + toString(PartModule.takeError()));
  (*PartModule)->setTargetTriple(M.getTargetTriple());
  (*PartModule)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*PartModule),
                          Linker::Flags::LinkOnlyNeeded))
    return createStringError(inconvertibleErrorCode(),
                             "cannot link the builtins library's part '" +
                                 Source.Name + "'");
  return Error::success();
}

/// Links the parts of the library that define what \p M declares, then
/// those that define what they brought in, until the library defines
/// nothing \p M still declares. A part may be read again for functions
/// that a part linked after it calls; each name is sought once.
/// \p BetweenRounds runs before each round.
static Error linkNeededParts(Module &M, function_ref<void()> BetweenRounds) {
  StringSet<> Sought;
  BetweenRounds();
  for (SmallBitVector Parts = getPartsToLink(M, Sought); Parts.any();
       BetweenRounds(), Parts = getPartsToLink(M, Sought))
    for (unsigned Part : Parts.set_bits())
      if (Error E = linkPart(M, Part))
        return E;
  return Error::success();
}

PreservedAnalyses LinkBuiltinsPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  SmallVector<std::string, 16> Wanted = getFunctionsToLink(M, BI, Opts.When);
  if (Wanted.empty())
    return PreservedAnalyses::all();
  // Declarations left for the late stage are hidden from the linker, which
  // would otherwise pull in a definition for every declaration. A builtin
  // a linked one calls comes in with it, except the widenable any, which
  // only the vectorizer may answer: hidden from round to round.
  DeferredDeclarations Deferred;
  bool Early = Opts.When == Stage::Early;
  if (Early)
    hideDeferred(
        M, [&](const Function &F) { return BI.isLinkedAfterVectorization(F); },
        Deferred);
  auto HideWidenableAny = [&] {
    if (Early)
      hideDeferred(M, isWidenableAny, Deferred);
  };

  SmallPtrSet<const Function *, 32> DefinedBefore;
  for (const Function &F : M)
    if (!F.isDeclaration())
      DefinedBefore.insert(&F);

  if (Error E = linkNeededParts(M, HideWidenableAny)) {
    restoreDeferred(M, Deferred);
    M.getContext().emitError(toString(std::move(E)));
    return PreservedAnalyses::all();
  }

  restoreDeferred(M, Deferred);
  if (Early)
    keepSubGroupCallsApart(M);
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
    ++NumBuiltinsLinked;
  }
  // What the linked builtins call came in too. Internal, each goes once it
  // is inlined everywhere, instead of reaching code generation unused.
  for (Function &F : M)
    if (!F.isDeclaration() && !DefinedBefore.contains(&F))
      F.setLinkage(GlobalValue::InternalLinkage);
  // Builtins the linked ones call came in too; all use the C convention.
  setCCallingConventions(M);
  return PreservedAnalyses::none();
}

Expected<LinkBuiltinsPass::Options>
LinkBuiltinsPass::parseOptions(StringRef Params) {
  Options Opts;
  if (Params.empty() || Params == "late")
    Opts.When = Stage::Late;
  else if (Params == "early")
    Opts.When = Stage::Early;
  else
    return createStringError(inconvertibleErrorCode(),
                             "link-builtins: the stage is 'early' or 'late', "
                             "not '%s'",
                             Params.str().c_str());
  return Opts;
}

void LinkBuiltinsPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      Opts.When == Stage::Early ? "early" : "late");
}

} // namespace utils
} // namespace compiler
