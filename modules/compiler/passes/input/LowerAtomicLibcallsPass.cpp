//===- LowerAtomicLibcallsPass.cpp - Atomic library calls as atomics ------===//
///
/// \file
/// See compiler/passes/input/LowerAtomicLibcallsPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/input/LowerAtomicLibcallsPass.h"

#include "llvm/ADT/Optional.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

#define DEBUG_TYPE "lower-atomic-libcalls"

using namespace llvm;

STATISTIC(NumAtomicCallsLowered,
          "Number of atomic library calls made atomic instructions");

namespace compiler {
namespace utils {

namespace {

/// What a function of the atomic library does.
enum class AtomicCall {
  Load,
  Store,
  Exchange,
  CompareExchange,
  /// `__atomic_fetch_OP_N`: the old value.
  FetchThenOp,
  /// `__atomic_OP_fetch_N`: the new value.
  OpThenFetch,
};

struct AtomicFunction {
  AtomicCall Kind;
  /// The object's bytes; 0 for a generic function, whose first argument
  /// says.
  unsigned Size = 0;
  AtomicRMWInst::BinOp Op = AtomicRMWInst::BAD_BINOP;
};

/// Whether objects of \p Bytes have atomic instructions on every CPU Loom
/// targets.
bool isLockFreeSize(uint64_t Bytes) {
  return Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8;
}

/// The operation \p Name, `add` of `__atomic_fetch_add_4`, stands for.
AtomicRMWInst::BinOp getBinOp(StringRef Name) {
  return StringSwitch<AtomicRMWInst::BinOp>(Name)
      .Case("add", AtomicRMWInst::Add)
      .Case("sub", AtomicRMWInst::Sub)
      .Case("and", AtomicRMWInst::And)
      .Case("or", AtomicRMWInst::Or)
      .Case("xor", AtomicRMWInst::Xor)
      .Case("nand", AtomicRMWInst::Nand)
      .Default(AtomicRMWInst::BAD_BINOP);
}

/// What \p Name, a function of the atomic library, does; none for any other
/// name, a size other than 1, 2, 4 or 8, or a function this pass leaves.
std::optional<AtomicFunction> identifyAtomicFunction(StringRef Name) {
  if (!Name.consume_front("__atomic_"))
    return std::nullopt;
  unsigned Size = 0;
  if (size_t Underscore = Name.rfind('_'); Underscore != StringRef::npos) {
    StringRef Suffix = Name.substr(Underscore + 1);
    if (!Suffix.getAsInteger(10, Size)) {
      if (!isLockFreeSize(Size))
        return std::nullopt;
      Name = Name.take_front(Underscore);
    }
  }
  auto Kind = StringSwitch<std::optional<AtomicCall>>(Name)
                  .Case("load", AtomicCall::Load)
                  .Case("store", AtomicCall::Store)
                  .Case("exchange", AtomicCall::Exchange)
                  .Case("compare_exchange", AtomicCall::CompareExchange)
                  .Default(std::nullopt);
  if (Kind)
    return AtomicFunction{*Kind, Size};
  // The read-modify-write functions have only sized forms.
  if (Size == 0)
    return std::nullopt;
  if (Name.consume_front("fetch_"))
    if (AtomicRMWInst::BinOp Op = getBinOp(Name);
        Op != AtomicRMWInst::BAD_BINOP)
      return AtomicFunction{AtomicCall::FetchThenOp, Size, Op};
  if (Name.consume_back("_fetch"))
    if (AtomicRMWInst::BinOp Op = getBinOp(Name);
        Op != AtomicRMWInst::BAD_BINOP)
      return AtomicFunction{AtomicCall::OpThenFetch, Size, Op};
  return std::nullopt;
}

/// The ordering of C memory order \p Model (`__ATOMIC_RELAXED` 0 to
/// `__ATOMIC_SEQ_CST` 5) for an operation that \p Loads and/or \p Stores:
/// seq_cst, the strongest, for an order that is not a constant or that the
/// operation does not take (a load's release).
AtomicOrdering getOrdering(const Value *Model, bool Loads, bool Stores) {
  const auto *Order = dyn_cast<ConstantInt>(Model);
  if (!Order)
    return AtomicOrdering::SequentiallyConsistent;
  switch (Order->getZExtValue()) {
  case 0:
    return AtomicOrdering::Monotonic;
  case 1: // consume, as compilers do: acquire
  case 2:
    return Loads ? AtomicOrdering::Acquire
                 : AtomicOrdering::SequentiallyConsistent;
  case 3:
    return Stores ? AtomicOrdering::Release
                  : AtomicOrdering::SequentiallyConsistent;
  case 4:
    return Loads && Stores ? AtomicOrdering::AcquireRelease
                           : AtomicOrdering::SequentiallyConsistent;
  default:
    return AtomicOrdering::SequentiallyConsistent;
  }
}

AtomicOrdering getLoadOrdering(const Value *Model) {
  return getOrdering(Model, /*Loads=*/true, /*Stores=*/false);
}
AtomicOrdering getStoreOrdering(const Value *Model) {
  return getOrdering(Model, /*Loads=*/false, /*Stores=*/true);
}
AtomicOrdering getUpdateOrdering(const Value *Model) {
  return getOrdering(Model, /*Loads=*/true, /*Stores=*/true);
}

/// Makes one call of the atomic library the instructions it stands for.
class AtomicCallLowering {
public:
  AtomicCallLowering(CallInst &Call, const AtomicFunction &Function)
      : Call(Call), Function(Function), B(&Call) {}

