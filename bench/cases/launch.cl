// Kernels whose launch costs more than their work: the driver's dispatch
// latency (bench/compare_pocl.sh bench/cases/empty_*.json).
__kernel void empty(__global uint *out) {}

__kernel void tiny_add(__global const uint *a, __global uint *out) {
  size_t i = get_global_id(0);
  out[i] = a[i] + 1;
}
