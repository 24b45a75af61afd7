/*===- csa/builtins.h - The CSA pathfinding builtins
 * -----------------------===*/
/**
 * \file
 * The CSA target's loop and region annotations (CSA-SPEC.md section 1),
 * for OpenCL C kernels and plain C compiled by loomc --target=csa, which
 * provides this header: `#include <csa/builtins.h>`. A loop builtin applies
 * to the loop that follows it. None changes what a program computes, only
 * what the compiler may assume: parallel_loop and spmd promise that the
 * loop's iterations touch no memory another iteration touches.
 */

#ifndef CSA_BUILTINS_H
#define CSA_BUILTINS_H

#ifdef __OPENCL_C_VERSION__
#define CSA_CONSTANT_STRING __constant const char *
#else
#define CSA_CONSTANT_STRING const char *
#endif

/**
 * Marks a kernel. In OpenCL C, a single-work-item kernel; in plain C, a
 * function that returns void, which loomc makes a kernel taking its pointers
 * as global buffers (run once per ND-range of one work-item).
 */
#ifdef __OPENCL_C_VERSION__
#define CSA_KERNEL __kernel __attribute__((reqd_work_group_size(1, 1, 1)))
#else
#define CSA_KERNEL __attribute__((annotate("loom_kernel")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** The next loop has no memory dependencies between iterations. */
void __builtin_csa_parallel_loop(void);
/**
 * Split the next loop across `workers` workers: `chunk` 0 gives each a
 * contiguous block, 1 deals iterations round-robin, k > 1 deals chunks of
 * k. Implies parallel_loop.
 */
void __builtin_csa_spmd(int workers, int chunk);
/** The older spmd: `kind` is "blocking", "cyclic" or "hybrid" (chunks of 8). */
void __builtin_csa_spmdization(int workers, CSA_CONSTANT_STRING kind);
/** Pipeline the next loop, at most `depth` iterations in flight (0: any). */
void __builtin_csa_pipeline_loop(int depth);

/** Opens region `region_id` (below 1000; ids from 1000 are the compiler's). */
int __builtin_csa_parallel_region_entry(int region_id);
void __builtin_csa_parallel_region_exit(int region_entry);
/** Opens a section of the region `region_entry` opened. */
int __builtin_csa_parallel_section_entry(int region_entry);
void __builtin_csa_parallel_section_exit(int section_entry);

#ifdef __cplusplus
} /* extern "C" */
#endif

#undef CSA_CONSTANT_STRING

#endif /* CSA_BUILTINS_H */
