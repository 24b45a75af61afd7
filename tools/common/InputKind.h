//===- InputKind.h - What a tool's input file holds ------------*- C++ -*-===//
///
/// \file
/// The tools take kernels as OpenCL C, plain C, SPIR-V or LLVM IR (text or
/// bitcode). What a file holds is read from its contents where they say it
/// (SPIR-V's magic number, either byte order; bitcode's magic, raw or in
/// its wrapper), whatever the file is called; anything else by its name:
/// `.c` plain C, `.spv` SPIR-V and `.ll`/`.bc` LLVM IR (whose readers then
/// say what is wrong with it), else OpenCL C. Binary data taken as source
/// (an object file called `.cl`) gets one clear error instead of the
/// frontend's diagnostics for every byte.
///
//===----------------------------------------------------------------------===//

#ifndef TOOLS_COMMON_INPUTKIND_H
#define TOOLS_COMMON_INPUTKIND_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>

namespace compiler {
class BaseModule;
} // namespace compiler

namespace loom {

enum class InputKind { OpenCLC, C, SPIRV, IR };

/// The kind `-x` names (cl, c, spirv, ir or bc), if it names one.
std::optional<InputKind> parseInputKind(llvm::StringRef Name);

/// What \p Input holds (see the file comment), or \p Forced if given; an
/// error naming the file when source is asked for or assumed and the file
/// holds binary data.
llvm::Expected<InputKind>
identifyInput(llvm::MemoryBufferRef Input,
              std::optional<InputKind> Forced = std::nullopt);

/// Loads \p Input into \p Module as \p Kind says: compiles source, or
/// translates SPIR-V, or reads IR.
llvm::Error loadInput(compiler::BaseModule &Module, llvm::MemoryBufferRef Input,
                      InputKind Kind);

} // namespace loom

#endif // TOOLS_COMMON_INPUTKIND_H
