/*===- metadata/openmp_kinds.h - libomp's numbers Clang passes ------------===*/
/**
 * \file
 * The numbers Clang 15's OpenMP code passes the runtime (LLVM's kmp.h),
 * which the compiler reads in a region's calls (the recognizer of
 * worksharing loops, passes/parallel/OpenMPWorksharing.h) and the driver's
 * OpenMP runtime acts on (mux/source/openmp_schedules.cpp), listed once.
 * Plain C, as metadata/abi.h.
 */

#ifndef METADATA_OPENMP_KINDS_H
#define METADATA_OPENMP_KINDS_H

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

#endif /* METADATA_OPENMP_KINDS_H */
