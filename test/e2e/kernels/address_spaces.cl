// to_global, to_local, to_private and get_fence on generic pointers to each
// address space: every result is 1 when the query answers as OpenCL C 2.0
// says.
kernel void spaces(global int *out, global int *g, local int *l) {
  local int tile[8];
  private int p[4];
  size_t id = get_global_id(0);
  p[id % 4] = (int)id;
  tile[id % 8] = (int)id;
  l[id % 4] = (int)id;
  generic int *gp = g + id, *lp = l + id % 4, *pp = p + id % 4;
  generic int *tp = tile + id % 8;
  global int *o = out + id * 14;
  o[0] = to_global(gp) == g + id;
  o[1] = to_global(lp) == 0;
  o[2] = to_global(pp) == 0;
  o[3] = to_local(gp) == 0;
  o[4] = to_local(lp) == l + id % 4;
  o[5] = to_local(pp) == 0;
  o[6] = to_private(gp) == 0;
  o[7] = to_private(lp) == 0;
  o[8] = to_private(pp) == p + id % 4;
  o[9] = get_fence(gp) == CLK_GLOBAL_MEM_FENCE;
  o[10] = get_fence(lp) == CLK_LOCAL_MEM_FENCE;
  o[11] = get_fence((const generic int *)tp) == CLK_LOCAL_MEM_FENCE;
  o[12] = to_local(tp) == tile + id % 8;
  o[13] = p[id % 4] + tile[id % 8] + l[id % 4] == 3 * (int)id;
}

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// Another work-group's __local memory, its address passed on through global
// memory (as the CTS's generic_address_space language_struct passes it):
// to_local, to_global and get_fence answer for it as for the group's own.
// Each group publishes its tile's address, then checks every address
// published so far: its own, and those of the groups that ran before it or
// beside it on another worker (which ones depends on the workers).
// out[3 * g] counts the addresses group g checked, out[3 * g + 1] the wrong
// answers, out[3 * g + 2] is what the group read back from its tile.
kernel void other_groups_local(volatile global long *published,
                               global int *out) {
  local int tile[4];
  size_t g = get_group_id(0), n = get_num_groups(0);
  tile[get_local_id(0) % 4] = (int)g;
  atom_xchg(&published[g], (long)(intptr_t)(generic int *)tile);
  int checked = 0, wrong = 0;
  for (size_t h = 0; h < n; ++h) {
    long address = atom_add(&published[h], 0);
    if (!address)
      continue;
    generic int *p = (generic int *)(intptr_t)address;
    ++checked;
    wrong += to_local(p) == 0;
    wrong += to_global(p) != 0;
    wrong += to_private(p) != 0;
    wrong += get_fence(p) != CLK_LOCAL_MEM_FENCE;
  }
  out[3 * g] = checked;
  out[3 * g + 1] = wrong;
  out[3 * g + 2] = tile[get_local_id(0) % 4];
}
