//===- StreamingStoresPass.cpp - Non-temporal stores of large outputs -----===//
///
/// \file
/// See compiler/passes/workgroup/StreamingStoresPass.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/passes/workgroup/StreamingStoresPass.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/support/AddressSpaces.h"
#include "compiler/support/PassParams.h"
#include "compiler/support/PointerUses.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "streaming-stores"

using namespace llvm;

STATISTIC(NumStreamingStores, "Number of stores given a non-temporal twin");

namespace compiler {
namespace utils {

namespace {

/// The widest non-temporal store x86 has (a 512-bit register).
constexpr uint64_t MaxStreamingBytes = 64;

/// Whether \p I orders memory between work-items or threads: an atomic
/// operation, a fence, or a barrier.
bool ordersMemory(const Instruction &I) {
  if (I.isAtomic())
    return true;
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return false;
  std::optional<MuxBuiltin> Mux = BuiltinInfo::identifyMuxBuiltin(*Callee);
  return Mux && (*Mux == MuxBuiltin::WorkGroupBarrier ||
                 *Mux == MuxBuiltin::MemBarrier);
}

/// Whether \p F and everything it calls can be seen and none of it orders
/// memory: weakly ordered stores there cannot break a protocol between
/// work-items.
bool isFreeOfOrdering(const Function &F,
                      SmallPtrSetImpl<const Function *> &Seen) {
  if (!Seen.insert(&F).second)
    return true;
  for (const Instruction &I : instructions(F)) {
    if (ordersMemory(I))
      return false;
    const auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || isa<IntrinsicInst>(Call))
      continue;
    const Function *Callee = Call->getCalledFunction();
    if (!Callee)
      return false; // an indirect call
    if (Callee->isDeclaration()) {
      if (!BuiltinInfo::identifyMuxBuiltin(*Callee))
        return false; // code not linked yet
      continue;
    }
    if (!isFreeOfOrdering(*Callee, Seen))
      return false;
  }
  return true;
}

/// Whether every use of pointer \p Arg, through address arithmetic, is the
/// address of a store: the function writes the buffer and never reads it,
/// nor lets anything else see the pointer.
bool isOnlyStoredThrough(const Argument &Arg) {
  return allUsesThroughPointer(Arg, [](const Use &U) {
    return isa<StoreInst>(U.getUser()) &&
           U.getOperandNo() == StoreInst::getPointerOperandIndex();
  });
}

/// The stores of \p F that may go past the caches: plain vector stores of
/// 16 to 64 bytes (a power of two) through output-only global arguments.
SmallVector<StoreInst *, 8> findCandidates(Function &F) {
  SmallPtrSet<const Value *, 4> Outputs;
  for (Argument &Arg : F.args()) {
    auto *Pointer = dyn_cast<PointerType>(Arg.getType());
    if (Pointer && Pointer->getAddressSpace() == GlobalAddressSpace &&
        isOnlyStoredThrough(Arg))
      Outputs.insert(&Arg);
  }
  SmallVector<StoreInst *, 8> Candidates;
  if (Outputs.empty())
    return Candidates;
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (Instruction &I : instructions(F)) {
    auto *Store = dyn_cast<StoreInst>(&I);
    if (!Store || !Store->isSimple() ||
        !isa<FixedVectorType>(Store->getValueOperand()->getType()))
      continue;
    uint64_t Bytes = DL.getTypeStoreSize(Store->getValueOperand()->getType());
    if (Bytes < 16 || Bytes > MaxStreamingBytes || !isPowerOf2_64(Bytes))
      continue;
    if (Outputs.count(getUnderlyingObject(Store->getPointerOperand())))
      Candidates.push_back(Store);
  }
  return Candidates;
}

/// The work-items of the launch: the product of the global sizes, computed
/// at \p F's entry.
Value *emitLaunchWorkItems(Function &F, const BuiltinInfo &BI) {
  Function *GlobalSize =
      BI.getOrDeclareMuxBuiltin(MuxBuiltin::GetGlobalSize, *F.getParent());
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Value *Items = nullptr;
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    Value *Size = B.CreateCall(GlobalSize, {B.getInt32(Dim)});
    Items = Items ? B.CreateMul(Items, Size) : Size;
  }
  Items->setName("launch.work.items");
  return Items;
}

/// Makes \p Store a branch between itself and a non-temporal copy aligned
/// to its size, taken when \p LaunchItems reaches \p MinItems and the
/// address is so aligned.
void addStreamingTwin(StoreInst &Store, Value *LaunchItems, uint64_t MinItems,
                      uint64_t Bytes) {
  IRBuilder<> B(&Store);
  Value *Large = B.CreateICmpUGE(
      LaunchItems, ConstantInt::get(LaunchItems->getType(), MinItems),
      "launch.large");
  Value *Address =
      B.CreatePtrToInt(Store.getPointerOperand(), LaunchItems->getType());
  Value *Aligned = B.CreateICmpEQ(
      B.CreateAnd(Address, ConstantInt::get(Address->getType(), Bytes - 1)),
      ConstantInt::get(Address->getType(), 0), "store.aligned");
  Value *Stream = B.CreateAnd(Large, Aligned, "stream");
  Instruction *ThenTerm = nullptr, *ElseTerm = nullptr;
  SplitBlockAndInsertIfThenElse(Stream, &Store, &ThenTerm, &ElseTerm);
  auto *Streaming = cast<StoreInst>(Store.clone());
  Streaming->insertBefore(ThenTerm);
  Streaming->setAlignment(Align(Bytes));
  Streaming->setMetadata(
      LLVMContext::MD_nontemporal,
      MDNode::get(Store.getContext(), ConstantAsMetadata::get(B.getInt32(1))));
  Store.moveBefore(ElseTerm);
  ++NumStreamingStores;
}

/// Gives \p F's candidate stores their twins; \p WorkItemsPerCall is how
/// many work-items one call of \p F runs (a vector variant's width).
bool addStreamingStores(Function &F, unsigned WorkItemsPerCall,
                        uint64_t MinBytes, const BuiltinInfo &BI) {
  SmallPtrSet<const Function *, 8> Seen;
  if (F.isDeclaration() || !isFreeOfOrdering(F, Seen))
    return false;
  SmallVector<StoreInst *, 8> Candidates = findCandidates(F);
  if (Candidates.empty())
    return false;
  const DataLayout &DL = F.getParent()->getDataLayout();
  Value *LaunchItems = emitLaunchWorkItems(F, BI);
  for (StoreInst *Store : Candidates) {
    uint64_t Bytes = DL.getTypeStoreSize(Store->getValueOperand()->getType());
    uint64_t BytesPerItem = std::max<uint64_t>(1, Bytes / WorkItemsPerCall);
    addStreamingTwin(*Store, LaunchItems, divideCeil(MinBytes, BytesPerItem),
                     Bytes);
  }
  return true;
}

} // namespace

