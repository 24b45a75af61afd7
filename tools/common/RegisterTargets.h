//===- RegisterTargets.h - Every target, for the tools ---------*- C++ -*-===//
///
/// \file
/// Registers the targets the tools know in compiler::TargetRegistry: every
/// target built with Loom (one per directory of targets/, listed by CMake in
/// loom/Targets.def), the target plugins of the SDK's plugin directories
/// (`<prefix>/lib/loom/targets`, found from the tool's own path, and the
/// directories of `LOOM_TARGET_PATH`), and those named with `--load=`.
///
//===----------------------------------------------------------------------===//

#ifndef TOOLS_COMMON_REGISTERTARGETS_H
#define TOOLS_COMMON_REGISTERTARGETS_H

#include "llvm/Support/Error.h"

namespace loom {

/// Registers the targets built with Loom.
void registerAllTargets();

/// Registers the built-in targets, then loads the plugins of the plugin
/// directories; \p Argv0 helps locate the tool's installation. Call before
/// parsing the command line, so plugins' options are known.
llvm::Error registerTargetsAndPlugins(const char *Argv0);

/// What went wrong loading the plugins `--load=` named, if anything. Call
/// after parsing the command line.
llvm::Error takeLoadOptionErrors();

} // namespace loom

#endif // TOOLS_COMMON_REGISTERTARGETS_H
