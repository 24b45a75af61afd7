//===- CostModel.cpp - Whether and how wide to vectorize ------------------===//
///
/// \file
/// See CostModel.h.
///
//===----------------------------------------------------------------------===//

#include "analysis/CostModel.h"

#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"

#include "compiler/analysis/BuiltinInfo.h"
#include "compiler/analysis/KernelMetadata.h"
#include "compiler/analysis/PrivateMemory.h"
#include "compiler/passes/workgroup/FloatVectorDivisionPass.h"
#include "compiler/passes/workgroup/InvariantDivisionPass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace vecz {

namespace {

/// The most private memory a wide variant may have (see the file comment).
constexpr uint64_t MaxWidePrivateMemory = 64 * 1024;

/// Bits of the widest element of \p Kernel's varying data, or 0 if none: a
/// vector (float4) counts whole, as each lane holds all of it, unless
/// \p Layout scalarizes vectors.
uint64_t getWidestVaryingElement(const Function &Kernel,
                                 const UniformityInfo &Uniformity,
                                 compiler::VeczLayout Layout) {
  const DataLayout &DL = Kernel.getParent()->getDataLayout();
  uint64_t Widest = 0;
  auto Counted = [&](Type *Ty) {
    return Layout == compiler::VeczLayout::Scalarized ? Ty->getScalarType()
                                                      : Ty;
  };
  auto See = [&](const Value *V) {
    Type *Ty = V->getType();
    Type *Element = Ty->getScalarType();
    if (Uniformity.isVarying(V) &&
        (Element->isIntegerTy() || Element->isFloatingPointTy()))
      Widest = std::max<uint64_t>(Widest, DL.getTypeSizeInBits(Counted(Ty)));
  };
  for (const Instruction &I : instructions(Kernel)) {
    if (isa<LoadInst>(I) || I.getType()->isFPOrFPVectorTy())
      See(&I);
    else if (const auto *Store = dyn_cast<StoreInst>(&I))
      See(Store->getValueOperand());
  }
  return Widest;
}

/// \p Width fitted to a required local size of \p X in dimension 0: its
/// largest power-of-two divisor when that is at least 4 (runs with no
/// peel), else the largest power of two not above it; 0 when X is 1.
unsigned fitRequiredSize(unsigned Width, uint32_t X) {
  if (X < 2)
    return 0;
  uint32_t Divisor = X & (~X + 1);
  uint32_t Fit = Divisor >= 4 ? Divisor : PowerOf2Floor(X);
  return std::min<unsigned>(Width, Fit);
}

/// The vector registers the values \p L carries from one iteration to the
/// next (its header phis) take.
unsigned carriedRegisters(const Loop &L, uint64_t RegisterBits) {
  const DataLayout &DL = L.getHeader()->getModule()->getDataLayout();
  unsigned Registers = 0;
  for (const PHINode &Phi : L.getHeader()->phis())
    if (Phi.getType()->isVectorTy())
      Registers += static_cast<unsigned>(divideCeil(
          DL.getTypeSizeInBits(Phi.getType()).getFixedSize(), RegisterBits));
  return Registers;
}

/// Whether \p Kernel calls a math builtin the library defines for vectors
/// (linked after vectorization): a long dependence chain per call.
bool callsLibraryMath(const Function &Kernel, const compiler::BuiltinInfo &BI) {
  for (const Instruction &I : instructions(Kernel))
    if (const auto *Call = dyn_cast<CallInst>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && Callee->isDeclaration() &&
          BI.mustLinkAfterVectorization(Callee->getName()))
        return true;
  return false;
}

/// \p Factor halved while its copies of \p Vector's private memory (each
/// lane's own, on the stack of the thread running the work-group) would
/// exceed MaxWidePrivateMemory.
unsigned fitPrivateMemory(unsigned Factor, const Function &Vector) {
  uint64_t Private = compiler::utils::getPrivateMemoryBytes(Vector);
  while (Factor > 1 && Factor * Private > MaxWidePrivateMemory)
    Factor /= 2;
  return Factor;
}

/// The L1 data cache's geometry, as the target reports it.
struct CacheGeometry {
  uint64_t LineBytes;
  uint64_t Sets;
  unsigned Ways;
};

std::optional<CacheGeometry> getL1DataCache(const TargetTransformInfo &TTI) {
  using Level = TargetTransformInfo::CacheLevel;
  Optional<unsigned> Size = TTI.getCacheSize(Level::L1D);
  Optional<unsigned> Ways = TTI.getCacheAssociativity(Level::L1D);
  // x86 gives the sizes but not the line's (LLVM 15), which is 64 bytes
  // on every x86 processor since the Pentium 4.
  unsigned Line = TTI.getCacheLineSize();
  if (!Line)
    Line = 64;
  if (!Size || !Ways || !*Ways || *Size % (*Ways * Line) != 0)
    return std::nullopt;
  return CacheGeometry{Line, *Size / (*Ways * Line), *Ways};
}

/// The most cache lines of one set that \p Width lanes touch at addresses
/// \p Step bytes apart (all of them for a step not known: a row length,
/// which is often a power of two).
uint64_t linesInFullestSet(unsigned Width, std::optional<int64_t> Step,
                           const CacheGeometry &L1) {
  if (!Step)
    return Width;
  SmallVector<int64_t, 64> Lines;
  auto LineBytes = static_cast<int64_t>(L1.LineBytes);
  for (unsigned L = 0; L < Width; ++L) {
    int64_t Offset = int64_t(L) * *Step; // Lane 0 at a line's start.
    Lines.push_back((Offset >= 0 ? Offset : Offset - LineBytes + 1) /
                    LineBytes);
  }
  sort(Lines);
  Lines.erase(std::unique(Lines.begin(), Lines.end()), Lines.end());
  SmallDenseMap<uint64_t, uint64_t, 64> PerSet;
  uint64_t Fullest = 0;
  for (int64_t Line : Lines)
    Fullest =
        std::max(Fullest, ++PerSet[static_cast<uint64_t>(Line) % L1.Sets]);
  return Fullest;
}

/// The lines of the fullest L1 set that one iteration of \p L touches
/// through its strided accesses at \p Width: those whose address moves
/// from lane to lane by a step other than the element's size, forwards or
/// backwards (both are one vector access).
uint64_t stridedLinesPerSet(const Loop &L, unsigned Width,
                            const StrideInfo &Strides,
                            const CacheGeometry &L1) {
  uint64_t Lines = 0;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      const Value *Address = getLoadStorePointerOperand(&I);
      if (!Address)
        continue;
      Stride S = Strides.getStride(Address);
      std::optional<int64_t> Elements = Strides.getElementStride(I);
      if (S.isLinear() && Elements != 1 && Elements != -1)
        Lines += linesInFullestSet(Width, S.getConstantStep(), L1);
    }
  return Lines;
}

