//===- EncodeKernelMetadataPass.cpp - Derived kernel facts as metadata ----===//
///
/// \file
/// See compiler/utils/EncodeKernelMetadataPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/utils/EncodeKernelMetadataPass.h"

#include "compiler/utils/KernelMetadata.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "encode-kernel-metadata"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {
constexpr unsigned LocalAddressSpace = 3;

/// The functions \p Kernel calls, directly or not, including itself.
SmallPtrSet<const Function *, 8> getCallGraphFrom(const Function &Kernel) {
  SmallPtrSet<const Function *, 8> Reached{&Kernel};
  SmallVector<const Function *, 8> Worklist{&Kernel};
  while (!Worklist.empty()) {
    const Function *F = Worklist.pop_back_val();
    for (const Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration() && Reached.insert(Callee).second)
            Worklist.push_back(Callee);
  }
  return Reached;
}

/// Whether \p V is used, through constant expressions, in one of \p Fns.
bool isUsedIn(const Value &V, const SmallPtrSetImpl<const Function *> &Fns) {
  for (const User *U : V.users()) {
    if (auto *I = dyn_cast<Instruction>(U)) {
      if (Fns.contains(I->getFunction()))
        return true;
    } else if (isa<Constant>(U) && isUsedIn(*U, Fns)) {
      return true;
    }
  }
  return false;
}

/// Bytes of kernel-scope __local variables \p Kernel (or a callee) uses.
uint64_t computeLocalMemoryUsage(const Function &Kernel) {
  const Module &M = *Kernel.getParent();
  const DataLayout &DL = M.getDataLayout();
  SmallPtrSet<const Function *, 8> Reached = getCallGraphFrom(Kernel);
  uint64_t Bytes = 0;
  for (const GlobalVariable &GV : M.globals()) {
    if (GV.getAddressSpace() != LocalAddressSpace || !isUsedIn(GV, Reached))
      continue;
    Bytes = alignTo(Bytes, GV.getAlign().valueOrOne());
    Bytes += DL.getTypeAllocSize(GV.getValueType());
  }
  return Bytes;
}
} // namespace

PreservedAnalyses EncodeKernelMetadataPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  SmallVector<Function *, 4> Kernels = getKernelEntryPoints(M);
  for (Function *Kernel : Kernels) {
    setLocalMemoryUsage(*Kernel, computeLocalMemoryUsage(*Kernel));
    setVectorizationWidth(*Kernel, Opts.VectorizationWidth);
  }
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
