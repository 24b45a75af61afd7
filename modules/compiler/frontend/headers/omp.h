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

/* Whether the calling thread runs a final task. */
int omp_in_final(void);

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

/* The league of 'teams': its teams run one after another. */
int omp_get_num_teams(void);
int omp_get_team_num(void);

/* Whether 'cancel' cancels: never (OMP_CANCELLATION is not read). */
int omp_get_cancellation(void);

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
