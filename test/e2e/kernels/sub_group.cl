// Sub-groups of one work-item each (doc/opencl.md, "Sub-groups"): every
// query and a collective of each extension, per work-item, in a 2-D range
// whose groups are not multiples of a vector's width, under a divergent
// branch too. sub_group_test.cpp checks each against its model.
kernel void sub_groups(global const int *in, global int *out) {
  size_t w = get_global_id(0) + get_global_id(1) * get_global_size(0);
  global int *o = out + w * 12;
  int x = in[w];
  o[0] = (int)get_sub_group_size();
  o[1] = (int)get_num_sub_groups();
  o[2] = (int)get_sub_group_id();
  o[3] = (int)get_sub_group_local_id();
  o[4] = sub_group_reduce_add(x) + sub_group_scan_exclusive_add(x);
  o[5] = sub_group_scan_exclusive_min(x) == INT_MAX;
  o[6] = sub_group_broadcast(x, 0) * 2 + sub_group_any(x > 0);
  uint4 b = sub_group_ballot(x > 0);
  o[7] = (int)(b.x + b.y + b.z + b.w) + sub_group_inverse_ballot(b) * 10;
  o[8] = sub_group_shuffle_xor(x, 0) - sub_group_shuffle_down(x, 0);
  o[9] = 0;
  if (x % 3 == 0) {
    // Non-uniform control flow: the non-uniform functions are the ones to
    // call here.
    o[9] = sub_group_non_uniform_reduce_max(x) +
           sub_group_non_uniform_scan_exclusive_mul(x) * 1000 +
           sub_group_elect() * 100;
  }
  o[10] = sub_group_clustered_reduce_xor(x, 1);
  o[11] = sub_group_non_uniform_all_equal(x) + sub_group_ballot_bit_count(b);
}
