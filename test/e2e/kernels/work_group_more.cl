// The work-group functions work_group.cl leaves out: every scan, the other
// types' reductions, and 2-D and 3-D broadcasts.
kernel void scans(global const int *in, global int *inc_add, global int *inc_min,
                  global int *inc_max, global int *exc_add, global int *exc_min,
                  global int *exc_max) {
  size_t g = get_global_linear_id();
  int x = in[g];
  inc_add[g] = work_group_scan_inclusive_add(x);
  inc_min[g] = work_group_scan_inclusive_min(x);
  inc_max[g] = work_group_scan_inclusive_max(x);
  exc_add[g] = work_group_scan_exclusive_add(x);
  exc_min[g] = work_group_scan_exclusive_min(x);
  exc_max[g] = work_group_scan_exclusive_max(x);
}

kernel void reduce_types(global const int *in, global uint *u, global long *l,
                         global ulong *ul, global double *d) {
  size_t g = get_global_linear_id();
  int x = in[g];
  u[g] = work_group_reduce_max((uint)(x + 1000));
  l[g] = work_group_reduce_add((long)x * 1000000000L);
  ul[g] = work_group_reduce_min((ulong)(x + 1000));
  d[g] = work_group_reduce_add((double)x * 0.5);
}

// Work-group (1, 2, 1) (local ids x, y, z) broadcasts its value, in 2-D and
// 3-D form.
kernel void broadcasts(global const int *in, global int *two_d, global int *three_d) {
  size_t g = get_global_linear_id();
  int x = in[g];
  two_d[g] = work_group_broadcast(x, 1, 2);
  three_d[g] = work_group_broadcast(x, 1, 2, 1);
}