/// \p Width halved (not below 2) while the strided accesses of an innermost
/// loop of \p Kernel would touch more lines of one L1 set per iteration
/// than it has ways: each iteration would evict the lines the next one
/// reads (gesummv's rows, a power of two apart, doc/performance.md).
unsigned fitCacheSets(unsigned Width, Function &Kernel,
                      FunctionAnalysisManager &FAM) {
  std::optional<CacheGeometry> L1 =
      getL1DataCache(FAM.getResult<TargetIRAnalysis>(Kernel));
  if (!L1)
    return Width;
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(Kernel);
  const StrideInfo &Strides = FAM.getResult<StrideAnalysis>(Kernel);
  for (const Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost())
      continue;
    while (Width > 2 && stridedLinesPerSet(*L, Width, Strides, *L1) > L1->Ways)
      Width /= 2;
  }
  return Width;
}

} // namespace

unsigned fitInterleaveToCacheSets(unsigned Factor, unsigned Width,
                                  Function &Kernel,
                                  FunctionAnalysisManager &FAM) {
  while (Factor > 1 &&
         fitCacheSets(Factor * Width, Kernel, FAM) < Factor * Width)
    Factor /= 2;
  return Factor;
}

InterleaveChoice chooseInterleave(Function &Kernel, Function &Vector,
                                  unsigned Width,
                                  const compiler::BuiltinInfo &BI,
                                  FunctionAnalysisManager &FAM) {
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(Vector);
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(Vector);
  uint64_t RegisterBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedSize();
  if (RegisterBits == 0)
    return {};
  if (LI.empty()) {
    if (!callsLibraryMath(Kernel, BI))
      return {};
    unsigned Factor = fitPrivateMemory(2, Vector);
    return {Factor, Factor > 1};
  }
  unsigned Registers =
      TTI.getNumberOfRegisters(TTI.getRegisterClassForType(/*Vector=*/true));
  unsigned Factor = 4;
  // Each copy's carried values stay in registers: half of them at most.
  for (const Loop *L : LI.getLoopsInPreorder()) {
    unsigned Carried = std::max(carriedRegisters(*L, RegisterBits), 1u);
    while (Factor > 1 && Factor * Carried > Registers / 2)
      Factor /= 2;
  }
  Factor = fitInterleaveToCacheSets(Factor, Width, Kernel, FAM);
  return {fitPrivateMemory(Factor, Vector), false};
}

