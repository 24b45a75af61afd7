//===- IRReader.h - LLVM IR and bitcode inputs ------------------*- C++ -*-===//
///
/// \file
/// The reader of LLVM IR and bitcode (BaseModule::loadIR). LLVM's readers
/// crash, or abort allocating gigabytes, on some malformed bitcode: the
/// parse and the verifier run in a child process (Isolation.h), and only a
/// valid module comes back. The module must also be one Loom compiles: for
/// spir64 (as Clang and SPIR-V producers emit it), x86-64 or no triple, with
/// at least one kernel unless it is to be linked with others.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_IRREADER_H
#define COMPILER_FRONTEND_IRREADER_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace compiler {

/// The module \p Buffer holds, as text or bitcode, in \p Ctx; a
/// DiagnosticError naming the buffer when it is malformed, invalid or not a
/// kernel module Loom compiles.
llvm::Expected<std::unique_ptr<llvm::Module>>
readKernelIR(llvm::LLVMContext &Ctx, llvm::MemoryBufferRef Buffer);

/// Like readKernelIR, for a module to link with others
/// (BaseModule::linkIR): it need not have a kernel.
llvm::Expected<std::unique_ptr<llvm::Module>>
readLinkableIR(llvm::LLVMContext &Ctx, llvm::MemoryBufferRef Buffer);

} // namespace compiler

#endif // COMPILER_FRONTEND_IRREADER_H
