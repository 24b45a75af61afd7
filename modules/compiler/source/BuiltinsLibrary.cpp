//===- BuiltinsLibrary.cpp - What the builtins library defines ------------===//
///
/// \file
/// See BuiltinsBitcode.h.
///
//===----------------------------------------------------------------------===//

#include "BuiltinsBitcode.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace compiler {

/// Read once per process, lazily: only the symbol table, no function body.
static const StringSet<> &getLibraryFunctionNames() {
  static const StringSet<> Names = [] {
    StringSet<> Defined;
    LLVMContext Ctx;
    MemoryBufferRef Buffer(getBuiltinsBitcode(), "loom-builtins.bc");
    Expected<std::unique_ptr<Module>> Library =
        getLazyBitcodeModule(Buffer, Ctx);
    // The library is built with Loom and embedded; LinkBuiltinsPass reports
    // a library it cannot read, where the user hears of it.
    if (!Library) {
      consumeError(Library.takeError());
      return Defined;
    }
    for (const Function &F : **Library)
      if (!F.isDeclaration())
        Defined.insert(F.getName());
    return Defined;
  }();
  return Names;
}

bool isDefinedByBuiltinsLibrary(StringRef Name) {
  return getLibraryFunctionNames().contains(Name);
}

} // namespace compiler
