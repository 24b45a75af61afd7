/*===- metadata/openmp_kinds.h - libomp's numbers Clang passes ------------===*/
/**
 * \file
 * The numbers Clang 15's OpenMP code passes the runtime (LLVM's kmp.h),
 * which the compiler reads in a region's calls (the recognizer of
 * worksharing loops, passes/parallel/OpenMPWorksharing.h) and the driver's
 * OpenMP runtime acts on (mux/source/openmp_schedules.cpp), and the values
 * of the OpenMP routines' arguments the runtime reads, listed once.
 * Plain C, as metadata/abi.h.
 */

#ifndef METADATA_OPENMP_KINDS_H
#define METADATA_OPENMP_KINDS_H

#include <stdint.h>

/** libomp's schedule kinds (kmp_sched_t), the third argument of
 * `__kmpc_for_static_init_*` and `__kmpc_dispatch_init_*`. */
enum loom_openmp_schedule {
  /** `schedule(static, chunk)`. */
  LOOM_OMP_SCHED_STATIC_CHUNKED = 33,
  /** `schedule(static)`, and no schedule clause. */
  LOOM_OMP_SCHED_STATIC = 34,
  LOOM_OMP_SCHED_DYNAMIC_CHUNKED = 35,
  LOOM_OMP_SCHED_GUIDED_CHUNKED = 36,
  LOOM_OMP_SCHED_RUNTIME = 37,
  LOOM_OMP_SCHED_AUTO = 38,
  /** `distribute` with `dist_schedule(static, chunk)`, and without. */
  LOOM_OMP_SCHED_DISTRIBUTE_CHUNKED = 91,
  LOOM_OMP_SCHED_DISTRIBUTE = 92
};

/** An `ordered` loop's kinds (kmp_ord_*): the kinds above plus this. */
#define LOOM_OMP_SCHED_ORDERED_OFFSET 32

/** The bits of the `monotonic` and `nonmonotonic` modifiers Clang adds to
 * a kind. */
#define LOOM_OMP_SCHED_MODIFIERS (3u << 29)

/** The bit of an ident_t's flags (its second 32-bit field) that marks the
 * loop of a `sections` construct (KMP_IDENT_WORK_SECTIONS). */
#define LOOM_OMP_IDENT_WORK_SECTIONS 0x400u

/** OpenMP's omp_sched_t, which `omp_set_schedule` and `omp_get_schedule`
 * take (Loom's omp.h declares the same values; test/unit/mux checks that
 * they agree), and its `monotonic` modifier bit. */
#define LOOM_OMP_KIND_STATIC 1
#define LOOM_OMP_KIND_DYNAMIC 2
#define LOOM_OMP_KIND_GUIDED 3
#define LOOM_OMP_KIND_AUTO 4
#define LOOM_OMP_KIND_MONOTONIC 0x80000000u

/** OpenMP 5.0's memory allocators (Loom's omp.h declares the same values;
 * test/unit/mux checks that they agree): omp_default_mem_alloc's handle
 * (the predefined allocators' handles are below
 * LOOM_OMP_FIRST_ALLOCATOR_OBJECT, an allocator omp_init_allocator makes
 * is its object's address); the omp_alloctrait_key_t keys and
 * omp_alloctrait_value_t values the runtime reads; omp_atv_default. */
#define LOOM_OMP_DEFAULT_MEM_ALLOC 1
#define LOOM_OMP_FIRST_ALLOCATOR_OBJECT 4096
#define LOOM_OMP_ATK_SYNC_HINT 1
#define LOOM_OMP_ATK_ALIGNMENT 2
#define LOOM_OMP_ATK_ACCESS 3
#define LOOM_OMP_ATK_POOL_SIZE 4
#define LOOM_OMP_ATK_FALLBACK 5
#define LOOM_OMP_ATK_FB_DATA 6
#define LOOM_OMP_ATK_PINNED 7
#define LOOM_OMP_ATK_PARTITION 8
#define LOOM_OMP_ATV_CONTENDED 3
#define LOOM_OMP_ATV_PRIVATE 6
#define LOOM_OMP_ATV_ALL 7
#define LOOM_OMP_ATV_CGROUP 10
#define LOOM_OMP_ATV_DEFAULT_MEM_FB 11
#define LOOM_OMP_ATV_NULL_FB 12
#define LOOM_OMP_ATV_ABORT_FB 13
#define LOOM_OMP_ATV_ALLOCATOR_FB 14
#define LOOM_OMP_ATV_ENVIRONMENT 15
#define LOOM_OMP_ATV_INTERLEAVED 18
#define LOOM_OMP_ATV_DEFAULT UINTPTR_MAX

/** omp_control_tool's answer when no tool is attached. */
#define LOOM_OMP_CONTROL_TOOL_NOTOOL (-2)

/** The active levels of parallelism the driver's runtime supports: a
 * region inside an active region runs on a team of one. */
#define LOOM_OMP_SUPPORTED_ACTIVE_LEVELS 1

#endif /* METADATA_OPENMP_KINDS_H */
