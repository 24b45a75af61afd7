// Private memory on the stack of the thread running the work-group.
// PRIVATE (a -D option) sets the array sizes.

// Each work-item's array is live across the barrier, so a work-group keeps
// one per work-item at once: p[k] = in[g] + k, then the sum of p read in
// another order, n(in[g]) + n(n - 1)/2 modulo 2^32.
kernel void live_across_barrier(global const uint *in, global uint *out,
                                uint n) {
  uint p[PRIVATE];
  size_t g = get_global_id(0);
  for (uint k = 0; k < n; ++k)
    p[k] = in[g] + k;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint s = 0;
  for (uint k = 0; k < n; ++k)
    s += p[(k * 7) % n];
  out[g] = s;
}

// No barrier: one work-item's array at a time.
kernel void private_array(global const uint *in, global uint *out, uint n) {
  uint q[PRIVATE];
  size_t g = get_global_id(0);
  for (uint k = 0; k < n; ++k)
    q[k] = in[g] ^ k;
  uint s = 0;
  for (uint k = 0; k < n; ++k)
    s += q[(k * 5) % n];
  out[g] = s;
}
