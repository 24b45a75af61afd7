//===- openmp_runtime.h - The driver's OpenMP runtime -----------*- C++ -*-===//
///
/// \file
/// The OpenMP runtime functions of metadata/openmp_runtime.def, which run
/// the parallel regions the compiler leaves to the runtime (a `parallel
/// for` whose shape it does not recognise, or every one with
/// `-fopenmp-runtime`). A team is a parallel map over the driver's pool
/// (ThreadPool::parallelMap): member I runs the region's outlined function
/// with thread number I, on an idle worker or, when none is, on the calling
/// thread after the others, which is correct for the constructs the
/// compiler accepts (a worksharing loop on any schedule, reductions,
/// critical sections and locks, whose members never wait for each other:
/// no barrier but the region's end). A region inside a team runs on a team
/// of one, as OpenMP's nested regions do by default, and so does one whose
/// `if` is false (`__kmpc_serialized_parallel`). Dispatched loops take
/// chunks from a counter of the team's; reductions combine under one lock;
/// critical sections and locks are the runtime's mutexes; the `omp_*`
/// routines answer for the calling thread's team. No libomp: the driver
/// stays free of it and of LLVM.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_OPENMP_RUNTIME_H
#define MUX_SOURCE_OPENMP_RUNTIME_H

#include <cstdint>
#include <string_view>

namespace mux {

/// The address of OpenMP runtime function \p Name, or null if the driver
/// has none of that name.
void *findOpenMPRuntimeFunction(std::string_view Name);

/// How many workers a region the calling thread opens has when it asks for
/// none: what `omp_set_num_threads` set, or \p PoolSize.
uint32_t defaultTeamSize(uint32_t PoolSize);

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
