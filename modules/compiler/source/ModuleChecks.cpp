//===- ModuleChecks.cpp - Constructs this Loom cannot compile yet ---------===//
///
/// \file
/// See ModuleChecks.h.
///
//===----------------------------------------------------------------------===//

#include "ModuleChecks.h"

#include "compiler/BuiltinInfo.h"
#include "compiler/utils/KernelMetadata.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using compiler::utils::getOrigFnName;
using compiler::utils::isKernel;

namespace compiler {

namespace {

constexpr unsigned LocalAddressSpace = 3;

/// The first function, by name, that uses \p V.
std::string getUserFunctionName(const Value &V) {
  for (const User *U : V.users()) {
    if (auto *I = dyn_cast<Instruction>(U))
      return getOrigFnName(*I->getFunction()).str();
    if (isa<Constant>(U)) {
      std::string Name = getUserFunctionName(*U);
      if (!Name.empty())
        return Name;
    }
  }
  return {};
}

void checkUndefinedCalls(Module &M, const BuiltinInfo &BI,
                         SmallVectorImpl<std::string> &Problems) {
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        BI.identifyMuxBuiltin(F))
      continue;
    std::string Demangled = demangle(F.getName().str());
    std::string User = getUserFunctionName(F);
    std::string Where = User.empty() ? "" : "'" + User + "' ";
    if (BuiltinInfo::isOpenCLSynchronizationBuiltin(F.getName()))
      Problems.push_back(Where + "calls '" + Demangled +
                         "': barriers and fences are not supported yet");
    else
      Problems.push_back(Where + "calls '" + Demangled +
                         "', which no library Loom links provides");
  }
}

void checkLocalMemory(Module &M, SmallVectorImpl<std::string> &Problems) {
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == LocalAddressSpace)
      Problems.push_back("__local variable '" + GV.getName().str() +
                         "': local memory is not supported yet");
  for (Function &F : M) {
    if (!isKernel(F))
      continue;
    for (Argument &Arg : F.args()) {
      auto *Ptr = dyn_cast<PointerType>(Arg.getType());
      if (Ptr && Ptr->getAddressSpace() == LocalAddressSpace)
        Problems.push_back("kernel '" + getOrigFnName(F).str() +
                           "' has __local pointer argument '" +
                           Arg.getName().str() +
                           "': local memory is not supported yet");
    }
  }
}

} // namespace

Error checkModuleIsSupported(Module &M, const BuiltinInfo &BI,
                             StringRef FileName) {
  SmallVector<std::string, 4> Problems;
  checkUndefinedCalls(M, BI, Problems);
  checkLocalMemory(M, Problems);
  if (Problems.empty())
    return Error::success();
  std::string Message;
  for (const std::string &Problem : Problems)
    Message += FileName.str() + ": error: " + Problem + "\n";
  return createStringError(inconvertibleErrorCode(), Message);
}

} // namespace compiler