PreservedAnalyses StreamingStoresPass::run(Module &M,
                                           ModuleAnalysisManager &AM) {
  if (Opts.MinBytes == 0)
    return PreservedAnalyses::all();
  const BuiltinInfo &BI = AM.getResult<BuiltinInfoAnalysis>(M).get();
  // Each function with the work-items one call of it runs.
  SmallVector<std::pair<Function *, unsigned>, 8> Functions;
  for (Function &F : M) {
    if (!isKernel(F))
      continue;
    Functions.push_back({&F, 1});
    if (std::optional<VectorVariant> Variant = getVectorVariant(F)) {
      Functions.push_back({Variant->Vector, Variant->Width});
      if (Variant->Jammed)
        Functions.push_back({Variant->Jammed, Variant->Width * Variant->Rows});
      if (Variant->Wide)
        Functions.push_back({Variant->Wide, Variant->WideWidth});
      if (Variant->WideJammed)
        Functions.push_back(
            {Variant->WideJammed, Variant->WideWidth * Variant->WideRows});
    }
  }
  bool Changed = false;
  for (auto [F, WorkItemsPerCall] : Functions)
    Changed |= addStreamingStores(*F, WorkItemsPerCall, Opts.MinBytes, BI);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Expected<StreamingStoresPass::Options>
StreamingStoresPass::parseOptions(StringRef Params) {
  Options Opts;
  if (Error E = parseCountPassParam(Params, "streaming-stores", "min-bytes",
                                    "bytes", Opts.MinBytes))
    return std::move(E);
  return Opts;
}

void StreamingStoresPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  printPassWithParams(OS, MapClassName2PassName(name()),
                      "min-bytes=" + std::to_string(Opts.MinBytes));
}

} // namespace utils
} // namespace compiler
