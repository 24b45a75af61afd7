//===- LaneOperations.h - A vector kernel's lane-by-lane work --*- C++ -*-===//
///
/// \file
/// Atomics, atomic or volatile loads and stores, and calls with no vector
/// form are done once per lane, in lane order, as the W work-items would do
/// them one after the other. Packetization marks them; a stage of their
/// own (`vecz-lane-calls`) expands them: straight code does every lane;
/// under a mask, where each lane needs a branch that straight code cannot
/// hold, they go in an always-inline helper of their own
/// (`__vecz_masked_atomicrmw`, `__vecz_masked_cmpxchg`,
/// `__vecz_masked_access`, `__vecz_masked_call`), called with every lane's
/// operands and activity.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_LANEOPERATIONS_H
#define VECZ_LANEOPERATIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

namespace vecz {

/// Elements each lane has of a value of type \p Ty: N for <N x T>, else 1.
unsigned elementsPerLane(const llvm::Type *Ty);

/// Whether a varying value of \p Ty can be widened: a scalar (number or
/// pointer) to <W x Ty>, a vector <N x T> of them to <W * N x T>.
bool isWidenable(const llvm::Type *Ty);

/// <W x T> for a scalar T; <W * N x T> for <N x T>, lane l's elements at
/// l * N .. l * N + N - 1 (interleaved).
llvm::Type *widenType(llvm::Type *Ty, unsigned Width);

/// \p PerLane (<W x T>) with each lane's value repeated \p N times, where a
/// widened <N x T> has that lane's elements (l * N .. l * N + N - 1).
llvm::Value *spreadLanes(llvm::Value *PerLane, unsigned N,
                         llvm::IRBuilder<> &B);

/// Lane \p Lane's value (of type \p Scalar) in widened \p Wide.
llvm::Value *extractLane(llvm::Value *Wide, llvm::Type *Scalar, unsigned Lane,
                         llvm::IRBuilder<> &B, const llvm::Twine &Name = "");

/// Lane 0's value (of type \p Scalar) in widened \p Wide, as an instruction
/// of its own at \p B even where \p Wide is a constant: it stands for a
/// varying value in the packetizer's maps, where a folded constant would
/// stand for every use of that constant.
llvm::Instruction *createLaneZero(llvm::Value *Wide, llvm::Type *Scalar,
                                  llvm::IRBuilder<> &B);

/// \p Wide with lane \p Lane's value replaced by \p Part.
llvm::Value *insertLane(llvm::Value *Wide, llvm::Value *Part, unsigned Lane,
                        unsigned Width, llvm::IRBuilder<> &B);

/// Each lane's results of an operation done once per lane.
struct LaneResults {
  /// The lanes' results, widened (zero where a lane was off); null for an
  /// operation without one, and for a compare-and-swap its old values.
  llvm::Value *Result = nullptr;
  /// For a compare-and-swap, whether each lane swapped (<W x i1>).
  llvm::Value *Swapped = nullptr;
};

/// Leaves \p I, an atomic, an atomic or volatile load or store, or a call,
/// to be done once for each of \p Width lanes, in lane order, by
/// expandLaneCalls (StageMarkers.h: a call of `__vecz_lanes.<kind>` at
/// \p B, naming `__vecz_lane.<kind>`, a template doing \p I once on its
/// parameters): lane L takes lane L of each operand in \p Operands whose
/// type is widened, and the others as they are; with \p Mask (<W x i1>, or
/// null for every lane) only the active lanes do it. Returns the lanes'
/// results, as the marker will give them.
LaneResults markLaneByLane(llvm::Instruction &I,
                           llvm::ArrayRef<llvm::Value *> Operands,
                           llvm::Value *Mask, unsigned Width,
                           llvm::IRBuilder<> &B);

/// Does the operation of each `__vecz_lanes` marker of \p F once per lane,
/// in lane order: straight code for every lane when the mask is all ones,
/// else through an always-inline helper that branches per lane
/// (`__vecz_masked_atomicrmw`, `__vecz_masked_cmpxchg`,
/// `__vecz_masked_access`, `__vecz_masked_call`), called with every lane's
/// operands and activity; or an error naming the function if a marker is
/// not as StageMarkers.h describes.
llvm::Error expandLaneCalls(llvm::Function &F);

} // namespace vecz

#endif // VECZ_LANEOPERATIONS_H
