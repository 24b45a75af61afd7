//===- vecz/VeczPass.h - Whole-function vectorization ----------*- C++ -*-===//
///
/// \file
/// Assumes: kernels after Loom's generic pipeline, before link-builtins<late>
/// and work-item-loops (the start of a target's late passes).
/// Does: for each kernel entry point without a vector variant, inlines the
/// functions it calls that ask for the lane's id (unless they wait at a
/// barrier), puts its loops in simplified and LCSSA form and lowers its
/// divergent switches to branches; where its divergent paths meet only further
/// on than linearization handles (a loop left from a loop inside it, a uniform
/// loop in a region left to several blocks, returns inside divergent code),
/// gives it one return block and each loop one exit block; runs the uniformity
/// and stride analyses and packetizeKernel at the width asked for
/// (vecz/Packetizer.h); names the result the kernel's vector variant
/// (`!mux_vector_variant`), which work-item-loops runs for as many groups
/// of W work-items as the local size holds, then the scalar kernel for the
/// rest. Every function it makes passes the IR verifier, or is erased with
/// a remark naming it and the stage that made it (doc/passes.md, "Vecz's
/// invariants"). A kernel it cannot vectorize keeps its scalar form and gets an
/// OptimizationRemarkMissed (pass name `vecz`) saying why; one it does gets
/// an OptimizationRemark.
/// With the cost model (`-cl-wfv=auto`), a variant that costs more than
/// the scalar kernel per work-item is dropped, with a remark giving both
/// costs. The width is the one asked for, or chosen per kernel (CostModel.h).
/// A vector variant without barriers then gets a jammed variant running R
/// rows of W work-items per call (vecz/JamRows.h), when R is asked for, or,
/// with `rows=auto`, R = half the target's vector registers (at
/// most 8) when the kernel has a loop and one jammed run
/// costs at most 3/4 of R vector runs; a required work-group size of Y in
/// dimension 1 caps R at Y's largest power-of-two divisor (none below 2).
/// A kernel with varying values of vector types (float4) is packetized in
/// two layouts: interleaved (each lane's vector whole in one wide vector),
/// and scalarized then widened (a copy of the kernel whose vector
/// operations LLVM's ScalarizerPass has split into scalar ones, loads and
/// stores kept whole, packetized in turn: one `<W x T>` per element);
/// the one whose run the cost model estimates cheaper is kept, or the one
/// `layout=` asks for, and choosing the scalarized one is remarked on.
/// A jammed variant of R rows then gets, where the cost model says one run
/// of it is at least 10% cheaper (or where asked), a wide variant of K = 2
/// vectors and that one's jammed variant of R / K rows: as many
/// accumulators, each value the rows share loaded once for K vectors.
/// A kernel that works with sub-groups (a sub-group query or function, or
/// a required sub-group size above 1, which is then the width) has them
/// as its vector's lanes (transform/SubGroups.h): it gets the vector
/// variant and a tail variant, which runs each row's last Lx mod W
/// work-items as one vector whose lanes past the row are off (the kernel's
/// body guarded by `get_local_id(0) < get_local_size(0)`, packetized), or
/// neither; no cost model, no other variant. With `tail`, every vector
/// variant gets a tail variant too, where one can be made.
/// Produces: the vector variant `__vecz_v<W>_<kernel>`, and when asked for
/// and kept, the jammed variant `__vecz_v<W>x<R>_<kernel>`, the wide
/// variant `__vecz_v<K W>_<kernel>` (K vectors side by side) and the wide
/// jammed variant `__vecz_v<K W>x<R/K>_<kernel>`, all named by
/// the kernel's `!mux_vector_variant`, and the tail variant
/// `__vecz_v<W>_<kernel>.tail` (`!mux_tail_variant`); a remark for each
/// kernel it vectorizes or declines. Pipeline name:
/// `vecz<width=N|auto;rows=N|auto;interleave=N|auto;max-width=N;max-rows=N;
/// layout=L;cost-model;no-strided-gathers;tail>` (width 8, one row, no wide
/// variant, layout auto, no cost model, strided accesses gathers where the
/// target has them, tails only for sub-groups, and the caps the largest
/// values of compiler::VeczWidthRange and VeczRowsRange, by default).
/// Its stages run alone as passes: vecz-packetize (the preparation and
/// packetization, vecz/VeczPacketizePass.h), vecz-jam-rows and vecz-wide
/// (the jammed and wide variants); vecz is their composition under the cost
/// model.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZPASS_H
#define VECZ_VECZPASS_H

#include "compiler/pipeline/CompileOptions.h"
#include "vecz/Packetizer.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace vecz {

