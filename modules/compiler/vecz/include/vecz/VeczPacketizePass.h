//===- vecz/VeczPacketizePass.h - One Vecz stage: packetization -*- C++ -*-===//
///
/// \file
/// Assumes: kernel entry points, after the generic pipeline, without a
/// vector variant.
/// Does: Vecz's first stages alone, at the width `width=N` gives: each
/// kernel prepared (Preparation.h), then packetized (vecz/Packetizer.h):
/// every value widened to N work-items, calls widened to the builtins'
/// vector forms; then the stages after packetization: what has no vector
/// form done lane by lane (vecz-lane-calls), its divergent control flow
/// linearized under masks (vecz-linearize), accesses at clamped indices
/// versioned, branches around runs no lane takes (BOSCC). No cost model, no
/// other layout, no jammed or wide variant: a kernel it can packetize gets
/// its vector variant; one it cannot keeps its scalar form, with a missed
/// remark saying why. `no-clamped-versions` and `no-boscc` leave out
/// packetization's two optimizing stages, so that a test sees the vector
/// kernel before and after each; `defer-stages` leaves all four stages to
/// their passes, `vecz-lane-calls`, `vecz-linearize`,
/// `vecz-clamped-versions` and `vecz-boscc`, the vector kernel keeping the
/// scalar kernel's control flow and the markers they work on
/// (transform/StageMarkers.h).
/// Produces: `__vecz_v<N>_<kernel>` and the kernel's !mux_vector_variant
/// naming it. `vecz` runs these stages, then the cost model and the
/// variant stages (vecz-jam-rows, vecz-wide).
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZPACKETIZEPASS_H
#define VECZ_VECZPACKETIZEPASS_H

#include "vecz/Packetizer.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace vecz {

class VeczPacketizePass : public llvm::PassInfoMixin<VeczPacketizePass> {
public:
  struct Options {
    unsigned Width = 8;
    /// Packetization's optimizing stages, to see what each does
    /// (`no-clamped-versions`, `no-boscc`), or the stages after
    /// packetization run as passes (`defer-stages`).
    PacketizerOptions Stages;
  };
  VeczPacketizePass() = default;
  explicit VeczPacketizePass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  /// The options `<width=N;no-clamped-versions;no-boscc;defer-stages>` of
  /// the pass's pipeline name give.
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace vecz

#endif // VECZ_VECZPACKETIZEPASS_H
