// RUN: loomc --target=reference -cl-std=CL1.2 -S %s -o - | FileCheck %s --check-prefixes=CHECK,CL12
// RUN: loomc --target=reference -cl-std=CL1.0 -S %s -o - | FileCheck %s --check-prefixes=CHECK,CL10
// RUN: loomc --target=reference -cl-std=CL3.0 -S %s -o - | FileCheck %s --check-prefixes=CHECK,CL30

// __OPENCL_VERSION__ is the device's OpenCL version (3.0, whatever -cl-std
// says), which Clang leaves to the implementation; __OPENCL_C_VERSION__ is
// the language's, and CL_VERSION_* name both. Programs compare them, as the
// CTS's test_basic work_item_functions_out_of_range does: with the macro
// undefined, `__OPENCL_VERSION__ >= CL_VERSION_1_1` is false.

#if !defined(__OPENCL_VERSION__) || __OPENCL_VERSION__ < CL_VERSION_1_1
#error __OPENCL_VERSION__ is not the device's version
#endif

// CHECK: store i32 300, ptr addrspace(1) %out
// CL10-NEXT: store i32 100, ptr addrspace(1)
// CL12-NEXT: store i32 120, ptr addrspace(1)
// CL30-NEXT: store i32 300, ptr addrspace(1)
// CHECK-NEXT: store i32 1, ptr addrspace(1)
__kernel void versions(__global int *out) {
  out[0] = __OPENCL_VERSION__;
  out[1] = __OPENCL_C_VERSION__;
#if __OPENCL_VERSION__ >= CL_VERSION_2_0
  out[2] = 1;
#else
  out[2] = 0;
#endif
}
