//===- BaseModule.h - One kernel module being compiled ----------*- C++ -*-===//
///
/// \file
/// BaseModule takes a kernel program from source to binary in three steps:
/// compile (the frontend: OpenCL C through Clang, in-process), finalize (the
/// pipeline: the target's early passes, the generic fix-ups and kernel
/// metadata, then the target's late passes from the pure virtual
/// getLateTargetPasses) and createBinary (code generation into an ELF
/// relocatable object).
///
/// It is the one class a target subclasses (doc/writing-a-target.md):
/// getLateTargetPasses is the only hook it must implement; every other
/// thing a target may change is a hook here with a working default: the
/// BuiltinInfo it creates (createBuiltinInfo), its early passes, the headers
/// it ships to kernels, its code generator (createTargetMachine), and its own
/// passes by name (a static `registerPasses`, read by Target::of, so tools
/// know them without a module). The subclass inherits the constructor and
/// is registered once, under its name, with Target::of
/// (compiler/pipeline/Target.h).
///
/// Errors come back as llvm::Error whose message holds every diagnostic in
/// Clang's format (`file:line:col: error: ...`); warnings go to the
/// diagnostic handler, if one is set.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_BASEMODULE_H
#define COMPILER_PIPELINE_BASEMODULE_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
class raw_ostream;
} // namespace llvm

namespace compiler {

class BuiltinInfo;
class PassMachinery;
struct Target;
class TargetPassRegistry;

/// The specialization constants of SPIR-V module \p Binary, which a host API
/// checks before loadSPIRV (clSetProgramSpecializationConstant): each SpecId
/// with its size in bytes (1 for a boolean, as OpenCL sets one). An error,
/// naming \p FileName, for what is not a SPIR-V module.
llvm::Expected<std::map<uint32_t, uint32_t>>
getSpecConstantSizes(llvm::StringRef Binary, llvm::StringRef FileName);

class BaseModule {
public:
  /// A module of target \p T (which must outlive it), compiling in \p Ctx,
  /// which keeps value names or drops them as \p Opts say
  /// (CompileOptions::keepsValueNames).
  BaseModule(const Target &T, llvm::LLVMContext &Ctx, CompileOptions Opts);
  virtual ~BaseModule();
  BaseModule(const BaseModule &) = delete;
  BaseModule &operator=(const BaseModule &) = delete;

  /// Compiles OpenCL C \p Source (named CompileOptions::FileName) to IR.
  llvm::Error compile(llvm::StringRef Source);
  /// Takes LLVM IR, textual or bitcode, as the compiled module instead;
  /// kernels are `spir_kernel` functions, as Clang emits them. A parse error
  /// says where (`file:line:col: error: ...`); a module for another target
  /// than spir64 or x86_64, or with no kernel, is refused.
  llvm::Error loadIR(llvm::MemoryBufferRef Buffer);
  /// Takes an OpenCL SPIR-V module as the compiled module: validated with
  /// SPIRV-Tools, translated with SPIRV-LLVM-Translator, specialization
  /// constants from CompileOptions::SpecConstants.
  llvm::Error loadSPIRV(llvm::MemoryBufferRef Buffer);
  /// Links the module \p Buffer holds (LLVM bitcode or text, as
  /// createBitcode writes it; with kernels or only functions) into the
  /// compiled module, or takes it as the compiled module when there is none
  /// yet: OpenCL's clLinkProgram. A name both define is an error naming it.
  llvm::Error linkIR(llvm::MemoryBufferRef Buffer);
  /// The compiled (not finalized) module as LLVM bitcode, which linkIR
  /// takes: OpenCL's compiled objects and libraries.
  llvm::Expected<llvm::SmallVector<char, 0>> createBitcode();
  /// Runs the pipeline over the compiled module. A crash in a pass is
  /// returned as an internal compiler error naming the pass and what it ran
  /// on (compiler/support/CrashContainment.h); the module is not used again.
  llvm::Error finalize();
  /// Generates the ELF relocatable object of the finalized module.
  llvm::Expected<llvm::SmallVector<char, 0>> createBinary();
  /// Generates the assembly of the finalized module.
  llvm::Expected<llvm::SmallVector<char, 0>> createAssembly();
  /// Translates the compiled (not finalized) module to SPIR-V, as a SPIR-V
  /// producer would.
  llvm::Expected<llvm::SmallVector<char, 0>> createSPIRV();
  /// Prints the pipelines finalize runs, in `-passes=` syntax: the target's
  /// early passes, the generic front half, then the target's late passes.
  llvm::Error printPipeline(llvm::raw_ostream &OS);

