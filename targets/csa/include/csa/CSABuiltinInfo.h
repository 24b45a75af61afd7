//===- csa/CSABuiltinInfo.h - CSA's work-item state -------------*- C++ -*-===//
///
/// \file
/// The CSA target's BuiltinInfo (CSA-20). It keeps the reference work-item
/// info but takes its own work-group info, loom_csa_work_group_info_t of
/// metadata/abi.h (`%CSAWorkGroupInfo` in IR), which the driver fills for
/// binaries whose kernel descriptors name the CSA layout: the entry point
/// stores each group's first global id next to its group id, so
/// get_global_id is that base plus the local id, one add where the
/// reference lowering needs a multiply and two adds per query. The work-
/// group builtins read their fields at the CSA offsets; everything else is
/// the default.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSABUILTININFO_H
#define CSA_CSABUILTININFO_H

#include "compiler/analysis/BuiltinInfo.h"

namespace csa {

class CSABuiltinInfo : public compiler::BuiltinInfo {
public:
  /// `%CSAWorkGroupInfo`, the IR twin of loom_csa_work_group_info_t.
  static llvm::StructType *getWorkGroupInfoType(llvm::LLVMContext &Ctx);

  uint32_t getWorkGroupInfoLayout() const override;
  llvm::SmallVector<compiler::SchedulingParameter, 2>
  getSchedulingParameters(llvm::Module &M) const override;
  llvm::Value *emitLoadNumGroups(llvm::IRBuilder<> &Builder,
                                 llvm::Value *WorkGroupInfo,
                                 unsigned Dim) const override;
  void
  emitStartWorkGroup(llvm::IRBuilder<> &Builder, llvm::Value *WorkGroupInfo,
                     llvm::ArrayRef<llvm::Value *> GroupIds) const override;
  void defineMuxBuiltin(compiler::MuxBuiltin B,
                        llvm::Function &F) const override;
};

} // namespace csa

#endif // CSA_CSABUILTININFO_H
