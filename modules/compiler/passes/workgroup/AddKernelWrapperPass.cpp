//===- AddKernelWrapperPass.cpp - The kernel ABI entry point --------------===//
///
/// \file
/// See compiler/passes/workgroup/AddKernelWrapperPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/AddKernelWrapperPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/CrashContainment.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "add-kernel-wrapper"

using namespace llvm;

STATISTIC(NumWrappersAdded, "Number of kernel wrappers added");

namespace compiler {
namespace utils {

namespace {

/// The type a kernel parameter takes in the packed arguments: structs passed
/// `byval` are stored in place, everything else as the parameter's type.
Type *getPackedType(const Argument &Arg) {
  if (Type *ByVal = Arg.getParamByValType())
    return ByVal;
  return Arg.getType();
}

StructType *createPackedArgsType(const Function &Kernel,
                                 ArrayRef<unsigned> SchedIndices) {
  SmallVector<Type *, 8> Fields;
  for (const Argument &Arg : Kernel.args())
    if (!is_contained(SchedIndices, Arg.getArgNo()))
      Fields.push_back(getPackedType(Arg));
  return StructType::create(Kernel.getContext(), Fields,
                            ("MuxPackedArgs." + getOrigFnName(Kernel)).str());
}

Function *createKernelWrapper(Function &Kernel, const BuiltinInfo &BI) {
  Module &M = *Kernel.getParent();
  LLVMContext &Ctx = M.getContext();
  SmallVector<unsigned, 2> SchedIndices = getSchedulingParamIndices(Kernel);
  SmallVector<SchedulingParameter, 2> Params = BI.getSchedulingParameters(M);
  // A kernel that reads no work-item state has no scheduling parameters; the
  // wrapper still takes the driver's, to keep the entry-point ABI.
  bool KernelTakesParams = !SchedIndices.empty();
  assert((!KernelTakesParams || SchedIndices.size() == Params.size()) &&
         "kernel scheduling parameters differ from BuiltinInfo's");

  SmallVector<Type *, 4> WrapperParams{PointerType::get(Ctx, 0)};
  for (const SchedulingParameter &P : Params)
    if (P.PassedByDriver)
      WrapperParams.push_back(P.ParamType);
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx), WrapperParams, false);
  Function *Wrapper =
      Function::Create(Ty, GlobalValue::ExternalLinkage,
                       getOrigFnName(Kernel) + ".mux-kernel-wrapper", &M);
  Wrapper->addFnAttr(Attribute::NoUnwind);
  Wrapper->getArg(0)->setName("packed.args");
  // The driver's blocks are its own: kernel buffers never alias them, and
  // the kernel only reads them. Saying so lets LLVM hoist the loads of the
  // work-group info out of the work-item loops.
  for (Argument &Arg : Wrapper->args()) {
    Arg.addAttr(Attribute::NoAlias);
    Arg.addAttr(Attribute::NoCapture);
    Arg.addAttr(Attribute::ReadOnly);
  }

  StructType *Packed = createPackedArgsType(Kernel, SchedIndices);
  setPackedArgsTypeName(*Wrapper, Packed->getName());

  IRBuilder<> Builder(BasicBlock::Create(Ctx, "entry", Wrapper));
  SmallVector<Value *, 8> Args;
  unsigned Field = 0;
  for (const Argument &Arg : Kernel.args()) {
    if (is_contained(SchedIndices, Arg.getArgNo()))
      continue;
    Value *Ptr = Builder.CreateStructGEP(Packed, Wrapper->getArg(0), Field++,
                                         Arg.getName() + ".addr");
    Args.push_back(Arg.hasByValAttr()
                       ? Ptr
                       : Builder.CreateLoad(Arg.getType(), Ptr, Arg.getName()));
  }
  unsigned NextDriverParam = 1;
  for (const SchedulingParameter &P : Params) {
    Argument *Passed =
        P.PassedByDriver ? Wrapper->getArg(NextDriverParam++) : nullptr;
    if (Passed)
      Passed->setName(P.Name);
    if (KernelTakesParams)
      Args.push_back(Passed ? Passed
                            : BI.initializeSchedulingParameter(P, Builder));
  }
  CallInst *Call = Builder.CreateCall(&Kernel, Args);
  Call->setCallingConv(Kernel.getCallingConv());
  Builder.CreateRetVoid();
  return Wrapper;
}

} // namespace

PreservedAnalyses AddKernelWrapperPass::run(Module &M,
                                            ModuleAnalysisManager &AM) {
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  bool Changed = false;
  for (Function *Kernel : getKernelEntryPoints(M)) {
    CrashNote Working("kernel '" + Kernel->getName() + "'");
    Function *Wrapper = createKernelWrapper(*Kernel, BI);
    replaceKernelEntryPoint(*Kernel, *Wrapper);
    ++NumWrappersAdded;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