  /// Returns whether it did: the size is known and the arguments are what
  /// the library's declarations say.
  bool run();

private:
  /// The call's argument \p I; the generic functions' begin after the size.
  Value *arg(unsigned I) const {
    return Call.getArgOperand(I + (Function.Size ? 0 : 1));
  }
  /// \p Pointer, as a pointer to the object's integer type (typed pointers).
  Value *toObject(Value *Pointer) {
    return B.CreateBitCast(
        Pointer,
        Int->getPointerTo(Pointer->getType()->getPointerAddressSpace()));
  }
  /// The value at \p Pointer, a generic function's operand in memory.
  Value *loadOperand(Value *Pointer) {
    return B.CreateAlignedLoad(Int, toObject(Pointer), Align(1));
  }
  /// Stores \p V at \p Pointer, a generic function's result in memory.
  void storeResult(Value *V, Value *Pointer) {
    B.CreateAlignedStore(V, toObject(Pointer), Align(1));
  }
  /// Whether sized argument \p V has the object's integer type.
  bool isObjectValue(const Value *V) const { return V->getType() == Int; }

  bool lowerLoad();
  bool lowerStore();
  bool lowerExchange();
  bool lowerCompareExchange();
  bool lowerUpdate();
  /// The call's result: \p V, or, for a generic function, nothing (its
  /// result went to memory).
  void replaceCallWith(Value *V);