class VeczPass : public llvm::PassInfoMixin<VeczPass> {
public:
  struct Options {
    /// Work-items per vector; 0: chosen for each kernel from the target's
    /// vector registers and the kernel's element types (CostModel.h).
    unsigned Width = 8;
    /// Whether a kernel gets its vector variant only when the cost model
    /// says one run of it costs no more than W runs of the scalar kernel
    /// (`-cl-wfv=auto`); otherwise whenever Vecz can make one.
    bool CostModel = false;
    /// The target's caps (TargetLimits): the widest vector, and the most
    /// rows of a jammed variant; what is asked for or chosen is cut to them.
    unsigned MaxWidth = compiler::VeczWidthRange.Max;
    unsigned MaxRows = compiler::VeczRowsRange.Max;
    /// Rows of work-items (dimension 1) the jammed variant runs per call
    /// (vecz/JamRows.h): 1, none; 0, chosen from the target's vector
    /// registers where the cost model says the jammed variant pays
    /// (whatever CostModel says); else that many.
    unsigned Rows = 1;
    /// Vectors of work-items the wide variant runs per call, their
    /// dependence chains side by side (`__vecz_v<Interleave W>_<kernel>`):
    /// 1, none; 0, chosen for kernels with loops where the cost model says
    /// it pays (CostModel.h); else that many. Beside a jammed variant of R
    /// rows, the wide one comes with a jammed variant of its own, R / K
    /// rows of K vectors (K = 2 for auto, kept where the cost model finds it
    /// cheaper), when R / K is at least 2.
    unsigned Interleave = 1;
    /// How values of vector types (float4) are laid out: interleaved,
    /// scalarized then widened, or (Auto) whichever the cost model says
    /// one run costs less in, when the kernel has varying ones.
    compiler::VeczLayout Layout = compiler::VeczLayout::Auto;
    /// Whether strided accesses may be the target's gathers and scatters
    /// (PacketizerOptions::StridedGathers); `no-strided-gathers` where
    /// they are slow.
    bool StridedGathers = true;
    /// Whether every vectorized kernel gets a tail variant running each
    /// row's last Lx mod W work-items as one masked vector, in place of
    /// the scalar kernel one by one (`tail`); a kernel that works with
    /// sub-groups always does.
    bool Tail = false;

    /// What packetization takes of these options.
    PacketizerOptions getPacketizerOptions() const {
      PacketizerOptions Packetizer;
      Packetizer.StridedGathers = StridedGathers;
      return Packetizer;
    }
  };
  VeczPass() = default;
  explicit VeczPass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  /// The pass and every option, as parseVeczOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

/// Parses `;`-separated `width=N`, `rows=N` and `interleave=N` (N in
/// compiler::VeczWidthRange, VeczRowsRange and VeczInterleaveRange, or
/// `auto`), `max-width=N`, `max-rows=N` (powers of two),
/// `layout=auto|interleaved|scalarized`, `cost-model` and
/// `no-strided-gathers`.
llvm::Expected<VeczPass::Options> parseVeczOptions(llvm::StringRef Params);

/// What a target lets Vecz do on it, whatever the build options ask: its
/// widest vector (work-items per vector call: a power of two; 1, no vector
/// kernels at all) and the most rows a jammed variant may run (1: none);
/// and whether its gathers and scatters pay for strided accesses (false:
/// they are done lane by lane, see hasFastGathers).
/// A target that leaves Vecz out altogether does not call addVeczPasses.
struct TargetLimits {
  unsigned MaxWidth = compiler::VeczWidthRange.Max;
  unsigned MaxRows = compiler::VeczRowsRange.Max;
  bool StridedGathers = true;
};

/// Whether LLVM's tuning for \p TM's CPU says its gathers are fast
/// (x86's `fast-gather`: Intel's since Skylake; not AMD's, whose AVX-512
/// gathers LLVM 15 calls legal all the same, nor a CPU LLVM 15 does not
/// know). A gesummv row per work-item ran 3x as fast lane by lane as with
/// `vgatherdps` on an AVX-512 AMD EPYC (doc/performance.md).
bool hasFastGathers(const llvm::TargetMachine &TM);

/// Adds Vecz to a target's late passes as \p Opts ask (`-cl-wfv=`,
/// `-vecz-width=`, `-vecz-rows=`, `-vecz-interleave=`, `-vecz-layout=`),
/// within \p Limits: nothing for `never`
/// or a target maximum width of 1.
void addVeczPasses(llvm::ModulePassManager &MPM,
                   const compiler::CompileOptions &Opts,
                   TargetLimits Limits = {});

} // namespace vecz

#endif // VECZ_VECZPASS_H
