kernel void add_ten(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + 10;
}
