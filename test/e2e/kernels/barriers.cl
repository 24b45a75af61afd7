// Kernels with barriers and __local memory, each checked element by element
// by barrier_test.cpp.

// Tree sum of each work-group's elements in a __local buffer; any group size.
kernel void group_sum(global const int *in, global int *sums, local int *scratch) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t stride = 1; stride < n; stride *= 2) {
    if (lid % (2 * stride) == 0 && lid + stride < n)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    sums[get_group_id(0)] = scratch[0];
}

// Inclusive Hillis-Steele scan per group, double-buffered in __local memory:
// the buffers swap through phis every iteration.
kernel void group_scan(global const int *in, global int *out, local int *scratch) {
  int lid = get_local_id(0), n = get_local_size(0);
  int src = 0, dst = n;
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < n; offset *= 2) {
    int v = scratch[src + lid];
    if (lid >= offset)
      v += scratch[src + lid - offset];
    scratch[dst + lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    int t = src; src = dst; dst = t;
  }
  out[get_global_id(0)] = scratch[src + lid];
}

#ifndef TILE
#define TILE 4
#endif
// C = A * B with TILE x TILE tiles in kernel-scope __local arrays.
kernel void matmul_tiled(global const float *A, global const float *B,
                         global float *C, int n) {
  local float As[TILE][TILE];
  local float Bs[TILE][TILE];
  int tx = get_local_id(0), ty = get_local_id(1);
  int col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    As[ty][tx] = A[row * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}

// A loop whose trip count comes from memory (the same for the whole group),
// with a barrier in it: each round rotates the group's values by one.
kernel void rotate_rounds(global const int *in, global const int *rounds,
                          global int *out, local int *ring) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  int value = in[get_global_id(0)];
  int count = rounds[get_group_id(0)];
  for (int r = 0; r < count; ++r) {
    ring[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    value = ring[(lid + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = value;
}

// A private array and a value live across two barriers, in a 3-D group; the
// barrier is in a helper function.
static void sync_group(void) { barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); }

kernel void reverse_3d(global const int *in, global int *out) {
  local int tile[64];
  size_t nx = get_local_size(0), ny = get_local_size(1), nz = get_local_size(2);
  size_t lin = (get_local_id(2) * ny + get_local_id(1)) * nx + get_local_id(0);
  size_t items = nx * ny * nz;
  size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
  size_t g = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
  int history[3];
  history[0] = in[g];
  tile[lin] = history[0];
  sync_group();
  history[1] = tile[items - 1 - lin];
  sync_group();
  tile[lin] = history[1] * 2;
  sync_group();
  history[2] = tile[(lin + 1) % items];
  out[g] = history[0] + history[1] + history[2];
}

// Work-items loop a different number of times, then meet at the barrier
// after the loop. OpenCL leaves this undefined; Loom defines it (the barrier
// in the loop waits only for the work-items still looping, doc/passes.md)
// and keeps it at every option.
kernel void uneven_loops(global const int *trips, global int *out, local int *board) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  int mine = trips[get_global_id(0)];
  int sum = 0;
  for (int i = 0; i < mine; ++i) {
    sum += i;
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  }
  board[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = board[(lid + 1) % n] + mine;
}

// Each work-item goes round a loop with a barrier as often as its own trip
// count says, on its own slot of the board only, so that most rounds run
// on the region scheduler's path for work-items waiting at different
// barriers; its region is small enough for that path to inline it, where
// the late optimizer vectorizes it under a mask.
kernel void own_slot_rounds(global const uint *trips, global const uint *in,
                            global uint *out, local uint *board) {
  size_t lid = get_local_linear_id();
  size_t gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
  uint acc = in[gid];
  board[lid] = acc;
  for (uint t = 0; t < trips[gid]; ++t) {
    barrier(CLK_LOCAL_MEM_FENCE);
    acc = board[lid] * 3u + t;
    board[lid] = acc;
  }
  out[gid] = acc;
}

// Fences order nothing between work-items but must compile and keep order.
kernel void fenced(global int *out) {
  size_t i = get_global_id(0);
  out[i] = 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  out[i] += 1;
  read_mem_fence(CLK_GLOBAL_MEM_FENCE);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
}

// Nested loops with a barrier in each: every outer round, the group adds
// its neighbours' values `inner` times, then takes a snapshot.
kernel void nested_barriers(global int *data, local int *ring, int outer,
                            int inner) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  int value = data[get_global_id(0)];
  for (int o = 0; o < outer; ++o) {
    for (int i = 0; i < inner; ++i) {
      ring[lid] = value;
      barrier(CLK_LOCAL_MEM_FENCE);
      value += ring[(lid + 1) % n];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    ring[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    value = ring[(lid + n - 1) % n] - o;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[get_global_id(0)] = value;
}

// A barrier inside a condition that is the same for the whole group (from a
// kernel argument and the group id).
kernel void conditional_barrier(global int *data, local int *ring, int odd_groups_only) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  int value = data[get_global_id(0)];
  if (!odd_groups_only || get_group_id(0) % 2 == 1) {
    ring[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    value = ring[n - 1 - lid];
  }
  data[get_global_id(0)] = value;
}

// A call in a kernel with barriers that passes more vectors than the
// registers hold: those past them go on the stack with aligned stores,
// where the region scheduler's allocations, sized by the work-group, must
// leave the stack pointer aligned (a host crash at groups of 28 work-items
// before: CLsmith's `vectors` 1426).
__attribute__((noinline)) int sum_of_ten(int8 a, int8 b, int8 c, int8 d,
                                         int8 e, int8 f, int8 g, int8 h,
                                         int8 i, int8 j) {
  int8 s = a + b + c + d + e + f + g + h + i + j;
  return s.s0 + s.s1 + s.s2 + s.s3 + s.s4 + s.s5 + s.s6 + s.s7;
}

kernel void many_vector_arguments(global const int *in, global int *out,
                                  local int *tile) {
  size_t l = get_local_id(0), n = get_local_size(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int8 v = (int8)(tile[(l + 1) % n]) + (int8)(0, 1, 2, 3, 4, 5, 6, 7);
  out[get_global_id(0)] =
      sum_of_ten(v, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8,
                 v + 9);
}
