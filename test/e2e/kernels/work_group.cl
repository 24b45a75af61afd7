// The work-group functions of OpenCL C 2.0/3.0, one output buffer each.
kernel void collectives(global const int *in, global int *all, global int *any,
                        global int *bcast, global int *sum, global int *lo,
                        global int *hi, global int *inclusive,
                        global int *exclusive, global float *fsum) {
  size_t g = get_global_id(0);
  int x = in[g];
  all[g] = work_group_all(x > -900);
  any[g] = work_group_any(x > 990);
  bcast[g] = work_group_broadcast(x, get_local_size(0) - 1);
  sum[g] = work_group_reduce_add(x);
  lo[g] = work_group_reduce_min(x);
  hi[g] = work_group_reduce_max(x);
  inclusive[g] = work_group_scan_inclusive_add(x);
  exclusive[g] = work_group_scan_exclusive_max(x);
  fsum[g] = work_group_reduce_add((float)x);
}