unsigned chooseWidth(Function &Kernel, const UniformityInfo &Uniformity,
                     FunctionAnalysisManager &FAM,
                     compiler::VeczLayout Layout) {
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(Kernel);
  uint64_t RegisterBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedSize();
  uint64_t Element = getWidestVaryingElement(Kernel, Uniformity, Layout);
  // vec_type_hint(float4): the kernel computes in float4s.
  if (Type *Hint = compiler::utils::getVecTypeHint(Kernel);
      Hint && Hint->isSized()) {
    if (Layout == compiler::VeczLayout::Scalarized)
      Hint = Hint->getScalarType();
    Element = std::max<uint64_t>(
        Element, Kernel.getParent()->getDataLayout().getTypeSizeInBits(Hint));
  }
  if (RegisterBits == 0)
    RegisterBits = 128; // A target that does not say: SSE, NEON.
  if (Element == 0)
    Element = 32;
  uint64_t Width = PowerOf2Floor(std::max<uint64_t>(RegisterBits / Element, 1));
  auto Chosen = fitCacheSets(
      static_cast<unsigned>(std::clamp<uint64_t>(Width, 4, 64)), Kernel, FAM);
  if (auto Required = compiler::utils::getReqdWorkGroupSize(Kernel))
    return fitRequiredSize(Chosen, (*Required)[0]);
  return Chosen;
}

/// Whether \p V is the same for all the work-items of a vector and computed
/// from arguments, constants and builtin calls alone, by at most \p Budget
/// operations, without memory or phis: a value the work-item loops will
/// find invariant.
static bool isComputedOncePerVector(const Value *V,
                                    const UniformityInfo &Uniformity,
                                    unsigned &Budget) {
  if (Uniformity.isVarying(V))
    return false;
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<PHINode>(I) || I->mayReadOrWriteMemory() || Budget == 0)
    return false;
  --Budget;
  return all_of(I->operands(), [&](const Use &Op) {
    return isComputedOncePerVector(Op, Uniformity, Budget);
  });
}

/// What \p I, a scalar integer division or remainder by a value that is not
/// a constant, costs: what a lane of the same division of 4 lanes costs.
/// LLVM 15's x86 cost tables say 1 for `sdiv i32` and 80 for `sdiv <4 x
/// i32>`, which the backend does lane by lane with the same `idiv` (10 cycles
/// or more, not pipelined): counted as 1, the scalar kernel's division
/// seemed free beside any vector kernel's, however that divides.
static InstructionCost getScalarDivisionCost(const Instruction &I,
                                             const TargetTransformInfo &TTI) {
  constexpr unsigned Lanes = 4;
  constexpr auto Kind = TargetTransformInfo::TCK_RecipThroughput;
  InstructionCost Scalar =
      TTI.getArithmeticInstrCost(I.getOpcode(), I.getType(), Kind);
  InstructionCost Lane =
      TTI.getArithmeticInstrCost(
          I.getOpcode(), FixedVectorType::get(I.getType(), Lanes), Kind) /
      Lanes;
  return std::max(Scalar, Lane);
}

