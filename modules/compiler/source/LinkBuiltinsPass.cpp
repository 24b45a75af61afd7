//===- LinkBuiltinsPass.cpp - The builtins library ------------------------===//
///
/// \file
/// See compiler/utils/LinkBuiltinsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/LinkBuiltinsPass.h"

#include "BuiltinsBitcode.h"
#include "compiler/utils/FixupCallingConventionsPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

#define DEBUG_TYPE "link-builtins"

using namespace llvm;

STATISTIC(NumBuiltinsLinked, "Number of builtins linked from the library");

namespace compiler {
namespace utils {

/// The functions \p M calls but does not define, by name.
static SmallVector<std::string, 16> getUndefinedFunctions(const Module &M) {
  SmallVector<std::string, 16> Names;
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty())
      Names.push_back(F.getName().str());
  return Names;
}

PreservedAnalyses LinkBuiltinsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<std::string, 16> Wanted = getUndefinedFunctions(M);
  if (Wanted.empty())
    return PreservedAnalyses::all();

  MemoryBufferRef Buffer(getBuiltinsBitcode(), "loom-builtins.bc");
  Expected<std::unique_ptr<Module>> Library =
      getLazyBitcodeModule(Buffer, M.getContext());
  if (!Library) {
    M.getContext().emitError("cannot read the builtins library: " +
                             toString(Library.takeError()));
    return PreservedAnalyses::all();
  }
  (*Library)->setTargetTriple(M.getTargetTriple());
  (*Library)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*Library), Linker::Flags::LinkOnlyNeeded)) {
    M.getContext().emitError("cannot link the builtins library");
    return PreservedAnalyses::all();
  }

  for (const std::string &Name : Wanted) {
    Function *F = M.getFunction(Name);
    if (!F || F->isDeclaration())
      continue;
    F->setLinkage(GlobalValue::InternalLinkage);
    ++NumBuiltinsLinked;
  }
  // Builtins the linked ones call came in too; all use the C convention.
  setCCallingConventions(M);
  return PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
