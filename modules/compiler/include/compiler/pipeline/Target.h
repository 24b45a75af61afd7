//===- Target.h - The registry of Loom targets ------------------*- C++ -*-===//
///
/// \file
/// Tools find targets by name here (`--target=csa`). A target is one
/// BaseModule subclass, registered once under its name with
/// `Target::of<Module>(Name, Description)`; the name is written there only
/// (BaseModule::getTargetName reads it back). The registration also carries
/// the target's passes (the subclass's static `registerPasses`), so tools
/// list and parse them without creating a module or a code generator.
///
/// Targets built with Loom register from `loomRegisterTarget<dir>`, which
/// the tools call for every directory under targets/ (CMake generates the
/// list), so adding a target edits neither the SDK nor the tools. Targets
/// built outside Loom are shared libraries the tools load at run time
/// (loadTargetPlugin): each exports `loomRegisterTargets` (LOOM_TARGET_PLUGIN).
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_TARGET_H
#define COMPILER_PIPELINE_TARGET_H

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
namespace cl {
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace compiler {

class BaseModule;
class TargetPassRegistry;

struct Target {
  using Factory = std::function<std::unique_ptr<BaseModule>(
      const Target &, llvm::LLVMContext &, const CompileOptions &)>;
  using PassRegistration = void (*)(TargetPassRegistry &);

  std::string Name;
  std::string Description;
  Factory Create;
  /// Adds the target's own passes and analyses; none when null.
  PassRegistration RegisterPasses = nullptr;

  /// A module of this target, ready to compile a program.
  std::unique_ptr<BaseModule> createModule(llvm::LLVMContext &Ctx,
                                           const CompileOptions &Opts) const;

  /// The registration of BaseModule subclass \p ModuleT as \p Name: modules
  /// come from its constructor `ModuleT(const Target &, LLVMContext &,
  /// CompileOptions)` (BaseModule's, inherited), passes from
  /// `ModuleT::registerPasses` (BaseModule's registers none; a subclass
  /// declares its own to add some).
  template <class ModuleT>
  static Target of(llvm::StringRef Name, llvm::StringRef Description) {
    return {Name.str(), Description.str(),
            [](const Target &T, llvm::LLVMContext &Ctx,
               const CompileOptions &Opts) -> std::unique_ptr<BaseModule> {
              return std::make_unique<ModuleT>(T, Ctx, Opts);
            },
            &ModuleT::registerPasses};
  }
};

/// The category a target's command-line options belong to, so that the tools
/// show them in --help next to their own
/// (`cl::cat(getTargetOptionCategory())`).
llvm::cl::OptionCategory &getTargetOptionCategory();

class TargetRegistry {
public:
  static TargetRegistry &get();

  /// Adds \p T; a second target with the same name replaces the first.
  void add(Target T);
  /// The target named \p Name, or null.
  const Target *find(llvm::StringRef Name) const;
  /// Every target, in the order they were added.
  std::vector<const Target *> targets() const;

private:
  /// Targets stay where they are: modules keep a reference to theirs.
  std::vector<std::unique_ptr<Target>> Targets;
};

/// The function a target plugin exports, with C linkage, to register its
/// targets.
using TargetPluginEntry = void (*)(TargetRegistry &);
constexpr const char *TargetPluginEntryName = "loomRegisterTargets";

/// Loads the target plugin at \p Path (a shared library built against the
/// installed SDK, see doc/sdk.md) and lets it register its targets. An error
/// says why the library could not be loaded or that it exports no
/// `loomRegisterTargets`.
llvm::Error loadTargetPlugin(llvm::StringRef Path);

/// Loads every `*.so` in the plugin directories: \p Directory (the installed
/// SDK's `lib/loom/targets`) and those listed in the environment variable
/// `LOOM_TARGET_PATH` (colon-separated). A missing directory is no error.
llvm::Error loadTargetPlugins(llvm::StringRef Directory);

} // namespace compiler

/// Declares the entry point of a target plugin; define it in one source of
/// the plugin: `LOOM_TARGET_PLUGIN(Registry) { Registry.add(...); }`.
#define LOOM_TARGET_PLUGIN(RegistryName)                                       \
  extern "C" __attribute__((visibility("default"))) void loomRegisterTargets(  \
      compiler::TargetRegistry &RegistryName)

#endif // COMPILER_PIPELINE_TARGET_H
