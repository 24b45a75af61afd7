// OpenCL C 2.0 atomics (generic, __global and __local objects) and the
// 64-bit atom_* functions. Work-items race on a few counters; the test
// checks the final values, which do not depend on the order.

kernel void counters(global atomic_int *ints, global atomic_uint *uints,
                     global atomic_long *longs, global atomic_float *floats,
                     global long *atoms, global int *seen, local atomic_int *l) {
  size_t i = get_global_id(0);
  int v = (int)(i * 37 % 1001) - 500;
  if (get_local_id(0) == 0)
    atomic_init(l, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(&ints[0], 1);
  atomic_fetch_sub_explicit(&ints[1], v, memory_order_relaxed);
  atomic_fetch_min(&ints[2], v);
  atomic_fetch_max_explicit(&ints[3], v, memory_order_acq_rel,
                            memory_scope_device);
  atomic_fetch_or(&uints[0], 1u << (i % 32));
  atomic_fetch_and(&uints[1], ~(1u << (i % 29)));
  atomic_fetch_xor(&uints[2], (uint)i);
  atomic_fetch_max(&uints[3], (uint)v); // unsigned: negatives are large
  atomic_fetch_add(&longs[0], (long)i << 33);
  atomic_fetch_min(&longs[1], -(long)i << 31);
  // Float addition through compare-exchange: exact for these integers.
  float expected = atomic_load(&floats[0]);
  while (!atomic_compare_exchange_weak(&floats[0], &expected,
                                       expected + (float)(i % 5)))
    ;
  atomic_fetch_add(&floats[1], 0.5f);
  atom_add(&atoms[0], (long)i * 3);
  atom_max(&atoms[1], (long)i - 100);
  atom_inc(&atoms[2]);
  // Local: every item of the group increments; one item reports the count.
  generic atomic_int *g = l;
  atomic_fetch_add(g, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    seen[get_group_id(0)] = atomic_load(l);
  // exchange: the old values are all distinct item ids, then the last.
  int old = atomic_exchange(&ints[4], (int)i);
  atomic_fetch_add(&ints[5], old);
}
