// loops.c: OpenMP loops as programs write them, for bench/openmp/compare.py.
// Each function is a Loom C kernel (run on one work-item, its regions on the
// driver's workers) and, built by clang-15 -fopenmp, a native function on
// libomp (openmp-native-run): the same source both ways.

#include <stdint.h>

#define KERNEL __attribute__((annotate("loom_kernel")))

// One Jacobi step of a 5-point stencil over a rows x cols grid; the border
// is copied.
KERNEL void stencil(float *out, const float *in, int32_t rows, int32_t cols) {
#pragma omp parallel for
  for (int32_t r = 0; r < rows; ++r) {
    const float *row = in + (int64_t)r * cols;
    float *dst = out + (int64_t)r * cols;
    if (r == 0 || r == rows - 1) {
      for (int32_t c = 0; c < cols; ++c)
        dst[c] = row[c];
      continue;
    }
    dst[0] = row[0];
    for (int32_t c = 1; c < cols - 1; ++c)
      dst[c] = 0.2f * (row[c] + row[c - 1] + row[c + 1] + row[c - cols] +
                       row[c + cols]);
    dst[cols - 1] = row[cols - 1];
  }
}

// A triangular loop: row i of a lower-triangular matrix times a vector,
// iteration i costing i + 1, shared out as threads come free.
KERNEL void triangular(float *out, const float *matrix, const float *x,
                       int32_t n) {
#pragma omp parallel for schedule(dynamic, 16)
  for (int32_t i = 0; i < n; ++i) {
    const float *row = matrix + (int64_t)i * n;
    float sum = 0.0f;
    for (int32_t j = 0; j <= i; ++j)
      sum += row[j] * x[j];
    out[i] = sum;
  }
}

// A histogram of n values into 256 bins, one atomic increment per value.
KERNEL void histogram(int32_t *bins, const uint32_t *in, int32_t n) {
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
    uint32_t bin = (in[i] >> 7) & 255;
#pragma omp atomic
    bins[bin]++;
  }
}

// A dot product and a sum of squares of n floats.
KERNEL void reduction(float *result, const float *x, const float *y,
                      int32_t n) {
  float dot = 0.0f, squares = 0.0f;
#pragma omp parallel for reduction(+ : dot, squares)
  for (int32_t i = 0; i < n; ++i) {
    dot += x[i] * y[i];
    squares += x[i] * x[i];
  }
  result[0] = dot;
  result[1] = squares;
}

// Blocks of values summed apart, each block's sum added to the total in a
// critical section, the block with the largest sum kept with it (the lowest
// such block: the same whichever thread gets there first).
KERNEL void critical_update(int64_t *total, int32_t *best, const int32_t *in,
                            int32_t blocks, int32_t block) {
  int64_t largest = INT64_MIN;
#pragma omp parallel for
  for (int32_t b = 0; b < blocks; ++b) {
    int64_t sum = 0;
    for (int32_t i = 0; i < block; ++i) {
      int64_t v = in[(int64_t)b * block + i];
      sum += v * v;
    }
#pragma omp critical
    {
      total[0] += sum;
      if (sum > largest || (sum == largest && b < best[0])) {
        largest = sum;
        best[0] = b;
      }
    }
  }
}

// The sum of in[lo, hi): halves as tasks, down to blocks of 'grain'.
static int64_t sum_by_halves(const int32_t *in, int64_t lo, int64_t hi,
                             int64_t grain) {
  if (hi - lo <= grain) {
    int64_t sum = 0;
    for (int64_t i = lo; i < hi; ++i)
      sum += in[i];
    return sum;
  }
  int64_t mid = lo + (hi - lo) / 2;
  int64_t left, right;
#pragma omp task shared(left)
  left = sum_by_halves(in, lo, mid, grain);
#pragma omp task shared(right)
  right = sum_by_halves(in, mid, hi, grain);
#pragma omp taskwait
  return left + right;
}

// A task-parallel recursive sum: one thread starts the recursion, the
// team's threads take its tasks.
KERNEL void recursive_sum(int64_t *out, const int32_t *in, int32_t n) {
#pragma omp parallel
#pragma omp single
  out[0] = sum_by_halves(in, 0, n, 16384);
}
