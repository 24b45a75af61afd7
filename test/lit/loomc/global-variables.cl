// RUN: loomc --target=reference -cl-std=CL3.0 --print-kernels %s -o %t.o | FileCheck %s
// RUN: loomc --target=reference -cl-std=CL3.0 -DNONE --print-kernels %s -o %t.none.o | FileCheck %s --check-prefix=NONE

// The descriptors record the bytes of the program's variables in the global
// address space (OpenCL's CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE):
// program-scope ones, used or not (they are visible to other programs'
// linking), and a kernel's `static global` one; not the constant address
// space's, nor __local or private memory.
// CHECK: global variables: 4424 bytes
// NONE: global variables: 0 bytes

#ifndef NONE
global int counter;                 // 4
global float table[100] = {1.0f};   // 400
global char unused[4000];           // 4000
global long2 pair;                  // 16
constant int coefficients[4] = {1, 2, 3, 4};
#endif

kernel void k(global int *out) {
  local int tile[64];
  tile[get_local_id(0)] = out[0];
  barrier(CLK_LOCAL_MEM_FENCE);
#ifndef NONE
  static global int calls;          // 4
  calls += 1;
  counter += tile[0];
  out[1] = table[out[2]] + coefficients[out[3]] + calls + pair.x;
#endif
}
