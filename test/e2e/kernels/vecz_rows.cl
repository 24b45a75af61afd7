// Two-dimensional kernels for Vecz's jammed variants (several rows of
// work-items per vector call): what the rows share is done once, what
// depends on the row once per row.

// C = A * B (M x K times K x N, row-major, integers so every element is
// exact); one element per work-item, x the column and y the row.
__kernel void matmul(__global const int *A, __global const int *B,
                     __global int *C, int K, int N) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  int acc = 0;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

// Row-dependent loads under a mask that depends on the column, inside a
// loop the rows share: out[row][col] = sum of A[row][k] over k = col mod 3.
__kernel void masked_sums(__global const int *A, __global int *out, int K) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  int width = get_global_size(0);
  int acc = col;
  for (int k = 0; k < K; ++k)
    if (k % 3 == col % 3)
      acc += A[row * K + k];
  out[row * width + col] = acc;
}

// Each work-item draws a ticket (its own atomic, even where the rows'
// operands are alike) and counts itself in its row's bin; the store to
// `marks` is the same for every row of a column.
__kernel void tickets(__global uint *counter, __global uint *bins,
                      __global uint *ticket, __global uint *marks) {
  size_t col = get_global_id(0);
  size_t row = get_global_id(1);
  size_t width = get_global_size(0);
  ticket[row * width + col] = atomic_inc(counter);
  atomic_add(&bins[row % 3], 1u);
  uint sum = 0;
  for (size_t k = 0; k <= col % 4; ++k)
    sum += (uint)k;
  marks[col] = sum + 1;
}

// Private memory: each work-item, of each row, has its own array, indexed
// by data after its loop fills it.
kernel void private_rows(global const int *in, global int *out, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  int t[4];
  for (int k = 0; k < 4; ++k)
    t[k] = in[(y * w + x + k) % (w * 8)] * (y + 1);
  int s = 0;
  for (int k = 0; k < 4; ++k)
    s += t[(x + k) & 3] * (k + 1);
  out[y * w + x] = s;
}
