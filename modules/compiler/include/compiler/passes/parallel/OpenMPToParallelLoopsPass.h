//===- OpenMPToParallelLoopsPass.h ------------------------------*- C++ -*-===//
///
/// \file
/// Assumes: a module from Clang 15 with `-fopenmp`, before anything links
/// or optimizes it: each `#pragma omp parallel for` outlined by Clang into a
/// microtask that `__kmpc_fork_call` runs (after `__kmpc_push_num_threads`
/// for `num_threads`), the microtask sharing its loop out through
/// `__kmpc_for_static_init_{4,4u,8,8u}` (schedule `static`, with or without
/// a chunk) and `__kmpc_for_static_fini`, or chunk after chunk through
/// `__kmpc_dispatch_init_*` and `__kmpc_dispatch_next_*` (`dynamic`,
/// `guided`, `runtime`, `auto`), and combining `reduction`s through
/// `__kmpc_reduce_nowait`; or the same from LLVM's OpenMPIRBuilder (flang,
/// and DO CONCURRENT mapped to OpenMP), whose loop ends with its implicit
/// `__kmpc_barrier`.
/// Does: late outlining, as the parallelization-metadata RFC argues: puts
/// the microtask back in its caller, so the optimizer sees the loop, as the
/// code one thread of a team of one would run (the schedule's bounds are
/// the whole iteration space, the reduction is this thread's), and gives
/// the loop Loom's form of a parallel loop (doc/compiler-spec.md): a region
/// of `num_threads` workers (0 without the clause) and the schedule's chunk
/// (0 without one), `dynamic` and `guided` as the loop's schedule property
/// (`runtime` and `auto` are static), the loop's accesses to memory other
/// than the microtask's own stack slots in an access group (`parallel for`
/// declares the iterations independent), the caller's stack variables the
/// loop stores to marked shared by the region (`llvm.loom.parallel.shared`:
/// a critical section updates them), and the reduction kinds of the
/// reduction function declared on the loop. `omp_get_thread_num()` and
/// `omp_get_num_threads()` in the loop become the region's worker queries
/// (or 0 and 1 where a `num_threads(n)` region is inactive, which the
/// runtime says before it: `omp_get_active_level()` at
/// `omp_get_max_active_levels()`);
/// a critical section's `__kmpc_critical` and `__kmpc_end_critical` stay,
/// for the driver's runtime, which holds the section's lock.
/// A region its parallel loops do not express (not one worksharing loop:
/// code each thread runs, several loops, a barrier but the one ending the
/// loop, `single`, `master`, `masked`, `copyprivate`, `flush`, `sections`,
/// tasks, `ordered`, `threadprivate` variables, `cancel`,
/// thread queries outside the loop), a `parallel for` whose loop's shape
/// it does not recognise or with `lastprivate` or `linear` variables (copied
/// out of the last iteration after the loop), or every one with `runtime`,
/// stays as Clang made it, for the driver's OpenMP runtime
/// (metadata/openmp_runtime.def, doc/kernel-abi.md), whose team's threads
/// run it at once, unless its region needs work-item state, which the
/// runtime's threads lack; a `parallel for` Loom could not make its own
/// gets a warning.
/// What it does not support is an error at the construct's source
/// location (with -g): any OpenMP runtime function the driver's runtime
/// lacks (`target nowait`). Clang's common symbols of critical sections' locks
/// and threadprivate caches become the module's own. Remarks of the pass
/// `openmp` say what became of each construct
/// (`-Rpass=openmp`: recognised, with its workers, schedule, chunk and
/// reductions; `-Rpass-missed=openmp`: left to the runtime, or serial); its
/// regions record the origin `openmp`.
/// Produces: parallel regions for parallelization-cleanup and
/// lower-parallel-loops; OpenMP runtime calls only of the driver's runtime,
/// in regions left to it. Pipeline name:
/// `openmp-to-parallel-loops<runtime>`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_PARALLEL_OPENMPTOPARALLELLOOPSPASS_H
#define COMPILER_PASSES_PARALLEL_OPENMPTOPARALLELLOOPSPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace compiler {
namespace utils {

class OpenMPToParallelLoopsPass
    : public llvm::PassInfoMixin<OpenMPToParallelLoopsPass> {
public:
  struct Options {
    /// Leave every region, once checked, to the driver's OpenMP runtime
    /// (`-fopenmp-runtime`).
    bool RuntimeOnly = false;
  };
  OpenMPToParallelLoopsPass() = default;
  explicit OpenMPToParallelLoopsPass(Options Opts) : Opts(Opts) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);

  /// The options `<...>` of the pass's pipeline name give (PassRegistry.def).
  static llvm::Expected<Options> parseOptions(llvm::StringRef Params);
  /// The pass and its options, as parseOptions reads them back.
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);

private:
  Options Opts;
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_PARALLEL_OPENMPTOPARALLELLOOPSPASS_H
