// Kernels for bench/dispatch_overhead.cpp.

// Nothing to do: what a launch costs per work-group and per work-item.
// The compiler deletes its work-item loops, so this times the executor alone.
__kernel void empty(__global int *unused) {}

// One store per work-group: the executor plus the work-group's own loops.
__kernel void store_per_group(__global int *out) {
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = (int)get_group_id(0);
}

// A dependent chain of multiply-adds per work-item: compute-bound, to see how
// the executor scales with the number of workers.
__kernel void busy(__global float *out, int iterations) {
  size_t id = get_global_id(0);
  float x = (float)(id & 1023) * 0.001f;
  for (int i = 0; i < iterations; ++i)
    x = x * 0.999f + 0.25f;
  out[id] = x;
}
