// RUN: loomc --emit=asm %s -o - | FileCheck %s
// RUN: loomc --emit=asm -cl-opt-disable %s -o - | FileCheck %s --check-prefix=O0

// The driver calls kernels only, so a helper is not a symbol of the object:
// inlined into the kernel, it is not compiled a second time on its own.
// CHECK-NOT: scale_and_add
// CHECK: .globl "scaled.mux-entry-hook"
// CHECK-NOT: scale_and_add

// Without optimization the helper is still called, and local to the object.
// O0-NOT: .globl scale_and_add
// O0: scale_and_add:
// O0-NOT: .globl scale_and_add

float scale_and_add(float x, float y) { return 2.0f * x + y; }

__kernel void scaled(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = scale_and_add(in[i], 1.0f);
}
