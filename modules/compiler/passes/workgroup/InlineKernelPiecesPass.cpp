//===- InlineKernelPiecesPass.cpp - Kernels whole again -------------------===//
///
/// \file
/// See compiler/passes/workgroup/InlineKernelPiecesPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/InlineKernelPiecesPass.h"

#include "compiler/analysis/KernelMetadata.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "inline-kernel-pieces"

using namespace llvm;

namespace compiler {
namespace utils {

PreservedAnalyses InlineKernelPiecesPass::run(Module &M,
                                              ModuleAnalysisManager &AM) {
  SmallVector<Function *, 8> Pieces;
  for (Function &F : M)
    if (isKernelPiece(F) && !F.isDeclaration())
      Pieces.push_back(&F);
  if (Pieces.empty())
    return PreservedAnalyses::all();
  SetVector<Function *> Callers;
  for (Function *Piece : Pieces) {
    SmallVector<CallBase *, 2> Calls;
    for (User *U : Piece->users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledFunction() == Piece)
        Calls.push_back(Call);
    for (CallBase *Call : Calls) {
      Function *Caller = Call->getFunction();
      InlineFunctionInfo Info;
      if (InlineFunction(*Call, Info).isSuccess())
        Callers.insert(Caller);
    }
    if (Piece->use_empty())
      Piece->eraseFromParent();
  }
  // The values one piece handed the next went through the kernel's stack.
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *Caller : Callers) {
    FAM.invalidate(*Caller, PreservedAnalyses::none());
    SROAPass().run(*Caller, FAM);
  }
  return PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
