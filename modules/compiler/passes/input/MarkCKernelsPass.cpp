//===- MarkCKernelsPass.cpp - Kernels from plain C ------------------------===//
///
/// \file
/// See compiler/passes/input/MarkCKernelsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/MarkCKernelsPass.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/AddressSpaces.h"
#include "compiler/support/Diagnostics.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "mark-c-kernels"

STATISTIC(NumCKernels, "C functions made kernels");

namespace compiler {
namespace utils {

namespace {

constexpr StringLiteral KernelAnnotation = "loom_kernel";

/// The functions @llvm.global.annotations marks as kernels, and removes
/// those entries (the whole variable when nothing else is left).
SmallVector<Function *, 4> takeMarkedFunctions(Module &M) {
  SmallVector<Function *, 4> Marked;
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Marked;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return Marked;
  SmallVector<Constant *, 4> Kept;
  for (Value *Op : Entries->operands()) {
    auto *Entry = cast<ConstantStruct>(Op);
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    StringRef Text;
    if (F && getConstantStringInfo(Entry->getOperand(1), Text) &&
        Text == KernelAnnotation)
      Marked.push_back(F);
    else
      Kept.push_back(Entry);
  }
  if (Kept.size() == Entries->getNumOperands())
    return Marked;
  if (Kept.empty()) {
    Annotations->eraseFromParent();
    return Marked;
  }
  auto *Type =
      ArrayType::get(Entries->getType()->getElementType(), Kept.size());
  auto *Rest =
      new GlobalVariable(M, Type, false, Annotations->getLinkage(),
                         ConstantArray::get(Type, Kept), "", Annotations);
  Rest->setSection(Annotations->getSection());
  Rest->takeName(Annotations);
  Annotations->eraseFromParent();
  return Marked;
}

/// OpenCL C's spelling of \p T for kernel_arg_type.
std::string getTypeName(Type *T) {
  if (T->isPointerTy())
    return "void*";
  return compiler::utils::getOpenCLScalarName(T).str();
}

void addArgumentMetadata(Function &Kernel) {
  LLVMContext &Ctx = Kernel.getContext();
  SmallVector<Metadata *, 8> Spaces, Access, Types, Qualifiers;
  for (Argument &Arg : Kernel.args()) {
    unsigned AS = Arg.getType()->isPointerTy()
                      ? Arg.getType()->getPointerAddressSpace()
                      : 0;
    Spaces.push_back(
        ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), AS)));
    Access.push_back(MDString::get(Ctx, "none"));
    Types.push_back(MDString::get(Ctx, getTypeName(Arg.getType())));
    Qualifiers.push_back(MDString::get(Ctx, ""));
  }
  Kernel.setMetadata("kernel_arg_addr_space", MDNode::get(Ctx, Spaces));
  Kernel.setMetadata("kernel_arg_access_qual", MDNode::get(Ctx, Access));
  Kernel.setMetadata("kernel_arg_type", MDNode::get(Ctx, Types));
  Kernel.setMetadata("kernel_arg_base_type", MDNode::get(Ctx, Types));
  Kernel.setMetadata("kernel_arg_type_qual", MDNode::get(Ctx, Qualifiers));
  Metadata *One =
      ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), 1));
  Kernel.setMetadata("reqd_work_group_size", MDNode::get(Ctx, {One, One, One}));
}

/// The kernel calling \p Body, which becomes internal under a new name.
Function *createKernel(Function &Body) {
  SmallVector<Type *, 8> Params;
  for (Type *T : Body.getFunctionType()->params())
    Params.push_back(T->isPointerTy()
                         ? PointerType::get(T->getContext(), GlobalAddressSpace)
                         : T);
  auto *FT = FunctionType::get(Body.getReturnType(), Params, false);
  std::string Name = Body.getName().str();
  Body.setName(Name + ".c-body");
  Body.setLinkage(GlobalValue::InternalLinkage);
  Body.addFnAttr(Attribute::AlwaysInline);
  Function *Kernel = Function::Create(FT, GlobalValue::ExternalLinkage, Name,
                                      Body.getParent());
  Kernel->setCallingConv(CallingConv::SPIR_KERNEL);
  // The body's function attributes (target features and the like), not
  // its parameters', whose types changed.
  AttrBuilder FnAttrs(Kernel->getContext(), Body.getAttributes().getFnAttrs());
  FnAttrs.removeAttribute(Attribute::AlwaysInline);
  Kernel->addFnAttrs(FnAttrs);
  IRBuilder<> B(BasicBlock::Create(Kernel->getContext(), "entry", Kernel));
  SmallVector<Value *, 8> Args;
  for (auto [Param, Arg] : zip(Body.args(), Kernel->args())) {
    Arg.setName(Param.getName());
    Args.push_back(
        B.CreatePointerBitCastOrAddrSpaceCast(&Arg, Param.getType()));
  }
  B.CreateCall(&Body, Args)->setCallingConv(Body.getCallingConv());
  B.CreateRetVoid();
  addArgumentMetadata(*Kernel);
  return Kernel;
}

} // namespace

PreservedAnalyses MarkCKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 4> Marked = takeMarkedFunctions(M);
  for (Function *F : Marked) {
    if (!F->getReturnType()->isVoidTy() || F->isDeclaration()) {
      emitError(*F, DebugLoc(),
                "'" + F->getName() +
                    "' is marked as a kernel but does not return void or "
                    "has no body");
      continue;
    }
    createKernel(*F);
    ++NumCKernels;
  }
  return Marked.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace utils
} // namespace compiler
