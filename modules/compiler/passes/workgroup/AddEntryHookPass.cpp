//===- AddEntryHookPass.cpp - Slices of work-groups -----------------------===//
///
/// \file
/// See compiler/passes/workgroup/AddEntryHookPass.h. The hook, in pseudo C,
/// where BuiltinInfo emits start_work_group and the loads of the group counts
/// for the target's work-group info layout:
///
///   void K.mux-entry-hook(args, wg, first, end) {
///     g = first;
///     do {
///       start_work_group(wg, {g % nx, g / nx % ny, g / (nx * ny)});
///       K.mux-kernel-wrapper(args, wg);
///     } while (++g < end);
///   }
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/AddEntryHookPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "metadata/abi.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "add-entry-hook"

using namespace llvm;

STATISTIC(NumHooksAdded, "Number of entry hooks added");

namespace compiler {
namespace utils {

namespace {

Function *createEntryHook(Function &Wrapper, const BuiltinInfo &BI) {
  LLVMContext &Ctx = Wrapper.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *I64 = Type::getInt64Ty(Ctx);
  auto *Ty =
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64, I64}, false);
  Function *Hook = Function::Create(Ty, GlobalValue::ExternalLinkage,
                                    getOrigFnName(Wrapper) + ".mux-entry-hook",
                                    Wrapper.getParent());
  Hook->addFnAttr(Attribute::NoUnwind);
  Argument *Args = Hook->getArg(0), *Info = Hook->getArg(1);
  Args->setName("packed.args");
  Info->setName("wg");
  Hook->getArg(2)->setName("first");
  Hook->getArg(3)->setName("end");
  Args->addAttr(Attribute::NoAlias);
  Info->addAttr(Attribute::NoAlias);

  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Hook));
  Value *NX = BI.emitLoadNumGroups(B, Info, 0);
  Value *NY = BI.emitLoadNumGroups(B, Info, 1);
  Value *NXY = B.CreateMul(NX, NY, "groups.xy");
  BasicBlock *Loop = BasicBlock::Create(Ctx, "group", Hook);
  BasicBlock *Entry = B.GetInsertBlock();
  B.CreateBr(Loop);

  B.SetInsertPoint(Loop);
  PHINode *Group = B.CreatePHI(I64, 2, "group.linear");
  Group->addIncoming(Hook->getArg(2), Entry);
  Value *Ids[3];
  Ids[0] = B.CreateURem(Group, NX, "group.id.x");
  Ids[1] = B.CreateUDiv(B.CreateURem(Group, NXY), NX, "group.id.y");
  Ids[2] = B.CreateUDiv(Group, NXY, "group.id.z");
  BI.emitStartWorkGroup(B, Info, Ids);
  B.CreateCall(&Wrapper, {Args, Info})
      ->setCallingConv(Wrapper.getCallingConv());
  Value *Next =
      B.CreateAdd(Group, B.getInt64(1), "group.next", /*HasNUW=*/true);
  Group->addIncoming(Next, Loop);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", Hook);
  B.CreateCondBr(B.CreateICmpULT(Next, Hook->getArg(3), "group.more"), Loop,
                 Exit);
  B.SetInsertPoint(Exit);
  B.CreateRetVoid();
  return Hook;
}

} // namespace

PreservedAnalyses AddEntryHookPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = false;
  for (Function *Wrapper : getKernelEntryPoints(M)) {
    if (Wrapper->arg_size() != 2) {
      M.getContext().diagnose(DiagnosticInfoUnsupported(
          *Wrapper, "kernel '" + getOrigFnName(*Wrapper) +
                        "' has no kernel wrapper taking the work-group info: "
                        "run add-kernel-wrapper before add-entry-hook"));
      continue;
    }
    Function *Hook = createEntryHook(*Wrapper, BI);
    setPackedArgsTypeName(*Hook, getPackedArgsTypeName(*Wrapper));
    replaceKernelEntryPoint(*Wrapper, *Hook);
    ++NumHooksAdded;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
