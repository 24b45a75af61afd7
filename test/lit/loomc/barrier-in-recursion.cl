// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s
// RUN: not loomc -cl-wfv=always -vecz-width=4 %s -o %t.o 2>&1 | FileCheck %s

// A barrier in a function that calls itself (not tail-recursively, so that
// LLVM does not make it a loop) cannot be inlined into the kernel, so the
// work-item loops cannot place it: the compile fails, naming the kernel and
// the function, once; it must never make a kernel that runs as if the
// barrier were not there.

// CHECK: barrier-in-recursion.cl: error: kernel 'recursive' reaches a barrier in 'sync_down', which cannot be inlined: it calls itself (OpenCL C has no recursion)
// CHECK-NOT: error

int sync_down(local int *t, int n) {
  barrier(CLK_LOCAL_MEM_FENCE);
  if (n <= 0)
    return t[get_local_id(0)];
  int below = sync_down(t, n - 1);
  t[get_local_id(0)] = below * 3 + n;
  return below + t[0];
}

kernel void recursive(global int *out, local int *t) {
  t[get_local_id(0)] = 1;
  out[get_global_id(0)] = sync_down(t, 3);
}
