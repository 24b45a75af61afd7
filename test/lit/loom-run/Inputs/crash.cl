// A kernel that stores to an address no buffer has, and one that traps:
// the driver turns both faults into errors.
kernel void wild_store(global uint *out) {
  global uint *Wild = (global uint *)(ulong)16;
  Wild[get_global_id(0)] = out[0];
}

kernel void trap(global uint *out) {
  if (out[get_global_id(0)] == 0)
    __builtin_trap();
}
