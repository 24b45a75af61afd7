// Every integer function of integer_bits.cl for one type T (the test
// defines T, its unsigned twin U and the vector type T4): the scalar forms
// into out, and the same through 4-lane vectors into vout, so the test
// checks both against one model.
#define FUNCTIONS 12

kernel void scalar_ops(global const T *a, global const T *b, global const T *c,
                       global T *out) {
  size_t i = get_global_id(0);
  T x = a[i], y = b[i], z = c[i];
  global T *o = out + i * FUNCTIONS;
  o[0] = clz(x);
  o[1] = ctz(x);
  o[2] = popcount(x);
  o[3] = rotate(x, y);
  o[4] = mul_hi(x, y);
  o[5] = mad_hi(x, y, z);
  o[6] = mad_sat(x, y, z);
  o[7] = add_sat(x, y);
  o[8] = sub_sat(x, y);
  o[9] = hadd(x, y);
  o[10] = rhadd(x, y);
  o[11] = (T)abs_diff(x, y);
}

kernel void vector_ops(global const T *a, global const T *b, global const T *c,
                       global T *out) {
  size_t i = get_global_id(0);
  T4 x = vload4(i, a), y = vload4(i, b), z = vload4(i, c);
  T4 r[FUNCTIONS] = {clz(x),          ctz(x),          popcount(x),
                     rotate(x, y),    mul_hi(x, y),    mad_hi(x, y, z),
                     mad_sat(x, y, z), add_sat(x, y),   sub_sat(x, y),
                     hadd(x, y),      rhadd(x, y),     __builtin_astype(abs_diff(x, y), T4)};
  for (int f = 0; f < FUNCTIONS; ++f)
    for (int lane = 0; lane < 4; ++lane)
      out[(i * 4 + lane) * FUNCTIONS + f] = r[f][lane];
}
