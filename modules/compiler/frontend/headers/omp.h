/*===- omp.h - The OpenMP routines a Loom kernel may call -----------------===
 *
 * The frontend gives this header to every kernel, in C and in OpenCL C
 * (`#include <omp.h>`): the routines of the driver's OpenMP runtime
 * (metadata/openmp_runtime.def, doc/openmp.md), which it provides with
 * -fopenmp or without (a serial program's team of one), with the types of
 * LLVM's libomp, whose locks are one pointer each. Kernels have no C
 * library, so unlike libomp's omp.h it includes nothing.
 *
 *===----------------------------------------------------------------------===*/

#ifndef LOOM_OMP_H
#define LOOM_OMP_H

#ifdef __cplusplus
extern "C" {
#endif

/* The team. Inside the loop of a 'parallel for' the compiler answers
   omp_get_thread_num, omp_get_num_threads and omp_in_parallel itself; the
   loop's workers are the region's threads for the others. */
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int num_threads);
int omp_in_parallel(void);
int omp_get_num_procs(void);

/* Levels: a region inside an active one runs on one thread (one active
   level is supported). */
int omp_get_level(void);
int omp_get_active_level(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_team_size(int level);
void omp_set_max_active_levels(int max_levels);
int omp_get_max_active_levels(void);
int omp_get_supported_active_levels(void);
void omp_set_nested(int nested);
int omp_get_nested(void);

/* Settings: no OMP_* environment variable is read. dyn-var allows fewer
   threads than a region asks, which the runtime never gives. */
void omp_set_dynamic(int dynamic_threads);
int omp_get_dynamic(void);
int omp_get_thread_limit(void);

/* The schedule of schedule(runtime) loops (the values are the driver's,
   metadata/openmp_kinds.h). */
typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4,
  omp_sched_monotonic = (int)0x80000000u
} omp_sched_t;
void omp_set_schedule(omp_sched_t kind, int chunk_size);
void omp_get_schedule(omp_sched_t *kind, int *chunk_size);

/* Thread placement: none (bind-var is false). */
typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0,
  omp_proc_bind_true = 1,
  omp_proc_bind_master = 2,
  omp_proc_bind_close = 3,
  omp_proc_bind_spread = 4
} omp_proc_bind_t;
omp_proc_bind_t omp_get_proc_bind(void);

/* Whether the calling thread runs a final task, or an explicit one. */
int omp_in_final(void);
int omp_in_explicit_task(void);

/* A depend object ('depobj'), which the compiler fills. */
typedef void *omp_depend_t;

/* A detachable task's completion event ('detach'): the task completes once
   its code has run and omp_fulfill_event has been called on its event. */
typedef enum omp_event_handle_t {
  omp_event_handle_max = __UINTPTR_MAX__
} omp_event_handle_t;
void omp_fulfill_event(omp_event_handle_t event);

/* Devices: the host alone, the initial device (target regions are host
   code). A task's priority is a hint not taken. */
int omp_get_num_devices(void);
int omp_get_initial_device(void);
int omp_is_initial_device(void);
int omp_get_device_num(void);
void omp_set_default_device(int device_num);
int omp_get_default_device(void);
int omp_get_max_task_priority(void);

/* Places: one, the driver's processors. */
int omp_get_num_places(void);
int omp_get_place_num_procs(int place_num);
void omp_get_place_proc_ids(int place_num, int *ids);
int omp_get_place_num(void);
int omp_get_partition_num_places(void);
void omp_get_partition_place_nums(int *place_nums);

/* The league of 'teams': its teams run one after another. nteams-var and
   teams-thread-limit-var (OpenMP 5.1) are what a 'teams' without
   num_teams or thread_limit takes (0: unset; one team, no limit). */
int omp_get_num_teams(void);
int omp_get_team_num(void);
void omp_set_num_teams(int num_teams);
int omp_get_max_teams(void);
void omp_set_teams_thread_limit(int thread_limit);
int omp_get_teams_thread_limit(void);

/* Whether 'cancel' cancels: never (OMP_CANCELLATION is not read). */
int omp_get_cancellation(void);

/* Resources to give back: none is held between regions, so pausing
   always succeeds (on the host, the one device). */
typedef enum omp_pause_resource_t {
  omp_pause_resume = 0,
  omp_pause_soft = 1,
  omp_pause_hard = 2
} omp_pause_resource_t;
int omp_pause_resource(omp_pause_resource_t kind, int device_num);
int omp_pause_resource_all(omp_pause_resource_t kind);

/* No tool is attached (OMPT): omp_control_tool answers notool. */
typedef enum omp_control_tool_result_t {
  omp_control_tool_notool = -2,
  omp_control_tool_nocallback = -1,
  omp_control_tool_success = 0,
  omp_control_tool_ignored = 1
} omp_control_tool_result_t;
typedef enum omp_control_tool_t {
  omp_control_tool_start = 1,
  omp_control_tool_pause = 2,
  omp_control_tool_flush = 3,
  omp_control_tool_end = 4
} omp_control_tool_t;
int omp_control_tool(int command, int modifier, void *arg);

