kernel void saxpy(global float *y, global const float *x, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
kernel void reduce(global int *out, global const int *in, local int *tmp) {
  size_t l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (l < s)
      tmp[l] += tmp[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    out[get_group_id(0)] = tmp[0];
}
// One work-item per group: the CSA target runs it without work-item loops
// (work-item-loops<single-work-item>).
__attribute__((reqd_work_group_size(1, 1, 1))) kernel void
squares(global int *out, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += i * i;
  out[get_global_id(0)] = sum;
}
