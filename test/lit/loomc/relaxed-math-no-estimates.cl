// RUN: loomc -cl-fast-relaxed-math -mcpu=haswell --emit=asm %s -o - \
// RUN:   | FileCheck %s

// Under -cl-fast-relaxed-math LLVM may replace a float division or square
// root by x86's reciprocal estimates with a Newton step, 3 ulp off where
// OpenCL allows 2.5 (the CTS's test_bruteforce, divide fp32 relaxed); the
// code generator is kept from it (CodeGenerator.h,
// disableReciprocalEstimates), so the vector kernel divides and takes
// square roots with the instructions that round once.

// CHECK-NOT: vrcpps
// CHECK-NOT: vrsqrtps
// CHECK: vdivps
// CHECK-NOT: vrcpps
// CHECK-NOT: vrsqrtps

__kernel void divide(__global float *x, __global const float *y) {
  size_t i = get_global_id(0);
  x[i] = x[i] / y[i] + sqrt(y[i]);
}
