//===- FixupCallingConventionsPass.cpp - SPIR calling conventions to C ----===//
///
/// \file
/// See compiler/passes/input/FixupCallingConventionsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/FixupCallingConventionsPass.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "fixup-calling-conventions"

using namespace llvm;

namespace compiler {
namespace utils {

static bool isSPIRCallingConv(CallingConv::ID CC) {
  return CC == CallingConv::SPIR_FUNC || CC == CallingConv::SPIR_KERNEL;
}

bool setCCallingConventions(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (isSPIRCallingConv(F.getCallingConv())) {
      F.setCallingConv(CallingConv::C);
      Changed = true;
    }
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (Call && isSPIRCallingConv(Call->getCallingConv())) {
        Call->setCallingConv(CallingConv::C);
        Changed = true;
      }
    }
  }
  return Changed;
}

PreservedAnalyses FixupCallingConventionsPass::run(Module &M,
                                                   ModuleAnalysisManager &) {
  return setCCallingConventions(M) ? PreservedAnalyses::none()
                                   : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
