//===- @CLASS@BuiltinInfo.h - How @NAME@ lowers work-item builtins -*- C++ -*-===//
///
/// \file
/// The @NAME@ target keeps each work-item's local ids as three 32-bit
/// integers (a work-group never has 2^32 work-items in one dimension) instead
/// of the reference's 64-bit ones: its work-item info is
/// `%@CLASS@WorkItemInfo = type { [3 x i32] }`, and get_local_id /
/// set_local_id read and write it. The work-item info is made by the kernel
/// wrapper, not passed by the driver, so binaries still run on the reference
/// driver. Everything else is the reference lowering.
///
/// Other BuiltinInfo hooks a target may override
/// (compiler/analysis/BuiltinInfo.h): getSchedulingParameters,
/// requiresSchedulingParameters, initializeSchedulingParameter,
/// getWorkGroupInfoLayout, emitLoadNumGroups, emitStartWorkGroup,
/// defineMuxBuiltin for any mux builtin, mustLinkAfterVectorization and
/// isDriverRuntimeFunction.
///
//===----------------------------------------------------------------------===//

#ifndef @UPPER@_@UPPER@BUILTININFO_H
#define @UPPER@_@UPPER@BUILTININFO_H

#include "compiler/analysis/BuiltinInfo.h"

namespace @NAME@ {

class @CLASS@BuiltinInfo : public compiler::BuiltinInfo {
public:
  llvm::SmallVector<compiler::SchedulingParameter, 2>
  getSchedulingParameters(llvm::Module &M) const override;
  void defineMuxBuiltin(compiler::MuxBuiltin B,
                        llvm::Function &F) const override;
};

} // namespace @NAME@

#endif // @UPPER@_@UPPER@BUILTININFO_H
