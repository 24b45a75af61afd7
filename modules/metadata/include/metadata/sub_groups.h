/*===- metadata/sub_groups.h - How a work-group is cut into sub-groups ----===*/
/**
 * \file
 * The one rule the compiler and the OpenCL layer share for a kernel's
 * sub-groups (doc/opencl.md, "Sub-groups"). A kernel has a sub-group size S
 * (its descriptor's, metadata/kernel_descriptor.h): 1 for a scalar kernel,
 * W for a kernel whose vector variant's W lanes are its sub-groups. Each row
 * of a work-group (the work-items of one local id in dimensions 1 and 2) is
 * cut into sub-groups of S consecutive work-items along dimension 0, the
 * last of the row holding what is left. Vecz emits the same arithmetic in
 * the kernels (vecz/transform/SubGroups.h). Plain C, as metadata/abi.h.
 */

#ifndef METADATA_SUB_GROUPS_H
#define METADATA_SUB_GROUPS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The largest sub-group size: Vecz's widest vector kernel. */
#define LOOM_MAX_SUB_GROUP_SIZE 64u

/** The sub-groups of a row of \p local_x work-items. */
static inline size_t loom_sub_groups_per_row(size_t local_x,
                                             uint32_t sub_group_size) {
  return (local_x + sub_group_size - 1) / sub_group_size;
}

/** The sub-groups of a work-group of local size \p local. */
static inline size_t loom_sub_group_count(const size_t local[3],
                                          uint32_t sub_group_size) {
  return local[1] * local[2] *
         loom_sub_groups_per_row(local[0], sub_group_size);
}

/** The largest sub-group of a launch whose enqueued local size in
 * dimension 0 is \p enqueued_local_x: get_max_sub_group_size(). */
static inline size_t loom_max_sub_group_size(size_t enqueued_local_x,
                                             uint32_t sub_group_size) {
  return enqueued_local_x < sub_group_size ? enqueued_local_x : sub_group_size;
}

#ifdef __cplusplus
}
#endif

#endif /* METADATA_SUB_GROUPS_H */
