//===- WorkItemLoopsPass.cpp - Work-item loops around kernels -------------===//
///
/// \file
/// See compiler/utils/WorkItemLoopsPass.h. The wrapper built for a kernel K
/// with parameters P is, in pseudo C:
///
///   void K.mux-barrier-wrapper(P) {
///     size_t z = 0; do { __mux_set_local_id(2, z);
///       size_t y = 0; do { __mux_set_local_id(1, y);
///         size_t x = 0; do { __mux_set_local_id(0, x);
///           K(P);
///         } while (++x < __mux_get_local_size(0));
///       } while (++y < __mux_get_local_size(1));
///     } while (++z < __mux_get_local_size(2));
///   }
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/WorkItemLoopsPass.h"

#include "compiler/BuiltinInfo.h"
#include "compiler/utils/KernelMetadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "work-item-loops"

using namespace llvm;

STATISTIC(NumKernelsWrapped, "Number of kernels given work-item loops");

namespace compiler {
namespace utils {

namespace {

/// The first call to a barrier or fence in \p F, if any.
const CallBase *findBarrier(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction())
        if (BuiltinInfo::isOpenCLSynchronizationBuiltin(Callee->getName()))
          return Call;
  return nullptr;
}

/// Builds one bottom-tested loop over the local ids of dimension \p Dim
/// starting at \p Builder's block; \p BuildBody fills the body and returns
/// the block the body ends in. Leaves \p Builder in the loop's exit block.
template <class BodyBuilder>
void buildWorkItemLoop(IRBuilder<> &Builder, const BuiltinInfo &BI,
                       unsigned Dim, BodyBuilder BuildBody) {
  Module &M = *Builder.GetInsertBlock()->getModule();
  LLVMContext &Ctx = M.getContext();
  Function *F = Builder.GetInsertBlock()->getParent();
  Function *GetLocalSize = BI.getOrDeclareMuxBuiltin(MuxBuiltin::GetLocalSize, M);
  Function *SetLocalId = BI.getOrDeclareMuxBuiltin(MuxBuiltin::SetLocalId, M);
  std::string Suffix = utostr(Dim);

  Value *Size = Builder.CreateCall(GetLocalSize, Builder.getInt32(Dim),
                                   "local.size." + Suffix);
  BasicBlock *Preheader = Builder.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(Ctx, "wi.loop." + Suffix, F);
  Builder.CreateBr(Header);

  Builder.SetInsertPoint(Header);
  PHINode *Id = Builder.CreatePHI(Builder.getInt64Ty(), 2, "local.id." + Suffix);
  Id->addIncoming(Builder.getInt64(0), Preheader);
  Builder.CreateCall(SetLocalId, {Builder.getInt32(Dim), Id});
  BuildBody(Builder);
  Value *Next = Builder.CreateAdd(Id, Builder.getInt64(1),
                                  "local.id." + Suffix + ".next", /*HasNUW=*/true);
  Id->addIncoming(Next, Builder.GetInsertBlock());
  // Created after the body so the blocks read in execution order.
  BasicBlock *Exit = BasicBlock::Create(Ctx, "wi.exit." + Suffix, F);
  Builder.CreateCondBr(
      Builder.CreateICmpULT(Next, Size, "local.id." + Suffix + ".more"), Header,
      Exit);
  Builder.SetInsertPoint(Exit);
}

/// Creates the wrapper that runs \p Kernel for every work-item of a group.
Function *createWorkItemLoopsWrapper(Function &Kernel, const BuiltinInfo &BI) {
  Module &M = *Kernel.getParent();
  Function *Wrapper =
      Function::Create(Kernel.getFunctionType(), GlobalValue::ExternalLinkage,
                       getOrigFnName(Kernel) + ".mux-barrier-wrapper", &M);
  Wrapper->copyAttributesFrom(&Kernel);
  Wrapper->setCallingConv(Kernel.getCallingConv());
  for (unsigned I = 0; I < Kernel.arg_size(); ++I)
    Wrapper->getArg(I)->setName(Kernel.getArg(I)->getName());

  SmallVector<Value *, 8> Args;
  for (Argument &Arg : Wrapper->args())
    Args.push_back(&Arg);

  IRBuilder<> Builder(BasicBlock::Create(M.getContext(), "entry", Wrapper));
  buildWorkItemLoop(Builder, BI, 2, [&](IRBuilder<> &B) {
    buildWorkItemLoop(B, BI, 1, [&](IRBuilder<> &B) {
      buildWorkItemLoop(B, BI, 0, [&](IRBuilder<> &B) {
        CallInst *Call = B.CreateCall(&Kernel, Args);
        Call->setCallingConv(Kernel.getCallingConv());
      });
    });
  });
  Builder.CreateRetVoid();
  return Wrapper;
}

} // namespace

PreservedAnalyses WorkItemLoopsPass::run(Module &M, ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = false;
  for (Function *Kernel : getKernelEntryPoints(M)) {
    if (const CallBase *Barrier = findBarrier(*Kernel)) {
      M.getContext().diagnose(DiagnosticInfoUnsupported(
          *Kernel,
          "kernel '" + getOrigFnName(*Kernel) + "' calls '" +
              Barrier->getCalledFunction()->getName() +
              "': barriers and fences are not supported by this version "
              "of the work-item loops",
          Barrier->getDebugLoc()));
      continue;
    }
    Function *Wrapper = createWorkItemLoopsWrapper(*Kernel, BI);
    replaceKernelEntryPoint(*Kernel, *Wrapper);
    ++NumKernelsWrapped;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
