// Kernels for bench/csa/annotations.sh: each loop built without and with a
// CSA annotation (chosen with -D), on single-work-item kernels.
#include <csa/builtins.h>

#define SINGLE __attribute__((reqd_work_group_size(1, 1, 1)))

// Gathers from the second half of an array into its first half through an
// index table. LLVM knows nothing of the indices, so the gather could read
// what an earlier iteration wrote and the loop stays scalar (no runtime
// check bounds an indirect access) unless parallel_loop promises the
// iterations independent; then it becomes vector gathers and stores.
SINGLE kernel void gather_half(global float *a, global const int *index,
                               int n) {
#if defined(PARALLEL)
  __builtin_csa_parallel_loop();
#elif defined(OMP)
#pragma omp parallel for
#endif
  for (int i = 0; i < n; ++i)
    a[i] = a[n + index[i]] * 1.5f + 0.25f;
}

// Independent iterations with enough work each to share out.
SINGLE kernel void independent(global float *out, global const float *in,
                               int n) {
#if defined(SPMD_CHUNK)
  __builtin_csa_spmd(2, SPMD_CHUNK);
#elif defined(OMP_CHUNK) && OMP_CHUNK == 0
#pragma omp parallel for num_threads(2) schedule(static)
#elif defined(OMP_CHUNK) && OMP_CHUNK == 1
#pragma omp parallel for num_threads(2) schedule(static, 1)
#elif defined(OMP_CHUNK) && OMP_CHUNK == 8
#pragma omp parallel for num_threads(2) schedule(static, 8)
#endif
  for (int i = 0; i < n; ++i) {
    float x = in[i];
    for (int k = 0; k < 64; ++k)
      x = x * 0.999f + 0.5f;
    out[i] = x;
  }
}

// A reduction inner loop per row.
SINGLE kernel void row_sums(global int *out, global const int *m, int rows,
                            int cols) {
  for (int r = 0; r < rows; ++r) {
    int sum = 0;
#ifdef PIPELINE
    __builtin_csa_pipeline_loop(PIPELINE);
#endif
    for (int c = 0; c < cols; ++c)
      sum += m[r * cols + c] * (c & 7);
    out[r] = sum;
  }
}
