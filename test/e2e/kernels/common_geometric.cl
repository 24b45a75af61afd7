// Common and geometric functions on float and double, and upsample, for
// common_geometric_test.cpp: each work-item writes RESULTS values.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define RESULTS 16

kernel void floats(global const float *a, global const float *b,
                   global const float *c, global float *out) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i], z = c[i];
  float4 p = vload4(i, a), q = vload4(i, b);
  global float *o = out + i * RESULTS;
  o[0] = smoothstep(x, y, z);
  o[1] = sign(x);
  o[2] = radians(x);
  o[3] = degrees(x);
  o[4] = max(x, y);
  o[5] = min(x, y);
  o[6] = length(p);
  o[7] = distance(p, q);
  float4 n = normalize(p);
  o[8] = n.x;
  o[9] = n.w;
  float3 cr = cross(p.xyz, q.xyz);
  o[10] = cr.x;
  o[11] = cr.y;
  o[12] = cr.z;
  o[13] = length(p.xy);
  o[14] = fast_length(p.xyz);
  o[15] = dot(p, q);
}

kernel void doubles(global const double *a, global const double *b,
                    global double *out) {
  size_t i = get_global_id(0);
  double4 p = vload4(i, a), q = vload4(i, b);
  global double *o = out + i * 4;
  o[0] = length(p);
  o[1] = distance(p.xyz, q.xyz);
  o[2] = normalize(p).y;
  o[3] = cross(p, q).z;
}

// Vectors near DBL_MAX, whose lengths overflow where their directions do
// not: each width's normalize.
kernel void normalize_huge_doubles(global const double *a, global double *out) {
  size_t i = get_global_id(0);
  double4 p = vload4(i, a);
  global double *o = out + i * 9;
  vstore2(normalize(p.xy), 0, o);
  vstore3(normalize(p.xyz), 0, o + 2);
  vstore4(normalize(p), 0, o + 5);
}

kernel void upsamples(global const char *hi, global const uchar *lo,
                      global short *out) {
  size_t i = get_global_id(0);
  out[i] = upsample(hi[i], lo[i]);
}
