// Sub-groups of four work-items, which the kernel requires: Vecz makes its
// vectors four lanes wide whatever the options say.
__attribute__((intel_reqd_sub_group_size(4))) kernel void
required_four(global const int *in, global int *out, global double *unused) {
  size_t w = get_global_id(0) + get_global_id(1) * get_global_size(0);
  out[w * 2] = (int)get_max_sub_group_size();
  out[w * 2 + 1] = sub_group_reduce_add(in[w]);
}
