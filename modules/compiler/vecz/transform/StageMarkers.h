//===- StageMarkers.h - Marks for packetization's last stages ---*- C++ -*-===//
///
/// \file
/// Packetization finds what its two optimizing stages work on, clamped
/// loads to version (ClampedAccesses.h) and runs of blocks to branch around
/// (Boscc.h), while it still knows the scalar kernel's strides and
/// dominance. It leaves each find in the vector kernel as a call of a
/// marker function, so that each stage is a pass of its own that reads
/// only the IR in front of it (`vecz-clamped-versions`, `vecz-boscc`), and
/// a test can write its input by hand:
///
///   call void (...) @__vecz_clamped_gather(<W x T> %gather, i1 %within,
///                                          ptr %first, i64 Align
///                                          [, <W x i1> %mask])
///     right after %gather, a gather of W consecutive elements from
///     %first (aligned to Align) when %within is true, masked by %mask when
///     given;
///   call void (...) @__vecz_run_begin(i32 ID, <W x i1> %mask)
///     where a skippable run starts: what follows in the block, and the
///     blocks after it up to the matching end, run only when a lane of
///     %mask is set;
///   call void (...) @__vecz_run_end(i32 ID)
///     first in the block the straight code goes on to after run ID.
///
/// Markers are variadic, so that one declaration serves every type; they
/// have side effects, so nothing erases them or moves code across them
/// before their stage does. The IDs of runs follow run order.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_STAGEMARKERS_H
#define VECZ_STAGEMARKERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallInst;
class Function;
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace vecz {

inline constexpr llvm::StringLiteral ClampedGatherMarker =
    "__vecz_clamped_gather";
inline constexpr llvm::StringLiteral RunBeginMarker = "__vecz_run_begin";
inline constexpr llvm::StringLiteral RunEndMarker = "__vecz_run_end";

/// A call of marker \p Name with \p Args, before \p Before.
llvm::CallInst *createMarker(llvm::StringRef Name,
                             llvm::ArrayRef<llvm::Value *> Args,
                             llvm::Instruction *Before);

/// The calls of marker \p Name in \p F, in the order of F's blocks.
llvm::SmallVector<llvm::CallInst *, 8> findMarkers(llvm::Function &F,
                                                   llvm::StringRef Name);

/// Erases the calls of marker \p Name in \p F, and the values only they
/// used: a stage left out.
void eraseMarkers(llvm::Function &F, llvm::StringRef Name);

/// Erases the declarations of markers no call uses any more in \p M, so
/// that finished stages leave no trace.
void eraseUnusedMarkerDeclarations(llvm::Module &M);

} // namespace vecz

#endif // VECZ_STAGEMARKERS_H