/* Memory allocators (OpenMP 5.0), with libomp's handles and traits. Every
   memory space is the host's memory; an allocator's traits that change
   what the runtime does are its alignment, its pool size and its fallback
   (abort_fb ends the kernel's launch with an error); the others are
   accepted and change nothing. The 'allocate' clause and directive call
   the same allocators. */
typedef __UINTPTR_TYPE__ omp_uintptr_t;
typedef enum omp_alloctrait_key_t {
  omp_atk_sync_hint = 1,
  omp_atk_alignment = 2,
  omp_atk_access = 3,
  omp_atk_pool_size = 4,
  omp_atk_fallback = 5,
  omp_atk_fb_data = 6,
  omp_atk_pinned = 7,
  omp_atk_partition = 8
} omp_alloctrait_key_t;
typedef enum omp_alloctrait_value_t {
  omp_atv_false = 0,
  omp_atv_true = 1,
  omp_atv_contended = 3,
  omp_atv_uncontended = 4,
  omp_atv_serialized = 5,
  omp_atv_sequential = omp_atv_serialized,
  omp_atv_private = 6,
  omp_atv_all = 7,
  omp_atv_thread = 8,
  omp_atv_pteam = 9,
  omp_atv_cgroup = 10,
  omp_atv_default_mem_fb = 11,
  omp_atv_null_fb = 12,
  omp_atv_abort_fb = 13,
  omp_atv_allocator_fb = 14,
  omp_atv_environment = 15,
  omp_atv_nearest = 16,
  omp_atv_blocked = 17,
  omp_atv_interleaved = 18
} omp_alloctrait_value_t;
#define omp_atv_default ((omp_uintptr_t)-1)
typedef struct omp_alloctrait_t {
  omp_alloctrait_key_t key;
  omp_uintptr_t value;
} omp_alloctrait_t;
typedef enum omp_memspace_handle_t {
  omp_default_mem_space = 0,
  omp_large_cap_mem_space = 1,
  omp_const_mem_space = 2,
  omp_high_bw_mem_space = 3,
  omp_low_lat_mem_space = 4,
  omp_memspace_handle_max = __UINTPTR_MAX__
} omp_memspace_handle_t;
typedef enum omp_allocator_handle_t {
  omp_null_allocator = 0,
  omp_default_mem_alloc = 1,
  omp_large_cap_mem_alloc = 2,
  omp_const_mem_alloc = 3,
  omp_high_bw_mem_alloc = 4,
  omp_low_lat_mem_alloc = 5,
  omp_cgroup_mem_alloc = 6,
  omp_pteam_mem_alloc = 7,
  omp_thread_mem_alloc = 8,
  omp_allocator_handle_max = __UINTPTR_MAX__
} omp_allocator_handle_t;
omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace,
                                          int ntraits,
                                          const omp_alloctrait_t traits[]);
void omp_destroy_allocator(omp_allocator_handle_t allocator);
void omp_set_default_allocator(omp_allocator_handle_t allocator);
omp_allocator_handle_t omp_get_default_allocator(void);
void *omp_alloc(__SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size,
                        omp_allocator_handle_t allocator);
void *omp_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                 omp_allocator_handle_t allocator);
void *omp_aligned_calloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ nmemb,
                         __SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_realloc(void *ptr, __SIZE_TYPE__ size,
                  omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator);
void omp_free(void *ptr, omp_allocator_handle_t allocator);

/* Time, in seconds. */
double omp_get_wtime(void);
double omp_get_wtick(void);

/* Locks: omp_init_*lock makes the runtime's lock, omp_destroy_*lock frees
   it. */
typedef struct omp_lock_t {
  void *_lk;
} omp_lock_t;
typedef struct omp_nest_lock_t {
  void *_lk;
} omp_nest_lock_t;

/* A lock's hint, which the runtime may ignore (and does). */
typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0,
  omp_lock_hint_none = omp_sync_hint_none,
  omp_sync_hint_uncontended = 1,
  omp_lock_hint_uncontended = omp_sync_hint_uncontended,
  omp_sync_hint_contended = (1 << 1),
  omp_lock_hint_contended = omp_sync_hint_contended,
  omp_sync_hint_nonspeculative = (1 << 2),
  omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
  omp_sync_hint_speculative = (1 << 3),
  omp_lock_hint_speculative = omp_sync_hint_speculative
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;

void omp_init_lock(omp_lock_t *lock);
void omp_init_lock_with_hint(omp_lock_t *lock, omp_lock_hint_t hint);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_lock_hint_t hint);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_OMP_H */
