//===- BinaryDescriptors.h - The kernels a Loom binary holds ----*- C++ -*-===//
///
/// \file
/// Reads back the kernel descriptors (metadata/kernel_descriptor.h) that
/// AddMetadataPass put in a binary's LOOM_DESCRIPTOR_SECTION, for a host
/// that needs a kernel's arguments without loading the binary: loomc's
/// `--list-kernels`, and the OpenCL platform's kernel objects.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_BINARYDESCRIPTORS_H
#define COMPILER_PIPELINE_BINARYDESCRIPTORS_H

#include "metadata/kernel_descriptor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace compiler {

/// The descriptors of the ELF object \p Object, or why they cannot be read
/// (not an ELF object, no descriptor section, malformed descriptors).
llvm::Expected<loom::metadata::ProgramDescriptor>
readBinaryDescriptors(llvm::ArrayRef<char> Object);

} // namespace compiler

#endif // COMPILER_PIPELINE_BINARYDESCRIPTORS_H
