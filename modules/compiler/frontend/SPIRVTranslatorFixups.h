//===- SPIRVTranslatorFixups.h - SPIR-V the translator reads ----*- C++ -*-===//
///
/// \file
/// Assumes: a valid OpenCL SPIR-V module (SPIRVFrontend.h has validated it).
/// Does: fits it to what SPIRV-LLVM-Translator 15 reads without asserting.
/// A module of a newer version than 1.4, the translator's newest, is read
/// as 1.4 when it validates as one (it uses nothing newer); otherwise the
/// validator's first complaint names what it uses. `OpConstantNull` of a
/// scalar, which the translator asserts on (it takes only composites and
/// pointers), becomes the zero `OpConstant` or `OpConstantFalse`. The
/// instructions the translator asserts on or cannot read are refused,
/// named, with the word they are at: `OpCopyLogical`, `OpDecorateString`
/// and `OpMemberDecorateString` (not implemented), `OpCopyMemory` and
/// `OpCopyMemorySized` with a second memory operand (SPIR-V 1.4), and
/// `OpVectorShuffle` of two vectors of different lengths.
/// Produces: the module's words, changed as above, or an error
/// `<file>: error: ...`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_SPIRVTRANSLATORFIXUPS_H
#define COMPILER_FRONTEND_SPIRVTRANSLATORFIXUPS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace compiler {

/// \p Words fitted to the translator (see the file comment), or why not.
llvm::Expected<std::vector<uint32_t>>
fitToTranslator(std::vector<uint32_t> Words, llvm::StringRef FileName);

} // namespace compiler

#endif // COMPILER_FRONTEND_SPIRVTRANSLATORFIXUPS_H
