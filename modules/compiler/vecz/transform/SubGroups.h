//===- SubGroups.h - A vector kernel's lanes as a sub-group -----*- C++ -*-===//
///
/// \file
/// In a vector kernel of W lanes, the lanes are a sub-group: the work-items
/// of a row of a work-group (dimension 0) are cut into sub-groups of W
/// consecutive ones, the last of the row holding the Lx % W left when the
/// width does not divide the local size Lx (the work-item loops run it
/// with the tail variant, whose lanes past Lx are off). So, with x0 the
/// local id of lane 0 and (y, z) the row:
///
///   get_sub_group_size()          = min(W, Lx - x0)
///   get_sub_group_local_id()      = the lane
///   get_sub_group_id()            = (z * Ly + y) * ceil(Lx / W) + x0 / W
///   get_num_sub_groups()          = Ly * Lz * ceil(Lx / W)
///   get_enqueued_num_sub_groups() = the same of the enqueued local size
///   get_max_sub_group_size()      = min(W, enqueued Lx)
///
/// which the OpenCL layer answers too (metadata/sub_groups.h). The
/// collectives are operations across the lanes on (the lanes active of)
/// the widened value: reductions are LLVM's vector reductions, scans
/// log2(W) steps of shifted lanes, clustered reductions log2(cluster)
/// steps of lanes exchanged by xor, a broadcast an element, a ballot the
/// lanes' conditions as bits, the votes a reduction of those conditions,
/// shuffles a permutation of the lanes, and sub_group_barrier nothing, the
/// lanes running in lockstep. Inactive lanes (under a mask) count as the
/// operation's identity, which is what the non-uniform functions ask for
/// in divergent code. The floating-point reductions and scans add (and
/// multiply) in a tree's order, which OpenCL leaves to the implementation.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_SUBGROUPS_H
#define VECZ_SUBGROUPS_H

#include "compiler/analysis/BuiltinInfo.h"

#include "llvm/IR/IRBuilder.h"

namespace vecz {

/// The answer to sub-group query \p Query (isSubGroupQuery) in a vector
/// kernel of \p Width lanes, an i32 computed at \p B from the work-item
/// builtins.
llvm::Value *emitSubGroupQuery(compiler::MuxBuiltin Query, unsigned Width,
                               const compiler::BuiltinInfo &BI,
                               llvm::IRBuilder<> &B);

/// The operands of a collective across \p Width lanes.
struct LaneValues {
  unsigned Width;
  /// The lanes active (<W x i1>), or null for all of them.
  llvm::Value *Mask;
  /// The widened value (<W x T>, or <W * N x T> for a vector of N), or
  /// null for a collective without one (sub_group_elect).
  llvm::Value *Lanes;
  /// The second operand, if any (a broadcast's or shuffle's local id, a
  /// shuffle's mask or delta, a cluster size): widened, and as it is where
  /// it is uniform (else null).
  llvm::Value *SecondLanes = nullptr;
  llvm::Value *Second = nullptr;
};

/// Collective \p F across the lanes of \p Values, of type \p ResultType: a
/// scalar where the result is uniform (votes, broadcasts, ballots and
/// reductions), widened where it is not (scans, clustered reductions,
/// sub_group_elect and shuffles).
llvm::Value *emitSubGroupCollective(const compiler::SubGroupFunction &F,
                                    const LaneValues &Values,
                                    llvm::Type *ResultType,
                                    llvm::IRBuilder<> &B);

} // namespace vecz

#endif // VECZ_SUBGROUPS_H
