//===- openmp_runtime.h - The driver's OpenMP runtime -----------*- C++ -*-===//
///
/// \file
/// The OpenMP runtime functions of metadata/openmp_runtime.def, which run
/// the parallel regions the compiler leaves to the runtime (a region that
/// is not one worksharing loop Loom recognises, or every one with
/// `-fopenmp-runtime`). A team's members run at once, each on a thread of
/// its own (openmp_team.h), so they may wait for each other: barriers,
/// `single` with `copyprivate`, a worksharing loop's blocking reduction. A
/// region inside a team runs on a team of one, as OpenMP's nested regions
/// do by default, and so does one whose `if` is false
/// (`__kmpc_serialized_parallel`). Dispatched loops take chunks from a
/// counter of the team's; reductions combine under one lock; critical
/// sections and locks are the runtime's mutexes, released at a kernel
/// fault's catch point if the kernel held them; the `omp_*` routines answer
/// for the calling thread's team, or the Loom parallel loop's workers it is
/// one of (runParallelLoopMembers), and the ICVs of its data environment.
/// No libomp: the driver stays free of it
/// and of LLVM.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_OPENMP_RUNTIME_H
#define MUX_SOURCE_OPENMP_RUNTIME_H

#include <cstdint>
#include <string_view>

namespace mux {

class ThreadPool;

/// The address of OpenMP runtime function \p Name, or null if the driver
/// has none of that name.
void *findOpenMPRuntimeFunction(std::string_view Name);

/// How many workers a region the calling thread opens has when it asks for
/// none: what `omp_set_num_threads` set, or \p PoolSize.
uint32_t defaultTeamSize(uint32_t PoolSize);

/// Whether a parallel region the calling thread starts is inactive, of one
/// thread: it is in as many active regions as max-active-levels-var allows
/// (one, the supported levels, unless `omp_set_max_active_levels` asked for
/// none).
bool nestedRegionsInactive();

/// Runs \p Fn(\p Ctx, I) for each I below \p Count on \p Pool, as
/// `__loom_parallel_map` does (runParallelMapCatchingKernelFaults), with
/// each index the member I of a parallel region of \p Count threads that
/// the calling thread forks: a Loom parallel loop's workers are an OpenMP
/// region's threads, and the `omp_*` routines its body calls answer so
/// (the level, the ancestors, the ICVs the calling thread had), as in a
/// region the runtime runs.
void runParallelLoopMembers(ThreadPool *Pool, uint32_t Count,
                            void (*Fn)(void *, uint32_t), void *Ctx);

/// Makes the calling worker OpenMP's initial thread of a new kernel launch:
/// no team, no `omp_set_num_threads` of an earlier launch.
void startOpenMPInitialThread();

/// For a kernel fault's catch point (kernel_faults.h): the kernel code the
/// calling thread ran is gone, with the frames that would have released
/// the locks the runtime holds for it (critical sections, reductions, omp
/// locks) and left its team. Releases those locks, so that other threads,
/// and later launches, can take them, and leaves the thread in no team.
void abandonOpenMPThreadState();

} // namespace mux

#endif // MUX_SOURCE_OPENMP_RUNTIME_H
