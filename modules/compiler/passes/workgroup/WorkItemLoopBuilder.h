//===- WorkItemLoopBuilder.h - Loops over a work-group's items --*- C++ -*-===//
///
/// \file
/// The pieces WorkItemLoopsPass builds its wrappers from, shared by the
/// wrappers of kernels without barriers (WorkItemLoopsPass.cpp) and the
/// region scheduler (RegionScheduler.h).
/// Assumes: a builder positioned in a wrapper function made by
/// createWrapperFunction, whose entry block read the local sizes
/// (makeWrapperContext).
/// Does: builds bottom-tested loops that set the local id of a dimension
/// with `__mux_set_local_id` (the caller ensures a range is not empty, or
/// asks for a guarded loop); an innermost loop over dimension 0 is parallel
/// over its callee's accesses and the loads and stores its body adds
/// (`llvm.loop.parallel_accesses`), and is kept rolled when it is a vector
/// variant's scalar peel, runs only in the rare case of work-items waiting
/// at different barriers or is one of a wrapper with many regions; loops
/// over dimensions 1 and 2 are never unrolled.
/// Produces: each loop's blocks in execution order, the builder left in the
/// block after the loop.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_WORKGROUP_WORKITEMLOOPBUILDER_H
#define COMPILER_PASSES_WORKGROUP_WORKITEMLOOPBUILDER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/IRBuilder.h"

#include <cstdint>

namespace compiler {

class BuiltinInfo;

namespace utils {

using BodyBuilder = llvm::function_ref<void(llvm::IRBuilder<> &)>;

/// What every wrapper needs: its builder, the builtins it calls and the
/// local sizes, read once in the entry block.
struct WrapperContext {
  llvm::IRBuilder<> &Builder;
  llvm::Function *SetLocalId;
  llvm::Value *LocalSize[3];
  /// The current local id of each dimension, inside a loop nest.
  llvm::Value *LocalId[3] = {nullptr, nullptr, nullptr};
  /// The access group of the innermost loop being built: work-items do not
  /// depend on each other between barriers, so its iterations may run in
  /// any order (llvm.loop.parallel_accesses).
  llvm::MDNode *AccessGroup = nullptr;
  /// Whether that loop is a vector variant's scalar peel, which runs fewer
  /// work-items than a vector has.
  bool IsPeel = false;
  /// Whether the loops being built run only in the unusual case of
  /// work-items waiting at different barriers.
  bool IsRare = false;
  /// Whether those loops inline the region they run rather than call it.
  bool InlinesRareRegion = false;
  /// Whether the wrapper has so many loops that unrolling each would cost
  /// compile time out of proportion: the unroller's bookkeeping for one
  /// loop (forgetting what scalar evolution knew of it) grows with the
  /// whole function, so unrolling every region's loop of a wrapper with
  /// hundreds of regions took time quadratic in the kernel's size.
  bool HasManyLoops = false;

  /// Whether the late optimizer may vectorize the innermost loop being
  /// built: not a peel, which runs fewer work-items than a vector has, nor
  /// a rare loop around a call, which would not vectorize.
  bool mayVectorizeLoop() const {
    return !IsPeel && (!IsRare || InlinesRareRegion);
  }
  /// Whether it may unroll it (or interleave it, vectorized): not a peel
  /// nor a rare loop, whose copies would cost compile time for loops that
  /// run only when a kernel's work-items part ways, nor any loop of a
  /// wrapper with many.
  bool mayUnrollLoop() const { return !IsPeel && !IsRare && !HasManyLoops; }
};

/// An empty function with \p Kernel's signature, to become its entry point.
llvm::Function *createWrapperFunction(llvm::Function &Kernel);

/// Reads the local sizes at \p Builder's insertion point.
WrapperContext makeWrapperContext(llvm::IRBuilder<> &Builder,
                                  const BuiltinInfo &BI);

/// The arguments of \p F, to pass on to the kernel or a region.
llvm::SmallVector<llvm::Value *, 8> getArgs(llvm::Function &F);

/// The loops over dimensions \p Dim down to \p Lowest, each over the whole
/// local size, with \p Body innermost.
void buildLoopNest(WrapperContext &W, int Dim, int Lowest, BodyBuilder Body);

/// The loops over every dimension with \p Body innermost, in a loop over
/// dimension 0 that is parallel: \p Body's loads and stores and the memory
/// accesses of \p Callee (the kernel or region it calls) form its access
/// group.
void buildLoopNest(WrapperContext &W, llvm::Function &Callee, BodyBuilder Body);

/// Runs \p Body for the local ids of dimension \p Dim in [Start, End),
/// \p Step at a time, if that range is not empty.
void buildGuardedRangeLoop(WrapperContext &W, int Dim, llvm::Value *Start,
                           llvm::Value *End, uint64_t Step,
                           const llvm::Twine &Name, BodyBuilder Body);

/// Runs \p Body (which calls \p Callee) for the local ids of dimension 0 in
/// [Start, End), \p Step at a time, if that range is not empty, in a
/// parallel loop of its own (\p IsPeel: a vector variant's scalar peel).
void buildDimensionZeroRun(WrapperContext &W, llvm::Function &Callee,
                           llvm::Value *Start, llvm::Value *End, uint64_t Step,
                           const llvm::Twine &Name, BodyBuilder Body,
                           bool IsPeel = false);

/// The current work-item's row in the group: z * size.y + y.
llvm::Value *localRow(WrapperContext &W);

/// The current work-item's position in the group: (z * size.y + y) *
/// size.x + x.
llvm::Value *linearLocalId(WrapperContext &W);

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_WORKGROUP_WORKITEMLOOPBUILDER_H
