// Kernels whose outputs streaming-stores may write past the caches: output-
// only buffers, vector stores after Vecz.

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

// The output at an element offset the host picks, so that most vector stores
// are not aligned to their size.
__kernel void scale_at(__global const float *a, __global float *c, uint k) {
  size_t i = get_global_id(0);
  c[i + k] = a[i] * 2.0f;
}

// A float4 per work-item, and a second output of another type.
__kernel void split(__global const float4 *in, __global float4 *scaled,
                    __global int *ids) {
  size_t i = get_global_id(0);
  scaled[i] = in[i] * 3.0f;
  ids[i] = (int)i - 7;
}
