//===- AddMetadataPass.h - Kernel descriptors into the binary ---*- C++ -*-===//
///
/// \file
/// Assumes: AddKernelWrapperPass has run: each entry point has the kernel
/// ABI of metadata/abi.h and names its packed-argument struct.
/// Does: builds a kernel descriptor per entry point (name, entry symbol,
/// each argument's kind (an image or a sampler by the source's base type,
/// with an image's type and access qualifier), address space, size,
/// alignment and offset, work-group
/// size attributes, local memory, vectorization width, and the stack a
/// work-group needs: the private memory of the entry point and the
/// functions it calls, plus the live state work-item-loops recorded) plus
/// the target name and CPU and the bytes the module's variables in the
/// global address space take, and serializes them with
/// metadata/kernel_descriptor.h.
/// Produces: the constant `@loom.kernel_descriptors` in section
/// LOOM_DESCRIPTOR_SECTION, kept alive through `@llvm.used`. Pipeline name:
/// `add-metadata<target=NAME>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_ADDMETADATAPASS_H
#define COMPILER_PASSES_WORKGROUP_ADDMETADATAPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>

namespace compiler {
namespace utils {

class AddMetadataPass : public llvm::PassInfoMixin<AddMetadataPass> {
public:
  struct Options {
    std::string TargetName = "unknown";
    /// The CPU and features the code is generated for, so the driver can
    /// refuse a binary its machine cannot run.
    std::string CPUName;
    std::string CPUFeatures;
  };
  AddMetadataPass() = default;
  explicit AddMetadataPass(Options Opts) : Opts(std::move(Opts)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);

  /// The options `<...>` of the pass's pipeline name give (PassRegistry.def).
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_ADDMETADATAPASS_H
