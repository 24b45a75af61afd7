// printf from kernels: every kind of argument, and output across a barrier
// (so the buffer holds records region by region, not item by item).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void kinds(global const float *x) {
  size_t i = get_global_id(0);
  printf("%d|%u|%ld|%x|%c|%s|%5.2f|%e|%v4hlf|%v2d|%v3hhd|%%|%#o\n", (int)i - 2,
         (uint)i, (long)i << 40, (uint)(i * 255), 'a' + (int)i, "str",
         x[i], (double)x[i] * 1e10, vload4(0, x), (int2)((int)i, -(int)i),
         (char3)(1, -2, 3), 8 + (int)i);
}

kernel void ordered(global int *out) {
  size_t l = get_local_id(0);
  printf("g%zu l%zu a\n", get_group_id(0), l);
  barrier(CLK_GLOBAL_MEM_FENCE);
  printf("g%zu l%zu b\n", get_group_id(0), l);
  out[get_global_id(0)] = printf("") + 1;
}

// %s given an address that is no string of the binary: the driver must not
// read it.
kernel void bad_string(global int *unused) {
  printf("<%s>\n", (constant char *)(ulong)(get_global_id(0) * 4096 + 42));
}

// printf under a divergent branch and in a loop whose trip count differs
// per work-item: with Vecz, only the active lanes print, in work-item
// order.
kernel void some(global const int *x) {
  size_t i = get_global_id(0);
  if (x[i] & 1)
    printf("%zu:%d\n", i, x[i]);
  for (int k = 0; k < x[i] % 3; ++k)
    printf("%zu.%d\n", i, k);
}
