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
