//===- Target.cpp - The registry of Loom targets --------------------------===//
///
/// \file
/// See compiler/Target.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"

namespace compiler {

llvm::cl::OptionCategory &getTargetOptionCategory() {
  static llvm::cl::OptionCategory Category("Target options");
  return Category;
}

TargetRegistry &TargetRegistry::get() {
  static TargetRegistry Registry;
  return Registry;
}

void TargetRegistry::add(Target T) {
  auto Existing = llvm::find_if(
      Targets, [&](const Target &Other) { return Other.Name == T.Name; });
  if (Existing != Targets.end())
    *Existing = std::move(T);
  else
    Targets.push_back(std::move(T));
}

const Target *TargetRegistry::find(llvm::StringRef Name) const {
  auto It =
      llvm::find_if(Targets, [&](const Target &T) { return T.Name == Name; });
  return It == Targets.end() ? nullptr : &*It;
}

} // namespace compiler
