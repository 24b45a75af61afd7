//===- RegisterTargets.cpp - Every target, for the tools ------------------===//
///
/// \file
/// See RegisterTargets.h.
///
//===----------------------------------------------------------------------===//

#include "RegisterTargets.h"

#include "compiler/Target.h"

#define LOOM_TARGET(Name) void loomRegisterTarget##Name(compiler::TargetRegistry &);
#include "loom/Targets.def"
#undef LOOM_TARGET

namespace loom {

void registerAllTargets() {
  compiler::TargetRegistry &Registry = compiler::TargetRegistry::get();
#define LOOM_TARGET(Name) loomRegisterTarget##Name(Registry);
#include "loom/Targets.def"
#undef LOOM_TARGET
}

} // namespace loom
