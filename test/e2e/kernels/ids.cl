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

#if __OPENCL_C_VERSION__ >= 200
// get_enqueued_local_size, for dimensions 0-3, at the work-item's linear
// position (OpenCL C 2.0 and later).
kernel void enqueued_sizes(global ulong *enqueued_local_size) {
  size_t i = linear_position();
  for (uint d = 0; d < 4; ++d)
    enqueued_local_size[4 * i + d] = get_enqueued_local_size(d);
}
#endif

// A required work-group size, which a non-uniform launch keeps for every
// group but the last of the dimension: each group reverses its elements
// through __local memory and writes its size.
kernel __attribute__((reqd_work_group_size(16, 1, 1))) void
reverse_in_group(global const int *in, global int *out,
                 global ulong *local_size) {
  local int tile[16];
  size_t lid = get_local_id(0), n = get_local_size(0);
  size_t first = get_global_id(0) - lid;
  tile[lid] = in[first + lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[first + lid] = tile[n - 1 - lid];
  local_size[first + lid] = n;
}
