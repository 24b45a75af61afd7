// add_ten compiles; the other kernel calls a function no library provides.
kernel void add_ten(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + 10;
}

int undefined_helper(int);
kernel void not_launched(global int *p) { p[0] = undefined_helper(p[0]); }
