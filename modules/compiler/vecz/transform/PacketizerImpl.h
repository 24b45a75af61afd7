//===- PacketizerImpl.h - The packetizer's state ---------------*- C++ -*-===//
///
/// \file
/// The packetizer of vecz/Packetizer.h: it widens values, memory accesses
/// and calls, and leaves the divergent regions to linearization
/// (Linearization.h), marked for it.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_PACKETIZERIMPL_H
#define VECZ_PACKETIZERIMPL_H

#include "analysis/DivergentRegions.h"
#include "transform/Boscc.h"
#include "transform/CallWidening.h"
#include "transform/LaneOperations.h"
#include "transform/SubGroups.h"

#include "vecz/UniformityAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace compiler {
class BuiltinInfo;
} // namespace compiler

namespace llvm {
class TargetTransformInfo;
} // namespace llvm

namespace vecz {

class StrideInfo;

/// Widens a clone of a kernel in place (see vecz/Packetizer.h).
class Packetizer {
public:
  Packetizer(llvm::Function &Vector, unsigned Width,
             const UniformityInfo &Uniformity, const StrideInfo &Strides,
             const compiler::BuiltinInfo &BI,
             const llvm::TargetTransformInfo &TTI, bool StridedGathers,
             const llvm::ValueToValueMapTy &VMap,
             llvm::SmallVector<DivergentRegion, 4> DivergentRegions,
             llvm::SmallVector<SkippableRun, 4> SkippableRuns);

  /// Packetizes the clone; an error if one of the packetizer's own checks
  /// failed, in which case the clone is of no use (packetizeKernel erases
  /// it, and the kernel stays scalar).
  llvm::Error run();

private:
  bool isVarying(const llvm::Value *V) const {
    auto It = Original.find(V);
    return It != Original.end() && Uniformity.isVarying(It->second);
  }
  const llvm::Instruction &original(const llvm::Instruction &I) const {
    return *llvm::cast<llvm::Instruction>(Original.lookup(&I));
  }
  /// <W x T> for a scalar T; <W * N x T> for <N x T>, lane l's elements
  /// at l * N .. l * N + N - 1 (interleaved: a lane's vector stays whole,
  /// so consecutive float4s are one wide load and a bitcast stays one).
  llvm::Type *widen(llvm::Type *Ty) const { return widenType(Ty, Width); }
  /// Mask \p Mask (<W x i1>, or null) for the elements of a widened value
  /// of type \p Scalar.
  llvm::Value *maskFor(llvm::Value *Mask, const llvm::Type *Scalar,
                       llvm::IRBuilder<> &B) const {
    return Mask ? spreadLanes(Mask, elementsPerLane(Scalar), B) : nullptr;
  }
  llvm::Value *widenVectorOperation(llvm::Instruction &I, llvm::IRBuilder<> &B,
                                    const llvm::Twine &Name);
  llvm::Value *pickVariableElement(llvm::ExtractElementInst &Extract,
                                   llvm::IRBuilder<> &B,
                                   const llvm::Twine &Name);
  llvm::Value *setVariableElement(llvm::InsertElementInst &Insert,
                                  llvm::IRBuilder<> &B,
                                  const llvm::Twine &Name);
  /// The address of each element of each lane of a varying vector access.
  llvm::Value *elementPointers(llvm::Value *Pointers, llvm::Type *Scalar,
                               llvm::IRBuilder<> &B);
  llvm::Value *getVector(llvm::Value *V);
  llvm::Value *widenInstruction(llvm::Instruction &I, llvm::IRBuilder<> &B);
  llvm::Value *widenLogicWithUniform(llvm::Instruction &I, llvm::IRBuilder<> &B,
                                     const llvm::Twine &Name);
  llvm::Value *widenCall(llvm::CallBase &Call, llvm::IRBuilder<> &B);
  llvm::Value *widenIntrinsic(llvm::CallBase &Call, llvm::IRBuilder<> &B);
  bool isDoneLaneByLane(const llvm::CallBase &Call) const {
    return classifyCall(
               Call, [&](const llvm::Value *V) { return isVarying(V); }, BI,
               Width) == CallWidening::PerLane;
  }
  llvm::Value *getConsecutiveBase(llvm::Instruction &Access,
                                  llvm::Value *LaneMask, llvm::IRBuilder<> &B);
  llvm::Value *widenLoad(llvm::LoadInst &Load, llvm::IRBuilder<> &B);
  llvm::Value *getReversedBase(llvm::Instruction &Access, llvm::IRBuilder<> &B);
  llvm::Value *reverseLanes(llvm::Value *Lanes, llvm::Type *Scalar,
                            llvm::IRBuilder<> &B, const llvm::Twine &Name = "");
  llvm::Value *getStridedStep(llvm::Instruction &Access, llvm::Type *Widened,
                              llvm::IRBuilder<> &B);
  llvm::Value *getLaneAddress(llvm::Value *Lane0, llvm::Value *Step,
                              unsigned Lane, llvm::IRBuilder<> &B);
  llvm::Value *getLinearLaneAddresses(llvm::Instruction &Access,
                                      llvm::IRBuilder<> &B);
  llvm::Value *loadStrided(llvm::LoadInst &Load, llvm::Value *Step,
                           llvm::IRBuilder<> &B);
  void storeStrided(llvm::StoreInst &Store, llvm::Value *Values,
                    llvm::Value *Step, llvm::IRBuilder<> &B);
  const llvm::DataLayout &getDataLayout() const {
    return Vector.getParent()->getDataLayout();
  }
  llvm::Value *getSafeDivisor(llvm::Value *Divisor, llvm::Value *Mask,
                              llvm::IRBuilder<> &B);
  void guardUniformDivision(llvm::BinaryOperator &Division, llvm::Value *Mask);
  void answerForAllLanes(llvm::CallBase &WidenableAny);
  void answerForSubGroup(llvm::CallBase &Call);
  LaneValues getLaneValues(llvm::CallBase &Call);
  llvm::Value *widenAlloca(llvm::AllocaInst &Alloca, llvm::IRBuilder<> &B);
  llvm::Value *callVectorBuiltin(llvm::CallBase &Call,
                                 const VectorBuiltin &Form,
                                 llvm::IRBuilder<> &B);
  llvm::Value *doLaneByLane(llvm::Instruction &I, llvm::IRBuilder<> &B);
  void widenStore(llvm::StoreInst &Store);
  llvm::Value *allLanes() const {
    return llvm::Constant::getAllOnesValue(llvm::FixedVectorType::get(
        llvm::Type::getInt1Ty(Vector.getContext()), Width));
  }
  /// Every element of every lane of a widened value of type \p Scalar.
  llvm::Value *allElements(const llvm::Type *Scalar) const {
    return llvm::Constant::getAllOnesValue(
        llvm::FixedVectorType::get(llvm::Type::getInt1Ty(Vector.getContext()),
                                   Width * elementsPerLane(Scalar)));
  }
  llvm::Value *getBlockMask(llvm::BasicBlock *BB);
  void maskUniformAccess(llvm::Instruction &Access, llvm::Value *Mask);
  void finishPhi(llvm::PHINode &Scalar, llvm::PHINode &Widened);
  void leavePhisToLinearization();

