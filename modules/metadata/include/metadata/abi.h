/*===- metadata/abi.h - The kernel ABI shared by compiler and driver ------===*/
/**
 * \file
 * Everything the compiler and the reference driver must agree on to call a
 * kernel: the work-group info the driver passes, the work-item info the
 * kernel wrapper keeps, the packed-argument rules, the entry-point symbol, the
 * descriptor section and the ABI version. Plain C so the driver, the compiler
 * and users' runtimes can all include it. doc/kernel-abi.md explains it.
 */

#ifndef METADATA_ABI_H
#define METADATA_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Bumped on any change below; the driver refuses other versions. */
#define LOOM_ABI_VERSION 5u

/** The ELF section holding the kernel descriptors
 * (metadata/kernel_descriptor.h). */
#define LOOM_DESCRIPTOR_SECTION ".loom.kernels"

/** Suffix of the entry-point symbol of kernel K: "K.mux-entry-hook". */
#define LOOM_ENTRY_SUFFIX ".mux-entry-hook"

/**
 * Filled by the driver for each launch and passed to the entry point, which
 * sets the per-group fields (group_id, local_size) before each group.
 * Dimensions beyond the launch's work_dim hold group id 0, size 1, offset 0,
 * so the work-item builtins need no check against work_dim.
 *
 * A launch may be non-uniform (OpenCL 2.0): when a global size is not a
 * multiple of the local size, the last group of that dimension is smaller.
 * num_groups rounds up, and local_size is the running group's own size,
 * min(enqueued_local_size, global_size - group_id * enqueued_local_size).
 */
typedef struct loom_work_group_info {
  uint64_t group_id[3];
  uint64_t num_groups[3];
  uint64_t global_offset[3];
  /** This group's size (get_local_size), set by the entry point. */
  uint64_t local_size[3];
  /** The launch's local size (get_enqueued_local_size). */
  uint64_t enqueued_local_size[3];
  uint64_t global_size[3];
  uint32_t work_dim;
  /** Bytes of the arena below: get_fence and to_local test whether an
      address lies in it. */
  uint32_t local_memory_size;
  /** The running worker's local-memory arena: kernel-scope __local
      variables at the offsets the compiler chose (the kernel's
      LocalMemoryBytes first), then the __local pointer arguments. Aligned to
      LOOM_LOCAL_MEMORY_ALIGNMENT; never shared by two work-groups running at
      once. */
  uint8_t *local_memory;
} loom_work_group_info_t;

/**
 * The most work-items a work-group may have, which bounds every dimension's
 * local size too: a driver launches no larger group (the reference driver's
 * limit, 1024, is below it), and the compiler assumes it, so that the
 * optimizer knows local ids and sizes fit in 32 bits (doc/kernel-abi.md).
 */
#define LOOM_MAX_WORK_GROUP_ITEMS 65536u

/** Alignment of the local-memory arena and of each __local argument in it. */
#define LOOM_LOCAL_MEMORY_ALIGNMENT 128u

/** Field indices of loom_work_group_info_t, as the compiler's IR struct uses
 * them. */
enum loom_work_group_info_field {
  LOOM_WG_GROUP_ID = 0,
  LOOM_WG_NUM_GROUPS = 1,
  LOOM_WG_GLOBAL_OFFSET = 2,
  LOOM_WG_LOCAL_SIZE = 3,
  LOOM_WG_ENQUEUED_LOCAL_SIZE = 4,
  LOOM_WG_GLOBAL_SIZE = 5,
  LOOM_WG_WORK_DIM = 6,
  LOOM_WG_LOCAL_MEMORY_SIZE = 7,
  LOOM_WG_LOCAL_MEMORY = 8,
  LOOM_WG_FIELD_COUNT = 9
};

/**
 * Which struct the driver fills and passes as the work-group info: a
 * target's BuiltinInfo chooses, and each kernel descriptor records it.
 */
enum loom_work_group_info_layout {
  /** loom_work_group_info_t. */
  LOOM_WORK_GROUP_INFO_REFERENCE = 0,
  /** loom_csa_work_group_info_t. */
  LOOM_WORK_GROUP_INFO_CSA = 1
};

/**
 * The CSA target's work-group info. A spatial accelerator sets a work-group
 * up once and then streams its work-items, so the CSA layout carries each
 * dimension's first global id of the group (group id x enqueued local size +
 * global offset), which the kernel's entry point updates per group:
 * get_global_id is one add to the local id. The sizes come first, for the entry
 * point's loop over groups. Dimensions beyond work_dim hold size 1, id and
 * offset 0.
 */
typedef struct loom_csa_work_group_info {
  uint64_t global_base[3];
  /** This group's size, set by the entry point (as the reference layout). */
  uint64_t local_size[3];
  uint64_t num_groups[3];
  uint64_t group_id[3];
  uint64_t global_offset[3];
  uint64_t enqueued_local_size[3];
  uint64_t global_size[3];
  uint8_t *local_memory;
  uint32_t work_dim;
  uint32_t local_memory_size;
} loom_csa_work_group_info_t;

/** Field indices of loom_csa_work_group_info_t in the compiler's IR struct. */
enum loom_csa_work_group_info_field {
  LOOM_CSA_WG_GLOBAL_BASE = 0,
  LOOM_CSA_WG_LOCAL_SIZE = 1,
  LOOM_CSA_WG_NUM_GROUPS = 2,
  LOOM_CSA_WG_GROUP_ID = 3,
  LOOM_CSA_WG_GLOBAL_OFFSET = 4,
  LOOM_CSA_WG_ENQUEUED_LOCAL_SIZE = 5,
  LOOM_CSA_WG_GLOBAL_SIZE = 6,
  LOOM_CSA_WG_LOCAL_MEMORY = 7,
  LOOM_CSA_WG_WORK_DIM = 8,
  LOOM_CSA_WG_LOCAL_MEMORY_SIZE = 9,
  LOOM_CSA_WG_FIELD_COUNT = 10
};

