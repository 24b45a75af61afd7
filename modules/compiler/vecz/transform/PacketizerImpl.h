//===- PacketizerImpl.h - The packetizer's state ---------------*- C++ -*-===//
///
/// \file
/// The packetizer of vecz/Packetizer.h, shared by its two halves:
/// Packetizer.cpp widens values, memory accesses and calls; Linearization.cpp
/// gives the blocks of divergent regions their masks, turns the phis where
/// paths join into blends and makes the regions straight code.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_PACKETIZERIMPL_H
#define VECZ_PACKETIZERIMPL_H

#include "analysis/DivergentRegions.h"
#include "transform/Boscc.h"
#include "transform/CallWidening.h"
#include "transform/LaneOperations.h"

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

namespace vecz {

class StrideInfo;

/// Widens a clone of a kernel in place (see vecz/Packetizer.h).
class Packetizer {
public:
  Packetizer(llvm::Function &Vector, unsigned Width,
             const UniformityInfo &Uniformity, const StrideInfo &Strides,
             const compiler::BuiltinInfo &BI,
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
  /// \p PerLane (<W x T>) with each lane's value repeated \p N times.
  llvm::Value *spreadLanes(llvm::Value *PerLane, unsigned N,
                           llvm::IRBuilder<> &B) const;
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
  const llvm::DataLayout &getDataLayout() const {
    return Vector.getParent()->getDataLayout();
  }
  llvm::Value *getSafeDivisor(llvm::Value *Divisor, llvm::Value *Mask,
                              llvm::IRBuilder<> &B);
  void guardUniformDivision(llvm::BinaryOperator &Division, llvm::Value *Mask);
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
  llvm::Value *getEdgeMask(llvm::BasicBlock *From, llvm::BasicBlock *To);
  llvm::Value *getLiveMask(const MaskedLoop &L);
  void maskUniformAccess(llvm::Instruction &Access, llvm::Value *Mask);
  /// Whether \p BB may run with no lane active, so that a uniform access in
  /// it must test for one: a block of straight code may, a uniform loop
  /// may not (it is skipped then, and lanes that enter it stay to the end).
  bool needsAnyLaneTest(const llvm::BasicBlock *BB) const {
    const MaskedLoop *L = LoopOf.lookup(BB);
    return RegionOf.count(BB) && !(L && !L->Divergent);
  }

  /// What becomes of the edges into a block, and so of its phis.
  enum class Incoming {
    /// They stay: its phis stay phis.
    Kept,
    /// They become fall-throughs of straight code: its phis become selects
    /// on the edge masks.
    Blended,
    /// It is a divergent loop's exit block, reached once every lane has
    /// left: its phis become each lane's value when it left.
    LeftLoop,
  };
  Incoming getIncoming(const llvm::BasicBlock *BB) const;
  void finishPhi(llvm::PHINode &Scalar, llvm::PHINode &Widened);
  void blendPhi(llvm::PHINode &Scalar, llvm::PHINode &Widened);
  std::pair<llvm::SmallVector<unsigned, 4>, llvm::BasicBlock *>
  splitIncoming(const llvm::PHINode &Phi) const;
  llvm::Value *mergeIncoming(llvm::PHINode &Phi,
                             llvm::Value *(*Merge)(Packetizer &,
                                                   llvm::IRBuilder<> &,
                                                   llvm::PHINode &, unsigned,
                                                   llvm::Value *));
  void keepLiveOut(llvm::PHINode &Scalar, llvm::PHINode &Widened,
                   const MaskedLoop &L);
  void replaceScalarPhi(llvm::PHINode &Scalar, llvm::PHINode &Widened,
                        llvm::Value *Vector);
  void finishUniformPhis();
  void prepareLinearization();
  llvm::Value *accumulateLeft(const MaskedLoop &L, llvm::BasicBlock &Exit,
                              llvm::IRBuilder<> &B);
  void linearize(const DivergentRegion &R);

  llvm::Function &Vector;
  unsigned Width;
  const UniformityInfo &Uniformity;
  const StrideInfo &Strides;
  const compiler::BuiltinInfo &BI;
  // The values cached below are held by tracking handles: a widened phi
  // that a blend replaces, and a placeholder mask, are replaced with
  // replaceAllUsesWith and erased after masks made from them are cached, and
  // a raw pointer would then name freed memory (or whatever was allocated
  // there next).
  /// Clone to scalar kernel value.
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Original;
  /// A value of the clone to its <W x T> twin, or to its splat.
  llvm::DenseMap<llvm::Value *, llvm::WeakTrackingVH> Vectors;
  /// What the first failed check found, if one failed: the packetizer goes
  /// on with a stand-in value and run() reports it.
  std::string FailedCheck;
  llvm::SmallVector<std::pair<llvm::PHINode *, llvm::PHINode *>, 8> Phis;
  llvm::SmallVector<llvm::Instruction *, 16> Replaced;
  /// The regions made straight code: their blocks run under masks.
  llvm::SmallVector<DivergentRegion, 4> Regions;
  llvm::DenseMap<const llvm::BasicBlock *, const DivergentRegion *> RegionOf;
  /// The runs of their blocks to mark for branching around when no lane is
  /// active (Boscc.h).
  llvm::SmallVector<SkippableRun, 4> Runs;
  /// The masked loop a block is in, or leaves to.
  llvm::DenseMap<const llvm::BasicBlock *, const MaskedLoop *> LoopOf, ExitOf;
  /// A divergent loop's live lanes, a phi in its header.
  llvm::DenseMap<const MaskedLoop *, llvm::PHINode *> LiveMasks;
  /// Whether the branch ending a block of straight code goes back (the
  /// latch of a divergent loop: any lane still live) or into a uniform loop
  /// (from its preheader: any lane entering), computed while the edge masks
  /// can still be.
  llvm::DenseMap<const llvm::BasicBlock *, llvm::WeakTrackingVH> AnyLane;
  /// Where regions reconverge: their phis become blends.
  llvm::DenseMap<const llvm::BasicBlock *, const DivergentRegion *> JoinedAt;
  /// The lanes that left a divergent loop for one of its exit blocks, when
  /// it has several: a placeholder until every exit edge's mask exists.
  llvm::DenseMap<const llvm::BasicBlock *, llvm::Instruction *> LeftMasks;
  /// Phis of a reconvergence block also reached from outside its region:
  /// they stay, with one incoming value from the region, already blended.
  llvm::SmallPtrSet<const llvm::PHINode *, 4> PartlyBlended;
  /// A compare-and-swap's stand-in for lane 0 to its lanes' results, which
  /// its extractvalue users take.
  llvm::DenseMap<const llvm::Value *, LaneResults> CompareAndSwaps;
  /// Lanes active in a block of a region, and along an edge into one.
  llvm::DenseMap<const llvm::BasicBlock *, llvm::WeakTrackingVH> BlockMasks;
  llvm::DenseMap<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>,
                 llvm::WeakTrackingVH>
      EdgeMasks;
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
