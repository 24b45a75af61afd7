// vstore_half in its five rounding forms, then vload_half of what was
// stored, for T = float or double (the test defines T); and the 4-lane
// vstorea_half4 / vloada_half4 forms, which must store the same halves.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define CAT(a, b) a##b
#define V4(T) CAT(T, 4)

kernel void scalar(global const T *x, global half *out, global float *back) {
  size_t i = get_global_id(0);
  vstore_half(x[i], i * 5, out);
  vstore_half_rte(x[i], i * 5 + 1, out);
  vstore_half_rtz(x[i], i * 5 + 2, out);
  vstore_half_rtp(x[i], i * 5 + 3, out);
  vstore_half_rtn(x[i], i * 5 + 4, out);
  for (int k = 0; k < 5; ++k)
    back[i * 5 + k] = vload_half(i * 5 + k, out);
}

// Work-item i handles x[4i .. 4i+3]; form k goes to out[k][4i .. 4i+3].
kernel void vector(global const T *x, global half *out, global float *back,
                   uint n) {
  size_t i = get_global_id(0);
  V4(T) v = vload4(i, x);
  vstorea_half4(v, i, out);
  vstorea_half4_rte(v, i, out + n);
  vstorea_half4_rtz(v, i, out + 2 * n);
  vstorea_half4_rtp(v, i, out + 3 * n);
  vstore_half4_rtn(v, i, out + 4 * n);
  for (int k = 0; k < 5; ++k)
    vstore4(vloada_half4(i, out + k * n), i, back + k * n);
}