/**
 * Kept by the kernel wrapper on its stack and set by the work-item loops;
 * not part of the driver's ABI, listed here so the layout is documented once.
 */
typedef struct loom_work_item_info {
  uint64_t local_id[3];
} loom_work_item_info_t;

/**
 * The variable, a pointer, that a binary whose kernels call printf defines:
 * the driver points it at a printf buffer before each ND-range of such a
 * kernel and clears it afterwards.
 */
#define LOOM_PRINTF_BUFFER_SYMBOL "__loom_printf_buffer"

/**
 * The printf buffer starts with this header; the records follow, each one
 * where the bytes of the records before it end. A kernel reserves a record
 * by adding its size to `used` atomically, and writes it only when it fits
 * in `capacity`, so `used` may end larger than `capacity`: the records that
 * did not fit were dropped.
 */
typedef struct loom_printf_buffer_header {
  uint32_t used;
  uint32_t capacity;
} loom_printf_buffer_header_t;

/**
 * Each printf record starts with this header; the arguments follow, each
 * in a slot aligned to 8 bytes (doubles, longs, pointers and vectors whole).
 */
typedef struct loom_printf_record_header {
  /** Of the whole record, header included. */
  uint32_t size;
  /** The work-item's linear local id and its group's linear id: records
      are printed in the order of (group, work-item). */
  uint32_t local_linear_id;
  uint64_t group_linear_id;
  /** The address of the format string, in the binary's read-only data. */
  uint64_t format;
} loom_printf_record_header_t;

/**
 * The entry point of a kernel: runs the work-groups numbered
 * [first_group, end_group) of the ND-range (x fastest, then y, then z;
 * first_group < end_group), writing each one's group ids (and, in the CSA
 * layout, its global base) into `work_group`, which the calling worker owns
 * and which is the struct the kernel descriptor's work-group info layout
 * names. `packed_args` points at the arguments packed
 * in order, each at the offset its descriptor gives (natural alignment):
 * global/constant/local pointers as 8-byte addresses, scalars and vectors by
 * value (3-element vectors take the size of 4), structs by value. A __local
 * pointer points into the worker's arena, so the driver keeps one copy of
 * the packed arguments per worker.
 */
typedef void (*loom_kernel_entry_t)(const void *packed_args, void *work_group,
                                    uint64_t first_group, uint64_t end_group);

/**
 * The runtime hooks the driver provides to kernels, resolved by name when a
 * binary is loaded. `__loom_parallel_map(count, fn, ctx)` runs fn(ctx, i)
 * for every i in [0, count), i = 0 on the calling thread and the others on
 * idle workers of the driver's pool (or on the calling thread when none is
 * idle), and returns when all have returned: loops split across workers
 * (the CSA target's spmd) call it.
 */
#define LOOM_PARALLEL_MAP_SYMBOL "__loom_parallel_map"
/**
 * `uint32_t __loom_parallel_workers(void)`: how many workers a
 * `__loom_parallel_map` from the calling thread may run on at once (the
 * driver's pool, or 1 outside it): parallel loops that ask for as many
 * workers as the driver has call it.
 */
#define LOOM_PARALLEL_WORKERS_SYMBOL "__loom_parallel_workers"
/**
 * The most variables an OpenMP parallel region may pass its outlined
 * function through the driver's `__kmpc_fork_call` (metadata/
 * openmp_runtime.def); the compiler refuses a region passing more.
 */
#define LOOM_OPENMP_MAX_REGION_ARGUMENTS 32
/**
 * `int __loom_is_private_address(const void *p)`: whether p points into the
 * stack of a thread that runs kernels, where work-items keep their private
 * variables (to_private and to_global ask).
 */
#define LOOM_IS_PRIVATE_ADDRESS_SYMBOL "__loom_is_private_address"
/**
 * `int __loom_is_local_address(const void *p)`: whether p points into the
 * local memory of some work-group, the running one's or another's
 * (to_local, to_global and get_fence ask when p is not in the running
 * group's own arena).
 */
#define LOOM_IS_LOCAL_ADDRESS_SYMBOL "__loom_is_local_address"
typedef void (*loom_parallel_map_fn_t)(void *ctx, uint32_t index);
typedef void (*loom_parallel_map_t)(uint32_t count, loom_parallel_map_fn_t fn,
                                    void *ctx);
typedef uint32_t (*loom_parallel_workers_t)(void);

/** How an argument is passed (loom::metadata::ArgKind mirrors it). */
enum loom_arg_kind {
  LOOM_ARG_GLOBAL_BUFFER = 0,
  LOOM_ARG_CONSTANT_BUFFER = 1,
  LOOM_ARG_LOCAL_BUFFER = 2,
  LOOM_ARG_SCALAR = 3,
  LOOM_ARG_STRUCT_BY_VALUE = 4,
  /** The address of the image's loom_image_t (metadata/image.h). */
  LOOM_ARG_IMAGE = 5,
  /** A pointer-sized value holding the sampler's bits (metadata/image.h). */
  LOOM_ARG_SAMPLER = 6
};

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* METADATA_ABI_H */