/// What \p I costs per run: its reciprocal throughput, or, for a division by
/// a value invariant-division will find invariant (never so without
/// \p Uniformity: in a function the kernel calls), or one
/// float-vector-division will replace, what that pass makes of it (a vector
/// division is otherwise a division per lane).
static InstructionCost getRunCost(const Instruction &I,
                                  const TargetTransformInfo &TTI,
                                  const UniformityInfo *Uniformity) {
  if (const Value *Divisor = compiler::utils::getReplaceableDivisor(I)) {
    unsigned Budget = 8;
    if (Uniformity && isComputedOncePerVector(Divisor, *Uniformity, Budget))
      return compiler::utils::getCostOfDivisionByReciprocal(I, TTI);
  }
  // Not for a divisor splatted from one value: invariant-division's cost
  // is the one that applies there in a loop, and outside the cases the
  // branch above accepts such a vector (histogram's `data % nbins`, with its
  // atomics lane by lane) measured 4 times slower than the scalar kernel.
  if (I.isIntDivRem() && !getSplatValue(I.getOperand(1)))
    if (auto Cost = compiler::utils::getCostOfFloatVectorDivision(I, TTI))
      return *Cost;
  if (I.isIntDivRem() && I.getType()->isIntegerTy() &&
      !isa<Constant>(I.getOperand(1)))
    return getScalarDivisionCost(I, TTI);
  return TTI.getInstructionCost(&I, TargetTransformInfo::TCK_RecipThroughput);
}

namespace {

/// Sums the costs of runs of functions (see the file comment), each callee
/// the module defines priced once, by its body, however often it is called.
class RunCostEstimator {
public:
  explicit RunCostEstimator(FunctionAnalysisManager &FAM) : FAM(FAM) {}

  /// One run of \p F, with \p Uniformity if \p F is the kernel (or one of
  /// its variants) the work-item loops will run.
  double estimate(Function &F, const UniformityInfo *Uniformity) {
    const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
    const BlockFrequencyInfo &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
    double Entry = static_cast<double>(BFI.getEntryFreq());
    double Total = 0;
    for (BasicBlock &BB : F) {
      double Block = 0;
      for (Instruction &I : BB) {
        if (auto Value = getRunCost(I, TTI, Uniformity).getValue())
          Block += static_cast<double>(*Value);
        if (Function *Callee = getDefinedCallee(I))
          Block += estimateCallee(*Callee);
      }
      Total += Block *
               static_cast<double>(BFI.getBlockFreq(&BB).getFrequency()) /
               Entry;
    }
    return Total;
  }

private:
  /// The function \p I calls when the module defines it: a function the
  /// inliner left as a call (read_imagef's sampling, called once per
  /// lane by a vector kernel), whose cost the call's own does not show.
  static Function *getDefinedCallee(const Instruction &I) {
    const auto *Call = dyn_cast<CallBase>(&I);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    return Callee && !Callee->isDeclaration() && !Callee->isIntrinsic()
               ? Callee
               : nullptr;
  }

  /// One run of \p Callee's body, or nothing for a function calling itself
  /// (OpenCL C has no recursion, a C kernel might).
  double estimateCallee(Function &Callee) {
    auto [It, Inserted] = Callees.try_emplace(&Callee, 0.0);
    if (!Inserted)
      return It->second;
    double Cost = estimate(Callee, nullptr);
    Callees[&Callee] = Cost;
    return Cost;
  }

  FunctionAnalysisManager &FAM;
  /// Each callee's cost; 0 while it is being estimated.
  DenseMap<const Function *, double> Callees;
};

} // namespace

double estimateRunCost(Function &F, FunctionAnalysisManager &FAM) {
  return RunCostEstimator(FAM).estimate(F,
                                        &FAM.getResult<UniformityAnalysis>(F));
}

bool isWorthSkipping(ArrayRef<BasicBlock *> Run) {
  // What the test and the phis after the run cost, several times over.
  constexpr unsigned Threshold = 12;
  constexpr unsigned MemoryAccess = 4;
  constexpr unsigned Call = 8;
  SmallPtrSet<const BasicBlock *, 8> Seen;
  unsigned Cost = 0;
  for (BasicBlock *BB : Run) {
    Seen.insert(BB);
    // A back edge: a loop.
    if (any_of(successors(BB), [&](BasicBlock *S) { return Seen.contains(S); }))
      return true;
    for (Instruction &I : *BB) {
      if (isa<PHINode>(I) || I.isTerminator() || isa<DbgInfoIntrinsic>(I))
        continue;
      if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
        Cost += Call;
      else if (I.mayReadOrWriteMemory())
        Cost += MemoryAccess;
      else
        Cost += 1;
    }
  }
  return Cost >= Threshold;
}

} // namespace vecz
