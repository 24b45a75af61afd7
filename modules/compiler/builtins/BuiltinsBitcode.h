//===- BuiltinsBitcode.h - The embedded builtins library --------*- C++ -*-===//
///
/// \file
/// Loom's OpenCL C builtins library (modules/compiler/builtins), built with
/// Loom and embedded in the compiler by CMake as the parts the build
/// compiles, with an index of what each defines (embed_library.py). A
/// compile reads only the parts it needs: reading a module, even lazily,
/// creates every function it declares, and the library has over 11,000.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_BUILTINS_BUILTINSBITCODE_H
#define COMPILER_BUILTINS_BUILTINSBITCODE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace compiler {

/// One module of the library, as the build compiled it ("math_float",
/// "conversions"...).
struct BuiltinsPart {
  llvm::StringRef Name;
  llvm::StringRef Bitcode;
};

/// An external function or variable that part number Part defines.
struct BuiltinsIndexEntry {
  const char *Name;
  unsigned char Part;
};

/// The parts (generated).
llvm::ArrayRef<BuiltinsPart> getBuiltinsParts();
/// What the parts define, sorted by name (generated).
llvm::ArrayRef<BuiltinsIndexEntry> getBuiltinsIndex();

/// The number of the part that defines \p Name, if one does
/// (BuiltinsLibrary.cpp).
std::optional<unsigned> findBuiltinsPart(llvm::StringRef Name);
/// Whether the library defines a function or variable named \p Name.
inline bool isDefinedByBuiltinsLibrary(llvm::StringRef Name) {
  return findBuiltinsPart(Name).has_value();
}

} // namespace compiler

#endif // COMPILER_BUILTINS_BUILTINSBITCODE_H
