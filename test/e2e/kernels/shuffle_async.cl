// shuffle / shuffle2 with run-time and constant masks, and the async copies.

// Per work-item, 44 results: shuffle(int8 -> int4) by mask, by a constant
// mask, shuffle2 (two int4 -> int4), shuffle(int4 -> int16), shuffle2 (two
// int4 -> int16).
kernel void shuffles(global const int *x, global const uint *mask,
                     global int *out) {
  size_t i = get_global_id(0);
  int8 v = vload8(i, x);
  int8 w = vload8(i + get_global_size(0), x);
  uint4 m = vload4(i, mask);
  uint16 m16 = vload16(i, mask);
  global int *o = out + i * 44;
  vstore4(shuffle(v, m), 0, o);
  vstore4(shuffle(v, (uint4)(7, 0, 5, 2)), 0, o + 4);
  vstore4(shuffle2(v.lo, w.lo, m), 0, o + 8);
  vstore16(shuffle(v.lo, m16), 0, o + 12);
  vstore16(shuffle2(v.lo, w.hi, m16), 0, o + 28);
}

// Each group copies its block of in (global) into local memory, strided by
// 2 (the even elements), waits, reverses it, and copies it out strided by 3.
kernel void async_copies(global const float *in, global float *out,
                         local float *block) {
  size_t n = get_local_size(0) * 2;
  size_t base = get_group_id(0) * n * 2;
  event_t e = async_work_group_strided_copy(block, in + base, n, 2, 0);
  wait_group_events(1, &e);
  size_t l = get_local_id(0);
  float a = block[l], b = block[n - 1 - l];
  barrier(CLK_LOCAL_MEM_FENCE);
  block[l] = b;
  block[n - 1 - l] = a;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_strided_copy(out + get_group_id(0) * n * 3, block, n, 3,
                                    0);
  wait_group_events(1, &e);
  e = async_work_group_copy(block, in + base, n, 0);
  wait_group_events(1, &e);
  prefetch(in + base, n);
  out[get_global_size(0) * 6 + get_global_id(0)] = block[n - 1 - l];
}
