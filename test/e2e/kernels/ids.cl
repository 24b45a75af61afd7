// Writes every work-item builtin, for dimensions 0-3 (3 is out of range),
// at the work-item's linear position in the range.
static size_t linear_position(void) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t z = get_global_id(2) - get_global_offset(2);
  return (z * get_global_size(1) + y) * get_global_size(0) + x;
}

kernel void ids(global ulong *global_id, global ulong *local_id,
                global ulong *group_id, global ulong *local_size,
                global ulong *global_size, global ulong *num_groups,
                global ulong *global_offset, global uint *work_dim) {
  size_t i = linear_position();
  for (uint d = 0; d < 4; ++d) {
    global_id[4 * i + d] = get_global_id(d);
    local_id[4 * i + d] = get_local_id(d);
    group_id[4 * i + d] = get_group_id(d);
    local_size[4 * i + d] = get_local_size(d);
    global_size[4 * i + d] = get_global_size(d);
    num_groups[4 * i + d] = get_num_groups(d);
    global_offset[4 * i + d] = get_global_offset(d);
  }
  work_dim[i] = get_work_dim();
}
