//===- frontend/SPIRVFrontend.h - SPIR-V to LLVM IR -------------*- C++ -*-===//
///
/// \file
/// Reads an OpenCL SPIR-V module: checks its shape (whole words, magic
/// number), validates it with SPIRV-Tools (passing the validator's message
/// on), refuses modules that are not OpenCL kernels (Vulkan shaders), fits
/// it to what the translator reads or refuses what it cannot
/// (SPIRVTranslatorFixups.h), then translates it with
/// SPIRV-LLVM-Translator, specialization constants set,
/// in a child process (fork): the translator of LLVM 15 aborts on
/// constructs it does not implement, which must not take the caller down,
/// and needs typed pointers, which the child's context has; the module
/// comes back as bitcode, read into the caller's opaque pointers. A child
/// that aborts or crashes gives an error naming the failed assertion.
/// The result has the forms Clang emits (spir_kernel, mangled builtin
/// calls), so the rest of the pipeline treats it like compiled OpenCL C.
/// The writer (writeSPIRVModule) runs in a child process the same way.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_SPIRVFRONTEND_H
#define COMPILER_FRONTEND_SPIRVFRONTEND_H

#include "frontend/Isolation.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace compiler {

llvm::Expected<std::unique_ptr<llvm::Module>>
translateSPIRV(llvm::LLVMContext &Ctx, llvm::StringRef Binary,
               llvm::StringRef FileName,
               const std::map<uint32_t, uint64_t> &SpecConstants);

/// The specialization constants of SPIR-V module \p Binary: each SpecId
/// with its size in bytes (1 for a boolean). An error, naming \p FileName,
/// for what is not a SPIR-V module.
llvm::Expected<std::map<uint32_t, uint32_t>>
readSpecConstantSizes(llvm::StringRef Binary, llvm::StringRef FileName);

/// Translates \p M (as a frontend produced it) to SPIR-V words, in a child
/// process like the reader. The translator of LLVM 15 needs typed pointers
/// for much of what kernels do (pointer arguments of builtins, printf), so
/// \p Remake, when given, makes the module again in the child's context,
/// which has typed pointers (the OpenCL C frontend compiling the source
/// again); else \p M is translated as it is. A module the translator
/// refuses or aborts on gives an error.
llvm::Expected<std::string> writeSPIRVModule(llvm::Module &M,
                                             ModuleFactory Remake);

} // namespace compiler

#endif // COMPILER_FRONTEND_SPIRVFRONTEND_H
