//===- BinaryDescriptors.cpp - The kernels a Loom binary holds ------------===//
///
/// \file
/// See compiler/pipeline/BinaryDescriptors.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BinaryDescriptors.h"

#include "compiler/support/ForkGate.h"
#include "metadata/abi.h"

#include "llvm/Object/ObjectFile.h"

using namespace llvm;

namespace compiler {

Expected<loom::metadata::ProgramDescriptor>
readBinaryDescriptors(ArrayRef<char> Object) {
  utils::InProcessCompile Section;
  MemoryBufferRef Buffer(StringRef(Object.data(), Object.size()), "object");
  Expected<std::unique_ptr<object::ObjectFile>> File =
      object::ObjectFile::createObjectFile(Buffer);
  if (!File)
    return File.takeError();
  for (const object::SectionRef &Section : (*File)->sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name || *Name != LOOM_DESCRIPTOR_SECTION)
      continue;
    Expected<StringRef> Contents = Section.getContents();
    if (!Contents)
      return Contents.takeError();
    auto Program = loom::metadata::readProgramDescriptor(Contents->data(),
                                                         Contents->size());
    if (!Program)
      return createStringError(inconvertibleErrorCode(), Program.error());
    return std::move(*Program);
  }
  return createStringError(inconvertibleErrorCode(),
                           "the binary has no " LOOM_DESCRIPTOR_SECTION
                           " section");
}

} // namespace compiler
