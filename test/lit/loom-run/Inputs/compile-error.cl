kernel void add_ten(global int *p) {
  p[get_global_id(0)] += missing;
}