  CallInst &Call;
  AtomicFunction Function;
  IRBuilder<> B;
  IntegerType *Int = nullptr;
  Align Natural;
};

bool AtomicCallLowering::run() {
  unsigned Size = Function.Size;
  if (!Size) {
    const auto *Bytes = dyn_cast<ConstantInt>(Call.getArgOperand(0));
    if (!Bytes || !isLockFreeSize(Bytes->getZExtValue()))
      return false;
    Size = static_cast<unsigned>(Bytes->getZExtValue());
  }
  Int = B.getIntNTy(8 * Size);
  Natural = Align(Size);
  switch (Function.Kind) {
  case AtomicCall::Load:
    return lowerLoad();
  case AtomicCall::Store:
    return lowerStore();
  case AtomicCall::Exchange:
    return lowerExchange();
  case AtomicCall::CompareExchange:
    return lowerCompareExchange();
  case AtomicCall::FetchThenOp:
  case AtomicCall::OpThenFetch:
    return lowerUpdate();
  }
  return false;
}

void AtomicCallLowering::replaceCallWith(Value *V) {
  if (V && !Call.getType()->isVoidTy()) {
    V->takeName(&Call);
    Call.replaceAllUsesWith(V);
  }
  Call.eraseFromParent();
  ++NumAtomicCallsLowered;
}

// __atomic_load(size, object, result, order) and
// T __atomic_load_N(object, order).
bool AtomicCallLowering::lowerLoad() {
  bool Generic = !Function.Size;
  if (Generic ? Call.arg_size() != 4
              : (Call.arg_size() != 2 || Call.getType() != Int))
    return false;
  LoadInst *Load = B.CreateAlignedLoad(Int, toObject(arg(0)), Natural);
  Load->setAtomic(getLoadOrdering(arg(Generic ? 2 : 1)));
  if (Generic)
    storeResult(Load, arg(1));
  replaceCallWith(Load);
  return true;
}

// __atomic_store(size, object, value, order) and
// __atomic_store_N(object, value, order).
bool AtomicCallLowering::lowerStore() {
  bool Generic = !Function.Size;
  if (Call.arg_size() != (Generic ? 4u : 3u) ||
      (!Generic && !isObjectValue(arg(1))))
    return false;
  Value *V = Generic ? loadOperand(arg(1)) : arg(1);
  StoreInst *Store = B.CreateAlignedStore(V, toObject(arg(0)), Natural);
  Store->setAtomic(getStoreOrdering(arg(2)));
  replaceCallWith(nullptr);
  return true;
}

// __atomic_exchange(size, object, value, result, order) and
// T __atomic_exchange_N(object, value, order).
bool AtomicCallLowering::lowerExchange() {
  bool Generic = !Function.Size;
  if (Generic ? Call.arg_size() != 5
              : (Call.arg_size() != 3 || Call.getType() != Int ||
                 !isObjectValue(arg(1))))
    return false;
  Value *V = Generic ? loadOperand(arg(1)) : arg(1);
  Value *Old =
      B.CreateAtomicRMW(AtomicRMWInst::Xchg, toObject(arg(0)), V, Natural,
                        getUpdateOrdering(arg(Generic ? 3 : 2)));
  if (Generic)
    storeResult(Old, arg(2));
  replaceCallWith(Old);
  return true;
}

// bool __atomic_compare_exchange(size, object, expected, desired,
//                                success, failure) and
// bool __atomic_compare_exchange_N(object, expected, desired, weak,
//                                  success, failure): on failure, what the
// object held goes to *expected (on success, that is *expected already).
bool AtomicCallLowering::lowerCompareExchange() {
  bool Generic = !Function.Size;
  if (Call.arg_size() != 6 || !Call.getType()->isIntegerTy() ||
      (!Generic && !isObjectValue(arg(2))))
    return false;
  Value *Expected = loadOperand(arg(1));
  Value *Desired = Generic ? loadOperand(arg(2)) : arg(2);
  unsigned Orders = Generic ? 3 : 4;
  AtomicOrdering Success = getUpdateOrdering(arg(Orders));
  AtomicOrdering Failure = getLoadOrdering(arg(Orders + 1));
  AtomicCmpXchgInst *Exchange = B.CreateAtomicCmpXchg(
      toObject(arg(0)), Expected, Desired, Natural, Success, Failure);
  if (!Generic)
    if (const auto *Weak = dyn_cast<ConstantInt>(arg(3)))
      Exchange->setWeak(!Weak->isZero());
  storeResult(B.CreateExtractValue(Exchange, 0), arg(1));
  Value *Exchanged = B.CreateExtractValue(Exchange, 1);
  replaceCallWith(B.CreateZExt(Exchanged, Call.getType()));
  return true;
}

// T __atomic_fetch_OP_N(object, value, order) and
// T __atomic_OP_fetch_N(object, value, order).
bool AtomicCallLowering::lowerUpdate() {
  if (Call.arg_size() != 3 || Call.getType() != Int || !isObjectValue(arg(1)))
    return false;
  Value *V = arg(1);
  Value *Old = B.CreateAtomicRMW(Function.Op, toObject(arg(0)), V, Natural,
                                 getUpdateOrdering(arg(2)));
  if (Function.Kind == AtomicCall::FetchThenOp) {
    replaceCallWith(Old);
    return true;
  }
  Value *New = nullptr;
  switch (Function.Op) {
  case AtomicRMWInst::Add:
    New = B.CreateAdd(Old, V);
    break;
  case AtomicRMWInst::Sub:
    New = B.CreateSub(Old, V);
    break;
  case AtomicRMWInst::And:
    New = B.CreateAnd(Old, V);
    break;
  case AtomicRMWInst::Or:
    New = B.CreateOr(Old, V);
    break;
  case AtomicRMWInst::Xor:
    New = B.CreateXor(Old, V);
    break;
  default: // Nand
    New = B.CreateNot(B.CreateAnd(Old, V));
    break;
  }
  replaceCallWith(New);
  return true;
}

} // namespace

PreservedAnalyses LowerAtomicLibcallsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  SmallVector<std::pair<CallInst *, AtomicFunction>, 8> Calls;
  for (Function &F : M) {
    if (!F.isDeclaration())
      continue;
    std::optional<AtomicFunction> Atomic = identifyAtomicFunction(F.getName());
    if (!Atomic)
      continue;
    for (User *U : F.users())
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledFunction() == &F)
        Calls.push_back({Call, *Atomic});
  }
  bool Changed = false;
  for (auto &[Call, Atomic] : Calls)
    Changed |= AtomicCallLowering(*Call, Atomic).run();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace utils
} // namespace compiler
