//===- Target.cpp - The registry of Loom targets --------------------------===//
///
/// \file
/// See compiler/pipeline/Target.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/Target.h"

#include "compiler/pipeline/BaseModule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <algorithm>

using namespace llvm;

namespace compiler {

cl::OptionCategory &getTargetOptionCategory() {
  static cl::OptionCategory Category("Target options");
  return Category;
}

std::unique_ptr<BaseModule>
Target::createModule(LLVMContext &Ctx, const CompileOptions &Opts) const {
  return Create(*this, Ctx, Opts);
}

TargetRegistry &TargetRegistry::get() {
  // Never destroyed: the factories of plugin targets are code in libraries
  // that LLVM closes during static destruction, perhaps before this.
  static TargetRegistry *Registry = new TargetRegistry();
  return *Registry;
}

void TargetRegistry::add(Target T) {
  auto Existing = find_if(Targets, [&](const std::unique_ptr<Target> &Other) {
    return Other->Name == T.Name;
  });
  if (Existing != Targets.end())
    **Existing = std::move(T);
  else
    Targets.push_back(std::make_unique<Target>(std::move(T)));
}

const Target *TargetRegistry::find(StringRef Name) const {
  auto It = find_if(Targets, [&](const std::unique_ptr<Target> &T) {
    return T->Name == Name;
  });
  return It == Targets.end() ? nullptr : It->get();
}

std::vector<const Target *> TargetRegistry::targets() const {
  std::vector<const Target *> All;
  for (const std::unique_ptr<Target> &T : Targets)
    All.push_back(T.get());
  return All;
}

Error loadTargetPlugin(StringRef Path) {
  std::string Problem;
  sys::DynamicLibrary Library =
      sys::DynamicLibrary::getPermanentLibrary(Path.str().c_str(), &Problem);
  if (!Library.isValid())
    return createStringError(inconvertibleErrorCode(),
                             "cannot load target plugin '%s': %s",
                             Path.str().c_str(), Problem.c_str());
  auto Entry = reinterpret_cast<TargetPluginEntry>(
      Library.getAddressOfSymbol(TargetPluginEntryName));
  if (!Entry)
    return createStringError(
        inconvertibleErrorCode(),
        "'%s' is not a Loom target plugin: it exports no "
        "%s (see LOOM_TARGET_PLUGIN in compiler/pipeline/Target.h)",
        Path.str().c_str(), TargetPluginEntryName);
  Entry(TargetRegistry::get());
  return Error::success();
}

/// Loads the plugins of \p Directory in name order; none if it is missing.
static Error loadPluginDirectory(StringRef Directory) {
  std::error_code EC;
  std::vector<std::string> Plugins;
  for (sys::fs::directory_iterator It(Directory, EC), End; !EC && It != End;
       It.increment(EC))
    if (sys::path::extension(It->path()) == ".so")
      Plugins.push_back(It->path());
  if (EC && EC != std::errc::no_such_file_or_directory)
    return createStringError(EC, "cannot read target plugin directory '%s'",
                             Directory.str().c_str());
  llvm::sort(Plugins);
  for (const std::string &Plugin : Plugins)
    if (Error E = loadTargetPlugin(Plugin))
      return E;
  return Error::success();
}

Error loadTargetPlugins(StringRef Directory) {
  SmallVector<std::string, 4> Directories = {Directory.str()};
  if (Optional<std::string> Path = sys::Process::GetEnv("LOOM_TARGET_PATH")) {
    SmallVector<StringRef, 4> Listed;
    StringRef(*Path).split(Listed, ':', -1, /*KeepEmpty=*/false);
    for (StringRef Entry : Listed)
      Directories.push_back(Entry.str());
  }
  for (const std::string &Entry : Directories)
    if (Error E = loadPluginDirectory(Entry))
      return E;
  return Error::success();
}

} // namespace compiler
