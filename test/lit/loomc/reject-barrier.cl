// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s

// A barrier, which this version cannot compile, is rejected by name rather
// than miscompiled.
// CHECK: reject-barrier.cl: error: 'with_barrier' calls 'barrier(unsigned int)': barriers and fences are not supported yet
kernel void with_barrier(global int *p) {
  p[get_global_id(0)] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
}
