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
   omp_get_thread_num, omp_get_num_threads and omp_in_parallel itself. */
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int num_threads);
int omp_in_parallel(void);
int omp_get_num_procs(void);

/* The league of 'teams': one team. */
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

void omp_init_lock(omp_lock_t *lock);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_OMP_H */
