// Results OpenCL C leaves undefined and Loom defines (doc/compiler-spec.md):
// float-to-integer casts out of range saturate and NaN gives 0, as
// convert_<type>_sat does; shift counts are taken modulo the width of the
// shifted type, as OpenCL C says.

kernel void float_casts(global const float *f, global int *si, global uint *ui,
                        global short *ss, global uchar *uc, global long *sl,
                        global ulong *ul) {
  size_t i = get_global_id(0);
  float x = f[i];
  si[i] = (int)x;
  ui[i] = (uint)x;
  ss[i] = (short)x;
  uc[i] = (uchar)x;
  sl[i] = (long)x;
  ul[i] = (ulong)x;
}

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_casts(global const double *d, global int *si,
                         global ulong *ul) {
  size_t i = get_global_id(0);
  si[i] = (int)d[i];
  ul[i] = (ulong)d[i];
}

kernel void shifts(global const int *a, global const int *s, global int *left,
                   global int *right, global uint *logical, global long *wide,
                   global char4 *narrow) {
  size_t i = get_global_id(0);
  left[i] = a[i] << s[i];
  right[i] = a[i] >> s[i];
  logical[i] = (uint)a[i] >> s[i];
  wide[i] = (long)a[i] << s[i];
  char4 c = (char4)((char)a[i], (char)(a[i] >> 8), (char)(a[i] >> 16), 5);
  narrow[i] = c << (char4)((char)s[i], (char)(s[i] + 3), (char)(s[i] * 2), 9);
}
