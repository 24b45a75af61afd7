// The sums of a work-group's keys, 256 work-items each loading one, two
// ways: through local memory and barriers (a tree of eight levels), or
// through sub-group reductions (a vector kernel's lanes, Vecz) and one
// atomic addition per sub-group. pocl, without sub-groups, runs the first
// for both cases (bench/compare.py, "pocl_kernel").
kernel void group_sum_local(global const uint *keys, global uint *sums,
                            uint per_item) {
  local uint partial[256];
  size_t l = get_local_id(0), n = get_local_size(0);
  size_t base = get_group_id(0) * n * per_item + l;
  uint sum = 0;
  for (uint k = 0; k < per_item; ++k)
    sum += keys[base + k * n];
  partial[l] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t stride = n / 2; stride > 0; stride /= 2) {
    if (l < stride)
      partial[l] += partial[l + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    sums[get_group_id(0)] = partial[0];
}

#ifdef __opencl_c_subgroups
kernel void group_sum_sub_groups(global const uint *keys, global uint *sums,
                                 uint per_item) {
  size_t l = get_local_id(0), n = get_local_size(0);
  size_t base = get_group_id(0) * n * per_item + l;
  uint sum = 0;
  for (uint k = 0; k < per_item; ++k)
    sum += keys[base + k * n];
  sum = sub_group_reduce_add(sum);
  if (get_sub_group_local_id() == 0)
    atomic_add(&sums[get_group_id(0)], sum);
}
#endif