  /// The module, once compiled (null before, and after a crash).
  llvm::Module *getModule() const { return Crashed ? nullptr : M.get(); }
  const CompileOptions &getOptions() const { return Opts; }

  /// Receives each warning, formatted like Clang's.
  void setWarningHandler(std::function<void(llvm::StringRef)> Handler) {
    WarningHandler = std::move(Handler);
  }

  /// The target this module compiles for.
  const Target &getTarget() const { return TheTarget; }
  /// The name the target registered under; recorded in the binary.
  llvm::StringRef getTargetName() const;

  /// The machinery pipelines run with: the code generator (whose error, if
  /// it cannot be created, is returned), the target's BuiltinInfo and its
  /// registered passes.
  llvm::Expected<std::unique_ptr<PassMachinery>> createPassMachinery();

  /// The BuiltinInfo the target's passes and the SDK's see. The default is
  /// the reference driver's (compiler/analysis/BuiltinInfo.h says what to
  /// override).
  virtual std::shared_ptr<BuiltinInfo> createBuiltinInfo() const;

  /// Headers the target ships for its kernels, which OpenCL C sources include
  /// as `#include <Path>` without any -I. None by default.
  virtual llvm::ArrayRef<TargetHeader> getTargetHeaders() const { return {}; }

  /// The code generator, created on first use (createTargetMachine).
  llvm::Expected<llvm::TargetMachine &> getTargetMachine();

  /// Adds the target's own passes and analyses to \p Passes. A static hook:
  /// a subclass declares its own `static void registerPasses(
  /// TargetPassRegistry &)`, which Target::of finds. None by default.
  static void registerPasses(TargetPassRegistry &) {}

protected:
  /// Adds the target's early passes to \p MPM; they run first, on the module
  /// as the frontend made it, before the builtins are linked and before the
  /// generic optimizations: the place to turn source-level markers into the
  /// target's own intrinsics. None by default.
  virtual void getEarlyTargetPasses(llvm::ModulePassManager &MPM,
                                    PassMachinery &Machinery);
  /// Adds the target's late passes to \p MPM; they run after the generic
  /// passes, with the kernel metadata in place.
  virtual void getLateTargetPasses(llvm::ModulePassManager &MPM,
                                   PassMachinery &Machinery) = 0;

  /// Creates the code generator. The default is the host's: x86-64, the
  /// host CPU with all its features, position-independent code, optimizing
  /// unless -cl-opt-disable. An error here reaches the user.
  virtual llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
  createTargetMachine();

private:
  void addGenericPasses(llvm::ModulePassManager &MPM, PassMachinery &Machinery);
  llvm::Expected<llvm::SmallVector<char, 0>> generateCode(bool Assembly);
  llvm::Error runPipeline(PassMachinery &Machinery,
                          llvm::ModulePassManager &MPM);
  /// An error unless there is a module \p Caller may work on.
  llvm::Error checkModuleIsUsable(llvm::StringRef Caller) const;

  const Target &TheTarget;
  llvm::LLVMContext &Ctx;
  CompileOptions Opts;
  std::unique_ptr<llvm::TargetMachine> TM;
  std::unique_ptr<llvm::Module> M;
  /// Set when a pass crashed on M, which is then in no known state.
  bool Crashed = false;
  /// The OpenCL C or C that compile() compiled, if that made M: createSPIRV
  /// compiles it again with typed pointers for the SPIR-V writer.
  std::optional<std::string> CompiledSource;
  std::function<void(llvm::StringRef)> WarningHandler;
};

} // namespace compiler

#endif // COMPILER_PIPELINE_BASEMODULE_H
