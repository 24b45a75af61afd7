//===- RegisterTargets.h - Every target, for the tools ---------*- C++ -*-===//
///
/// \file
/// Registers every target built with Loom (one per directory of targets/,
/// listed by CMake in loom/Targets.def) in compiler::TargetRegistry.
///
//===----------------------------------------------------------------------===//

#ifndef TOOLS_COMMON_REGISTERTARGETS_H
#define TOOLS_COMMON_REGISTERTARGETS_H

namespace loom {
void registerAllTargets();
} // namespace loom

#endif // TOOLS_COMMON_REGISTERTARGETS_H
