//===- VariantStages.h - The variants Vecz makes of a kernel ---*- C++ -*-===//
///
/// \file
/// The stages of Vecz that make a kernel's variants from its vector
/// variant, after packetization: the scalarize-then-widen layout, the
/// jammed variant (several rows of work-items per call, vecz/JamRows.h) and
/// the wide variant (several vectors per call); and the check every
/// function Vecz makes must pass before it is kept (verifyMade). VeczPass
/// runs them in that order, asking the cost model where its options say
/// `auto`; vecz-jam-rows and vecz-wide run one of them alone.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_PIPELINE_VARIANTSTAGES_H
#define VECZ_PIPELINE_VARIANTSTAGES_H

#include "vecz/VeczPass.h"

#include "compiler/analysis/KernelMetadata.h"
#include "compiler/pipeline/CompileOptions.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Function;
class Module;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace compiler {
class BuiltinInfo;
} // namespace compiler

namespace vecz {

/// \p Made, a function Vecz made at \p Stage, once the IR verifier passes
/// it; else it is erased and the error says what the verifier found. A
/// broken function must not reach the rest of the pipeline, where it could
/// crash the compiler: the kernel keeps its scalar form (or the variant
/// made before) instead.
llvm::Expected<llvm::Function *>
verifyMade(llvm::Expected<llvm::Function *> Made, llvm::StringRef Stage,
           llvm::FunctionAnalysisManager &FAM);

/// Erases \p F, a function Vecz made, and its analyses.
void eraseFunction(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

/// \p Interleaved, the vector variant of \p Kernel, or the one made from a
/// scalarized copy of the kernel, at the width asked for or, without one,
/// the width its layout gives: as \p Opts' layout asks or, for Auto,
/// whichever costs less per work-item. The other is erased.
compiler::utils::VectorVariant
chooseLayout(llvm::Function &Kernel, compiler::utils::VectorVariant Interleaved,
             const VeczPass::Options &Opts, const compiler::BuiltinInfo &BI,
             llvm::FunctionAnalysisManager &FAM,
             llvm::OptimizationRemarkEmitter &ORE);

/// \p Variant with a jammed variant running several rows per call, when
/// \p Opts ask for one and it can be made (and pays, for `rows=auto`);
/// says why not through \p ORE when rows were asked for.
compiler::utils::VectorVariant
addJammedVariant(llvm::Function &Kernel, compiler::utils::VectorVariant Variant,
                 const VeczPass::Options &Opts,
                 llvm::FunctionAnalysisManager &FAM,
                 llvm::OptimizationRemarkEmitter &ORE);

/// \p Variant with a wide variant running several of its vectors per call
/// (\p Scalarized: in the scalarize-then-widen layout, as \p Variant is),
/// when \p Opts ask for one or, for `interleave=auto`, the cost model says
/// it pays; not with barriers. Beside a jammed variant of R rows, the wide
/// variant comes with its own jammed variant of R / K rows (K vectors per
/// row, K = 2 for `interleave=auto`), when R / K is at least 2 and, for
/// `auto`, the cost model finds it cheaper than the jammed variant. Says
/// why not through \p ORE when one was asked for.
compiler::utils::VectorVariant
addWideVariant(llvm::Function &Kernel, compiler::utils::VectorVariant Variant,
               bool Scalarized, const VeczPass::Options &Opts,
               const compiler::BuiltinInfo &BI,
               llvm::FunctionAnalysisManager &FAM,
               llvm::OptimizationRemarkEmitter &ORE);

/// The tail variant of \p Kernel at \p Width (VectorVariant::Tail): a copy
/// of the kernel whose body only the work-items of the row run, as it is
/// (`if (get_local_id(0) < get_local_size(0)) body`), packetized at
/// \p Width, so that the lanes past the row are off, every memory access
/// masked. \p Kernel has been prepared for packetization.
llvm::Expected<llvm::Function *>
makeTailVariant(llvm::Function &Kernel, unsigned Width,
                const VeczPass::Options &Opts, const compiler::BuiltinInfo &BI,
                llvm::FunctionAnalysisManager &FAM,
                llvm::OptimizationRemarkEmitter &ORE);

/// What a stage pass run alone (vecz-jam-rows, vecz-wide) adds to a
/// kernel's vector variant: the variant with the stage's, or as it was.
using VariantStage = llvm::function_ref<compiler::utils::VectorVariant(
    llvm::Function &Kernel, compiler::utils::VectorVariant Variant,
    llvm::OptimizationRemarkEmitter &ORE)>;

/// Runs \p Stage on each kernel of \p M whose vector variant has no
/// wide variant yet, nor a tail variant (its lanes are its sub-groups, one
/// row each), and records what it made; whether it made anything.
bool runVariantStage(llvm::Module &M, VariantStage Stage);

/// The one parameter `<NAME=N>` of stage pass \p Pass, \p Range's option,
/// N a value of \p Range above 1.
llvm::Expected<unsigned>
parseVariantStageCount(llvm::StringRef Params, llvm::StringRef Pass,
                       const compiler::VeczNumberRange &Range);

} // namespace vecz

#endif // VECZ_PIPELINE_VARIANTSTAGES_H
