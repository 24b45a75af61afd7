// Buffers the kernels only add to with atomics whose results they drop
// (accumulators, which the driver may privatize per worker), beside buffers
// that are read too and so are not.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

kernel void histogram(global const uint *data, global uint *bins, uint nbins) {
  atomic_inc(&bins[data[get_global_id(0)] % nbins]);
}

// Additions and subtractions of varying amounts into 32-bit and 64-bit sums.
kernel void weighted(global const uint *data, global int *sums,
                     global ulong *wide) {
  uint v = data[get_global_id(0)];
  atomic_add(&sums[v % 64], (int)(v & 0xff));
  atomic_sub(&sums[(v >> 8) % 64], 3);
  atomic_dec(&sums[(v >> 16) % 64]);
  atom_add(&wide[v % 8], (ulong)v << 20);
}

// The first work-item to reach each bin records itself: the result of the
// addition is used, so bins is an ordinary buffer.
kernel void first_seen(global const uint *data, global uint *bins,
                       global uint *count_of_firsts) {
  uint v = data[get_global_id(0)] % 32;
  if (atomic_inc(&bins[v]) == 0)
    atomic_inc(count_of_firsts);
}
