// convert_DST[_sat][_rounding](SRC) for the SRC and DST the test defines:
// each work-item writes the ten forms (five roundings, then the same
// saturated; float destinations repeat the first five), scalar into out and
// through 4-lane vectors into vout.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define NAME(D, S) convert_##D##S
#define CONVERT(D, S) NAME(D, S)
#define FORMS 10

#ifdef INTEGER_DST
#define SAT(D, S) CONVERT(D, _sat##S)
#else
#define SAT(D, S) CONVERT(D, S)
#endif

#define ALL(D, x)                                                              \
  {CONVERT(D, )(x), CONVERT(D, _rte)(x), CONVERT(D, _rtz)(x),                  \
   CONVERT(D, _rtp)(x), CONVERT(D, _rtn)(x), SAT(D, )(x), SAT(D, _rte)(x),     \
   SAT(D, _rtz)(x), SAT(D, _rtp)(x), SAT(D, _rtn)(x)}

#define VECTOR(T) VECTOR_(T)
#define VECTOR_(T) T##4

kernel void scalar(global const SRC *in, global DST *out) {
  size_t i = get_global_id(0);
  DST r[FORMS] = ALL(DST, in[i]);
  for (int f = 0; f < FORMS; ++f)
    out[i * FORMS + f] = r[f];
}

kernel void vector(global const SRC *in, global DST *out) {
  size_t i = get_global_id(0);
  VECTOR(SRC) x = vload4(i, in);
  VECTOR(DST) r[FORMS] = ALL(VECTOR(DST), x);
  for (int f = 0; f < FORMS; ++f)
    for (int lane = 0; lane < 4; ++lane)
      out[(i * 4 + lane) * FORMS + f] = r[f][lane];
}
