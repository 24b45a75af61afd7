// The CSA pathfinding builtins on single-work-item kernels; each marker is
// chosen with -D, so one source builds with and without it.
#include <csa/builtins.h>

#define SINGLE __attribute__((reqd_work_group_size(1, 1, 1)))

// Each builtin's OpenMP twin (CSA-SPEC.md's table), with -fopenmp:
// parallel_loop is 'parallel for', spmd(w, k) 'parallel for num_threads(w)
// schedule(static[, k])' (k = 0, blocks, is schedule(static)).
#define DO_PRAGMA(Text) _Pragma(#Text)
#if defined(OMP_CHUNK)
#define OMP_LOOP(Workers)                                                      \
  DO_PRAGMA(omp parallel for num_threads(Workers) schedule(static, OMP_CHUNK))
#else
#define OMP_LOOP(Workers)                                                      \
  DO_PRAGMA(omp parallel for num_threads(Workers) schedule(static))
#endif

// out[i] = 3 * in[i] + i for i in [start, end) stepping by step.
SINGLE kernel void strided(global int *out, global const int *in, int start,
                           int end, int step) {
#if defined(PARALLEL_LOOP)
  __builtin_csa_parallel_loop();
#elif defined(SPMD_CHUNK)
  __builtin_csa_spmd(SPMD_WORKERS, SPMD_CHUNK);
#elif SPMDIZATION == 1
  __builtin_csa_spmdization(SPMD_WORKERS, "blocking");
#elif SPMDIZATION == 2
  __builtin_csa_spmdization(SPMD_WORKERS, "cyclic");
#elif SPMDIZATION == 3
  __builtin_csa_spmdization(SPMD_WORKERS, "hybrid");
#elif defined(PIPELINE)
  __builtin_csa_pipeline_loop(PIPELINE);
#elif defined(OMP_PARALLEL_FOR)
#pragma omp parallel for
#elif defined(OMP_WORKERS)
  OMP_LOOP(OMP_WORKERS)
#endif
  for (int i = start; i < end; i += step)
    out[i] = 3 * in[i] + i;
}

// sums[0] = sum of in[i] * in[i] over [0, n), as a long.
SINGLE kernel void sum_of_squares(global long *sums, global const int *in,
                                  int n) {
  long sum = 0;
#if defined(PIPELINE)
  __builtin_csa_pipeline_loop(PIPELINE);
#endif
  for (int i = 0; i < n; ++i)
    sum += (long)in[i] * in[i];
  sums[0] = sum;
}

// Rows of a matrix, each row's elements in an inner loop; out and in may
// alias as far as the compiler knows.
SINGLE kernel void rows(global float *out, global const float *in, int rows,
                        int cols) {
#if defined(PARALLEL_LOOP)
  __builtin_csa_parallel_loop();
#elif defined(SPMD_CHUNK)
  __builtin_csa_spmd(SPMD_WORKERS, SPMD_CHUNK);
#elif defined(OMP_PARALLEL_FOR)
#pragma omp parallel for
#elif defined(OMP_WORKERS)
  OMP_LOOP(OMP_WORKERS)
#endif
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = in[r * cols + c] * 0.5f + (float)r;
}

// Explicit regions and sections, as a user would write them around two
// independent updates per iteration.
SINGLE kernel void sections(global int *a, global int *b, int n) {
  int region = __builtin_csa_parallel_region_entry(7);
  for (int i = 0; i < n; ++i) {
    int s = __builtin_csa_parallel_section_entry(region);
    a[i] = a[i] + i;
    __builtin_csa_parallel_section_exit(s);
    s = __builtin_csa_parallel_section_entry(region);
    b[i] = b[i] * 2;
    __builtin_csa_parallel_section_exit(s);
  }
  __builtin_csa_parallel_region_exit(region);
}

// An ND-range kernel whose work-items each run a marked loop.
kernel void per_item(global int *out, int inner) {
  int g = get_global_id(0);
  __builtin_csa_parallel_loop();
  for (int k = 0; k < inner; ++k)
    out[g * inner + k] = g - k;
}
