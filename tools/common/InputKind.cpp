//===- InputKind.cpp - What a tool's input file holds ---------------------===//
///
/// \file
/// See InputKind.h.
///
//===----------------------------------------------------------------------===//

#include "InputKind.h"

#include "compiler/pipeline/BaseModule.h"

#include "spirv/unified1/spirv.hpp"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace loom {

namespace {

bool isSPIRV(StringRef Bytes) {
  if (Bytes.size() < 4)
    return false;
  return support::endian::read32le(Bytes.data()) == spv::MagicNumber ||
         support::endian::read32be(Bytes.data()) == spv::MagicNumber;
}

/// What binary data \p Bytes look like, for the error.
StringRef describeBinary(StringRef Bytes) {
  switch (identify_magic(Bytes)) {
  case file_magic::elf:
  case file_magic::elf_relocatable:
  case file_magic::elf_executable:
  case file_magic::elf_shared_object:
  case file_magic::elf_core:
    return "an ELF file";
  case file_magic::archive:
    return "an archive";
  default:
    return "binary data";
  }
}

} // namespace

std::optional<InputKind> parseInputKind(StringRef Name) {
  return StringSwitch<std::optional<InputKind>>(Name)
      .Case("cl", InputKind::OpenCLC)
      .Case("c", InputKind::C)
      .Case("spirv", InputKind::SPIRV)
      .Cases("ir", "bc", InputKind::IR)
      .Default(std::nullopt);
}

Expected<InputKind> identifyInput(MemoryBufferRef Input,
                                  std::optional<InputKind> Forced) {
  StringRef Bytes = Input.getBuffer();
  InputKind Kind;
  if (Forced)
    Kind = *Forced;
  else if (isSPIRV(Bytes))
    Kind = InputKind::SPIRV;
  else if (identify_magic(Bytes) == file_magic::bitcode)
    Kind = InputKind::IR;
  else
    Kind = StringSwitch<InputKind>(
               sys::path::extension(Input.getBufferIdentifier()))
               .Case(".c", InputKind::C)
               .Case(".spv", InputKind::SPIRV)
               .Cases(".ll", ".bc", InputKind::IR)
               .Default(InputKind::OpenCLC);
  bool IsSource = Kind == InputKind::OpenCLC || Kind == InputKind::C;
  // Text has no NUL byte; binary data almost always has one.
  if (IsSource && Bytes.contains('\0'))
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: not %s source: the file holds %s",
                             Input.getBufferIdentifier().str().c_str(),
                             Kind == InputKind::C ? "C" : "OpenCL C",
                             describeBinary(Bytes).str().c_str());
  return Kind;
}

Error loadInput(compiler::BaseModule &Module, MemoryBufferRef Input,
                InputKind Kind) {
  switch (Kind) {
  case InputKind::SPIRV:
    return Module.loadSPIRV(Input);
  case InputKind::IR:
    return Module.loadIR(Input);
  case InputKind::OpenCLC:
  case InputKind::C:
    return Module.compile(Input.getBuffer());
  }
  llvm_unreachable("every input kind is handled");
}

} // namespace loom
