//===- vecz/Packetizer.h - A kernel widened to W work-items ----*- C++ -*-===//
///
/// \file
/// Assumes: a kernel after Loom's generic pipeline (mux work-item builtins,
/// builtins linked and inlined, but for those BuiltinInfo keeps as calls for
/// the vectorizer), with the UniformityInfo and StrideInfo of its own body.
/// Does: checks that the kernel is within what Vecz handles so far: divergent
/// control flow only in regions DivergentRegions.h can linearize (loops in
/// simplified and LCSSA form, divergent switches lowered, loop exits
/// unified where regions need it: VeczPass sees to all three), no barrier
/// inside divergent control flow (outside, a barrier is kept), a
/// compare-and-swap's result only taken apart by extractvalue, private memory
/// of a size known at compile time (each lane gets its own copy), calls as
/// CallWidening.h allows (convergent calls, and calls of functions that ask for
/// their own work-item id, are not); varying values of integer, floating-point
/// or pointer type or fixed vectors of integers or floating point. Then clones
/// it as `__vecz_v<W>_<name>` and widens the clone: each varying value gets a
/// `<W x T>` twin beside its scalar version, which keeps computing lane 0's
/// value (so a consecutive access takes lane 0's address, or under a mask,
/// when the address goes through a zero extension, the first active lane's
/// less its offset: see StrideAnalysis.h); a varying `<N x T>`
/// a `<W * N x T>` twin, lane l's vector at elements l * N .. l * N + N - 1
/// (element picks, inserts and swizzles repeat their pattern at each lane's
/// offset, or select by a variable index; masks and conditions are spread over
/// each lane's elements); uniform values stay scalar and are splatted where a
/// varying use needs them. Consecutive loads and stores become vector loads and
/// stores, and so do those whose address moves back by one element (`n - 1 -
/// i`: at lane W-1's address, the lanes reversed by a shuffle) where no
/// lane is masked off; those whose address moves by another step (a constant,
/// or a uniform value StrideInfo::emitStep builds) are done lane by lane, at
/// lane 0's address plus l steps (stores in lane order), where no lane is
/// masked off and the target has no gather (scatter) of that type of its own
/// (TargetTransformInfo: its backend would do the same from a vector of
/// addresses); other varying ones gathers and scatters with every lane on (a
/// varying value stored to a uniform address is a scatter there: the last
/// active lane's value stays); uniform ones stay scalar, done once for the W
/// work-items. A load at a clamped consecutive index is versioned: a vector
/// load where every lane is within the clamps, else the gather
/// (ClampedAccesses.h). Builtins with a vector form are called at width W;
/// atomics, varying atomic or volatile loads and stores, and other calls with a
/// varying argument or a side effect are done once per lane in lane order
/// (LaneOperations.h: marked here, expanded by the lane-calls stage; under a
/// mask, through an always-inline helper that branches per lane). The blocks of
/// divergent regions run under masks: their memory accesses are masked (uniform
/// ones done once if any lane is active; inactive lanes of masked loads read
/// zero), their integer divisions and remainders divide by 1 in inactive lanes
/// (a uniform one when no lane is active). Packetization leaves the vector
/// kernel with the scalar kernel's control flow, marked for linearization
/// (transform/StageMarkers.h: divergent branches, each block's mask, the
/// per-lane phis where paths join or lanes leave a divergent loop), which then
/// makes the regions straight code (transform/Linearization.h): the phis where
/// paths join become selects on the edge masks (a uniform phi: the value of an
/// edge some lane took); a divergent loop goes round while any lane is live,
/// each value leaving it kept per lane from the iteration the lane left in,
/// each of its exit blocks run under the lanes that left to it; a uniform loop
/// inside a region keeps its branches, runs under the mask of the lanes
/// entering it and is skipped when none does; loops inside a divergent loop are
/// handled the same way, each iteration of the loop holding them entering them
/// anew. A run of a region's blocks that its first block dominates is
/// branched around when no lane is active in that block and the cost model
/// says the test pays (Boscc.h).
/// get_local_id(0), get_global_id(0) and the linear ids become lane 0's id
/// plus <0, 1, ..., W-1>: the caller sets the local id of lane 0
/// (WorkItemLoopsPass does, from `!mux_vector_variant`).
/// The clamped loads to version and the runs to branch around are found
/// here and left as markers for the two optimizing stages after
/// linearization; the four stages after packetization (lane calls,
/// linearization, clamped versions, BOSCC) also run as passes of their own.
/// Produces: the vector function, with the kernel's signature but not a
/// kernel entry point (with PacketizerOptions::Deferred, still with the
/// scalar kernel's control flow and the markers), or an error saying why the
/// kernel was not vectorized.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_PACKETIZER_H
#define VECZ_PACKETIZER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Function;
class TargetTransformInfo;
} // namespace llvm

namespace compiler {
class BuiltinInfo;
} // namespace compiler

namespace vecz {

class StrideInfo;
class UniformityInfo;

/// The name of the variant of kernel \p Kernel that runs \p Width
/// work-items per call, \p Rows rows of them at a time:
/// `__vecz_v<W>_<kernel>`, or `__vecz_v<W>x<R>_<kernel>` when \p Rows > 1.
std::string getVariantName(llvm::StringRef Kernel, unsigned Width,
                           unsigned Rows = 1);

/// Why \p Kernel cannot be vectorized yet, or success
/// (analysis/Vectorizability.cpp).
llvm::Error checkVectorizable(const llvm::Function &Kernel,
                              const UniformityInfo &Uniformity,
                              const compiler::BuiltinInfo &BI, unsigned Width);

/// Packetization's two optimizing stages, both on by default: loads at
/// clamped consecutive indices versioned with a vector load for when every
/// lane is within the clamps (ClampedAccesses.h), and branches around runs
/// of blocks no lane takes (BOSCC, Boscc.h). Without either, the vector
/// kernel computes the same, with gathers and every block run. And how it
/// does strided accesses on the target.
struct PacketizerOptions {
  bool ClampedVersions = true;
  bool Boscc = true;
  /// Whether the stages after packetization are left to their passes
  /// (`vecz-lane-calls`, `vecz-linearize`, `vecz-clamped-versions`,
  /// `vecz-boscc`): the vector
  /// kernel keeps the scalar kernel's control flow and the markers
  /// packetization left for them (transform/StageMarkers.h).
  bool Deferred = false;
  /// Whether a load or store whose address moves by a step other than the
  /// element's size from lane to lane may be the target's gather or
  /// scatter where TargetTransformInfo calls one legal; without (a CPU
  /// whose gathers are slower than loads one lane at a time), it is done
  /// lane by lane from lane 0's address plus l steps, as on a target
  /// without gathers.
  bool StridedGathers = true;
};

/// The vector variant of \p Kernel at \p Width (see the file comment), or
/// why there is none.
llvm::Expected<llvm::Function *>
packetizeKernel(llvm::Function &Kernel, unsigned Width,
                const UniformityInfo &Uniformity, const StrideInfo &Strides,
                const compiler::BuiltinInfo &BI,
                const llvm::TargetTransformInfo &TTI,
                PacketizerOptions Options = PacketizerOptions());

} // namespace vecz

#endif // VECZ_PACKETIZER_H
