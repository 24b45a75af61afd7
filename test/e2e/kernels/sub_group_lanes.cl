// Sub-groups of a vector kernel's lanes (doc/opencl.md, "Sub-groups"):
// every query and each collective Vecz makes a vector operation, for
// several types, per work-item, in ranges whose groups are not multiples
// of a vector's width and whose last groups are smaller.
// sub_group_test.cpp checks each against its model of the layout.
kernel void sub_group_lanes(global const int *in, global int *out,
                            global double *dout) {
  size_t w = get_global_id(0) + get_global_id(1) * get_global_size(0);
  global int *o = out + w * 20;
  int x = in[w];
  o[0] = (int)get_sub_group_size();
  o[1] = (int)get_max_sub_group_size();
  o[2] = (int)get_num_sub_groups();
  o[3] = (int)get_enqueued_num_sub_groups();
  o[4] = (int)get_sub_group_id();
  o[5] = (int)get_sub_group_local_id();
  o[6] = sub_group_reduce_add(x);
  o[7] = sub_group_reduce_min(x);
  o[8] = (int)sub_group_reduce_max((uint)x);
  o[9] = sub_group_scan_inclusive_add(x);
  o[10] = sub_group_scan_exclusive_add(x);
  o[11] = sub_group_scan_inclusive_min(x);
  o[12] = sub_group_scan_exclusive_max(x);
  o[13] = sub_group_broadcast(x, get_sub_group_size() - 1);
  o[14] = sub_group_all(x > -90) + 2 * sub_group_any(x > 90);
  o[15] = (int)sub_group_reduce_add((long)x * 1000000);
  o[16] = (int)(sub_group_scan_exclusive_min((ulong)(x + 100)) % 1000);
  int2 pair = sub_group_broadcast((int2)(x, -2 * x), 0);
  o[17] = pair.x + pair.y * 1000;
  o[18] = (int)sub_group_scan_inclusive_max((short)x);
  // In a loop every work-item of the sub-group runs alike.
  int acc = 0;
  for (int k = 1; k <= 3; ++k)
    acc += sub_group_reduce_max(x * k);
  o[19] = acc;
  dout[w * 2] = sub_group_reduce_add((double)x * 0.5);
  dout[w * 2 + 1] = (double)sub_group_scan_exclusive_add((float)x);
}

// The extensions' exchanges: votes, ballots and their helpers, shuffles,
// clustered and non-uniform arithmetic, in uniform and divergent code.
kernel void sub_group_exchanges(global const int *in, global int *out,
                                global double *unused) {
  size_t w = get_global_id(0) + get_global_id(1) * get_global_size(0);
  global int *o = out + w * 31;
  int x = in[w];
  uint lid = get_sub_group_local_id(), size = get_sub_group_size();
  o[0] = sub_group_non_uniform_all_equal(x / 100) + 2 * get_max_sub_group_size();
  o[1] = sub_group_elect();
  o[2] = sub_group_broadcast_first(x);
  uint4 b = sub_group_ballot(x > 0);
  o[3] = (int)b.x;
  o[4] = (int)(b.y | b.z | b.w);
  o[5] = sub_group_inverse_ballot(b);
  o[6] = (int)sub_group_ballot_bit_count(b);
  o[7] = (int)sub_group_ballot_inclusive_scan(b);
  o[8] = (int)sub_group_ballot_exclusive_scan(b);
  uint4 c = b | get_sub_group_eq_mask();
  o[9] = (int)sub_group_ballot_find_lsb(c);
  o[10] = (int)sub_group_ballot_find_msb(c);
  o[11] = (int)get_sub_group_ge_mask().x;
  o[12] = (int)get_sub_group_gt_mask().x;
  o[13] = (int)get_sub_group_le_mask().x;
  o[14] = (int)get_sub_group_lt_mask().x;
  o[15] = sub_group_shuffle(x, (lid + 1) % size);
  o[16] = sub_group_shuffle_xor(x, 1u);
  o[17] = sub_group_shuffle_up(x, 1u);
  o[18] = sub_group_shuffle_down(x, 1u);
  o[19] = sub_group_clustered_reduce_add(x, 4u);
  o[20] = sub_group_non_uniform_reduce_mul((x & 1) + 1);
  o[21] = sub_group_non_uniform_scan_inclusive_xor(x);
  o[22] = sub_group_non_uniform_reduce_logical_or(x > 90);
  o[23] = sub_group_non_uniform_scan_exclusive_and(x);
  o[24] = (int)sub_group_shuffle((float)x, 0u);
  o[25] = sub_group_clustered_reduce_max(x, 2u);
  o[26] = 0;
  o[27] = 0;
  o[28] = 0;
  o[29] = 0;
  if (x % 3 == 0) {
    o[26] = sub_group_non_uniform_reduce_max(x);
    o[27] = sub_group_elect();
    o[28] = sub_group_non_uniform_scan_inclusive_add(x);
    o[29] = sub_group_broadcast_first(x) + 1000 * sub_group_non_uniform_all(x > 0);
  }
  // A local id the same for the work-items on each path, not for all.
  uint from = lid < size / 2 ? 0 : size - 1;
  if (lid < size / 2)
    o[30] = sub_group_non_uniform_broadcast(x, from);
  else
    o[30] = sub_group_non_uniform_broadcast(x, from) + 1;
}

