//===- ModuleChecks.cpp - Constructs this Loom cannot compile yet ---------===//
///
/// \file
/// See ModuleChecks.h.
///
//===----------------------------------------------------------------------===//

#include "pipeline/ModuleChecks.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/pipeline/CompileOptions.h"
#include "compiler/support/DiagnosticError.h"
#include "metadata/sub_groups.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"

using namespace llvm;
using compiler::utils::getOrigFnName;

namespace compiler {

namespace {

/// The first function, by name, that uses \p V, directly or through
/// constants (a global's initializer can refer to itself, so each constant
/// is looked through once).
std::string getUserFunctionName(const Value &V) {
  SmallVector<const Value *, 8> Worklist = {&V};
  SmallPtrSet<const Value *, 8> Seen = {&V};
  while (!Worklist.empty()) {
    const Value *Used = Worklist.pop_back_val();
    for (const User *U : Used->users()) {
      if (auto *I = dyn_cast<Instruction>(U))
        return getOrigFnName(*I->getFunction()).str();
      if (isa<Constant>(U) && Seen.insert(U).second)
        Worklist.push_back(U);
    }
  }
  return {};
}

void checkUndefinedCalls(Module &M, const BuiltinInfo &BI,
                         SmallVectorImpl<std::string> &Problems) {
  for (Function &F : M) {
    // Builtins linked after vectorization are checked when they are linked.
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        BI.identifyMuxBuiltin(F) || BI.isLinkedAfterVectorization(F) ||
        BI.isDriverRuntimeFunction(F.getName()))
      continue;
    std::string Demangled = demangle(F.getName().str());
    std::string User = getUserFunctionName(F);
    std::string Where = User.empty() ? "" : "'" + User + "' ";
    Problems.push_back(Where + "calls '" + Demangled +
                       "', which no library Loom links provides");
  }
}

/// Kernels whose `intel_reqd_sub_group_size` (cl_intel_required_subgroup_
/// size, which Clang accepts whether the device reports it or not) asks for
/// sub-groups of a size Loom never makes: one work-item, or a vector
/// kernel's lanes, a power of two up to LOOM_MAX_SUB_GROUP_SIZE. Their code
/// may count on the size, so they are refused rather than run with another;
/// work-item-loops refuses one whose size Vecz did not make.
void checkRequiredSubGroupSizes(const Module &M,
                                SmallVectorImpl<std::string> &Problems) {
  for (const Function &F : M) {
    std::optional<uint32_t> Size = utils::getRequiredSubGroupSize(F);
    if (!Size || (isPowerOf2_32(*Size) && *Size <= LOOM_MAX_SUB_GROUP_SIZE))
      continue;
    Problems.push_back("kernel '" + getOrigFnName(F).str() +
                       "' requires sub-groups of " + std::to_string(*Size) +
                       " work-items (intel_reqd_sub_group_size); Loom's "
                       "sub-groups have a power of two up to " +
                       std::to_string(LOOM_MAX_SUB_GROUP_SIZE));
  }
}

/// Kernel arguments of image types the builtins do not read (depth and
/// multi-sample images: cl_khr_depth_images, cl_khr_gl_msaa_sharing, which
/// Clang 15 declares whether the device reports them or not). Their
/// descriptors could not say what they are.
void checkImageArguments(const Module &M,
                         SmallVectorImpl<std::string> &Problems) {
  for (const Function &F : M) {
    if (!utils::isKernel(F))
      continue;
    SmallVector<std::string, 8> Types = utils::getArgBaseTypeNames(F);
    for (size_t I = 0; I < Types.size(); ++I) {
      StringRef Type = Types[I];
      bool IsImage =
          (Type.startswith("image1d") || Type.startswith("image2d") ||
           Type.startswith("image3d")) &&
          Type.endswith("_t");
      if (!IsImage || loom::metadata::imageTypeNamed(Types[I]))
        continue;
      Problems.push_back("kernel '" + getOrigFnName(F).str() + "' argument " +
                         std::to_string(I) + " is an image of type '" +
                         Types[I] +
                         "', which Loom's images do not have (no depth or "
                         "multi-sample images)");
    }
  }
}

} // namespace

Error checkModuleIsSupported(Module &M, const BuiltinInfo &BI,
                             StringRef FileName) {
  SmallVector<std::string, 4> Problems;
  checkUndefinedCalls(M, BI, Problems);
  checkRequiredSubGroupSizes(M, Problems);
  checkImageArguments(M, Problems);
  if (Problems.empty())
    return Error::success();
  std::string Message;
  for (const std::string &Problem : Problems)
    Message += formatErrorLine(FileName, Problem);
  return makeFormattedDiagnosticError(Message);
}

Error checkSelectedKernels(const Module &M, ArrayRef<std::string> Kernels,
                           StringRef FileName) {
  std::string Message;
  for (const std::string &Name : Kernels) {
    const Function *F = M.getFunction(Name);
    if (!F || !utils::isKernel(*F))
      Message += formatErrorLine(FileName, "no kernel named '" + Name +
                                               "' in the program");
  }
  if (Message.empty())
    return Error::success();
  return makeFormattedDiagnosticError(Message);
}

/// An error, instead of LLVM's abort, when the pipeline (Loom's or a
/// target's passes) has made an invalid module: a bug, but not the host's
/// end.
Error checkPipelineOutput(const Module &M, StringRef FileName) {
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (!verifyModule(M, &OS))
    return Error::success();
  return makeDiagnosticError(FileName, "internal compiler error: the "
                                       "pipeline made an invalid module: " +
                                           OS.str());
}

} // namespace compiler
