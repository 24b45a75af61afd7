//===- SPIRVTranslatorFixups.h - SPIR-V the translator reads ----*- C++ -*-===//
///
/// \file
/// Assumes: a valid OpenCL SPIR-V module (SPIRVFrontend.h has validated it).
/// Does: fits it to what SPIRV-LLVM-Translator 15 reads without asserting.
/// A module of a newer version than 1.4, the translator's newest, is read
/// as 1.4 when it validates as one (it uses nothing newer); otherwise the
/// validator's first complaint names what it uses. `OpConstantNull` of a
/// scalar, which the translator asserts on (it takes only composites and
/// pointers), becomes the zero `OpConstant` or `OpConstantFalse`. SPIR-V
/// 1.4's instructions it asserts on or cannot read are rewritten:
/// `OpCopyLogical` into extracts and constructs down to the types both
/// sides share; `UserSemantic` string decorations (notes for tools) are
/// dropped; `OpCopyMemory` becomes a load and a store, each with its own
/// memory operand, and `OpCopyMemorySized` with a target's and a source's
/// memory operand gets one for both; `OpPtrEqual`, `OpPtrNotEqual` and
/// `OpPtrDiff` compare or subtract the addresses as the module's 64-bit
/// integers (OpenCL C's sizes for the elements a difference counts). What
/// is left is refused, named, with the word it is at: other string
/// decorations, a pointer difference of structures, pointer comparisons
/// in a module without a 64-bit integer type, and `OpVectorShuffle` of two
/// vectors of different lengths.
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
