// Kernels this version of Loom must reject with a clear error.
#ifdef WITH_BARRIER
kernel void with_barrier(global int *out) {
  out[get_global_id(0)] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
}
#endif
#ifdef WITH_LOCAL
kernel void with_local(global int *out) {
  local int tile[16];
  tile[get_local_id(0)] = 1;
  out[get_global_id(0)] = tile[0];
}
#endif
