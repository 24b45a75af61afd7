//===- CSAIntrinsics.cpp - The CSA intrinsics -----------------------------===//
///
/// \file
/// See csa/CSAIntrinsics.h. The table is CSAIntrinsics.def, expanded here.
///
//===----------------------------------------------------------------------===//

#include "csa/CSAIntrinsics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace csa {

namespace {

enum class ValueKind { Void, I32, Ptr };

struct IntrinsicEntry {
  CSAIntrinsic ID;
  StringLiteral Name;
  StringLiteral Builtin;
  StringLiteral Fortran;
  bool UserMarker;
  ValueKind Return;
  SmallVector<ValueKind, 2> Params;
};

#define CSA_UNPACK(...) __VA_ARGS__
ArrayRef<IntrinsicEntry> getTable() {
  // The .def names value kinds bare; these make them mean ValueKinds.
  constexpr ValueKind Void = ValueKind::Void, I32 = ValueKind::I32,
                      Ptr = ValueKind::Ptr;
  (void)Void;
  (void)I32;
  (void)Ptr;
  static const IntrinsicEntry Table[] = {
#define CSA_USER_MARKER(ID, IRName, Builtin, FortranName, Return, Params)      \
  {CSAIntrinsic::ID,   IRName, Builtin, FortranName, true, Return,             \
   {CSA_UNPACK Params}},
#define CSA_INTRINSIC(ID, IRName, Builtin, FortranName, Return, Params)        \
  {CSAIntrinsic::ID,   IRName, Builtin, FortranName, false, Return,            \
   {CSA_UNPACK Params}},
#include "csa/CSAIntrinsics.def"
  };
  return Table;
}
#undef CSA_UNPACK

const IntrinsicEntry &getEntry(CSAIntrinsic I) {
  const IntrinsicEntry &E = getTable()[static_cast<size_t>(I)];
  assert(E.ID == I && "CSAIntrinsics.def expanded out of order");
  return E;
}

Type *getType(ValueKind Kind, LLVMContext &Ctx) {
  switch (Kind) {
  case ValueKind::Void:
    return Type::getVoidTy(Ctx);
  case ValueKind::I32:
    return Type::getInt32Ty(Ctx);
  case ValueKind::Ptr:
    return PointerType::get(Ctx, 0);
  }
  llvm_unreachable("unknown value kind");
}

template <class Pred> std::optional<CSAIntrinsic> findEntry(Pred Matches) {
  for (const IntrinsicEntry &E : getTable())
    if (Matches(E))
      return E.ID;
  return std::nullopt;
}

} // namespace

StringRef getIntrinsicName(CSAIntrinsic I) { return getEntry(I).Name; }

bool isUserLoopMarker(CSAIntrinsic I) { return getEntry(I).UserMarker; }

std::optional<CSAIntrinsic> identifyIntrinsic(const Function &F) {
  if (!F.getName().startswith("llvm.csa."))
    return std::nullopt;
  return findEntry(
      [&](const IntrinsicEntry &E) { return E.Name == F.getName(); });
}

std::optional<CSAIntrinsic> getIntrinsicForBuiltin(StringRef Name) {
  if (Name.empty())
    return std::nullopt;
  return findEntry([&](const IntrinsicEntry &E) { return E.Builtin == Name; });
}

std::optional<CSAIntrinsic> getIntrinsicForFortran(StringRef Name) {
  if (Name.empty())
    return std::nullopt;
  return findEntry([&](const IntrinsicEntry &E) { return E.Fortran == Name; });
}

Function *getOrDeclareIntrinsic(Module &M, CSAIntrinsic I) {
  const IntrinsicEntry &E = getEntry(I);
  if (Function *F = M.getFunction(E.Name))
    return F;
  LLVMContext &Ctx = M.getContext();
  SmallVector<Type *, 2> Params;
  for (ValueKind Kind : E.Params)
    Params.push_back(getType(Kind, Ctx));
  auto *FT = FunctionType::get(getType(E.Return, Ctx), Params, false);
  Function *F = Function::Create(FT, GlobalValue::ExternalLinkage, E.Name, M);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->addFnAttr(Attribute::InaccessibleMemOrArgMemOnly);
  return F;
}

CallInst *getIntrinsicCall(Value *V, CSAIntrinsic I) {
  auto *Call = dyn_cast_or_null<CallInst>(V);
  if (!Call || getCalledIntrinsic(Call) != I)
    return nullptr;
  return Call;
}

std::optional<CSAIntrinsic> getCalledIntrinsic(const Value *V) {
  const auto *Call = dyn_cast_or_null<CallInst>(V);
  if (!Call)
    return std::nullopt;
  const Function *Callee = Call->getCalledFunction();
  if (!Callee)
    return std::nullopt;
  return identifyIntrinsic(*Callee);
}

uint32_t getCompilerRegionId(LLVMContext &Ctx, StringRef Name) {
  return FirstCompilerRegionId + Ctx.getMDKindID(Name);
}

} // namespace csa
