// Element-wise kernels over scalars and vectors.
kernel void saxpy(float a, global const float *x, global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

kernel void vadd_int(global const int *a, global const int *b, global int *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

// char and short scalars packed between wider ones, and a float4.
kernel void mixed_args(char c, global int *out, short s, float4 v, long l) {
  size_t i = get_global_id(0);
  out[i] = c + s + (int)(v.x + v.y + v.z + v.w) + (int)l + (int)i;
}

// A kernel that reads no work-item state.
kernel void fill_first(global int *out, int value) { out[0] = value; }

// dot of float4 pairs; the test-only target links dot after vectorization.
kernel void dot4(global const float4 *a, global const float4 *b, global float *out) {
  size_t i = get_global_id(0);
  out[i] = dot(a[i], b[i]);
}
