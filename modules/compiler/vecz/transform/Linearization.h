//===- Linearization.h - Divergent regions made straight code --*- C++ -*-===//
///
/// \file
/// Vecz's control-flow conversion, the first stage after packetization
/// (`vecz-linearize`; the `vecz` pass runs it inside packetization).
///
/// Assumes: a vector kernel as packetization leaves it (StageMarkers.h):
/// the scalar kernel's control flow, within what DivergentRegions.h can
/// linearize; each divergent branch on a `__vecz_divergent_branch` marker of
/// the lanes' conditions (`<W x i1>`); the mask of each block that runs under
/// one read from an `__vecz_active_lanes` marker; the phis of one value per
/// lane (`<W * N x T>`, lane l's elements at l * N .. l * N + N - 1) where
/// paths join or lanes leave a divergent loop tagged `!vecz.per_lane`.
/// Does: finds the divergent regions from the marked branches (a loop is
/// divergent when the paths of a divergent branch in it meet again only
/// outside it, as UniformityAnalysis decides on the scalar kernel), then
/// gives each block of a region the mask of the lanes active in it, built
/// from the masks of the edges into it (a divergent loop's header: a phi of
/// the lanes still in the loop; an exit block of a divergent loop with
/// several: the lanes that left to it; a uniform loop's blocks: the lanes
/// that enter it), and puts it in place of the block's mask marker. Per-lane
/// phis where paths join become selects on the edge masks, uniform ones the
/// value of an edge some lane took; a value leaving a divergent loop is kept
/// per lane, from the iteration the lane left in (zero in lanes that never
/// entered, so that later arithmetic on them cannot trap). Each region's
/// blocks then run in order as straight code: a divergent loop's latch
/// branches back while any lane is live, a uniform loop keeps its branches
/// and is skipped when no lane enters it.
/// Produces: the vector kernel without this stage's markers and tags, or an
/// error naming the function and what in it is not as described (the
/// function is then of no use).
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_LINEARIZATION_H
#define VECZ_LINEARIZATION_H

#include "llvm/Support/Error.h"

namespace llvm {
class Function;
} // namespace llvm

namespace vecz {

/// Makes the divergent regions of vector kernel \p F straight code (see the
/// file comment).
llvm::Error linearizeDivergentRegions(llvm::Function &F);

} // namespace vecz

#endif // VECZ_LINEARIZATION_H
