//===- compiler/CompileOptions.h - Options of one compilation --*- C++ -*-===//
///
/// \file
/// What a user can say about one compilation: the OpenCL build options
/// (`-cl-std=`, `-D`, `-I`, `-cl-opt-disable`) and how diagnostics look.
/// parseBuildOptions turns a build-options string, as given to
/// clBuildProgram or in a kernel case, into CompileOptions and rejects an
/// option it does not know.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_COMPILEOPTIONS_H
#define COMPILER_COMPILEOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace compiler {

struct CompileOptions {
  /// The name diagnostics give the kernel source.
  std::string FileName = "kernel.cl";
  /// The OpenCL C version, as `-cl-std=` spells it: CL1.2 or CL3.0.
  std::string Standard = "CL1.2";
  /// `-D` macros, each `NAME` or `NAME=VALUE`.
  std::vector<std::string> Defines;
  /// `-I` directories.
  std::vector<std::string> IncludeDirs;
  /// `-cl-opt-disable`: no optimization.
  bool OptDisable = false;
  /// Colour in diagnostics (for a terminal).
  bool ColorDiagnostics = false;
  /// SPIR-V specialization constants: id to value.
  std::map<uint32_t, uint64_t> SpecConstants;

  /// Adds the options in \p BuildOptions (separated by spaces; `-D X` and
  /// `-DX` both accepted) to these.
  llvm::Error parseBuildOptions(llvm::StringRef BuildOptions);
};

} // namespace compiler

#endif // COMPILER_COMPILEOPTIONS_H
