//===- BuiltinsBitcode.h - The embedded builtins library --------*- C++ -*-===//
///
/// \file
/// The bitcode of Loom's OpenCL C builtins library (modules/compiler/builtins),
/// built with Loom and embedded in the compiler by CMake.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SOURCE_BUILTINSBITCODE_H
#define COMPILER_SOURCE_BUILTINSBITCODE_H

#include "llvm/ADT/StringRef.h"

namespace compiler {
llvm::StringRef getBuiltinsBitcode();
/// Whether the library defines a function named \p Name
/// (BuiltinsLibrary.cpp).
bool isDefinedByBuiltinsLibrary(llvm::StringRef Name);
} // namespace compiler

#endif // COMPILER_SOURCE_BUILTINSBITCODE_H