  llvm::Function &Vector;
  unsigned Width;
  const UniformityInfo &Uniformity;
  const StrideInfo &Strides;
  const compiler::BuiltinInfo &BI;
  const llvm::TargetTransformInfo &TTI;
  /// PacketizerOptions::StridedGathers.
  bool StridedGathers;
  /// Scalar kernel value to clone (following replacements).
  const llvm::ValueToValueMapTy &VMap;
  /// Clone to scalar kernel value.
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Original;
  /// A value of the clone to its <W x T> twin, or to its splat; held by
  /// tracking handles, so that a twin erased while the map holds it reads
  /// as absent, never as freed memory.
  llvm::DenseMap<llvm::Value *, llvm::WeakTrackingVH> Vectors;
  /// What the first failed check found, if one failed: the packetizer goes
  /// on with a stand-in value and run() reports it.
  std::string FailedCheck;
  llvm::SmallVector<std::pair<llvm::PHINode *, llvm::PHINode *>, 8> Phis;
  llvm::SmallVector<llvm::Instruction *, 16> Replaced;
  /// The regions linearization makes straight code: their blocks run under
  /// masks. Index points into them: never moved after construction.
  const llvm::SmallVector<DivergentRegion, 4> Regions;
  const RegionIndex Index;
  /// The runs of their blocks to mark for branching around when no lane is
  /// active (Boscc.h).
  llvm::SmallVector<SkippableRun, 4> Runs;
  /// A compare-and-swap's stand-in for lane 0 to its lanes' results, which
  /// its extractvalue users take.
  llvm::DenseMap<const llvm::Value *, LaneResults> CompareAndSwaps;
  /// The mask marker of each block that owns its mask (RegionIndex).
  llvm::DenseMap<const llvm::BasicBlock *, llvm::Value *> BlockMasks;
  /// Gathers at clamped consecutive indices, to be marked for versioning on
  /// whether the lanes are within the clamps (ClampedAccesses.h).
  struct ClampedLoad {
    llvm::Instruction *Gather;
    llvm::LoadInst *Load;
    llvm::Value *WithinClamps;
    llvm::Value *Mask;
  };
  llvm::SmallVector<ClampedLoad, 4> ClampedLoads;
};

} // namespace vecz

#endif // VECZ_PACKETIZERIMPL_H
