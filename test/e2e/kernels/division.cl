// division.cl: integer / and % of every element, scalar and 4-lane vector,
// and by a kernel argument; built with -DT=<integer type>. Division by zero
// and MIN / -1 have defined results in Loom (doc/compiler-spec.md) and must
// never trap.
#define CAT(A, B) A##B
#define VEC4(E) CAT(E, 4)

kernel void divide(global const T *a, global const T *b, global T *q,
                   global T *r) {
  size_t i = get_global_id(0);
  q[i] = a[i] / b[i];
  r[i] = a[i] % b[i];
}

kernel void divide4(global const VEC4(T) *a, global const VEC4(T) *b,
                    global VEC4(T) *q, global VEC4(T) *r) {
  size_t i = get_global_id(0);
  q[i] = a[i] / b[i];
  r[i] = a[i] % b[i];
}

kernel void divide_by_argument(global const T *a, T d, global T *q,
                               global T *r) {
  size_t i = get_global_id(0);
  q[i] = a[i] / d;
  r[i] = a[i] % d;
}

// A ring over the work-group, in rounds separated by barriers: divisions of
// 64-bit local ids by the group's size, which narrow-division does in 32
// bits, and of global ids, which it leaves alone.
kernel void group_ring(global ulong *out, local ulong *tile, int rounds) {
  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
  ulong acc = 0;
  for (int r = 0; r < rounds; ++r) {
    tile[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc = acc * 31 + tile[(l + r + 1) % n] + 7 * ((l + n - 1) % n) +
          1000 * ((g + r) / n) + (l * n + r) / (n + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[g] = acc;
}
