//===- SPIRVCommon.h - What the SPIR-V frontend's parts share ---*- C++ -*-===//
///
/// \file
/// The header layout of a SPIR-V module, the form of the SPIR-V frontend's
/// errors, and the validator's findings as that form quotes them; shared by
/// SPIRVFrontend.cpp and SPIRVTranslatorFixups.cpp.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_SPIRVCOMMON_H
#define COMPILER_FRONTEND_SPIRVCOMMON_H

#include "spirv-tools/libspirv.hpp"

#include "compiler/support/DiagnosticError.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace compiler {

/// Magic number, version, generator, id bound, schema.
constexpr size_t SPIRVHeaderWords = 5;
constexpr size_t SPIRVVersionWord = 1;
constexpr size_t SPIRVBoundWord = 3;

/// `<file>: error: <message>`.
inline llvm::Error spirvError(llvm::StringRef FileName,
                              const llvm::Twine &Message) {
  return makeDiagnosticError(FileName, Message);
}

/// Something SPIRV-Tools' validator finds wrong with a module.
struct ValidationProblem {
  /// Where, in words from the module's start.
  size_t Word;
  std::string Message;
};

/// What the validator finds wrong with \p Words in \p Env; nothing when
/// they are valid.
inline std::vector<ValidationProblem>
findValidationProblems(const std::vector<uint32_t> &Words, spv_target_env Env) {
  spvtools::SpirvTools Tools(Env);
  std::vector<ValidationProblem> Problems;
  Tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &Position,
                               const char *Message) {
    Problems.push_back({Position.index, Message});
  });
  if (Tools.Validate(Words))
    Problems.clear();
  return Problems;
}

} // namespace compiler

#endif // COMPILER_FRONTEND_SPIRVCOMMON_H
