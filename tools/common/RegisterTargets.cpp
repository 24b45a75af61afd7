//===- RegisterTargets.cpp - Every target, for the tools ------------------===//
///
/// \file
/// See RegisterTargets.h. `--load=` loads its plugin while the command line
/// is parsed (as LLVM's `opt -load` does), so options the plugin registers
/// can follow it on the same command line.
///
//===----------------------------------------------------------------------===//

#include "RegisterTargets.h"

#include "compiler/pipeline/Target.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <string>

#define LOOM_TARGET(Name)                                                      \
  void loomRegisterTarget##Name(compiler::TargetRegistry &);
#include "loom/Targets.def"
#undef LOOM_TARGET

using namespace llvm;

namespace {

/// Errors from `--load=`, reported once the command line is parsed.
std::string &loadErrors() {
  static std::string Errors;
  return Errors;
}

struct TargetPluginLoader {
  void operator=(const std::string &Path) {
    if (Error E = compiler::loadTargetPlugin(Path))
      loadErrors() += toString(std::move(E)) + "\n";
  }
};

cl::opt<TargetPluginLoader, false, cl::parser<std::string>>
    LoadOption("load",
               cl::desc("Load a target plugin (a shared library made by "
                        "loom_add_target); may be repeated"),
               cl::value_desc("plugin.so"), cl::ZeroOrMore,
               cl::cat(compiler::getTargetOptionCategory()));

} // namespace

namespace loom {

void registerAllTargets() {
  compiler::TargetRegistry &Registry = compiler::TargetRegistry::get();
#define LOOM_TARGET(Name) loomRegisterTarget##Name(Registry);
#include "loom/Targets.def"
#undef LOOM_TARGET
}

Error registerTargetsAndPlugins(const char *Argv0) {
  registerAllTargets();
  // Any function of the executable locates it; this one is linked into it.
  std::string Executable = sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&registerAllTargets));
  if (Executable.empty())
    return Error::success();
  // <prefix>/bin/tool -> <prefix>/lib/loom/targets
  SmallString<256> PluginDirectory(
      sys::path::parent_path(sys::path::parent_path(Executable)));
  sys::path::append(PluginDirectory, "lib", "loom", "targets");
  return compiler::loadTargetPlugins(PluginDirectory);
}

Error takeLoadOptionErrors() {
  std::string Errors = std::move(loadErrors());
  loadErrors().clear();
  if (Errors.empty())
    return Error::success();
  Errors.pop_back();
  return createStringError(inconvertibleErrorCode(), Errors);
}

} // namespace loom
