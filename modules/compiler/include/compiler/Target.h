//===- compiler/Target.h - The registry of Loom targets --------*- C++ -*-===//
///
/// \file
/// Tools find targets by name here (`--target=csa`). A target registers a
/// factory for its BaseModule subclass from its registration function
/// `loomRegisterTarget<name>(TargetRegistry &)`, which the tools call for
/// every directory under targets/ (CMake generates the list), so adding a
/// target edits neither the SDK nor the tools.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_TARGET_H
#define COMPILER_TARGET_H

#include "compiler/CompileOptions.h"

#include "llvm/ADT/StringRef.h"

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

struct Target {
  using Factory = std::function<std::unique_ptr<BaseModule>(
      llvm::LLVMContext &, const CompileOptions &)>;
  std::string Name;
  std::string Description;
  Factory Create;
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
  const Target *find(llvm::StringRef Name) const;
  const std::vector<Target> &targets() const { return Targets; }

private:
  std::vector<Target> Targets;
};

} // namespace compiler

#endif // COMPILER_TARGET_H
